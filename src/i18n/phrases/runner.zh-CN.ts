/** zh-CN renderings of the phrases of src/runner/ (but causes), src/fuzz/, src/events/, src/client/, src/*.ts (src/i18n/phrase.ts), by English template. */
export const RUNNER_PHRASES_ZH: Readonly<Record<string, string>> = {};
