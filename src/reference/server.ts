/**
 * The embedded reference implementation: a real node:http server speaking the interface (§4) at
 * {origin}/v1 over a seeded in-memory world, with the de-facto conventions filling the spec's gaps
 * (JSON, Bearer tokens, identity headers, 404/405/401/403 statuses). See contract.ts for the API.
 */
import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigurationError } from '../../spec/errors.js';
import {
  type ReferenceIdentity,
  type ReferenceOptions,
  type ReferenceServer,
  VARIANT_POINTS,
  type VariantPoint,
  type Variants,
} from './contract.js';
import { Control, REQUEST_EVENTS } from './control.js';
import { applyDirt, resolveDirt } from './dirty.js';
import { EventHub, type Login } from './events/hub.js';
import { type FaultId, faultCatalogue } from './faults/index.js';
import { Operations } from './operations/index.js';
import { RateLimiter } from './rate-limit.js';
import { AcceptedAnyway, Fields, HttpError } from './request.js';
import { resolveTolerances, type ToleranceId } from './tolerances/index.js';
import { withExtraFields } from './tolerances/wire.js';
import { Views } from './views.js';
import { PLATFORM, SEED, seedWorld } from './world.js';

export const BASE_PATH = '/v1';
export const CONTROL_PATH = '/_reference';
export const DEFAULT_LIMIT_BOUND = 100;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The seeded identities' default tokens; `options.token` replaces the bot's. Public constants, but they
 * look like tokens (no words): a run redacts long pieces of its tokens, and 'reference' is a word.
 */
export const DEFAULT_TOKENS = {
  self: 'rf_7Qm2xKv9PdL4wZ8nB3tY',
  peer: 'rf_8Hs2Lq5nT1bW6yR3jK0e',
  third: 'rf_5Vn9Gd2Pz7Mc4Xt1Ra8u',
} as const;

/** The tokens of earlier versions, still accepted for the same identities (scripts that name them). */
const LEGACY_TOKENS = {
  self: 'reference-self-token',
  peer: 'reference-peer-token',
  third: 'reference-third-token',
} as const;

type IdentityName = 'self' | 'peer' | 'third';

export async function startReference(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const faults = checkFaults(options.faults ?? []);
  const tolerances = resolveTolerances(options.tolerances ?? []);
  const tolerate = (id: ToleranceId): boolean => tolerances.has(id);
  const variants = resolveVariants(options.variants ?? {});
  const limitBound = options.limitBound ?? DEFAULT_LIMIT_BOUND;
  if (!Number.isInteger(limitBound) || limitBound < 1) {
    throw new ConfigurationError(`limitBound must be a positive integer, got ${limitBound}.`);
  }
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) {
    throw new ConfigurationError(`latencyMs must be a number of milliseconds >= 0, got ${latencyMs}.`);
  }
  const rateLimiter = options.rateLimit === undefined ? undefined : new RateLimiter(options.rateLimit);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const extraGuilds = options.guilds ?? 0;
  if (!Number.isInteger(extraGuilds) || extraGuilds < 0) {
    throw new ConfigurationError(`guilds must be an integer >= 0, got ${extraGuilds}.`);
  }

  const extraMessages = options.messages ?? 0;
  if (!Number.isInteger(extraMessages) || extraMessages < 0) {
    throw new ConfigurationError(`messages must be an integer >= 0, got ${extraMessages}.`);
  }
  const dirt = resolveDirt(options.dirty);
  const world = seedWorld(extraGuilds, extraMessages);
  applyDirt(world, dirt, Date.now());
  const identity = (name: IdentityName, token: string): ReferenceIdentity => {
    const userId = SEED[name];
    return { token, userId, platform: PLATFORM, name: world.users.get(userId)!.name };
  };
  const identities = {
    self: identity('self', options.token ?? DEFAULT_TOKENS.self),
    peer: identity('peer', DEFAULT_TOKENS.peer),
    third: identity('third', DEFAULT_TOKENS.third),
  };
  const tokens = new Set(Object.values(identities).map((entry) => entry.token));
  if (tokens.size !== 3) throw new ConfigurationError('token must differ from the peer and third tokens.');
  const byToken = new Map(Object.values(identities).map((entry) => [entry.token, entry]));
  for (const name of ['self', 'peer', 'third'] as const)
    if (name !== 'self' || options.token === undefined) byToken.set(LEGACY_TOKENS[name], identities[name]);

  const fault = (id: FaultId): boolean => faults.has(id);
  const views = new Views(world, fault, variants, tolerate);
  const login = (entry: ReferenceIdentity): Login => ({
    // De-facto Login.sn: the login's sequence number on this server (1 self, 2 peer, 3 third).
    sn: Object.values(identities).indexOf(entry) + 1,
    adapter: 'reference',
    platform: entry.platform,
    user: views.userById(entry.userId) as Login['user'],
    status: 1,
    // The de-facto feature list: the operations this server implements (fewer on a partial platform).
    features: Object.keys(operations.handlers).filter(
      (operation) => !(tolerate('partial-platform') && partialPlatformLacks(operation)),
    ),
  });
  const hub = new EventHub({
    faults,
    tolerate,
    ...(options.interceptEvents ? { intercept: options.interceptEvents } : {}),
    logins: () => Object.values(identities).map(login),
    authenticate: (token) => {
      const userId = token === undefined ? undefined : byToken.get(token)?.userId;
      // Tolerance: one app token covers every login, so the socket gets each event once per login.
      if (userId !== undefined && tolerate('events-once-per-login')) {
        return Object.values(identities).map((entry) => entry.userId);
      }
      return userId;
    },
  });
  const operations = new Operations({
    world,
    views,
    fault,
    hub,
    variants,
    limitBound,
    tolerate,
    identityIds: Object.values(identities).map((entry) => entry.userId),
    now: Date.now,
  });
  const control = new Control(world, views, operations, {
    selfId: SEED.self,
    thirdId: SEED.third,
    inviteFromNewGuild: REQUESTS_ONLY_STATUS.some(([id]) => tolerate(id)),
    requestMessageIdOnly: tolerate('request-message-id-only'),
    ...(tolerate('trigger-invites-from-one-guild') || dirt.has('guild-joined')
      ? { inviteFrom: SEED.outsideGuild }
      : {}),
  });

  /** The identity a request acts as: its Bearer token, confirmed by the optional identity headers. */
  const authenticate = (request: IncomingMessage): ReferenceIdentity => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    const caller = match ? byToken.get(match[1].trim()) : undefined;
    if (!caller) {
      if (fault('wrong-token-accepted')) return identities.self;
      throw new HttpError(
        tolerate('auth-403') ? 403 : 401,
        'unauthorized',
        match
          ? 'The Bearer token is not known; send one printed by `conformance serve`.'
          : 'Send Authorization: Bearer <token> (the tokens are printed by `conformance serve`).',
      );
    }
    // De-facto: Satori-Platform/Satori-User-ID, older X-Platform/X-Self-ID; either pair, or both.
    const pairs = [
      ['satori-platform', 'satori-user-id'],
      ['x-platform', 'x-self-id'],
    ];
    if (tolerate('legacy-identity-headers')) {
      // Tolerance: an older server reads only the X-* pair and finds no bot without it.
      pairs.splice(0, 1);
      if (header(request, 'x-platform') === undefined || header(request, 'x-self-id') === undefined) {
        throw new HttpError(403, 'forbidden', 'Send X-Platform and X-Self-ID to pick the bot account.');
      }
    }
    // De-facto: the bot's token is the app's; it hosts every login of the server, and the user id
    // header picks one (the peer's login behind the bot's token). Another login's token is its own only.
    const logins = caller === identities.self ? Object.values(identities) : [caller];
    let acting = caller;
    for (const [platformHeader, userHeader] of pairs) {
      const platform = header(request, platformHeader);
      const userId = header(request, userHeader);
      if (platform !== undefined && platform !== caller.platform) {
        throw new HttpError(
          403,
          'forbidden',
          `No bot on platform '${platform}' here; send ${platformHeader}: ${caller.platform}.`,
        );
      }
      if (userId === undefined) continue;
      const login = logins.find((entry) => entry.userId === userId);
      if (!login || (acting !== caller && login !== acting)) {
        throw new HttpError(
          403,
          'forbidden',
          `${userHeader} '${userId}' is not a login of this token (${logins.map((entry) => entry.userId).join(', ')}); send one of those, or the token of that user.`,
        );
      }
      acting = login;
    }
    return acting;
  };

  /** Aborts pending latency delays on close, so no timer outlives the server. */
  const closing = new AbortController();
  // Every request in flight waits on it: as many listeners as requests at once, which is no leak.
  setMaxListeners(0, closing.signal);
  /** `limits` receives the rate-limit headers of the request (sent with whatever the reply is). */
  const handleInterface = async (
    request: IncomingMessage,
    pathname: string,
    limits: Record<string, string>,
  ): Promise<Reply> => {
    if (latencyMs > 0) await delay(latencyMs, undefined, { signal: closing.signal });
    const operation = pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length + 1) : undefined;
    const misrouted = fault('dotted-paths-not-found') && (operation?.split('.').length ?? 0) > 2;
    const handler = operation === undefined || misrouted ? undefined : operations.handlers[operation];
    // De-facto: an unknown operation is answered 404 before authentication.
    if (!handler || operation === undefined) {
      if (fault('unknown-operation-200') && !misrouted) return { status: 200, body: {} };
      throw new HttpError(
        404,
        'not-found',
        `No operation at '${pathname}'; operations are POST ${BASE_PATH}/<resource>.<action>, e.g. ${BASE_PATH}/message.create (§4).`,
      );
    }
    if (request.method !== 'POST') {
      throw new HttpError(
        405,
        'method-not-allowed',
        `${operation} takes POST (§1 rule 1), not ${request.method}.`,
      );
    }
    const caller = authenticate(request);
    // Tolerance: a bridge lacks what its platform lacks (and says so in login.features); the fault declares
    // an operation it does not implement.
    if (
      (tolerate('partial-platform') && partialPlatformLacks(operation)) ||
      (fault('declared-operation-501') && operation === 'friend.list')
    ) {
      throw new HttpError(501, 'not-implemented', `${operation} is not implemented by this adapter.`);
    }
    const body = parseBody(await readBody(request), fault('malformed-json-500'));
    const limited = rateLimiter?.take(caller.token, operation, body.channel_id);
    if (limited) Object.assign(limits, limited.headers);
    if (limited?.retryAfterSeconds !== undefined) return rateLimitedReply(limited.retryAfterSeconds);
    const intercepted = options.intercept?.({
      operation,
      fields: body,
      identity: caller,
      headers: flatHeaders(request),
    });
    if (intercepted) return { status: intercepted.status ?? 200, body: intercepted.body };
    let result: unknown;
    try {
      result = handler(caller.userId, new Fields(operation, body, fault));
    } catch (error) {
      if (error instanceof AcceptedAnyway) return { status: 200, body: {} };
      // Tolerance: whatever an operation throws is a 500 (§7 shows no status codes).
      if (error instanceof HttpError && tolerate('errors-500-text-plain')) {
        throw new HttpError(500, 'internal', error.message);
      }
      throw error;
    }
    if (result === undefined) {
      // §4.8: no stated return → 200 with an empty JSON object, or what the tolerances answer instead.
      if (tolerate('void-empty-body')) return { status: 200, raw: '' };
      if (tolerate('void-text-plain-ok')) return { status: 200, raw: 'OK' };
      result = {};
    }
    if (tolerate('list-markers-null')) result = withNullMarkers(operation, result);
    if (tolerate('extra-fields')) result = withExtraFields(result);
    return { status: 200, body: result, textPlain: fault('results-text-plain') };
  };

  const handleControl = async (request: IncomingMessage, pathname: string): Promise<Reply> => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!match || !byToken.has(match[1].trim())) {
      throw new HttpError(
        401,
        'unauthorized',
        "The control endpoint needs Authorization: Bearer <a token serve printed>; with conformance, pass --trigger-header 'Authorization: Bearer <token>' (serve prints the whole command).",
      );
    }
    const route = `${request.method} ${pathname.slice(CONTROL_PATH.length)}`;
    if (route === 'GET /state') return { status: 200, body: world.snapshot(Date.now()) };
    if (route === 'POST /trigger')
      return triggerReply(control, parseBody(await readBody(request), false), tolerate);
    if (route === 'POST /webhooks' || route === 'DELETE /webhooks') {
      const url = new Fields('webhooks', parseBody(await readBody(request), false), () => false).string(
        'url',
      );
      if (!/^https?:\/\//.test(url)) throw new HttpError(400, 'bad-request', 'url must be an http(s) URL.');
      if (request.method === 'DELETE') return { status: 200, body: { removed: hub.removeWebhook(url) } };
      hub.addWebhook(url, { token: identities.self.token });
      return { status: 200, body: {} };
    }
    throw new HttpError(
      404,
      'not-found',
      `No control route '${route}'; use POST ${CONTROL_PATH}/trigger, POST|DELETE ${CONTROL_PATH}/webhooks or GET ${CONTROL_PATH}/state.`,
    );
  };

  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const isControl = pathname.startsWith(`${CONTROL_PATH}/`);
    const handle = isControl ? handleControl : handleInterface;
    const limits: Record<string, string> = {};
    handle(request, pathname, limits)
      .catch((error) => errorReply(error, !isControl && tolerate('errors-500-text-plain')))
      .then((reply) => send(response, { ...reply, headers: { ...limits, ...reply.headers } }));
  });
  hub.attach(server, BASE_PATH);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const authority = `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  let closed: Promise<void> | undefined;
  return {
    baseUrl: `http://${authority}${BASE_PATH}`,
    eventsUrl: `ws://${authority}${BASE_PATH}/events`,
    controlUrl: `http://${authority}${CONTROL_PATH}`,
    identities,
    variants,
    faults: [...faults],
    tolerances: [...tolerances],
    dirty: [...dirt],
    limitBound,
    sandbox: { guildId: SEED.guild1, channelId: SEED.historyChannel },
    snapshot: () => world.snapshot(Date.now()),
    close() {
      closed ??= (async () => {
        closing.abort();
        await hub.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closed;
    },
  };
}

interface Reply {
  status: number;
  body?: unknown;
  textPlain?: boolean;
  /** A body sent as is (text/plain; no content type when empty) instead of JSON. */
  raw?: string;
  headers?: Record<string, string>;
}

/** 429 as platforms send it: Retry-After in whole seconds (RFC 9110 §10.2.3), the exact wait in the body. */
function rateLimitedReply(seconds: number): Reply {
  return {
    status: 429,
    body: {
      code: 'rate-limited',
      message: 'Too many requests; wait Retry-After seconds.',
      retry_after: seconds,
    },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  };
}

function errorReply(error: unknown, textPlain = false): Reply {
  if (error instanceof HttpError) {
    const headers: Record<string, string> = error.status === 405 ? { allow: 'POST' } : {};
    // Tolerance errors-500-text-plain: error bodies are the bare message, as the family's servers send.
    if (textPlain) return { status: error.status, raw: error.message, headers };
    return { status: error.status, body: { code: error.code, message: error.message }, headers };
  }
  // A defect of the reference itself: say so rather than hide it.
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, body: { code: 'internal', message: `Reference implementation defect: ${message}` } };
}

function send(response: ServerResponse, reply: Reply): void {
  const text = reply.raw ?? JSON.stringify(reply.body);
  const plain = reply.raw !== undefined || reply.textPlain;
  response.writeHead(reply.status, {
    ...(text === '' && reply.raw !== undefined
      ? {}
      : { 'content-type': plain ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8' }),
    'content-length': Buffer.byteLength(text),
    ...reply.headers,
  });
  response.end(text);
}

/** Tolerance list-markers-null: an absent marker is sent as null (message.list has prev too). */
function withNullMarkers(operation: string, result: unknown): unknown {
  if (typeof result !== 'object' || result === null || !Array.isArray((result as { data?: unknown }).data)) {
    return result;
  }
  const page = { ...(result as Record<string, unknown>) };
  page.next ??= null;
  if (operation === 'message.list') page.prev ??= null;
  return page;
}

/** The trigger tolerances that cause only the request events, and their answer to any other event. */
/** What a bridge to a platform without friends, reactions, roles and guild invitations lacks (tolerance partial-platform). */
const partialPlatformLacks = (operation: string): boolean =>
  /^(friend|reaction|guild\.role|guild\.member\.role)\./.test(operation) || operation === 'guild.approve';

const REQUESTS_ONLY_STATUS = [
  ['trigger-requests-only', 501],
  ['trigger-requests-only-400', 400],
  ['trigger-requests-only-404', 404],
] as const;

/** The trigger's answer; the trigger tolerances change what it can cause and what it says. */
function triggerReply(
  control: Control,
  body: Record<string, unknown>,
  tolerate: (id: ToleranceId) => boolean,
): Reply {
  if (tolerate('trigger-invites-from-one-guild') && body.event === 'guild-removed') {
    throw new HttpError(501, 'not-implemented', "This trigger cannot cause 'guild-removed'.");
  }
  const requestsOnly = REQUESTS_ONLY_STATUS.find(([id]) => tolerate(id));
  if (requestsOnly && !(REQUEST_EVENTS as readonly unknown[]).includes(body.event)) {
    throw new HttpError(
      requestsOnly[1],
      'not-implemented',
      `This trigger cannot cause '${String(body.event)}'; it causes only ${REQUEST_EVENTS.join(', ')}.`,
    );
  }
  const answer = control.trigger(body);
  if (tolerate('trigger-answers-nothing')) return { status: 200, raw: '' };
  if (tolerate('trigger-answers-id-only')) {
    return { status: 200, body: { id: answer.request_id ?? answer.user_id ?? answer.guild_id } };
  }
  return { status: 200, body: answer };
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, 'payload-too-large', `The body exceeds ${MAX_BODY_BYTES} bytes; send less.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON object of the named fields (§1 rule 2); an empty body means no fields. */
function parseBody(text: string, malformedIs500: boolean): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (malformedIs500) throw new HttpError(500, 'internal', `SyntaxError: ${(error as Error).message}`);
    throw new HttpError(
      400,
      'bad-request',
      `The body is not valid JSON (${(error as Error).message}); send a JSON object of the operation's fields.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(
      400,
      'bad-request',
      "The body must be a JSON object of the operation's named fields (§1 rule 2).",
    );
  }
  return value as Record<string, unknown>;
}

function checkFaults(ids: readonly string[]): ReadonlySet<string> {
  const known: ReadonlySet<string> = new Set(faultCatalogue.map((entry) => entry.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `Unknown fault id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; list the known ones with \`conformance serve --list-faults\`.`,
    );
  }
  return new Set(ids);
}

function resolveVariants(chosen: Partial<Variants>): Variants {
  const resolved: Record<string, string> = {};
  for (const [point, values] of Object.entries(VARIANT_POINTS) as [VariantPoint, readonly string[]][]) {
    const value = chosen[point] ?? values[0];
    if (!values.includes(value)) {
      throw new ConfigurationError(`Variant ${point} must be one of ${values.join(', ')}, got '${value}'.`);
    }
    resolved[point] = value;
  }
  for (const point of Object.keys(chosen)) {
    if (!(point in VARIANT_POINTS)) {
      throw new ConfigurationError(
        `Unknown variant point '${point}'; known: ${Object.keys(VARIANT_POINTS).join(', ')}.`,
      );
    }
  }
  return resolved as Variants;
}
