/** zh-CN rules (src/i18n/titles.ts), keyed by id. */
export const RULE_STATEMENTS_ZH: Readonly<Record<string, string>> = {};
