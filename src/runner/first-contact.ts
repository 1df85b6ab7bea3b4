/**
 * Issue 43 item 3: what the run can act as and observe, stated before its first check — the identities
 * (the bot; the peer proven another account, served as the bot, refused, or none given), the events
 * transport reached or not, the trigger — each with how many of the selected checks it decides. A pure
 * summary of the run's environment; src/report/identities.ts renders it.
 */
import type { CheckDefinition } from './check.js';
import type { CheckEnvironment } from './context/environment.js';
import type { Capability } from './model.js';
import type { PeerStanding } from './peer.js';

export interface FirstContact {
  bot: { userId?: string; checks: number };
  peer: { state: PeerStanding['state']; detail: string; checks: number };
  events: { transport: 'ws' | 'webhook' | 'none'; reached: boolean; detail: string; checks: number };
  trigger: { given: boolean; detail: string; checks: number };
}

/** The first-contact summary of a run about to run `selected` in `env`. */
export function firstContact(
  selected: readonly CheckDefinition[],
  env: CheckEnvironment,
  transport: FirstContact['events']['transport'],
): FirstContact {
  const needing = (capability: Capability) =>
    selected.filter((check) => check.needs?.includes(capability)).length;
  const { source, trigger, peer } = env;
  const stream =
    source?.kind === 'ws'
      ? `the WebSocket ${source.target?.url ?? ''}${source.ready ? ' (READY received)' : ' (no READY)'}`
      : source
        ? `the webhook receiver ${source.target?.url ?? ''}`
        : env.eventsUnavailableReason;
  return {
    bot: { ...(env.sandbox.selfId ? { userId: env.sandbox.selfId } : {}), checks: selected.length },
    peer: {
      state: peer?.state ?? (env.sandbox.peerId ? 'distinct' : 'absent'),
      detail: peer?.detail ?? (env.sandbox.peerId ? `user ${env.sandbox.peerId} (not proven)` : 'none given'),
      checks: needing('peer'),
    },
    events: { transport, reached: source !== undefined, detail: stream, checks: needing('events') },
    trigger: {
      given: trigger !== undefined,
      detail: trigger?.description ?? env.triggerUnavailableReason,
      checks: needing('trigger'),
    },
  };
}
