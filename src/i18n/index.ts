/**
 * The message catalogue and its translator (issue 48): every sentence a user reads, in English and
 * Simplified Chinese, as ICU MessageFormat rendered by intl-messageformat (FormatJS: ICU plurals and
 * selects, arguments, a parser shared with the completeness check). Identifiers (check ids, rule ids,
 * operations, fields, statuses) and what a server said stay as they are: they are arguments.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Lang } from './lang.js';
import { CLI_MESSAGES } from './messages/cli.js';
import { COMMAND_MESSAGES } from './messages/commands.js';
import { CONSOLE_MESSAGES } from './messages/console.js';
import { REPORT_EXTRA_MESSAGES } from './messages/report-extra.js';
import { REPORT_MESSAGES } from './messages/reports.js';

export { asLang, LANGS, type Lang, langFromEnv } from './lang.js';

import { phraseLang } from './phrase.js';

export { englishOf, inLang, inThisRun, phraseKey, phraseLang, tr } from './phrase.js';
export { checksTitledIn, ruleStatementIn, titleOf } from './titles.js';
export { displayWidth, padEndColumns, wrapColumns } from './width.js';

/** Every message, both languages side by side (a key without one fails to compile, and test/i18n). */
export const MESSAGES = {
  ...CLI_MESSAGES,
  ...COMMAND_MESSAGES,
  ...CONSOLE_MESSAGES,
  ...REPORT_MESSAGES,
  ...REPORT_EXTRA_MESSAGES,
} satisfies Record<string, Readonly<Record<Lang, string>>>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageValues = Readonly<Record<string, string | number>>;
/** A message of the catalogue in one language, its arguments filled in. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const formats = new Map<string, IntlMessageFormat>();

function formatOf(lang: Lang, key: MessageKey): IntlMessageFormat {
  const id = `${lang}\u0000${key}`;
  let format = formats.get(id);
  if (!format) {
    // ignoreTag: a `<` in a message is text (HTML is escaped by the writers that write HTML).
    format = new IntlMessageFormat(MESSAGES[key][lang], lang, undefined, { ignoreTag: true });
    formats.set(id, format);
  }
  return format;
}

/** The translator of a language. */
export function translator(lang: Lang): Translate {
  return (key, values) => String(formatOf(lang, key).format(values));
}

/**
 * A message of the catalogue in the language of the run in progress (phraseLang): what the runner and
 * the writers compose as a run goes (causes, progress, comparisons), English outside a run.
 */
export const say: Translate = (key, values) => translator(phraseLang())(key, values);
