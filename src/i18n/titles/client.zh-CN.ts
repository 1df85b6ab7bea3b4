/** zh-CN client (src/i18n/titles.ts), keyed by id. */
export const CLIENT_TITLES_ZH: Readonly<Record<string, string>> = {};
