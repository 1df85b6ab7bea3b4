/** zh-CN renderings of the phrases of suites/channels.ts, suites/members.ts, suites/guilds.ts, suites/friends.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_GUILDS_PHRASES_ZH: Readonly<Record<string, string>> = {};
