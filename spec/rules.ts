/**
 * Rules catalogue: one entry per normative statement of the Chat Platform Interface Specification,
 * plus the de-facto conventions (source 'convention') that the `satori` profile checks at SHOULD level.
 * The spec's "not shown" gaps are `info` rules: observed and reported, never failed.
 * Ids are stable: checks and reference faults cite them.
 */
export type RuleLevel = 'must' | 'should' | 'info';

export interface Rule<Id extends string = RuleId> {
  id: Id;
  /** Spec section, e.g. '4.1'; for conventions, the heading of docs/de-facto-conventions.md. */
  section: string;
  level: RuleLevel;
  /** The statement, in our own words. */
  statement: string;
  /** false: nothing on the wire can show it (a classification, or a gap) — no check required. */
  testable: boolean;
  source: 'spec' | 'convention';
}

// Generic over the id so that `rules` keeps every id as a literal: RuleId below is their union.
const spec = <const Id extends string>(
  id: Id,
  section: string,
  level: RuleLevel,
  statement: string,
  testable = true,
): Rule<Id> => ({
  id,
  section,
  level,
  statement,
  testable,
  source: 'spec',
});
const gap = <const Id extends string>(id: Id, section: string, statement: string): Rule<Id> =>
  spec(id, section, 'info', statement, false);
const convention = <const Id extends string>(id: Id, section: string, statement: string): Rule<Id> => ({
  id,
  section,
  level: 'should',
  statement,
  testable: true,
  source: 'convention',
});

/** §6 table: event name → required resources. Kept here only to derive one rule per event. */
const EVENT_RULES = [
  ['message-created', 'channel, message, user'],
  ['message-updated', 'channel, message, user'],
  ['message-deleted', 'channel, message, user'],
  ['channel-added', 'guild, channel'],
  ['channel-updated', 'guild, channel'],
  ['channel-removed', 'guild, channel'],
  ['guild-added', 'guild'],
  ['guild-updated', 'guild'],
  ['guild-removed', 'guild'],
  ['guild-request', 'guild'],
  ['guild-member-added', 'guild, member, user'],
  ['guild-member-updated', 'guild, member, user'],
  ['guild-member-removed', 'guild, member, user'],
  ['guild-member-request', 'guild, member, user'],
  ['guild-role-created', 'guild, role'],
  ['guild-role-updated', 'guild, role'],
  ['guild-role-deleted', 'guild, role'],
  ['reaction-added', 'emoji'],
  ['reaction-removed', 'emoji'],
  ['friend-request', 'user'],
] as const;

/** The kebab-case names of the §6 events. */
export type EventName = (typeof EVENT_RULES)[number][0];

/** Rule id of the §6 row for one event, e.g. 'message-created' → 'EVT-MESSAGE-CREATED'. */
export function eventRuleId<E extends EventName>(event: E): `EVT-${Uppercase<E>}`;
export function eventRuleId(event: string): string;
export function eventRuleId(event: string): string {
  return `EVT-${event.toUpperCase()}`;
}

const RULES = [
  // §1 What the service does
  spec(
    'GEN-1',
    '1',
    'must',
    'Every operation is an HTTP POST to {base_url}/<resource>.<action> (paths may have more dots).',
  ),
  spec('GEN-2', '1', 'must', 'Every operation takes its parameters as named fields.'),
  gap(
    'GEN-3',
    '1',
    'Experimental: channel.mute, guild.member.mute, every Guild Role and every Reaction operation (a classification).',
  ),
  spec(
    'GEN-4',
    '1',
    'must',
    'Results and events carry the related objects listed as their Required resources.',
  ),
  spec(
    'GEN-5',
    '1',
    'must',
    'A paginated list result carries a data array and the markers next (and prev where bidirectional).',
  ),
  spec(
    'GEN-6',
    '1',
    'must',
    'Whether more data exists is decided by the presence of prev/next, never by the length of data: the markers are present exactly while more data exists.',
  ),

  // §1 rule 6 and §4.1 rule 6 bind the client too: judged by `conformance client` (suites/client/).
  spec(
    'CLIENT-GEN-6',
    '1',
    'must',
    'A client decides whether more data exists from the presence of prev/next, never from the length of data: it follows next (the token passed back as given) while one is present, and stops when none is.',
  ),
  spec(
    'CLIENT-MSG-LIST-6',
    '4.1',
    'must',
    'A message.list client decides whether more messages exist from prev/next, not from the length of data (a limit above the bound answered with fewer messages included).',
  ),

  // §2 Resources
  spec(
    'RES-MESSAGE',
    '2',
    'must',
    'A Message has id (string) and content (string); channel, guild, member, user, created_at, updated_at are optional and typed.',
  ),
  spec(
    'RES-CHANNEL',
    '2',
    'must',
    'A Channel has id (string) and type (ChannelType); name and parent_id are optional strings.',
  ),
  spec('RES-CHANNEL-TYPE', '2', 'must', 'ChannelType is an integer: TEXT 0, DIRECT 1, CATEGORY 2, VOICE 3.'),
  spec('RES-GUILD', '2', 'must', 'A Guild has id (string); name and avatar are optional strings.'),
  spec(
    'RES-MEMBER',
    '2',
    'must',
    'A GuildMember has optional user, nick, avatar, joined_at (number) and roles (GuildRole[]).',
  ),
  spec('RES-ROLE', '2', 'must', 'A GuildRole (experimental) has id (string); name is an optional string.'),
  spec('RES-FRIEND', '2', 'must', 'A Friend has optional user and nick (string).'),
  spec('RES-DIRECTION', '2', 'must', 'Direction of message.list accepts the value before.'),
  spec('RES-ORDER', '2', 'must', 'Order of message.list accepts the value asc.'),
  gap('RES-USER', '2', 'The fields of User are not shown.'),
  gap(
    'RES-EMOJI',
    '2',
    'The fields of Emoji and Reaction records are not shown (emoji identified by emoji_id).',
  ),
  gap('RES-TIME', '2', 'Unit and epoch of created_at, updated_at and joined_at are not shown.'),

  // §3 States
  gap('STATE-1', '3', 'States and transitions of resources are not shown.'),

  // §4 Endpoints — general
  spec(
    'OP-REQUIRED-FIELDS',
    '4',
    'should',
    'A request missing a required field is refused, not answered 2xx (the spec shows no error format or status, hence should; whether it is a 4xx is CONV-HTTP-NO-5XX).',
  ),

  // §4.1 Messages
  spec(
    'MSG-CREATE-1',
    '4.1',
    'must',
    'message.create sends a message to channel_id with content and returns an array of Message.',
  ),
  spec('MSG-GET-1', '4.1', 'must', 'message.get returns the Message with message_id in channel_id.'),
  spec('MSG-GET-2', '4.1', 'must', 'The Message returned by message.get carries channel and user.'),
  spec('MSG-DELETE-1', '4.1', 'must', 'message.delete deletes the message.'),
  spec('MSG-UPDATE-1', '4.1', 'must', 'message.update replaces the content of the message.'),
  spec(
    'MSG-LIST-0',
    '4.1',
    'must',
    'message.list returns a bidirectional paginated list of Message, each carrying user.',
  ),
  spec(
    'MSG-LIST-1',
    '4.1',
    'must',
    'next defaults to null: the query then starts from the latest message (direction before).',
  ),
  spec('MSG-LIST-2', '4.1', 'must', 'direction defaults to before.'),
  spec('MSG-LIST-3', '4.1', 'must', 'order defaults to asc, whatever the query direction.'),
  spec(
    'MSG-LIST-4',
    '4.1',
    'should',
    'The default limit is the platform default; without one the service sets its own, recommended 50.',
  ),
  spec(
    'MSG-LIST-5',
    '4.1',
    'must',
    'A limit above the platform upper bound is replaced by the bound, and no error is returned.',
  ),
  spec(
    'MSG-LIST-6',
    '4.1',
    'must',
    'More data is signalled by the presence of prev/next, not by the length of data.',
  ),
  spec(
    'MSG-LIST-LIMIT',
    '4.1',
    'must',
    'A limit below the bound is honoured: at most limit messages are returned.',
  ),

  // §4.2 Channels
  spec('CHAN-GET-1', '4.2', 'must', 'channel.get returns the Channel with channel_id.'),
  spec('CHAN-LIST-1', '4.2', 'must', 'channel.list returns a paginated list of the Channels of guild_id.'),
  spec(
    'CHAN-CREATE-1',
    '4.2',
    'must',
    'channel.create creates a guild channel from data and returns it as a Channel.',
  ),
  spec('CHAN-UPDATE-1', '4.2', 'must', 'channel.update applies data to the channel.'),
  spec('CHAN-DELETE-1', '4.2', 'must', 'channel.delete deletes the channel.'),
  spec(
    'CHAN-MUTE-1',
    '4.2',
    'must',
    'channel.mute (experimental) mutes the channel for duration milliseconds.',
  ),
  spec('CHAN-MUTE-2', '4.2', 'must', 'channel.mute with duration 0 unmutes the channel.'),
  spec(
    'USER-CHAN-CREATE-1',
    '4.2',
    'must',
    'user.channel.create creates a direct-message channel with user_id and returns a Channel.',
  ),

  // §4.3 Guilds
  spec('GUILD-GET-1', '4.3', 'must', 'guild.get returns the Guild with guild_id.'),
  spec(
    'GUILD-LIST-1',
    '4.3',
    'must',
    'guild.list returns a paginated list of the guilds the current user is a member of.',
  ),
  spec(
    'GUILD-APPROVE-1',
    '4.3',
    'must',
    'guild.approve answers a guild invitation (message_id = request id): approve true joins.',
  ),

  // §4.4 Guild members
  spec('MEMBER-GET-1', '4.4', 'must', 'guild.member.get returns the GuildMember for user_id in guild_id.'),
  spec('MEMBER-LIST-1', '4.4', 'must', 'guild.member.list returns a paginated list of GuildMember.'),
  spec('MEMBER-KICK-1', '4.4', 'must', 'guild.member.kick removes the user from the guild.'),
  spec(
    'MEMBER-MUTE-1',
    '4.4',
    'must',
    'guild.member.mute (experimental) mutes the user for duration milliseconds.',
  ),
  spec('MEMBER-MUTE-2', '4.4', 'must', 'guild.member.mute with duration 0 unmutes the user.'),
  spec(
    'MEMBER-APPROVE-1',
    '4.4',
    'must',
    'guild.member.approve answers a join request (message_id = request id): approve true adds the member.',
  ),

  // §4.5 Guild roles (experimental)
  spec('ROLE-SET-1', '4.5', 'must', 'guild.member.role.set gives role_id to the user in the guild.'),
  spec('ROLE-UNSET-1', '4.5', 'must', 'guild.member.role.unset removes role_id from the user in the guild.'),
  spec('ROLE-LIST-1', '4.5', 'must', 'guild.role.list returns a paginated list of GuildRole.'),
  spec(
    'ROLE-CREATE-1',
    '4.5',
    'must',
    'guild.role.create creates a role from the role payload and returns a GuildRole.',
  ),
  spec('ROLE-UPDATE-1', '4.5', 'must', 'guild.role.update applies the role payload to role_id.'),
  spec('ROLE-DELETE-1', '4.5', 'must', 'guild.role.delete deletes role_id.'),

  // §4.6 Reactions (experimental)
  spec(
    'REACTION-CREATE-1',
    '4.6',
    'must',
    'reaction.create adds the current user’s emoji_id reaction to the message.',
  ),
  spec('REACTION-DELETE-1', '4.6', 'must', 'reaction.delete removes the reaction added by user_id.'),
  spec(
    'REACTION-DELETE-2',
    '4.6',
    'must',
    'reaction.delete without user_id removes the current user’s reaction.',
  ),
  spec(
    'REACTION-CLEAR-1',
    '4.6',
    'must',
    'reaction.clear with emoji_id clears that reaction from the message.',
  ),
  spec(
    'REACTION-CLEAR-2',
    '4.6',
    'must',
    'reaction.clear without emoji_id clears every reaction of the message.',
  ),
  spec(
    'REACTION-LIST-1',
    '4.6',
    'must',
    'reaction.list returns a paginated list of the Users who added emoji_id.',
  ),

  // §4.7 Friends
  spec('FRIEND-LIST-1', '4.7', 'must', 'friend.list returns a paginated list of Friend.'),
  spec('FRIEND-DELETE-1', '4.7', 'must', 'friend.delete removes the friend user_id.'),
  spec(
    'FRIEND-APPROVE-1',
    '4.7',
    'must',
    'friend.approve answers a friend request (message_id = request id): approve true adds the friend.',
  ),

  // §4.8 Gaps and variants
  gap('GAP-ENCODING', '4.8', 'Request/response encoding and content type are not shown.'),
  gap(
    'GAP-NO-RETURN',
    '4.8',
    'The response body of operations with no stated return is not shown: any 2xx body is accepted.',
  ),
  gap('GAP-DATA-FIELDS', '4.8', 'Which Channel and GuildRole fields are required inside data is not shown.'),
  gap('VARIANT-MESSAGE-LIST-ID', '4.8', 'message.list has message_id in one variant only.'),
  gap(
    'VARIANT-LIST-NEXT',
    '4.8',
    'next of channel.list and guild.list is required in one variant, optional in the other.',
  ),
  gap(
    'VARIANT-ROLE-PAYLOAD',
    '4.8',
    'The role payload of guild.role.create/update is data in one variant, role in the other.',
  ),
  gap('VARIANT-MESSAGE-MEMBER', '4.8', 'Message.member is GuildMember in one variant, Member in the other.'),

  // §5 Authentication
  gap('AUTH-1', '5', 'Authentication scheme, credentials, headers and permissions are not shown.'),
  spec(
    'AUTH-2',
    '5',
    'info',
    'The caller is identified as a user (reaction.delete and guild.list refer to the current user).',
    false,
  ),

  // §6 Events
  spec('EVT-NAMES', '6', 'must', 'Each event is named by the kebab-case identifier of the §6 table.'),
  ...EVENT_RULES.map(([event, resources]) =>
    spec(eventRuleId(event), '6', 'must', `${event} carries ${resources}.`),
  ),
  spec(
    'EVT-LINK-MESSAGE',
    '6',
    'must',
    'message.create, message.update and message.delete cause message-created, message-updated and message-deleted (stated link).',
  ),
  spec(
    'EVT-LINK-INFERRED',
    '6',
    'should',
    'Other operations cause the event of the change they make (e.g. channel.create → channel-added); links inferred, not stated.',
  ),
  spec(
    'EVT-REQUEST-FLOW',
    '6',
    'must',
    'guild-request, guild-member-request and friend-request are answered with guild.approve, guild.member.approve and friend.approve.',
  ),
  gap('EVT-TRANSPORT', '6', 'The transport of events is not shown.'),
  gap('EVT-ENVELOPE', '6', 'The envelope and fields of an event are not shown.'),

  // §7 Errors
  gap('ERR-1', '7', 'Error response format, error codes and status codes are not shown.'),
  gap('ERR-2', '7', 'Behaviour when direction is other than before while next is absent is not shown.'),

  // §8 Limits
  gap('LIMIT-1', '8', 'The numeric value of the platform upper bound of limit is not shown.'),
  gap('LIMIT-2', '8', 'Rate limits, size limits and other quotas are not shown.'),
  spec(
    'LIMIT-DURATION-MS',
    '8',
    'must',
    'duration of mute operations is in milliseconds: a short mute ends after that many milliseconds.',
  ),

  // §9 Versioning
  gap('VERSION-1', '9', 'Versioning scheme, identifiers and compatibility policy are not shown.'),

  // De-facto conventions (profile satori, SHOULD): how the family fills the gaps.
  convention(
    'CONV-HTTP-JSON',
    'HTTP',
    'Requests and responses are JSON; a result is sent with Content-Type application/json.',
  ),
  convention('CONV-HTTP-AUTH', 'HTTP', 'A missing or wrong Bearer token is refused with 401 or 403.'),
  convention('CONV-HTTP-NOT-FOUND', 'HTTP', 'An unknown operation path answers 404.'),
  convention(
    'CONV-HTTP-NO-5XX',
    'HTTP',
    'Bad input (malformed JSON, missing or wrong-typed fields, unknown ids) answers 4xx, never 5xx.',
  ),
  convention(
    'CONV-WS-READY',
    'Events',
    'After IDENTIFY the server answers READY {logins: Login[]} on {base}/events.',
  ),
  convention('CONV-WS-PING', 'Events', 'PING is answered with PONG.'),
  convention('CONV-WS-AUTH', 'Events', 'IDENTIFY with a bad token closes the socket (code 4004).'),
  convention('CONV-WS-IDENTIFY-FIRST', 'Events', 'A socket that has not identified gets no events.'),
  convention('CONV-WS-SN', 'Events', 'EVENT bodies carry sn, strictly increasing.'),
  convention(
    'CONV-WS-RESUME',
    'Events',
    'IDENTIFY with sn replays the events after sn that the client missed.',
  ),
  convention(
    'CONV-EVENT-ENVELOPE',
    'Events',
    'An EVENT body carries sn, type, timestamp, login and the event resources at top level.',
  ),
  // The client side of the event stream (de-facto-conventions.md "Events"; §6 leaves the transport "not
  // shown"): judged by `conformance client --suite events` (suites/client/events.ts), never at must.
  convention(
    'CLIENT-CONV-WS-IDENTIFY',
    'Events',
    'A client identifies within 10 s of connecting to {base}/events with IDENTIFY {token}, the token as given.',
  ),
  convention('CLIENT-CONV-WS-PING', 'Events', 'A connected client sends PING about every 10 s.'),
  convention(
    'CLIENT-CONV-WS-RECONNECT',
    'Events',
    'After a dropped connection a client reconnects on its own, waiting between attempts (no reconnect storm).',
  ),
  convention(
    'CLIENT-CONV-WS-RESUME',
    'Events',
    'A reconnecting client resumes: its IDENTIFY carries sn, the sn of the last event it received.',
  ),
  convention(
    'CLIENT-CONV-WS-ONCE',
    'Events',
    "Across a drop and the server's replay a client hands every event to its application exactly once: no gap, no duplicate.",
  ),
  convention(
    'CLIENT-CONV-WS-UNKNOWN',
    'Events',
    'A client ignores frames of an opcode it does not know and keeps delivering events, of types it does not know too.',
  ),
  convention(
    'CLIENT-CONV-WS-AUTH',
    'Events',
    'A socket closed with 4004 (authentication failed) is not retried in a storm: the client gives up or waits between attempts.',
  ),
  convention(
    'CLIENT-CONV-WS-LOGINS',
    'Events',
    'A client accepts READY listing several logins and delivers the events of the login it acts as (the envelope says which).',
  ),
  convention(
    'CLIENT-CONV-WS-EARLY',
    'Events',
    'A client delivers the events that arrive right behind READY, while it is still handling the identification.',
  ),
  convention(
    'CONV-WEBHOOK',
    'Events',
    'Webhook delivery POSTs the EVENT body with Satori-Opcode 0 and Authorization: Bearer with the token the receiver was registered with (older servers: the app token).',
  ),
];

/** Every rule id of the catalogue: a check, scenario or operation citing another id fails to compile. */
export type RuleId = (typeof RULES)[number]['id'];

export const rules: readonly Rule[] = RULES;

const byId = new Map<string, Rule>(rules.map((rule) => [rule.id, rule]));

/** The rule with this id; throws for an unknown id (a typo in a check or fault is a defect). */
export function getRule(id: string): Rule {
  const rule = byId.get(id);
  if (!rule) throw new Error(`Unknown rule id '${id}': see spec/rules.ts for the catalogue.`);
  return rule;
}

export const hasRule = (id: string): id is RuleId => byId.has(id);
