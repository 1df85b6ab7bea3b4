/**
 * What to fix first (DESIGN "What to fix first"): the failing and erroring checks of a run grouped by the
 * cause they share, ranked by how many checks each explains. A cause is read from the answers a check
 * got (the last exchange first), never from its id: an operation not implemented, the result wrapped in an
 * envelope, a list of the wrong shape, errors answered 2xx, the identity refused, the event stream silent
 * or without READY.
 * A failure no cause explains stays its own (it is in no cause). Pure: a function of the check results.
 */
import { oneLine } from '../../spec/brief.js';
import type { ResponseShape } from '../../spec/operation-shape.js';
import type { Cause, CauseId, CheckResult, Exchange } from './model.js';
import {
  errorBodyText,
  type Misplacement,
  misplacement,
  operationOf,
  parseBody,
  responseOf,
} from './shapes.js';

/** What each cause means, in the user's terms, with its section and the fix. */
const CAUSES: Record<CauseId, { title: string; section: string; fix: string }> = {
  'not-implemented': {
    title: 'Operations answer that they are not implemented (404, 405, 501 or a body saying so)',
    section: '§4',
    fix: 'implement them at POST {base}/<operation>, or leave them out of login.features so that they are not blamed',
  },
  'result-envelope': {
    title: 'Results are wrapped in an envelope: the object the operation returns is under one key',
    section: '§4',
    fix: 'answer the result itself as the body, not an object that holds it',
  },
  'list-shape': {
    title:
      'Lists have the wrong shape: a page is an object with a `data` array and its `prev`/`next` markers',
    section: '§1 rule 5',
    fix: 'answer each page as {"data": [...], "next": …} at the top level of the body',
  },
  'errors-2xx': {
    title: 'Errors are answered with a success status (2xx and an error body)',
    section: '§7',
    fix: 'answer a refused request with a 4xx or 5xx status',
  },
  'identity-refused': {
    title: "The checker's credentials are refused (401/403 with the token and identity headers given)",
    section: '§5',
    fix: 'check --token, --platform and --self-id; the family reads Authorization: Bearer and Satori-Platform/Satori-User-ID (or X-Platform/X-Self-ID)',
  },
  'event-transport': {
    title:
      "The event stream does not work as the family's: no READY after IDENTIFY, or no event delivered at all",
    section: '§6',
    fix: 'check --events-url and the handshake (IDENTIFY, READY), or the webhook registration; the run notes say what the stream did',
  },
};

/** Rank order of causes with as many checks (the one that blocks the most first). */
const ORDER: readonly CauseId[] = [
  'identity-refused',
  'not-implemented',
  'result-envelope',
  'list-shape',
  'errors-2xx',
  'event-transport',
];

/**
 * A body saying the operation (its route) is missing, not the thing asked for: the frameworks' defaults,
 * "no such operation", "method not found". Also how the cleanup tells an unserved undo (undo.ts).
 */
export const SAYS_NO_ROUTE =
  /cannot (post|get) \/|no (route|handler|operation|such (api|operation|method))|unknown (api|operation|method|path|route)|(method|operation|api|route|handler|path) not found/i;
/** A route-not-found answer (not an unknown id): a bare "not found" page, or a body that names the route. */
export const NO_ROUTE = new RegExp(`^\\W*(404\\W*)?(page )?not found\\W*$|${SAYS_NO_ROUTE.source}`, 'i');
export const SAYS_NOT_IMPLEMENTED = /not (yet )?implemented|unsupported|not supported|unimplemented/i;
/** A check's reason when the event it waited for never came (EventWaitTimeout, or a check's own words). */
export const EVENT_NEVER_CAME = /no matching event within|observed no [a-z-]+ event|event never came/i;
/** A check's observation that the handshake gave no READY (op 4) after IDENTIFY (src/events/probes.ts). */
const READY_NEVER_CAME = /^(no READY\b|READY came as op 0\b)/;
const SAYS_SUCCESS = /^\W*(ok|okay|success|succeeded|done|accepted)\W*$/i;

interface Symptom {
  cause: CauseId;
  operation?: string;
  exchange?: Exchange;
  /** The specifics, e.g. 'under `data`'. */
  detail?: string;
}

/** The message of an error body, or its text. */
const messageOf = (body: string): string => errorBodyText(parseBody(body)) ?? body;

function misplacedCause(found: Misplacement): { cause: CauseId; detail: string } {
  switch (found.kind) {
    case 'envelope':
      return { cause: 'result-envelope', detail: `the result is under \`${found.key}\`` };
    case 'list-wrapped':
      return { cause: 'list-shape', detail: `the array is at \`${found.path}\`: wrapped one level too deep` };
    case 'list-bare':
      return { cause: 'list-shape', detail: 'a bare array, without the page object' };
    case 'list-renamed':
      return { cause: 'list-shape', detail: `the array is under \`${found.key}\`, not \`data\`` };
    case 'error-body':
      return { cause: 'errors-2xx', detail: `2xx with the error "${oneLine(found.text, 120)}"` };
    case 'stringified':
      return { cause: 'result-envelope', detail: 'the result is sent as a JSON string' };
  }
}

/** The cause one exchange shows, if any. */
export function symptomOf(exchange: Exchange): Symptom | undefined {
  const { response, request } = exchange;
  const operation = operationOf(exchange);
  if (!response) return undefined;
  const { status } = response;
  if (operation === undefined) return outsideCatalogue(exchange);
  const auth = Object.entries(request.headers).find(([key]) => key.toLowerCase() === 'authorization')?.[1];
  if ((status === 401 || status === 403) && auth !== undefined && /\$(PEER_)?TOKEN\b/.test(auth))
    return { cause: 'identity-refused', operation, exchange, detail: `HTTP ${status}` };
  const message = messageOf(response.body);
  const notImplemented =
    status === 501 ||
    (status === 405 && request.method === 'POST') ||
    (status === 404 && (message.trim() === '' || NO_ROUTE.test(message))) ||
    ((status >= 400 || status < 300) && SAYS_NOT_IMPLEMENTED.test(message));
  if (notImplemented) {
    const said = message.trim() ? `: "${oneLine(message.trim(), 120)}"` : '';
    return { cause: 'not-implemented', operation, exchange, detail: `HTTP ${status}${said}` };
  }
  const shape = responseOf(operation);
  if (status < 200 || status >= 300) return undefined;
  const body = parseBody(response.body);
  const found = shape ? misplacement(shape, body) : undefined;
  if (found) return { operation, exchange, ...misplacedCause(found) };
  // An operation with no stated return may answer anything (§4.8), but not an error that is no success.
  const error = shape ? undefined : errorBodyText(body);
  if (error !== undefined && !SAYS_SUCCESS.test(error))
    return {
      operation,
      exchange,
      cause: 'errors-2xx',
      detail: `2xx with the error "${oneLine(error, 120)}"`,
    };
  return undefined;
}

/** A path outside §4 (the checker's probe of an unknown operation): only an error answered 2xx says anything. */
function outsideCatalogue(exchange: Exchange): Symptom | undefined {
  const { response, request } = exchange;
  if (!response || request.method !== 'POST' || response.status < 200 || response.status >= 300)
    return undefined;
  const error = errorBodyText(parseBody(response.body));
  return error === undefined || SAYS_SUCCESS.test(error)
    ? undefined
    : { cause: 'errors-2xx', exchange, detail: `2xx with the error "${oneLine(error, 120)}"` };
}

/**
 * What a failure recorded without the answer shows: its observed body, for the operation its expectation
 * names. A root cause is named only when the evidence shows it (issue 41): the observed text counts as a
 * body only when the check has no 2xx answer of that operation, or one whose body is that text — an
 * observed value the check derived (the ids it found, `[]`) beside a right page `{"data": [...]}` is no
 * bare array.
 */
function symptomOfText(check: CheckResult): Symptom | undefined {
  const { expected = '', observed = '', exchanges = [] } = check.evidence ?? {};
  const operation = expected.match(/\b[a-z]+(\.[a-z]+)+\b/g)?.find((name) => responseOf(name) !== null);
  const shape = operation ? responseOf(operation) : null;
  if (!operation || !shape) return undefined;
  const answers = exchanges.flatMap((exchange) => {
    const { response } = exchange;
    const answered = operationOf(exchange) === operation && response && response.status < 300;
    return answered && response.status >= 200 ? [response.body] : [];
  });
  if (answers.length > 0 && !answers.some((body) => isBodyOf(observed, body))) return undefined;
  const body = parseBody(observed);
  const found =
    typeof body === 'string' && body === observed
      ? truncatedMisplacement(shape, observed)
      : misplacement(shape, body);
  return found ? { operation, ...misplacedCause(found) } : undefined;
}

/** Whether `observed` is `body` (whole, as JSON, or cut with '…'). */
function isBodyOf(observed: string, body: string): boolean {
  if (observed === body) return true;
  if (observed.endsWith('…') && body.startsWith(observed.slice(0, -1))) return true;
  const parsed = parseBody(observed);
  return (
    typeof parsed === 'object' &&
    parsed !== null &&
    JSON.stringify(parsed) === JSON.stringify(parseBody(body))
  );
}

/** The wrong shapes a cut JSON text shows at its start (an observed value is cut at 2,000 characters). */
function truncatedMisplacement(shape: ResponseShape, text: string): Misplacement | undefined {
  const list = shape.kind === 'list' || shape.kind === 'bidi';
  const wrapped = /^\{"(\w+)":\{"data":\[/.exec(text);
  if (list && wrapped) return { kind: 'list-wrapped', path: `${wrapped[1]}.data` };
  if (list && text.startsWith('[')) return { kind: 'list-bare' };
  const under = /^\{"(\w+)":(\[|\{"id":)/.exec(text);
  if (!list && under && (shape.kind === 'array') === (under[2] === '['))
    return { kind: 'envelope', key: under[1] };
  return undefined;
}

/** The cause a failing check shows: its last exchange with a symptom (the failing one is last). */
function symptomOfCheck(check: CheckResult, streamSilent: boolean): Symptom | undefined {
  const exchanges = check.evidence?.exchanges ?? [];
  for (let index = exchanges.length - 1; index >= 0; index--) {
    const symptom = symptomOf(exchanges[index]);
    if (symptom) return symptom;
  }
  const fromText = symptomOfText(check);
  if (fromText) return fromText;
  const observed = check.evidence?.observed ?? '';
  if (READY_NEVER_CAME.test(observed))
    return {
      cause: 'event-transport',
      exchange: exchanges[exchanges.length - 1],
      detail: oneLine(observed, 120),
    };
  if (streamSilent && EVENT_NEVER_CAME.test(check.reason ?? ''))
    return { cause: 'event-transport', exchange: exchanges[exchanges.length - 1] };
  return undefined;
}

const isProblem = (check: CheckResult): boolean =>
  (check.status === 'fail' || check.status === 'error') && !check.notOffered;

/** What the run knows beyond its checks: how many events its stream delivered (absent: no stream). */
export interface RunFacts {
  eventsReceived?: number;
}

/**
 * The causes of a run's failures and errors, the one explaining the most checks first. The identity
 * cause needs refusals on two operations at least (one refusal can be a permission the check expects);
 * the event-transport cause, a handshake without READY, or a stream that delivered no event at all in the
 * whole run.
 */
export function findCauses(checks: readonly CheckResult[], facts: RunFacts = {}): Cause[] {
  const streamSilent = facts.eventsReceived === 0;
  const grouped = new Map<CauseId, { symptoms: Symptom[]; checkIds: string[] }>();
  for (const check of checks.filter(isProblem)) {
    const symptom = symptomOfCheck(check, streamSilent);
    if (!symptom) continue;
    const group = grouped.get(symptom.cause) ?? { symptoms: [], checkIds: [] };
    group.symptoms.push(symptom);
    group.checkIds.push(check.id);
    grouped.set(symptom.cause, group);
  }
  const causes: Cause[] = [];
  for (const [id, { symptoms, checkIds }] of grouped) {
    const ops = [...new Set(symptoms.flatMap((symptom) => (symptom.operation ? [symptom.operation] : [])))];
    if (id === 'identity-refused' && ops.length < 2) continue;
    const first = symptoms.find((symptom) => symptom.exchange) ?? symptoms[0];
    causes.push({
      id,
      ...CAUSES[id],
      checkIds,
      operations: ops.sort(),
      ...(first.detail ? { detail: first.detail } : {}),
      ...(first.exchange ? { exchange: first.exchange } : {}),
    });
  }
  return causes.sort(
    (a, b) => b.checkIds.length - a.checkIds.length || ORDER.indexOf(a.id) - ORDER.indexOf(b.id),
  );
}
