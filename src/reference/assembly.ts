/**
 * The reference's parts, seeded and wired: the in-memory world (with its extra guilds and messages and the
 * dirt), the logins, and over them the views, the event hub, the operations and the trigger's control.
 */
import type { FeaturesSource, ReferenceIdentity, ReferenceOptions } from './contract.js';
import { Control } from './control.js';
import { REQUESTS_ONLY_STATUS } from './control-endpoint.js';
import { applyDirt, LEFTOVER_WEBHOOK_URL } from './dirty.js';
import { EventHub, type Login } from './events/hub.js';
import { type Identities, seedIdentities } from './identities.js';
import { Operations } from './operations/index.js';
import type { LoginsAt } from './operations/logins.js';
import type { Settings } from './options.js';
import { partialPlatformLacks } from './routing.js';
import { Views } from './views.js';
import { SEED, seedWorld, type World } from './world.js';

/** The helper operations login.features leaves out under the tolerance features-lack-helpers (they still answer). */
const FEATURES_LACK_HELPERS: ReadonlySet<string> = new Set([
  'channel.create',
  'guild.role.create',
  'guild.role.delete',
  'friend.delete',
]);

export interface Parts {
  world: World;
  identities: Identities;
  views: Views;
  hub: EventHub;
  operations: Operations;
  control: Control;
  /** The logins the server hosts, as READY, login.get or meta shows them (operations/logins.ts). */
  logins: LoginsAt;
}

export function assemble(settings: Settings, options: ReferenceOptions): Parts {
  const { fault, tolerate, variants, dirt } = settings;
  const world = seedWorld(settings.guilds, settings.messages);
  applyDirt(world, dirt, Date.now());
  const { shape } = settings;
  const identities = seedIdentities(world, options.token, shape);
  const everyone = identities.hosted;
  const views = new Views(world, fault, variants, tolerate, shape);
  const hub: EventHub = new EventHub({
    faults: settings.faults,
    tolerate,
    aliases: shape.eventAliases,
    webhooks: shape.webhook,
    ...(options.interceptEvents ? { intercept: options.interceptEvents } : {}),
    // Called later (an event, a READY), when `operations` below exists.
    logins: () => logins('ready'),
    authenticate: (token) => {
      const userId = token === undefined ? undefined : identities.byToken.get(token)?.userId;
      // Tolerance: one app token covers every login, so the socket gets each event once per login.
      if (userId !== undefined && tolerate('events-once-per-login')) {
        return everyone.map((entry) => entry.userId);
      }
      return userId;
    },
  });
  // Dirty item webhook: the registration an interrupted run never removed, with the token it made up.
  if (dirt.has('webhook')) hub.addWebhook(LEFTOVER_WEBHOOK_URL, { token: 'token-of-an-earlier-run' });
  const operations: Operations = new Operations({
    world,
    views,
    fault,
    hub,
    variants,
    limitBound: settings.limitBound,
    tolerate,
    identityIds: Object.values(identities.identities).map((entry) => entry.userId),
    now: Date.now,
  });
  const control = new Control(world, views, operations, {
    selfId: SEED.self,
    thirdId: SEED.third,
    inviteFromNewGuild: REQUESTS_ONLY_STATUS.some(([id]) => tolerate(id)),
    requestMessageIdOnly: tolerate('request-message-id-only'),
    addedJoinsExisting: tolerate('trigger-joins-existing-guild'),
    // Where the bot is in every guild, no guild is left to invite it from: the trigger refuses (409).
    ...(tolerate('trigger-invites-from-one-guild') || (dirt.has('guild-joined') && !dirt.has('every-guild'))
      ? { inviteFrom: SEED.outsideGuild }
      : {}),
  });
  // A server that serves one login (tolerances one-login-*) hosts the bot's alone; meta lists it only.
  const hosted = (source: FeaturesSource) =>
    source === 'meta' && (tolerate('one-login-ignores-identity') || tolerate('one-login-refuses-others'))
      ? [identities.identities.self]
      : everyone;
  const logins: LoginsAt = (source) =>
    hosted(source).map((entry) => {
      const login = loginOf(entry, everyone, views, operations, settings);
      if (settings.featuresIn.has(source)) return login;
      const { features: _undeclared, ...withoutFeatures } = login;
      return withoutFeatures;
    });
  return { world, identities, views, hub, operations, control, logins };
}

/** One login as the events' READY and login.get show it. */
function loginOf(
  entry: ReferenceIdentity,
  everyone: readonly ReferenceIdentity[],
  views: Views,
  operations: Operations,
  { tolerate, shape }: Settings,
): Login {
  return {
    // De-facto Login.sn: the login's sequence number on this server (1 self, 2 peer, 3 third).
    sn: everyone.indexOf(entry) + 1,
    adapter: 'reference',
    platform: entry.platform,
    user: views.userById(entry.userId) as Login['user'],
    status: 1,
    // The de-facto feature list: the operations this server implements (fewer on a partial platform).
    features: Object.keys(operations.handlers).filter(
      (operation) =>
        !(tolerate('partial-platform') && partialPlatformLacks(operation)) &&
        !(tolerate('friend-delete-refused') && operation === 'friend.delete') &&
        !(tolerate('features-lack-helpers') && FEATURES_LACK_HELPERS.has(operation)) &&
        !shape.undeclared.has(operation),
    ),
  };
}
