/**
 * Preconditions restored before the checks (DESIGN.md "Verdicts independent of history"), with only what
 * the checker may touch: the peer identity must be able to post in the sandbox channel, or no mute check
 * can see a mute take effect. A peer left muted (an interrupted earlier run, or a server whose unmute is
 * broken) is unmuted with duration 0 (§8 rule 4) in the sandbox guild and channel, and the run says so.
 * What cannot be restored is left to the checks that need it: they end undecided, naming the state.
 */
import type { HttpClient } from '../client/http.js';
import type { Sandbox } from './check.js';
import type { Ledger } from './ledger.js';

/** Who made what the restoration made, in the ledger and the cleanup report. */
export const PRECONDITIONS = 'preconditions';

/** How long an unmute may take to show (as the mute checks allow, suites/_lib/effects.ts). */
const UNMUTE_EFFECT_TIMEOUT_MS = 2_000;
const POLL_MS = 150;

export interface Restoration {
  /** What the run found and did, for its notes. */
  notes: string[];
}

/** Restores the peer's posting in the sandbox channel when it is refused; never throws on an HTTP answer. */
export async function restorePeerPosting(
  client: HttpClient,
  sandbox: Sandbox,
  ledger: Ledger,
  signal: AbortSignal,
): Promise<Restoration> {
  const { guildId, channelId, peerId } = sandbox;
  if (peerId === undefined) return { notes: [] };
  const first = await peerPost(client, channelId, ledger, signal);
  if (first.ok) return { notes: [] };
  const notes = [
    `the peer ${peerId} could not post in the sandbox channel ${channelId} (HTTP ${first.status}) before the checks: a mute left by an earlier run? The run unmutes it with duration 0 in guild ${guildId} and channel ${channelId} (§8 rule 4)`,
  ];
  const unmutes = await Promise.all([
    client.call('guild.member.mute', { guild_id: guildId, user_id: peerId, duration: 0 }, { signal }),
    client.call('channel.mute', { channel_id: channelId, duration: 0 }, { signal }),
  ]);
  const answers = unmutes.map(
    ({ result }, i) => `${i === 0 ? 'guild.member.mute' : 'channel.mute'} ${result.status}`,
  );
  const started = Date.now();
  for (;;) {
    const post = await peerPost(client, channelId, ledger, signal);
    if (post.ok) {
      notes.push(`restored: the peer can post in channel ${channelId} again (${answers.join(', ')})`);
      return { notes };
    }
    if (Date.now() - started >= UNMUTE_EFFECT_TIMEOUT_MS || signal.aborted) {
      notes.push(
        `not restored: the peer is still refused in channel ${channelId} (HTTP ${post.status}) after the unmutes (${answers.join(', ')}); the mute checks that need its posting cannot be decided`,
      );
      return { notes };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The peer's probe post; what it creates is tracked for deletion. */
async function peerPost(
  client: HttpClient,
  channelId: string,
  ledger: Ledger,
  signal: AbortSignal,
): Promise<{ ok: boolean; status: number }> {
  const { result } = await client.call(
    'message.create',
    { channel_id: channelId, content: 'conformance probe: can the peer post (restoring preconditions)' },
    { as: 'peer', signal },
  );
  if (result.ok) {
    const messages: unknown[] = Array.isArray(result.body) ? result.body : [result.body];
    for (const message of messages) {
      const id = (message as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') continue;
      ledger.add(
        {
          kind: 'message',
          label: `peer message ${id} in channel ${channelId} (restoring preconditions)`,
          undo: ['message.delete', { channel_id: channelId, message_id: id }],
          as: 'peer',
        },
        PRECONDITIONS,
      );
    }
  }
  return { ok: result.ok, status: result.status };
}
