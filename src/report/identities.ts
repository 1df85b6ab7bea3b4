/**
 * The first-contact banner (issue 43 item 3): before the first check line, what the run can act as and
 * observe — the bot, the login's features (issue 46), the peer (another account, served as the bot,
 * refused, or none given), the events transport and the trigger — each with how many checks it decides.
 */
import { Chalk } from 'chalk';
import { shorten } from '../../spec/brief.js';
import type { FirstContact } from '../runner/first-contact.js';

/** How the peer stands, in a few words: the banner's and the causes' word for it. */
export const PEER_STANDING_WORDS: Record<FirstContact['peer']['state'], string> = {
  distinct: 'proven another account',
  'served-as-bot': 'served as the bot',
  refused: 'refused',
  unproven: 'not proven another account',
  absent: 'none given',
};

const LINE = 160;

/** The banner: a heading and a line each, ending in a newline. */
export function renderFirstContact(contact: FirstContact, color = false): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const { bot, peer, events, trigger, features } = contact;
  const checks = (n: number) => `${n} check${n === 1 ? '' : 's'}`;
  const usable = peer.state === 'distinct';
  const row = (name: string, what: string, decides: string, ok: boolean) =>
    `  ${name.padEnd(8)} ${shorten(what, LINE)} — ${ok ? decides : c.yellow(decides)}\n`;
  return [
    c.bold('first contact\n'),
    row(
      'bot',
      `acts as user ${bot.userId ?? '(unknown: pass --self-id)'}${bot.from ? ` (${bot.from})` : ''}`,
      `${checks(bot.checks)}`,
      true,
    ),
    // Issue 46: what the login offers, and where it said so.
    ...(features
      ? [row('features', features.line, `${checks(features.notOffered)} not offered (not counted)`, true)]
      : []),
    row(
      'peer',
      peer.state === 'absent'
        ? 'none given (--peer-token, --peer-self-id)'
        : `${PEER_STANDING_WORDS[peer.state]}: ${peer.detail}${peer.from ? ` (${peer.from})` : ''}`,
      usable
        ? `decides ${checks(peer.checks)}`
        : peer.state === 'absent'
          ? `${checks(peer.checks)} left skipped`
          : `${checks(peer.checks)} need it: those that act as the peer are left undecided`,
      usable,
    ),
    row(
      'events',
      events.reached ? `${events.transport}: ${events.detail}` : `not reached: ${events.detail}`,
      events.reached ? `decides ${checks(events.checks)}` : `${checks(events.checks)} without events`,
      events.reached,
    ),
    row(
      'trigger',
      trigger.given ? trigger.detail : `none: ${trigger.detail}`,
      trigger.given ? `decides ${checks(trigger.checks)}` : `${checks(trigger.checks)} without a trigger`,
      trigger.given,
    ),
  ].join('');
}
