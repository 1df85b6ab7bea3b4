/**
 * What a check may need to itself (issue 11: isolation by resource, not by running alone). A check that
 * `holds` one runs with no other check that holds or `shares` it; checks that share one run together.
 * Anything a check creates itself (a message, a scratch channel) needs no hold: no other check touches it.
 */
export const HOLDS = {
  'peer-in-guild':
    "whether the peer may post (and react) in the sandbox guild: a guild.member.mute blocks the peer's posts in every channel",
  'peer-member-record':
    "what the peer's member record says (its roles, its mute): guild-member-updated events name only the member, so a check waiting for one must be the only one changing the record",
  'self-member-record':
    "what the bot's own member record says (its roles): guild-member-updated events name only the member, so the check waiting for one on the bot's record runs apart from the refusal controls that set and unset a role on it",
  'friend-requests':
    "the trigger's friend requests and the bot's friend list they change: a friend-request event names no flow, so two flows at once could answer each other's request; a friend.list walk meanwhile would see a friend come and go",
  'guild-invitations':
    "the trigger's guild-request invitations and the bot's guild list they change: one flow at a time, and a guild.list walk (or a check acting on each listed guild) never meets a guild joined and left meanwhile",
  'join-requests':
    "the trigger's guild-member-request join requests and the sandbox guild's member list they change: one flow at a time, and a guild.member.list walk never meets the requester joining or leaving",
  'quiet-channel':
    "a channel nobody posts in while the checks read its latest messages: the checks that share it get the run's scratch channel as t.sandbox.channelId (t.sandbox.quiet, deleted at cleanup) and read one fixture of messages created once; where channel.create fails, the sandbox channel, each check run alone with messages of its own",
} as const;

export type Hold = keyof typeof HOLDS;
