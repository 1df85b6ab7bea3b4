/**
 * Observing the effect of a mute (§4.2 channel.mute, §4.4 guild.member.mute, §8 rule 4): whether the peer
 * identity may post. Every message the peer manages to post is tracked for deletion at once.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { CallResult, CheckContext } from '../../src/runner/check.js';

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
 * message.delete as the peer), 4xx is 'refused'; any other answer fails the check, since a mute is a
 * refusal of the caller's request, not a server error.
 */
export async function peerPost(t: CheckContext, channelId: string, purpose: string): Promise<PeerPost> {
  const result = await t.call(
    'message.create',
    { channel_id: channelId, content: `conformance probe: ${purpose}` },
    { as: 'peer' },
  );
  if (result.ok) {
    const messages = Array.isArray(result.body) ? result.body : [result.body];
    for (const message of messages) {
      const messageId = (message as { id?: unknown } | null)?.id;
      if (typeof messageId !== 'string') continue;
      t.track({
        kind: 'message',
        label: `peer message ${messageId} in channel ${channelId}`,
        undo: ['message.delete', { channel_id: channelId, message_id: messageId }],
        as: 'peer',
      });
    }
    return { outcome: 'accepted', result };
  }
  t.expect(
    result.status >= 400 && result.status < 500,
    `the peer's message.create (${purpose}) is answered 2xx (accepted) or 4xx (refused)`,
    `HTTP ${result.status} ${result.text.slice(0, 200)}`,
  );
  return { outcome: 'refused', result };
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
    await delay(POLL_INTERVAL_MS, undefined, { signal: t.signal });
  }
}

/** Tracks a mute of a channel the check created: the ledger lifts it with duration 0 (§4.2). */
export const trackChannelMute = (t: CheckContext, channelId: string): void =>
  t.track({
    kind: 'channel mute',
    label: `mute of channel ${channelId}`,
    undo: ['channel.mute', { channel_id: channelId, duration: 0 }],
  });

/** Tracks a mute of the peer in a guild: the ledger lifts it with duration 0 (§4.4). */
export const trackMemberMute = (t: CheckContext, guildId: string, userId: string): void =>
  t.track({
    kind: 'member mute',
    label: `mute of user ${userId} in guild ${guildId}`,
    undo: ['guild.member.mute', { guild_id: guildId, user_id: userId, duration: 0 }],
  });

/** The peer's user id, or a skip with the reason when no peer is configured. */
export const requirePeer = (t: CheckContext): string =>
  t.sandbox.peerId ?? t.skip('no peer identity: configure --peer-token and/or --peer-self-id');

/**
 * §8 rule 4: a mute of SHORT_MUTE_MS is in force at first (when the first probe is still within it) and
 * ends by itself, seen by polling the peer's message.create until accepted (≤ SHORT_MUTE_DEADLINE_MS).
 * A server reading seconds never ends it in time; one reading a smaller unit never applies it.
 */
export async function expectShortMuteEnds(
  t: CheckContext,
  channelId: string,
  mutedAt: number,
  what: 'channel' | 'member',
): Promise<void> {
  const first = await peerPost(t, channelId, `during the ${SHORT_MUTE_MS} ms ${what} mute`);
  const firstAt = Date.now() - mutedAt;
  if (firstAt < SHORT_MUTE_MS) {
    t.expect(
      first.outcome === 'refused',
      `the ${SHORT_MUTE_MS} ms ${what} mute is in force ${firstAt} ms after it was set (the peer is refused)`,
      `the peer's message.create was accepted (HTTP ${first.result.status})`,
    );
  } else {
    t.note(
      `first probe ${firstAt} ms after the mute, past its ${SHORT_MUTE_MS} ms: cannot tell it took effect`,
    );
  }
  if (first.outcome === 'accepted') return;
  const remaining = Math.max(0, SHORT_MUTE_DEADLINE_MS - (Date.now() - mutedAt));
  const after = await pollPeerPost(t, channelId, 'accepted', `after the ${what} mute ended`, remaining);
  const endedAt = Date.now() - mutedAt;
  t.expect(
    after.outcome === 'accepted',
    `a ${what} mute of ${SHORT_MUTE_MS} ms (duration is milliseconds, §8 rule 4) ends within ${SHORT_MUTE_DEADLINE_MS} ms`,
    `the peer was still refused ${endedAt} ms after the mute (HTTP ${after.result.status})`,
  );
  t.note(
    `the ${SHORT_MUTE_MS} ms ${what} mute was over ${endedAt} ms after it was set (${after.probes} probes)`,
  );
}
