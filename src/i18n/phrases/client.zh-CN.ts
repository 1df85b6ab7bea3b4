/** zh-CN renderings of the phrases of suites/client/, src/client-mode/ (src/i18n/phrase.ts), by English template. */
export const CLIENT_PHRASES_ZH: Readonly<Record<string, string>> = {};
