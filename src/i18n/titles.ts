/**
 * The titles a user reads, in zh-CN (issue 48): every check's, client scenario's and fuzz oracle's title,
 * and every rule's statement, keyed by its id. The English text stays where it is defined (suites/,
 * src/fuzz/, spec/rules.ts), the source of truth; identifiers (ids, operations, fields, event names,
 * statuses, §-references, numbers) stay verbatim inside the Chinese (scripts/check-catalogue.ts checks it).
 */
import type { Lang } from './lang.js';
import { CHECK_TITLES_ZH } from './titles/checks.zh-CN.js';
import { CLIENT_TITLES_ZH } from './titles/client.zh-CN.js';
import { FUZZ_TITLES_ZH } from './titles/fuzz.zh-CN.js';
import { RULE_STATEMENTS_ZH } from './titles/rules.zh-CN.js';

/** The zh-CN title of every check, client scenario and fuzz oracle, by id. */
export const TITLES_ZH: Readonly<Record<string, string>> = {
  ...CHECK_TITLES_ZH,
  ...CLIENT_TITLES_ZH,
  ...FUZZ_TITLES_ZH,
};

export { RULE_STATEMENTS_ZH };

/** The title of a check, scenario or oracle in `lang`: the English one where no translation is known. */
export const titleOf = (id: string, englishTitle: string, lang: Lang): string =>
  lang === 'zh-CN' ? (TITLES_ZH[id] ?? englishTitle) : englishTitle;

/** A rule's statement rendered in `lang`, to show beside the English one; undefined in English. */
export const ruleStatementIn = (id: string, lang: Lang): string | undefined =>
  lang === 'zh-CN' ? RULE_STATEMENTS_ZH[id] : undefined;

/** A run whose checks carry their titles in `lang` (the writers a person reads; report.json stays English). */
export function checksTitledIn<Run extends { checks: readonly { id: string; title: string }[] }>(
  run: Run,
  lang: Lang,
): Run {
  if (lang === 'en') return run;
  return {
    ...run,
    checks: run.checks.map((check) => ({ ...check, title: titleOf(check.id, check.title, lang) })),
  };
}
