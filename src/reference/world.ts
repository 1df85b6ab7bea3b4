/**
 * The in-memory world of the reference implementation: plain records (internal names, camelCase) and
 * the deterministic seed. The wire shapes (§2, snake_case) are made in views.ts.
 */

export const PLATFORM = 'reference';

export const ChannelType = { TEXT: 0, DIRECT: 1, CATEGORY: 2, VOICE: 3 } as const;
export type GuildChannelType = 0 | 2 | 3;

export interface UserRecord {
  id: string;
  name: string;
  avatar?: string;
  isBot: boolean;
}

export interface GuildRecord {
  id: string;
  name: string;
  avatar?: string;
  ownerId: string;
  /** Created by a control trigger: deleted again when its last identity leaves. */
  fromTrigger?: boolean;
}

export interface ChannelRecord {
  id: string;
  guildId: string;
  type: GuildChannelType;
  name: string;
  parentId?: string;
}

export interface MemberRecord {
  userId: string;
  nick?: string;
  joinedAt: number;
  roleIds: string[];
}

export interface RoleRecord {
  id: string;
  guildId: string;
  name: string;
  color?: number;
  /** Members with an admin role may manage the guild (mute, kick, roles, channels, others' messages). */
  admin: boolean;
}

export interface MessageRecord {
  id: string;
  /** Global, strictly increasing: the order of messages and the anchor of pagination tokens. */
  seq: number;
  channelId: string;
  authorId: string;
  content: string;
  createdAt: number;
  updatedAt?: number;
}

export type PendingRequest =
  | { id: string; kind: 'friend'; fromUserId: string; toUserId: string }
  | { id: string; kind: 'guild'; guildId: string; toUserId: string }
  | { id: string; kind: 'guild-member'; guildId: string; userId: string };

const memberKey = (guildId: string, userId: string): string => `${guildId}/${userId}`;

export class World {
  readonly users = new Map<string, UserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  /** guildId → userId → member */
  readonly members = new Map<string, Map<string, MemberRecord>>();
  readonly roles = new Map<string, RoleRecord>();
  /** channelId → messages in seq order (append-only except deletions). */
  readonly messagesByChannel = new Map<string, MessageRecord[]>();
  readonly messages = new Map<string, MessageRecord>();
  /** messageId → emojiId → user ids in reaction order. */
  readonly reactions = new Map<string, Map<string, string[]>>();
  /** ownerId → friendId → nick (symmetric: both sides are stored). */
  readonly friends = new Map<string, Map<string, { nick?: string }>>();
  readonly requests = new Map<string, PendingRequest>();
  /** channelId → muted until (epoch ms). */
  readonly channelMutes = new Map<string, number>();
  /** guildId/userId → muted until (epoch ms). */
  readonly memberMutes = new Map<string, number>();
  /** guildId/userId of permanently kicked users. */
  readonly bans = new Set<string>();
  /**
   * Members removed by a control trigger, kept (outside the snapshot) so that re-adding them restores
   * the same record: every trigger can be undone exactly.
   */
  readonly formerMembers = new Map<string, MemberRecord>();

  #nextId = 900_000;
  #nextSeq = 0;

  newId(prefix: string): string {
    this.#nextId += 1;
    return `${prefix}${this.#nextId}`;
  }

  newSeq(): number {
    this.#nextSeq += 1;
    return this.#nextSeq;
  }

  membersOf(guildId: string): Map<string, MemberRecord> {
    let members = this.members.get(guildId);
    if (!members) {
      members = new Map();
      this.members.set(guildId, members);
    }
    return members;
  }

  member(guildId: string, userId: string): MemberRecord | undefined {
    return this.members.get(guildId)?.get(userId);
  }

  isAdmin(guildId: string, userId: string): boolean {
    if (this.guilds.get(guildId)?.ownerId === userId) return true;
    const member = this.member(guildId, userId);
    return !!member?.roleIds.some((roleId) => this.roles.get(roleId)?.admin);
  }

  rolesOf(guildId: string): RoleRecord[] {
    return [...this.roles.values()].filter((role) => role.guildId === guildId);
  }

  guildChannels(guildId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((channel) => channel.guildId === guildId);
  }

  channelMessages(channelId: string): MessageRecord[] {
    let list = this.messagesByChannel.get(channelId);
    if (!list) {
      list = [];
      this.messagesByChannel.set(channelId, list);
    }
    return list;
  }

  addMessage(message: MessageRecord): void {
    this.channelMessages(message.channelId).push(message);
    this.messages.set(message.id, message);
  }

  removeMessage(message: MessageRecord): void {
    const list = this.channelMessages(message.channelId);
    list.splice(list.indexOf(message), 1);
    if (list.length === 0) this.messagesByChannel.delete(message.channelId);
    this.messages.delete(message.id);
    this.reactions.delete(message.id);
  }

  reactionsOf(messageId: string): Map<string, string[]> {
    let reactions = this.reactions.get(messageId);
    if (!reactions) {
      reactions = new Map();
      this.reactions.set(messageId, reactions);
    }
    return reactions;
  }

  /** Drops empty reaction lists so that add + remove leaves the world as it was. */
  pruneReactions(messageId: string): void {
    const reactions = this.reactions.get(messageId);
    if (!reactions) return;
    for (const [emojiId, users] of reactions) if (users.length === 0) reactions.delete(emojiId);
    if (reactions.size === 0) this.reactions.delete(messageId);
  }

  friendsOf(userId: string): Map<string, { nick?: string }> {
    let friends = this.friends.get(userId);
    if (!friends) {
      friends = new Map();
      this.friends.set(userId, friends);
    }
    return friends;
  }

  addFriendship(a: string, b: string): void {
    this.friendsOf(a).set(b, {});
    this.friendsOf(b).set(a, {});
  }

  removeFriendship(a: string, b: string): void {
    for (const [owner, friend] of [
      [a, b],
      [b, a],
    ]) {
      const friends = this.friends.get(owner);
      friends?.delete(friend);
      if (friends?.size === 0) this.friends.delete(owner);
    }
  }

  memberMuteKey = memberKey;
  banKey = memberKey;

  /** The mute end of a member or channel, undefined when not muted at `now`. */
  activeUntil(until: number | undefined, now: number): number | undefined {
    return until !== undefined && until > now ? until : undefined;
  }

  /** World data only (no counters, no logs), sorted, as plain JSON: create + delete leaves it equal. */
  snapshot(now: number): unknown {
    const byId = <T extends { id: string }>(items: Iterable<T>): T[] =>
      [...items].sort((a, b) => compare(a.id, b.id));
    const activeMutes = (mutes: Map<string, number>) =>
      Object.fromEntries([...mutes].filter(([, until]) => until > now).sort(([a], [b]) => compare(a, b)));
    return structuredClone({
      users: byId(this.users.values()),
      guilds: byId(this.guilds.values()),
      channels: byId(this.channels.values()),
      members: Object.fromEntries(
        [...this.members]
          .filter(([, members]) => members.size > 0)
          .sort(([a], [b]) => compare(a, b))
          .map(([guildId, members]) => [
            guildId,
            [...members.values()].sort((a, b) => compare(a.userId, b.userId)),
          ]),
      ),
      roles: byId(this.roles.values()),
      messages: [...this.messages.values()].sort((a, b) => a.seq - b.seq),
      reactions: Object.fromEntries(
        [...this.reactions]
          .sort(([a], [b]) => compare(a, b))
          .map(([messageId, reactions]) => [messageId, Object.fromEntries([...reactions])]),
      ),
      friends: Object.fromEntries(
        [...this.friends]
          .sort(([a], [b]) => compare(a, b))
          .map(([owner, friends]) => [
            owner,
            Object.fromEntries([...friends].sort(([a], [b]) => compare(a, b))),
          ]),
      ),
      requests: byId(this.requests.values()),
      channelMutes: activeMutes(this.channelMutes),
      memberMutes: activeMutes(this.memberMutes),
      bans: [...this.bans].sort(compare),
    });
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Ids of the seeded world, for the tests and the serve command. */
export const SEED = {
  self: '1001',
  peer: '1002',
  third: '1003',
  guild1: '3001',
  guild2: '3002',
  /** The guild the bot is not in: the source of guild-request invitations. */
  outsideGuild: '3003',
  /**
   * A guild the bot never joins and is never invited to (invitations come from outsideGuild first): a
   * guild.list that lists guilds the bot is not in shows it even when an earlier run left the bot in
   * outsideGuild (a dirty world).
   */
  foreignGuild: '3004',
  /** First text channel of guild 1: holds the seeded message history. */
  historyChannel: '4001',
  /** Seeded messages in historyChannel. */
  historyLength: 160,
  /** Message of historyChannel with 25 reactions of one emoji (reaction.list needs two pages). */
  reactedMessage: '7000150',
  reactedEmoji: 'thumbs-up',
  adminRole: '5001',
  memberRole: '5003',
} as const;

/** Fixed clock of the seed: 2024-01-01T00:00:00Z. */
const SEED_EPOCH = 1_704_067_200_000;
const MINUTE = 60_000;

/**
 * Builds the seeded world. Deterministic: two calls give equal snapshots. `extraGuilds` more guilds owned
 * by the bot (ids extra-guild-1 …) make a big but honest guild.list, for the walks' no-page-cap test.
 * `extraMessages` older messages in historyChannel (ids 6000001 …, before the seeded history): the bench's
 * deep channel, which a run must not walk.
 */
export function seedWorld(extraGuilds = 0, extraMessages = 0): World {
  const world = new World();
  const addUser = (id: string, name: string, isBot = false) =>
    world.users.set(id, { id, name, isBot, avatar: `https://avatars.example/${id}.png` });
  addUser(SEED.self, 'reference-bot', true);
  addUser(SEED.peer, 'peer');
  addUser(SEED.third, 'third');
  const extraUsers: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    const id = String(1100 + i);
    addUser(id, `member-${String(i + 1).padStart(2, '0')}`);
    extraUsers.push(id);
  }

  world.guilds.set(SEED.guild1, {
    id: SEED.guild1,
    name: 'Reference Guild',
    avatar: 'https://avatars.example/guild-3001.png',
    ownerId: SEED.self,
  });
  world.guilds.set(SEED.guild2, { id: SEED.guild2, name: 'Second Guild', ownerId: SEED.self });
  world.guilds.set(SEED.outsideGuild, {
    id: SEED.outsideGuild,
    name: 'Outside Guild',
    ownerId: extraUsers[50],
  });
  world.guilds.set(SEED.foreignGuild, {
    id: SEED.foreignGuild,
    name: 'Foreign Guild',
    ownerId: extraUsers[55],
  });

  const addRole = (id: string, guildId: string, name: string, admin: boolean, color?: number) =>
    world.roles.set(id, { id, guildId, name, admin, ...(color === undefined ? {} : { color }) });
  addRole(SEED.adminRole, SEED.guild1, 'admin', true, 0xe74c3c);
  addRole('5002', SEED.guild1, 'moderator', false, 0x3498db);
  addRole(SEED.memberRole, SEED.guild1, 'member', false);
  addRole('5004', SEED.guild2, 'admin', true);
  addRole('5005', SEED.guild2, 'member', false);
  addRole('5006', SEED.outsideGuild, 'member', false);

  const addChannel = (id: string, guildId: string, type: GuildChannelType, name: string, parentId?: string) =>
    world.channels.set(id, { id, guildId, type, name, ...(parentId ? { parentId } : {}) });
  addChannel(SEED.historyChannel, SEED.guild1, ChannelType.TEXT, 'general', '4003');
  addChannel('4002', SEED.guild1, ChannelType.TEXT, 'random', '4003');
  addChannel('4003', SEED.guild1, ChannelType.CATEGORY, 'Text channels');
  addChannel('4004', SEED.guild1, ChannelType.VOICE, 'Voice');
  addChannel('4005', SEED.guild2, ChannelType.TEXT, 'lobby');
  addChannel('4006', SEED.guild2, ChannelType.VOICE, 'Lounge');
  addChannel('4007', SEED.outsideGuild, ChannelType.TEXT, 'outside-general');

  const addMember = (guildId: string, userId: string, minutes: number, roleIds: string[], nick?: string) =>
    world.membersOf(guildId).set(userId, {
      userId,
      joinedAt: SEED_EPOCH + minutes * MINUTE,
      roleIds,
      ...(nick ? { nick } : {}),
    });
  // Guild 1: 45 members (three pages of guild.member.list).
  addMember(SEED.guild1, SEED.self, 0, [SEED.adminRole, SEED.memberRole], 'Bot');
  addMember(SEED.guild1, SEED.peer, 1, [SEED.memberRole]);
  for (const [i, userId] of extraUsers.slice(0, 43).entries()) {
    addMember(SEED.guild1, userId, 2 + i, i % 5 === 0 ? ['5002', SEED.memberRole] : [SEED.memberRole]);
  }
  // Guild 2: self, third and a few others.
  addMember(SEED.guild2, SEED.self, 0, ['5004']);
  addMember(SEED.guild2, SEED.third, 3, ['5005'], 'Third');
  for (const [i, userId] of extraUsers.slice(43, 48).entries())
    addMember(SEED.guild2, userId, 4 + i, ['5005']);
  // Outside guild: the bot is not a member.
  for (const [i, userId] of extraUsers.slice(48, 60).entries())
    addMember(SEED.outsideGuild, userId, i, ['5006']);
  // Foreign guild: a few bystanders, never the bot.
  for (const [i, userId] of extraUsers.slice(55, 60).entries()) addMember(SEED.foreignGuild, userId, i, []);

  seedHistory(world, extraUsers, extraMessages);

  // Reactions: one message with 25 users on one emoji, a few others lightly.
  world.reactionsOf(SEED.reactedMessage).set(SEED.reactedEmoji, [SEED.peer, ...extraUsers.slice(0, 24)]);
  world.reactionsOf(SEED.reactedMessage).set('heart', [extraUsers[5], extraUsers[6]]);
  world.reactionsOf('7000149').set('smile', [SEED.self, SEED.peer]);

  // Friends: peer and five members are friends of the bot; third is not.
  world.addFriendship(SEED.self, SEED.peer);
  for (const userId of extraUsers.slice(10, 15)) world.addFriendship(SEED.self, userId);
  world.friendsOf(SEED.self).set(SEED.peer, { nick: 'Peer' });

  for (let i = 1; i <= extraGuilds; i += 1) {
    const id = `extra-guild-${i}`;
    world.guilds.set(id, { id, name: `Extra Guild ${i}`, ownerId: SEED.self });
    addMember(id, SEED.self, 0, []);
  }
  return world;
}

/**
 * The sandbox channel's history, authored in turn by self, peer and three members: `extraMessages` older
 * ones first (ids 6000001 …), then the seeded SEED.historyLength; and one message in the second guild.
 */
function seedHistory(world: World, extraUsers: readonly string[], extraMessages: number): void {
  const authors = [SEED.self, SEED.peer, extraUsers[0], extraUsers[1], extraUsers[2]];
  for (let i = 1; i <= extraMessages; i += 1) {
    world.addMessage({
      id: String(6_000_000 + i),
      seq: world.newSeq(),
      channelId: SEED.historyChannel,
      authorId: authors[i % authors.length],
      content: `Older message ${i}`,
      createdAt: SEED_EPOCH - (extraMessages - i + 1) * MINUTE,
    });
  }
  for (let i = 1; i <= SEED.historyLength; i += 1) {
    world.addMessage({
      id: String(7_000_000 + i),
      seq: world.newSeq(),
      channelId: SEED.historyChannel,
      authorId: authors[i % authors.length],
      content: `History message ${i}`,
      createdAt: SEED_EPOCH + i * MINUTE,
    });
  }
  world.addMessage({
    id: '7100001',
    seq: world.newSeq(),
    channelId: '4005',
    authorId: SEED.third,
    content: 'Hello from the second guild',
    createdAt: SEED_EPOCH + 200 * MINUTE,
  });
}
