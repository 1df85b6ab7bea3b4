/**
 * Event hub of the reference implementation: numbers events (sn), buffers them for resume and delivers
 * them over WebSocket ({base}/events) and to registered webhooks, the way the protocol family does it
 * (de-facto-conventions.md "Events"; the spec leaves transport and envelope "not shown", §6).
 *
 * Wiring (src/reference/assembly.ts):
 *   const hub = new EventHub({ faults, logins: () => [...], authenticate: (token) => selfId });
 *   hub.attach(httpServer, '/v1');            // handles the 'upgrade' of /v1/events
 *   hub.emit('message-created', { channel, message, user }, { operation: 'message.create' });
 *   await hub.close();                       // before httpServer.close(): open sockets keep it alive
 *
 * The opcodes are deliberately not shared with the checker (src/events): the reference and the checker
 * must not share a bug.
 */
import { setMaxListeners } from 'node:events';
import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { droppedResourceFault } from '../faults/events.js';
import type { FaultId } from '../faults/index.js';
import type { ToleranceSwitch } from '../tolerances/index.js';
import { withExtraFields } from '../tolerances/wire.js';

const Op = { EVENT: 0, PING: 1, PONG: 2, IDENTIFY: 3, READY: 4, META: 5 } as const;

/** WebSocket close codes of the family: 4000 invalid frame, 4004 authentication failed. */
export const CLOSE_INVALID_FRAME = 4000;
export const CLOSE_AUTH_FAILED = 4004;

export interface EventResources {
  channel?: unknown;
  guild?: unknown;
  user?: unknown;
  member?: unknown;
  message?: unknown;
  role?: unknown;
  emoji?: unknown;
  friend?: unknown;
  operator?: unknown;
}
const RESOURCE_KEYS = [
  'channel',
  'guild',
  'user',
  'member',
  'message',
  'role',
  'emoji',
  'friend',
  'operator',
] as const;

/** De-facto Login object (sn, adapter, user, platform, status, features); `user.id` is the self id. */
export interface Login {
  sn?: number;
  adapter?: string;
  platform?: string;
  user?: { id: string; [field: string]: unknown };
  status?: number;
  features?: string[];
  [field: string]: unknown;
}

export interface EventHubOptions {
  /** Fault ids switched on (see src/reference/faults/events.ts); others are ignored here. */
  faults?: ReadonlySet<string>;
  /** Tolerances switched on (src/reference/tolerances): the envelope, resume and extra-field ones apply here. */
  tolerate?: ToleranceSwitch;
  /** Every identity the server hosts, as de-facto Login objects; called on every use, so it may change. */
  logins: () => Login[];
  /**
   * The self id(s) whose events a socket identified with `token` receives, or undefined for a bad token.
   * One app token hosting several logins returns several ids: the socket then gets each event once per login.
   */
  authenticate: (token: string | undefined) => string | readonly string[] | undefined;
  /** Clock for event timestamps (ms). */
  now?: () => number;
  /** How long a socket may stay without IDENTIFY before it is closed; de-facto 10 s. */
  identifyTimeoutMs?: number;
  /** Called once a socket has been sent READY (and its replay, or the replay scheduled): tests wait for it. */
  onIdentified?: () => void;
  /** How many events are kept for resume (IDENTIFY with sn). */
  bufferSize?: number;
  /** Consulted for every accepted socket: true takes it over (client mode scripts the socket itself). */
  intercept?: (socket: WebSocket) => boolean;
  /** Events sent under a legacy alias instead of their §6 name (ReferenceOptions.eventAliases). */
  aliases?: ReadonlyMap<string, string>;
  /** false: a server without webhook delivery (ReferenceOptions.eventTransports): a registration is ignored. */
  webhooks?: boolean;
}

export interface EmitOptions {
  /** Logins (self ids) that see the change; default every login. */
  selfIds?: string[];
  /**
   * The operation that caused the change (e.g. 'channel.create'), absent for triggered events. Lets the
   * link faults drop only the events an operation should have caused, so triggered events still flow.
   */
  operation?: string;
}

export interface WebhookOptions {
  /** Sent as `Authorization: Bearer <token>`: the token the webhook was registered with (the app's). */
  token?: string;
  /** Logins whose events are delivered; default every login. */
  selfIds?: string[];
  /** false: registered but not delivered to (tolerance webhook-enabled-only: `enabled` was not true). */
  enabled?: boolean;
}

/** An event as numbered and kept for resume: `sn` is the hub's own counter, the body is what goes out. */
interface NumberedEvent {
  sn: number;
  selfId: string;
  body: Record<string, unknown>;
}

interface Connection {
  socket: WebSocket;
  /** Undefined until a good IDENTIFY: then the logins whose events the socket receives. */
  selfIds?: ReadonlySet<string>;
  identifyTimer?: NodeJS.Timeout;
  /** Tolerance resume-replay-paced: the replay not sent yet, flushed after the next live event. */
  pendingReplay?: { events: Record<string, unknown>[]; timer: NodeJS.Timeout };
  /** Tolerance resume-replay-slow: the timer of the next replayed event. */
  slowReplay?: NodeJS.Timeout;
}

/** Tolerance resume-replay-slow: the cache replayed on resume, and the pause before each of its events. */
const SLOW_REPLAY = { cache: 100, pauseMs: 100 };

/** Tolerance resume-replay-paced: the longest a replay waits for a live event to go first. */
const PACED_REPLAY_MS = 300;

interface Webhook {
  url: string;
  options: WebhookOptions;
  /** Deliveries are chained so that one URL receives its events in order. */
  queue: Promise<void>;
}

/** Link faults: the operation no longer emits its event (EVT-LINK-MESSAGE, EVT-LINK-INFERRED). */
const MISSING_ON_OPERATION: Partial<Record<FaultId, { operation: string; type: string }>> = {
  'event-missing-on-message-create': { operation: 'message.create', type: 'message-created' },
  'event-missing-on-message-update': { operation: 'message.update', type: 'message-updated' },
  'event-missing-on-message-delete': { operation: 'message.delete', type: 'message-deleted' },
  'event-missing-on-channel-create': { operation: 'channel.create', type: 'channel-added' },
  'event-missing-on-guild-role-create': { operation: 'guild.role.create', type: 'guild-role-created' },
  'event-missing-on-reaction-create': { operation: 'reaction.create', type: 'reaction-added' },
  'event-missing-on-guild-member-kick': { operation: 'guild.member.kick', type: 'guild-member-removed' },
  'event-missing-on-channel-update': { operation: 'channel.update', type: 'channel-updated' },
  'event-missing-on-channel-delete': { operation: 'channel.delete', type: 'channel-removed' },
  'event-missing-on-guild-role-update': { operation: 'guild.role.update', type: 'guild-role-updated' },
  'event-missing-on-guild-role-delete': { operation: 'guild.role.delete', type: 'guild-role-deleted' },
  'event-missing-on-reaction-delete': { operation: 'reaction.delete', type: 'reaction-removed' },
  'event-missing-on-guild-member-role-set': {
    operation: 'guild.member.role.set',
    type: 'guild-member-updated',
  },
};

/** Name faults: the event goes out under a wrong name (EVT-NAMES). */
const WRONG_NAMES: Partial<Record<FaultId, Readonly<Record<string, string>>>> = {
  'event-name-message-create': { 'message-created': 'message-create' },
  'event-name-reaction-deleted': { 'reaction-removed': 'reaction-deleted' },
  'event-names-legacy': {
    'guild-added': 'group-added',
    'guild-updated': 'group-updated',
    'guild-removed': 'group-deleted',
    'guild-member-added': 'group-member-added',
    'guild-member-updated': 'group-member-updated',
    'guild-member-removed': 'group-member-deleted',
  },
};

/** The entries of a fault-keyed table, keys kept as FaultId. */
const faultEntries = <V>(table: Partial<Record<FaultId, V>>) => Object.entries(table) as [FaultId, V][];

const loginId = (login: Login): string | undefined => login.user?.id;

export class EventHub {
  readonly #options: EventHubOptions;
  readonly #faults: ReadonlySet<string>;
  readonly #tolerate: ToleranceSwitch;
  readonly #now: () => number;
  readonly #server = new WebSocketServer({ noServer: true });
  readonly #connections = new Set<Connection>();
  readonly #webhooks = new Map<string, Webhook>();
  /** Aborts in-flight webhook deliveries on close. */
  readonly #closing = new AbortController();
  #buffer: NumberedEvent[] = [];
  #lastSn = 0;

  constructor(options: EventHubOptions) {
    this.#options = options;
    this.#faults = options.faults ?? new Set();
    this.#tolerate = options.tolerate ?? (() => false);
    this.#now = options.now ?? Date.now;
    // Every delivery listens to it, and fetch lets its listener go only once the request is collected:
    // thousands in a long run with many events, no leak (a server kept across runs, npm run faults).
    setMaxListeners(0, this.#closing.signal);
  }

  /** Emits `type` with its resources to every login in `selfIds` (default: every login). */
  emit(type: string, resources: EventResources, options: EmitOptions = {}): void {
    if (this.#dropsCausedEvent(type, options.operation)) return;
    const logins = this.#options.logins();
    const targets = options.selfIds
      ? logins.filter((login) => options.selfIds!.includes(loginId(login) ?? ''))
      : logins;
    // §6 via the family's convention: each event once per login, the envelope's login says which.
    for (const login of targets) {
      const selfId = loginId(login);
      if (selfId === undefined) continue;
      this.#lastSn += 1;
      const event: NumberedEvent = {
        sn: this.#lastSn,
        selfId,
        body: this.#envelope(this.#lastSn, type, login, resources),
      };
      this.#remember(event);
      for (const connection of this.#connections) {
        if (!this.#receives(connection, selfId)) continue;
        send(connection.socket, Op.EVENT, event.body);
        this.#flushReplay(connection);
      }
      for (const webhook of this.#webhooks.values()) {
        if (webhook.options.enabled === false) continue;
        if (!webhook.options.selfIds || webhook.options.selfIds.includes(selfId)) {
          this.#deliver(webhook, event.body);
        }
      }
    }
  }

  /** Serves the WebSocket at `${basePath}/events` on `server` (its 'upgrade'); other upgrade paths get 404. */
  attach(server: Server, basePath = '/v1'): void {
    const eventsPath = `${basePath.replace(/\/+$/, '')}/events`;
    server.on('upgrade', (request, socket, head) => {
      socket.on('error', () => {});
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      if (pathname !== eventsPath) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.#server.handleUpgrade(request, socket, head, (webSocket) => {
        if (!this.#options.intercept?.(webSocket)) this.#accept(webSocket);
      });
    });
  }

  /** Registers (or replaces) a webhook: every later event is POSTed to `url`. */
  addWebhook(url: string, options: WebhookOptions = {}): void {
    if (this.#options.webhooks === false) return;
    this.#webhooks.set(url, { url, options, queue: this.#webhooks.get(url)?.queue ?? Promise.resolve() });
  }

  removeWebhook(url: string): boolean {
    return this.#webhooks.delete(url);
  }

  /** The URLs events are delivered to now. */
  webhookUrls(): string[] {
    return [...this.#webhooks.keys()];
  }

  /** Closes every socket and aborts pending webhook deliveries. Call before closing the HTTP server. */
  async close(): Promise<void> {
    this.#closing.abort();
    for (const connection of this.#connections) {
      clearTimeout(connection.identifyTimer);
      clearTimeout(connection.pendingReplay?.timer);
      clearTimeout(connection.slowReplay);
      connection.socket.terminate();
    }
    this.#connections.clear();
    await Promise.all([...this.#webhooks.values()].map((webhook) => webhook.queue));
    this.#webhooks.clear();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #fault(id: FaultId): boolean {
    return this.#faults.has(id);
  }

  #dropsCausedEvent(type: string, operation: string | undefined): boolean {
    return faultEntries(MISSING_ON_OPERATION).some(
      ([fault, link]) =>
        this.#fault(fault) && link.type === type && (operation === undefined || operation === link.operation),
    );
  }

  /** The EVENT body (de-facto envelope): sn, type, timestamp, login, resources at top level. */
  #envelope(sn: number, type: string, login: Login, resources: EventResources): Record<string, unknown> {
    const body = this.#envelopeFields(sn, type, login, resources);
    return this.#tolerate('extra-fields') ? (withExtraFields(body) as Record<string, unknown>) : body;
  }

  #envelopeFields(
    sn: number,
    type: string,
    login: Login,
    resources: EventResources,
  ): Record<string, unknown> {
    const lifted: Record<string, unknown> = {};
    for (const key of RESOURCE_KEYS) {
      // Resource faults: `event-<type>-no-<resource>` drops a required resource (EVT-<TYPE>, GEN-4).
      const dropped = droppedResourceFault(type, key);
      if (resources[key] !== undefined && !(dropped && this.#fault(dropped))) {
        lifted[key] = resources[key];
      }
    }
    const sentType =
      faultEntries(WRONG_NAMES).find(([fault, names]) => this.#fault(fault) && names[type])?.[1][type] ??
      this.#options.aliases?.get(type) ??
      type;
    const timestamp = this.#now();
    if (this.#fault('event-envelope-legacy') || this.#tolerate('legacy-event-envelope')) {
      // What older servers send: id instead of sn, platform + self_id instead of login.
      return {
        id: sn,
        type: sentType,
        platform: login.platform,
        self_id: loginId(login),
        timestamp,
        ...lifted,
      };
    }
    // Tolerance event-login-minimal: the login as the family documents it for non-login events.
    const sentLogin = this.#tolerate('event-login-minimal')
      ? { sn: login.sn, platform: login.platform, user: login.user }
      : login;
    return { sn: this.#sentSn(sn), type: sentType, timestamp, login: sentLogin, ...lifted };
  }

  /** The sn as sent; the sn faults break its strict increase (CONV-WS-SN). */
  #sentSn(sn: number): number {
    if (this.#fault('event-sn-repeated')) return Math.ceil(sn / 2);
    if (this.#fault('event-sn-decreasing')) return 1_000_000 - sn;
    return sn;
  }

  #remember(event: NumberedEvent): void {
    this.#buffer.push(event);
    // Tolerance replay-buffer-small: a ring of the last 20 events, as small buffers of real servers.
    const bound = this.#tolerate('replay-buffer-small') ? 20 : (this.#options.bufferSize ?? 1000);
    if (this.#buffer.length > bound) this.#buffer = this.#buffer.slice(-bound);
  }

  #receives(connection: Connection, selfId: string): boolean {
    if (!connection.selfIds) return this.#fault('ws-events-before-identify');
    return connection.selfIds.has(selfId);
  }

  #accept(socket: WebSocket): void {
    const connection: Connection = { socket };
    this.#connections.add(connection);
    connection.identifyTimer = setTimeout(() => {
      if (!connection.selfIds) socket.close(CLOSE_INVALID_FRAME, 'IDENTIFY not received in time');
    }, this.#options.identifyTimeoutMs ?? 10_000);
    socket.on('message', (data) => this.#receive(connection, data));
    // Fault (faults/events.ts): READY's body goes out at once, unasked, as an EVENT (op 0) with every login.
    if (this.#fault('ws-ready-unasked-op0')) send(socket, Op.EVENT, { logins: this.#options.logins() });
    socket.on('close', () => {
      clearTimeout(connection.identifyTimer);
      clearTimeout(connection.pendingReplay?.timer);
      clearTimeout(connection.slowReplay);
      this.#connections.delete(connection);
    });
    socket.on('error', () => socket.terminate());
  }

  #receive(connection: Connection, data: RawData): void {
    const frame = parseFrame(data);
    if (frame?.op === Op.PING) {
      if (!this.#fault('ws-no-pong')) send(connection.socket, Op.PONG);
    } else if (frame?.op === Op.IDENTIFY) {
      this.#identify(connection, frame.body ?? {});
    } else {
      connection.socket.close(CLOSE_INVALID_FRAME, 'invalid frame: expected JSON {op: 1 | 3, body}');
    }
  }

  #identify(connection: Connection, body: Record<string, unknown>): void {
    const token = typeof body.token === 'string' ? body.token : undefined;
    const logins = this.#options.logins();
    let granted = this.#options.authenticate(token);
    if (granted === undefined) {
      if (!this.#fault('ws-bad-token-accepted')) {
        connection.socket.close(CLOSE_AUTH_FAILED, 'authentication failed: check the token');
        return;
      }
      granted = logins.map((login) => loginId(login) ?? '');
    }
    const selfIds = new Set(typeof granted === 'string' ? [granted] : granted);
    clearTimeout(connection.identifyTimer);
    // Fault: IDENTIFY is taken (the socket stays open) and never answered: no READY, no event.
    if (this.#fault('ws-identify-unanswered')) return;
    connection.selfIds = selfIds;
    const ownLogins = logins.filter((login) => selfIds.has(loginId(login) ?? ''));
    const ready = this.#fault('ws-ready-no-logins') ? {} : { logins: ownLogins };
    // Faults: no READY at all, or only the unasked one sent as an EVENT on connection; events flow anyway.
    if (!this.#fault('ws-no-ready') && !this.#fault('ws-ready-unasked-op0'))
      send(connection.socket, Op.READY, this.#tolerate('extra-fields') ? withExtraFields(ready) : ready);
    // Resume: replay what the client missed, before any live event (older clients send `sequence`;
    // an older server reads only that, tolerance legacy-event-envelope).
    const resumeFrom = this.#tolerate('legacy-event-envelope')
      ? body.sequence
      : typeof body.sn === 'number'
        ? body.sn
        : body.sequence;
    const replays = !this.#fault('ws-resume-ignored') && !this.#tolerate('resume-replays-nothing');
    if (typeof resumeFrom === 'number' && replays && this.#tolerate('resume-replay-slow')) {
      const cache = this.#buffer.filter((event) => selfIds.has(event.selfId)).slice(-SLOW_REPLAY.cache);
      this.#replaySlowly(
        connection,
        cache.map((event) => event.body),
      );
    } else if (typeof resumeFrom === 'number' && replays) {
      const missed = this.#buffer.filter((event) => event.sn > resumeFrom && selfIds.has(event.selfId));
      if (this.#tolerate('resume-replay-paced') && missed.length > 0) {
        // Tolerance: the replay comes behind the next live event (or after a pause when none comes).
        const timer = setTimeout(() => this.#flushReplay(connection), PACED_REPLAY_MS);
        connection.pendingReplay = { events: missed.map((event) => event.body), timer };
      } else {
        for (const event of missed) send(connection.socket, Op.EVENT, event.body);
      }
    }
    this.#options.onIdentified?.();
  }

  /**
   * Tolerance resume-replay-slow: the whole cache, the oldest first (what the client had included), one
   * event per pause, live events going out meanwhile.
   */
  #replaySlowly(connection: Connection, bodies: Record<string, unknown>[]): void {
    const next = bodies.shift();
    if (next === undefined) return;
    connection.slowReplay = setTimeout(() => {
      send(connection.socket, Op.EVENT, next);
      this.#replaySlowly(connection, bodies);
    }, SLOW_REPLAY.pauseMs);
  }

  /** Sends a paced replay (tolerance resume-replay-paced) once, after a live event or its pause. */
  #flushReplay(connection: Connection): void {
    const pending = connection.pendingReplay;
    if (!pending) return;
    connection.pendingReplay = undefined;
    clearTimeout(pending.timer);
    for (const body of pending.events) send(connection.socket, Op.EVENT, body);
  }

  #deliver(webhook: Webhook, body: Record<string, unknown>): void {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!this.#fault('webhook-no-opcode')) headers['satori-opcode'] = String(Op.EVENT);
    if (webhook.options.token && !this.#fault('webhook-no-auth')) {
      headers.authorization = `Bearer ${webhook.options.token}`;
    }
    const payload = JSON.stringify(body);
    const pauseMs = this.#tolerate('webhook-delivery-lagging') ? LAGGING_DELIVERY_PAUSE_MS : 0;
    // One queue per receiver keeps its order; a slow receiver holds back no other. A failing or slow
    // receiver must not break the server: errors are swallowed, close() aborts.
    webhook.queue = webhook.queue
      .then(async () => {
        if (pauseMs) await delay(pauseMs, undefined, { signal: this.#closing.signal });
        const response = await fetch(webhook.url, {
          method: 'POST',
          headers,
          body: payload,
          signal: this.#closing.signal,
        });
        await response.body?.cancel();
      })
      .catch(() => {});
  }
}

/** Tolerance webhook-delivery-lagging: the pause before each delivery. */
const LAGGING_DELIVERY_PAUSE_MS = 25;

function parseFrame(data: RawData): { op: number; body?: Record<string, unknown> } | undefined {
  try {
    const frame = JSON.parse(data.toString());
    if (typeof frame !== 'object' || frame === null || typeof frame.op !== 'number') return undefined;
    if (frame.body !== undefined && (typeof frame.body !== 'object' || frame.body === null)) return undefined;
    return frame;
  } catch {
    return undefined;
  }
}

function send(socket: WebSocket, op: number, body?: unknown): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify(body === undefined ? { op } : { op, body }));
}
