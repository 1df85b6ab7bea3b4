/**
 * The tolerance catalogue of the reference implementation: the dual of the faults. Each tolerance is a
 * behaviour that the spec allows (the section in `allowedBy` leaves it open) and that real servers of the
 * protocol family show (docs/de-facto-conventions.md). Under any of them, and under the presets
 * that combine them, a full run must end with no failing must check and no error (npm run faults).
 * Implemented where they bite (../README.md), behind `tolerate('<id>')`: pipeline.ts, routing.ts,
 * control-endpoint.ts, operations/, views.ts, events/hub.ts.
 */
import { ConfigurationError } from '../../../spec/errors.js';
import type { FaultId } from '../faults/index.js';

export interface ToleranceDefinition {
  /** kebab-case, e.g. 'void-text-plain-ok' */
  readonly id: string;
  readonly description: string;
  /** The spec section that leaves this behaviour open, and why it is legal. */
  readonly allowedBy: string;
  /**
   * Faults that break the very behaviour this tolerance replaces, so that with the tolerance on they show
   * nothing a check could see (npm run faults does not expect them detected under a preset containing it).
   */
  readonly masks?: readonly FaultId[];
  /** Run options under which the tolerance can show at all (like FaultDefinition.runWith). */
  readonly runWith?: { readonly events?: 'ws' | 'webhook' };
  /**
   * Checks the tolerance leaves undecided (the behaviour they judge cannot be seen there), and how their
   * undecided state starts: npm run faults proves they are undecided with that cause, never failed.
   */
  readonly undecides?: { readonly checks: readonly string[]; readonly state: string };
  /**
   * Faults that must still be detected under this tolerance alone (npm run faults re-runs each under it,
   * like the faults under a preset): the behaviour they break stays within the checks' reach, e.g. a mute
   * judged on the sandbox channel where the tolerance takes away the helper that made a fresh one.
   */
  readonly keepsDetected?: readonly FaultId[];
}

/**
 * No operation of §4 causes guild-updated or guild-removed (the bot cannot leave or rename a guild through
 * the interface), so with a trigger that cannot cause them no check can see what these faults drop.
 */
const UNCAUSABLE_WITHOUT_TRIGGER = ['event-guild-updated-no-guild', 'event-guild-removed-no-guild'] as const;

/**
 * Faults only the peer's own acts show (its posts under a mute, its reactions): with one login the peer
 * never acts, so under the one-login tolerances no check can see them.
 */
/** What one login leaves undecided: the checks of the peer's acts, with the run's cause (src/runner/peer.ts). */
const PEER_UNREACHABLE = {
  checks: ['guild.member.mute/blocks-peer-until-unmuted', 'guild.member.mute/duration-is-milliseconds'],
  state: 'the peer is unreachable: ',
} as const;

const PEER_ONLY_FAULTS = [
  'reaction-delete-ignores-user-id',
  'muted-post-500',
  // channel.mute/accepts-duration judges the channel mute cycle, which takes the peer's baseline post.
  'channel-mute-not-implemented',
] as const;

export const toleranceCatalogue = [
  {
    id: 'void-text-plain-ok',
    description: 'Operations with no stated return answer 200 with a text/plain body `OK`.',
    allowedBy: '§4.8: the response body of operations with no stated return is not shown',
  },
  {
    id: 'void-empty-body',
    description: 'Operations with no stated return answer 200 with an empty body.',
    allowedBy: '§4.8: the response body of operations with no stated return is not shown',
  },
  {
    id: 'errors-500-text-plain',
    description:
      'Every error an operation raises (bad or missing fields, unknown ids, refusals such as a muted member posting) ' +
      'is answered 500 with a text/plain body; the other errors (404, 405, 403, 400 on malformed JSON) keep their ' +
      'status with a text/plain body.',
    allowedBy: '§7: error format, codes and status codes are not shown',
    // message-list-ignores-body: its 400 ("fields not read", §1 rule 2) becomes a 500 like any other error.
    masks: ['missing-field-500', 'unknown-id-500', 'message-get-wrong-type-500', 'message-list-ignores-body'],
  },
  {
    id: 'auth-403',
    description: 'A missing or wrong Bearer token is answered 403 instead of 401.',
    allowedBy: '§5: the authentication scheme and its errors are not shown; §7: status codes are not shown',
  },
  {
    id: 'legacy-identity-headers',
    description:
      'Only X-Platform / X-Self-ID pick the bot account; a request without them (Satori-Platform / Satori-User-ID alone) is answered 403.',
    allowedBy: '§5: authentication headers are not shown',
  },
  {
    id: 'legacy-event-envelope',
    description:
      'EVENT bodies carry id (the sequence), platform and self_id instead of sn and login; resume reads IDENTIFY `sequence`, not `sn`.',
    allowedBy: '§6: the transport and the envelope of events are not shown',
    masks: ['event-envelope-legacy', 'event-sn-repeated', 'event-sn-decreasing'],
  },
  {
    id: 'events-once-per-login',
    description:
      'A socket identified with a token receives every event once per login the server hosts (the bot, the peer, the bystander), the envelope saying which login; READY lists every login.',
    allowedBy:
      '§6: the transport of events is not shown; §5: which accounts a credential covers is not shown',
  },
  {
    id: 'event-login-minimal',
    description:
      'In events the login carries only sn, platform and user (as the family documents it), not the full Login. ' +
      '(The full Login is the default of the reference.)',
    allowedBy: '§6: the envelope and fields of an event are not shown',
  },
  {
    id: 'resume-replays-nothing',
    description: 'IDENTIFY with a resume sequence is answered with READY, but no missed event is replayed.',
    allowedBy: '§6: the transport of events (resume included) is not shown',
    masks: ['ws-resume-ignored'],
  },
  {
    id: 'request-message-id-only',
    description:
      'Request events (friend-request, guild-request, guild-member-request) carry `message: {id}` only: the request id, no content.',
    allowedBy:
      '§6: the envelope and fields of an event are not shown; the request id is all the approve operations need (§4.3, §4.4, §4.7)',
  },
  {
    id: 'reaction-event-message-partial',
    description:
      'reaction-added and reaction-removed carry `message: {id}` only (no content, no channel inside), as a server of the family sends them.',
    allowedBy:
      '§6: reaction events require only emoji; a resource carried beyond the required ones is not shown, so it may be partial',
  },
  {
    id: 'resume-replay-paced',
    description:
      'IDENTIFY with a resume sn is answered with READY; the missed events are replayed behind the next live event (or after 300 ms when none comes), not before it.',
    allowedBy: '§6: the transport of events (resume included) is not shown',
  },
  {
    id: 'resume-replay-slow',
    description:
      'IDENTIFY with a resume sn is answered with READY, then the whole cache of the last 100 events (those the client had included) is replayed one every 100 ms, live events going out meanwhile: the events awaited come last, up to 10 s later.',
    allowedBy: '§6: the transport of events (resume included) is not shown',
  },
  {
    id: 'webhook-delivery-lagging',
    description:
      'Webhook deliveries go out one at a time, each after a 25 ms pause (a bridge that forwards through a slow queue): a burst of events reaches the receiver seconds after it happened, in order.',
    allowedBy: '§6: the transport of events, and when an event is delivered, are not shown',
    runWith: { events: 'webhook' },
  },
  {
    id: 'webhook-registration-not-offered',
    description:
      'No {base}/meta/webhook.create nor webhook.delete (404, as any unknown path): a receiver is registered by hand (here: the control endpoint).',
    allowedBy:
      '§6: the transport of events is not shown; the registration route is a convention of the family, optional',
    runWith: { events: 'webhook' },
  },
  {
    id: 'webhook-create-keeps-first',
    description:
      "meta/webhook.create of a URL registered already answers {} and keeps the first registration, token included (as satori's server does).",
    allowedBy:
      "§6: the transport of events is not shown; the family's registration route says nothing of a second registration",
    runWith: { events: 'webhook' },
  },
  {
    id: 'webhook-auth-app-token',
    description:
      "Webhook deliveries carry `Authorization: Bearer <the app token>` (the bot's), not the token the receiver was registered with: the older reading of the convention.",
    allowedBy:
      "§6: the transport of events is not shown; the family's conventions name both the app token and the webhook's own",
    runWith: { events: 'webhook' },
  },
  {
    id: 'list-markers-null',
    description:
      'Absent pagination markers are sent as null: `next: null` on every list page without more data, and `prev: null` on message.list.',
    allowedBy:
      '§1 rules 5–6: markers decide by presence; the family documents `next: null` as "no more data"',
  },
  {
    id: 'lists-single-page',
    description:
      'Every list except message.list (channel, guild, member, role, reaction, friend lists) is served as one page without markers.',
    allowedBy: '§1 rule 5: a marker is needed only when more data exists; page sizes are not shown (§8.3)',
  },
  {
    id: 'message-list-before-only',
    description: "message.list refuses every direction but 'before' (400).",
    allowedBy: "§2: of Direction only the value 'before' is shown",
  },
  {
    id: 'message-list-direction-without-next',
    description:
      "message.list accepts 'after' and 'around' without a next token, anchored on the latest message ('after' gives an empty page, 'around' the latest page).",
    allowedBy:
      "§7 rule 2: the behaviour when direction is other than 'before' while next is absent is not shown",
  },
  {
    id: 'timestamps-in-seconds',
    description: 'created_at, updated_at and joined_at are sent in seconds, not milliseconds.',
    allowedBy: '§2: the unit and epoch of created_at, updated_at and joined_at are not shown',
  },
  {
    id: 'extra-fields',
    description:
      'Every object in every result, error-free list page, READY and EVENT body carries an unknown extra field.',
    allowedBy: '§2: the tables list the fields a resource has, not a closed set; User fields are not shown',
  },
  {
    id: 'trigger-answers-id-only',
    description:
      'The trigger (POST /_reference/trigger) answers only {id}: the request id for request events, the id of the changed guild or user otherwise.',
    allowedBy: '§6: how incoming events are caused is outside the interface',
  },
  {
    id: 'trigger-answers-nothing',
    description: 'The trigger answers 200 with an empty body.',
    allowedBy: '§6: how incoming events are caused is outside the interface',
  },
  {
    id: 'trigger-requests-only',
    description:
      'The trigger can cause only friend-request, guild-request and guild-member-request; it answers 501 to every other event.',
    allowedBy: '§6: how incoming events are caused is outside the interface',
    masks: UNCAUSABLE_WITHOUT_TRIGGER,
  },
  {
    id: 'trigger-requests-only-400',
    description: 'Like trigger-requests-only, but the trigger answers 400 to the events it cannot cause.',
    allowedBy: '§6: how incoming events are caused is outside the interface',
    masks: UNCAUSABLE_WITHOUT_TRIGGER,
  },
  {
    id: 'trigger-invites-from-one-guild',
    description:
      'Every guild-request the trigger causes comes from the same guild (the outside guild), whether or not the bot is already in it, and the trigger cannot cause guild-removed (501): a guild joined through an approved invitation stays joined.',
    allowedBy:
      '§6: how incoming events are caused is outside the interface; §4.3 offers no way to leave a guild',
  },
  {
    id: 'partial-platform',
    description:
      'A bridge to a platform without friends, reactions, roles and guild invitations: login.features omits friend.*, reaction.*, guild.role.*, guild.member.role.* and guild.approve, and those operations answer 501.',
    allowedBy:
      '§1: the groups are what the interface gives access to, not what every platform has; de-facto conventions: login.features names the supported operations, 501 for what an adapter does not implement',
  },
  {
    id: 'trigger-requests-only-404',
    description: 'Like trigger-requests-only, but the trigger answers 404 to the events it cannot cause.',
    allowedBy: '§6: how incoming events are caused is outside the interface',
    masks: UNCAUSABLE_WITHOUT_TRIGGER,
  },
  {
    id: 'friend-delete-refused',
    description:
      'A bridge to a platform whose bots cannot unfriend: login.features omits friend.delete, which answers 404 "method not found" (a friend the bot approved stays its friend).',
    allowedBy:
      '§1: the groups are what the interface gives access to, not what every platform has; de-facto conventions: login.features names the supported operations',
  },
  {
    id: 'webhook-enabled-only',
    description:
      "meta/webhook.create stores its body as given, and events are delivered only to webhooks registered with `enabled: true` (as the family's published server does).",
    allowedBy:
      "§6: the transport of events is not shown; the family's registration route stores the webhook as sent",
    runWith: { events: 'webhook' },
  },
  {
    id: 'one-login-ignores-identity',
    description:
      'The server serves one login, the bot: every known token (the peer\'s too) acts as the bot, and Satori-User-ID / X-Self-ID are ignored; login.get answers the bot, a message "as the peer" is posted by the bot.',
    allowedBy:
      '§5: which accounts a credential covers and the identity headers are not shown; a bridge to a platform hosts one bot account',
    // The peer never acts, so nothing can show what these do to the peer (its checks are undecided).
    masks: PEER_ONLY_FAULTS,
    undecides: PEER_UNREACHABLE,
  },
  {
    id: 'one-login-refuses-others',
    description:
      'The server serves one login, the bot: any other identity (the peer\'s token, or a Satori-User-ID / X-Self-ID naming another user) is answered 403 {"message":"login not found"}.',
    allowedBy:
      '§5: which accounts a credential covers and the identity headers are not shown; §7: status codes are not shown',
    masks: PEER_ONLY_FAULTS,
    undecides: PEER_UNREACHABLE,
  },
  {
    id: 'features-lack-helpers',
    description:
      'login.features omits channel.create, guild.role.create, guild.role.delete and friend.delete (the operations still answer): the checks that only use them as helpers run without them.',
    allowedBy:
      '§1: the groups are what the interface gives access to, not what every platform has; de-facto conventions: login.features names the supported operations',
    // One or two of each kind the helpers hid (a re-run each in npm run faults: kept few for CI time).
    keepsDetected: [
      'channel-mute-no-effect',
      'channel-mute-zero-ignored',
      'channel-mute-timed-forever',
      'message-list-token-skips-one',
      'message-list-direction-ignored',
      'message-delete-500',
    ],
  },
  {
    id: 'optional-fields-null',
    description:
      'Every optional field a resource leaves out is sent as null, in every result and event: Message guild, member and updated_at, Channel name and parent_id, Guild avatar, GuildMember and Member nick and avatar (a Member also user and roles), Friend nick, and the User fields name, nick and avatar.',
    allowedBy:
      '§2: `T?` marks a field optional and says nothing of null; User fields are not shown (the family: "optional fields are omitted, not null", a should at most)',
  },
  {
    id: 'user-fields-null',
    description:
      'Every User the server sends carries name, nick and avatar, null where the platform has none (as real adapters send `nick: null`).',
    allowedBy: '§2: the fields of User are not shown',
  },
  {
    id: 'trigger-joins-existing-guild',
    description:
      "The trigger's guild-added, asked for a new guild with a name, joins the bot to an existing guild it is not in (the outside guild) and answers that guild's id: a checker that takes the answer for a guild of its own would rename someone else's guild.",
    allowedBy: "§6: how incoming events are caused is outside the interface (a trigger is the tester's tool)",
  },
  {
    id: 'replay-buffer-small',
    description:
      'The event stream keeps only the last 20 events for resume: IDENTIFY with an older sn replays what is left of them.',
    allowedBy:
      '§6: the transport of events (resume included) is not shown; the family buffers a bounded number',
    keepsDetected: ['ws-resume-ignored'],
  },
] as const satisfies readonly ToleranceDefinition[];

export type ToleranceId = (typeof toleranceCatalogue)[number]['id'];

/**
 * Presets: sets of tolerances that together look like one real server. `legacy` is the 2.x server of
 * the family for core 3 (de-facto-conventions.md): X-* headers only, the `id` envelope resumed by
 * `sequence`, every thrown error 500 text/plain, 403 for a bad token, `OK` for void operations,
 * `next: null`, extra fields, every event once per login, and a test hook that answers `{id}` and can
 * cause only the request events.
 */
export const tolerancePresets = {
  legacy: [
    'legacy-identity-headers',
    'legacy-event-envelope',
    'events-once-per-login',
    'errors-500-text-plain',
    'auth-403',
    'void-text-plain-ok',
    'list-markers-null',
    'extra-fields',
    'trigger-answers-id-only',
    'trigger-requests-only',
  ],
} as const satisfies Record<string, readonly ToleranceId[]>;

export type TolerancePreset = keyof typeof tolerancePresets;

const toleranceIds: ReadonlySet<string> = new Set(toleranceCatalogue.map((entry) => entry.id));

export const isToleranceId = (id: string): id is ToleranceId => toleranceIds.has(id);

/** Expands presets and refuses unknown ids (ConfigurationError, exit 2) with the list of known ones. */
export function resolveTolerances(ids: readonly string[]): ReadonlySet<ToleranceId> {
  const resolved = new Set<ToleranceId>();
  const unknown: string[] = [];
  for (const id of ids) {
    if (id in tolerancePresets) {
      for (const member of tolerancePresets[id as TolerancePreset]) resolved.add(member);
    } else if (isToleranceId(id)) resolved.add(id);
    else unknown.push(id);
  }
  if (unknown.length > 0) {
    const known = [...Object.keys(tolerancePresets), ...toleranceIds].join(', ');
    throw new ConfigurationError(
      `Unknown tolerance${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; use one of: ${known} (see \`conformance serve --list-tolerances\`).`,
    );
  }
  return resolved;
}

/** The faults a set of tolerances masks (ToleranceDefinition.masks). */
export function maskedFaults(tolerances: Iterable<ToleranceId>): ReadonlySet<string> {
  const on = new Set(tolerances);
  return new Set(
    toleranceCatalogue.flatMap((entry): readonly string[] =>
      on.has(entry.id) && 'masks' in entry ? entry.masks : [],
    ),
  );
}

export type ToleranceSwitch = (id: ToleranceId) => boolean;
