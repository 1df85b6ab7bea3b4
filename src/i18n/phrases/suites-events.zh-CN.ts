/** zh-CN renderings of the phrases of suites/events.ts, suites/events-transport.ts, suites/events-links.ts, suites/events-requests.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_EVENTS_PHRASES_ZH: Readonly<Record<string, string>> = {};
