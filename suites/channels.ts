/**
 * Channels (§4.2): channel.get, channel.list, channel.create/update/delete, user.channel.create and the
 * experimental channel.mute. Only channels this run created are updated, deleted or muted.
 */

import { tr } from '../src/i18n/index.js';
import {
  type CallOptions,
  type CallResult,
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
} from '../src/runner/check.js';
import {
  baselinePost,
  expectDurationZeroNotRefuted,
  expectRefusalIs4xx,
  expectShortMuteEnds,
  expectUnmuted,
  LONG_MUTE_MS,
  MUTE_EFFECT_TIMEOUT_MS,
  type PeerPost,
  peerCannotPost,
  peerPost,
  pollPeerPost,
  requireMuteTookEffect,
  requirePeer,
  SHORT_MUTE_MS,
  trackChannelMute,
  type Unmute,
  unmuteAndObserve,
} from './_lib/effects.js';
import { getEachListedCheck, getSandboxCheck } from './_lib/gets.js';
import { idOf, listFresh, listHas, listOnce, uniqueName } from './_lib/lists.js';
import { listDoubt } from './_lib/readers.js';
import { requestOnce } from './_lib/served.js';

const TEXT = 0;
const DIRECT = 1;
/** The long mute of the cycle where it goes to the sandbox channel (channel.create not offered): 1 min. */
const SANDBOX_MUTE_MS = 60_000;
/** Bounds the channel.get probes of a long channel.list. */
const MAX_GETS = 5;

/**
 * Sends channel.create for a text channel in the sandbox guild and tracks it (undo channel.delete) at
 * once. When the answer carries no id, the channel is looked for by its unique name in channel.list so
 * that it is still deleted at the end. Returns the id as answered (undefined when missing).
 */
async function sendChannelCreate(t: CheckContext, name: string, options: CallOptions = {}) {
  const result = await t.call(
    'channel.create',
    { guild_id: t.sandbox.guildId, data: { name, type: TEXT } },
    options,
  );
  let trackedId = idOf(result.body);
  if (trackedId === undefined && result.ok) {
    const { items } = await listFresh(t, 'channel.list', { guild_id: t.sandbox.guildId });
    trackedId = idOf(items.find((item) => item?.name === name));
  }
  if (trackedId !== undefined) {
    t.track({
      kind: 'channel',
      label: tr`channel ${trackedId} (${name}) in guild ${t.sandbox.guildId}`,
      undo: ['channel.delete', { channel_id: trackedId }],
    });
  }
  return { result, id: idOf(result.body) };
}

/**
 * One text channel created in the sandbox guild (tracked), once per run (t.shared): judged by
 * channel.create/creates-channel, which reads it back first, then renamed by channel.update/renames-channel
 * and deleted by channel.delete/deletes-channel, each starting after the one before (startsAfter), each
 * observing the state it changes itself: one channel for the three instead of one each.
 */
const createdChannel = (t: CheckContext): Promise<{ name: string; result: CallResult; id?: string }> =>
  t.shared(tr`one channel created in the sandbox guild`, async (observer) => {
    const name = uniqueName('create');
    return { name, ...(await sendChannelCreate(observer, name)) };
  });

/** The checks that act on the run's one created channel (createdChannel), in the order they do. */
const CHANNEL_USERS = ['channel.create/creates-channel', 'channel.update/renames-channel'];

/**
 * The run's channel (createdChannel) for a check about something else: channel.create is a helper there,
 * so the check is undecided naming it where the login does not offer it or it is refused (the run changes
 * no channel it did not create).
 */
async function channelOfTheRun(t: CheckContext): Promise<{ id: string; name: string }> {
  const { name, result, id } = await createdChannel(t);
  t.expectOk(result, 'channel.create');
  t.expect(id !== undefined, tr`channel.create returns a Channel with a string id`, result.body);
  return { id, name };
}

/**
 * A channel of the run's own for a mute (channel.create tried as a helper with a fallback): its id, or
 * undefined where the login does not offer channel.create or it made none (then the sandbox channel).
 */
async function ownChannelForMute(t: CheckContext, what: string): Promise<string | undefined> {
  const { result, id } = await sendChannelCreate(t, uniqueName(what), { fallback: true });
  return result.ok ? id : undefined;
}

/**
 * The channel the shared mute cycle mutes, made once per run: asked by each sharer before the cycle, so
 * that where it is the sandbox channel each takes the peer's posting alone first (aloneOnTheSandboxChannel).
 */
const cycleChannel = (t: CheckContext): Promise<string | undefined> =>
  t.shared(tr`the channel of the run’s own the mute cycle mutes`, (observer) =>
    ownChannelForMute(observer, 'mute'),
  );

/** Creates a channel the peer can post in (checked), or is undecided: a mute effect needs that baseline. */
async function createChannelThePeerCanPostIn(t: CheckContext, what: string): Promise<string> {
  requirePeer(t);
  const channelId = await ownChannelForMute(t, what);
  if (channelId === undefined) {
    await takePeerPostingAlone(t);
    return (await sandboxChannelToMute(t)).channelId;
  }
  const before = await baselinePost(t, channelId, 'before the mute');
  if (before.outcome === 'refused') peerCannotPost(t, channelId, before);
  return channelId;
}

/**
 * Where the run has no channel of its own (channel.create, a helper here, not offered or refused), the channel.mute checks mute the
 * sandbox channel, the one channel the run may touch besides what it creates: only when the peer's post
 * there is accepted first (the channel is not muted, so the mute the run adds and lifts — tracked, undone at
 * the end — leaves it as found), and with the peer's posting in the guild held alone meanwhile ('peer-in-guild':
 * no other check posts as the peer in the muted channel). Without that, undecided naming the helper.
 */
async function sandboxChannelToMute(t: CheckContext): Promise<{ channelId: string; baseline: PeerPost }> {
  const { channelId, peerId } = t.sandbox;
  const noOwn = tr`the run has no channel of its own to mute (channel.create, a helper here, made none)`;
  const clear = tr`give a peer (--peer-token) that may post in the sandbox channel ${channelId}`;
  if (peerId === undefined)
    t.undecided(
      tr`${noOwn}: the mute would go to the sandbox channel ${channelId}, and without a peer nothing shows it unmuted beforehand, so the run would change state it did not create`,
      clear,
    );
  const baseline = await peerPost(t, channelId, 'before the mute of the sandbox channel');
  if (baseline.outcome === 'refused')
    t.undecided(
      tr`${noOwn}, and the peer's post in the sandbox channel ${channelId} is refused before any mute (HTTP ${baseline.result.status}): the run mutes it only when it is found unmuted`,
      tr`let the peer post in the sandbox channel ${channelId}`,
    );
  t.note(
    tr`${noOwn}: the mute goes to the sandbox channel ${channelId}, lifted afterwards (and by the ledger at the end)`,
  );
  return { channelId, baseline };
}

/** Takes the peer's posting alone (declared in `acquires`) before a mute of the sandbox channel. */
async function takePeerPostingAlone(t: CheckContext): Promise<void> {
  t.release('peer-in-guild');
  await t.acquire('peer-in-guild');
}

/**
 * Where the mute cycle mutes the sandbox channel, takes the peer's posting alone before it: each check
 * before it asks for the shared cycle, so that no sharer waits for the cycle while holding what its
 * observer needs.
 */
async function aloneOnTheSandboxChannel(t: CheckContext): Promise<void> {
  if ((await cycleChannel(t)) === undefined) await takePeerPostingAlone(t);
}

/** The channel a mute cycle mutes: one the run creates, or (none made) the sandbox channel. */
async function channelToMute(t: CheckContext): Promise<{ channelId: string; baseline?: PeerPost }> {
  const channelId = await cycleChannel(t);
  if (channelId === undefined) return sandboxChannelToMute(t);
  const baseline = t.sandbox.peerId ? await baselinePost(t, channelId, 'before the mute') : undefined;
  return { channelId, ...(baseline ? { baseline } : {}) };
}

/** One mute cycle of a channel the run created (see channelMuteCycle). */
interface ChannelMuteCycle {
  channelId: string;
  /** The peer's post before the mute; absent without a peer. */
  baseline?: PeerPost;
  /** The duration the mute was sent with (ms). */
  duration: number;
  muted: CallResult;
  /** The peer's posts while muted, until refused; absent without a baseline or when the mute failed. */
  during?: PeerPost & { probes: number; elapsedMs: number };
  unmute: Unmute;
}

/**
 * One long mute cycle of a channel the run created, observed once per run and judged by the four checks
 * of a long channel mute (accepted, its effect, its refusal status, its unmute): a channel, the peer's
 * baseline post there (with a peer), the mute, the peer's posts until refused (where the baseline was
 * accepted), the unmute (duration 0) and the peer's posts until accepted again.
 */
const channelMuteCycle = (t: CheckContext): Promise<ChannelMuteCycle> =>
  t.shared(tr`one channel.mute cycle of a channel the run created`, async (observer) => {
    const { channelId, baseline } = await channelToMute(observer);
    const verifyIn = baseline?.outcome === 'accepted' ? channelId : undefined;
    // On the sandbox channel a shorter mute: should duration 0 not lift it, it still ends within a minute.
    const duration = channelId === observer.sandbox.channelId ? SANDBOX_MUTE_MS : LONG_MUTE_MS;
    const muted = await observer.call('channel.mute', { channel_id: channelId, duration });
    trackChannelMute(observer, channelId);
    const lift = () => unmuteAndObserve(observer, 'channel.mute', { channel_id: channelId }, verifyIn);
    let during: ChannelMuteCycle['during'];
    try {
      if (muted.ok && verifyIn)
        during = await pollPeerPost(observer, channelId, 'refused', 'while muted', MUTE_EFFECT_TIMEOUT_MS);
    } catch (error) {
      // Lifted whatever happened (the ledger would too, with the channel).
      await lift();
      throw error;
    }
    return {
      channelId,
      ...(baseline ? { baseline } : {}),
      duration,
      muted,
      ...(during ? { during } : {}),
      unmute: await lift(),
    };
  });

/** The cycle's posts while muted; undecided when the peer could not post in the channel beforehand. */
function requireChannelBaseline(t: CheckContext, cycle: ChannelMuteCycle): ChannelMuteCycle['during'] {
  if (cycle.baseline?.outcome === 'refused') peerCannotPost(t, cycle.channelId, cycle.baseline);
  return cycle.during;
}

const checks: CheckSpec[] = [
  getSandboxCheck({
    noun: 'channel',
    title: 'channel.get returns the sandbox channel as a Channel with a ChannelType type',
    rules: ['CHAN-GET-1', 'RES-CHANNEL', 'RES-CHANNEL-TYPE'],
    schema: 'Channel',
    sandboxId: (t) => t.sandbox.channelId,
    listFields: (t) => ({ guild_id: t.sandbox.guildId }),
  }),

  getEachListedCheck({
    noun: 'channel',
    rule: 'CHAN-GET-1',
    listFields: (t) => ({ guild_id: t.sandbox.guildId }),
    sandboxId: (t) => t.sandbox.channelId,
    maxGets: MAX_GETS,
    noneReason: (t) => tr`guild ${t.sandbox.guildId} lists no channel besides the sandbox channel`,
  }),

  defineCheck({
    id: 'channel.list/walks-to-end',
    title: 'channel.list pages through the guild’s channels to the end, each a valid Channel, each once',
    level: 'must',
    rules: ['CHAN-LIST-1', 'GEN-5', 'GEN-6', 'RES-CHANNEL', 'RES-CHANNEL-TYPE'],
    operations: ['channel.list'],
    async run(t: CheckContext) {
      const { items } = await listOnce(
        t,
        'channel.list',
        { guild_id: t.sandbox.guildId },
        { validate: true },
      );
      t.expect(
        listHas(items, t.sandbox.channelId),
        tr`channel.list of guild ${t.sandbox.guildId} includes the sandbox channel ${t.sandbox.channelId}`,
        items.map(idOf),
      );
    },
  }),

  defineCheck({
    id: 'channel.list/only-the-guilds-channels',
    title: 'channel.list lists only the channels of guild_id: two guilds share no channel',
    level: 'must',
    rules: ['CHAN-LIST-1'],
    operations: ['guild.list', 'channel.list'],
    helpers: ['guild.list'],
    // The guild list must not change meanwhile (an invitation flow joins and leaves a guild).
    shares: ['guild-invitations'],
    async run(t: CheckContext) {
      const { items: guilds } = await listOnce(t, 'guild.list', {});
      const otherGuildId = guilds.map(idOf).find((id) => id !== undefined && id !== t.sandbox.guildId);
      if (otherGuildId === undefined)
        t.skip(tr`the current user is in one guild only: nothing to compare with`);
      const sandboxList = await listOnce(t, 'channel.list', { guild_id: t.sandbox.guildId });
      const otherList = await listOnce(t, 'channel.list', { guild_id: otherGuildId });
      const sandboxIds = new Set(sandboxList.items.map(idOf));
      const shared = otherList.items.map(idOf).filter((id) => id !== undefined && sandboxIds.has(id));
      // Sharing none shows the scoping only where the sandbox guild's list is the platform's (it lists the
      // sandbox channel): two lists of made-up channels share none either.
      const doubt = listDoubt(t, 'channel.list', sandboxList.items);
      if (shared.length === 0 && doubt)
        t.undecided(tr`the two lists share no channel, but ${doubt}`, tr`see channel.list/walks-to-end`);
      t.expect(
        shared.length === 0,
        tr`channel.list of guild ${t.sandbox.guildId} and of guild ${otherGuildId} share no channel`,
        tr`both list ${shared.slice(0, 10).join(', ')}`,
      );
    },
  }),

  defineCheck({
    id: 'channel.create/creates-channel',
    title: 'channel.create returns the new Channel, which channel.get and channel.list then show',
    level: 'must',
    rules: ['CHAN-CREATE-1', 'RES-CHANNEL'],
    operations: ['channel.create', 'channel.get', 'channel.list'],
    helpers: ['channel.get', 'channel.list'],
    async run(t: CheckContext) {
      // The run's one created channel, read back here before the checks after this one change it.
      const { name, result, id } = await createdChannel(t);
      t.expectOk(result, 'channel.create');
      t.expectSchema('Channel', result.body, tr`channel.create result`);
      t.expect(id !== undefined, tr`channel.create returns a Channel with a string id`, result.body);

      const got = await t.call('channel.get', { channel_id: id });
      t.expectOk(got, tr`channel.get of the new channel ${id}`);
      t.expect(idOf(got.body) === id, tr`channel.get returns the new channel ${id}`, got.body);
      t.expect(
        got.body?.name === name,
        tr`the new channel has the name it was created with (${name})`,
        got.body,
      );

      const { items } = await listFresh(t, 'channel.list', { guild_id: t.sandbox.guildId });
      t.expect(
        listHas(items, id),
        tr`channel.list of guild ${t.sandbox.guildId} includes the new channel ${id}`,
        items.map(idOf),
      );
    },
  }),

  defineCheck({
    id: 'channel.update/renames-channel',
    title: 'channel.update applies data: a renamed channel reads back with its new name',
    level: 'must',
    rules: ['CHAN-UPDATE-1'],
    operations: ['channel.create', 'channel.update', 'channel.get'],
    helpers: ['channel.create', 'channel.get'],
    // It renames the run's one created channel: after channel.create/creates-channel read it back.
    startsAfter: CHANNEL_USERS.slice(0, 1),
    async run(t: CheckContext) {
      const channel = await channelOfTheRun(t);
      const newName = uniqueName('renamed');
      const updated = await t.call('channel.update', { channel_id: channel.id, data: { name: newName } });
      t.expectOk(updated, 'channel.update');
      const got = await t.call('channel.get', { channel_id: channel.id });
      t.expectOk(got, tr`channel.get of the updated channel ${channel.id}`);
      t.expect(got.body?.name === newName, tr`channel.get shows the new name ${newName}`, got.body);
    },
  }),

  defineCheck({
    id: 'channel.delete/deletes-channel',
    title: 'channel.delete removes the channel: channel.get refuses it or channel.list no longer lists it',
    level: 'must',
    rules: ['CHAN-DELETE-1'],
    operations: ['channel.create', 'channel.delete', 'channel.get', 'channel.list'],
    helpers: ['channel.create', 'channel.get', 'channel.list'],
    // It deletes the run's one created channel: after the checks that read and rename it.
    startsAfter: CHANNEL_USERS,
    async run(t: CheckContext) {
      const channel = await channelOfTheRun(t);
      // No verdict from history: the channel is shown to exist before the delete removes it.
      const before = await listFresh(
        t,
        'channel.list',
        { guild_id: t.sandbox.guildId },
        {
          stopAt: (item) => idOf(item) === channel.id,
        },
      );
      if (!listHas(before.items, channel.id)) {
        t.skip(
          tr`precondition failed: channel.list of guild ${t.sandbox.guildId} does not list the channel just created (${channel.id}), so its removal cannot be observed (see channel.create/creates-channel)`,
        );
      }
      // channel.get's refusal afterwards counts only where it found the channel before (a positive
      // control); unserved or refused, channel.list decides.
      const seen = await t.call('channel.get', { channel_id: channel.id }, { fallback: true });
      const getFinds = seen.ok && idOf(seen.body) === channel.id;
      const deleted = await t.call('channel.delete', { channel_id: channel.id });
      t.expectOk(deleted, 'channel.delete');
      const got = await t.call('channel.get', { channel_id: channel.id }, { fallback: true });
      const refused = getFinds && got.status >= 400 && got.status < 500;
      const { items } = await listFresh(t, 'channel.list', { guild_id: t.sandbox.guildId });
      const listed = listHas(items, channel.id);
      t.expect(
        refused || !listed,
        tr`the deleted channel ${channel.id} is gone: channel.get answers 4xx or channel.list omits it`,
        tr`channel.get answered ${got.status} and channel.list still lists it`,
      );
      if (refused !== !listed) {
        t.note(
          listed
            ? tr`after delete: channel.get answered ${got.status}, channel.list lists it`
            : tr`after delete: channel.get answered ${got.status}, channel.list omits it`,
        );
      }
    },
  }),

  defineCheck({
    id: 'user.channel.create/direct-channel-with-peer',
    title: 'user.channel.create with another user’s id (--user, else the peer) returns a DIRECT (1) Channel',
    level: 'must',
    rules: ['USER-CHAN-CREATE-1', 'RES-CHANNEL', 'RES-CHANNEL-TYPE'],
    operations: ['user.channel.create'],
    async run(t: CheckContext) {
      // Another user's id is all it needs (the bot opens the channel): --user, else the peer's.
      const userId =
        t.sandbox.userId ??
        t.skip(tr`needs another user: pass --user, or a peer identity (--peer-token / --peer-self-id)`);
      // The run's one request of it (the refusal control of user.channel.create sends the same).
      const result = await requestOnce(t, 'user.channel.create', { user_id: userId });
      t.expectOk(result, 'user.channel.create');
      t.expectSchema('Channel', result.body, tr`user.channel.create result`);
      t.expect(
        result.body?.type === DIRECT,
        tr`the direct-message channel has type DIRECT (1)`,
        result.body?.type,
      );
    },
  }),

  defineCheck({
    id: 'channel.mute/accepts-duration',
    title: 'channel.mute of a channel the run created is accepted with a duration in milliseconds',
    level: 'must',
    rules: ['CHAN-MUTE-1'],
    operations: ['channel.create', 'channel.mute'],
    helpers: ['channel.create'],
    experimental: true,
    // The shared cycle posts as the peer, whose posts also depend on its standing in the guild.
    shares: ['peer-in-guild'],
    // Alone on the sandbox channel, where channel.create is not offered (sandboxChannelToMute).
    acquires: ['peer-in-guild'],
    async run(t: CheckContext) {
      await aloneOnTheSandboxChannel(t);
      const cycle = await channelMuteCycle(t);
      t.expectOk(cycle.muted, tr`channel.mute with duration ${cycle.duration}`);
      // Accepted means in force: the peer, who could post there before, is refused while it lasts.
      const during = requireChannelBaseline(t, cycle);
      if (during === undefined) t.skip(tr`without a peer post before the mute its effect cannot be observed`);
      t.expect(
        during.outcome === 'refused',
        tr`the accepted channel.mute is in force: the peer’s message.create in the channel is refused`,
        tr`accepted (HTTP ${during.result.status}) for ${during.elapsedMs} ms after the mute`,
      );
    },
  }),

  defineCheck({
    id: 'channel.mute/duration-zero-is-accepted',
    title: 'channel.mute with duration 0 (unmute) is accepted and lifts the mute',
    level: 'must',
    rules: ['CHAN-MUTE-2'],
    operations: ['channel.create', 'channel.mute'],
    helpers: ['channel.create'],
    experimental: true,
    // The peer's posts here also depend on its standing in the guild (a guild mute blocks them).
    shares: ['peer-in-guild'],
    // Alone on the sandbox channel, where channel.create is not offered (sandboxChannelToMute).
    acquires: ['peer-in-guild'],
    async run(t: CheckContext) {
      // With a peer that could post there beforehand, the unmute is verified by posting again afterwards.
      await aloneOnTheSandboxChannel(t);
      const cycle = await channelMuteCycle(t);
      await expectDurationZeroNotRefuted(t, 'channel.mute');
      const during = requireChannelBaseline(t, cycle);
      t.expectOk(cycle.muted, tr`channel.mute with duration ${cycle.duration}`);
      requireMuteTookEffect(t, during, 'channel.mute', 'channel.mute/blocks-peer-until-unmuted');
      expectUnmuted(t, cycle.unmute);
    },
  }),

  defineCheck({
    id: 'channel.mute/blocks-peer-until-unmuted',
    title: 'While a channel is muted the peer cannot post in it; after duration 0 it can again',
    level: 'must',
    rules: ['CHAN-MUTE-1', 'CHAN-MUTE-2'],
    operations: ['channel.create', 'channel.mute', 'message.create'],
    helpers: ['channel.create', 'message.create'],
    experimental: true,
    needs: ['peer'],
    // The peer's posts here also depend on its standing in the guild (a guild mute blocks them).
    shares: ['peer-in-guild'],
    // Alone on the sandbox channel, where channel.create is not offered (sandboxChannelToMute).
    acquires: ['peer-in-guild'],
    async run(t: CheckContext) {
      requirePeer(t);
      await aloneOnTheSandboxChannel(t);
      const cycle = await channelMuteCycle(t);
      const during = requireChannelBaseline(t, cycle);
      t.expectOk(cycle.muted, tr`channel.mute with duration ${cycle.duration}`);
      t.expect(
        during?.outcome === 'refused',
        tr`the peer’s message.create in the muted channel is refused (any non-2xx)`,
        tr`accepted (HTTP ${during?.result.status}) for ${during?.elapsedMs} ms after the mute`,
      );
      expectUnmuted(t, cycle.unmute);
    },
  }),

  defineCheck({
    id: 'channel.mute/refusal-is-4xx',
    title: 'The peer’s message.create in a muted channel is refused with a 4xx, not a server error',
    level: 'should',
    rules: ['CHAN-MUTE-1'],
    operations: ['channel.create', 'channel.mute', 'message.create'],
    helpers: ['channel.create', 'message.create'],
    experimental: true,
    needs: ['peer'],
    // The peer's posts here also depend on its standing in the guild (a guild mute blocks them).
    shares: ['peer-in-guild'],
    // Alone on the sandbox channel, where channel.create is not offered (sandboxChannelToMute).
    acquires: ['peer-in-guild'],
    async run(t: CheckContext) {
      requirePeer(t);
      await aloneOnTheSandboxChannel(t);
      const cycle = await channelMuteCycle(t);
      const during = requireChannelBaseline(t, cycle);
      if (!cycle.muted.ok) t.skip(tr`precondition failed: channel.mute answered ${cycle.muted.status}`);
      if (during?.outcome !== 'refused') {
        t.skip(tr`the mute had no effect (see channel.mute/blocks-peer-until-unmuted)`);
      }
      expectRefusalIs4xx(t, during, tr`in the muted channel`);
    },
  }),

  defineCheck({
    id: 'channel.mute/duration-is-milliseconds',
    title: 'A channel mute of 1500 ms takes effect and ends by itself within seconds',
    level: 'must',
    rules: ['LIMIT-DURATION-MS', 'CHAN-MUTE-1'],
    operations: ['channel.create', 'channel.mute', 'message.create'],
    helpers: ['channel.create', 'message.create'],
    experimental: true,
    needs: ['peer'],
    timeoutMs: 30_000,
    // The peer's posts here also depend on its standing in the guild (a guild mute blocks them).
    shares: ['peer-in-guild'],
    // Alone on the sandbox channel, where channel.create is not offered (sandboxChannelToMute).
    acquires: ['peer-in-guild'],
    waitsMs: SHORT_MUTE_MS,
    async run(t: CheckContext) {
      const channelId = await createChannelThePeerCanPostIn(t, 'mute-ms');
      const mutedAt = Date.now();
      const muted = await t.call('channel.mute', { channel_id: channelId, duration: SHORT_MUTE_MS });
      trackChannelMute(t, channelId);
      t.expectOk(muted, tr`channel.mute with duration ${SHORT_MUTE_MS}`);
      // On the sandbox channel the peer's posting stays held alone through the window (nobody else posts
      // as the peer in a channel the run muted); in a channel of its own it is shared meanwhile.
      const sharing = channelId === t.sandbox.channelId ? {} : { sharing: 'peer-in-guild' as const };
      await expectShortMuteEnds(t, channelId, mutedAt, 'channel', sharing);
    },
  }),
];

export default defineSuite('channels', checks);
