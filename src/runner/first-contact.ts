/**
 * Issue 43 item 3: what the run can act as and observe, stated before its first check — the identities
 * (the bot; the peer proven another account, served as the bot, refused, or none given), the events
 * transport reached or not, the trigger — each with how many of the selected checks it decides. A pure
 * summary of the run's environment; src/report/identities.ts renders it.
 */
import { tr } from '../i18n/index.js';
import { describeFeatures, describeIdentity, type Learned, sourceWords } from './capabilities.js';
import type { CheckDefinition } from './check.js';
import type { CheckEnvironment } from './context/environment.js';
import type { Capability } from './model.js';
import type { PeerStanding } from './peer.js';
import { notOfferedReason } from './run.js';

export interface FirstContact {
  /** `from`: where the identity came from and the flags that choose another (issue 46). */
  bot: { userId?: string; checks: number; from?: string };
  /** `from`: where a peer candidate the run was not given came from. */
  peer: { state: PeerStanding['state']; detail: string; checks: number; from?: string };
  /** The login's features in one line ("11 operations, from login.get"), and the checks they leave out. */
  features?: { line: string; declared: boolean; notOffered: number };
  events: { transport: 'ws' | 'webhook' | 'none'; reached: boolean; detail: string; checks: number };
  trigger: { given: boolean; detail: string; checks: number };
}

/** The first-contact summary of a run about to run `selected` in `env`. */
export function firstContact(
  selected: readonly CheckDefinition[],
  env: CheckEnvironment,
  transport: FirstContact['events']['transport'],
  learned?: Learned,
): FirstContact {
  const needing = (capability: Capability) =>
    selected.filter((check) => check.needs?.includes(capability)).length;
  const { source, trigger, peer } = env;
  const stream =
    source?.kind === 'ws'
      ? tr`the WebSocket ${source.target?.url ?? ''}${source.ready ? tr` (READY received)` : tr` (no READY)`}`
      : source
        ? tr`the webhook receiver ${source.target?.url ?? ''}`
        : env.eventsUnavailableReason;
  const identity = learned?.identity;
  const candidate = identity?.peerSelfId && identity.peerSource;
  return {
    bot: {
      ...(env.sandbox.selfId ? { userId: env.sandbox.selfId } : {}),
      checks: selected.length,
      ...(identity ? { from: describeIdentity(identity) } : {}),
    },
    peer: {
      state: peer?.state ?? (env.sandbox.peerId ? 'distinct' : 'absent'),
      detail:
        peer?.detail ?? (env.sandbox.peerId ? tr`user ${env.sandbox.peerId} (not proven)` : tr`none given`),
      checks: needing('peer'),
      ...(candidate && !['flags', 'reference'].includes(candidate)
        ? {
            from: tr`another login listed by ${sourceWords(candidate)}; --peer-self-id/--peer-token choose another`,
          }
        : {}),
    },
    ...(learned
      ? {
          features: {
            line: describeFeatures(learned.capabilities, learned.asked),
            declared: learned.capabilities.features !== undefined,
            notOffered: selected.filter((check) => notOfferedReason(check, env.config)).length,
          },
        }
      : {}),
    events: { transport, reached: source !== undefined, detail: stream, checks: needing('events') },
    trigger: {
      given: trigger !== undefined,
      detail: trigger?.description ?? env.triggerUnavailableReason,
      checks: needing('trigger'),
    },
  };
}
