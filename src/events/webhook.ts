/**
 * Webhook event source: a node:http receiver the implementation POSTs EVENT bodies to
 * (de-facto-conventions.md "Webhooks": header Satori-Opcode 0, Authorization: Bearer <the token the
 * receiver was registered with>).
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tr } from '../i18n/index.js';
import type { FindingInput } from '../wire.js';
import { EventIntake } from './intake.js';
import { isObject, normaliseEvent, Opcode } from './protocol.js';
import { SESSION_LIMITS } from './session.js';
import { BoundedLog, EVENTS_KEPT, type EventSource, type EventSourceOptions } from './source.js';

export type WebhookSourceOptions = Extract<EventSourceOptions, { kind: 'webhook' }>;

/** One POST as received, for checks of the delivery itself (CONV-WEBHOOK). */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or undefined when it was not JSON. */
  body: unknown;
  /** Satori-Opcode as a number, undefined when absent or not a number. */
  opcode?: number;
  /** Whether Authorization was `Bearer <the registered token>`; undefined when that token is not known. */
  authorized?: boolean;
  receivedAt: number;
}

export interface WebhookSource extends EventSource {
  readonly kind: 'webhook';
  readonly webhookUrl: string;
  deliveries(): WebhookDelivery[];
  /**
   * The receiver is registered with `token` (by the run itself, or by the user: --webhook-token): later
   * deliveries are judged against it (de-facto-conventions.md "Webhooks": Bearer <the webhook's token>).
   */
  registeredWith(token: string, by: 'checker' | 'user'): void;
}

/**
 * The body the run registers its receiver with through {base}/meta/webhook.create: the family's {url,
 * token}, and `enabled: true`, without which the family's published server stores the webhook disabled
 * and delivers nothing (issue 43 item 5); a server that does not know the field ignores it (de-facto:
 * unknown fields are ignored).
 */
export const registrationBody = (url: string, token: string): Record<string, unknown> => ({
  url,
  token,
  enabled: true,
});

/** That body as a finding says it (the very body registrationBody builds): the token named, never shown. */
export const describedRegistration = (url: string | undefined): string =>
  JSON.stringify(registrationBody(url ?? '', tr`<a token of this run's own>`));

/** One delivery's body at most (the WebSocket's frame limit, SESSION_LIMITS.maxPayloadBytes). */
const BODY_LIMIT = SESSION_LIMITS.maxPayloadBytes;
/**
 * Bodies being read at once, in bytes, at most (issue 49 item 5: bounded memory under any sender): a
 * delivery beyond it, or beyond SESSION_LIMITS.readPerSecond in one second, is answered 503 unread.
 */
const READING_LIMIT = 16 * BODY_LIMIT;

/** Listens on options.listen ('host:port', port 0 = a free one). */
export async function openWebhookSource(options: WebhookSourceOptions): Promise<WebhookSource> {
  const { host, port } = parseListen(options.listen);
  const source = new WebhookReceiver(options);
  const server = createServer((request, response) => void source.handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new Error(
          tr`Cannot listen for webhooks on ${options.listen}: ${error.message}. Pick another host:port.`,
        ),
      ),
    );
    server.listen(port, host, () => resolve());
  });
  source.started(server, host);
  return source;
}

function parseListen(listen: string): { host: string; port: number } {
  const match = /^(?:\[?([^\]]*?)\]?:)?(\d+)$/.exec(listen.trim());
  if (!match)
    throw new Error(tr`Invalid webhook listen address '${listen}': expected host:port, e.g. 127.0.0.1:0.`);
  return { host: match[1] || '127.0.0.1', port: Number(match[2]) };
}

class WebhookReceiver extends EventIntake implements WebhookSource {
  readonly kind = 'webhook';
  readonly ready = undefined;
  webhookUrl = '';
  readonly #options: WebhookSourceOptions;
  /** The token deliveries must carry, and who registered the receiver with it; undefined: not known. */
  #registration: { token: string; by: 'checker' | 'user' } | undefined;
  readonly #deliveries = new BoundedLog<WebhookDelivery>(EVENTS_KEPT);
  #server?: ReturnType<typeof createServer>;
  /** Deliveries per second (the busiest second), for the flood finding. */
  readonly #rate = { start: 0, count: 0, peak: 0, total: 0 };
  /** Bytes of the bodies being read now (declared by their Content-Length). */
  #reading = 0;

  constructor(options: WebhookSourceOptions) {
    super();
    this.#options = options;
    if (options.registeredToken !== undefined)
      this.#registration = { token: options.registeredToken, by: 'user' };
  }

  registeredWith(token: string, by: 'checker' | 'user'): void {
    this.#registration = { token, by };
  }

  get target(): {
    url: string;
    token?: string;
    registeredBy?: 'checker' | 'user';
    appToken?: string;
    selfId?: string;
  } {
    const registration = this.#registration;
    return {
      url: this.webhookUrl,
      ...(registration ? { token: registration.token, registeredBy: registration.by } : {}),
      ...(this.#options.appToken === undefined ? {} : { appToken: this.#options.appToken }),
      ...(this.#options.selfId === undefined ? {} : { selfId: this.#options.selfId }),
    };
  }

  override notes(): string[] {
    const unknown = this.#registration === undefined && this.#rate.total > 0;
    return [
      ...super.notes(),
      ...(unknown
        ? [
            tr`The token the receiver was registered with is unknown: the Authorization of deliveries is not judged (pass --webhook-token).`,
          ]
        : []),
    ];
  }

  started(server: ReturnType<typeof createServer>, host: string): void {
    this.#server = server;
    const { port } = server.address() as AddressInfo;
    // A wildcard address cannot be dialled: the implementation is told the loopback address.
    const dialHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    this.webhookUrl = `http://${dialHost.includes(':') ? `[${dialHost}]` : dialHost}:${port}/`;
  }

  deliveries(): WebhookDelivery[] {
    return this.#deliveries.all();
  }

  findings(): FindingInput[] {
    if (this.#rate.peak <= SESSION_LIMITS.floodPerSecond) return [];
    return [
      {
        id: 'events/flood',
        level: 'should',
        title: tr`The webhook deliveries flooded the checker`,
        detail: tr`${this.webhookUrl}: up to ${this.#rate.peak} deliveries in one second (${this.#rate.total} in all); the checker keeps the latest ${EVENTS_KEPT} events and counts the rest`,
      },
    ];
  }

  async close(): Promise<void> {
    const server = this.#server;
    if (!server?.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('POST events here');
      return;
    }
    const receivedAt = Date.now();
    const rate = this.#rate;
    if (receivedAt - rate.start >= 1000) Object.assign(rate, { start: receivedAt, count: 0 });
    rate.count++;
    rate.total++;
    rate.peak = Math.max(rate.peak, rate.count);
    // What reading it may take: its Content-Length, or the limit when it declares none (chunked).
    const declared = Number(request.headers['content-length']);
    const reserved = declared > 0 ? Math.min(declared, BODY_LIMIT) : BODY_LIMIT;
    if (rate.count > SESSION_LIMITS.readPerSecond || this.#reading + reserved > READING_LIMIT) {
      // A flood: counted (the finding says so), not read.
      response.writeHead(503, { 'retry-after': '1', connection: 'close' }).end();
      request.destroy();
      return;
    }
    let text: string;
    this.#reading += reserved;
    try {
      text = await readBody(request);
    } catch (error) {
      this.streamNotes.add(tr`A webhook delivery could not be read: ${(error as Error).message}`);
      response.writeHead(413, { 'content-type': 'text/plain', connection: 'close' }).end('body too large');
      return;
    } finally {
      this.#reading -= reserved;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const opcodeHeader = request.headers['satori-opcode'];
    const opcode =
      typeof opcodeHeader === 'string' && /^\d+$/.test(opcodeHeader) ? Number(opcodeHeader) : undefined;
    const token = this.#registration?.token;
    const authorized = token === undefined ? undefined : request.headers.authorization === `Bearer ${token}`;
    this.#deliveries.push({ headers: { ...request.headers }, body, opcode, authorized, receivedAt });
    response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');

    if (body === undefined) {
      this.streamNotes.add(tr`A webhook delivery was not JSON (ignored).`);
      return;
    }
    if (authorized === false)
      this.streamNotes.add(tr`A webhook delivery lacked \`Authorization: Bearer <token>\`.`);
    if (opcode === undefined) {
      this.streamNotes.add(tr`A webhook delivery had no numeric Satori-Opcode header (read as EVENT).`);
    } else if (opcode !== Opcode.EVENT) {
      this.streamNotes.add(tr`Webhook deliveries with Satori-Opcode ${opcode} (ignored).`);
      return;
    }
    this.#receive(body, receivedAt, flatHeaders(request.headers));
  }

  #receive(body: unknown, receivedAt: number, headers: Record<string, string>): void {
    if (!isObject(body)) {
      this.streamNotes.add(tr`A webhook delivery body was not a JSON object (ignored).`);
      return;
    }
    const normalised = normaliseEvent(body, receivedAt);
    const { selfId, notes } = normalised;
    // The delivery's headers go with the event, for checks of the delivery itself (CONV-WEBHOOK).
    const event = { ...normalised.event, headers };
    this.streamNotes.add(...notes);
    this.accept(event, selfId, this.#options.selfId);
  }
}

/** Request headers as one string each (lower-case names; repeated headers joined with ', '). */
function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new Error(tr`more than ${BODY_LIMIT} bytes`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
