/**
 * Wire shapes of the resources (§2): world records → JSON objects (snake_case). The resource-field
 * faults live here, so every result and event carries the same deviation.
 */
import type { Variants } from './contract.js';
import type { FaultSwitch } from './faults/index.js';
import type { ToleranceSwitch } from './tolerances/index.js';
import type {
  ChannelRecord,
  GuildRecord,
  MemberRecord,
  MessageRecord,
  RoleRecord,
  UserRecord,
  World,
} from './world.js';
import { ChannelType } from './world.js';

export type Json = Record<string, unknown>;

/** The archetype's field conventions (ReferenceOptions.optionalFieldsNull, userFields). */
export interface WireShape {
  optionalFieldsNull: boolean;
  userFields: 'kept' | 'id-only' | 'null';
}

/** A direct-message channel is not stored: its id names the two users (see directChannelId). */
export interface DirectChannel {
  id: string;
  type: typeof ChannelType.DIRECT;
  userIds: [string, string];
}
export type AnyChannel = ChannelRecord | DirectChannel;

export const directChannelId = (a: string, b: string): string => `dm-${[a, b].sort().join('-')}`;

export function parseDirectChannelId(id: string): [string, string] | undefined {
  const match = /^dm-([^-]+)-([^-]+)$/.exec(id);
  if (!match || match[1] >= match[2]) return undefined;
  return [match[1], match[2]];
}

const isDirect = (channel: AnyChannel): channel is DirectChannel => channel.type === ChannelType.DIRECT;

export class Views {
  constructor(
    private readonly world: World,
    private readonly fault: FaultSwitch,
    private readonly variants: Variants,
    private readonly tolerate: ToleranceSwitch = () => false,
    private readonly wire: WireShape = { optionalFieldsNull: false, userFields: 'kept' },
  ) {}

  /**
   * An absent optional field (§2 `T?`): omitted, or null on a server that sends null (an archetype's wire
   * shape, or the tolerance optional-fields-null, as real adapters do).
   */
  private absent(view: Json, field: string): void {
    const nulls = this.wire.optionalFieldsNull || this.tolerate('optional-fields-null');
    if (nulls && view[field] === undefined) view[field] = null;
  }

  /** How User fields go on the wire: the family's, only the id, or null (tolerance user-fields-null). */
  private userFields(): WireShape['userFields'] {
    if (this.wire.userFields !== 'kept') return this.wire.userFields;
    return this.tolerate('user-fields-null') || this.tolerate('optional-fields-null') ? 'null' : 'kept';
  }

  /** A time as sent: milliseconds, or seconds under the timestamps-in-seconds tolerance (§2: unit not shown). */
  private time(ms: number): number {
    return this.tolerate('timestamps-in-seconds') ? Math.floor(ms / 1000) : ms;
  }

  /** User: fields of the family (de-facto-conventions.md "Resources"): id, name, avatar, is_bot. */
  user(user: UserRecord): Json {
    // The spec shows no User field (§2): servers send the family's, only the id, or them as null.
    const fields = this.userFields();
    if (fields === 'id-only') return { id: user.id };
    if (fields === 'null') return { id: user.id, name: user.name, nick: null, avatar: null };
    return { id: user.id, name: user.name, avatar: user.avatar, is_bot: user.isBot };
  }

  userById(userId: string): Json {
    const user = this.world.users.get(userId);
    return user ? this.user(user) : { id: userId };
  }

  guild(guild: GuildRecord): Json {
    const view: Json = { id: guild.id, name: guild.name };
    if (guild.avatar) view.avatar = guild.avatar;
    this.absent(view, 'avatar');
    if (this.fault('guild-id-missing')) delete view.id;
    if (this.fault('guild-name-number')) view.name = guild.name.length;
    return view;
  }

  channel(channel: AnyChannel): Json {
    const view: Json = { id: channel.id, type: this.channelType(channel.type) };
    if (!isDirect(channel)) {
      view.name = channel.name;
      if (channel.parentId) view.parent_id = channel.parentId;
    }
    for (const field of ['name', 'parent_id']) this.absent(view, field);
    if (this.fault('channel-id-number')) view.id = Number.parseInt(channel.id.replace(/\D/g, ''), 10) || 0;
    return view;
  }

  private channelType(type: number): unknown {
    let wire = type;
    if (this.fault('channel-type-discord-values')) {
      wire = type === ChannelType.VOICE ? 2 : type === ChannelType.CATEGORY ? 4 : type;
    }
    return this.fault('channel-type-string') ? String(wire) : wire;
  }

  role(role: RoleRecord): Json {
    const view: Json = { id: role.id, name: role.name };
    if (role.color !== undefined) view.color = role.color;
    if (this.fault('role-id-missing')) delete view.id;
    return view;
  }

  member(guildId: string, member: MemberRecord): Json {
    const view: Json = { user: this.userById(member.userId) };
    if (member.nick) view.nick = member.nick;
    this.absent(view, 'nick');
    view.joined_at = this.fault('member-joined-at-string')
      ? new Date(member.joinedAt).toISOString()
      : this.time(member.joinedAt);
    const roles = member.roleIds.map((roleId) => this.world.roles.get(roleId)).filter((role) => !!role);
    view.roles = this.fault('member-roles-ids')
      ? roles.map((role) => role.id)
      : roles.filter((role) => role.guildId === guildId).map((role) => this.role(role));
    return view;
  }

  /**
   * Message.member per the §4.8 variant: 'GuildMember' is the full GuildMember (user, nick, joined_at,
   * roles); 'Member' is the lighter member of the other variant — nick, avatar and joined_at only, the
   * author being Message.user.
   */
  private messageMember(guildId: string, member: MemberRecord): Json {
    if (this.variants['message-member'] === 'GuildMember') return this.member(guildId, member);
    const view: Json = { joined_at: this.time(member.joinedAt) };
    if (member.nick) view.nick = member.nick;
    return view;
  }

  friend(userId: string, nick: string | undefined): Json {
    const view: Json = { user: this.fault('friend-user-string') ? userId : this.userById(userId) };
    if (nick) view.nick = nick;
    this.absent(view, 'nick');
    return view;
  }

  /** A Message with every related resource (channel, guild, member, user, times). */
  message(message: MessageRecord, channel: AnyChannel): Json {
    const view: Json = {
      id: message.id,
      content: this.fault('message-content-number') ? message.content.length : message.content,
      channel: this.channel(channel),
    };
    if (!isDirect(channel)) {
      const guild = this.world.guilds.get(channel.guildId);
      if (guild) view.guild = this.guild(guild);
      const member = this.world.member(channel.guildId, message.authorId);
      if (member) view.member = this.messageMember(channel.guildId, member);
    }
    view.user = this.userById(message.authorId);
    view.created_at = this.fault('message-created-at-string')
      ? new Date(message.createdAt).toISOString()
      : this.time(message.createdAt);
    if (message.updatedAt !== undefined) view.updated_at = this.time(message.updatedAt);
    for (const field of ['guild', 'member', 'updated_at']) this.absent(view, field);
    if (this.fault('message-id-missing')) delete view.id;
    return view;
  }
}
