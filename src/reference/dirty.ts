/**
 * A dirty world (`serve --dirty`, `run --embedded --dirty`): the leftovers of an interrupted earlier run
 * of the checker, laid over the seed. A verdict must not depend on them (docs/checking-a-server.md "Verdicts that do not depend
 * on history"): the run restores what it may (the peer unmuted, a guild joined through an invitation
 * left), and a check that cannot see its effect happen is undecided, never passed.
 * Each item is switchable; its comment says what it catches.
 */
import { ConfigurationError } from '../../spec/errors.js';
import { ChannelType, SEED, type World } from './world.js';

/** One hour: an interrupted run's long mute outlives the next run by far. */
const HOUR = 60 * 60 * 1000;

export const DIRTY_ITEMS = {
  'peer-muted':
    'the peer is muted for an hour in the sandbox guild (a run stopped between mute and unmute): its own mute, the one thing a restore may lift',
  'guild-joined':
    'the bot is already a member of the guild that invitations come from (an approved invitation never left), and guild-request invitations come from that guild',
  'every-guild':
    'the bot is already a member of every guild it could be invited to (approved invitations never left): the trigger refuses to cause guild-request (409); only when named',
  friend: 'the bystander who sends friend requests is already a friend of the bot (an approved request)',
  messages: "messages of the bot and the peer in the sandbox channel, with the checker's probe contents",
  channels: "channels in the sandbox guild named like the checker's scratch and quiet channels",
  roles: "a role in the sandbox guild named like the checker's own, assigned to the peer",
  reactions: "the checker's emoji on a leftover message, by the bot and by the peer",
  webhook:
    "a webhook registered by an earlier run's receiver, long gone: every event is also POSTed to a dead URL (catches a verdict that depends on the server's other deliveries)",
} as const;

/** Dirty item webhook: where the earlier run's receiver listened (loopback port 1: refused). */
export const LEFTOVER_WEBHOOK_URL = 'http://127.0.0.1:1/';

export type DirtyItem = keyof typeof DIRTY_ITEMS;

/**
 * Items laid only when named (not by `--dirty` alone): every-guild pre-empts guild-joined (no invitation
 * can come at all), so the full dirty world keeps the invitation flows it tests.
 */
export const OPT_IN_DIRT: readonly DirtyItem[] = ['every-guild'];

const isDirtyItem = (id: string): id is DirtyItem => Object.hasOwn(DIRTY_ITEMS, id);

/** true: every item; a list: those items (unknown ones refused with the list of known ones, exit 2). */
export function resolveDirt(dirty: boolean | readonly string[] | undefined): ReadonlySet<DirtyItem> {
  if (dirty === undefined || dirty === false) return new Set();
  if (dirty === true)
    return new Set((Object.keys(DIRTY_ITEMS) as DirtyItem[]).filter((item) => !OPT_IN_DIRT.includes(item)));
  const unknown = dirty.filter((id) => !isDirtyItem(id));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `Unknown dirty item${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; use some of: ${Object.keys(DIRTY_ITEMS).join(', ')} (or --dirty alone for all).`,
    );
  }
  return new Set(dirty as DirtyItem[]);
}

/** Leftover ids, apart from the seed's (a leftover of an earlier run has ids the seed does not). */
const LEFTOVER = {
  channel: '4901',
  quietChannel: '4902',
  role: '5901',
  botMessage: '7900001',
  peerMessage: '7900002',
} as const;

/** Lays the items over a seeded world; `now` is the server's clock (mutes end an hour later). */
export function applyDirt(world: World, items: ReadonlySet<DirtyItem>, now: number): void {
  const { guild1: guildId, historyChannel: channelId } = SEED;
  if (items.has('peer-muted')) {
    world.memberMutes.set(world.memberMuteKey(guildId, SEED.peer), now + HOUR);
  }
  if (items.has('guild-joined')) {
    world
      .membersOf(SEED.outsideGuild)
      .set(SEED.self, { userId: SEED.self, joinedAt: now - HOUR, roleIds: [] });
  }
  if (items.has('every-guild')) {
    for (const guild of world.guilds.values()) {
      // The foreign guild is one the bot never joins nor is invited to (world.ts SEED).
      if (guild.id === SEED.foreignGuild || world.member(guild.id, SEED.self)) continue;
      world.membersOf(guild.id).set(SEED.self, { userId: SEED.self, joinedAt: now - HOUR, roleIds: [] });
    }
  }
  if (items.has('friend')) world.addFriendship(SEED.self, SEED.third);
  if (items.has('messages') || items.has('reactions')) {
    for (const [id, authorId, content] of [
      [LEFTOVER.botMessage, SEED.self, 'conformance-message-0leftover'],
      [LEFTOVER.peerMessage, SEED.peer, 'conformance probe: before the mute'],
    ] as const) {
      world.addMessage({ id, seq: world.newSeq(), channelId, authorId, content, createdAt: now - HOUR });
    }
  }
  if (items.has('reactions')) {
    world.reactionsOf(LEFTOVER.botMessage).set('👍', [SEED.self, SEED.peer]);
    world.reactionsOf(LEFTOVER.botMessage).set('❤️', [SEED.peer]);
  }
  if (items.has('channels')) {
    for (const [id, name] of [
      [LEFTOVER.channel, 'conformance-channel-0leftover'],
      [LEFTOVER.quietChannel, 'conformance-quiet-0leftover'],
    ] as const) {
      world.channels.set(id, { id, guildId, type: ChannelType.TEXT, name });
    }
  }
  if (items.has('roles')) {
    world.roles.set(LEFTOVER.role, {
      id: LEFTOVER.role,
      guildId,
      name: 'conformance-role-0leftover',
      admin: false,
    });
    world.member(guildId, SEED.peer)?.roleIds.push(LEFTOVER.role);
  }
}
