/**
 * A judgement's signature (report.json `signature`, DESIGN "What to fix first"): what was observed, as data
 * set where it was judged — the kind of observation, the rule, the operation (under test or a helper), its
 * status class, a field path, a pattern. Causes group failures by it (causes.ts), never by their words.
 * Here: what an answer itself shows (an operation not served, the identity refused, a result misplaced), a
 * schema problem's kind, and the completion of a partial signature from what the check knows.
 */
import type { Problem } from '../../spec/validate.js';
import type { Exchange, Signature } from './model.js';
import {
  answerOf,
  errorBodyText,
  type Misplacement,
  misplacement,
  operationOf,
  responseOf,
} from './shapes.js';

/**
 * A body saying the operation (its route) is missing, not the thing asked for: the frameworks' defaults,
 * "no such operation", "method not found". Also how the cleanup tells an unserved undo (undo.ts).
 */
export const SAYS_NO_ROUTE =
  /cannot (post|get) \/|no (route|handler|operation|such (api|operation|method))|unknown (api|operation|method|path|route)|(method|operation|api|route|handler|path) not found/i;
/** A route-not-found answer (not an unknown id): a bare "not found" page, or a body that names the route. */
export const NO_ROUTE = new RegExp(`^\\W*(404\\W*)?(page )?not found\\W*$|${SAYS_NO_ROUTE.source}`, 'i');
export const SAYS_NOT_IMPLEMENTED = /not (yet )?implemented|unsupported|not supported|unimplemented/i;
const SAYS_SUCCESS = /^\W*(ok|okay|success|succeeded|done|accepted)\W*$/i;

/** A part of a signature a judgement sets; the runner completes the rest (completeSignature). */
/**
 * Whether a call's answer says its operation is not served at all (405, 501, any 5xx, a route miss, a
 * body saying "not implemented"): such an answer shows nothing of a flow that only uses the operation.
 */
export function saysNotServed(answer: { status: number; body?: unknown; text: string }): boolean {
  const { status, text } = answer;
  if (status === 405 || status >= 500) return true;
  const body = answer.body as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : text;
  return (
    (status === 404 && (message.trim() === '' || NO_ROUTE.test(message))) ||
    (status >= 400 && SAYS_NOT_IMPLEMENTED.test(message))
  );
}

export type PartialSignature = Partial<Signature> & Pick<Signature, 'kind'>;

/** The status as a class ('2xx', '4xx', '5xx'), or a code that tells more than its class; 'none' without one. */
export function statusClass(status: number | undefined): string {
  if (status === undefined) return 'none';
  if ([401, 403, 404, 405, 429, 501].includes(status)) return String(status);
  return `${Math.floor(status / 100)}xx`;
}

/** A field path stable across runs: item indices are '*' ('/data/3/user' → '/data/*\/user'). */
export const stablePath = (path: string): string => path.replace(/\/\d+(?=\/|$)/g, '/*');

const WRAPPING: Record<Misplacement['kind'], string> = {
  envelope: 'envelope',
  'list-wrapped': 'list-wrapped',
  'list-bare': 'bare-array',
  'list-renamed': 'list-renamed',
  'error-body': 'error-body',
  stringified: 'stringified',
};

/** The message of an error body, or its text. */
const messageOf = (exchange: Exchange): string =>
  errorBodyText(answerOf(exchange)) ?? exchange.response?.body ?? '';

/** Whether a request carried the checker's own credentials (a refusal of them is the identity's). */
const carriedToken = (exchange: Exchange): boolean => {
  const auth = Object.entries(exchange.request.headers).find(
    ([key]) => key.toLowerCase() === 'authorization',
  );
  return auth !== undefined && /\$(PEER_)?TOKEN\b/.test(auth[1]);
};

/**
 * What one answer shows by itself, whatever the check expected: the operation not served (404 naming no
 * route, 405 to a POST, 501, a body saying so), the credentials refused, the result misplaced (an envelope,
 * a list of the wrong shape, a JSON string), an error answered 2xx. Undefined for an ordinary answer.
 */
export function exchangeSignature(exchange: Exchange): PartialSignature | undefined {
  const { response, request } = exchange;
  if (!response) return undefined;
  const operation = operationOf(exchange);
  const { status } = response;
  const on = { ...(operation ? { operation } : {}), status: statusClass(status) };
  if (operation === undefined) return errorAnswered2xx(exchange, on);
  if ((status === 401 || status === 403) && carriedToken(exchange))
    return { kind: 'identity', pattern: 'refused', ...on };
  const message = messageOf(exchange);
  const notServed =
    status === 501 ||
    (status === 405 && request.method === 'POST') ||
    (status === 404 && (message.trim() === '' || NO_ROUTE.test(message))) ||
    ((status >= 400 || status < 300) && SAYS_NOT_IMPLEMENTED.test(message));
  if (notServed) return { kind: 'status', pattern: 'not-implemented', ...on };
  if (status < 200 || status >= 300) return undefined;
  const shape = responseOf(operation);
  const found = shape ? misplacement(shape, answerOf(exchange)) : undefined;
  if (found) return { kind: 'wrapping', pattern: WRAPPING[found.kind], ...on };
  // An operation with no stated return may answer anything (§4.8), but not an error that is no success.
  return shape ? undefined : errorAnswered2xx(exchange, on);
}

function errorAnswered2xx(exchange: Exchange, on: Partial<Signature>): PartialSignature | undefined {
  const { response, request } = exchange;
  if (!response || request.method !== 'POST' || response.status < 200 || response.status >= 300)
    return undefined;
  const error = errorBodyText(answerOf(exchange));
  return error === undefined || SAYS_SUCCESS.test(error)
    ? undefined
    : { kind: 'wrapping', pattern: 'error-body', ...on };
}

/** The value at a JSON pointer ('' is the value itself). */
function at(value: unknown, path: string): unknown {
  let here = value;
  for (const part of path.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** The kind of a schema's first problem: a field missing, null, mistyped, or of another value. */
export function schemaSignature(problems: readonly Problem[], value: unknown): PartialSignature {
  const [first] = problems;
  if (!first) return { kind: 'other' };
  const path = stablePath(first.path);
  if (first.keyword === 'required') return { kind: 'field-missing', path };
  const found = at(value, first.path);
  if (found === null) return { kind: 'field-null', path };
  if (first.keyword === 'type') return { kind: 'field-type', path };
  return { kind: 'field-value', path };
}

/**
 * The operation each answer of t.call came from (context/calls.ts), so that a judgement of one answer
 * (t.expectOk) names its operation, not whichever the check asked last.
 */
const answerOperations = new WeakMap<object, string>();

export const noteAnswerOf = (result: object, operation: string): void => {
  answerOperations.set(result, operation);
};

export const operationAnswering = (result: object): string | undefined => answerOperations.get(result);

/** What the check itself is: its rules, operations and the helpers among them (check.ts). */
export interface SignedCheck {
  rules: readonly string[];
  operations: readonly string[];
  helpers?: readonly string[];
}

/**
 * The signature of a failure, complete: the answer's own signature when the last answer shows one (an
 * operation not served fails every expectation about it) of the operation the judgement names, if it
 * names one, else the judgement's, else an earlier answer's,
 * else the last answer's status class. The rule, operation, role and status are filled from the check.
 */
export function completeSignature(
  given: PartialSignature | undefined,
  check: SignedCheck,
  all: readonly Exchange[],
): Signature {
  // A judgement naming no operation concerns the operations the check declares: a refusal of another
  // that a shared flow called (a membership probe answered 403) is not what failed, unless the check made
  // no other call. Accepted answers of any operation stay (a list wrapped shows wherever it is read).
  const declared = all.filter((exchange) => {
    const operation = operationOf(exchange);
    const status = exchange.response?.status ?? 0;
    const accepted = status >= 200 && status < 300;
    return operation === undefined || accepted || check.operations.includes(operation);
  });
  const exchanges = given?.operation === undefined && declared.length ? declared : all;
  // A status judged without its operation is the last answer of that status class's, not merely the last
  // exchange (a cleanup, a read of what the refusal left, the peer's post refused while muted).
  const byStatus =
    given?.kind === 'status' && given.status && given.operation === undefined
      ? [...exchanges].reverse().find((exchange) => statusClass(exchange.response?.status) === given.status)
      : undefined;
  // A judgement naming its operation concerns that operation's last answer (what it judged), not a later
  // call of another: its own signature (an identity refused, not implemented) shows the fault.
  const judged =
    given?.operation === undefined
      ? undefined
      : [...exchanges].reverse().find((exchange) => operationOf(exchange) === given.operation);
  const last = judged ?? byStatus ?? exchanges.at(-1);
  const lastShows = last && exchangeSignature(last);
  const fromLast =
    given?.operation === undefined || lastShows?.operation === given.operation ? lastShows : undefined;
  const fromEarlier = () =>
    exchanges
      .slice(0, -1)
      .reverse()
      .map(exchangeSignature)
      .find((found) => found !== undefined);
  const lastStatus = last?.response?.status;
  const failedStatus =
    last && lastStatus !== undefined && (lastStatus < 200 || lastStatus >= 300)
      ? ({ kind: 'status' } as const)
      : undefined;
  const chosen: PartialSignature = fromLast ?? given ?? fromEarlier() ?? failedStatus ?? { kind: 'other' };
  const lastOperation = last && operationOf(last);
  const operation = chosen.operation ?? (chosen.kind.startsWith('event') ? undefined : lastOperation);
  const answer = [...exchanges].reverse().find((exchange) => operationOf(exchange) === operation);
  const status = chosen.status ?? (answer ? statusClass(answer.response?.status) : undefined);
  const rule = chosen.rule ?? check.rules[0];
  return {
    ...chosen,
    ...(rule ? { rule } : {}),
    ...(operation
      ? { operation, role: chosen.role ?? (check.helpers?.includes(operation) ? 'helper' : 'under-test') }
      : {}),
    ...(status ? { status } : {}),
  };
}
