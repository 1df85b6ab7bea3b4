/** zh-CN checks (src/i18n/titles.ts), keyed by id. */
export const CHECK_TITLES_ZH: Readonly<Record<string, string>> = {};
