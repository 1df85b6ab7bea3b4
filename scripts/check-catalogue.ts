/**
 * `npm run check:catalogue` (in `npm run check`): the message catalogue is complete (issue 48) — every
 * key has both languages, the same ICU arguments in each, parses as ICU MessageFormat, and a zh-CN
 * sentence uses full-width punctuation beside Chinese characters; every zh-CN help text likewise. And the
 * titles (src/i18n/titles.ts): every check, client scenario, fuzz oracle and rule has a zh-CN rendering, no
 * key names an id that no longer exists, and each keeps the identifiers of its English text (titleProblems).
 */
import { pathToFileURL } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { LANGS, MESSAGES } from '../src/i18n/index.js';
import { COMMAND_HELP_ZH } from '../src/i18n/messages/cli.js';
import { FLAG_HELP_ZH } from '../src/i18n/messages/flags.js';
import { RULE_STATEMENTS_ZH, TITLES_ZH } from '../src/i18n/titles.js';
import { phraseCount, phraseProblems } from './check-phrases.js';

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

/**
 * The identifier-like tokens of an English title or statement, which its zh-CN rendering keeps verbatim:
 * code spans, quoted values, flags, §-references, dotted names (message.create), snake_case fields, event
 * names (guild-member-added), upper-case names (IDENTIFY, MSG-LIST-0, JSON), CamelCase types
 * (GuildMember, Content-Type), numbers and statuses (4004, 4xx), placeholders and paths.
 */
const IDENTIFIER_TOKENS = [
  /`[^`]+`/g,
  /'[\w./-]+'/g,
  /(?<![\w-])--[a-z][\w-]*/g,
  /§\s?\d+(?:\.\d+)*/g,
  /\b[A-Za-z_]\w+(?:\.[A-Za-z_][\w-]*)+/g,
  /\b[a-z]+(?:_[a-z]+)+\b/g,
  /\b(?:message|channel|guild|reaction|friend|login|interaction|internal)(?:-[a-z]+)+\b/g,
  /\b[A-Z][A-Z0-9]+(?:[-_][A-Z0-9]+)*\b/g,
  /\b[A-Z][a-z]+(?:-?[A-Z][a-z]*)+\b/g,
  /(?<![\d.§])\d+(?:xx)?\b/g,
  /\{\w+\}|<\w+>|\b[a-z]+\/[a-z]+\b/g,
];

export function identifierTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const pattern of IDENTIFIER_TOKENS) for (const match of text.matchAll(pattern)) tokens.add(match[0]);
  return [...tokens];
}

const CJK_CHARACTER = /[\u4e00-\u9fff]/;

/** What is wrong with one kind of titles (`kind`: 'title' or 'rule'), one line each. */
function renderingProblems(
  kind: string,
  english: Readonly<Record<string, string>>,
  zh: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const [id, text] of Object.entries(english)) {
    const rendered = zh[id];
    if (rendered === undefined) {
      problems.push(`${kind} ${id}: no zh-CN rendering`);
      continue;
    }
    if (!CJK_CHARACTER.test(rendered)) problems.push(`${kind} ${id} (zh-CN): not in Chinese`);
    const dropped = identifierTokens(text).filter((token) => !rendered.includes(token));
    if (dropped.length) problems.push(`${kind} ${id} (zh-CN): drops ${dropped.join(', ')} of the English`);
    if (HALF_WIDTH_BESIDE_CJK.test(rendered))
      problems.push(`${kind} ${id} (zh-CN): half-width punctuation beside Chinese text: use ，；：！？（）`);
  }
  for (const id of Object.keys(zh))
    if (!Object.hasOwn(english, id)) problems.push(`${kind} ${id}: stale zh-CN rendering (no such id)`);
  return problems;
}

/** The English texts the zh-CN ones render, by id. */
export interface EnglishTitles {
  /** Every check's, client scenario's and fuzz oracle's title. */
  titles: Readonly<Record<string, string>>;
  /** Every rule's statement (spec/rules.ts). */
  rules: Readonly<Record<string, string>>;
}

/** The English titles as defined: the checks (suites/), client scenarios, fuzz oracles and rules. */
export async function englishTitles(): Promise<EnglishTitles> {
  const [{ loadChecks }, { loadClientScenarios }, { allProperties }, { rules }] = await Promise.all([
    import('../src/runner/load.js'),
    import('../src/client-mode/load.js'),
    import('../src/fuzz/index.js'),
    import('../spec/rules.js'),
  ]);
  const titled = [
    ...(await loadChecks()),
    ...(await loadClientScenarios()),
    ...allProperties().flatMap((property) => property.oracles),
  ];
  return {
    titles: Object.fromEntries(titled.map(({ id, title }) => [id, title])),
    rules: Object.fromEntries(rules.map(({ id, statement }) => [id, statement])),
  };
}

/** What is wrong with the zh-CN titles and rule statements, one line each (none: complete). */
export function titleProblems(
  english: EnglishTitles,
  zh: EnglishTitles = { titles: TITLES_ZH, rules: RULE_STATEMENTS_ZH },
): string[] {
  return [
    ...renderingProblems('title', english.titles, zh.titles),
    ...renderingProblems('rule', english.rules, zh.rules),
  ];
}

export async function main(): Promise<number> {
  const english = await englishTitles();
  const problems = [...catalogueProblems(), ...titleProblems(english), ...phraseProblems()];
  for (const problem of problems) console.error(problem);
  if (problems.length === 0)
    console.log(
      `catalogue: ${Object.keys(MESSAGES).length} messages, en and zh-CN; ` +
        `${Object.keys(english.titles).length} titles and ${Object.keys(english.rules).length} rule statements in zh-CN; ${phraseCount()} phrases in zh-CN`,
    );
  return problems.length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
