/**
 * Lifecycle probes of the event WebSocket for the event suites (CONV-WS-*): each opens its own
 * connection, does one thing, closes, and resolves with a plain result — never throws, never hangs
 * longer than its timeouts.
 */
import type { ObservedEvent } from '../wire.js';
import { type Frame, isObject, normaliseEvent, Opcode, resumeFields } from './protocol.js';
import { type Closed, type FrameWait, WsSession } from './session.js';

export interface ProbeTarget {
  /** ws(s)://…/events */
  url: string;
  token?: string;
  /** Bound of each wait (connection, READY, PONG, close …). */
  timeoutMs: number;
}

/** How a probe's connection could not get as far as it wanted. */
export type ProbeFailure =
  | { outcome: 'connect-failed'; error: string }
  | { outcome: 'closed'; closed: Closed }
  | { outcome: 'timeout' };

export type IdentifyResult = { outcome: 'ready'; ready: Record<string, any>; frame: Frame } | ProbeFailure;

async function withSession<T>(
  target: ProbeTarget,
  run: (session: WsSession) => Promise<T>,
): Promise<T | { outcome: 'connect-failed'; error: string }> {
  let session: WsSession;
  try {
    session = await WsSession.open(target.url, target.timeoutMs);
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
  return answer.kind === 'closed' ? { outcome: 'closed', closed: answer.closed } : { outcome: 'timeout' };
}

/** IDENTIFY {token, ...extra} and report READY, or how the socket ended (CONV-WS-READY, CONV-WS-AUTH). */
export function probeIdentify(target: ProbeTarget, extra?: Record<string, unknown>): Promise<IdentifyResult> {
  return withSession(target, (session) => identify(session, target, extra));
}

/** IDENTIFY with a token no server accepts; a conforming server closes with 4004 (CONV-WS-AUTH). */
export function probeBadToken(target: Omit<ProbeTarget, 'token'>): Promise<IdentifyResult> {
  return probeIdentify({ ...target, token: `conformance-wrong-token-${Date.now()}` });
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
  /** EVENT frames the socket received although it never identified. */
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
    if (duringError === undefined)
      await session.waitFrame((frame) => frame.op === Opcode.EVENT, target.graceMs ?? 500, 0);
    const frames = [...session.frames];
    return {
      outcome: 'observed',
      events: frames.filter((frame) => frame.op === Opcode.EVENT),
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
