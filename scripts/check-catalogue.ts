/**
 * `npm run check:catalogue` (in `npm run check`): the message catalogue is complete (issue 48) — every
 * key has both languages, the same ICU arguments in each, parses as ICU MessageFormat, and a zh-CN
 * sentence uses full-width punctuation beside Chinese characters; every zh-CN help text likewise.
 */
import { pathToFileURL } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { LANGS, MESSAGES } from '../src/i18n/index.js';
import { COMMAND_HELP_ZH } from '../src/i18n/messages/cli.js';
import { FLAG_HELP_ZH } from '../src/i18n/messages/flags.js';

type Catalogue = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** ASCII punctuation touching a Chinese character: Chinese sentences take the full-width forms. */
const HALF_WIDTH_BESIDE_CJK = /[\u4e00-\u9fff][,;:!?()]|[,;:!?(][\u4e00-\u9fff]/;

/** The argument names of an ICU message, nested ones (in plural and select branches) included. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if ('value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element)
        for (const option of Object.values(element.options) as { value: ReturnType<typeof parse> }[])
          visit(option.value);
    }
  };
  visit(parse(message, { ignoreTag: true }));
  return [...names].sort();
}

/** What is wrong with the catalogue, one line each (none: complete). */
export function catalogueProblems(
  catalogue: Catalogue = MESSAGES,
  helpTexts: Readonly<Record<string, string>> = { ...FLAG_HELP_ZH, ...COMMAND_HELP_ZH },
): string[] {
  const problems: string[] = [];
  for (const [key, texts] of Object.entries(catalogue)) {
    const parsed: Partial<Record<string, string[]>> = {};
    for (const lang of LANGS) {
      const text = texts[lang];
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${key}: no ${lang} text`);
        continue;
      }
      try {
        parsed[lang] = argumentsOf(text);
      } catch (error) {
        problems.push(`${key} (${lang}): not ICU MessageFormat: ${(error as Error).message}`);
      }
    }
    const [en, zh] = [parsed.en, parsed['zh-CN']];
    if (en && zh && en.join() !== zh.join())
      problems.push(`${key}: arguments differ: en {${en.join(', ')}}, zh-CN {${zh.join(', ')}}`);
    if (typeof texts['zh-CN'] === 'string' && HALF_WIDTH_BESIDE_CJK.test(texts['zh-CN']))
      problems.push(`${key} (zh-CN): half-width punctuation beside Chinese text: use ，；：！？（）`);
  }
  for (const [key, text] of Object.entries(helpTexts))
    if (HALF_WIDTH_BESIDE_CJK.test(text))
      problems.push(`help ${key} (zh-CN): half-width punctuation beside Chinese text: use ，；：！？（）`);
  return problems;
}

export function main(): number {
  const problems = catalogueProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length === 0) console.log(`catalogue: ${Object.keys(MESSAGES).length} messages, en and zh-CN`);
  return problems.length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
