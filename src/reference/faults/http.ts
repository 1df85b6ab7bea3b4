/**
 * HTTP faults of the reference implementation: realistic mistakes, each breaking the rules it names
 * (spec/rules.ts). Implemented where they bite (../README.md): operations/<group>.ts, views.ts,
 * request.ts, routing.ts, identities.ts and pipeline.ts, behind `fault('<id>')`. detectedBy stays empty: a failing check citing one of
 * the rules detects the fault (npm run faults).
 */
import type { FaultDefinition } from '../contract.js';

const fault = <Id extends string>(id: Id, rules: string[], description: string): FaultDefinition<Id> => ({
  id,
  rules,
  description,
  detectedBy: [],
});

const messageList = [
  fault(
    'message-list-limit-over-bound-errors',
    ['MSG-LIST-5'],
    'message.list answers 400 to a limit above the upper bound instead of clamping it.',
  ),
  fault(
    'message-list-limit-not-clamped',
    ['MSG-LIST-5'],
    'message.list returns as many messages as asked, beyond the upper bound.',
  ),
  fault(
    'message-list-limit-ignored',
    ['MSG-LIST-LIMIT'],
    'message.list ignores limit and always returns pages of 50.',
  ),
  fault(
    'message-list-default-limit-unbounded',
    ['MSG-LIST-4'],
    'message.list without limit returns the whole history instead of a default page.',
  ),
  fault(
    'message-list-next-always-present',
    ['GEN-6', 'MSG-LIST-6'],
    'message.list always sends prev/next, even when no more data exists in that direction.',
  ),
  fault(
    'message-list-next-missing',
    ['GEN-6', 'MSG-LIST-6'],
    'message.list never sends next, even while more data exists.',
  ),
  fault(
    'message-list-page-length-end-signal',
    ['GEN-6', 'MSG-LIST-6'],
    'message.list sends the markers exactly when the page is full: a full last page gets a marker, a short page none.',
  ),
  fault('message-list-prev-missing', ['GEN-5', 'MSG-LIST-0'], 'message.list never sends prev.'),
  fault(
    'message-list-default-order-desc',
    ['MSG-LIST-3'],
    'message.list without order returns newest first (desc).',
  ),
  fault(
    'message-list-order-follows-direction',
    ['MSG-LIST-3'],
    'message.list without order sorts desc for direction before (order should be asc whatever the direction).',
  ),
  fault(
    'message-list-default-direction-after',
    ['MSG-LIST-2'],
    'message.list without direction goes forward (after) from the next token.',
  ),
  fault(
    'message-list-starts-from-oldest',
    ['MSG-LIST-1'],
    'message.list without next starts from the oldest message instead of the latest.',
  ),
  fault(
    'message-list-rejects-direction-before',
    ['RES-DIRECTION'],
    "message.list answers 400 to an explicit direction 'before'.",
  ),
  fault(
    'message-list-rejects-order-asc',
    ['RES-ORDER'],
    "message.list answers 400 to an explicit order 'asc'.",
  ),
  fault(
    'message-list-items-without-user',
    ['MSG-LIST-0', 'GEN-4'],
    'message.list items do not carry user (a required resource).',
  ),
];

const messages = [
  fault(
    'message-get-without-channel',
    ['MSG-GET-2', 'GEN-4'],
    'message.get returns the message without channel.',
  ),
  fault('message-get-without-user', ['MSG-GET-2', 'GEN-4'], 'message.get returns the message without user.'),
  fault(
    'message-get-ignores-id',
    ['MSG-GET-1'],
    'message.get returns the latest message of the channel whatever message_id says.',
  ),
  fault(
    'message-create-returns-object',
    ['MSG-CREATE-1'],
    'message.create returns one Message object instead of an array of Message.',
  ),
  fault(
    'message-create-not-stored',
    ['MSG-CREATE-1'],
    'message.create answers with a message but does not store it (message.get then answers 404).',
  ),
  fault('message-update-no-op', ['MSG-UPDATE-1'], 'message.update answers 200 but keeps the old content.'),
  fault('message-delete-no-op', ['MSG-DELETE-1'], 'message.delete answers 200 but the message stays.'),
];

const resourceFields = [
  fault('message-id-missing', ['RES-MESSAGE'], 'Message objects have no id.'),
  fault('message-content-number', ['RES-MESSAGE'], 'Message.content is sent as a number (its length).'),
  fault(
    'message-created-at-string',
    ['RES-MESSAGE'],
    'Message.created_at is sent as an ISO date string instead of a number.',
  ),
  fault('channel-id-number', ['RES-CHANNEL'], 'Channel.id is sent as a number.'),
  fault(
    'channel-type-string',
    ['RES-CHANNEL', 'RES-CHANNEL-TYPE'],
    'Channel.type is sent as a string ("0") instead of an integer.',
  ),
  fault(
    'channel-type-discord-values',
    ['RES-CHANNEL-TYPE'],
    'Channel.type uses another platform’s numbers: VOICE 2 and CATEGORY 4.',
  ),
  fault('guild-id-missing', ['RES-GUILD'], 'Guild objects have no id.'),
  fault('guild-name-number', ['RES-GUILD'], 'Guild.name is sent as a number.'),
  fault(
    'member-joined-at-string',
    ['RES-MEMBER'],
    'GuildMember.joined_at is sent as an ISO date string instead of a number.',
  ),
  fault(
    'member-roles-ids',
    ['RES-MEMBER'],
    'GuildMember.roles is sent as an array of role id strings instead of GuildRole objects.',
  ),
  fault('role-id-missing', ['RES-ROLE'], 'GuildRole objects have no id.'),
  fault('friend-user-string', ['RES-FRIEND'], 'Friend.user is sent as the user id string instead of a User.'),
];

const channels = [
  fault(
    'channel-get-ignores-id',
    ['CHAN-GET-1'],
    'channel.get returns the first channel of the guild whatever channel_id names.',
  ),
  fault(
    'channel-create-returns-no-id',
    ['CHAN-CREATE-1', 'RES-CHANNEL'],
    'channel.create creates the channel but returns it without id.',
  ),
  fault(
    'channel-list-all-guilds',
    ['CHAN-LIST-1'],
    'channel.list returns the channels of every guild, not only those of guild_id.',
  ),
  fault('channel-update-no-op', ['CHAN-UPDATE-1'], 'channel.update answers 200 but changes nothing.'),
  fault('channel-delete-no-op', ['CHAN-DELETE-1'], 'channel.delete answers 200 but the channel stays.'),
  fault(
    'channel-mute-no-effect',
    ['CHAN-MUTE-1'],
    'channel.mute answers 200 but members can still send messages in the channel.',
  ),
  fault(
    'channel-mute-zero-ignored',
    ['CHAN-MUTE-2'],
    'channel.mute with duration 0 answers 200 but the channel stays muted.',
  ),
  fault('channel-mute-zero-rejected', ['CHAN-MUTE-2'], 'channel.mute with duration 0 answers 400.'),
  fault(
    'channel-mute-seconds',
    ['CHAN-MUTE-1', 'LIMIT-DURATION-MS'],
    'channel.mute reads duration as seconds: a mute lasts 1000 times too long.',
  ),
  fault(
    'direct-channel-wrong-type',
    ['USER-CHAN-CREATE-1', 'RES-CHANNEL-TYPE'],
    'user.channel.create returns the direct channel with type TEXT (0) instead of DIRECT (1).',
  ),
];

const guildsAndMembers = [
  fault(
    'guild-get-ignores-id',
    ['GUILD-GET-1'],
    "guild.get returns the caller's first guild whatever guild_id names.",
  ),
  fault(
    'member-get-returns-caller',
    ['MEMBER-GET-1'],
    "guild.member.get returns the caller's own member whatever user_id names.",
  ),
  fault(
    'guild-list-includes-foreign',
    ['GUILD-LIST-1'],
    'guild.list also returns guilds the current user is not a member of.',
  ),
  fault(
    'guild-approve-no-op',
    ['GUILD-APPROVE-1', 'EVT-REQUEST-FLOW'],
    'guild.approve with approve true answers 200 but the bot does not join the guild.',
  ),
  fault(
    'guild-approve-false-approves',
    ['GUILD-APPROVE-1'],
    'guild.approve with approve false joins the guild anyway.',
  ),
  fault(
    'member-approve-no-op',
    ['MEMBER-APPROVE-1', 'EVT-REQUEST-FLOW'],
    'guild.member.approve with approve true answers 200 but the user is not added.',
  ),
  fault(
    'member-approve-false-approves',
    ['MEMBER-APPROVE-1'],
    'guild.member.approve with approve false adds the user anyway.',
  ),
  fault('member-kick-no-op', ['MEMBER-KICK-1'], 'guild.member.kick answers 200 but the member stays.'),
  fault(
    'member-mute-no-effect',
    ['MEMBER-MUTE-1'],
    'guild.member.mute answers 200 but the member can still send messages.',
  ),
  fault(
    'member-mute-zero-ignored',
    ['MEMBER-MUTE-2'],
    'guild.member.mute with duration 0 answers 200 but the member stays muted.',
  ),
  fault('member-mute-zero-rejected', ['MEMBER-MUTE-2'], 'guild.member.mute with duration 0 answers 400.'),
  fault(
    'member-mute-seconds',
    ['MEMBER-MUTE-1', 'LIMIT-DURATION-MS'],
    'guild.member.mute reads duration as seconds: a mute lasts 1000 times too long.',
  ),
  fault(
    'member-list-plain-array',
    ['GEN-5', 'MEMBER-LIST-1'],
    'guild.member.list returns a bare array instead of {data, next}.',
  ),
  fault(
    'member-list-next-missing',
    ['GEN-6', 'MEMBER-LIST-1'],
    'guild.member.list returns the first page without next although more members exist.',
  ),
  fault(
    'member-list-next-at-end',
    ['GEN-6'],
    'guild.member.list sends next on the last page too (it leads to an empty page).',
  ),
];

const roles = [
  fault('role-list-all-guilds', ['ROLE-LIST-1'], 'guild.role.list returns the roles of every guild.'),
  fault(
    'role-set-no-op',
    ['ROLE-SET-1'],
    'guild.member.role.set answers 200 but the member does not get the role.',
  ),
  fault(
    'role-unset-no-op',
    ['ROLE-UNSET-1'],
    'guild.member.role.unset answers 200 but the member keeps the role.',
  ),
  fault(
    'role-create-no-op',
    ['ROLE-CREATE-1'],
    'guild.role.create returns a role but does not store it (guild.role.list does not show it).',
  ),
  fault('role-update-no-op', ['ROLE-UPDATE-1'], 'guild.role.update answers 200 but the role keeps its name.'),
  fault('role-delete-no-op', ['ROLE-DELETE-1'], 'guild.role.delete answers 200 but the role stays.'),
];

const reactions = [
  fault('reaction-create-no-op', ['REACTION-CREATE-1'], 'reaction.create answers 200 but adds no reaction.'),
  fault(
    'reaction-delete-no-op',
    ['REACTION-DELETE-1', 'REACTION-DELETE-2'],
    'reaction.delete answers 200 but removes nothing.',
  ),
  fault(
    'reaction-delete-needs-user-id',
    ['REACTION-DELETE-2'],
    "reaction.delete without user_id removes nothing (it should remove the caller's own reaction).",
  ),
  fault(
    'reaction-clear-no-op',
    ['REACTION-CLEAR-1', 'REACTION-CLEAR-2'],
    'reaction.clear answers 200 but clears nothing.',
  ),
  fault(
    'reaction-clear-needs-emoji-id',
    ['REACTION-CLEAR-2'],
    'reaction.clear without emoji_id clears nothing (it should clear every reaction).',
  ),
  fault('reaction-list-empty', ['REACTION-LIST-1'], 'reaction.list always returns an empty list.'),
];

const friends = [
  fault('friend-list-empty', ['FRIEND-LIST-1'], 'friend.list always returns an empty list.'),
  fault(
    'declared-operation-501',
    ['FRIEND-LIST-1'],
    'login.features declares friend.list (like every operation), but friend.list answers 501 Not Implemented.',
  ),
  fault('friend-delete-no-op', ['FRIEND-DELETE-1'], 'friend.delete answers 200 but the friend stays.'),
  fault(
    'friend-approve-no-op',
    ['FRIEND-APPROVE-1', 'EVT-REQUEST-FLOW'],
    'friend.approve with approve true answers 200 but no friend is added.',
  ),
  fault(
    'friend-approve-false-approves',
    ['FRIEND-APPROVE-1'],
    'friend.approve with approve false adds the friend anyway.',
  ),
];

const protocol = [
  fault(
    'dotted-paths-not-found',
    ['GEN-1'],
    'Operation paths with more than one dot (e.g. /guild.member.role.set) answer 404: the router expects <resource>.<action>.',
  ),
  fault(
    'missing-field-500',
    ['OP-REQUIRED-FIELDS', 'CONV-HTTP-NO-5XX'],
    'A request missing a required field crashes the handler: 500.',
  ),
  fault(
    'missing-field-accepted',
    ['OP-REQUIRED-FIELDS'],
    'A request missing a required field is answered 200 (and does nothing).',
  ),
  fault('malformed-json-500', ['CONV-HTTP-NO-5XX'], 'A malformed JSON body answers 500.'),
  fault('unknown-id-500', ['CONV-HTTP-NO-5XX'], 'An unknown channel/message/guild/user id answers 500.'),
  fault('unknown-operation-200', ['CONV-HTTP-NOT-FOUND'], 'An unknown operation path answers 200 {}.'),
  fault(
    'wrong-token-accepted',
    ['CONV-HTTP-AUTH'],
    'A missing or wrong Bearer token is accepted: the request runs as the bot.',
  ),
  fault('results-text-plain', ['CONV-HTTP-JSON'], 'Results are sent with Content-Type text/plain.'),
  fault(
    'results-data-envelope',
    ['MSG-CREATE-1', 'GEN-5'],
    'Every result is wrapped in {"data": …}: objects under data, lists twice ({"data": {"data": [...]}}).',
  ),
  fault(
    'errors-200-message-body',
    ['OP-REQUIRED-FIELDS', 'CONV-HTTP-NO-5XX'],
    'Every error of an operation is answered HTTP 200 with {"message": …}.',
  ),
  {
    ...fault(
      'identity-headers-refused',
      ['GEN-1', 'MSG-CREATE-1'],
      'A request naming its login with Satori-Platform/Satori-User-ID is refused 403 "login not found" (the server looks logins up by another key than the user id it reports): with the token alone it runs as the bot.',
    ),
    detectedBy: ['message.create/returns-the-sent-message'],
  },
];

export const httpFaults = [
  ...messageList,
  ...messages,
  ...resourceFields,
  ...channels,
  ...guildsAndMembers,
  ...roles,
  ...reactions,
  ...friends,
  ...protocol,
];
