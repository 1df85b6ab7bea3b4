/**
 * A thin WebSocket session for the event protocol: frames are recorded in arrival order and waited for
 * with a predicate and a timeout. Waits resolve with a plain result, never hang and never throw, so a
 * check can probe misbehaving servers safely.
 */
import { WebSocket } from 'ws';
import { type Frame, parseFrame } from './protocol.js';

export interface Closed {
  code: number;
  reason: string;
}

export type FrameWait =
  | { kind: 'frame'; frame: Frame }
  | { kind: 'closed'; closed: Closed }
  | { kind: 'timeout' };

export class WsSession {
  /** Every frame received, in order. */
  readonly frames: Frame[] = [];
  #closed?: Closed;
  readonly #waiters = new Set<() => void>();

  private constructor(
    readonly url: string,
    private readonly socket: WebSocket,
  ) {
    socket.on('message', (data) => {
      this.frames.push(parseFrame(data.toString(), Date.now()));
      this.#wake();
    });
    socket.on('close', (code, reason) => {
      this.#closed = { code, reason: reason.toString() };
      this.#wake();
    });
    socket.on('error', () => {});
  }

  /** Opens a connection; rejects with an Error that says what to check when it cannot within timeoutMs. */
  static open(url: string, timeoutMs: number): Promise<WsSession> {
    return new Promise((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = new WebSocket(url, { handshakeTimeout: timeoutMs });
      } catch (error) {
        reject(new Error(`Invalid event WebSocket URL '${url}': ${(error as Error).message}`));
        return;
      }
      const fail = (why: string) => {
        socket.terminate();
        reject(
          new Error(
            `Could not open the event WebSocket at ${url}: ${why}. Check that the server is running and serves ` +
              'events at {base}/events (or give the events URL explicitly).',
          ),
        );
      };
      const timer = setTimeout(() => fail(`no connection within ${timeoutMs} ms`), timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        socket.removeAllListeners('unexpected-response');
        resolve(new WsSession(url, socket));
      });
      socket.once('unexpected-response', (_request, response) => {
        clearTimeout(timer);
        fail(`the upgrade was answered with HTTP ${response.statusCode}`);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        fail(error.message);
      });
    });
  }

  get closed(): Closed | undefined {
    return this.#closed;
  }

  /** A cursor for waitFrame's `since`: frames after this one. */
  mark(): number {
    return this.frames.length;
  }

  send(op: number, body?: unknown): void {
    this.sendText(JSON.stringify(body === undefined ? { op } : { op, body }));
  }

  sendText(text: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
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
        for (; index < this.frames.length; index++) {
          if (predicate(this.frames[index])) {
            finish({ kind: 'frame', frame: this.frames[index] });
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
        clearTimeout(timer);
        this.#waiters.delete(waiter);
        resolve(result);
      };
      const waiter = () => void check();
      const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
      this.#waiters.add(waiter);
      check();
    });
  }

  /** Waits for the server to close the socket. */
  async waitClose(timeoutMs: number): Promise<Closed | undefined> {
    const result = await this.waitFrame(() => false, timeoutMs, this.frames.length);
    return result.kind === 'closed' ? result.closed : undefined;
  }

  /** Closes (normal closure) and waits briefly for the close handshake, then terminates. */
  async close(timeoutMs = 1000): Promise<void> {
    if (this.#closed) return;
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
    const closed = await this.waitClose(timeoutMs);
    if (!closed) this.socket.terminate();
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
