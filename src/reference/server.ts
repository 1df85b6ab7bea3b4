/**
 * The embedded reference implementation: a real node:http server speaking the interface (§4) at
 * {origin}/v1 over a seeded in-memory world, with the de-facto conventions filling the spec's gaps
 * (JSON, Bearer tokens, identity headers, 404/405/401/403 statuses). See contract.ts for the API.
 *
 * startReference composes the parts, each in its own file: options.ts (validation), assembly.ts (the
 * world's seeding and wiring), identities.ts (tokens, authentication), pipeline.ts (one interface
 * request: latency, auth, rate limit, transport faults and tolerances), routing.ts (operation lookup,
 * 404/405/501), control-endpoint.ts ({origin}/_reference), http.ts (replies, bodies); here: listen, close.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withArchetype } from './archetype.js';
import { assemble } from './assembly.js';
import type { ReferenceOptions, ReferenceServer } from './contract.js';
import { handleControl } from './control-endpoint.js';
import { BASE_PATH, CONTROL_PATH, errorReply, type Reply, send } from './http.js';
import { loginRoutes } from './operations/logins.js';
import { resolveOptions, switchFaults } from './options.js';
import { interfaceHandler } from './pipeline.js';
import { answerVacuously } from './vacuity.js';
import { webhookRegistration } from './webhook-registration.js';
import { SEED } from './world.js';

export { BASE_PATH, CONTROL_PATH } from './http.js';
export { DEFAULT_TOKENS } from './identities.js';
export { DEFAULT_LIMIT_BOUND } from './options.js';

export async function startReference(given: ReferenceOptions = {}): Promise<ReferenceServer> {
  // An archetype (archetype.ts) is a set of options: composed first, the options given beside it win.
  const { options, truth } = withArchetype(given);
  const settings = resolveOptions(options);
  const parts = assemble(settings, options);
  const { world, identities, hub } = parts;
  const api = interfaceHandler({
    settings,
    identities,
    handlers: {
      ...parts.operations.handlers,
      ...loginRoutes(parts.logins),
      ...(settings.shape.webhook
        ? webhookRegistration(hub, settings.tolerate, identities.identities.self.token)
        : {}),
    },
    intercept: options.intercept,
  });
  const controlParts = { ...parts, tolerate: settings.tolerate };
  const server = createServer((request, response) => {
    response.setHeader('keep-alive', 'timeout=5');
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const isControl = pathname.startsWith(`${CONTROL_PATH}/`);
    const limits: Record<string, string> = {};
    const reply: Promise<Reply> = settings.vacuity
      ? // A do-nothing server (vacuity.ts): the interface and the trigger alike, no routing, no authentication.
        answerVacuously(request, pathname, settings.vacuity)
      : isControl
        ? handleControl(request, pathname, controlParts)
        : api.handle(request, pathname, limits);
    reply
      .catch((error) => errorReply(error, !isControl && settings.tolerate('errors-500-text-plain')))
      // Fault (faults/http.ts): errors answered 200 with their message as the body.
      .then((answer) =>
        !isControl &&
        answer.status >= 400 &&
        answer.status !== 429 &&
        settings.fault('errors-200-message-body')
          ? { status: 200, body: { message: answer.raw ?? (answer.body as { message?: string }).message } }
          : answer,
      )
      .then((answer) => send(response, { ...answer, headers: { ...limits, ...answer.headers } }));
  });
  // An idle connection is kept 30 s, but 5 s is what the server hints (Node's default, see the handler):
  // clients drop theirs after 3 s (fetch), long before the server would close one. Closing at the hinted
  // 5 s, a client whose loop lags sends on a connection the server is closing and gets a reset — seen
  // under 200 concurrent requests beside CI's other work. Hinting 30 s would keep a client process that
  // used fetch alive for 28 s. close() still ends every connection at once.
  server.keepAliveTimeout = 30_000;
  // A do-nothing server has no event stream: an upgrade is answered as any other request.
  // A server without a WebSocket (ReferenceOptions.eventTransports): {base}/events is an unknown path.
  if (!settings.vacuity && settings.shape.ws) hub.attach(server, BASE_PATH);
  const authority = await listen(server, settings.host, settings.port);

  let closed: Promise<void> | undefined;
  return {
    baseUrl: `http://${authority}${BASE_PATH}`,
    eventsUrl: `ws://${authority}${BASE_PATH}/events`,
    controlUrl: `http://${authority}${CONTROL_PATH}`,
    identities: identities.identities,
    variants: settings.variants,
    get faults() {
      return [...settings.faults];
    },
    refault: (faults) => switchFaults(settings, faults),
    tolerances: [...settings.tolerances],
    dirty: [...settings.dirt],
    ...(settings.vacuity ? { vacuity: settings.vacuity } : {}),
    ...(truth ? { archetype: truth } : {}),
    limitBound: settings.limitBound,
    sandbox: { guildId: SEED.guild1, channelId: SEED.historyChannel },
    snapshot: () => world.snapshot(Date.now()),
    webhooks: () => hub.webhookUrls(),
    close() {
      closed ??= (async () => {
        api.abort();
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

/** Listens on host:port (0: a free port) and returns the authority it got, host:port ([v6]:port). */
async function listen(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}
