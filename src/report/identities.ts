/**
 * The first-contact banner (issue 43 item 3): before the first check line, what the run can act as and
 * observe — the bot, the login's features (issue 46), the peer (another account, served as the bot,
 * refused, or none given), the events transport and the trigger — each with how many checks it decides.
 */
import { Chalk } from 'chalk';
import { shorten } from '../../spec/brief.js';
import { padEndColumns, tr } from '../i18n/index.js';
import type { FirstContact } from '../runner/first-contact.js';

/** How the peer stands, in a few words: the banner's and the causes' word for it (in the run's language). */
export function peerStandingWords(state: FirstContact['peer']['state']): string {
  switch (state) {
    case 'distinct':
      return tr`proven another account`;
    case 'served-as-bot':
      return tr`served as the bot`;
    case 'refused':
      return tr`refused`;
    case 'unproven':
      return tr`not proven another account`;
    case 'absent':
      return tr`none given`;
  }
}

const LINE = 160;

/** A count of checks ('1 check', '3 checks'). */
const checks = (n: number): string => (n === 1 ? tr`${n} check` : tr`${n} checks`);

/** What the peer decides, or why those that need it are left skipped or undecided. */
const peerDecides = (peer: FirstContact['peer']): string =>
  peer.state === 'distinct'
    ? tr`decides ${checks(peer.checks)}`
    : peer.state === 'absent'
      ? tr`${checks(peer.checks)} left skipped`
      : tr`${checks(peer.checks)} need it: those that act as the peer are left undecided`;

/** The banner: a heading and a line each, ending in a newline. */
export function renderFirstContact(contact: FirstContact, color = false): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const { bot, peer, events, trigger, features } = contact;
  const usable = peer.state === 'distinct';
  const row = (name: string, what: string, decides: string, ok: boolean) =>
    `  ${padEndColumns(name, 8)} ${shorten(what, LINE)} — ${ok ? decides : c.yellow(decides)}\n`;
  const user = bot.userId ?? tr`(unknown: pass --self-id)`;
  return [
    c.bold(`${tr`first contact`}\n`),
    row(
      tr`bot`,
      bot.from ? tr`acts as user ${user} (${bot.from})` : tr`acts as user ${user}`,
      `${checks(bot.checks)}`,
      true,
    ),
    // Issue 46: what the login offers, and where it said so.
    ...(features
      ? [row(tr`features`, features.line, tr`${checks(features.notOffered)} not offered (not counted)`, true)]
      : []),
    row(
      tr`peer`,
      peer.state === 'absent'
        ? tr`none given (--peer-token, --peer-self-id)`
        : peer.from
          ? tr`${peerStandingWords(peer.state)}: ${peer.detail} (${peer.from})`
          : tr`${peerStandingWords(peer.state)}: ${peer.detail}`,
      peerDecides(peer),
      usable,
    ),
    row(
      tr`events`,
      events.reached ? `${events.transport}: ${events.detail}` : tr`not reached: ${events.detail}`,
      events.reached ? tr`decides ${checks(events.checks)}` : tr`${checks(events.checks)} without events`,
      events.reached,
    ),
    row(
      tr`trigger`,
      trigger.given ? trigger.detail : tr`none: ${trigger.detail}`,
      trigger.given ? tr`decides ${checks(trigger.checks)}` : tr`${checks(trigger.checks)} without a trigger`,
      trigger.given,
    ),
  ].join('');
}
