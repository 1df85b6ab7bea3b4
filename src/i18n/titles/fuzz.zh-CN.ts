/** zh-CN fuzz (src/i18n/titles.ts), keyed by id. */
export const FUZZ_TITLES_ZH: Readonly<Record<string, string>> = {};
