/**
 * The family's event protocol as the checker speaks it (de-facto-conventions.md "Events"; the spec leaves
 * transport and envelope "not shown", §6). Kept apart from the reference's copy on purpose: the checker
 * and the reference must not share a bug.
 */
import { tr } from '../i18n/index.js';
import type { ObservedEvent } from '../wire.js';

export const Opcode = { EVENT: 0, PING: 1, PONG: 2, IDENTIFY: 3, READY: 4, META: 5 } as const;
export const OPCODE_NAMES: Record<number, string> = {
  0: 'EVENT',
  1: 'PING',
  2: 'PONG',
  3: 'IDENTIFY',
  4: 'READY',
  5: 'META',
};

/** WebSocket close codes of the family. */
export const CloseCode = { INVALID_FRAME: 4000, AUTH_FAILED: 4004 } as const;

/**
 * The resume fields of IDENTIFY: `sn`, and `sequence` for older servers of the family, which resume by
 * that name (de-facto-conventions.md "Events"); a server reading one ignores the other.
 */
export const resumeFields = (sn: number): { sn: number; sequence: number } => ({ sn, sequence: sn });

/** A frame as received: op and body when it parsed as {op, body}, the text always. */
export interface Frame {
  op?: number;
  body?: any;
  text: string;
  receivedAt: number;
}

export interface Normalised {
  event: ObservedEvent;
  /** The login the event was sent for: login.user.id, or self_id in the older envelope. */
  selfId?: string;
  /** Remarks on the envelope (older shape, missing fields); the same text for the same remark. */
  notes: string[];
}

/** Reads an EVENT body, normalising the older envelope (id → sn, self_id/platform instead of login). */
export function normaliseEvent(body: unknown, receivedAt: number): Normalised {
  const notes: string[] = [];
  const fields: Record<string, any> = isObject(body) ? body : {};
  if (!isObject(body)) notes.push(tr`An EVENT frame had no object body; it is kept with an empty type.`);
  const type = typeof fields.type === 'string' ? fields.type : '';
  if (isObject(body) && type === '') notes.push(tr`An EVENT body had no string type.`);
  let sn: number | undefined;
  if (typeof fields.sn === 'number') sn = fields.sn;
  else if (typeof fields.id === 'number') {
    sn = fields.id;
    notes.push(tr`Older event envelope: id instead of sn (read as sn).`);
  }
  let selfId: string | undefined;
  if (isObject(fields.login) && isObject(fields.login.user) && typeof fields.login.user.id === 'string') {
    selfId = fields.login.user.id;
  } else if (typeof fields.self_id === 'string') {
    selfId = fields.self_id;
    notes.push(tr`Older event envelope: self_id and platform instead of login.`);
  }
  const timestamp = typeof fields.timestamp === 'number' ? fields.timestamp : undefined;
  return { event: { sn, type, timestamp, body: fields, receivedAt }, selfId, notes };
}

/** The user id of READY's first login (`user.id`, or `self_id` in older servers), as the run acts as it. */
export function firstLoginId(ready: unknown): string | undefined {
  const login = isObject(ready) && Array.isArray(ready.logins) ? ready.logins[0] : undefined;
  if (!isObject(login)) return undefined;
  if (isObject(login.user) && typeof login.user.id === 'string') return login.user.id;
  return typeof login.self_id === 'string' ? login.self_id : undefined;
}

/**
 * A READY body sent as an EVENT (op 0): logins and no event type (issue 32: a young server's handshake).
 * An op-0 frame with an event `type` is an event, whatever else it carries.
 */
export const isReadyAsEvent = (frame: Frame): boolean =>
  frame.op === Opcode.EVENT &&
  isObject(frame.body) &&
  Array.isArray(frame.body.logins) &&
  typeof frame.body.type !== 'string';

/** What came instead of READY (op 4), as the checks and findings say it. */
export const readyAsEventText = (beforeIdentify: boolean): string =>
  beforeIdentify
    ? tr`READY came as op 0 before IDENTIFY (an EVENT frame with logins and no type), no READY (op 4)`
    : tr`READY came as op 0 after IDENTIFY (an EVENT frame with logins and no type), no READY (op 4)`;

export function parseFrame(text: string, receivedAt: number): Frame {
  try {
    const value = JSON.parse(text);
    if (isObject(value) && typeof value.op === 'number')
      return { op: value.op, body: value.body, text, receivedAt };
  } catch {
    // Not JSON: kept as text only, for the notes.
  }
  return { text, receivedAt };
}

export const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Collects notes once each, in order. */
export class Notes {
  readonly #seen = new Set<string>();
  add(...texts: string[]): void {
    for (const text of texts) this.#seen.add(text);
  }
  list(): string[] {
    return [...this.#seen];
  }
}
