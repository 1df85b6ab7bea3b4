/**
 * What every §4 group shares over the in-memory world: lookups with their 404/403 answers, the
 * audiences and emission of events (§6), membership changes, list pages (§1 rules 5–6), mutes (§8
 * rule 4) and pending requests. Each group module (./messages.ts …) extends this base.
 */
import type { Variants } from '../contract.js';
import type { EventHub, EventResources } from '../events/hub.js';
import type { FaultId, FaultSwitch } from '../faults/index.js';
import { badRequest, type Fields, forbidden, HttpError, type Page, pageOf } from '../request.js';
import type { ToleranceSwitch } from '../tolerances/index.js';
import { type AnyChannel, type DirectChannel, parseDirectChannelId, type Views } from '../views.js';
import {
  type ChannelRecord,
  ChannelType,
  type GuildRecord,
  type MemberRecord,
  type MessageRecord,
  type World,
} from '../world.js';

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

export class OperationBase {
  protected readonly world: World;
  protected readonly views: Views;
  /** Fault switch: `this.fault('<id>')` sits at the behaviour the fault changes (README.md). */
  protected readonly fault: FaultSwitch;
  /** Tolerance switch, same rule as `fault`. */
  protected readonly tolerate: ToleranceSwitch;

  constructor(protected readonly context: OperationContext) {
    this.world = context.world;
    this.views = context.views;
    this.fault = context.fault;
    this.tolerate = context.tolerate ?? (() => false);
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
  protected memberGuild(caller: string, guildId: string): GuildRecord {
    const guild = this.guild(guildId);
    if (!this.world.member(guildId, caller)) {
      throw forbidden(`You are not a member of guild '${guildId}'; use a guild from guild.list.`);
    }
    return guild;
  }

  /** A guild the caller may manage: owner or a member with an admin role (403 otherwise). */
  protected adminGuild(caller: string, guildId: string): GuildRecord {
    const guild = this.memberGuild(caller, guildId);
    if (!this.world.isAdmin(guildId, caller)) {
      throw forbidden(
        `Managing guild '${guildId}' needs an admin role; call as the guild's owner or an admin.`,
      );
    }
    return guild;
  }

  protected member(guildId: string, userId: string): MemberRecord {
    const member = this.world.member(guildId, userId);
    if (!member) {
      throw this.notFound(`User '${userId}' is not a member of guild '${guildId}'; see guild.member.list.`);
    }
    return member;
  }

  protected user(userId: string) {
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

  protected guildChannel(caller: string, channelId: string, operation: string): ChannelRecord {
    const channel = this.channelFor(caller, channelId);
    if (channel.type === ChannelType.DIRECT) {
      throw badRequest(`${operation} works on guild channels; '${channelId}' is a direct channel.`);
    }
    return channel;
  }

  protected message(channel: AnyChannel, messageId: string): MessageRecord {
    const message = this.world.messages.get(messageId);
    if (!message || message.channelId !== channel.id) {
      throw this.notFound(`No message '${messageId}' in channel '${channel.id}'; see message.list.`);
    }
    return message;
  }

  protected channelMessages(channelId: string): MessageRecord[] {
    return this.world.messagesByChannel.get(channelId) ?? [];
  }

  // ── events ─────────────────────────────────────────────────────────────────────────────────────

  /** Identities that see a guild's events: those that are its members. */
  guildAudience(guildId: string): string[] {
    return this.context.identityIds.filter((id) => this.world.member(guildId, id));
  }

  protected channelAudience(channel: AnyChannel): string[] {
    if (channel.type === ChannelType.DIRECT) {
      return this.context.identityIds.filter((id) => channel.userIds.includes(id));
    }
    return this.guildAudience(channel.guildId);
  }

  emit(type: string, resources: EventResources, selfIds: string[], operation?: string): void {
    if (selfIds.length === 0) return;
    this.context.hub.emit(type, resources, { selfIds, ...(operation ? { operation } : {}) });
  }

  protected guildResource(channel: AnyChannel): EventResources {
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

  // ── lists, mutes, requests, membership ─────────────────────────────────────────────────────────

  /**
   * §4.8 'list-next': in the 'optional' variant next may be absent; in the 'required' variant the field
   * must be sent, and the first page is asked for with next = '' (an empty token).
   */
  protected listNext(f: Fields): string | undefined {
    const next =
      this.context.variants['list-next'] === 'required' ? f.string('next') : f.optionalString('next');
    return next || undefined;
  }

  /** §8 rule 4: duration in milliseconds, 0 removes the mute. */
  protected duration(operation: string, f: Fields, zeroRejectedFault: FaultId): number {
    const duration = f.number('duration');
    if (duration < 0 || (duration === 0 && this.fault(zeroRejectedFault))) {
      throw badRequest(`${operation}: duration must be a number of milliseconds > 0, or 0 to unmute.`);
    }
    return duration;
  }

  /** Sets or (duration 0) removes a mute; the mute faults of the operation are passed in. */
  protected applyMute(
    mutes: Map<string, number>,
    key: string,
    duration: number,
    faults: { seconds: FaultId; zeroIgnored: FaultId },
  ): void {
    if (duration === 0) {
      if (!this.fault(faults.zeroIgnored)) mutes.delete(key);
      return;
    }
    const milliseconds = this.fault(faults.seconds) ? duration * 1000 : duration;
    mutes.set(key, this.context.now() + milliseconds);
  }

  /** Reads message_id/approve/comment and the pending request (404 when unknown or already answered). */
  protected pendingRequest<K extends 'friend' | 'guild' | 'guild-member'>(
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

  /** One page of a list other than message.list; tolerance lists-single-page serves everything at once. */
  protected listPage<T>(operation: string, items: T[], next: string | undefined): Page<T> {
    return pageOf(operation, items, next, this.tolerate('lists-single-page') ? items.length : undefined);
  }

  protected viewPage<T>(page: Page<T>, view: (item: T) => unknown): { data: unknown[]; next?: string } {
    return { data: page.data.map(view), ...(page.next ? { next: page.next } : {}) };
  }
}
