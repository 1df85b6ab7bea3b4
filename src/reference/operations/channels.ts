/**
 * §4.2 channels: get, list, create, update, delete, mute, and the direct channels of user.channel.create.
 */
import { badRequest, type Fields, HttpError } from '../request.js';
import { directChannelId } from '../views.js';
import { type ChannelRecord, ChannelType, type GuildChannelType } from '../world.js';
import { type Handler, OperationBase } from './base.js';

const GUILD_CHANNEL_TYPES: readonly number[] = [ChannelType.TEXT, ChannelType.CATEGORY, ChannelType.VOICE];

export class ChannelOperations extends OperationBase {
  readonly handlers: Record<string, Handler> = {
    'channel.get': (caller, f) => this.channelGet(caller, f),
    'channel.list': (caller, f) => this.channelList(caller, f),
    'channel.create': (caller, f) => this.channelCreate(caller, f),
    'channel.update': (caller, f) => this.channelUpdate(caller, f),
    'channel.delete': (caller, f) => this.channelDelete(caller, f),
    'channel.mute': (caller, f) => this.channelMute(caller, f),
    'user.channel.create': (caller, f) => this.userChannelCreate(caller, f),
  };

  /** Fault channel-list-stale-after-update: the names channel.list still shows. */
  private readonly staleNames = new Map<string, string | undefined>();

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
    return this.viewPage(this.listPage('channel.list', channels, next), (channel) => ({
      ...this.views.channel(channel),
      // Fault (faults/fuzz.ts): the list keeps the name from before the first update.
      ...(this.staleNames.has(channel.id) ? { name: this.staleNames.get(channel.id) } : {}),
    }));
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
    if (this.fault('create-500-after-create'))
      throw new HttpError(500, 'internal', 'Error: audit log write timed out');
    return view;
  }

  private channelUpdate(caller: string, f: Fields): void {
    const channel = this.guildChannel(caller, f.string('channel_id'), 'channel.update');
    const guild = this.adminGuild(caller, channel.guildId);
    const data = this.channelData('channel.update', f.object('data'), guild.id);
    if (data.parentId === channel.id) throw badRequest('channel.update: a channel cannot be its own parent.');
    if (this.fault('channel-update-no-op')) return;
    if (this.fault('channel-list-stale-after-update') && !this.staleNames.has(channel.id))
      this.staleNames.set(channel.id, channel.name);
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
    // Fault (faults/channels.ts): a timed mute that never ends (the latest instant a Date can hold).
    if (this.fault('channel-mute-timed-forever') && duration > 0)
      this.world.channelMutes.set(channel.id, 8.64e15);
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
}
