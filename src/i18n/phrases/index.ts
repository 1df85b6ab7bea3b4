/**
 * The zh-CN renderings of the phrases (src/i18n/phrase.ts), by English template; one file an area of the
 * sources, so that no two areas write the same file. A key in two files fails `npm run check:catalogue`.
 */
import { CAUSES_PHRASES_ZH } from './causes.zh-CN.js';
import { CLIENT_PHRASES_ZH } from './client.zh-CN.js';
import { RUNNER_PHRASES_ZH } from './runner.zh-CN.js';
import { RUNNER_IO_PHRASES_ZH } from './runner-io.zh-CN.js';
import { SPEC_PHRASES_ZH } from './spec.zh-CN.js';
import { SUITES_EVENTS_PHRASES_ZH } from './suites-events.zh-CN.js';
import { SUITES_GUILDS_PHRASES_ZH } from './suites-guilds.zh-CN.js';
import { SUITES_LIB_PHRASES_ZH } from './suites-lib.zh-CN.js';
import { SUITES_PAGINATION_PHRASES_ZH } from './suites-pagination.zh-CN.js';
import { SUITES_ROBUSTNESS_PHRASES_ZH } from './suites-robustness.zh-CN.js';

/** Every area's renderings, by the file that holds them (the completeness check names the file). */
export const PHRASE_FILES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'causes.zh-CN.ts': CAUSES_PHRASES_ZH,
  'client.zh-CN.ts': CLIENT_PHRASES_ZH,
  'runner.zh-CN.ts': RUNNER_PHRASES_ZH,
  'runner-io.zh-CN.ts': RUNNER_IO_PHRASES_ZH,
  'spec.zh-CN.ts': SPEC_PHRASES_ZH,
  'suites-events.zh-CN.ts': SUITES_EVENTS_PHRASES_ZH,
  'suites-guilds.zh-CN.ts': SUITES_GUILDS_PHRASES_ZH,
  'suites-pagination.zh-CN.ts': SUITES_PAGINATION_PHRASES_ZH,
  'suites-robustness.zh-CN.ts': SUITES_ROBUSTNESS_PHRASES_ZH,
  'suites-lib.zh-CN.ts': SUITES_LIB_PHRASES_ZH,
};

export const PHRASES_ZH: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(PHRASE_FILES));
