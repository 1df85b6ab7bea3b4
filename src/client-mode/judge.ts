/**
 * The verdict of one scenario, from what the client did: how its process ended, the list requests it made
 * (tokens sent, order, requests after the end) and, when it printed them, the ids it collected.
 */
import { tr } from '../i18n/index.js';
import type { Undecided } from '../runner/model.js';
import { LISTS } from './lists.js';
import type { ClientRequest } from './model.js';
import { type ClientOutcome, EXIT_GRACE_MS, printedIds } from './process.js';
import type { ScenarioSession } from './session.js';

export interface Judgement {
  /** What went wrong, most telling first; empty: the client conforms in this scenario. */
  problems: string[];
  notes: string[];
  /** The client said it does not support the scenario's list (how it said so): not judged, not counted. */
  unsupported?: string;
  /**
   * A claim of absence (ClientScenario.claimsAbsence) the client gave nothing to rest on: it made no
   * request. The scenario is undecided with this, never passed; `problems` still says what went wrong, so
   * that a caller that does not read this field fails the scenario rather than passing it.
   */
  undecided?: Undecided;
}

/** The exit code of a usage error, by convention (the checker's own is the same: EXIT.usage). */
const USAGE_EXIT = 2;
const SAYS_UNSUPPORTED = /\b(not supported|unsupported|not implemented)\b/i;

/**
 * How the client said it does not support the list, when it did: it made no list request and exited
 * with a usage error (code 2), or printed that the list is not supported. Undefined otherwise.
 */
export function unsupportedList(session: ScenarioSession, outcome: ClientOutcome): string | undefined {
  if (session.requests.length > 0 || outcome.spawnError || outcome.timedOut) return undefined;
  const said = `${outcome.stderrTail}\n${outcome.stdoutTail}`
    .split('\n')
    .map((line) => line.trim())
    .find((line) => SAYS_UNSUPPORTED.test(line));
  if (said) return tr`it printed ${JSON.stringify(said.slice(0, 160))}`;
  if (outcome.exitCode === USAGE_EXIT && !outcome.signal) return tr`it exited with code 2, a usage error`;
  return undefined;
}

const quote = (token: string | undefined): string =>
  token === undefined ? tr`no next` : JSON.stringify(token);

/** The `next` a request sent, as sent: absent, null, or the string. */
const sentNext = (request: ClientRequest): string =>
  request.fields.next === undefined ? tr`no next` : `next ${JSON.stringify(request.fields.next)}`;

/** Describes the page a request was answered with, for failure messages. */
export function describePage(request: ClientRequest): string {
  const { page } = request;
  const marker =
    page.next === undefined
      ? tr`no next`
      : page.next === null
        ? 'next: null'
        : `next ${JSON.stringify(page.next)}`;
  return tr`${page.data.length} item(s), ${marker}`;
}

/** The requests the client made to other operations, as a clause ("; it requested guild.list ×2"). */
const elsewhere = (session: ScenarioSession): string => {
  const others = session.otherOperations;
  return others.length
    ? tr`; it requested ${others.join(', ')} instead (CONFORMANCE_LIST is ${session.list})`
    : '';
};

/** Judges the list requests against the scripted pages (everything but the process and the ids). */
export function judgeRequests(session: ScenarioSession): string[] {
  const { requests, scenario, list } = session;
  const expected = session.expectedTokens;
  const operation = LISTS[list].operation;
  const problems: string[] = [];
  if (requests.length === 0) return [tr`the client sent no ${operation} request${elsewhere(session)}`];

  for (const id of LISTS[list].ids) {
    const wrong = requests.find((request) => String(request.fields[id.field] ?? '') !== id.value);
    if (wrong) {
      problems.push(
        tr`request ${requests.indexOf(wrong) + 1} sent ${id.field} ${JSON.stringify(wrong.fields[id.field] ?? null)}, not ${id.env} (${id.value})`,
      );
    }
  }
  if (list === 'message') {
    // §4.1 rule 1: with next null the query starts from the latest message, direction before only.
    const other = requests.find(
      (request) => request.fields.direction !== undefined && request.fields.direction !== 'before',
    );
    if (other) {
      problems.push(
        tr`request ${requests.indexOf(other) + 1} sent direction ${JSON.stringify(other.fields.direction)}; the walk from the latest message goes before (§4.1 rule 1)`,
      );
    }
  }

  if (scenario.neverEnds) {
    const seen = new Set<string>();
    for (const [index, request] of requests.entries()) {
      if (request.token === undefined) {
        if (index === 0) continue;
        problems.push(
          tr`request ${index + 1} sent ${sentNext(request)} after a page with ${describePage(requests[index - 1])}: the client started over instead of following next`,
        );
        break;
      }
      if (seen.has(request.token)) {
        problems.push(
          tr`request ${index + 1} sent token ${quote(request.token)} a second time: the server handed out the same next again and the client followed it (a loop guard stops on a token it already sent)`,
        );
        break;
      }
      seen.add(request.token);
    }
    return problems;
  }

  for (const [index, request] of requests.entries()) {
    if (index >= expected.length) {
      const last = requests[expected.length - 1];
      problems.push(
        tr`request ${index + 1} (${sentNext(request)}) came after the last page (${describePage(last)}): with no next there is no more data, whatever the page's length (§1 rule 6)`,
      );
      break;
    }
    if (request.token === expected[index]) continue;
    const before = requests[index - 1];
    if (request.token === undefined) {
      problems.push(
        tr`request ${index + 1} sent ${sentNext(request)} after a page with ${describePage(before)}: the client must pass the server's next back`,
      );
    } else if (index > 0 && request.token === before.token) {
      problems.push(
        tr`request ${index + 1} repeated token ${quote(request.token)} (a retry) instead of following next ${quote(expected[index])}`,
      );
    } else {
      problems.push(
        tr`request ${index + 1} sent next ${quote(request.token)}, but the server's next was ${quote(expected[index])}: tokens are opaque, pass them back verbatim`,
      );
    }
    break;
  }
  if (problems.length === 0 && requests.length < expected.length) {
    const last = requests.at(-1)!;
    problems.push(
      tr`the client stopped after request ${requests.length}, answered with ${describePage(last)}: next means more data exists, whatever the page's length (§1 rule 6)`,
    );
  }
  return problems;
}

/** Judges the ids the client printed: every served item exactly once. */
export function judgeIds(session: ScenarioSession, printed: string[]): string[] {
  if (session.scenario.neverEnds) return [];
  const served = session.servedIds;
  const counts = new Map<string, number>();
  for (const id of printed) counts.set(id, (counts.get(id) ?? 0) + 1);
  const problems: string[] = [];
  const missing = served.filter((id) => !counts.has(id));
  const twice = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  const unknown = [...counts.keys()].filter((id) => !served.includes(id));
  const few = (ids: string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` … (${ids.length})` : ''}`;
  if (missing.length)
    problems.push(
      tr`the client collected ${printed.length} of ${served.length} items; missing ${few(missing)}`,
    );
  if (twice.length) problems.push(tr`the client collected ${few(twice)} more than once`);
  if (unknown.length) problems.push(tr`the client printed ids the server never served: ${few(unknown)}`);
  return problems;
}

/** How the client process ended, as a problem (undefined: it exited 0). */
export function judgeProcess(
  outcome: ClientOutcome,
  timeoutMs: number,
  limitSource = '--scenario-timeout',
): string | undefined {
  const tail = outcome.stderrTail.trim() ? tr`; stderr: …${outcome.stderrTail.trim().slice(-600)}` : '';
  if (outcome.spawnError) return tr`the client command could not be started: ${outcome.spawnError}`;
  if (outcome.timedOut)
    return tr`the client did not exit within ${timeoutMs} ms (${limitSource}); its process group was killed${tail}`;
  if (outcome.exitCode !== 0) {
    const how = outcome.signal
      ? tr`was killed by ${outcome.signal}`
      : tr`exited with code ${outcome.exitCode}`;
    return tr`the client ${how}${tail}`;
  }
  return undefined;
}

/** What happened when the client exited but a descendant kept its output open (not a failure). */
export const pipeHeldOpenNote = (outcome: ClientOutcome): string =>
  tr`the client exited (${outcome.signal ? tr`killed by ${outcome.signal}` : tr`code ${outcome.exitCode}`}), but a descendant process it left running outside its process group kept its stdout/stderr open; its output was read for ${EXIT_GRACE_MS} ms more and the scenario ended`;

/** The whole judgement of a command-mode scenario. */
export function judgeCommandRun(
  session: ScenarioSession,
  outcome: ClientOutcome,
  timeoutMs: number,
  limitSource?: string,
): Judgement {
  const problems: string[] = [];
  const notes: string[] = [];
  const unsupported = unsupportedList(session, outcome);
  if (unsupported) return { problems, notes, unsupported };
  const undecided = absenceUnshown(session, outcome, timeoutMs);
  const processProblem = judgeProcess(outcome, timeoutMs, limitSource);
  const requestProblems = judgeRequests(session);
  // How the process ended comes first: a crash or a hang explains missing requests.
  if (processProblem) problems.push(processProblem);
  problems.push(...requestProblems);
  if (outcome.pipeHeldOpen) notes.push(pipeHeldOpenNote(outcome));
  const ids = printedIds(outcome.idsLine);
  if (ids === 'malformed')
    problems.push(tr`the last stdout line with {"ids":[...]} is not valid JSON with an ids array`);
  else if (ids) problems.push(...judgeIds(session, ids));
  else notes.push(tr`the client printed no {"ids":[...]} line: only its requests were judged`);
  return { problems, notes, ...(undecided ? { undecided } : {}) };
}

/**
 * A claim that the client does not request more, when it requested nothing: what it did instead, as the
 * state of an undecided scenario (the scenarios that serve pages to follow judge such a client).
 */
function absenceUnshown(
  session: ScenarioSession,
  outcome: ClientOutcome,
  timeoutMs: number,
): Undecided | undefined {
  const claim = session.scenario.claimsAbsence;
  const followed = session.requests.some((request) => request.token !== undefined);
  if (!claim || (claim === 'follows-next' ? followed : session.requests.length > 0)) return undefined;
  if (session.requests.length > 0)
    return {
      state: tr`the client requested ${session.requests.length} page(s) and never sent the next it was given: whether it would send a token twice cannot be told`,
      clear: tr`a client that follows next decides it; the scenarios whose pages it must follow judge one that does not`,
    };
  const others = session.otherOperations;
  const instead = others.length ? tr` (it requested ${others.join(', ')})` : '';
  const how = outcome.signal ? tr`was killed by ${outcome.signal}` : tr`exited with code ${outcome.exitCode}`;
  const did = outcome.spawnError
    ? tr`the client command could not be started (${outcome.spawnError})`
    : outcome.timedOut
      ? tr`the client made no ${session.operation} request${instead} and did not exit within ${timeoutMs} ms`
      : others.length
        ? tr`the client made no ${session.operation} request${instead} and ${how}`
        : tr`the client ${how} before requesting a page`;
  return {
    state: tr`${did}: whether it stops where the list ends cannot be told`,
    clear: tr`a client that requests ${session.operation} decides it; the scenarios whose pages it must follow judge one that requests nothing`,
  };
}
