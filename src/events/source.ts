/**
 * Contract of the checker's event transports (implemented in src/events/ws.ts and src/events/webhook.ts,
 * opened through openEventSource in src/events/index.ts). The runner turns a source into t.events.
 */
import type { ObservedEvent } from '../runner/check.js';

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
      /** Only events for this login (self id) are kept: multi-login servers send each event once per login. */
      selfId?: string;
      platform?: string;
      /** How long to wait for the connection + READY before giving up. */
      connectTimeoutMs: number;
      /** PING period; de-facto 10 s. */
      pingIntervalMs?: number;
    }
  | {
      kind: 'webhook';
      /** host:port to listen on; port 0 picks a free one. */
      listen: string;
      /** Expected Authorization bearer token of deliveries, when the server has one. */
      token?: string;
      selfId?: string;
    };

export interface EventSource {
  readonly kind: 'ws' | 'webhook';
  /** WebSocket: the READY frame; webhook: undefined. */
  readonly ready?: ReadyInfo;
  /** Webhook: the URL to register with the implementation. */
  readonly webhookUrl?: string;
  /** Where the stream is and how it authenticates, for probes of the transport (CONV-WS-*, CONV-WEBHOOK). */
  readonly target?: { url: string; token?: string; selfId?: string };
  /** Every event received so far, in arrival order (older envelopes normalised: id → sn). */
  events(): ObservedEvent[];
  /** Called for every event as it arrives; returns an unsubscribe function. */
  subscribe(listener: (event: ObservedEvent) => void): () => void;
  /** Notes about the stream itself (older envelope seen, unexpected frames …), reported as info. */
  notes(): string[];
  close(): Promise<void>;
}
