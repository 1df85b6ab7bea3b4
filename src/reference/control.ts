/**
 * Control endpoint of the reference implementation, outside the interface paths:
 *   POST /_reference/trigger {event, …}   injects a request or an external change (and its events)
 *   POST /_reference/webhooks {url}       registers a webhook (DELETE with {url} removes it)
 *   GET  /_reference/state                the world snapshot
 * Every trigger can be undone, so a checker can leave the world exactly as it found it:
 *   friend-request        → friend.approve (true → friend.delete; false → nothing)
 *   guild-request         → guild.approve (true → trigger guild-removed with the guild_id)
 *   guild-member-request  → guild.member.approve (true → guild.member.kick)
 *   guild-added           ↔ guild-removed        guild-member-added ↔ guild-member-removed
 *   guild-updated / guild-member-updated → the same trigger with the `previous` values returned
 * A member removed by a trigger and added back gets its old record (joined_at, nick, roles) again;
 * guild-member-added also lifts a permanent-kick ban.
 */
import type { Operations } from './operations/index.js';
import { badRequest, conflict, Fields } from './request.js';
import type { Json, Views } from './views.js';
import { type GuildRecord, SEED, type World } from './world.js';

export const TRIGGER_EVENTS = [
  'friend-request',
  'guild-request',
  'guild-member-request',
  'guild-added',
  'guild-updated',
  'guild-removed',
  'guild-member-added',
  'guild-member-updated',
  'guild-member-removed',
] as const;

/** The request events: what even the most limited trigger of a real server can cause. */
export const REQUEST_EVENTS = ['friend-request', 'guild-request', 'guild-member-request'] as const;

export class Control {
  constructor(
    private readonly world: World,
    private readonly views: Views,
    private readonly operations: Operations,
    /**
     * selfId: the bot; thirdId: the bystander who sends friend and join requests. inviteFromNewGuild: a
     * guild-request while the bot is in every guild comes from a new guild of the bystander (for the
     * trigger tolerances that cannot cause guild-removed, so a checker cannot make room for an invitation).
     */
    private readonly ids: {
      selfId: string;
      thirdId: string;
      inviteFromNewGuild?: boolean;
      /**
       * Every guild-request comes from this guild, whether or not the bot is in it already, as the triggers
       * of published servers do (tolerance trigger-invites-from-one-guild, dirty item guild-joined).
       */
      inviteFrom?: string;
      /** Request events carry `message: {id}` only (tolerance request-message-id-only). */
      requestMessageIdOnly?: boolean;
      /** guild-added without guild_id joins an existing guild (tolerance trigger-joins-existing-guild). */
      addedJoinsExisting?: boolean;
    },
  ) {}

  trigger(body: Record<string, unknown>): Json {
    const f = new Fields('trigger', body, () => false);
    const event = f.string('event');
    switch (event) {
      case 'friend-request':
        return this.friendRequest(f);
      case 'guild-request':
        return this.guildRequest(f);
      case 'guild-member-request':
        return this.guildMemberRequest(f);
      case 'guild-added':
        return this.guildAdded(f);
      case 'guild-updated':
        return this.guildUpdated(f);
      case 'guild-removed':
        return this.guildRemoved(f);
      case 'guild-member-added':
        return this.guildMemberAdded(f);
      case 'guild-member-updated':
        return this.guildMemberUpdated(f);
      case 'guild-member-removed':
        return this.guildMemberRemoved(f);
      default:
        throw badRequest(`Unknown trigger event '${event}'; send one of: ${TRIGGER_EVENTS.join(', ')}.`);
    }
  }

  /**
   * Users who may send requests: the third user first, then the other seeded bystanders. Requests come
   * from the first one still eligible, so a request flow that a faulty server left half-done (a friend
   * that friend.delete did not remove) does not block the next flows.
   */
  private requesters(eligible: (userId: string) => boolean): string | undefined {
    const { selfId, thirdId } = this.ids;
    const bystanders = [...this.world.users.keys()].filter(
      (id) => id !== selfId && id !== thirdId && id !== SEED.peer,
    );
    return [thirdId, ...bystanders].find(eligible);
  }

  /** A friend request to the bot (from user_id, or the first user not yet a friend); message.id is the request id. */
  private friendRequest(f: Fields): Json {
    const { selfId } = this.ids;
    const isFriend = (userId: string) => this.world.friends.get(selfId)?.has(userId) === true;
    const given = f.optionalString('user_id');
    if (given) this.requireUser(given);
    if (given && isFriend(given)) {
      throw conflict(`User '${given}' is already a friend of the bot; call friend.delete first.`);
    }
    const requesterId = given ?? this.requesters((userId) => !isFriend(userId));
    if (!requesterId) throw conflict('Every user is already a friend of the bot; call friend.delete first.');
    const requestId = this.world.newId('req-');
    this.world.requests.set(requestId, {
      id: requestId,
      kind: 'friend',
      fromUserId: requesterId,
      toUserId: selfId,
    });
    this.operations.emit(
      'friend-request',
      {
        user: this.views.userById(requesterId),
        message: this.requestMessage(requestId, 'Hello, shall we be friends?'),
      },
      [selfId],
    );
    return { request_id: requestId, user_id: requesterId };
  }

  /** An invitation to the bot from a guild it is not in (default: the first such guild). */
  private guildRequest(f: Fields): Json {
    const { selfId } = this.ids;
    const guildId = f.optionalString('guild_id') ?? this.ids.inviteFrom;
    const guild = guildId
      ? this.operations.guild(guildId)
      : ([...this.world.guilds.values()].find(
          (candidate) => candidate.id !== SEED.foreignGuild && !this.world.member(candidate.id, selfId),
        ) ?? (this.ids.inviteFromNewGuild ? this.invitingGuild() : undefined));
    if (!guild) throw conflict('The bot is a member of every guild; trigger guild-removed first.');
    if (this.world.member(guild.id, selfId) && this.ids.inviteFrom === undefined) {
      throw conflict(`The bot is already a member of guild '${guild.id}'; invite it to another guild.`);
    }
    const requestId = this.world.newId('req-');
    this.world.requests.set(requestId, { id: requestId, kind: 'guild', guildId: guild.id, toUserId: selfId });
    this.operations.emit(
      'guild-request',
      {
        guild: this.views.guild(guild),
        user: this.views.userById(guild.ownerId),
        message: this.requestMessage(requestId, `Join ${guild.name}?`),
      },
      [selfId],
    );
    return { request_id: requestId, guild_id: guild.id };
  }

  /** The request as a request event carries it: `message.id` is the request id (§4.3, §4.4, §4.7). */
  private requestMessage(requestId: string, content: string): Json {
    return this.ids.requestMessageIdOnly ? { id: requestId } : { id: requestId, content };
  }

  /** A new guild of the bystander, with the bystander as its only member (no events: nobody else sees it). */
  private invitingGuild(): GuildRecord {
    const guild: GuildRecord = {
      id: this.world.newId(''),
      name: 'Inviting Guild',
      ownerId: this.ids.thirdId,
      fromTrigger: true,
    };
    this.world.guilds.set(guild.id, guild);
    this.world
      .membersOf(guild.id)
      .set(this.ids.thirdId, { userId: this.ids.thirdId, joinedAt: Date.now(), roleIds: [] });
    return guild;
  }

  /** The third user (or user_id) asks to join guild_id. */
  private guildMemberRequest(f: Fields): Json {
    const guild = this.operations.guild(f.string('guild_id'));
    const userId =
      f.optionalString('user_id') ??
      this.requesters(
        (id) => !this.world.member(guild.id, id) && !this.world.bans.has(this.world.banKey(guild.id, id)),
      ) ??
      this.ids.thirdId;
    this.requireUser(userId);
    if (this.world.member(guild.id, userId)) {
      throw conflict(`User '${userId}' is already a member of guild '${guild.id}'; pick another guild.`);
    }
    if (this.world.bans.has(this.world.banKey(guild.id, userId))) {
      throw conflict(
        `User '${userId}' is banned from guild '${guild.id}'; trigger guild-member-added to lift it.`,
      );
    }
    const requestId = this.world.newId('req-');
    this.world.requests.set(requestId, { id: requestId, kind: 'guild-member', guildId: guild.id, userId });
    const user = this.views.userById(userId);
    this.operations.emit(
      'guild-member-request',
      {
        guild: this.views.guild(guild),
        member: { user },
        user,
        message: this.requestMessage(requestId, 'Let me in'),
      },
      this.operations.guildAudience(guild.id),
    );
    return { request_id: requestId, guild_id: guild.id, user_id: userId };
  }

  /** The bot joins guild_id, or a new guild owned by the bot is created (removed again by guild-removed). */
  private guildAdded(f: Fields): Json {
    const { selfId } = this.ids;
    const guildId = f.optionalString('guild_id');
    let guild: GuildRecord;
    if (guildId !== undefined) {
      guild = this.operations.guild(guildId);
      if (this.world.member(guild.id, selfId)) {
        throw conflict(`The bot is already a member of guild '${guild.id}'.`);
      }
    } else if (this.ids.addedJoinsExisting) {
      const existing = [...this.world.guilds.values()].find(
        (candidate) => candidate.id !== SEED.foreignGuild && !this.world.member(candidate.id, selfId),
      );
      if (!existing) throw conflict('The bot is a member of every guild; trigger guild-removed first.');
      guild = existing;
    } else {
      const name = f.optionalString('name') ?? 'Triggered Guild';
      guild = { id: this.world.newId(''), name, ownerId: selfId, fromTrigger: true };
      this.world.guilds.set(guild.id, guild);
    }
    this.operations.join(guild, selfId);
    return { guild_id: guild.id };
  }

  private guildUpdated(f: Fields): Json {
    const guild = this.operations.guild(f.string('guild_id'));
    const name = f.optionalString('name');
    const avatar = f.raw('avatar');
    if (name === '') throw badRequest('guild-updated: name must not be empty.');
    if (avatar !== undefined && avatar !== null && typeof avatar !== 'string') {
      throw badRequest('guild-updated: avatar must be a string, or null to remove it.');
    }
    const previous = { name: guild.name, avatar: guild.avatar ?? null };
    if (name !== undefined) guild.name = name;
    if (avatar === null) delete guild.avatar;
    else if (avatar !== undefined) guild.avatar = avatar;
    this.operations.emit(
      'guild-updated',
      { guild: this.views.guild(guild) },
      this.operations.guildAudience(guild.id),
    );
    return { guild_id: guild.id, previous };
  }

  /** The bot leaves guild_id; a guild created by guild-added disappears with it. */
  private guildRemoved(f: Fields): Json {
    const { selfId } = this.ids;
    const guild = this.operations.guild(f.string('guild_id'));
    this.removeMember(guild, selfId);
    if (guild.fromTrigger && this.operations.guildAudience(guild.id).length === 0) this.deleteGuild(guild);
    return { guild_id: guild.id };
  }

  private guildMemberAdded(f: Fields): Json {
    const guild = this.operations.guild(f.string('guild_id'));
    const userId = f.string('user_id');
    this.requireUser(userId);
    if (this.world.member(guild.id, userId)) {
      throw conflict(`User '${userId}' is already a member of guild '${guild.id}'.`);
    }
    this.operations.join(guild, userId);
    return { guild_id: guild.id, user_id: userId };
  }

  private guildMemberUpdated(f: Fields): Json {
    const guild = this.operations.guild(f.string('guild_id'));
    const userId = f.string('user_id');
    const member = this.world.member(guild.id, userId);
    if (!member) throw conflict(`User '${userId}' is not a member of guild '${guild.id}'.`);
    const nick = f.raw('nick');
    if (nick !== undefined && nick !== null && (typeof nick !== 'string' || nick === '')) {
      throw badRequest('guild-member-updated: nick must be a non-empty string, or null to remove it.');
    }
    const previous = { nick: member.nick ?? null };
    if (nick === null) delete member.nick;
    else if (nick !== undefined) member.nick = nick;
    this.operations.emit(
      'guild-member-updated',
      this.operations.memberResources(guild, member),
      this.operations.guildAudience(guild.id),
    );
    return { guild_id: guild.id, user_id: userId, previous };
  }

  private guildMemberRemoved(f: Fields): Json {
    const guild = this.operations.guild(f.string('guild_id'));
    const userId = f.string('user_id');
    if (userId === guild.ownerId) throw badRequest("guild-member-removed: the guild's owner cannot leave.");
    this.removeMember(guild, userId);
    return { guild_id: guild.id, user_id: userId };
  }

  /** Removes a member and keeps its record so that adding it back restores it exactly. */
  private removeMember(guild: GuildRecord, userId: string): void {
    const member = this.world.member(guild.id, userId);
    if (!member) throw conflict(`User '${userId}' is not a member of guild '${guild.id}'.`);
    this.world.formerMembers.set(this.world.memberMuteKey(guild.id, userId), structuredClone(member));
    this.operations.leave(guild, userId);
  }

  private deleteGuild(guild: GuildRecord): void {
    for (const channel of this.world.guildChannels(guild.id)) {
      for (const message of [...(this.world.messagesByChannel.get(channel.id) ?? [])]) {
        this.world.removeMessage(message);
      }
      this.world.channelMutes.delete(channel.id);
      this.world.channels.delete(channel.id);
    }
    for (const role of this.world.rolesOf(guild.id)) this.world.roles.delete(role.id);
    this.world.members.delete(guild.id);
    this.world.guilds.delete(guild.id);
  }

  private requireUser(userId: string): void {
    if (!this.world.users.has(userId)) throw this.operations.notFound(`No user with id '${userId}'.`);
  }
}
