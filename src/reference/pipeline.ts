/**
 * One interface request, from arrival to reply, in the order a platform answers it: latency, routing
 * (routing.ts), authentication (identities.ts), the body, the rate limit, the intercept hook, the
 * operation, and the result's shape on the wire (§4.8, §7; the transport-level faults and tolerances).
 */
import { setMaxListeners } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { ReferenceIdentity, ReferenceOptions } from './contract.js';
import { flatHeaders, parseBody, type Reply, rateLimitedReply, readBody } from './http.js';
import { authenticate, type Identities } from './identities.js';
import type { Handler } from './operations/base.js';
import type { Settings } from './options.js';
import { AcceptedAnyway, Fields, HttpError } from './request.js';
import { checkImplemented, routeOperation, unservedReply } from './routing.js';
import { withExtraFields } from './tolerances/wire.js';

export interface InterfaceParts {
  settings: Settings;
  identities: Identities;
  handlers: Readonly<Record<string, Handler>>;
  intercept: ReferenceOptions['intercept'];
}

/** The interface's handler, and `abort` to end the latency delays still pending (on close). */
export function interfaceHandler(parts: InterfaceParts): {
  handle: (request: IncomingMessage, pathname: string, limits: Record<string, string>) => Promise<Reply>;
  abort: () => void;
} {
  /** Aborts pending latency delays on close, so no timer outlives the server. */
  const closing = new AbortController();
  // Every request in flight waits on it: as many listeners as requests at once, which is no leak.
  setMaxListeners(0, closing.signal);
  const { latencyMs } = parts.settings;
  return {
    /** `limits` receives the rate-limit headers of the request (sent with whatever the reply is). */
    handle: async (request, pathname, limits) => {
      if (latencyMs > 0) await delay(latencyMs, undefined, { signal: closing.signal });
      return handleInterface(request, pathname, limits, parts);
    },
    abort: () => closing.abort(),
  };
}

async function handleInterface(
  request: IncomingMessage,
  pathname: string,
  limits: Record<string, string>,
  { settings, identities, handlers, intercept }: InterfaceParts,
): Promise<Reply> {
  const { fault, tolerate, rateLimiter } = settings;
  const route = routeOperation(request, pathname, handlers, fault);
  if (!('operation' in route)) return route;
  const { operation, handler } = route;
  const unserved = settings.unserved.get(operation);
  // A route miss comes before authentication, as for an unknown operation; the others after it.
  if (unserved === '404-text' || unserved === '404-json') return unservedReply(operation, unserved);
  const caller = authenticate(request, identities, fault, tolerate);
  if (unserved) return unservedReply(operation, unserved);
  checkImplemented(operation, fault, tolerate);
  const body = parseBody(await readBody(request), fault('malformed-json-500'));
  const limited = rateLimiter?.take(
    caller.token,
    operation,
    body.channel_id,
    request.socket.remoteAddress ?? '',
  );
  if (limited) Object.assign(limits, limited.headers);
  if (limited?.retryAfterSeconds !== undefined) return rateLimitedReply(limited.retryAfterSeconds);
  const intercepted = intercept?.({
    operation,
    fields: body,
    identity: caller,
    headers: flatHeaders(request),
  });
  if (intercepted)
    return {
      status: intercepted.status ?? 200,
      body: intercepted.body,
      ...(intercepted.headers ? { headers: intercepted.headers } : {}),
    };
  return callOperation(operation, handler, caller, body, settings);
}

/** Runs the operation and puts its result on the wire as the transport faults and tolerances say. */
function callOperation(
  operation: string,
  handler: Handler,
  caller: ReferenceIdentity,
  body: Record<string, unknown>,
  { fault, tolerate }: Settings,
): Reply {
  let result: unknown;
  try {
    result = handler(caller.userId, new Fields(operation, body, fault));
  } catch (error) {
    if (error instanceof AcceptedAnyway)
      return error.raw === undefined ? { status: 200, body: {} } : { status: 200, raw: error.raw };
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
  // Fault (faults/http.ts): a young server's envelope around every result, lists included.
  if (fault('results-data-envelope')) result = { data: result };
  return { status: 200, body: result, textPlain: fault('results-text-plain') };
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
