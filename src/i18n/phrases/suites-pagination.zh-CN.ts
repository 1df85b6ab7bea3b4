/** zh-CN renderings of the phrases of suites/pagination.ts, suites/pagination-defaults.ts, suites/messages.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_PAGINATION_PHRASES_ZH: Readonly<Record<string, string>> = {};
