/**
 * WebSocket event source: IDENTIFY, READY, PING/PONG and EVENT frames as the family does it
 * (de-facto-conventions.md "Events").
 */

import { tr } from '../i18n/index.js';
import { measureLoopLag } from '../loop-lag.js';
import type { FindingInput } from '../wire.js';
import { EventIntake } from './intake.js';
import {
  CloseCode,
  type Frame,
  firstLoginId,
  isObject,
  isReadyAsEvent,
  normaliseEvent,
  OPCODE_NAMES,
  Opcode,
  readyAsEventText,
  resumeFields,
} from './protocol.js';
import { type FrameWait, SESSION_LIMITS, type SessionStats, WsSession } from './session.js';
import { EVENTS_KEPT, type EventSource, type EventSourceOptions, type ReadyInfo } from './source.js';

export type WsSourceOptions = Extract<EventSourceOptions, { kind: 'ws' }> & {
  /** Resume from this sn (IDENTIFY {sn}). */
  sn?: number;
};

/**
 * Connects, identifies and waits for READY. A stream that stays open without READY is read on (issue 32):
 * its events are judged, READY's absence (or READY sent as an EVENT) is a finding at should. Rejects with
 * an Error saying what to check when the socket cannot open or closes before READY.
 */
export async function openWebSocketSource(options: WsSourceOptions): Promise<EventSource> {
  const started = Date.now();
  const headers = upgradeHeaders(options);
  const session = await WsSession.open(options.url, options.connectTimeoutMs, options.signal, headers);
  const identify: Record<string, unknown> = {};
  if (options.token !== undefined) identify.token = options.token;
  if (options.sn !== undefined) Object.assign(identify, resumeFields(options.sn));
  const since = session.mark();
  session.send(Opcode.IDENTIFY, identify);
  const remainingMs = Math.max(1, options.connectTimeoutMs - (Date.now() - started));
  const onAbort = () => void session.close(0);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const answer = await waitForReady(session, since, remainingMs);
  options.signal?.removeEventListener('abort', onAbort);
  if (options.signal?.aborted) throw new Error(tr`stopped while waiting for READY`);
  if (answer.kind === 'closed') {
    await session.close();
    throw new NoReadyError(
      readyFailure(options.url, answer.closed.code, remainingMs),
      streamFindings(session.stats, options.url),
    );
  }
  const handshake: Handshake =
    answer.kind === 'frame'
      ? { ready: answer.frame }
      : withoutReady(session, since, readyFailure(options.url, undefined, remainingMs));
  return new WebSocketSource(session, handshake, { ...options, headers }, since);
}

/** How long a READY (op 4) is still awaited once READY came as an EVENT frame (op 0) instead. */
const STAND_IN_GRACE_MS = 1_000;

/**
 * READY (op 4) after IDENTIFY, within timeoutMs; once READY came as an EVENT frame (op 0, before or after
 * IDENTIFY) a real one is awaited STAND_IN_GRACE_MS more only, not the whole connect timeout.
 */
async function waitForReady(session: WsSession, since: number, timeoutMs: number): Promise<FrameWait> {
  const started = Date.now();
  const isReady = (frame: Frame) => frame.op === Opcode.READY;
  const standInBefore = session.frames.some(isReadyAsEvent);
  const first = await session.waitFrame(
    (frame) => isReady(frame) || isReadyAsEvent(frame),
    standInBefore ? Math.min(timeoutMs, STAND_IN_GRACE_MS) : timeoutMs,
    since,
  );
  if (first.kind !== 'frame' || isReady(first.frame)) return first;
  const left = Math.max(1, timeoutMs - (Date.now() - started));
  return session.waitFrame(isReady, Math.min(left, STAND_IN_GRACE_MS), since);
}

/** How the handshake went: READY (op 4, or sent as an EVENT), and what deviated, as a finding. */
interface Handshake {
  ready?: Frame;
  problem?: FindingInput;
}

/** No READY (op 4) in time: READY sent as an EVENT (op 0) stands in for it, or there is none. */
function withoutReady(session: WsSession, identifyMark: number, failure: string): Handshake {
  for (let index = session.offset; index < session.mark(); index++) {
    const frame = session.frameAt(index);
    if (!frame || !isReadyAsEvent(frame)) continue;
    return {
      ready: frame,
      problem: {
        id: 'events/ready-as-event',
        level: 'should',
        title: tr`READY came as an EVENT frame (op 0), not as op 4 after IDENTIFY`,
        detail: tr`${session.url}: ${readyAsEventText(index < identifyMark)}; its logins are read as READY's`,
      },
    };
  }
  return {
    problem: {
      id: 'events/no-ready',
      level: 'should',
      title: tr`The event stream never sent READY after IDENTIFY (the stream is read on: its events are judged)`,
      detail: failure,
    },
  };
}

/**
 * The upgrade request's headers: the user's (--header), and the token as `Authorization: Bearer` as well
 * as in IDENTIFY — servers of the family read one or the other (de-facto-conventions.md "Events").
 */
function upgradeHeaders(options: WsSourceOptions): Record<string, string> {
  const headers = { ...options.headers };
  const given = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  if (options.token !== undefined && !given) headers.authorization = `Bearer ${options.token}`;
  return headers;
}

/** The stream never sent READY; carries what it sent instead (as findings). */
export class NoReadyError extends Error {
  override name = 'NoReadyError';
  constructor(
    message: string,
    readonly findings: FindingInput[],
  ) {
    super(message);
  }
}

/** What a session's numbers say about the stream (issue 12: findings, not silence). */
export function streamFindings(stats: SessionStats, url: string): FindingInput[] {
  const findings: FindingInput[] = [];
  if (stats.peakPerSecond > SESSION_LIMITS.floodPerSecond) {
    findings.push({
      id: 'events/flood',
      level: 'should',
      title: tr`The event stream flooded the checker`,
      detail: tr`${url}: up to ${stats.peakPerSecond} frames in one second (${stats.frames} frames, ${stats.bytes} characters in all${
        stats.throttledSeconds
          ? tr`; reading was paused in ${stats.throttledSeconds} second(s) at ${SESSION_LIMITS.readPerSecond} frames per second`
          : ''
      }); the checker keeps the latest ${EVENTS_KEPT} events and counts the rest`,
    });
  }
  if (stats.garbage > 0) {
    findings.push({
      id: 'events/garbage-frames',
      level: 'should',
      title: tr`The event stream sent frames that are not JSON {op, body}`,
      detail: tr`${url}: ${stats.garbage} of ${stats.frames} frames (ignored)`,
      ...(stats.garbageSample !== undefined ? { sample: stats.garbageSample } : {}),
    });
  }
  if (stats.oversized) {
    findings.push({
      id: 'events/frame-too-large',
      level: 'info',
      title: tr`The event stream sent a frame over ${SESSION_LIMITS.maxPayloadBytes} bytes; the checker closed it (1009)`,
      detail: tr`${url}: later events are missed`,
    });
  }
  return findings;
}

function readyFailure(url: string, closeCode: number | undefined, waitedMs: number): string {
  if (closeCode === CloseCode.AUTH_FAILED) {
    return tr`The event WebSocket at ${url} refused IDENTIFY (close 4004, authentication failed): check the token.`;
  }
  if (closeCode !== undefined) {
    return tr`The event WebSocket at ${url} closed with code ${closeCode} before READY: check the token and that the server speaks the Satori event protocol (IDENTIFY op 3 → READY op 4).`;
  }
  return tr`No READY from the event WebSocket at ${url} within ${waitedMs} ms of IDENTIFY: check the token and that the server speaks the Satori event protocol (IDENTIFY op 3 → READY op 4).`;
}

class WebSocketSource extends EventIntake implements EventSource {
  readonly kind = 'ws';
  readonly ready?: ReadyInfo;
  readonly target: { url: string; token?: string; selfId?: string; headers?: Record<string, string> };
  readonly #session: WsSession;
  readonly #selfId?: string;
  readonly #handshakeProblem?: FindingInput;
  readonly #pinger?: NodeJS.Timeout;
  #processed: number;
  #pingsUnanswered = 0;
  /** When the last PING went out, and the checker's own lag then (a busy checker did not read the PONG). */
  #lastPing = { at: 0, lag: 0 };
  readonly #lag = measureLoopLag();
  #pingIntervalMs = 0;
  #closing = false;

  constructor(session: WsSession, handshake: Handshake, options: WsSourceOptions, identifyMark: number) {
    super();
    this.#session = session;
    const readyFrame = handshake.ready;
    // Without --self-id the run acts as READY's first login: keep only its events (one per login otherwise).
    this.#selfId = options.selfId ?? firstLoginId(readyFrame?.body);
    this.target = {
      url: options.url,
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.selfId === undefined ? {} : { selfId: options.selfId }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    };
    if (handshake.problem) this.#handshakeProblem = handshake.problem;
    if (readyFrame) {
      this.ready = {
        body: isObject(readyFrame.body) ? readyFrame.body : {},
        receivedAt: readyFrame.receivedAt,
      };
      if (!Array.isArray(this.ready.body.logins)) this.streamNotes.add(tr`READY carried no logins array.`);
    } else {
      this.streamNotes.add(
        tr`No READY within the connection timeout: the stream is read on, and the events that arrive are judged${
          this.#selfId === undefined ? tr` (every login's: pass --self-id to keep one)` : ''
        }.`,
      );
    }
    // Frames that came before READY (from the IDENTIFY on) are handled too, in order.
    this.#processed = identifyMark;
    this.#drain();
    this.#follow();
    const pingIntervalMs = options.pingIntervalMs ?? 10_000;
    this.#pingIntervalMs = pingIntervalMs;
    if (pingIntervalMs > 0) {
      // setImmediate: a PONG that came while the checker was busy is read before the next PING judges it.
      this.#pinger = setInterval(() => setImmediate(() => this.#ping()), pingIntervalMs);
      this.#pinger.unref();
    }
  }

  findings(): FindingInput[] {
    const findings = streamFindings(this.#session.stats, this.target.url);
    return this.#handshakeProblem ? [this.#handshakeProblem, ...findings] : findings;
  }

  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#pinger);
    this.#lag.stop();
    await this.#session.close();
  }

  /** Waits for frames one after another until the socket closes or the source is closed. */
  async #follow(): Promise<void> {
    while (!this.#closing) {
      const next = await this.#session.waitFrame(() => true, 60_000, this.#processed);
      if (next.kind === 'closed') {
        if (!this.#closing) {
          this.streamNotes.add(
            tr`The server closed the event WebSocket (code ${next.closed.code}); later events are missed.`,
          );
        }
        return;
      }
      this.#drain();
    }
  }

  #drain(): void {
    // Frames dropped from the session's window before they were handled are skipped (a flood).
    this.#processed = Math.max(this.#processed, this.#session.offset);
    for (; this.#processed < this.#session.mark(); this.#processed++) {
      const frame = this.#session.frameAt(this.#processed);
      if (frame) this.#handle(frame);
    }
  }

  #handle(frame: Frame): void {
    switch (frame.op) {
      case Opcode.EVENT:
        // READY sent as an EVENT is the handshake (a finding), not an event.
        if (!isReadyAsEvent(frame)) this.#receiveEvent(frame);
        return;
      case Opcode.PONG:
        this.#pingsUnanswered = 0;
        return;
      case Opcode.READY:
        return;
      case undefined:
        this.streamNotes.add(tr`The server sent a frame that is not JSON {op, body}.`);
        return;
      default:
        this.streamNotes.add(
          tr`The server sent ${OPCODE_NAMES[frame.op] ?? tr`unknown op ${frame.op}`} frames (ignored).`,
        );
    }
  }

  #receiveEvent(frame: Frame): void {
    const { event, selfId, notes } = normaliseEvent(frame.body, frame.receivedAt);
    this.streamNotes.add(...notes);
    this.accept(event, selfId, this.#selfId);
  }

  #ping(): void {
    const now = performance.now();
    const lag = this.#lag.lagMs();
    // Judged when the checker could run for half a period since the last PING (issue 34: a busy machine is
    // not a mute server); a loopback or LAN PONG takes far less.
    const ranFor = now - this.#lastPing.at - (lag - this.#lastPing.lag);
    if (this.#pingsUnanswered > 0 && ranFor >= this.#pingIntervalMs / 2)
      this.streamNotes.add(tr`A PING was not answered with PONG before the next PING.`);
    this.#lastPing = { at: now, lag };
    this.#pingsUnanswered += 1;
    this.#session.send(Opcode.PING);
  }
}
