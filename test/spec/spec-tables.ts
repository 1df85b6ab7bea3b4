/**
 * §4 and §6 of the spec, copied here by hand (independently of spec/catalogue.ts and spec/events.ts),
 * so that the tests compare the catalogue against the spec text rather than against itself.
 */
export interface ExpectedOperation {
  group: string;
  section: string;
  required: string[];
  optional: string[];
  /** 'Message[]', 'Channel', 'List<Channel>', 'BidiList<Message>' or null (no stated return). */
  returns: string | null;
  requiredResources: string[];
  experimental: boolean;
  /** A realistic request body (default variants). */
  sample: Record<string, unknown>;
}

const op = (
  group: string,
  section: string,
  required: string[],
  optional: string[],
  returns: string | null,
  sample: Record<string, unknown>,
  extra: { requiredResources?: string[]; experimental?: boolean } = {},
): ExpectedOperation => ({
  group,
  section,
  required,
  optional,
  returns,
  requiredResources: extra.requiredResources ?? [],
  experimental: extra.experimental ?? false,
  sample,
});

const X = { experimental: true };
const msg = { channel_id: 'c1', message_id: 'm1' };
const approve = { message_id: 'req1', approve: true, comment: 'welcome' };

export const EXPECTED_OPERATIONS: Record<string, ExpectedOperation> = {
  // §4.1
  'message.create': op('messages', '4.1', ['channel_id', 'content'], [], 'Message[]', {
    channel_id: 'c1',
    content: 'hi',
  }),
  'message.get': op('messages', '4.1', ['channel_id', 'message_id'], [], 'Message', msg, {
    requiredResources: ['channel', 'user'],
  }),
  'message.delete': op('messages', '4.1', ['channel_id', 'message_id'], [], null, msg),
  'message.update': op('messages', '4.1', ['channel_id', 'message_id', 'content'], [], null, {
    ...msg,
    content: 'edited',
  }),
  'message.list': op(
    'messages',
    '4.1',
    ['channel_id'],
    ['next', 'direction', 'limit', 'order'],
    'BidiList<Message>',
    { channel_id: 'c1', next: 't', direction: 'before', limit: 50, order: 'asc' },
    { requiredResources: ['user'] },
  ),
  // §4.2
  'channel.get': op('channels', '4.2', ['channel_id'], [], 'Channel', { channel_id: 'c1' }),
  'channel.list': op('channels', '4.2', ['guild_id'], ['next'], 'List<Channel>', { guild_id: 'g1' }),
  'channel.create': op('channels', '4.2', ['guild_id', 'data'], [], 'Channel', {
    guild_id: 'g1',
    data: { name: 'new', type: 0 },
  }),
  'channel.update': op('channels', '4.2', ['channel_id', 'data'], [], null, {
    channel_id: 'c1',
    data: { name: 'renamed' },
  }),
  'channel.delete': op('channels', '4.2', ['channel_id'], [], null, { channel_id: 'c1' }),
  'channel.mute': op(
    'channels',
    '4.2',
    ['channel_id', 'duration'],
    [],
    null,
    { channel_id: 'c1', duration: 0 },
    X,
  ),
  'user.channel.create': op('channels', '4.2', ['user_id'], ['guild_id'], 'Channel', { user_id: 'u1' }),
  // §4.3
  'guild.get': op('guilds', '4.3', ['guild_id'], [], 'Guild', { guild_id: 'g1' }),
  'guild.list': op('guilds', '4.3', [], ['next'], 'List<Guild>', { next: 't' }),
  'guild.approve': op('guilds', '4.3', ['message_id', 'approve'], ['comment'], null, approve),
  // §4.4
  'guild.member.get': op('members', '4.4', ['guild_id', 'user_id'], [], 'GuildMember', {
    guild_id: 'g1',
    user_id: 'u1',
  }),
  'guild.member.list': op('members', '4.4', ['guild_id'], ['next'], 'List<GuildMember>', { guild_id: 'g1' }),
  'guild.member.kick': op('members', '4.4', ['guild_id', 'user_id'], ['permanent'], null, {
    guild_id: 'g1',
    user_id: 'u1',
    permanent: false,
  }),
  'guild.member.mute': op(
    'members',
    '4.4',
    ['guild_id', 'user_id', 'duration'],
    [],
    null,
    { guild_id: 'g1', user_id: 'u1', duration: 60_000 },
    X,
  ),
  'guild.member.approve': op('members', '4.4', ['message_id', 'approve'], ['comment'], null, approve),
  // §4.5 (experimental)
  'guild.member.role.set': op(
    'roles',
    '4.5',
    ['guild_id', 'user_id', 'role_id'],
    [],
    null,
    { guild_id: 'g1', user_id: 'u1', role_id: 'r1' },
    X,
  ),
  'guild.member.role.unset': op(
    'roles',
    '4.5',
    ['guild_id', 'user_id', 'role_id'],
    [],
    null,
    { guild_id: 'g1', user_id: 'u1', role_id: 'r1' },
    X,
  ),
  'guild.role.list': op('roles', '4.5', ['guild_id'], ['next'], 'List<GuildRole>', { guild_id: 'g1' }, X),
  'guild.role.create': op(
    'roles',
    '4.5',
    ['guild_id', 'data'],
    [],
    'GuildRole',
    { guild_id: 'g1', data: { name: 'mods' } },
    X,
  ),
  'guild.role.update': op(
    'roles',
    '4.5',
    ['guild_id', 'role_id', 'data'],
    [],
    null,
    { guild_id: 'g1', role_id: 'r1', data: { name: 'admins' } },
    X,
  ),
  'guild.role.delete': op(
    'roles',
    '4.5',
    ['guild_id', 'role_id'],
    [],
    null,
    { guild_id: 'g1', role_id: 'r1' },
    X,
  ),
  // §4.6 (experimental)
  'reaction.create': op(
    'reactions',
    '4.6',
    ['channel_id', 'message_id', 'emoji_id'],
    [],
    null,
    { ...msg, emoji_id: 'e1' },
    X,
  ),
  'reaction.delete': op(
    'reactions',
    '4.6',
    ['channel_id', 'message_id', 'emoji_id'],
    ['user_id'],
    null,
    { ...msg, emoji_id: 'e1', user_id: 'u2' },
    X,
  ),
  'reaction.clear': op('reactions', '4.6', ['channel_id', 'message_id'], ['emoji_id'], null, msg, X),
  'reaction.list': op(
    'reactions',
    '4.6',
    ['channel_id', 'message_id', 'emoji_id'],
    ['next'],
    'List<User>',
    { ...msg, emoji_id: 'e1' },
    X,
  ),
  // §4.7
  'friend.list': op('friends', '4.7', [], ['next'], 'List<Friend>', {}),
  'friend.delete': op('friends', '4.7', ['user_id'], [], null, { user_id: 'u1' }),
  'friend.approve': op('friends', '4.7', ['message_id', 'approve'], ['comment'], null, approve),
};

/** §6 table: event → required resources. */
export const EXPECTED_EVENTS: Record<string, string[]> = {
  'message-created': ['channel', 'message', 'user'],
  'message-updated': ['channel', 'message', 'user'],
  'message-deleted': ['channel', 'message', 'user'],
  'channel-added': ['guild', 'channel'],
  'channel-updated': ['guild', 'channel'],
  'channel-removed': ['guild', 'channel'],
  'guild-added': ['guild'],
  'guild-updated': ['guild'],
  'guild-removed': ['guild'],
  'guild-request': ['guild'],
  'guild-member-added': ['guild', 'member', 'user'],
  'guild-member-updated': ['guild', 'member', 'user'],
  'guild-member-removed': ['guild', 'member', 'user'],
  'guild-member-request': ['guild', 'member', 'user'],
  'guild-role-created': ['guild', 'role'],
  'guild-role-updated': ['guild', 'role'],
  'guild-role-deleted': ['guild', 'role'],
  'reaction-added': ['emoji'],
  'reaction-removed': ['emoji'],
  'friend-request': ['user'],
};

/** Operation → event links the brief asks for: [operation, event, kind]. */
export const EXPECTED_LINKS: [string, string, string][] = [
  ['message.create', 'message-created', 'stated'],
  ['message.update', 'message-updated', 'stated'],
  ['message.delete', 'message-deleted', 'stated'],
  ['channel.create', 'channel-added', 'inferred'],
  ['channel.update', 'channel-updated', 'inferred'],
  ['channel.delete', 'channel-removed', 'inferred'],
  ['guild.role.create', 'guild-role-created', 'inferred'],
  ['guild.role.update', 'guild-role-updated', 'inferred'],
  ['guild.role.delete', 'guild-role-deleted', 'inferred'],
  ['reaction.create', 'reaction-added', 'inferred'],
  ['reaction.delete', 'reaction-removed', 'inferred'],
  ['reaction.clear', 'reaction-removed', 'inferred'],
  ['guild.member.kick', 'guild-member-removed', 'inferred'],
  ['guild.member.role.set', 'guild-member-updated', 'inferred'],
  ['guild.member.role.unset', 'guild-member-updated', 'inferred'],
  ['guild.member.approve', 'guild-member-added', 'inferred'],
  ['guild.approve', 'guild-added', 'inferred'],
  ['friend.approve', 'friend-request', 'answers'],
  ['guild.approve', 'guild-request', 'answers'],
  ['guild.member.approve', 'guild-member-request', 'answers'],
];
