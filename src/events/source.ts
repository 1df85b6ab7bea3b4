/**
 * Contract of the checker's event transports (implemented in src/events/ws.ts and src/events/webhook.ts,
 * opened through openEventSource in src/events/index.ts). The runner turns a source into t.events.
 */
import type { FindingInput, ObservedEvent } from '../wire.js';

export interface ReadyInfo {
  /** The READY body as received ({logins, proxy_urls?}). */
  body: Record<string, any>;
  receivedAt: number;
}

export type EventSourceOptions =
  | {
      kind: 'ws';
      /** ws(s)://…/events; default derived from the base URL ({base}/events). */
      url: string;
      token?: string;
      /** Extra headers of the upgrade request (--header); the token also goes as Authorization: Bearer. */
      headers?: Record<string, string>;
      /** Only events for this login (self id) are kept: multi-login servers send each event once per login. */
      selfId?: string;
      platform?: string;
      /** How long to wait for the connection + READY before giving up. */
      connectTimeoutMs: number;
      /** PING period; de-facto 10 s. */
      pingIntervalMs?: number;
      /** Stops connecting / waiting for READY at once (Ctrl-C, run deadline). */
      signal?: AbortSignal;
    }
  | {
      kind: 'webhook';
      /** host:port to listen on; port 0 picks a free one. */
      listen: string;
      /** The token the user registered the receiver with (--webhook-token): deliveries must carry it. */
      registeredToken?: string;
      /** The run's app token (--token), which older readings of the convention send instead. */
      appToken?: string;
      selfId?: string;
    };

/** Events kept per source (what the checks wait for is recent; older ones are counted only). */
export const EVENTS_KEPT = 5_000;

/** The latest `limit` items of a stream, with the count of every item ever pushed. */
export class BoundedLog<T> {
  #items: T[] = [];
  #offset = 0;
  constructor(readonly limit: number) {}
  push(item: T): void {
    this.#items.push(item);
    if (this.#items.length > this.limit) {
      const dropped = Math.ceil(this.limit / 2);
      this.#items = this.#items.slice(dropped);
      this.#offset += dropped;
    }
  }
  get count(): number {
    return this.#offset + this.#items.length;
  }
  all(): T[] {
    return [...this.#items];
  }
  since(mark: number): T[] {
    return this.#items.slice(Math.max(0, mark - this.#offset));
  }
}

/** Where an event stream is and how it authenticates: what a probe of the transport needs. */
export interface StreamTarget {
  /** WebSocket: the stream's URL; webhook: the receiver's URL. */
  url: string;
  /**
   * The token the run identifies with (WebSocket) or expects on deliveries (webhook: the token the
   * receiver was registered with, when the run knows it).
   */
  token?: string;
  /** Webhook: who registered the receiver with `token` (the run itself through meta/webhook.create, or the user). */
  registeredBy?: 'checker' | 'user';
  /** Webhook: the app token of the run (--token), which older readings of the convention send instead. */
  appToken?: string;
  /** The login the run filters events by. */
  selfId?: string;
  /** WebSocket: the upgrade request's headers (--header, the token as Authorization: Bearer), for the probes. */
  headers?: Record<string, string>;
}

export interface EventSource {
  readonly kind: 'ws' | 'webhook';
  /** WebSocket: the READY frame; webhook: undefined. */
  readonly ready?: ReadyInfo;
  /** Webhook: the URL to register with the implementation. */
  readonly webhookUrl?: string;
  /** Where the stream is and how it authenticates, for probes of the transport (CONV-WS-*, CONV-WEBHOOK). */
  readonly target?: StreamTarget;
  /**
   * The events kept so far, in arrival order (older envelopes normalised: id → sn): the latest
   * EVENTS_KEPT, so a flood cannot grow memory; eventCount() counts every event received.
   */
  events(): ObservedEvent[];
  /** Events received since the source opened (also those no longer kept): a mark for eventsSince. */
  eventCount(): number;
  /** The kept events received after `mark` (an eventCount() taken earlier). */
  eventsSince(mark: number): ObservedEvent[];
  /**
   * When the stream last delivered an event, kept or not (another login's counts: the transport is busy),
   * as performance.now(); -Infinity before the first.
   */
  lastDeliveryAt(): number;
  /** Called for every event as it arrives; returns an unsubscribe function. */
  subscribe(listener: (event: ObservedEvent) => void): () => void;
  /** Notes about the stream itself (older envelope seen, unexpected frames …), reported as info. */
  notes(): string[];
  /** Hostile behaviour of the stream (flood, garbage, oversized frames), as run findings. */
  findings?(): FindingInput[];
  close(): Promise<void>;
}
