/** zh-CN renderings of the phrases of src/runner/causes.ts, src/runner/undecided-causes.ts, src/runner/summary.ts, src/report/ (src/i18n/phrase.ts), by English template. */
export const CAUSES_PHRASES_ZH: Readonly<Record<string, string>> = {};
