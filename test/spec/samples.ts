/**
 * Hand-written instances for the spec-layer tests: for each resource one valid and one invalid value
 * (the invalid one misses a required field or has a wrong type), written from spec §2, not from the schemas.
 */
export const user = {
  id: 'u1',
  name: 'Alice',
  avatar: 'https://example.test/a.png',
  is_bot: false,
  extra: 1,
};
export const channel = { id: 'c1', type: 0, name: 'general', position: 3 };
export const guild = { id: 'g1', name: 'Guild', avatar: 'https://example.test/g.png' };
export const role = { id: 'r1', name: 'moderator', color: 255 };
export const member = { user, nick: 'Al', joined_at: 1_700_000_000_000, roles: [role], title: 'x' };
export const message = {
  id: 'm1',
  content: 'hello',
  channel,
  guild,
  member,
  user,
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_001,
};
export const emoji = { id: 'e1', name: 'smile' };
export const friend = { user, nick: 'buddy' };
export const login = {
  sn: 1,
  adapter: 'test',
  user,
  platform: 'test',
  status: 1,
  features: ['message.list'],
};

export interface ResourceSample {
  valid: unknown[];
  /** [value, JSON pointer a problem must name]. */
  invalid: [unknown, string][];
}

export const resourceSamples: Record<string, ResourceSample> = {
  Message: {
    valid: [message, { id: 'm2', content: '' }],
    invalid: [
      [{ id: 'm1' }, '/content'],
      [{ content: 'x' }, '/id'],
      [{ ...message, id: 1 }, '/id'],
      [{ ...message, user: 'u1' }, '/user'],
      [{ ...message, created_at: '2024-01-01' }, '/created_at'],
      [{ ...message, channel: { id: 'c1' } }, '/channel/type'],
    ],
  },
  Channel: {
    valid: [channel, { id: 'c2', type: 1 }, { id: 'c3', type: 3, parent_id: 'c2' }],
    invalid: [
      [{ id: 'c1' }, '/type'],
      [{ type: 0 }, '/id'],
      [{ id: 'c1', type: 7 }, '/type'],
      [{ id: 'c1', type: '0' }, '/type'],
      [{ id: 'c1', type: 0, name: 5 }, '/name'],
    ],
  },
  ChannelType: {
    valid: [0, 1, 2, 3],
    invalid: [
      [4, ''],
      [1.5, ''],
      ['TEXT', ''],
    ],
  },
  Guild: {
    valid: [guild, { id: 'g2' }],
    invalid: [
      [{ name: 'no id' }, '/id'],
      [{ id: 2 }, '/id'],
    ],
  },
  GuildMember: {
    valid: [member, {}],
    invalid: [
      [{ nick: 1 }, '/nick'],
      [{ roles: [{ name: 'no id' }] }, '/roles/0/id'],
      [{ joined_at: 'yesterday' }, '/joined_at'],
      ['member', ''],
    ],
  },
  Member: {
    valid: [member, {}],
    invalid: [
      [{ user: [] }, '/user'],
      [{ avatar: false }, '/avatar'],
    ],
  },
  GuildRole: {
    valid: [role, { id: 'r2' }],
    invalid: [
      [{ name: 'x' }, '/id'],
      [{ id: 'r1', name: 3 }, '/name'],
    ],
  },
  Friend: {
    valid: [friend, {}],
    invalid: [
      [{ user: 'u1' }, '/user'],
      [{ nick: 9 }, '/nick'],
    ],
  },
  // §2 shows no User or Emoji field: the spec layer asks an object only; their fields are conventions
  // (conventionSamples).
  User: {
    valid: [user, {}, { username: 'old-style' }, { id: 1 }, { nick: null }],
    invalid: [
      [null, ''],
      ['u1', ''],
    ],
  },
  Emoji: {
    valid: [emoji, {}, { id: 1 }],
    invalid: [
      ['smile', ''],
      [[], ''],
    ],
  },
  Direction: {
    valid: ['before', 'after', 'around'],
    invalid: [
      ['sideways', ''],
      [0, ''],
    ],
  },
  Order: {
    valid: ['asc', 'desc'],
    invalid: [
      ['ascending', ''],
      [true, ''],
    ],
  },
  Login: {
    valid: [login, { sn: 0, adapter: 'x', status: 0, features: [] }],
    invalid: [
      [{ adapter: 'x', status: 1, features: [] }, '/sn'],
      [{ ...login, status: 9 }, '/status'],
      [{ ...login, features: 'all' }, '/features'],
    ],
  },
  List: {
    // A null marker counts as absent (null vs absent is not shown, §1 rule 6).
    valid: [{ data: [] }, { data: [1, 'x'], next: 't' }, { data: [], next: null }],
    invalid: [
      [{ next: 't' }, '/data'],
      [{ data: {} }, '/data'],
      [{ data: [], next: 1 }, '/next'],
    ],
  },
  BidiList: {
    valid: [{ data: [] }, { data: [], prev: 'p', next: 'n' }, { data: [], prev: null, next: null }],
    invalid: [
      [{ prev: 'p' }, '/data'],
      [{ data: [], prev: 7 }, '/prev'],
    ],
  },
  EventEnvelope: {
    valid: [{ sn: 1, type: 'message-created', timestamp: 1, login, message, channel, user }],
    invalid: [
      [{ type: 'x', timestamp: 1, login }, '/sn'],
      [{ sn: 1, type: 'x', timestamp: 1, login: {} }, '/login/sn'],
      [{ sn: 1, type: 'x', timestamp: 1, login, channel: { id: 'c' } }, '/channel/type'],
    ],
  },
};

/**
 * Values the spec layer accepts and the conventions do not (docs/de-facto-conventions.md "Resources beyond
 * the spec's tables"): [schema, value, the field reported, 'null' | 'field'].
 */
export const conventionSamples: [string, unknown, string, 'null' | 'field'][] = [
  ['User', { id: 1 }, 'User.id', 'field'],
  ['User', { is_bot: 'yes' }, 'User.is_bot', 'field'],
  ['User', { id: 'u1', nick: null }, 'User.nick', 'null'],
  ['Emoji', { id: 1 }, 'Emoji.id', 'field'],
  ['Message', { ...message, user: { id: 'u1', nick: null } }, 'User.nick', 'null'],
  ['Message', { ...message, guild: null, updated_at: null }, 'Message.guild', 'null'],
  ['Message', { ...message, member: { ...member, user: { ...user, avatar: 5 } } }, 'User.avatar', 'field'],
  ['Guild', { id: 'g1', avatar: null }, 'Guild.avatar', 'null'],
  ['Channel', { id: 'c1', type: 0, parent_id: null }, 'Channel.parent_id', 'null'],
  ['GuildMember', { user: { id: 'u1', name: null }, nick: null }, 'GuildMember.nick', 'null'],
  ['Friend', { user: { id: 2 } }, 'User.id', 'field'],
];

/** A valid value of a resource, by schema name. */
export const sampleOf = (name: string): unknown => resourceSamples[name].valid[0];
