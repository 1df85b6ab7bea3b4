/**
 * Guild members (§4.4): guild.member.get, guild.member.list, guild.member.approve (answering a
 * guild-member-request, §6), guild.member.kick and the experimental guild.member.mute. Only a member the
 * check itself added through an approved join request is kicked; only the peer identity is muted.
 * Those checks hold the peer's standing in the guild or the join requests (src/runner/holds.ts)
 * and undo their change before they end: others would see it (the peer muted guild-wide, the requester
 * already a member). The join-request checks judge one flow per answer (./_lib/join-requests.ts).
 */

import type { GuildMember } from '../spec/types.js';
import { tr } from '../src/i18n/index.js';
import {
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
  lastPeerPost,
  MUTE_EFFECT_TIMEOUT_MS,
  type PeerPost,
  peerCannotPost,
  pollPeerPost,
  requireMuteTookEffect,
  requirePeer,
  SHORT_MUTE_MS,
  trackMemberMute,
  type Unmute,
  unmuteAndObserve,
  unmuteAndVerify,
} from './_lib/effects.js';
import { memberOnce } from './_lib/guild-membership.js';
import {
  CLEAR_READER,
  type JoinFlow,
  joinRequestFlow,
  judgeAdmitted,
  judgeMember,
} from './_lib/join-requests.js';
import { judgeWalk, listedItems, listOnce, statusOf, userIdOf } from './_lib/lists.js';
import { absenceDoubt, memberReader } from './_lib/readers.js';

/** The admit flow's request and answers, or a skip when the trigger gave no request. */
function requireRequest(t: CheckContext, flow: JoinFlow) {
  const { request, answer, member } = flow;
  if (!request || !answer || !member) return t.skip(flow.missing ?? tr`no join request`);
  return { userId: request.userId, answer, member };
}

/**
 * The admit flow once the requester is a member (as a proven reader shows it), or a skip: the kick needs
 * one; undecided when no reader of the run can tell.
 */
function requireAdmitted(t: CheckContext, flow: JoinFlow) {
  const { userId } = requireRequest(t, flow);
  const { member, how } = judgeAdmitted(t, flow);
  if (member === undefined) return t.undecided(how, CLEAR_READER);
  if (!member || !flow.kick || !flow.listed) {
    return t.skip(tr`the approved requester ${userId} did not become a member (${how})`);
  }
  return { userId, kick: flow.kick, listed: flow.listed, reader: flow.reader! };
}

/** Whether `userId` is gone (a kick, a refusal), as a proven reader shows it; undecided when none can tell. */
function expectGone(t: CheckContext, flow: JoinFlow, state: JoinFlow['after'], userId: string, what: string) {
  const { member, how } = judgeMember(t, flow.reader!, state!, userId);
  if (member === undefined) t.undecided(how, CLEAR_READER);
  t.expect(!member, tr`${what}: guild.member.get refuses it or guild.member.list omits it`, how);
}

/**
 * Lifts the peer's guild mute (duration 0) and verifies the peer can post in `verifyIn` again, so that a
 * duration 0 that does not unmute fails the check that unmuted; the ledger entry is settled.
 */
const liftPeerMute = (t: CheckContext, peerId: string, verifyIn: string | undefined) =>
  unmuteAndVerify(t, 'guild.member.mute', { guild_id: t.sandbox.guildId, user_id: peerId }, verifyIn);

/** Mutes the peer in the sandbox guild for `duration` ms, tracked at once (the ledger lifts it). */
async function mutePeer(t: CheckContext, peerId: string, duration: number) {
  const muted = await t.call('guild.member.mute', { guild_id: t.sandbox.guildId, user_id: peerId, duration });
  trackMemberMute(t, t.sandbox.guildId, peerId);
  return muted;
}

/** The current user's id, or a skip with the reason when it is unknown. */
const requireSelfId = (t: CheckContext): string =>
  t.sandbox.selfId || t.skip(tr`the current user id is unknown: pass --self-id`);

/**
 * One mute cycle of the peer in the sandbox guild, observed once per run and judged by the three checks
 * of a long mute (its effect, its refusal status, its unmute): a baseline post in the sandbox channel, a
 * mute, the peer's posts until refused (where the baseline was accepted), the unmute (duration 0) and the
 * peer's posts until accepted again. Its exchanges are the evidence of each check that judges it.
 */
interface GuildMuteCycle {
  baseline: PeerPost;
  muted: CallResult;
  /** The peer's posts while muted, until refused; absent without a baseline or when the mute failed. */
  during?: PeerPost & { probes: number; elapsedMs: number };
  unmute: Unmute;
}

const guildMuteCycle = (t: CheckContext): Promise<GuildMuteCycle> =>
  t.shared(tr`one guild.member.mute cycle of the peer`, async (observer) => {
    const peerId = requirePeer(observer);
    const channelId = observer.sandbox.channelId;
    // A check holding the peer alone may take the peer's last post in the run as its baseline when it
    // was accepted (the guild mute window's last probe, usually): no one else changed that since.
    const last = lastPeerPost(observer, channelId);
    if (last?.outcome === 'accepted')
      observer.note(tr`baseline: the peer’s last post in the sandbox channel in this run was accepted`);
    const baseline =
      last?.outcome === 'accepted' ? last : await baselinePost(observer, channelId, 'before the mute');
    const verifyIn = baseline.outcome === 'accepted' ? channelId : undefined;
    const muted = await mutePeer(observer, peerId, LONG_MUTE_MS);
    const lift = () =>
      unmuteAndObserve(
        observer,
        'guild.member.mute',
        { guild_id: observer.sandbox.guildId, user_id: peerId },
        verifyIn,
      );
    let during: GuildMuteCycle['during'];
    try {
      if (muted.ok && verifyIn)
        during = await pollPeerPost(
          observer,
          channelId,
          'refused',
          'while muted in the guild',
          MUTE_EFFECT_TIMEOUT_MS,
        );
    } catch (error) {
      // Lifted whatever happened, so that the peer can post for the checks after this one.
      await lift();
      throw error;
    }
    return { baseline, muted, ...(during ? { during } : {}), unmute: await lift() };
  });

/** Another user of the sandbox guild to read (--user, else the peer), or a skip saying how to give one. */
const requireOtherUser = (t: CheckContext): string =>
  t.sandbox.userId ??
  t.skip(
    tr`needs another user of the guild: pass --user, or a peer identity (--peer-token / --peer-self-id)`,
  );

/** The cycle's posts while muted; undecided when the peer could not post beforehand (no baseline). */
function requireBaseline(t: CheckContext, cycle: GuildMuteCycle): GuildMuteCycle['during'] {
  if (cycle.baseline.outcome === 'refused') peerCannotPost(t, t.sandbox.channelId, cycle.baseline);
  return cycle.during;
}

/** The peer can post in the sandbox channel (the baseline of a mute effect), or the check is undecided. */
async function requirePeerCanPost(t: CheckContext): Promise<string> {
  const peerId = requirePeer(t);
  const before = await baselinePost(t, t.sandbox.channelId, 'before the mute');
  if (before.outcome === 'refused') peerCannotPost(t, t.sandbox.channelId, before);
  return peerId;
}

/**
 * What guild.member.get returned is the member asked for beyond the user id it was sent (which a server
 * echoing its input sends too): guild.member.list shows that member, and what it shows of it (user name,
 * nick) the get shows too. Where nothing identifies it, the check is undecided, never a pass.
 */
async function expectListedMember(
  t: CheckContext,
  userId: string,
  got: unknown,
  identified: boolean,
): Promise<void> {
  const fields = { guild_id: t.sandbox.guildId };
  const listed = (await listedItems(t, 'guild.member.list', fields)).find(
    (item) => userIdOf(item) === userId,
  ) as GuildMember | undefined;
  const clear = tr`check that guild.member.list of guild ${t.sandbox.guildId} lists user ${userId} with its user (see guild.member.list/walks-to-end)`;
  if (listed === undefined) {
    t.undecided(
      identified
        ? tr`guild.member.list of guild ${t.sandbox.guildId} does not list user ${userId}: nothing but the user id it was asked for shows that guild.member.get returned that member`
        : tr`guild.member.list of guild ${t.sandbox.guildId} does not list user ${userId}: nothing (the GuildMember carries no user.id, §2) shows that guild.member.get returned that member`,
      clear,
    );
  }
  const member = got as GuildMember | undefined;
  const shown = [
    ['user.name', listed.user?.name, member?.user?.name],
    ['nick', listed.nick, member?.nick],
  ] as const;
  const comparable = shown.filter(([, inList]) => typeof inList === 'string');
  if (comparable.length === 0) {
    if (!identified)
      t.undecided(tr`neither guild.member.get nor guild.member.list shows whose member it is`, clear);
    t.note(tr`guild.member.list shows the member with no name nor nick: its user id is the evidence`);
    return;
  }
  for (const [field, inList, inGet] of comparable) {
    t.expect(
      inGet === inList,
      tr`guild.member.get returns the member guild.member.list shows for user ${userId}: ${field} ${JSON.stringify(inList)}`,
      inGet,
    );
  }
}

const memberGetCheck = (who: 'self' | 'peer'): CheckSpec =>
  defineCheck({
    id: `guild.member.get/${who}`,
    title: `guild.member.get returns the ${who === 'self' ? 'current user' : 'other user (--user, else the peer)'} as a GuildMember of the sandbox guild`,
    level: 'must',
    rules: ['MEMBER-GET-1', 'RES-MEMBER'],
    operations: ['guild.member.get'],
    async run(t: CheckContext) {
      // Another user's id is all it needs (it reads, never acts as them): --user, else the peer's.
      const userId = who === 'self' ? requireSelfId(t) : requireOtherUser(t);
      const result = await memberOnce(t, t.sandbox.guildId, userId);
      t.expectOk(result, 'guild.member.get');
      t.expectSchema('GuildMember', result.body, tr`guild.member.get result`);
      const memberUserId = userIdOf(result.body);
      if (memberUserId !== undefined) {
        t.expect(
          memberUserId === userId,
          tr`guild.member.get returns the member asked for (user ${userId})`,
          memberUserId,
        );
      }
      await expectListedMember(t, userId, result.body, memberUserId !== undefined);
    },
  });

/**
 * guild.member.get of a user who never was a member is refused (§4.4: it returns the GuildMember of
 * user_id in guild_id; there is none). The control: the same read found the current user.
 */
const memberGetRefusesStranger = defineCheck({
  id: 'guild.member.get/refuses-a-non-member',
  title:
    'guild.member.get of a user who never was a member of the guild is refused, not answered with a member',
  level: 'must',
  rules: ['MEMBER-GET-1'],
  operations: ['guild.member.get'],
  async run(t: CheckContext) {
    const reader = await memberReader(t);
    const absent = absenceDoubt(reader);
    if (absent && reader.refusesStranger)
      t.undecided(
        tr`guild.member.get refused user ${reader.strangerId}, but ${absent}`,
        tr`see guild.member.get/self`,
      );
    t.expect(
      reader.refusesStranger,
      tr`guild.member.get of user ${reader.strangerId}, never a member of guild ${t.sandbox.guildId}, is refused (any non-2xx)`,
      statusOf(reader.stranger),
    );
  },
});

const checks: CheckSpec[] = [
  memberGetCheck('self'),
  memberGetCheck('peer'),
  memberGetRefusesStranger,

  defineCheck({
    id: 'guild.member.list/walks-to-end',
    title:
      'guild.member.list pages through the guild’s members to the end, each a valid GuildMember, each once',
    level: 'must',
    rules: ['MEMBER-LIST-1', 'GEN-5', 'GEN-6', 'RES-MEMBER'],
    operations: ['guild.member.list'],
    // The member list must not change meanwhile (a join-request flow adds and kicks the requester).
    shares: ['join-requests'],
    async run(t: CheckContext) {
      const { items } = await listOnce(
        t,
        'guild.member.list',
        { guild_id: t.sandbox.guildId },
        { validate: true },
      );
      // The current user is a member of its own sandbox guild: an empty list is no walk of its members.
      t.expect(
        items.length > 0,
        tr`guild.member.list of guild ${t.sandbox.guildId} lists its members, the current user among them`,
        tr`an empty list`,
      );
      const identified = items.filter((item) => userIdOf(item) !== undefined);
      if (identified.length === 0) {
        t.undecided(
          tr`no listed member carries user.id (user is optional, §2): the current user cannot be found in the list`,
          tr`a server that sends GuildMember.user lets the checker find the current user`,
        );
      }
      if (!t.sandbox.selfId) {
        t.undecided(
          tr`the current user id is unknown: it cannot be looked for in the list`,
          tr`pass --self-id`,
        );
      }
      t.expect(
        identified.some((item) => userIdOf(item) === t.sandbox.selfId),
        tr`guild.member.list of guild ${t.sandbox.guildId} includes the current user ${t.sandbox.selfId}`,
        identified.map(userIdOf),
      );
    },
  }),

  defineCheck({
    id: 'guild.member.kick/removes-member',
    title: 'guild.member.kick removes a member the check added: it is no longer a member of the guild',
    level: 'must',
    rules: ['MEMBER-KICK-1'],
    operations: ['guild.member.approve', 'guild.member.kick', 'guild.member.get', 'guild.member.list'],
    helpers: ['guild.member.approve', 'guild.member.get', 'guild.member.list'],
    needs: ['trigger'],
    holds: ['join-requests'],
    async run(t: CheckContext) {
      const flow = await joinRequestFlow(t, true);
      const { userId, kick } = requireAdmitted(t, flow);
      t.expectOk(kick.kicked, 'guild.member.kick');
      expectGone(t, flow, kick.after, userId, tr`the kicked user ${userId} is gone`);
    },
  }),

  defineCheck({
    id: 'guild.member.approve/approve-adds-member',
    title: 'guild.member.approve with approve true admits the requester: guild.member.get then finds it',
    level: 'must',
    rules: ['MEMBER-APPROVE-1', 'EVT-REQUEST-FLOW'],
    operations: ['guild.member.approve', 'guild.member.get'],
    helpers: ['guild.member.get'],
    needs: ['trigger'],
    holds: ['join-requests'],
    async run(t: CheckContext) {
      const flow = await joinRequestFlow(t, true);
      const { userId, answer, member } = requireRequest(t, flow);
      t.expectOk(answer, tr`guild.member.approve with approve true`);
      // A 2xx counts where guild.member.get refused a stranger; else the list or the event decides.
      const admitted = judgeAdmitted(t, flow);
      if (admitted.member === undefined) t.undecided(admitted.how, CLEAR_READER);
      t.expect(
        admitted.member && member.ok,
        tr`the approved requester ${userId} is a member: guild.member.get finds it (answers 2xx)`,
        tr`${statusOf(member)}; ${admitted.how}`,
      );
      t.expectSchema('GuildMember', member.body, tr`guild.member.get result of the new member`);
    },
  }),

  defineCheck({
    id: 'guild.member.list/lists-newest-member',
    title: 'guild.member.list walked to its end includes a member who has just joined',
    level: 'must',
    rules: ['MEMBER-LIST-1', 'GEN-6'],
    operations: ['guild.member.approve', 'guild.member.list'],
    helpers: ['guild.member.approve'],
    needs: ['trigger'],
    holds: ['join-requests'],
    async run(t: CheckContext) {
      const { userId, listed } = requireAdmitted(t, await joinRequestFlow(t, true));
      const { items, pages } = judgeWalk(t, listed);
      t.expect(
        items.some((item) => userIdOf(item) === userId),
        tr`guild.member.list of guild ${t.sandbox.guildId}, followed while next is present, includes the new member ${userId}`,
        tr`${items.length} members over ${pages.length} page(s), without ${userId}`,
      );
    },
  }),

  defineCheck({
    id: 'guild.member.approve/reject-does-not-add',
    title: 'guild.member.approve with approve false turns the requester away: it does not become a member',
    level: 'must',
    rules: ['MEMBER-APPROVE-1', 'EVT-REQUEST-FLOW'],
    operations: ['guild.member.approve', 'guild.member.get', 'guild.member.list'],
    helpers: ['guild.member.get', 'guild.member.list'],
    needs: ['trigger'],
    holds: ['join-requests'],
    async run(t: CheckContext) {
      const flow = await joinRequestFlow(t, false);
      const { userId, answer } = requireRequest(t, flow);
      t.expectOk(answer, tr`guild.member.approve with approve false`);
      expectGone(t, flow, flow.after, userId, tr`the declined requester ${userId} is not a member`);
    },
  }),

  defineCheck({
    id: 'guild.member.mute/blocks-peer-until-unmuted',
    title: 'While the peer is muted in the guild it cannot post; after duration 0 it can again',
    level: 'must',
    rules: ['MEMBER-MUTE-1', 'MEMBER-MUTE-2'],
    operations: ['guild.member.mute', 'message.create'],
    helpers: ['message.create'],
    experimental: true,
    needs: ['peer'],
    holds: ['peer-in-guild'],
    // A mute changes the peer's member record too (a guild-member-updated on some platforms).
    shares: ['peer-member-record'],
    async run(t: CheckContext) {
      const cycle = await guildMuteCycle(t);
      await expectDurationZeroNotRefuted(t, 'guild.member.mute');
      const during = requireBaseline(t, cycle);
      t.expectOk(cycle.muted, tr`guild.member.mute of the peer with duration ${LONG_MUTE_MS}`);
      t.expect(
        during?.outcome === 'refused',
        tr`the muted peer’s message.create in the sandbox channel is refused (any non-2xx)`,
        tr`accepted (HTTP ${during?.result.status}) for ${during?.elapsedMs} ms after the mute`,
      );
      expectUnmuted(t, cycle.unmute);
    },
  }),

  defineCheck({
    id: 'guild.member.mute/refusal-is-4xx',
    title: 'The muted peer’s message.create is refused with a 4xx, not a server error',
    level: 'should',
    rules: ['MEMBER-MUTE-1'],
    operations: ['guild.member.mute', 'message.create'],
    helpers: ['message.create'],
    experimental: true,
    needs: ['peer'],
    holds: ['peer-in-guild'],
    // A mute changes the peer's member record too (a guild-member-updated on some platforms).
    shares: ['peer-member-record'],
    async run(t: CheckContext) {
      const cycle = await guildMuteCycle(t);
      const during = requireBaseline(t, cycle);
      if (!cycle.muted.ok) t.skip(tr`precondition failed: guild.member.mute answered ${cycle.muted.status}`);
      if (during?.outcome !== 'refused') {
        t.skip(tr`the mute had no effect (see guild.member.mute/blocks-peer-until-unmuted)`);
      }
      expectRefusalIs4xx(t, during, tr`while muted in the guild`);
    },
  }),

  defineCheck({
    id: 'guild.member.mute/duration-zero-is-accepted',
    title: 'guild.member.mute of the peer with duration 0 (unmute) is accepted and lifts the mute',
    level: 'must',
    rules: ['MEMBER-MUTE-1', 'MEMBER-MUTE-2'],
    operations: ['guild.member.mute'],
    experimental: true,
    needs: ['peer'],
    holds: ['peer-in-guild'],
    // A mute changes the peer's member record too (a guild-member-updated on some platforms).
    shares: ['peer-member-record'],
    async run(t: CheckContext) {
      // The unmute is verified by the peer posting again afterwards: it must have posted beforehand.
      const cycle = await guildMuteCycle(t);
      await expectDurationZeroNotRefuted(t, 'guild.member.mute');
      const during = requireBaseline(t, cycle);
      t.expectOk(cycle.muted, tr`guild.member.mute of the peer with duration ${LONG_MUTE_MS}`);
      requireMuteTookEffect(t, during, 'guild.member.mute', 'guild.member.mute/blocks-peer-until-unmuted');
      expectUnmuted(t, cycle.unmute);
    },
  }),

  defineCheck({
    id: 'guild.member.mute/duration-is-milliseconds',
    title: 'A member mute of 1500 ms takes effect and ends by itself within seconds',
    level: 'must',
    rules: ['LIMIT-DURATION-MS', 'MEMBER-MUTE-1'],
    operations: ['guild.member.mute', 'message.create'],
    helpers: ['message.create'],
    experimental: true,
    needs: ['peer'],
    timeoutMs: 30_000,
    // The baseline post shares the peer with other checks; the mute window takes it alone. A mute changes
    // the peer's member record too (a guild-member-updated on some platforms).
    shares: ['peer-in-guild', 'peer-member-record'],
    acquires: ['peer-in-guild'],
    waitsMs: SHORT_MUTE_MS,
    async run(t: CheckContext) {
      const peerId = await requirePeerCanPost(t);
      t.release('peer-in-guild');
      await t.acquire('peer-in-guild');
      const mutedAt = Date.now();
      const muted = await mutePeer(t, peerId, SHORT_MUTE_MS);
      let ended = false;
      try {
        t.expectOk(muted, tr`guild.member.mute of the peer with duration ${SHORT_MUTE_MS}`);
        await expectShortMuteEnds(t, t.sandbox.channelId, mutedAt, 'member');
        ended = true;
      } finally {
        if (!ended) await liftPeerMute(t, peerId, t.sandbox.channelId);
      }
    },
  }),
];

export default defineSuite('members', checks);
