/**
 * An event stream that delivered nothing in the whole run over a transport that never showed it works
 * (issue 32): what makes its event checks undecided rather than failures of a server that may work.
 */

import { describedRegistration, type EventSource } from '../events/index.js';
import { englishOf, phraseLang, tr } from '../i18n/index.js';
import type { FindingInput } from '../wire.js';
import { EVENT_NEVER_CAME } from './causes.js';
import type { CheckResult, Undecided } from './model.js';

export const NO_EVENT_OBSERVED = /\bno ([a-z-]+ )?event observed during the run/;

/**
 * A check that failed waiting for an event, or skipped for want of any (the after-phase checks,
 * suites/events-transport.ts): known by the English words of a wait's timeout, and in another language
 * (where those words are translated) by the signature of the failure, an event that never came.
 */
export const waitedInVain = (check: CheckResult): boolean =>
  ((check.status === 'fail' || check.status === 'error') &&
    (EVENT_NEVER_CAME.test(englishOf(check.reason ?? '')) ||
      (phraseLang() !== 'en' && check.signature?.kind === 'event-missing'))) ||
  (check.status === 'skip' && !check.undecided && NO_EVENT_OBSERVED.test(englishOf(check.reason ?? '')));

/** A source that delivered nothing and never showed it works: what makes its event checks undecided. */
export function unprovenSilence(
  source: EventSource | undefined,
): { undecided: Undecided; finding?: FindingInput } | undefined {
  if (!source || source.eventCount() > 0) return undefined;
  if (source.kind === 'ws') {
    if (source.ready) return undefined; // READY came: a silent stream is the server's (event checks fail)
    return {
      undecided: {
        state: tr`the event WebSocket at ${source.target?.url} never sent READY and delivered no event during the whole run`,
        clear: tr`check the handshake (IDENTIFY op 3 → READY op 4, the token, --header) and --events-url, or leave events out with --events none`,
        signature: { kind: 'transport', pattern: 'no-ready' },
      },
    };
  }
  // Registered by the run itself (meta/webhook.create answered 2xx), yet nothing came: the server does not deliver.
  const selfRegistered = source.target?.registeredBy === 'checker';
  return {
    finding: {
      id: 'events/no-webhook-delivery',
      level: 'should',
      title: tr`No webhook delivery arrived during the whole run (the event checks are undecided)`,
      detail: selfRegistered
        ? tr`the run registered ${source.webhookUrl} through {base}/meta/webhook.create with ${describedRegistration(source.webhookUrl)}, yet nothing was delivered there: check that the implementation can reach that address (--webhook-listen HOST:PORT) and delivers to a webhook registered so`
        : tr`register ${source.webhookUrl} with the implementation (the family's {base}/meta/webhook.create {url, token}) and run again`,
    },
    undecided: {
      state: tr`no webhook delivery arrived at ${source.webhookUrl} during the whole run${selfRegistered ? tr` (registered through {base}/meta/webhook.create with ${describedRegistration(source.webhookUrl)})` : ''}`,
      clear: tr`register ${source.webhookUrl} with the implementation, or leave events out with --events none`,
      signature: { kind: 'transport', pattern: 'no-delivery' },
    },
  };
}
