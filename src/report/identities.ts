/**
 * The first-contact banner (issue 43 item 3): before the first check line, what the run can act as and
 * observe — the bot, the login's features (issue 46), the peer (another account, served as the bot,
 * refused, or none given), the events transport and the trigger — each with how many checks it decides.
 */
import { Chalk } from 'chalk';
import { shorten } from '../../spec/brief.js';
import { padEndColumns, say } from '../i18n/index.js';
import type { FirstContact } from '../runner/first-contact.js';

/** The catalogue's words in the command's language (src/i18n/messages/report-extra.ts). */

/** How the peer stands, in a few words: the banner's and the causes' word for it (in the run's language). */
export function peerStandingWords(state: FirstContact['peer']['state']): string {
  switch (state) {
    case 'distinct':
      return say('causes.peer.distinct');
    case 'served-as-bot':
      return say('causes.peer.servedAsBot');
    case 'refused':
      return say('causes.peer.refused');
    case 'unproven':
      return say('causes.peer.unproven');
    case 'absent':
      return say('causes.peer.absent');
  }
}

const LINE = 160;

/** A count of checks ('1 check', '3 checks'). */
const checks = (n: number): string =>
  say(n === 1 ? 'firstContact.check' : 'firstContact.checks', { n: String(n) });

/** What the peer decides, or why those that need it are left skipped or undecided. */
const peerDecides = (peer: FirstContact['peer']): string =>
  peer.state === 'distinct'
    ? say('firstContact.decides', { checks: checks(peer.checks) })
    : peer.state === 'absent'
      ? say('firstContact.peerLeftSkipped', { checks: checks(peer.checks) })
      : say('firstContact.peerNeeded', { checks: checks(peer.checks) });

/** What the peer is: none given, or its standing and what showed it. */
const peerWhat = (peer: FirstContact['peer']): string => {
  if (peer.state === 'absent') return say('firstContact.peerAbsent');
  const standing = peerStandingWords(peer.state);
  return peer.from
    ? say('firstContact.peerStandingFrom', { standing, detail: peer.detail, from: peer.from })
    : say('firstContact.peerStanding', { standing, detail: peer.detail });
};

/** The banner: a heading and a line each, ending in a newline. */
export function renderFirstContact(contact: FirstContact, color = false): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const t = say;
  const { bot, peer, events, trigger, features } = contact;
  const row = (name: string, what: string, decides: string, ok: boolean) =>
    `  ${padEndColumns(name, 8)} ${shorten(what, LINE)} — ${ok ? decides : c.yellow(decides)}\n`;
  const user = bot.userId ?? t('firstContact.unknownUser');
  const decides = (n: number) => t('firstContact.decides', { checks: checks(n) });
  return [
    c.bold(`${t('firstContact.heading')}\n`),
    row(
      t('firstContact.bot'),
      bot.from ? t('firstContact.actsAsFrom', { user, from: bot.from }) : t('firstContact.actsAs', { user }),
      checks(bot.checks),
      true,
    ),
    // Issue 46: what the login offers, and where it said so.
    ...(features
      ? [
          row(
            t('firstContact.features'),
            features.line,
            t('firstContact.notOffered', { checks: checks(features.notOffered) }),
            true,
          ),
        ]
      : []),
    row(t('firstContact.peer'), peerWhat(peer), peerDecides(peer), peer.state === 'distinct'),
    row(
      t('firstContact.events'),
      events.reached
        ? `${events.transport}: ${events.detail}`
        : t('firstContact.notReached', { detail: events.detail }),
      events.reached
        ? decides(events.checks)
        : t('firstContact.withoutEvents', { checks: checks(events.checks) }),
      events.reached,
    ),
    row(
      t('firstContact.trigger'),
      trigger.given ? trigger.detail : t('firstContact.noTrigger', { detail: trigger.detail }),
      trigger.given
        ? decides(trigger.checks)
        : t('firstContact.withoutTrigger', { checks: checks(trigger.checks) }),
      trigger.given,
    ),
  ].join('');
}
