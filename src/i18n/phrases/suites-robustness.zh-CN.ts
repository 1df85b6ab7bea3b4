/** zh-CN renderings of the phrases of suites/robustness.ts, suites/roles.ts, suites/reactions.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_ROBUSTNESS_PHRASES_ZH: Readonly<Record<string, string>> = {};
