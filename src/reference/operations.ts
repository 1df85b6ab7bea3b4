/**
 * The 33 operations of §4 over the in-memory world, written by hand from the spec (not from
 * spec/catalogue: the server and the checker are two independent readings). Each handler validates
 * everything before it changes anything, so a refused request never leaves a partial write.
 */
import type { Variants } from './contract.js';
import type { EventHub, EventResources } from './events/hub.js';
import {
  badRequest,
  decodeToken,
  encodeToken,
  type Fields,
  forbidden,
  HttpError,
  type Page,
  pageOf,
} from './request.js';
import type { ToleranceSwitch } from './tolerances/index.js';
import {
  type AnyChannel,
  type DirectChannel,
  directChannelId,
  type FaultSwitch,
  type Json,
  parseDirectChannelId,
  type Views,
} from './views.js';
import {
  type ChannelRecord,
  ChannelType,
  type GuildChannelType,
  type GuildRecord,
  type MemberRecord,
  type MessageRecord,
  type World,
} from './world.js';

/** §4.1 rule 4: the service's own default page of message.list. */
export const DEFAULT_MESSAGE_LIMIT = 50;

export interface OperationContext {
  world: World;
  views: Views;
  fault: FaultSwitch;
  hub: EventHub;
  variants: Variants;
  limitBound: number;
  /** Tolerances switched on (src/reference/tolerances); absent = none. */
  tolerate?: ToleranceSwitch;
  /** User ids of the identities the server hosts (the logins events are delivered to). */
  identityIds: readonly string[];
  now: () => number;
}

export type Handler = (caller: string, fields: Fields) => unknown;

const GUILD_CHANNEL_TYPES: readonly number[] = [ChannelType.TEXT, ChannelType.CATEGORY, ChannelType.VOICE];
const DIRECTIONS = ['before', 'after', 'around'] as const;
type Direction = (typeof DIRECTIONS)[number];

export class Operations {
  readonly handlers: Record<string, Handler>;
  private readonly world: World;
  private readonly views: Views;
  private readonly fault: FaultSwitch;
  private readonly tolerate: ToleranceSwitch;

  constructor(private readonly context: OperationContext) {
    this.world = context.world;
    this.views = context.views;
    this.fault = context.fault;
    this.tolerate = context.tolerate ?? (() => false);
    this.handlers = {
      'message.create': (caller, f) => this.messageCreate(caller, f),
      'message.get': (caller, f) => this.messageGet(caller, f),
      'message.delete': (caller, f) => this.messageDelete(caller, f),
      'message.update': (caller, f) => this.messageUpdate(caller, f),
      'message.list': (caller, f) => this.messageList(caller, f),
      'channel.get': (caller, f) => this.channelGet(caller, f),
      'channel.list': (caller, f) => this.channelList(caller, f),
      'channel.create': (caller, f) => this.channelCreate(caller, f),
      'channel.update': (caller, f) => this.channelUpdate(caller, f),
      'channel.delete': (caller, f) => this.channelDelete(caller, f),
      'channel.mute': (caller, f) => this.channelMute(caller, f),
      'user.channel.create': (caller, f) => this.userChannelCreate(caller, f),
      // Any existing guild may be read: an invited bot looks at the guild before guild.approve.
      'guild.get': (caller, f) => this.guildGet(caller, f),
      'guild.list': (caller, f) => this.guildList(caller, f),
      'guild.approve': (caller, f) => this.guildApprove(caller, f),
      'guild.member.get': (caller, f) => this.memberGet(caller, f),
      'guild.member.list': (caller, f) => this.memberList(caller, f),
      'guild.member.kick': (caller, f) => this.memberKick(caller, f),
      'guild.member.mute': (caller, f) => this.memberMute(caller, f),
      'guild.member.approve': (caller, f) => this.memberApprove(caller, f),
      'guild.member.role.set': (caller, f) => this.memberRole(caller, f, 'set'),
      'guild.member.role.unset': (caller, f) => this.memberRole(caller, f, 'unset'),
      'guild.role.list': (caller, f) => this.roleList(caller, f),
      'guild.role.create': (caller, f) => this.roleCreate(caller, f),
      'guild.role.update': (caller, f) => this.roleUpdate(caller, f),
      'guild.role.delete': (caller, f) => this.roleDelete(caller, f),
      'reaction.create': (caller, f) => this.reactionCreate(caller, f),
      'reaction.delete': (caller, f) => this.reactionDelete(caller, f),
      'reaction.clear': (caller, f) => this.reactionClear(caller, f),
      'reaction.list': (caller, f) => this.reactionList(caller, f),
      'friend.list': (caller, f) => this.friendList(caller, f),
      'friend.delete': (caller, f) => this.friendDelete(caller, f),
      'friend.approve': (caller, f) => this.friendApprove(caller, f),
    };
  }

  // ── lookups ────────────────────────────────────────────────────────────────────────────────────

  notFound(message: string): HttpError {
    if (this.fault('unknown-id-500')) {
      return new HttpError(500, 'internal', "TypeError: Cannot read properties of undefined (reading 'id')");
    }
    return new HttpError(404, 'not-found', message);
  }

  guild(guildId: string): GuildRecord {
    const guild = this.world.guilds.get(guildId);
    if (!guild) throw this.notFound(`No guild with id '${guildId}'; take an id from guild.list.`);
    return guild;
  }

  /** A guild the caller is a member of (403 otherwise). */
  private memberGuild(caller: string, guildId: string): GuildRecord {
    const guild = this.guild(guildId);
    if (!this.world.member(guildId, caller)) {
      throw forbidden(`You are not a member of guild '${guildId}'; use a guild from guild.list.`);
    }
    return guild;
  }

  /** A guild the caller may manage: owner or a member with an admin role (403 otherwise). */
  private adminGuild(caller: string, guildId: string): GuildRecord {
    const guild = this.memberGuild(caller, guildId);
    if (!this.world.isAdmin(guildId, caller)) {
      throw forbidden(
        `Managing guild '${guildId}' needs an admin role; call as the guild's owner or an admin.`,
      );
    }
    return guild;
  }

  private member(guildId: string, userId: string): MemberRecord {
    const member = this.world.member(guildId, userId);
    if (!member) {
      throw this.notFound(`User '${userId}' is not a member of guild '${guildId}'; see guild.member.list.`);
    }
    return member;
  }

  private user(userId: string) {
    const user = this.world.users.get(userId);
    if (!user) throw this.notFound(`No user with id '${userId}'.`);
    return user;
  }

  /** A guild channel (member access) or a direct channel (participant access). */
  channelFor(caller: string, channelId: string): AnyChannel {
    const stored = this.world.channels.get(channelId);
    if (stored) {
      this.memberGuild(caller, stored.guildId);
      return stored;
    }
    const pair = parseDirectChannelId(channelId);
    if (pair?.every((userId) => this.world.users.has(userId))) {
      if (!pair.includes(caller)) throw forbidden(`Direct channel '${channelId}' is not yours.`);
      return { id: channelId, type: ChannelType.DIRECT, userIds: pair } satisfies DirectChannel;
    }
    throw this.notFound(
      `No channel with id '${channelId}'; take an id from channel.list or user.channel.create.`,
    );
  }

  private guildChannel(caller: string, channelId: string, operation: string): ChannelRecord {
    const channel = this.channelFor(caller, channelId);
    if (channel.type === ChannelType.DIRECT) {
      throw badRequest(`${operation} works on guild channels; '${channelId}' is a direct channel.`);
    }
    return channel;
  }

  private message(channel: AnyChannel, messageId: string): MessageRecord {
    const message = this.world.messages.get(messageId);
    if (!message || message.channelId !== channel.id) {
      throw this.notFound(`No message '${messageId}' in channel '${channel.id}'; see message.list.`);
    }
    return message;
  }

  private channelMessages(channelId: string): MessageRecord[] {
    return this.world.messagesByChannel.get(channelId) ?? [];
  }

  // ── events ─────────────────────────────────────────────────────────────────────────────────────

  /** Identities that see a guild's events: those that are its members. */
  guildAudience(guildId: string): string[] {
    return this.context.identityIds.filter((id) => this.world.member(guildId, id));
  }

  private channelAudience(channel: AnyChannel): string[] {
    if (channel.type === ChannelType.DIRECT) {
      return this.context.identityIds.filter((id) => channel.userIds.includes(id));
    }
    return this.guildAudience(channel.guildId);
  }

  emit(type: string, resources: EventResources, selfIds: string[], operation?: string): void {
    if (selfIds.length === 0) return;
    this.context.hub.emit(type, resources, { selfIds, ...(operation ? { operation } : {}) });
  }

  private guildResource(channel: AnyChannel): EventResources {
    if (channel.type === ChannelType.DIRECT) return {};
    return { guild: this.views.guild(this.guild(channel.guildId)) };
  }

  memberResources(guild: GuildRecord, member: MemberRecord): EventResources {
    return {
      guild: this.views.guild(guild),
      member: this.views.member(guild.id, member),
      user: this.views.userById(member.userId),
    };
  }

  // ── §4.1 messages ──────────────────────────────────────────────────────────────────────────────

  private messageCreate(caller: string, f: Fields): unknown {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const content = f.string('content');
    if (channel.type === ChannelType.CATEGORY || channel.type === ChannelType.VOICE) {
      throw badRequest(
        `Channel '${channel.id}' is not a text channel; send messages to a channel of type 0.`,
      );
    }
    if (content === '') throw badRequest('message.create: content is empty; send some text.');
    if (channel.type !== ChannelType.DIRECT) this.refuseWhenMuted(caller, channel);
    const now = this.context.now();
    const message: MessageRecord = {
      id: this.world.newId(''),
      seq: this.world.newSeq(),
      channelId: channel.id,
      authorId: caller,
      content,
      createdAt: now,
    };
    if (!this.fault('message-create-not-stored')) this.world.addMessage(message);
    const view = this.views.message(message, channel);
    this.emit(
      'message-created',
      { channel: view.channel, message: view, user: view.user, ...this.guildResource(channel) },
      this.channelAudience(channel),
      'message.create',
    );
    return this.fault('message-create-returns-object') ? view : [view];
  }

  /** §4.2/§4.4 mutes: a muted member, or anyone but an admin in a muted channel, may not send. */
  private refuseWhenMuted(caller: string, channel: ChannelRecord): void {
    // Fault (faults/channels.ts): the refusal is a server error instead of a 4xx.
    const refuse = this.fault('muted-post-500')
      ? (message: string) => new HttpError(500, 'internal', message)
      : forbidden;
    const now = this.context.now();
    const memberKey = this.world.memberMuteKey(channel.guildId, caller);
    const memberUntil = this.world.activeUntil(this.world.memberMutes.get(memberKey), now);
    if (memberUntil !== undefined && !this.fault('member-mute-no-effect')) {
      throw refuse(
        `You are muted in guild '${channel.guildId}' until ${new Date(memberUntil).toISOString()}; ` +
          'wait, or have an admin call guild.member.mute with duration 0.',
      );
    }
    const channelUntil = this.world.activeUntil(this.world.channelMutes.get(channel.id), now);
    if (
      channelUntil !== undefined &&
      !this.world.isAdmin(channel.guildId, caller) &&
      !this.fault('channel-mute-no-effect')
    ) {
      throw refuse(
        `Channel '${channel.id}' is muted until ${new Date(channelUntil).toISOString()}; ` +
          'wait, or have an admin call channel.mute with duration 0.',
      );
    }
  }

  private messageGet(caller: string, f: Fields): unknown {
    const channel = this.channelFor(caller, f.string('channel_id'));
    let messageId: string;
    try {
      messageId = f.string('message_id');
    } catch (error) {
      // Fault (faults/messages.ts): a wrong-typed field crashes the handler instead of a 400.
      if (this.fault('message-get-wrong-type-500') && f.has('message_id')) {
        throw new HttpError(500, 'internal', 'TypeError: messageId.trim is not a function');
      }
      throw error;
    }
    let message = this.message(channel, messageId);
    if (this.fault('message-get-ignores-id')) message = this.channelMessages(channel.id).at(-1) ?? message;
    const view = this.views.message(message, channel);
    if (this.fault('message-get-without-channel')) delete view.channel;
    if (this.fault('message-get-without-user')) delete view.user;
    return view;
  }

  private messageUpdate(caller: string, f: Fields): void {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const message = this.message(channel, f.string('message_id'));
    const content = f.string('content');
    if (content === '') throw badRequest('message.update: content is empty; send the new text.');
    if (message.authorId !== caller) {
      throw forbidden(`Only the author may edit message '${message.id}'; edit a message you sent.`);
    }
    if (this.fault('message-update-no-op')) return;
    message.content = content;
    message.updatedAt = Math.max(this.context.now(), message.createdAt);
    const view = this.views.message(message, channel);
    this.emit(
      'message-updated',
      { channel: view.channel, message: view, user: view.user, ...this.guildResource(channel) },
      this.channelAudience(channel),
      'message.update',
    );
  }

  private messageDelete(caller: string, f: Fields): void {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const message = this.message(channel, f.string('message_id'));
    const mayDelete =
      message.authorId === caller ||
      (channel.type !== ChannelType.DIRECT && this.world.isAdmin(channel.guildId, caller));
    if (!mayDelete) {
      throw forbidden(`Only the author or a guild admin may delete message '${message.id}'.`);
    }
    if (this.fault('message-delete-no-op')) return;
    const view = this.views.message(message, channel);
    this.world.removeMessage(message);
    this.emit(
      'message-deleted',
      { channel: view.channel, message: view, user: view.user, ...this.guildResource(channel) },
      this.channelAudience(channel),
      'message.delete',
    );
  }

  /**
   * §4.1 message.list: a bidirectional page. Tokens anchor on a message's seq. With 'before', prev and
   * next are the same token pointing back; 'after', both forward; 'around', prev back and next forward.
   * A marker is present exactly when more messages exist that way (§1 rule 6), whatever the page length.
   */
  private messageList(caller: string, f: Fields): unknown {
    // Fault (faults/messages.ts): fields read from the query string, so the JSON body's are never seen.
    if (this.fault('message-list-ignores-body')) {
      throw badRequest("message.list needs the field 'channel_id' in the query string.");
    }
    const channel = this.channelFor(caller, f.string('channel_id'));
    const next = f.optionalString('next') || undefined;
    const anchorId =
      this.context.variants['message-list-id'] === 'with' ? f.optionalString('message_id') : undefined;
    const limit = this.messageLimit(f);
    const explicitDirection = this.direction(f);
    const explicitOrder = this.order(f);
    const items = this.channelMessages(channel.id);
    const anchorSeq =
      next !== undefined
        ? decodeToken('message.list', next)
        : anchorId !== undefined
          ? this.message(channel, anchorId).seq
          : undefined;

    let direction: Direction =
      explicitDirection ?? (this.fault('message-list-default-direction-after') ? 'after' : 'before');
    let start: number;
    let end: number;
    const n = items.length;
    if (anchorSeq === undefined) {
      // §4.1 rule 1: without next the query starts from the latest message, direction before only.
      // What other directions mean there is not shown (§7 rule 2): this server refuses them.
      if (
        explicitDirection !== undefined &&
        explicitDirection !== 'before' &&
        !this.tolerate('message-list-direction-without-next')
      ) {
        throw badRequest(
          `message.list: direction '${explicitDirection}' needs a next token (or a message_id); without one ` +
            "the list starts from the latest message and only 'before' applies (§4.1 rule 1).",
        );
      }
      const fromOldest =
        this.fault('message-list-starts-from-oldest') ||
        (this.fault('message-list-default-direction-after') && explicitDirection === undefined);
      if (fromOldest) {
        direction = 'after';
        start = 0;
        end = Math.min(n, limit);
      } else if (explicitDirection === 'after') {
        // Tolerance message-list-direction-without-next: nothing is newer than the latest message.
        start = end = n;
      } else {
        end = n;
        start = Math.max(0, n - limit);
      }
    } else {
      const at = firstIndex(items, (m) => m.seq >= anchorSeq);
      if (direction === 'before') {
        end = at;
        // Faults (faults/messages.ts): an off-by-one token skips the message below it, or repeats its own.
        if (this.fault('message-list-token-skips-one')) end = Math.max(0, at - 1);
        if (this.fault('message-list-token-inclusive')) end = Math.min(n, at + 1);
        start = Math.max(0, end - limit);
      } else if (direction === 'after') {
        start = firstIndex(items, (m) => m.seq > anchorSeq);
        end = Math.min(n, start + limit);
      } else {
        start = Math.max(0, at - Math.floor(limit / 2));
        end = Math.min(n, start + limit);
        start = Math.max(0, end - limit);
      }
    }

    const page = items.slice(start, end);
    const backToken = page.length > 0 ? encodeToken(items[start].seq) : undefined;
    const forwardToken = page.length > 0 ? encodeToken(items[end - 1].seq) : undefined;
    let moreBack = start > 0;
    let moreForward = end < n;
    if (this.fault('message-list-page-length-end-signal')) {
      moreBack = moreForward = page.length === limit;
    }
    const result: { data: Json[]; prev?: string; next?: string } = { data: [] };
    if (direction === 'before' && moreBack) result.prev = result.next = backToken;
    if (direction === 'after' && moreForward) result.prev = result.next = forwardToken;
    if (direction === 'around') {
      if (moreBack) result.prev = backToken;
      if (moreForward) result.next = forwardToken;
    }
    if (this.fault('message-list-next-always-present')) {
      const fallback = (direction === 'after' ? forwardToken : backToken) ?? encodeToken(0);
      result.prev ??= fallback;
      result.next ??= fallback;
    }
    if (this.fault('message-list-next-missing')) delete result.next;
    if (this.fault('message-list-prev-missing')) delete result.prev;

    const order = explicitOrder ?? this.defaultOrder(direction);
    result.data = page.map((message) => {
      const view = this.views.message(message, channel);
      if (this.fault('message-list-items-without-user')) delete view.user;
      return view;
    });
    if (order === 'desc') result.data.reverse();
    return result;
  }

  private messageLimit(f: Fields): number {
    const limit = f.optionalNumber('limit');
    if (limit === undefined) {
      return this.fault('message-list-default-limit-unbounded')
        ? Number.POSITIVE_INFINITY
        : DEFAULT_MESSAGE_LIMIT;
    }
    if (!Number.isInteger(limit) || limit <= 0) {
      throw badRequest(
        `message.list: limit must be a positive integer, got ${limit}; omit it for the default of ${DEFAULT_MESSAGE_LIMIT}.`,
      );
    }
    if (this.fault('message-list-limit-ignored')) return DEFAULT_MESSAGE_LIMIT;
    if (limit > this.context.limitBound) {
      if (this.fault('message-list-limit-over-bound-errors')) {
        throw badRequest(`message.list: limit must be at most ${this.context.limitBound}.`);
      }
      // §4.1 rule 5: the bound is used and no error is returned.
      if (!this.fault('message-list-limit-not-clamped')) return this.context.limitBound;
    }
    return limit;
  }

  private direction(f: Fields): Direction | undefined {
    const direction = f.optionalString('direction');
    if (direction === undefined) return undefined;
    if (
      !(DIRECTIONS as readonly string[]).includes(direction) ||
      (direction === 'before' && this.fault('message-list-rejects-direction-before')) ||
      (direction !== 'before' && this.tolerate('message-list-before-only'))
    ) {
      throw badRequest(
        `message.list: direction '${direction}' is not supported; send 'before', 'after' or 'around'.`,
      );
    }
    return direction as Direction;
  }

  private order(f: Fields): 'asc' | 'desc' | undefined {
    const order = f.optionalString('order');
    if (order === undefined) return undefined;
    if (
      (order !== 'asc' && order !== 'desc') ||
      (order === 'asc' && this.fault('message-list-rejects-order-asc'))
    ) {
      throw badRequest(`message.list: order '${order}' is not supported; send 'asc' or 'desc'.`);
    }
    return order;
  }

  /** §4.1 rule 3: asc whatever the direction. */
  private defaultOrder(direction: Direction): 'asc' | 'desc' {
    if (this.fault('message-list-default-order-desc')) return 'desc';
    if (this.fault('message-list-order-follows-direction') && direction === 'before') return 'desc';
    return 'asc';
  }

  // ── §4.2 channels ──────────────────────────────────────────────────────────────────────────────

  /**
   * §4.8 'list-next': in the 'optional' variant next may be absent; in the 'required' variant the field
   * must be sent, and the first page is asked for with next = '' (an empty token).
   */
  private listNext(f: Fields): string | undefined {
    const next =
      this.context.variants['list-next'] === 'required' ? f.string('next') : f.optionalString('next');
    return next || undefined;
  }

  private channelGet(caller: string, f: Fields): unknown {
    const channel = this.channelFor(caller, f.string('channel_id'));
    if (this.fault('channel-get-ignores-id') && channel.type !== ChannelType.DIRECT) {
      return this.views.channel(this.world.guildChannels(channel.guildId)[0]);
    }
    return this.views.channel(channel);
  }

  private channelList(caller: string, f: Fields): unknown {
    const guild = this.memberGuild(caller, f.string('guild_id'));
    const next = this.listNext(f);
    const channels = this.fault('channel-list-all-guilds')
      ? [...this.world.channels.values()]
      : this.world.guildChannels(guild.id);
    return this.viewPage(this.listPage('channel.list', channels, next), (channel) =>
      this.views.channel(channel),
    );
  }

  /** Reads the Channel fields of `data` (§4.8: which are required is not shown; all are optional here). */
  private channelData(operation: string, data: Record<string, unknown>, guildId: string) {
    const name = data.name;
    if (name !== undefined && (typeof name !== 'string' || name === '')) {
      throw badRequest(`${operation}: data.name must be a non-empty string.`);
    }
    const type = data.type;
    if (type !== undefined && !(typeof type === 'number' && GUILD_CHANNEL_TYPES.includes(type))) {
      throw badRequest(
        `${operation}: data.type must be a guild ChannelType: 0 (TEXT), 2 (CATEGORY) or 3 (VOICE); ` +
          'direct channels (1) are made with user.channel.create.',
      );
    }
    const parentId = data.parent_id;
    if (parentId !== undefined && parentId !== null) {
      const parent = typeof parentId === 'string' ? this.world.channels.get(parentId) : undefined;
      if (!parent || parent.guildId !== guildId || parent.type !== ChannelType.CATEGORY) {
        throw badRequest(
          `${operation}: data.parent_id must be the id of a category channel of the same guild.`,
        );
      }
    }
    return {
      name: name as string | undefined,
      type: type as GuildChannelType | undefined,
      parentId: parentId as string | null | undefined,
    };
  }

  private channelCreate(caller: string, f: Fields): unknown {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const data = this.channelData('channel.create', f.object('data'), guild.id);
    const channel: ChannelRecord = {
      id: this.world.newId(''),
      guildId: guild.id,
      type: data.type ?? ChannelType.TEXT,
      name: data.name ?? 'new-channel',
      ...(data.parentId ? { parentId: data.parentId } : {}),
    };
    this.world.channels.set(channel.id, channel);
    const view = this.views.channel(channel);
    this.emit(
      'channel-added',
      { guild: this.views.guild(guild), channel: view },
      this.guildAudience(guild.id),
      'channel.create',
    );
    if (this.fault('channel-create-returns-no-id')) delete view.id;
    return view;
  }

  private channelUpdate(caller: string, f: Fields): void {
    const channel = this.guildChannel(caller, f.string('channel_id'), 'channel.update');
    const guild = this.adminGuild(caller, channel.guildId);
    const data = this.channelData('channel.update', f.object('data'), guild.id);
    if (data.parentId === channel.id) throw badRequest('channel.update: a channel cannot be its own parent.');
    if (this.fault('channel-update-no-op')) return;
    if (data.name !== undefined) channel.name = data.name;
    if (data.type !== undefined) channel.type = data.type;
    if (data.parentId === null) delete channel.parentId;
    else if (data.parentId !== undefined) channel.parentId = data.parentId;
    this.emit(
      'channel-updated',
      { guild: this.views.guild(guild), channel: this.views.channel(channel) },
      this.guildAudience(guild.id),
      'channel.update',
    );
  }

  private channelDelete(caller: string, f: Fields): void {
    const channel = this.guildChannel(caller, f.string('channel_id'), 'channel.delete');
    const guild = this.adminGuild(caller, channel.guildId);
    if (this.fault('channel-delete-no-op')) return;
    for (const message of [...this.channelMessages(channel.id)]) this.world.removeMessage(message);
    for (const child of this.world.guildChannels(guild.id)) {
      if (child.parentId === channel.id) delete child.parentId;
    }
    this.world.channelMutes.delete(channel.id);
    this.world.channels.delete(channel.id);
    this.emit(
      'channel-removed',
      { guild: this.views.guild(guild), channel: this.views.channel(channel) },
      this.guildAudience(guild.id),
      'channel.delete',
    );
  }

  /** §8 rule 4: duration in milliseconds, 0 removes the mute. */
  private duration(operation: string, f: Fields, zeroRejectedFault: string): number {
    const duration = f.number('duration');
    if (duration < 0 || (duration === 0 && this.fault(zeroRejectedFault))) {
      throw badRequest(`${operation}: duration must be a number of milliseconds > 0, or 0 to unmute.`);
    }
    return duration;
  }

  /** Sets or (duration 0) removes a mute; returns false when nothing is stored (a fault). */
  private applyMute(
    mutes: Map<string, number>,
    key: string,
    duration: number,
    faults: { seconds: string; zeroIgnored: string },
  ): void {
    if (duration === 0) {
      if (!this.fault(faults.zeroIgnored)) mutes.delete(key);
      return;
    }
    const milliseconds = this.fault(faults.seconds) ? duration * 1000 : duration;
    mutes.set(key, this.context.now() + milliseconds);
  }

  private channelMute(caller: string, f: Fields): void {
    const channel = this.guildChannel(caller, f.string('channel_id'), 'channel.mute');
    this.adminGuild(caller, channel.guildId);
    // Fault (faults/channels.ts): an adapter that does not implement the experimental operation.
    if (this.fault('channel-mute-not-implemented')) {
      throw new HttpError(501, 'not-implemented', 'channel.mute is not implemented by this adapter.');
    }
    const duration = this.duration('channel.mute', f, 'channel-mute-zero-rejected');
    this.applyMute(this.world.channelMutes, channel.id, duration, {
      seconds: 'channel-mute-seconds',
      zeroIgnored: 'channel-mute-zero-ignored',
    });
  }

  /** A direct channel is derived from the two users, so the same user always gets the same channel. */
  private userChannelCreate(caller: string, f: Fields): unknown {
    const userId = f.string('user_id');
    const guildId = f.optionalString('guild_id');
    this.user(userId);
    if (guildId !== undefined) this.guild(guildId);
    if (userId === caller) throw badRequest('user.channel.create: user_id is yourself; name another user.');
    const [a, b] = [caller, userId].sort();
    const view = this.views.channel({ id: directChannelId(a, b), type: ChannelType.DIRECT, userIds: [a, b] });
    if (this.fault('direct-channel-wrong-type')) view.type = ChannelType.TEXT;
    return view;
  }

  // ── §4.3 guilds ────────────────────────────────────────────────────────────────────────────────

  private guildGet(caller: string, f: Fields): unknown {
    const guild = this.guild(f.string('guild_id'));
    if (this.fault('guild-get-ignores-id')) {
      const first = [...this.world.guilds.values()].find((candidate) =>
        this.world.member(candidate.id, caller),
      );
      return this.views.guild(first ?? guild);
    }
    return this.views.guild(guild);
  }

  private guildList(caller: string, f: Fields): unknown {
    const next = this.listNext(f);
    const guilds = [...this.world.guilds.values()].filter(
      (guild) => this.fault('guild-list-includes-foreign') || this.world.member(guild.id, caller),
    );
    return this.viewPage(this.listPage('guild.list', guilds, next), (guild) => this.views.guild(guild));
  }

  /** Reads message_id/approve/comment and the pending request (404 when unknown or already answered). */
  private pendingRequest<K extends 'friend' | 'guild' | 'guild-member'>(
    operation: string,
    kind: K,
    f: Fields,
  ) {
    const requestId = f.string('message_id');
    const approve = f.boolean('approve');
    f.optionalString('comment');
    const request = this.world.requests.get(requestId);
    if (!request || request.kind !== kind) {
      throw this.notFound(
        `${operation}: no pending ${kind} request '${requestId}' (unknown or already answered); ` +
          `use the request id of a ${kind}-request event.`,
      );
    }
    return { request: request as Extract<typeof request, { kind: K }>, approve };
  }

  private guildApprove(caller: string, f: Fields): void {
    const { request, approve } = this.pendingRequest('guild.approve', 'guild', f);
    if (request.toUserId !== caller)
      throw this.notFound(`guild.approve: request '${request.id}' is not addressed to you.`);
    const guild = this.guild(request.guildId);
    this.world.requests.delete(request.id);
    const joins = approve ? !this.fault('guild-approve-no-op') : this.fault('guild-approve-false-approves');
    if (joins) this.join(guild, caller, 'guild.approve');
  }

  /** Adds a member (restoring a member removed by a trigger) and emits the events of the change. */
  join(guild: GuildRecord, userId: string, operation?: string): MemberRecord {
    const key = this.world.memberMuteKey(guild.id, userId);
    const former = this.world.formerMembers.get(key);
    this.world.formerMembers.delete(key);
    const member: MemberRecord = former
      ? { ...former, roleIds: former.roleIds.filter((roleId) => this.world.roles.has(roleId)) }
      : { userId, joinedAt: this.context.now(), roleIds: [] };
    this.world.membersOf(guild.id).set(userId, member);
    this.world.bans.delete(key);
    const resources = this.memberResources(guild, member);
    const others = this.guildAudience(guild.id).filter((id) => id !== userId);
    this.emit('guild-member-added', resources, others, operation);
    if (this.context.identityIds.includes(userId)) {
      this.emit('guild-added', { guild: resources.guild }, [userId], operation);
    }
    return member;
  }

  /** Removes a member and emits the events of the change (the removed identity sees guild-removed). */
  leave(guild: GuildRecord, userId: string, operation?: string): void {
    const key = this.world.memberMuteKey(guild.id, userId);
    const member = this.member(guild.id, userId);
    const audience = this.guildAudience(guild.id);
    const resources = this.memberResources(guild, member);
    this.world.membersOf(guild.id).delete(userId);
    this.world.memberMutes.delete(key);
    this.emit(
      'guild-member-removed',
      resources,
      audience.filter((id) => id !== userId),
      operation,
    );
    if (this.context.identityIds.includes(userId)) {
      this.emit('guild-removed', { guild: resources.guild }, [userId], operation);
    }
  }

  // ── §4.4 members ───────────────────────────────────────────────────────────────────────────────

  private memberGet(caller: string, f: Fields): unknown {
    const guild = this.memberGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    const member = this.member(guild.id, userId);
    if (this.fault('member-get-returns-caller'))
      return this.views.member(guild.id, this.member(guild.id, caller));
    return this.views.member(guild.id, member);
  }

  private memberList(caller: string, f: Fields): unknown {
    const guild = this.memberGuild(caller, f.string('guild_id'));
    const next = f.optionalString('next') || undefined;
    const members = [...this.world.membersOf(guild.id).values()];
    const page = this.viewPage(this.listPage('guild.member.list', members, next), (member) =>
      this.views.member(guild.id, member),
    );
    if (this.fault('member-list-plain-array')) return page.data;
    if (this.fault('member-list-next-missing')) delete page.next;
    if (this.fault('member-list-next-at-end')) page.next ??= encodeToken(members.length);
    return page;
  }

  private memberKick(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    const permanent = f.optionalBoolean('permanent') ?? false;
    this.member(guild.id, userId);
    if (userId === caller) throw badRequest('guild.member.kick: you cannot kick yourself.');
    if (userId === guild.ownerId) throw forbidden("guild.member.kick: the guild's owner cannot be kicked.");
    if (this.fault('member-kick-no-op')) return;
    this.leave(guild, userId, 'guild.member.kick');
    if (permanent) this.world.bans.add(this.world.banKey(guild.id, userId));
  }

  private memberMute(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    this.member(guild.id, userId);
    const duration = this.duration('guild.member.mute', f, 'member-mute-zero-rejected');
    this.applyMute(this.world.memberMutes, this.world.memberMuteKey(guild.id, userId), duration, {
      seconds: 'member-mute-seconds',
      zeroIgnored: 'member-mute-zero-ignored',
    });
  }

  private memberApprove(caller: string, f: Fields): void {
    const { request, approve } = this.pendingRequest('guild.member.approve', 'guild-member', f);
    if (!this.world.isAdmin(request.guildId, caller)) {
      throw this.notFound(`guild.member.approve: request '${request.id}' is for a guild you do not manage.`);
    }
    const guild = this.guild(request.guildId);
    this.world.requests.delete(request.id);
    const adds = approve ? !this.fault('member-approve-no-op') : this.fault('member-approve-false-approves');
    if (adds) this.join(guild, request.userId, 'guild.member.approve');
  }

  // ── §4.5 roles ─────────────────────────────────────────────────────────────────────────────────

  private memberRole(caller: string, f: Fields, action: 'set' | 'unset'): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    const roleId = f.string('role_id');
    const member = this.member(guild.id, userId);
    const role = this.world.roles.get(roleId);
    if (!role || role.guildId !== guild.id) {
      throw this.notFound(`No role '${roleId}' in guild '${guild.id}'; see guild.role.list.`);
    }
    if (this.fault(action === 'set' ? 'role-set-no-op' : 'role-unset-no-op')) return;
    const has = member.roleIds.includes(roleId);
    if (action === 'set' && !has) member.roleIds.push(roleId);
    else if (action === 'unset' && has) member.roleIds.splice(member.roleIds.indexOf(roleId), 1);
    else return;
    this.emit(
      'guild-member-updated',
      this.memberResources(guild, member),
      this.guildAudience(guild.id),
      `guild.member.role.${action}`,
    );
  }

  private roleList(caller: string, f: Fields): unknown {
    const guild = this.memberGuild(caller, f.string('guild_id'));
    const next = f.optionalString('next') || undefined;
    const roles = this.fault('role-list-all-guilds')
      ? [...this.world.roles.values()]
      : this.world.rolesOf(guild.id);
    return this.viewPage(this.listPage('guild.role.list', roles, next), (role) => this.views.role(role));
  }

  /** §4.8 'role-payload': the GuildRole is sent as `data` or as `role`. */
  private rolePayload(operation: string, f: Fields) {
    const field = this.context.variants['role-payload'];
    const payload = f.object(field);
    const { name, color } = payload;
    if (name !== undefined && (typeof name !== 'string' || name === '')) {
      throw badRequest(`${operation}: ${field}.name must be a non-empty string.`);
    }
    if (color !== undefined && !(typeof color === 'number' && Number.isInteger(color) && color >= 0)) {
      throw badRequest(`${operation}: ${field}.color must be a non-negative integer (0xRRGGBB).`);
    }
    return { name: name as string | undefined, color: color as number | undefined };
  }

  private role(guildId: string, roleId: string) {
    const role = this.world.roles.get(roleId);
    if (!role || role.guildId !== guildId) {
      throw this.notFound(`No role '${roleId}' in guild '${guildId}'; see guild.role.list.`);
    }
    return role;
  }

  private roleCreate(caller: string, f: Fields): unknown {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const payload = this.rolePayload('guild.role.create', f);
    const role = {
      id: this.world.newId(''),
      guildId: guild.id,
      name: payload.name ?? 'new role',
      admin: false,
      ...(payload.color === undefined ? {} : { color: payload.color }),
    };
    if (!this.fault('role-create-no-op')) this.world.roles.set(role.id, role);
    const view = this.views.role(role);
    this.emit(
      'guild-role-created',
      { guild: this.views.guild(guild), role: view },
      this.guildAudience(guild.id),
      'guild.role.create',
    );
    return view;
  }

  private roleUpdate(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const role = this.role(guild.id, f.string('role_id'));
    const payload = this.rolePayload('guild.role.update', f);
    if (this.fault('role-update-no-op')) return;
    if (payload.name !== undefined) role.name = payload.name;
    if (payload.color !== undefined) role.color = payload.color;
    this.emit(
      'guild-role-updated',
      { guild: this.views.guild(guild), role: this.views.role(role) },
      this.guildAudience(guild.id),
      'guild.role.update',
    );
  }

  private roleDelete(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const role = this.role(guild.id, f.string('role_id'));
    if (this.fault('role-delete-no-op')) return;
    this.world.roles.delete(role.id);
    for (const member of this.world.membersOf(guild.id).values()) {
      member.roleIds = member.roleIds.filter((roleId) => roleId !== role.id);
    }
    this.emit(
      'guild-role-deleted',
      { guild: this.views.guild(guild), role: this.views.role(role) },
      this.guildAudience(guild.id),
      'guild.role.delete',
    );
  }

  // ── §4.6 reactions ─────────────────────────────────────────────────────────────────────────────

  private reactionTarget(caller: string, f: Fields) {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const message = this.message(channel, f.string('message_id'));
    return { channel, message };
  }

  private emojiId(f: Fields, required: true): string;
  private emojiId(f: Fields, required: false): string | undefined;
  private emojiId(f: Fields, required: boolean): string | undefined {
    const emojiId = required ? f.string('emoji_id') : f.optionalString('emoji_id');
    if (emojiId === '') throw badRequest('emoji_id is empty; send an emoji id such as "thumbs-up".');
    return emojiId;
  }

  private emitReaction(
    type: string,
    channel: AnyChannel,
    message: MessageRecord,
    emojiId: string,
    userId: string,
    operation: string,
  ) {
    const messageView = this.views.message(message, channel);
    this.emit(
      type,
      {
        emoji: { id: emojiId },
        channel: messageView.channel,
        message: messageView,
        user: this.views.userById(userId),
        ...this.guildResource(channel),
      },
      this.channelAudience(channel),
      operation,
    );
  }

  private reactionCreate(caller: string, f: Fields): void {
    const { channel, message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, true);
    if (this.fault('reaction-create-no-op')) return;
    const users = this.world.reactionsOf(message.id).get(emojiId) ?? [];
    if (users.includes(caller)) return;
    this.world.reactionsOf(message.id).set(emojiId, [...users, caller]);
    this.emitReaction('reaction-added', channel, message, emojiId, caller, 'reaction.create');
  }

  /** Removing another user's reactions needs an admin role in the guild (never in a direct channel). */
  private mayModerate(caller: string, channel: AnyChannel): boolean {
    return channel.type !== ChannelType.DIRECT && this.world.isAdmin(channel.guildId, caller);
  }

  private reactionDelete(caller: string, f: Fields): void {
    const { channel, message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, true);
    const userId = f.optionalString('user_id');
    if (userId !== undefined) this.user(userId);
    if (userId !== undefined && userId !== caller && !this.mayModerate(caller, channel)) {
      throw forbidden(
        "reaction.delete: removing another user's reaction needs an admin role; omit user_id to remove yours.",
      );
    }
    if (this.fault('reaction-delete-no-op')) return;
    if (userId === undefined && this.fault('reaction-delete-needs-user-id')) return;
    // §4.6: without user_id, the current user's reaction is removed.
    // Fault reaction-delete-ignores-user-id: another user's user_id removes the caller's reaction instead.
    const target = this.fault('reaction-delete-ignores-user-id') ? caller : (userId ?? caller);
    const users = this.world.reactions.get(message.id)?.get(emojiId);
    if (!users?.includes(target)) return;
    users.splice(users.indexOf(target), 1);
    this.world.pruneReactions(message.id);
    this.emitReaction('reaction-removed', channel, message, emojiId, target, 'reaction.delete');
  }

  private reactionClear(caller: string, f: Fields): void {
    const { channel, message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, false);
    if (channel.type !== ChannelType.DIRECT && !this.mayModerate(caller, channel)) {
      throw forbidden('reaction.clear needs an admin role in the guild.');
    }
    if (this.fault('reaction-clear-no-op')) return;
    if (emojiId === undefined && this.fault('reaction-clear-needs-emoji-id')) return;
    const reactions = this.world.reactions.get(message.id);
    if (!reactions) return;
    // §4.6: without emoji_id, every reaction of the message is cleared.
    // Fault reaction-clear-ignores-emoji-id: emoji_id is ignored and every reaction is cleared.
    const clearsAll = emojiId === undefined || this.fault('reaction-clear-ignores-emoji-id');
    const cleared = [...reactions].filter(([id]) => clearsAll || id === emojiId);
    for (const [id] of cleared) reactions.delete(id);
    this.world.pruneReactions(message.id);
    for (const [id, users] of cleared) {
      for (const userId of users)
        this.emitReaction('reaction-removed', channel, message, id, userId, 'reaction.clear');
    }
  }

  private reactionList(caller: string, f: Fields): unknown {
    const { message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, true);
    const next = f.optionalString('next') || undefined;
    const users = this.fault('reaction-list-empty')
      ? []
      : (this.world.reactions.get(message.id)?.get(emojiId) ?? []);
    return this.viewPage(this.listPage('reaction.list', users, next), (userId) =>
      this.views.userById(userId),
    );
  }

  // ── §4.7 friends ───────────────────────────────────────────────────────────────────────────────

  private friendList(caller: string, f: Fields): unknown {
    const next = f.optionalString('next') || undefined;
    const friends = this.fault('friend-list-empty') ? [] : [...(this.world.friends.get(caller) ?? new Map())];
    return this.viewPage(this.listPage('friend.list', friends, next), ([userId, { nick }]) =>
      this.views.friend(userId, nick),
    );
  }

  private friendDelete(caller: string, f: Fields): void {
    const userId = f.string('user_id');
    if (!this.world.friends.get(caller)?.has(userId)) {
      throw this.notFound(`User '${userId}' is not your friend; see friend.list.`);
    }
    if (this.fault('friend-delete-no-op')) return;
    this.world.removeFriendship(caller, userId);
  }

  private friendApprove(caller: string, f: Fields): void {
    const { request, approve } = this.pendingRequest('friend.approve', 'friend', f);
    if (request.toUserId !== caller)
      throw this.notFound(`friend.approve: request '${request.id}' is not addressed to you.`);
    this.world.requests.delete(request.id);
    const adds = approve ? !this.fault('friend-approve-no-op') : this.fault('friend-approve-false-approves');
    if (adds) this.world.addFriendship(caller, request.fromUserId);
  }

  /** One page of a list other than message.list; tolerance lists-single-page serves everything at once. */
  private listPage<T>(operation: string, items: T[], next: string | undefined): Page<T> {
    return pageOf(operation, items, next, this.tolerate('lists-single-page') ? items.length : undefined);
  }

  private viewPage<T>(page: Page<T>, view: (item: T) => unknown): { data: unknown[]; next?: string } {
    return { data: page.data.map(view), ...(page.next ? { next: page.next } : {}) };
  }
}

function firstIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  const index = items.findIndex(predicate);
  return index === -1 ? items.length : index;
}
