/** A check's verdict from how its run ended and what it recorded, and the (unredacted) result. */

import { RequestError } from '../../client/http.js';
import { tr } from '../../i18n/index.js';
import type { CheckDefinition } from '../check.js';
import { EventWaitTimeout, NoEventSourceError } from '../events-api.js';
import type { CheckResult, Signature, Status } from '../model.js';
import { completeSignature } from '../signature.js';
import { CheckSkip, type CheckState, CheckTimeout, CheckUndecided } from './state.js';
import type { Ending } from './timing.js';

interface Verdict {
  status: Status;
  reason?: string;
}

/** The verdict: a recorded failure first, then what the check threw; a pass needs an assertion. */
export function verdictOf(state: CheckState, ending: Ending, runSignal: AbortSignal | undefined): Verdict {
  const { failure } = state;
  if (failure) {
    const reason =
      failure.observed === undefined
        ? failure.expected
        : tr`expected ${failure.expected}; observed ${failure.observed}`;
    return { status: 'fail', reason };
  }
  if (ending.threw) return thrownVerdict(ending.thrown, runSignal);
  if (state.assertions === 0)
    return {
      status: 'error',
      reason: tr`the check made no assertion, so it cannot pass (a defect of the check)`,
    };
  return { status: 'pass' };
}

function thrownVerdict(thrown: unknown, runSignal: AbortSignal | undefined): Verdict {
  if (thrown instanceof CheckSkip || thrown instanceof NoEventSourceError)
    return { status: 'skip', reason: thrown.message };
  if (thrown instanceof EventWaitTimeout) return { status: 'fail', reason: thrown.message };
  if (thrown instanceof CheckTimeout) return { status: 'error', reason: thrown.message };
  if (runSignal?.aborted) {
    const why = runSignal.reason;
    // A signal is an interruption; a run deadline or an unresponsive target says what it was.
    const reason =
      typeof why === 'string' && !why.startsWith('SIG')
        ? tr`the run stopped before the check finished: ${why}`
        : tr`the run was interrupted before the check finished`;
    return { status: 'error', reason };
  }
  const reason =
    thrown instanceof RequestError ? thrown.message : tr`the check threw: ${describeError(thrown)}`;
  return { status: 'error', reason };
}

/** The evidence a result carries: exchanges only when the check failed or erred, notes and events always. */
function evidenceOf(state: CheckState, keepExchanges: boolean) {
  const { failure, exchanges, events, notes } = state;
  if (keepExchanges && exchanges.dropped > 0)
    notes.push(tr`${exchanges.dropped} exchanges in the middle of the check are not kept as evidence`);
  const evidence = {
    ...(failure ? { expected: failure.expected } : {}),
    ...(failure?.observed !== undefined ? { observed: failure.observed } : {}),
    exchanges: keepExchanges ? exchanges.list() : [],
    ...(events.length ? { events } : {}),
    ...(notes.length ? { notes } : {}),
  };
  const hasEvidence = keepExchanges || evidence.notes !== undefined || evidence.events !== undefined;
  return hasEvidence ? evidence : undefined;
}

/** What a result says of the check itself, whatever its status (a skip before it ran too). */
export const describedCheck = (check: CheckDefinition) => ({
  id: check.id,
  title: check.title,
  group: check.group,
  level: check.level,
  experimental: check.experimental ?? false,
  rules: [...check.rules],
  operations: [...check.operations],
});

/** The check's result before redaction (the caller redacts every value, §Safety). */
export function resultOf(
  check: CheckDefinition,
  state: CheckState,
  ending: Ending,
  verdict: Verdict,
  durationMs: number,
): CheckResult {
  const { status, reason } = verdict;
  const thrown = ending.threw ? ending.thrown : undefined;
  const undecided =
    !state.failure && thrown instanceof CheckUndecided
      ? {
          state: thrown.state,
          clear: thrown.clear,
          ...(thrown.signature ? { signature: thrown.signature } : {}),
        }
      : undefined;
  const keep =
    status === 'fail' || status === 'error' || (thrown instanceof CheckUndecided && thrown.keepExchanges);
  const evidence = evidenceOf(state, keep);
  return {
    ...describedCheck(check),
    status,
    ...(reason === undefined ? {} : { reason }),
    durationMs,
    requests: state.sent,
    ...(evidence ? { evidence } : {}),
    ...(undecided ? { undecided } : {}),
    ...(status === 'fail' || status === 'error' ? { signature: failureSignature(check, state, thrown) } : {}),
  };
}

/**
 * What a failure or an error observed, as data: the judgement's signature completed with the check's rule,
 * operation and role (signature.ts); an error without a failure is the answer's, else 'other'.
 */
function failureSignature(check: CheckDefinition, state: CheckState, thrown: unknown): Signature {
  const given =
    state.failure?.signature ??
    (thrown instanceof EventWaitTimeout ? { kind: 'event-missing' as const } : undefined);
  return completeSignature(given, check, state.exchanges.list());
}

const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
