/**
 * What a 2xx body holds when it is not the result the operation returns (§4): the result found under a
 * key (an envelope), a list wrapped or bare (§1 rule 5), an error body answered with success. Pure: used
 * by the root causes (causes.ts) and the hints on a failure's observed text (context/assertions.ts).
 */

import { shorten } from '../../spec/brief.js';
import { operations } from '../../spec/catalogue.js';
import type { ResponseShape } from '../../spec/operation-shape.js';
import { answerBodyOf } from '../client/answer-bodies.js';
import { tr } from '../i18n/index.js';
import type { Exchange } from '../wire.js';

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys an error body carries (de-facto and common frameworks); a body of only these is an error. */
const ERROR_KEYS = new Set([
  'message',
  'msg',
  'error',
  'errors',
  'errmsg',
  'detail',
  'code',
  'status',
  'retcode',
  'success',
  'ok',
]);
const ERROR_TEXT_KEYS = ['message', 'msg', 'error', 'errors', 'errmsg', 'detail'];

/** Keys an envelope carries beside the result it wraps (`{code: 0, message: 'ok', data: …}`). */
const ENVELOPE_KEYS = new Set(['code', 'message', 'msg', 'status', 'success', 'ok', 'retcode', 'errmsg']);

/** Resources of §2 whose objects carry an `id`; GuildMember and Friend carry `user` instead. */
const hasId = (resource: string): boolean => !['GuildMember', 'Friend', 'Member'].includes(resource);

/** Does `value` look like one object of `resource` (the fields §2 makes required)? */
export function looksLike(resource: string, value: Json): boolean {
  if (!isObject(value)) return false;
  return hasId(resource) ? value.id !== undefined : 'user' in value || 'nick' in value;
}

/** Does `value` have the shape `shape` asks for (one object, an array, a page with a data array)? */
export function hasShape(shape: ResponseShape, value: Json): boolean {
  if (shape.kind === 'resource') return looksLike(shape.resource, value);
  if (shape.kind === 'array') return Array.isArray(value);
  return isObject(value) && Array.isArray(value.data);
}

/** What a 2xx body is instead of the result, when it is one of the known wrong shapes. */
export type Misplacement =
  /** The result is under one key of an envelope: `{data: …}` (key 'data'). */
  | { kind: 'envelope'; key: string }
  /** A list page is wrapped in one more object: its array sits at `path` (e.g. 'data.data'). */
  | { kind: 'list-wrapped'; path: string }
  /** A list is a bare JSON array, without the page object and its markers. */
  | { kind: 'list-bare' }
  /** A page object carries its array under another key than `data`. */
  | { kind: 'list-renamed'; key: string }
  /** A body of only error fields (`{message: …}`) answered with a 2xx status. */
  | { kind: 'error-body'; text: string }
  /** The result sent as a JSON string holding its JSON. */
  | { kind: 'stringified' };

/** The error text of a body made of error fields only, or undefined when the body is anything else. */
export function errorBodyText(body: Json): string | undefined {
  if (!isObject(body)) return undefined;
  const keys = Object.keys(body);
  if (keys.length === 0 || !keys.every((key) => ERROR_KEYS.has(key))) return undefined;
  const key = ERROR_TEXT_KEYS.find((candidate) => body[candidate] !== undefined && body[candidate] !== '');
  if (key === undefined) return undefined;
  const value = body[key];
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Where the result `shape` asks for is in a 2xx `body` that does not have that shape, or undefined when
 * it is nowhere recognisable (or the body has the shape).
 */
export function misplacement(shape: ResponseShape, body: Json): Misplacement | undefined {
  if (hasShape(shape, body)) return undefined;
  if (typeof body === 'string' && hasShape(shape, parseBody(body))) return { kind: 'stringified' };
  const error = errorBodyText(body);
  if (error !== undefined) return { kind: 'error-body', text: error };
  if (shape.kind === 'list' || shape.kind === 'bidi') return listMisplacement(body);
  if (!isObject(body)) return undefined;
  const extra = Object.keys(body).filter((key) => !ENVELOPE_KEYS.has(key));
  if (extra.length !== 1) return undefined;
  const [key] = extra;
  return hasShape(shape, body[key]) ? { kind: 'envelope', key } : undefined;
}

function listMisplacement(body: Json): Misplacement | undefined {
  if (Array.isArray(body)) return { kind: 'list-bare' };
  if (!isObject(body)) return undefined;
  for (const [key, value] of Object.entries(body)) {
    if (isObject(value) && Array.isArray(value.data)) return { kind: 'list-wrapped', path: `${key}.data` };
  }
  const arrays = Object.keys(body).filter((key) => Array.isArray(body[key]));
  return arrays.length === 1 ? { kind: 'list-renamed', key: arrays[0] } : undefined;
}

/** A misplacement in words, for a failure's observed text ("the Message array is under `data`"). */
export function describeMisplacement(shape: ResponseShape, found: Misplacement): string {
  const what =
    shape.kind === 'resource'
      ? tr`the ${shape.resource} object`
      : shape.kind === 'array'
        ? tr`the ${shape.resource} array`
        : tr`the ${shape.resource} list`;
  switch (found.kind) {
    case 'envelope':
      return tr`${what} is under \`${found.key}\`: the result is wrapped in an envelope`;
    case 'list-wrapped':
      return tr`the ${shape.resource} array is at \`${found.path}\`: the page is wrapped one level too deep (§1 rule 5)`;
    case 'list-bare':
      return tr`the body is a bare array: a page is an object with a \`data\` array and its markers (§1 rule 5)`;
    case 'list-renamed':
      return tr`the ${shape.resource} array is under \`${found.key}\`, not \`data\` (§1 rule 5)`;
    case 'error-body':
      return tr`the body is an error ("${shorten(found.text, 80)}") answered with a success status`;
    case 'stringified':
      return tr`${what} is sent as a JSON string holding it, not as JSON`;
  }
}

/** An exchange's answer: its whole body as the check read it, else its evidence's JSON or text. */
export const answerOf = (exchange: Exchange): Json =>
  (answerBodyOf(exchange) as Json | undefined) ?? parseBody(exchange.response?.body ?? '');

/** A body's JSON, or its text when it is not JSON. */
export const parseBody = (text: string): Json => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const RESPONSES = new Map<string, ResponseShape | null>(operations.map((op) => [op.path, op.response]));

/** The catalogue operation an exchange called (the last segment of its path), if it is one. */
export const operationOf = (exchange: Exchange): string | undefined => {
  const name =
    exchange.request.url
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? '';
  return RESPONSES.has(name) ? name : undefined;
};

/** The result shape §4 states for an operation (null: no stated return). */
export const responseOf = (operation: string): ResponseShape | null => RESPONSES.get(operation) ?? null;

/**
 * A hint for a failure whose answer was a 2xx holding the expected result elsewhere ("the Message
 * array is under `data`"), or undefined.
 */
export function hintOf(exchange: Exchange | undefined): string | undefined {
  const operation = exchange && operationOf(exchange);
  const shape = operation ? responseOf(operation) : null;
  const response = exchange?.response;
  if (!shape || !response || response.status < 200 || response.status >= 300) return undefined;
  const found = misplacement(shape, answerOf(exchange));
  return found
    ? tr`${operation} answered ${response.status}, but ${describeMisplacement(shape, found)}`
    : undefined;
}

/**
 * What a 2xx answer of a list operation is when it is no page `{data: [...], next?}` (§1 rule 5), in
 * words (issue 32: say what came back, never "no guild" when something came), or undefined for a page.
 */
export function describeListAnswer(
  operation: string,
  result: { status: number; body: unknown },
): string | undefined {
  const { body } = result;
  const found = misplacement({ kind: 'list', resource: 'Guild' }, body);
  if (found?.kind === 'list-wrapped') {
    const key = found.path.split('.')[0];
    return tr`${operation} answered an object whose \`${key}\` is an object, not an array: the list is wrapped one level too deep (§1 rule 5)`;
  }
  if (found?.kind === 'list-renamed')
    return tr`${operation} answered an object with its array under \`${found.key}\`, not \`data\` (§1 rule 5)`;
  if (found?.kind === 'error-body')
    return tr`${operation} answered HTTP ${result.status} with an error body: "${shorten(found.text, 200)}" (an error answered with a success status)`;
  if (found?.kind === 'list-bare')
    return tr`${operation} answered a bare JSON array, not a page object {"data": [...], "next": …} (§1 rule 5)`;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.data)) return undefined;
    const keys = Object.keys(record);
    const data = record.data === undefined ? tr`no \`data\`` : tr`\`data\` ${typeOf(record.data)}`;
    return tr`${operation} answered an object with ${data}, not a \`data\` array (keys: ${keys.join(', ') || 'none'}; §1 rule 5)`;
  }
  return undefined;
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? tr`an array` : tr`a ${typeof value}`;
