/**
 * The zh-CN renderings of the phrases (src/i18n/phrase.ts), by English template; one file an area of the
 * sources, so that no two areas write the same file. A key in two files fails `npm run check:catalogue`.
 */
import { SUITES_LIB_PHRASES_ZH } from './suites-lib.zh-CN.js';

/** Every area's renderings, by the file that holds them (the completeness check names the file). */
export const PHRASE_FILES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'suites-lib.zh-CN.ts': SUITES_LIB_PHRASES_ZH,
};

export const PHRASES_ZH: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(PHRASE_FILES));
