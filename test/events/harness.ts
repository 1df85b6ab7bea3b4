/**
 * Test harness for the event hub: a hub on its own loopback HTTP server, a raw WebSocket client that
 * waits for frames with a timeout, and a raw webhook receiver. Deliberately raw (not src/events) so that
 * the reference's tests do not lean on the checker's client.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { WebSocket } from 'ws';
import { EventHub, type EventHubOptions, type Login } from '../../src/reference/events/hub.js';

export const SELF = { id: 'bot-1', token: 'token-self' };
export const PEER = { id: 'bot-2', token: 'token-peer' };
/** One app token hosting both logins (the usual real-server setup). */
export const APP_TOKEN = 'token-app';

export const login = (id: string): Login => ({
  sn: id === SELF.id ? 1 : 2,
  adapter: 'reference',
  platform: 'reference',
  user: { id, name: id },
  status: 1,
  features: ['message.create'],
});

export interface HubHarness {
  hub: EventHub;
  server: Server;
  /** ws://127.0.0.1:<port>/v1/events */
  eventsUrl: string;
  origin: string;
  close(): Promise<void>;
}

export async function startHub(
  options: { faults?: string[] } & Partial<Omit<EventHubOptions, 'faults'>> = {},
): Promise<HubHarness> {
  const { faults = [], ...rest } = options;
  const hub = new EventHub({
    faults: new Set(faults),
    logins: () => [login(SELF.id), login(PEER.id)],
    authenticate: (token) => {
      if (token === SELF.token) return SELF.id;
      if (token === PEER.token) return PEER.id;
      if (token === APP_TOKEN) return [SELF.id, PEER.id];
      return undefined;
    },
    ...rest,
  });
  const server = createServer((_request, response) => response.writeHead(404).end());
  hub.attach(server, '/v1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hub,
    server,
    eventsUrl: `ws://127.0.0.1:${port}/v1/events`,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface RawFrame {
  op: number;
  body?: any;
}

/** A raw client: every frame kept in order; next() waits for a matching one after a cursor. */
export class RawClient {
  readonly frames: RawFrame[] = [];
  closed?: { code: number; reason: string };
  #cursor = 0;
  readonly #wakers = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      this.#wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.#wake();
    });
  }

  static connect(url: string): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Connects and identifies; resolves with the READY body. */
  static async identified(
    url: string,
    body: Record<string, unknown>,
  ): Promise<{ client: RawClient; ready: any }> {
    const client = await RawClient.connect(url);
    client.send({ op: 3, body });
    const ready = await client.next((frame) => frame.op === 4);
    return { client, ready: ready.body };
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame (after the previous next()) matching predicate; frames passed over are consumed. */
  next(predicate: (frame: RawFrame) => boolean = () => true, timeoutMs = 2000): Promise<RawFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        while (this.#cursor < this.frames.length) {
          const frame = this.frames[this.#cursor++];
          if (predicate(frame)) return done(() => resolve(frame));
        }
        if (this.closed) {
          done(() => reject(new Error(`socket closed (${this.closed?.code}) before the expected frame`)));
        }
      };
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.#wakers.delete(check);
        settle();
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no matching frame within ${timeoutMs} ms`))),
        timeoutMs,
      );
      this.#wakers.add(check);
      check();
    });
  }

  /** Every frame not yet consumed by next(). */
  pending(): RawFrame[] {
    return this.frames.slice(this.#cursor);
  }

  nextEvent(type?: string, timeoutMs?: number): Promise<RawFrame> {
    return this.next(
      (frame) => frame.op === 0 && (type === undefined || frame.body?.type === type),
      timeoutMs,
    );
  }

  /** Resolves with the close code when the server closes the socket. */
  waitClosed(timeoutMs = 2000): Promise<{ code: number; reason: string }> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!this.closed) return;
        clearTimeout(timer);
        this.#wakers.delete(check);
        resolve(this.closed);
      };
      const timer = setTimeout(() => {
        this.#wakers.delete(check);
        reject(new Error(`socket still open after ${timeoutMs} ms`));
      }, timeoutMs);
      this.#wakers.add(check);
      check();
    });
  }

  close(): void {
    this.socket.terminate();
  }

  #wake(): void {
    for (const waker of [...this.#wakers]) waker();
  }
}

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: any;
}

/** A raw webhook receiver answering 200 to every POST. */
export async function startReceiver(): Promise<{
  url: string;
  requests: ReceivedRequest[];
  nextRequest(timeoutMs?: number): Promise<ReceivedRequest>;
  close(): Promise<void>;
}> {
  const requests: ReceivedRequest[] = [];
  let cursor = 0;
  const wakers = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
      response.writeHead(200).end('OK');
      for (const waker of [...wakers]) waker();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    nextRequest(timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (cursor >= requests.length) return;
          clearTimeout(timer);
          wakers.delete(check);
          resolve(requests[cursor++]);
        };
        const timer = setTimeout(() => {
          wakers.delete(check);
          reject(new Error(`no webhook delivery within ${timeoutMs} ms`));
        }, timeoutMs);
        wakers.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Full resources of every §6 event, for emitting. */
export const RESOURCES = {
  channel: { id: 'c1', type: 0, name: 'general' },
  guild: { id: 'g1', name: 'Guild' },
  user: { id: 'u1', name: 'Alice' },
  member: { user: { id: 'u1' }, nick: 'Al' },
  message: { id: 'm1', content: 'hello' },
  role: { id: 'r1', name: 'mod' },
  emoji: { id: 'e1', name: '👍' },
};

/**
 * What a test file opens, closed after each test, last opened first: `closeAfterEach(fn)` registers a
 * closer, `hub(options)` starts a hub and registers its close. Call once, at the top of the file.
 */
export function closedAfterEachTest(): {
  closeAfterEach: (close: () => unknown) => void;
  hub: (options?: Parameters<typeof startHub>[0]) => Promise<HubHarness>;
} {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  const closeAfterEach = (close: () => unknown) => {
    closers.push(close);
  };
  return {
    closeAfterEach,
    hub: async (options = {}) => {
      const harness = await startHub(options);
      closeAfterEach(() => harness.close());
      return harness;
    },
  };
}
