/**
 * Lifecycle probes of the event WebSocket for the event suites (CONV-WS-*): each opens its own
 * connection, does one thing, closes, and resolves with a plain result — never throws, never hangs
 * longer than its timeouts.
 */
import type { ObservedEvent } from '../wire.js';
import { type Frame, isObject, isReadyAsEvent, normaliseEvent, Opcode, resumeFields } from './protocol.js';
import { type Closed, type FrameWait, WsSession } from './session.js';

export interface ProbeTarget {
  /** ws(s)://…/events */
  url: string;
  token?: string;
  /** Bound of each wait (connection, READY, PONG, close …). */
  timeoutMs: number;
  /** Headers of the upgrade request, as the run's own connection sends them (--header, Authorization). */
  headers?: Record<string, string>;
}

/** How a probe's connection could not get as far as it wanted. */
export type ProbeFailure =
  | { outcome: 'connect-failed'; error: string }
  | { outcome: 'closed'; closed: Closed }
  | { outcome: 'timeout' };

export type IdentifyResult =
  | { outcome: 'ready'; ready: Record<string, any>; frame: Frame }
  /** No READY (op 4), but READY's body came as an EVENT (op 0): before or after IDENTIFY (issue 32). */
  | { outcome: 'ready-as-event'; ready: Record<string, any>; beforeIdentify: boolean }
  | ProbeFailure;

async function withSession<T>(
  target: ProbeTarget,
  run: (session: WsSession) => Promise<T>,
): Promise<T | { outcome: 'connect-failed'; error: string }> {
  let session: WsSession;
  try {
    session = await WsSession.open(target.url, target.timeoutMs, undefined, target.headers);
  } catch (error) {
    return { outcome: 'connect-failed', error: (error as Error).message };
  }
  try {
    return await run(session);
  } finally {
    await session.close();
  }
}

async function identify(
  session: WsSession,
  target: ProbeTarget,
  extra: Record<string, unknown> = {},
): Promise<IdentifyResult> {
  const since = session.mark();
  const body: Record<string, unknown> = { ...extra };
  if (target.token !== undefined) body.token = target.token;
  session.send(Opcode.IDENTIFY, body);
  const answer = await session.waitFrame((frame) => frame.op === Opcode.READY, target.timeoutMs, since);
  if (answer.kind === 'frame') {
    return {
      outcome: 'ready',
      ready: isObject(answer.frame.body) ? answer.frame.body : {},
      frame: answer.frame,
    };
  }
  if (answer.kind === 'closed') return { outcome: 'closed', closed: answer.closed };
  // The socket stayed open without READY: READY's body may have come as an EVENT, even unasked.
  for (let index = session.offset; index < session.mark(); index++) {
    const frame = session.frameAt(index);
    if (frame && isReadyAsEvent(frame))
      return { outcome: 'ready-as-event', ready: frame.body, beforeIdentify: index < since };
  }
  return { outcome: 'timeout' };
}

/** IDENTIFY {token, ...extra} and report READY, or how the socket ended (CONV-WS-READY, CONV-WS-AUTH). */
export function probeIdentify(target: ProbeTarget, extra?: Record<string, unknown>): Promise<IdentifyResult> {
  return withSession(target, (session) => identify(session, target, extra));
}

/**
 * IDENTIFY with a token no server accepts, sent as the upgrade's Authorization too (a server may read
 * either); a conforming server closes with 4004 or refuses the upgrade (CONV-WS-AUTH).
 */
export function probeBadToken(target: Omit<ProbeTarget, 'token'>): Promise<IdentifyResult> {
  const token = `conformance-wrong-token-${Date.now()}`;
  const headers = Object.fromEntries(
    Object.entries(target.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'),
  );
  return probeIdentify({ ...target, token, headers: { ...headers, authorization: `Bearer ${token}` } });
}

export type PingResult =
  | { outcome: 'pong' }
  | { outcome: 'no-pong' }
  | { outcome: 'not-ready'; identify: IdentifyResult };

/** IDENTIFY, then PING and wait for PONG (CONV-WS-PING). */
export function probePing(
  target: ProbeTarget,
): Promise<PingResult | { outcome: 'connect-failed'; error: string }> {
  return withSession(target, async (session): Promise<PingResult> => {
    const identified = await identify(session, target);
    if (identified.outcome !== 'ready') return { outcome: 'not-ready', identify: identified };
    const since = session.mark();
    session.send(Opcode.PING);
    const answer = await session.waitFrame((frame) => frame.op === Opcode.PONG, target.timeoutMs, since);
    return answer.kind === 'frame' ? { outcome: 'pong' } : { outcome: 'no-pong' };
  });
}

export interface UnidentifiedResult {
  outcome: 'observed';
  /** EVENT frames the socket received although it never identified (READY sent as op 0 is none). */
  events: Frame[];
  /** Every frame received. */
  frames: Frame[];
  /** Set when the server closed the socket during the observation. */
  closed?: Closed;
  /** Set when `during` threw. */
  duringError?: string;
}

/**
 * Connects without IDENTIFY, runs `during` (which should cause an event and wait until an identified
 * stream has it), then watches `graceMs` more for EVENT frames on the silent socket (CONV-WS-IDENTIFY-FIRST);
 * not when `during` threw.
 */
export function probeUnidentified(
  target: Omit<ProbeTarget, 'token'> & { during?: () => Promise<unknown>; graceMs?: number },
): Promise<UnidentifiedResult | { outcome: 'connect-failed'; error: string }> {
  return withSession(target, async (session): Promise<UnidentifiedResult> => {
    let duringError: string | undefined;
    try {
      await target.during?.();
    } catch (error) {
      duringError = (error as Error).message;
    }
    // Without the event caused, there is nothing to watch for: no grace.
    // READY sent as an EVENT (op 0, logins, no type) is the handshake, judged by events.ws/ready-lists-logins.
    const isEvent = (frame: Frame) => frame.op === Opcode.EVENT && !isReadyAsEvent(frame);
    if (duringError === undefined) await session.waitFrame(isEvent, target.graceMs ?? 500, 0);
    const frames = [...session.frames];
    return {
      outcome: 'observed',
      events: frames.filter(isEvent),
      frames,
      closed: session.closed,
      duringError,
    };
  });
}

/** Connects without IDENTIFY and waits for the server to close the socket (de-facto: after 10 s). */
export function probeIdentifyTimeout(
  target: Omit<ProbeTarget, 'token'>,
): Promise<
  | { outcome: 'closed'; closed: Closed }
  | { outcome: 'timeout' }
  | { outcome: 'connect-failed'; error: string }
> {
  return withSession(target, async (session) => {
    const closed = await session.waitClose(target.timeoutMs);
    return closed ? { outcome: 'closed' as const, closed } : { outcome: 'timeout' as const };
  });
}

/** Sends a frame that is not JSON {op, body}; a conforming server closes with 4000. */
export function probeInvalidFrame(
  target: Omit<ProbeTarget, 'token'> & { text?: string },
): Promise<
  | { outcome: 'closed'; closed: Closed }
  | { outcome: 'timeout' }
  | { outcome: 'connect-failed'; error: string }
> {
  return withSession(target, async (session) => {
    session.sendText(target.text ?? 'this is not a JSON frame');
    const closed = await session.waitClose(target.timeoutMs);
    return closed ? { outcome: 'closed' as const, closed } : { outcome: 'timeout' as const };
  });
}

export type ResumeResult =
  | {
      outcome: 'ready';
      ready: Record<string, any>;
      /** EVENT bodies received after READY (replayed first, then possibly live ones), normalised. */
      events: ObservedEvent[];
      /** Their sn's in arrival order. */
      sns: (number | undefined)[];
      /** True when every sn of untilSns arrived; false when the wait ended by timeout. */
      reachedUntil: boolean;
    }
  | { outcome: 'not-ready'; identify: IdentifyResult };

/**
 * IDENTIFY {token, sn} and collect the events that follow READY until every sn of `untilSns` has arrived
 * (or timeoutMs): a conforming server replays what came after `sn` (CONV-WS-RESUME). A server may pace
 * its replay behind live events, so a live event with a greater sn ends nothing. With selfId, only that
 * login's events are kept.
 */
/**
 * Waits for `predicate` like WsSession.waitFrame, but a wait that saw new EVENT frames goes on: it ends
 * when `timeoutMs` passed with no new event (a replay that stopped making progress), or at `until`.
 */
async function waitWhileProgressing(
  session: WsSession,
  predicate: (frame: Frame) => boolean,
  timeoutMs: number,
  since: number,
  until: number,
): Promise<FrameWait> {
  for (let from = since; ; ) {
    const mark = session.mark();
    const left = until - performance.now();
    const result = await session.waitFrame(predicate, Math.max(1, Math.min(timeoutMs, left)), from);
    if (result.kind !== 'timeout') return result;
    const progressed = session.frames
      .slice(Math.max(0, mark - session.offset))
      .some((frame) => frame.op === Opcode.EVENT);
    if (!progressed || until - performance.now() <= 0) return result;
    from = session.mark();
  }
}

export function probeResume(
  target: ProbeTarget & {
    sn: number;
    untilSns?: readonly number[];
    selfId?: string;
    /** The longest the replay may take while it makes progress (default: timeoutMs). */
    maxMs?: number;
  },
): Promise<ResumeResult | { outcome: 'connect-failed'; error: string }> {
  return withSession(target, async (session): Promise<ResumeResult> => {
    const identified = await identify(session, target, resumeFields(target.sn));
    if (identified.outcome !== 'ready') return { outcome: 'not-ready', identify: identified };
    const afterReady = session.offset + session.frames.indexOf(identified.frame) + 1;
    const awaited = new Set(target.untilSns ?? []);
    const reached = await waitWhileProgressing(
      session,
      (frame) => {
        if (frame.op !== Opcode.EVENT || awaited.size === 0) return false;
        const { event, selfId } = normaliseEvent(frame.body, frame.receivedAt);
        if (target.selfId === undefined || selfId === target.selfId) awaited.delete(event.sn ?? Number.NaN);
        return awaited.size === 0;
      },
      target.timeoutMs,
      afterReady,
      performance.now() + (target.maxMs ?? target.timeoutMs),
    );
    const events = session.frames
      .slice(Math.max(0, afterReady - session.offset))
      .filter((frame) => frame.op === Opcode.EVENT)
      .map((frame) => normaliseEvent(frame.body, frame.receivedAt))
      .filter((normalised) => target.selfId === undefined || normalised.selfId === target.selfId)
      .map((normalised) => normalised.event);
    return {
      outcome: 'ready',
      ready: identified.ready,
      events,
      sns: events.map((event) => event.sn),
      reachedUntil: reached.kind === 'frame',
    };
  });
}
