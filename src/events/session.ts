/**
 * A thin WebSocket session for the event protocol: frames are recorded in arrival order and waited for
 * with a predicate and a timeout. Waits resolve with a plain result, never hang and never throw, so a
 * check can probe misbehaving servers safely.
 */

import { createRequire } from 'node:module';
import type { WebSocket } from 'ws';
import { cutSafely } from '../../spec/brief.js';
import { tr } from '../i18n/index.js';
import { LAG_ALLOWANCE_WINDOWS, lagAwareTimer } from '../loop-lag.js';
import { type Frame, parseFrame } from './protocol.js';

// ws loads on the first connection, through require: the suites import this file, and `conformance list`
// opens no socket; ws's ESM wrapper would also make Node 20 lex each of its CommonJS files (issue 11).
const requireWs = (): typeof import('ws') => createRequire(import.meta.url)('ws');

export interface Closed {
  code: number;
  reason: string;
}

/** Frames kept per session (older ones are dropped, counted); bytes of text kept per frame. */
export const SESSION_LIMITS = {
  frames: 2_000,
  /** Text kept over all frames of a session (big frames are dropped sooner). */
  keptChars: 16 * 1024 * 1024,
  frameTextChars: 4_096,
  /** Largest frame accepted (ws maxPayload): a bigger one closes the socket with 1009. */
  maxPayloadBytes: 1024 * 1024,
  /** Frames per second above which the stream is a flood (the family sends a few per operation). */
  floodPerSecond: 500,
  /** Frames read per second at most: beyond it the socket is paused until the next second (CPU bound). */
  readPerSecond: 2_000,
};

/** What a session received, in numbers (kept when frames are dropped). */
export interface SessionStats {
  frames: number;
  bytes: number;
  /** Frames that are not JSON {op, body}. */
  garbage: number;
  garbageSample?: string;
  /** Most frames received within one second. */
  peakPerSecond: number;
  /** A frame over maxPayloadBytes closed the socket. */
  oversized: boolean;
  /** Seconds in which reading was paused because the stream sent more than readPerSecond frames. */
  throttledSeconds: number;
}

export type FrameWait =
  | { kind: 'frame'; frame: Frame }
  | { kind: 'closed'; closed: Closed }
  | { kind: 'timeout' };

export class WsSession {
  /**
   * The latest frames received, in order (at most SESSION_LIMITS.frames: a flood cannot grow memory).
   * Frame number n (counted from the first frame, as mark() and waitFrame use) is frames[n - offset].
   */
  readonly frames: Frame[] = [];
  #offset = 0;
  readonly #sizes: number[] = [];
  #keptChars = 0;
  readonly stats: SessionStats = {
    frames: 0,
    bytes: 0,
    garbage: 0,
    peakPerSecond: 0,
    oversized: false,
    throttledSeconds: 0,
  };
  #second = { start: 0, count: 0 };
  #closed?: Closed;
  readonly #waiters = new Set<() => void>();

  private constructor(
    readonly url: string,
    private readonly socket: WebSocket,
  ) {
    socket.on('message', (data) => this.#receive(data.toString()));
    socket.on('close', (code, reason) => {
      if (code === 1009) this.stats.oversized = true;
      this.#closed = { code, reason: reason.toString() };
      this.#wake();
    });
    socket.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.stats.oversized = true;
    });
  }

  /**
   * Opens a connection (sending `headers` with the upgrade request); rejects with an Error that says
   * what to check when it cannot within timeoutMs.
   */
  static open(
    url: string,
    timeoutMs: number,
    signal?: AbortSignal,
    headers: Record<string, string> = {},
  ): Promise<WsSession> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error(tr`Not connecting to ${url}: the run was stopped`));
      let socket: WebSocket;
      try {
        socket = new (requireWs().WebSocket)(url, {
          // The lag-aware timer below decides; ws's own is only a backstop past every allowance.
          handshakeTimeout: timeoutMs * (2 + LAG_ALLOWANCE_WINDOWS),
          maxPayload: SESSION_LIMITS.maxPayloadBytes,
          followRedirects: false,
          headers,
        });
      } catch (error) {
        reject(new Error(tr`Invalid event WebSocket URL '${url}': ${(error as Error).message}`));
        return;
      }
      const fail = (why: string) => {
        socket.terminate();
        reject(
          new Error(
            tr`Could not open the event WebSocket at ${url}: ${why}. Check that the server is running and serves ` +
              tr`events at {base}/events (or give the events URL explicitly).`,
          ),
        );
      };
      const cancelTimer = lagAwareTimer(timeoutMs, () => fail(tr`no connection within ${timeoutMs} ms`));
      const onAbort = () => {
        cancelTimer();
        fail(tr`the run was stopped`);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.once('open', () => {
        signal?.removeEventListener('abort', onAbort);
        cancelTimer();
        socket.removeAllListeners('error');
        socket.removeAllListeners('unexpected-response');
        resolve(new WsSession(url, socket));
      });
      socket.once('unexpected-response', (_request, response) => {
        cancelTimer();
        fail(tr`the upgrade was answered with HTTP ${response.statusCode}`);
      });
      socket.once('error', (error) => {
        cancelTimer();
        fail(error.message);
      });
    });
  }

  get closed(): Closed | undefined {
    return this.#closed;
  }

  /** Number of the oldest frame still kept. */
  get offset(): number {
    return this.#offset;
  }

  /** A cursor for waitFrame's `since`: frames after this one. */
  mark(): number {
    return this.#offset + this.frames.length;
  }

  /** Frame number `n`, when still kept. */
  frameAt(n: number): Frame | undefined {
    return n >= this.#offset ? this.frames[n - this.#offset] : undefined;
  }

  #receive(raw: string): void {
    const now = Date.now();
    this.stats.frames++;
    this.stats.bytes += raw.length;
    if (now - this.#second.start >= 1000) this.#second = { start: now, count: 0 };
    this.#second.count++;
    this.stats.peakPerSecond = Math.max(this.stats.peakPerSecond, this.#second.count);
    if (this.#second.count >= SESSION_LIMITS.readPerSecond && !this.socket.isPaused) {
      // A flood: stop reading until the second is over (TCP backpressure holds the rest).
      this.stats.throttledSeconds++;
      this.socket.pause();
      setTimeout(() => this.socket.resume(), Math.max(1, 1000 - (now - this.#second.start))).unref();
    }
    const frame = parseFrame(raw, now);
    if (frame.op === undefined) {
      this.stats.garbage++;
      this.stats.garbageSample ??= cutSafely(raw, 200).text;
    }
    if (frame.text.length > SESSION_LIMITS.frameTextChars)
      frame.text = cutSafely(frame.text, SESSION_LIMITS.frameTextChars).text;
    this.frames.push(frame);
    this.#sizes.push(raw.length);
    this.#keptChars += raw.length;
    if (this.frames.length > SESSION_LIMITS.frames || this.#keptChars > SESSION_LIMITS.keptChars) {
      // Drop the older half (amortised), or as many as the size bound needs.
      let dropped = Math.floor(this.frames.length / 2);
      let freed = this.#sizes.slice(0, dropped).reduce((sum, size) => sum + size, 0);
      while (this.#keptChars - freed > SESSION_LIMITS.keptChars / 2 && dropped < this.frames.length - 1)
        freed += this.#sizes[dropped++];
      this.frames.splice(0, dropped);
      this.#sizes.splice(0, dropped);
      this.#keptChars -= freed;
      this.#offset += dropped;
    }
    this.#wake();
  }

  send(op: number, body?: unknown): void {
    this.sendText(JSON.stringify(body === undefined ? { op } : { op, body }));
  }

  sendText(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  /** The first frame at index >= since (default: from now) matching predicate; or closed, or timeout. */
  waitFrame(
    predicate: (frame: Frame) => boolean,
    timeoutMs: number,
    since = this.mark(),
  ): Promise<FrameWait> {
    return new Promise((resolve) => {
      let index = since;
      const check = (): boolean => {
        for (index = Math.max(index, this.#offset); index < this.mark(); index++) {
          const frame = this.frames[index - this.#offset];
          if (predicate(frame)) {
            finish({ kind: 'frame', frame });
            return true;
          }
        }
        if (this.#closed) {
          finish({ kind: 'closed', closed: this.#closed });
          return true;
        }
        return false;
      };
      const finish = (result: FrameWait) => {
        cancelTimer();
        this.#waiters.delete(waiter);
        resolve(result);
      };
      const waiter = () => void check();
      // The checker's own lag does not count against the server (issue 34): a busy machine is not a silent one.
      const cancelTimer = lagAwareTimer(timeoutMs, () => finish({ kind: 'timeout' }));
      this.#waiters.add(waiter);
      check();
    });
  }

  /** Waits for the server to close the socket. */
  async waitClose(timeoutMs: number): Promise<Closed | undefined> {
    const result = await this.waitFrame(() => false, timeoutMs, this.mark());
    return result.kind === 'closed' ? result.closed : undefined;
  }

  /** Closes (normal closure) and waits briefly for the close handshake, then terminates. */
  async close(timeoutMs = 1000): Promise<void> {
    if (this.#closed) return;
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
    const closed = await this.waitClose(timeoutMs);
    if (!closed) this.socket.terminate();
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
