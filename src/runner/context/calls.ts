/**
 * t.call: sends one operation and records its exchanges (as evidence, and in the request count). A call
 * of an operation the check does not judge is a helper call (issue 46 item 2): one the login does not
 * offer is not sent, and one the server does not serve or refuses leaves the check undecided naming the
 * helper — a helper's answer never fails nor passes the operation under test.
 */

import { namingHtmlPages, oneLine } from '../../../spec/brief.js';
import { operations } from '../../../spec/catalogue.js';
import { RequestError } from '../../client/http.js';
import { tr } from '../../i18n/index.js';
import type { CallOptions, CallResult } from '../check.js';
import { createdIdOf } from '../intents.js';
import type { Exchange, Signature } from '../model.js';
import { peerUndecided, peerUsable } from '../peer.js';
import { errorBodyText, parseBody } from '../shapes.js';
import { NO_ROUTE, noteAnswerOf, SAYS_NOT_IMPLEMENTED } from '../signature.js';
import type { CheckEnvironment, CheckScheduling } from './environment.js';
import { type CheckState, CheckUndecided } from './state.js';
import type { CheckSignals } from './timing.js';

/**
 * A call as the helper judgement sees it: the operation, how the check asked, and what came back (a
 * result, a failure of the transport, or nothing: not sent, the login not offering it).
 */
export interface JudgedCall {
  operation: string;
  options: CallOptions;
  result?: Pick<CallResult, 'ok' | 'status' | 'text' | 'body'>;
  error?: RequestError;
  notSent?: true;
}

/**
 * Judges one call for a check: a helper call (an operation it does not judge) that was not sent, refused
 * or not served throws CheckUndecided naming it; any other call passes. A shared observation collects its
 * calls instead and each check that shares it judges them with its own (context/shared.ts).
 */
export type CallJudge = (call: JudgedCall) => void;

/** Sends an operation for the check; `recorded` also gets its exchanges (a shared observation's own). */
export type CallRecorder = <T>(
  operation: string,
  fields: Record<string, unknown>,
  callOptions: CallOptions,
  recorded: Exchange[],
  judge: CallJudge,
) => Promise<CallResult<T>>;

/** What a call the login does not offer returns to a check that can do without it (fallback). */
const NOT_SENT = { status: 0, ok: false, headers: {}, body: undefined, text: '' } as const;

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
    judge: CallJudge,
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
    // A check whose operation under test the login does not offer never runs (run.ts notOfferedReason):
    // a call of an operation it does not offer is a helper's, and is not sent.
    if (CATALOGUE.has(operation) && !(env.config.features?.has(operation) ?? true)) {
      judge({ operation, options: callOptions, notSent: true });
      return NOT_SENT as CallResult<T>;
    }
    if (operation.endsWith('.list')) await scheduling?.reading(operation);
    // A create is in the ledger's journal from now until its answer shows what it made (issue 49 item 7).
    const intent =
      callOptions.rawBody === undefined
        ? env.ledger.intend(checkId, operation, fields, callOptions.as)
        : undefined;
    const { observes: _observes, fallback: _fallback, ...wireOptions } = callOptions;
    try {
      const outcome = await env.client.call<T>(operation, fields, {
        ...wireOptions,
        signal: requests.signal,
        whileWaiting: (wait) => waitingForQuota(wait, signals, scheduling),
      });
      state.exchanges.push(...outcome.exchanges);
      recorded.push(...outcome.exchanges);
      state.sent += outcome.exchanges.length;
      env.ledger.answered(intent, outcome.result.status, createdIdOf(outcome.result.body));
      if (outcome.result.ok && callOptions.rawBody === undefined) env.ledger.settle(operation, fields);
      if (outcome.result.ok) servedIn(env).add(operation);
      noteAnswerOf(outcome.result, operation);
      judge({ operation, options: callOptions, result: outcome.result });
      return outcome.result;
    } catch (error) {
      env.ledger.answered(intent, undefined, undefined, (error as Error).message);
      if (error instanceof RequestError) {
        state.exchanges.push(...error.exchanges);
        recorded.push(...error.exchanges);
        // An exchange without a curl line was never sent (failed at once: hanging operation, unresponsive).
        state.sent += error.exchanges.filter((exchange) => exchange.curl !== '').length;
        if (!requests.signal.aborted) judge({ operation, options: callOptions, error });
      }
      throw error;
    }
  };
}

/**
 * The operations that answered 2xx in the run: the positive control that makes a later answer looking
 * unserved (5xx, 405, a route miss) of an observed helper an observation of the effect (DESIGN "Controls":
 * the peer's post accepted before a mute, refused with 500 during it).
 */
const servedInRuns = new WeakMap<CheckEnvironment, Set<string>>();
const servedIn = (env: CheckEnvironment): Set<string> => {
  const served = servedInRuns.get(env) ?? new Set<string>();
  servedInRuns.set(env, served);
  return served;
};

/** The operations of §4: a call of another path (a probe of an unknown one) is nobody's helper. */
const CATALOGUE: ReadonlySet<string> = new Set(operations.map((operation) => operation.path));

/** Failures of the transport that say nothing of the run as a whole (not an interruption, a deadline). */
const HELPER_TRANSPORT_FAILURES = new Set(['timeout', 'network', 'body-limit']);

/** The status of a helper's answer as a signature's class: the telling codes, else the class. */
function statusClass(status: number): string {
  if (status === 404 || status === 405 || status === 501) return String(status);
  return `${Math.floor(status / 100)}xx`;
}

/** An answer's JSON as the client parsed it (a large body is not parsed again), or its text. */
const parsedBody = (result: Pick<CallResult, 'text' | 'body'>) =>
  result.body !== undefined && typeof result.body !== 'string' ? result.body : parseBody(result.text);

/**
 * Whether an answer says the operation is not served at all (not the thing asked for): a route miss
 * (404 with an empty body, a bare "not found" page or words naming the route), 405, 501, any 5xx, or a
 * body saying it is not implemented. Such an answer shows nothing of the check's subject, unless the
 * operation answered 2xx earlier in the run (servedIn).
 */
function notServed(result: Pick<CallResult, 'status' | 'text' | 'body'>): boolean {
  const { status } = result;
  if (status === 405 || status === 501 || status >= 500) return true;
  if (status < 400) return false;
  const message = errorBodyText(parsedBody(result)) ?? result.text;
  return (
    (status === 404 && (message.trim() === '' || NO_ROUTE.test(message))) ||
    SAYS_NOT_IMPLEMENTED.test(message)
  );
}

/** What a helper answered, in words for an undecided state. */
function answeredInWords(result: Pick<CallResult, 'status' | 'text' | 'body'>): string {
  const message = (errorBodyText(parsedBody(result)) ?? result.text).trim();
  // An HTML page is named after its status ("HTTP 500 an HTML error page, 175 bytes", spec/brief.ts),
  // never quoted as if it were the server's words; a message is quoted.
  const isPage = namingHtmlPages(message) !== message;
  const answered = isPage
    ? oneLine(`HTTP ${result.status} ${message}`, 140)
    : `HTTP ${result.status}${message ? ` "${oneLine(message, 120)}"` : ''}`;
  const unserved =
    result.status === 405 || result.status === 501 || (result.status < 500 && notServed(result));
  const served = unserved ? tr`: it is not served` : result.status >= 500 ? tr`: a server error` : '';
  return `${answered}${served}`;
}

/** The judgement of one check's calls (CallJudge): its helpers are the operations it does not judge. */
export function helperJudge(
  env: CheckEnvironment,
  state: CheckState,
  underTest: ReadonlySet<string>,
): CallJudge {
  const { features } = env.config;
  const served = servedIn(env);
  const judged = [...underTest].join(', ') || tr`the check`;
  // A helper refused was sent: offered by the features, or none declared (then the advice is to declare them).
  const unservedAdvice = features
    ? tr`leave it out of the login's features so that checks needing it say so without sending it`
    : tr`declare the operations it serves in the login's features (login.get, or READY's logins)`;
  const undecided = (operation: string, found: string, kind: Signature['kind'], status: string) =>
    new CheckUndecided(
      found,
      kind === 'helper-not-offered'
        ? tr`nothing to fix in ${judged}: the check is decided where the login offers ${operation}`
        : tr`${operation} is only a helper of ${judged} here (not judged): make it answer this complete request with 2xx, or, where the server does not serve it, ${unservedAdvice}`,
      true,
      { kind, operation, role: 'helper', status },
    );
  const tookAnotherWay = (found: string) => {
    state.notes.push(tr`${found}: the check takes another way`);
  };
  return ({ operation, options, result, error, notSent }) => {
    if (!CATALOGUE.has(operation) || underTest.has(operation)) return;
    if (notSent) {
      const found = tr`login.features omits ${operation}, which this check only uses as a helper (not sent)`;
      if (options.fallback) return tookAnotherWay(found);
      throw undecided(operation, found, 'helper-not-offered', 'none');
    }
    if (error) {
      if (!HELPER_TRANSPORT_FAILURES.has(error.kind)) return;
      const found = tr`the helper ${operation} got no answer (${oneLine(error.message, 160)})`;
      if (options.fallback) return tookAnotherWay(found);
      throw undecided(operation, found, 'helper-refused', 'none');
    }
    if (!result || result.ok) return;
    // A refusal the check observes (e.g. a read of what it deleted) is its observation, but only from a
    // server shown to serve the operation: by a 2xx of it in the run (servedIn), or by an answer that
    // names what it did not find. A 400 to a complete valid request refuses the request, not the thing
    // asked for: it shows nothing without a 2xx (servers answering 400 to every body they do not serve).
    if (options.observes && (served.has(operation) || (result.status !== 400 && !notServed(result)))) return;
    const found = tr`the helper ${operation} answered ${answeredInWords(result)}`;
    if (options.fallback) return tookAnotherWay(found);
    throw undecided(operation, found, 'helper-refused', statusClass(result.status));
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
