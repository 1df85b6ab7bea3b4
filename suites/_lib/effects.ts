/**
 * Observing the effect of a mute (§4.2 channel.mute, §4.4 guild.member.mute, §8 rule 4): whether the peer
 * identity may post. Every message the peer manages to post is tracked for deletion at once.
 */
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import type { Hold } from '../../src/runner/holds.js';
import { statusOf, uniqueName } from './lists.js';

export type PostOutcome = 'accepted' | 'refused';

export interface PeerPost {
  outcome: PostOutcome;
  result: CallResult;
}

/** A mute long enough never to end during a check; checks lift it with duration 0 themselves. */
export const LONG_MUTE_MS = 10 * 60 * 1000;
/** How long a mute or an unmute may take to show its effect on the peer. */
export const MUTE_EFFECT_TIMEOUT_MS = 2000;

/** The short mute of the milliseconds checks (§8 rule 4) and how long it may take to end by itself. */
export const SHORT_MUTE_MS = 1500;
export const SHORT_MUTE_DEADLINE_MS = 6000;

/** Pause between two probes of a poll: short, so that a state change is seen soon after it happens. */
const POLL_INTERVAL_MS = 150;

/**
 * The peer sends a message to `channelId`. 2xx is 'accepted' (the created messages are tracked, undo
 * message.delete as the peer); any other answer is 'refused': the spec shows no status for a refused
 * post (§7), and servers of the family answer 500 when the bot throws. Whether a refusal is a 4xx is
 * judged apart, at should level (expectRefusalIs4xx).
 */
export async function peerPost(t: CheckContext, channelId: string, purpose: string): Promise<PeerPost> {
  const result = await t.call(
    'message.create',
    // A name of the run's own: a post whose answer never came is found by it (issue 49 item 6).
    { channel_id: channelId, content: `${uniqueName('probe')} ${purpose}` },
    // Its refusal is what a mute shows (an unserved message.create still leaves the check undecided).
    { as: 'peer', observes: true },
  );
  if (!result.ok) return remember(t, channelId, { outcome: 'refused', result });
  const messages = Array.isArray(result.body) ? result.body : [result.body];
  for (const message of messages) {
    const messageId = (message as { id?: unknown } | null)?.id;
    if (typeof messageId !== 'string') continue;
    t.track({
      kind: 'message',
      label: tr`peer message ${messageId} in channel ${channelId}`,
      undo: ['message.delete', { channel_id: channelId, message_id: messageId }],
      as: 'peer',
    });
  }
  return remember(t, channelId, { outcome: 'accepted', result });
}

/**
 * Per run (keyed by its sandbox object, like stuckMutes), the outcome of the peer's last post in each
 * channel: where it was accepted, the peer can post there until a check that holds 'peer-in-guild'
 * changes that — and such a check posts again before it ends (its unmute is verified by a post).
 */
const lastPosts = new WeakMap<object, Map<string, PeerPost>>();

function remember(t: CheckContext, channelId: string, post: PeerPost): PeerPost {
  perRun(lastPosts, t).set(channelId, post);
  return post;
}

/** The peer's last post in `channelId` in this run, if any. */
export const lastPeerPost = (t: CheckContext, channelId: string): PeerPost | undefined =>
  perRun(lastPosts, t).get(channelId);

/** The run's map in `store` (keyed by the run's sandbox object), made at first use. */
function perRun<T>(store: WeakMap<object, Map<string, T>>, t: CheckContext): Map<string, T> {
  let map = store.get(t.sandbox);
  if (!map) {
    map = new Map();
    store.set(t.sandbox, map);
  }
  return map;
}

/**
 * The peer's baseline post in `channelId`, before a mute (§8 rule 4 needs a peer that can post). A peer that
 * is refused was perhaps left muted by an earlier run: the run restores its posting once (restorePeerPosting)
 * and posts again. The caller holds or shares 'peer-in-guild', so no other check's mute of the peer is under way.
 */
export async function baselinePost(t: CheckContext, channelId: string, purpose: string): Promise<PeerPost> {
  const first = await peerPost(t, channelId, purpose);
  if (first.outcome === 'accepted' || stuckMuteOf(t, channelId)) return first;
  return (await restorePeerPosting(t, channelId, purpose)).post;
}

/** How a leftover mute was lifted: the peer's last post, and what duration 0 did where it did not lift it. */
interface Restored {
  post: PeerPost;
}

/**
 * Per run, the mute operations whose duration 0 left the peer refused while a short timed mute that replaced
 * the leftover then freed it: evidence against duration 0 (§8 rule 4) that the duration-0 checks judge.
 */
const zeroRefuted = new WeakMap<object, Map<string, Refutation>>();

interface Refutation {
  evidence: string;
  /** The restore that showed it (restorePeerPosting's arguments), to share its exchanges. */
  channelId: string;
  purpose: string;
}

/**
 * Lifts what may keep the peer from posting in `channelId` (once per run and channel), noted: the peer's
 * own guild mute only, first with duration 0; where the peer stays refused, by replacing it with a short
 * timed mute that ends by itself, which does not rely on duration 0, the very behaviour some checks judge.
 * A timed mute that frees the peer where duration 0 did not is recorded (zeroRefuted): those checks then
 * fail, with both exchanges. Never a channel mute nor anything else guild- or channel-wide: that is state
 * the run did not create (issue 41). Only a peer proven another account posts (src/runner/peer.ts), so a
 * peer the server refuses or serves as the bot never comes here.
 */
const restorePeerPosting = (t: CheckContext, channelId: string, purpose: string): Promise<Restored> =>
  t.shared(tr`restore the peer's posting in ${channelId}`, async (observer) => {
    const { guildId, peerId } = observer.sandbox;
    const lifts: [MuteOperation, Record<string, unknown>][] =
      peerId === undefined ? [] : [['guild.member.mute', { guild_id: guildId, user_id: peerId }]];
    const answers: string[] = [];
    for (const [operation, fields] of lifts) {
      const lifted = await observer.call(operation, { ...fields, duration: 0 });
      answers.push(`${operation} ${lifted.status}`);
    }
    observer.note(
      tr`the peer could not post in channel ${channelId} before any mute of this check: a mute left by an earlier run? Lifted with duration 0 (${answers.join(', ') || tr`no peer user id: nothing the run may lift`}), as §8 rule 4 allows`,
    );
    let post = await pollPeerPost(
      observer,
      channelId,
      'accepted',
      `${purpose}, after lifting a leftover mute with duration 0`,
      MUTE_EFFECT_TIMEOUT_MS,
    );
    for (const [operation, fields] of lifts) {
      if (post.outcome === 'accepted') break;
      // A mute replaces the leftover one and ends by itself (§8 rule 4), whatever duration 0 does.
      await observer.call(operation, { ...fields, duration: SHORT_MUTE_MS });
      await observer.wait(SHORT_MUTE_MS);
      post = await pollPeerPost(
        observer,
        channelId,
        'accepted',
        `${purpose}, after a ${SHORT_MUTE_MS} ms ${operation} replaced the leftover mute and ended`,
        SHORT_MUTE_DEADLINE_MS - SHORT_MUTE_MS,
      );
      if (post.outcome === 'accepted') {
        const evidence = tr`${operation} duration 0 left the peer refused in channel ${channelId}, and a ${SHORT_MUTE_MS} ms ${operation} that replaced the mute then freed it once it ended (the run's restore of the peer's posting)`;
        perRun(zeroRefuted, observer).set(operation, { evidence, channelId, purpose });
        observer.note(evidence);
      }
    }
    return { post };
  });

/**
 * §8 rule 4, from the run's restore of a leftover mute: duration 0 of `operation` left the peer refused
 * while a timed mute freed it. That is this check's behaviour observed, so it fails (never undecided),
 * with the restore's exchanges (both the duration 0 and the timed mute) as its evidence.
 */
export async function expectDurationZeroNotRefuted(t: CheckContext, operation: MuteOperation): Promise<void> {
  const refuted = perRun(zeroRefuted, t).get(operation);
  if (refuted) await restorePeerPosting(t, refuted.channelId, refuted.purpose);
  t.expect(
    refuted === undefined,
    tr`${operation} with duration 0 lifts the peer's mute (§8 rule 4: 0 unmutes)`,
    refuted?.evidence,
  );
}

/**
 * A duration-0 check judges an unmute by its effect: the mute before it must have taken effect (the peer
 * refused while muted), or lifting it shows nothing, and the check is skipped (the mute's own check fails).
 */
export function requireMuteTookEffect(
  t: CheckContext,
  during: PeerPost | undefined,
  operation: MuteOperation,
  effectCheck: string,
): void {
  if (during === undefined) {
    t.skip(
      tr`the ${operation} effect could not be observed (no peer post before it): an unmute of it shows nothing`,
    );
  }
  if (during.outcome !== 'refused') {
    t.skip(tr`the ${operation} had no effect (see ${effectCheck}): an unmute of it shows nothing`);
  }
}

/**
 * The peer cannot post where a mute effect must be seen (no baseline): the check cannot see its effect
 * happen, so it is undecided, never passed or skipped silently (docs/checking-a-server.md "Verdicts that do
 * not depend on history"). baselinePost tried to restore the peer's posting first.
 */
export function peerCannotPost(t: CheckContext, channelId: string, post: PeerPost): never {
  const stuck = stuckMuteOf(t, channelId);
  return t.undecided(
    stuck
      ? tr`the peer cannot post in channel ${channelId} before the mute (HTTP ${post.result.status}) — ${stuck}, so no mute effect can be seen`
      : tr`the peer cannot post in channel ${channelId} before the mute (HTTP ${post.result.status}), so no mute effect can be seen`,
    tr`lift the peer’s mute on the platform, and any mute of the channel (the run lifts only the peer’s own guild mute), or pass another --channel or peer`,
  );
}

/** Should level: a refused post is a refusal of the caller's request (4xx), not a server error. */
export function expectRefusalIs4xx(t: CheckContext, post: PeerPost, what: string): void {
  t.expect(
    post.outcome === 'refused',
    tr`the peer's message.create ${what} is refused`,
    tr`accepted (HTTP ${post.result.status})`,
  );
  t.expect(
    post.result.status >= 400 && post.result.status < 500,
    tr`the refusal of the peer's message.create ${what} is a 4xx (a client error, not a server error)`,
    statusOf(post.result),
  );
}

/**
 * Per run (keyed by its sandbox object), the channels where a duration-0 unmute of the checker left the
 * peer still refused: a later check that finds the peer refused there names the check that failed.
 */
const stuckMutes = new WeakMap<object, Map<string, string>>();

const stuckMutesOf = (t: CheckContext): Map<string, string> => perRun(stuckMutes, t);

/** Why the peer may be refused in `channelId`, when one of the checker's own unmutes did not work. */
export const stuckMuteOf = (t: CheckContext, channelId: string): string | undefined =>
  stuckMutesOf(t).get(channelId);

/**
 * Lifts a mute the check set (duration 0, §4.2/§4.4 rule 2) and, when `verifyIn` names a channel where the
 * peer could post before, verifies the peer can post there again: a peer still refused after the
 * checker's own unmute fails THIS check (never a later skip).
 */
export async function unmuteAndVerify(
  t: CheckContext,
  operation: MuteOperation,
  fields: Record<string, unknown>,
  verifyIn: string | undefined,
): Promise<void> {
  expectUnmuted(t, await unmuteAndObserve(t, operation, fields, verifyIn));
}

export type MuteOperation = 'channel.mute' | 'guild.member.mute';

/** What a duration-0 unmute did: its answer and, with a baseline channel, the peer's next post there. */
export interface Unmute {
  operation: MuteOperation;
  unmuted: CallResult;
  after?: PeerPost & { probes: number; elapsedMs: number };
}

/** Lifts a mute (duration 0) and observes the peer's posting in `verifyIn` afterwards; asserts nothing. */
export async function unmuteAndObserve(
  t: CheckContext,
  operation: MuteOperation,
  fields: Record<string, unknown>,
  verifyIn: string | undefined,
): Promise<Unmute> {
  const unmuted = await t.call(operation, { ...fields, duration: 0 });
  if (verifyIn === undefined) return { operation, unmuted };
  const after = await pollPeerPost(t, verifyIn, 'accepted', 'after duration 0', MUTE_EFFECT_TIMEOUT_MS);
  if (after.outcome === 'refused') {
    stuckMutesOf(t).set(verifyIn, tr`an earlier ${operation} duration 0 of this run left the peer refused`);
  } else {
    stuckMutesOf(t).delete(verifyIn);
  }
  return { operation, unmuted, after };
}

/** §8 rule 4: duration 0 is accepted and, where the peer could post before, lets it post again. */
export function expectUnmuted(t: CheckContext, { operation, unmuted, after }: Unmute): void {
  t.expectOk(unmuted, tr`${operation} with duration 0`);
  if (after === undefined) {
    t.note(tr`${operation} duration 0: the peer's posting could not be verified (no baseline)`);
    return;
  }
  t.expect(
    after.outcome === 'accepted',
    tr`after ${operation} duration 0 the peer's message.create is accepted again (§8 rule 4: 0 unmutes)`,
    tr`still refused (HTTP ${after.result.status}) ${after.elapsedMs} ms after the unmute`,
  );
}

/**
 * Probes the peer's message.create until its outcome is `wanted`, at most `timeoutMs`. Returns the last
 * probe and how many were made; the caller asserts on the outcome (so that the expectation reads well).
 */
export async function pollPeerPost(
  t: CheckContext,
  channelId: string,
  wanted: PostOutcome,
  purpose: string,
  timeoutMs: number,
): Promise<PeerPost & { probes: number; elapsedMs: number }> {
  const started = Date.now();
  let probes = 0;
  for (;;) {
    const post = await peerPost(t, channelId, purpose);
    probes += 1;
    const elapsedMs = Date.now() - started;
    if (post.outcome === wanted || elapsedMs >= timeoutMs) return { ...post, probes, elapsedMs };
    await t.wait(POLL_INTERVAL_MS);
  }
}

/** Tracks a mute of a channel the check created: the ledger lifts it with duration 0 (§4.2). */
export const trackChannelMute = (t: CheckContext, channelId: string): void =>
  t.track({
    kind: 'channel mute',
    label: tr`mute of channel ${channelId}`,
    undo: ['channel.mute', { channel_id: channelId, duration: 0 }],
  });

/** Tracks a mute of the peer in a guild: the ledger lifts it with duration 0 (§4.4). */
export const trackMemberMute = (t: CheckContext, guildId: string, userId: string): void =>
  t.track({
    kind: 'member mute',
    label: tr`mute of user ${userId} in guild ${guildId}`,
    undo: ['guild.member.mute', { guild_id: guildId, user_id: userId, duration: 0 }],
  });

/** The peer's user id, or a skip with the reason when no peer is configured. */
export const requirePeer = (t: CheckContext): string =>
  t.sandbox.peerId ?? t.skip(tr`no peer identity: configure --peer-token and/or --peer-self-id`);

/**
 * §8 rule 4: a mute of SHORT_MUTE_MS is in force at first (when the first probe is still within it) and
 * ends by itself, seen by polling the peer's message.create until accepted (≤ SHORT_MUTE_DEADLINE_MS).
 * A first probe accepted after SHORT_MUTE_MS shows neither: undecided, never a pass.
 * A server reading seconds never ends it in time; one reading a smaller unit never applies it.
 */
export async function expectShortMuteEnds(
  t: CheckContext,
  channelId: string,
  mutedAt: number,
  what: 'channel' | 'member',
  options: { sharing?: Hold } = {},
): Promise<void> {
  // The mute's answer has just come: the mute was set by now, so it is over SHORT_MUTE_MS from now at the
  // latest (a first probe then finds it over, rather than a poll later).
  const answeredAt = Date.now();
  const mute = what === 'channel' ? tr`channel mute` : tr`member mute`;
  const first = await peerPost(t, channelId, `during the ${SHORT_MUTE_MS} ms ${what} mute`);
  const firstAt = Date.now() - mutedAt;
  if (firstAt < SHORT_MUTE_MS) {
    t.expect(
      first.outcome === 'refused',
      tr`the ${SHORT_MUTE_MS} ms ${mute} is in force ${firstAt} ms after it was set (the peer is refused)`,
      tr`the peer's message.create was accepted (HTTP ${first.result.status})`,
    );
  } else if (first.outcome === 'accepted') {
    // Too late to see the mute in force, and nothing to see it end: no evidence either way (a mute that
    // never took effect looks the same), so no verdict.
    t.undecided(
      tr`the peer's first message.create came back ${firstAt} ms after the ${mute} was sent, past its ${SHORT_MUTE_MS} ms, and was accepted: whether the mute took effect cannot be seen`,
      tr`run it again on a less busy machine or nearer the server (the mute and one message.create must take under ${SHORT_MUTE_MS} ms)`,
    );
  }
  // The mute is not over before SHORT_MUTE_MS: wait that out sending nothing, and meanwhile give back
  // what the check shares (a guild mute of the peer may run in the window, and is lifted before we go on),
  // taken back shared: the probes after the window need only that nobody mutes the peer meanwhile.
  if (options.sharing) t.release(options.sharing);
  await t.wait(answeredAt + SHORT_MUTE_MS - Date.now());
  if (options.sharing) await t.acquire(options.sharing, 'shared');
  // Counted from the mute's answer: it was set by then at the latest, and a wait for quota before it was
  // sent (the target's rate limit) is not the mute's time.
  const remaining = Math.max(0, SHORT_MUTE_DEADLINE_MS - (Date.now() - answeredAt));
  const after = await pollPeerPost(t, channelId, 'accepted', `after the ${what} mute ended`, remaining);
  const endedAt = Date.now() - answeredAt;
  t.expect(
    after.outcome === 'accepted',
    tr`a ${mute} of ${SHORT_MUTE_MS} ms (duration is milliseconds, §8 rule 4) ends within ${SHORT_MUTE_DEADLINE_MS} ms`,
    tr`the peer was still refused ${endedAt} ms after the mute was answered (HTTP ${after.result.status})`,
  );
  t.note(
    tr`the ${SHORT_MUTE_MS} ms ${mute} was over ${endedAt} ms after it was answered (${after.probes} probes)`,
  );
}
