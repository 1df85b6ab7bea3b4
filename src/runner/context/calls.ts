/** t.call: sends one operation and records its exchanges (as evidence, and in the request count). */
import { RequestError } from '../../client/http.js';
import type { CallOptions, CallResult } from '../check.js';
import { createdIdOf } from '../intents.js';
import type { Exchange } from '../model.js';
import { peerUndecided, peerUsable } from '../peer.js';
import type { CheckEnvironment, CheckScheduling } from './environment.js';
import { type CheckState, CheckUndecided } from './state.js';
import type { CheckSignals } from './timing.js';

/** Sends an operation for the check; `recorded` also gets its exchanges (a shared observation's own). */
export type CallRecorder = <T>(
  operation: string,
  fields: Record<string, unknown>,
  callOptions: CallOptions,
  recorded: Exchange[],
) => Promise<CallResult<T>>;

export function callRecorder(
  env: CheckEnvironment,
  state: CheckState,
  signals: CheckSignals,
  scheduling: CheckScheduling | undefined,
  checkId = 'unknown',
): CallRecorder {
  return async <T>(
    operation: string,
    fields: Record<string, unknown>,
    callOptions: CallOptions,
    recorded: Exchange[],
  ) => {
    const { check, requests } = signals;
    if (check.signal.aborted) throw check.signal.reason;
    // An act of the peer that the run could not prove another account's (peer.ts): undecided, whichever
    // check it is in, so that no bot's act is judged as the peer's.
    if (callOptions.as === 'peer' && !peerUsable(env.peer)) {
      const { state: found, clear, signature } = peerUndecided(env.peer!);
      // The run's proof of the peer is the evidence of each check it leaves undecided.
      state.exchanges.push(...env.peer!.exchanges);
      throw new CheckUndecided(found, clear, true, signature);
    }
    if (operation.endsWith('.list')) await scheduling?.reading(operation);
    // A create is in the ledger's journal from now until its answer shows what it made (issue 49 item 7).
    const intent =
      callOptions.rawBody === undefined
        ? env.ledger.intend(checkId, operation, fields, callOptions.as)
        : undefined;
    try {
      const outcome = await env.client.call<T>(operation, fields, {
        ...callOptions,
        signal: requests.signal,
        whileWaiting: (wait) => waitingForQuota(wait, signals, scheduling),
      });
      state.exchanges.push(...outcome.exchanges);
      recorded.push(...outcome.exchanges);
      state.sent += outcome.exchanges.length;
      env.ledger.answered(intent, outcome.result.status, createdIdOf(outcome.result.body));
      if (outcome.result.ok && callOptions.rawBody === undefined) env.ledger.settle(operation, fields);
      return outcome.result;
    } catch (error) {
      env.ledger.answered(intent, undefined, undefined, (error as Error).message);
      if (error instanceof RequestError) {
        state.exchanges.push(...error.exchanges);
        recorded.push(...error.exchanges);
        // An exchange without a curl line was never sent (failed at once: hanging operation, unresponsive).
        state.sent += error.exchanges.filter((exchange) => exchange.curl !== '').length;
      }
      throw error;
    }
  };
}

/**
 * A request waiting for quota (the own budget, the target's rate limit) holds no slot, and the wait is
 * not the check's time: its timeout's clock stands still meanwhile.
 */
async function waitingForQuota<T>(
  wait: () => Promise<T>,
  signals: CheckSignals,
  scheduling: CheckScheduling | undefined,
): Promise<T> {
  const resume = signals.clock?.pause();
  try {
    return await (scheduling ? scheduling.idle(wait, signals.requests.signal) : wait());
  } finally {
    resume?.();
  }
}
