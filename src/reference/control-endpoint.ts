/**
 * The control endpoint's HTTP side, {origin}/_reference: the trigger (control.ts causes what no operation
 * can), webhook registration and the world's state, behind any token serve printed.
 */
import type { IncomingMessage } from 'node:http';
import { type Control, REQUEST_EVENTS } from './control.js';
import type { EventHub } from './events/hub.js';
import { bearerToken, CONTROL_PATH, parseBody, type Reply, readBody } from './http.js';
import type { Identities } from './identities.js';
import { Fields, HttpError } from './request.js';
import type { ToleranceId } from './tolerances/index.js';
import type { World } from './world.js';

/** The trigger tolerances that cause only the request events, and their answer to any other event. */
export const REQUESTS_ONLY_STATUS = [
  ['trigger-requests-only', 501],
  ['trigger-requests-only-400', 400],
  ['trigger-requests-only-404', 404],
] as const;

export interface ControlEndpointParts {
  world: World;
  control: Control;
  hub: EventHub;
  identities: Identities;
  tolerate: (id: ToleranceId) => boolean;
}

/** Answers one request under CONTROL_PATH. */
export async function handleControl(
  request: IncomingMessage,
  pathname: string,
  { world, control, hub, identities, tolerate }: ControlEndpointParts,
): Promise<Reply> {
  const token = bearerToken(request);
  if (token === undefined || !identities.byToken.has(token)) {
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
    const url = new Fields('webhooks', parseBody(await readBody(request), false), () => false).string('url');
    if (!/^https?:\/\//.test(url)) throw new HttpError(400, 'bad-request', 'url must be an http(s) URL.');
    if (request.method === 'DELETE') return { status: 200, body: { removed: hub.removeWebhook(url) } };
    hub.addWebhook(url, { token: identities.identities.self.token });
    return { status: 200, body: {} };
  }
  throw new HttpError(
    404,
    'not-found',
    `No control route '${route}'; use POST ${CONTROL_PATH}/trigger, POST|DELETE ${CONTROL_PATH}/webhooks or GET ${CONTROL_PATH}/state.`,
  );
}

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
