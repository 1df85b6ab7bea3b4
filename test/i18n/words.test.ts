/**
 * The word list (issue 48 item 3): a zh-CN run of the embedded reference and of two do-nothing presets
 * (empty-object: failures in causes; refuses-501: skips in causes of "What was not decided"), the
 * hand-built fixtures and a run stopped before its checks, rendered to the console, report.md,
 * report.html, junit.xml and the badge, and the lines `conformance list`, `fuzz`, `client` and `run`
 * print of their own, hold no phrase of the English catalogue of those frames (src/i18n/messages/
 * console.ts, reports.ts, commands.ts). One run of each, shared by every writer.
 *
 * Check titles ARE in scope: every check's, client scenario's and fuzz oracle's title has a zh-CN
 * rendering (src/i18n/titles/), so the word list holds the English titles' phrases too, and a check
 * keeps its title through the masking below.
 *
 * The rest of the text, what the checks, causes and runner compose (reasons, expected / observed, notes,
 * the titles, sections and fixes of causes, findings, cleanup labels), is replaced by a mark here
 * (CHECK_TEXT_KEYS): this test looks at the writers' frames alone, and test/i18n/phrases-run.test.ts at
 * whole zh-CN runs of every preset and tolerance, their composed text included.
 * Identifiers (check ids, rule ids, operations, groups, levels, statuses, file names, flags, URLs,
 * command names) and the verdict words CI logs are searched for (PASS, FAIL, CONFORMS, DOES NOT
 * CONFORM, NO VERDICT) stay. Single words of three letters or fewer are not in the list (too common to
 * tell a frame from an identifier).
 */
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { englishTitles } from '../../scripts/check-catalogue.js';
import { displayWidth } from '../../src/i18n/index.js';
import { COMMAND_MESSAGES } from '../../src/i18n/messages/commands.js';
import { CONSOLE_MESSAGES } from '../../src/i18n/messages/console.js';
import { REPORT_MESSAGES } from '../../src/i18n/messages/reports.js';
import { run } from '../../src/index.js';
import { renderReports } from '../../src/report/index.js';
import { GROUPS, type RunResult } from '../../src/runner/model.js';
import { mixedRun } from '../report/fixtures/runs.js';
import { captureIo } from '../report/io.js';
import { tempDir } from '../support/temp.js';
import { badgeText, englishPhrases, htmlText, junitText, KEPT, markdownText } from './reader-text.js';

/**
 * The fields that carry a check's (or a cause's, a finding's, a server's) own text, not a frame's. A
 * check's `title` is kept (titledMarked): only the titles of causes and findings are marked.
 */
const CHECK_TEXT_KEYS = new Set([
  'title',
  'reason',
  'expected',
  'observed',
  'notes',
  'body',
  'error',
  'section',
  'statement',
  'fix',
  'detail',
  'decide',
  'sample',
  'waitingFor',
  'state',
  'clear',
  // A cleanup record's label ("possibly created: …"), composed in src/runner/left-behind-file.ts.
  'label',
]);
const MARK = '◇';

/** A deep copy of `value` with every check text replaced by the mark. */
function checkTextMarked<T>(value: T): T {
  if (Array.isArray(value)) return value.map(checkTextMarked) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (CHECK_TEXT_KEYS.has(key) && typeof field === 'string') copy[key] = MARK;
    else if (CHECK_TEXT_KEYS.has(key) && Array.isArray(field)) copy[key] = field.map(() => MARK);
    else copy[key] = checkTextMarked(field);
  }
  return copy as T;
}

/**
 * A run with its check text marked, but the title of each check the checker defines, which the writers
 * render in zh-CN. The title of an id it does not define (the hand-built fixtures' checks) has no
 * rendering: titleOf shows it as given, so it is marked like the rest.
 */
const titledMarked = (result: RunResult): RunResult => ({
  ...checkTextMarked(result),
  checks: result.checks.map((check) => ({
    ...checkTextMarked(check),
    ...(Object.hasOwn(ENGLISH_TITLES, check.id) ? { title: check.title } : {}),
  })),
});

/** The literal text of an English message (its arguments, plural and select branches split it). */
function literalsOf(message: string): string[] {
  const out: string[] = [];
  const visit = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) out.push(element.value);
      if ('options' in element)
        for (const option of Object.values(element.options) as { value: ReturnType<typeof parse> }[])
          visit(option.value);
    }
  };
  visit(parse(message, { ignoreTag: true }));
  return out;
}

/** The English titles of every check, client scenario and fuzz oracle (as defined: suites/, src/fuzz/). */
const ENGLISH_TITLES = (await englishTitles()).titles;

/**
 * The word list: every English phrase of the catalogue files these frames are written from, but the
 * kept words and single short words (`and`, `of`, `at`: too common to tell a frame from an identifier);
 * and every phrase of two words or more of the English titles (a single word between identifiers, such
 * as a type name `Channel`, is kept in the Chinese on purpose).
 */
const WORD_LIST = [
  ...new Set([
    ...Object.values({ ...CONSOLE_MESSAGES, ...REPORT_MESSAGES, ...COMMAND_MESSAGES })
      .flatMap((message) => literalsOf(message.en))
      .flatMap((literal) => englishPhrases(literal))
      .filter((phrase) => phrase.includes(' ') || phrase.length > 3),
    ...Object.values(ENGLISH_TITLES)
      .flatMap((title) => englishPhrases(title))
      .filter((phrase) => phrase.includes(' ')),
  ]),
].filter((phrase) => !KEPT.has(phrase));

/** The catalogue's English phrases found in `text` (none: the frame is in zh-CN). */
function englishOf(text: string, identifiers: ReadonlySet<string>): string[] {
  const phrases = englishPhrases(text, identifiers).map((phrase) => ` ${phrase} `);
  return WORD_LIST.filter((entry) => phrases.some((phrase) => phrase.includes(` ${entry} `)));
}

/** Identifiers a run prints as plain words: groups, levels, statuses, its profile. */
const identifiersOf = (result: RunResult): Set<string> =>
  new Set<string>([...GROUPS, 'must', 'should', 'info', 'pass', 'fail', 'error', 'skip', result.profile]);

interface Rendered {
  console: string;
  markdown: string;
  html: string;
  junit: string;
  badge: string;
}

function renderedIn(lang: 'en' | 'zh-CN', result: RunResult): Rendered {
  const marked = titledMarked(result);
  // verbose: the console shows every check with its title (without it, only those no cause holds).
  const reports = renderReports(marked, ['console', 'markdown', 'html', 'junit', 'badge'], {
    lang,
    verbose: true,
  });
  const file = (name?: string) => String(reports.find((report) => report.file === name)?.content ?? '');
  return {
    // Why no verdict is composed in src/runner/summary.ts (nothingCountedReason): out of scope too.
    console: file(undefined).replace(/^(NO VERDICT（无判定），级别 \S+：).*$/m, '$1'),
    markdown: markdownText(file('report.md')),
    html: htmlText(file('report.html')),
    junit: junitText(file('junit.xml')),
    badge: badgeText(file('badge.json'), file('badge.svg')),
  };
}

const runs: Record<string, RunResult> = {};

beforeAll(async () => {
  // One run each, for every writer: the reference, and two servers that implement nothing.
  runs.reference = await run({ embedded: true });
  runs['empty-object'] = await run({ embedded: true, vacuity: 'empty-object' });
  runs['refuses-501'] = await run({ embedded: true, vacuity: 'refuses-501' });
  runs.fixture = mixedRun();
  // Failures no cause holds: each writer shows each failing check by its title (markdown only then).
  // (Without its cleanup records, which would take report.md's budget before the failures.)
  runs.uncaused = { ...runs['empty-object'], causes: [], cleanup: [] };
  // A run that stopped before its checks: the pages that say NO VERDICT instead of a verdict.
  runs.stopped = { ...mixedRun(), checks: [], stopped: { phase: 'discovery', reason: 'unreachable' } };
}, 120_000);

describe('the word list', () => {
  it('holds the English frames it is meant to find (the test can fail)', () => {
    expect(WORD_LIST).toEqual(
      expect.arrayContaining(['What to fix first', 'Reproduce with curl', 'Copied', 'checks shown']),
    );
    expect(WORD_LIST).not.toContain('report');
    // The English rendering of the same runs is full of them: the extraction sees what a reader sees.
    const english = renderedIn('en', runs['empty-object']);
    const identifiers = identifiersOf(runs['empty-object']);
    for (const [writer, text] of Object.entries(english))
      expect(englishOf(text, identifiers).length, writer).toBeGreaterThan(0);
    expect(englishOf(english.html, identifiers)).toEqual(expect.arrayContaining(['Copy', 'checks shown']));
    // Checks' titles: in the list, in each English page that shows checks, and (below) not in the zh-CN ones.
    expect(WORD_LIST).toContain('returns an array of valid Message objects carrying the content sent');
    const titlePhrases = new Set(Object.values(ENGLISH_TITLES).flatMap((title) => englishPhrases(title)));
    const uncaused = renderedIn('en', runs.uncaused);
    for (const writer of ['console', 'markdown', 'html', 'junit'] as const)
      expect(
        englishOf(uncaused[writer], identifiers).filter((phrase) => titlePhrases.has(phrase)).length,
        writer,
      ).toBeGreaterThan(0);
  });

  for (const name of ['reference', 'empty-object', 'refuses-501', 'fixture', 'stopped', 'uncaused'])
    it(`a zh-CN rendering of ${name} has no English sentence of the catalogue in any writer`, () => {
      const result = runs[name];
      const rendered = renderedIn('zh-CN', result);
      const identifiers = identifiersOf(result);
      const found = Object.fromEntries(
        Object.entries(rendered).map(([writer, text]) => [writer, englishOf(text, identifiers)]),
      );
      expect(found).toEqual({ console: [], markdown: [], html: [], junit: [], badge: [] });
    });

  it('a zh-CN console lines up its tables by display width', () => {
    const text = renderedIn('zh-CN', runs['empty-object']).console;
    const rows = text.split('\n').filter((line) => line.includes('项检查') && line.includes('通过'));
    expect(rows.length).toBeGreaterThan(2);
    expect(new Set(rows.map((line) => displayWidth(line.slice(0, line.indexOf('项检查'))))).size).toBe(1);
  });

  it('report.html says its language', () => {
    const html = (lang: 'en' | 'zh-CN') =>
      String(renderReports(runs.fixture, ['html'], { lang })[0].content).match(/<html lang="([^"]+)"/)?.[1];
    expect([html('en'), html('zh-CN')]).toEqual(['en', 'zh-CN']);
  });
});

describe('conformance list in zh-CN', () => {
  for (const args of [[], ['--rules'], ['--client']])
    it(`list ${args.join(' ')} prints no English sentence of the catalogue`, async () => {
      const io = captureIo();
      await main(['list', ...args, '--lang', 'zh-CN'], io, { env: {} });
      expect(io.code).toBe(0);
      // Why a check passes on a do-nothing server is the check's own text (out of scope, above).
      const text = io.out.replace(/(在什么都不做的服务器上也通过：).*$/gm, '$1');
      expect(englishOf(text, new Set(['must', 'should', 'info', 'satori', ...GROUPS]))).toEqual([]);
      const english = captureIo();
      await main(['list', ...args], english, { env: {} });
      expect(
        englishOf(english.out, new Set(['must', 'should', 'info', 'satori', ...GROUPS])).length,
      ).toBeGreaterThan(0);
    });
});

describe('conformance fuzz in zh-CN', () => {
  it('prints its progress and its summary with no English sentence of the catalogue', async () => {
    const io = captureIo();
    const out = tempDir('fuzz-zh-');
    const args = ['fuzz', '--embedded', '--seed', '5', '--runs', '2', '--out', out, '--reporter', 'console'];
    expect(await main([...args, '--lang', 'zh-CN'], io, { env: {} })).toBe(0);
    expect(io.err).toMatch(/^fuzz：\d+ 个属性，种子 5，目标 http:\/\/127\.0\.0\.1:\d+/);
    expect(io.err).toContain('按属性统计的生成（次数；输入覆盖了什么）：');
    // The command's name, property keys and the branch names of the generators are identifiers.
    const identifiers = new Set([...GROUPS, 'fuzz', 'must', 'should', 'info', 'ok', 'skip', 'satori']);
    expect(englishOf(io.err, identifiers)).toEqual([]);
    // Its console report (stdout) holds the run's notes and the properties' reasons, text out of scope;
    // its frame is the console's, checked on the runs above.
    expect(io.out).toContain('按分组');
    const english = captureIo();
    expect(await main(args, english, { env: {} })).toBe(0);
    expect(englishOf(english.err, identifiers)).toEqual(expect.arrayContaining(['properties', 'against']));
  });
});

describe('conformance client in zh-CN', () => {
  it('prints its own lines and its console frame in Chinese', async () => {
    const io = captureIo();
    const out = tempDir('client-zh-');
    const args = [
      'client',
      '--command',
      'true',
      '--list',
      'channel',
      '--reporter',
      'console,json',
      '--out',
      out,
    ];
    await main([...args, '--lang', 'zh-CN'], io, { env: {}, color: false });
    expect(io.err).toMatch(/报告已写入 .*：report\.json/);
    expect(io.out).toMatch(/^chat-conformance \S+ — 客户端 true（提供 http:\/\/127\.0\.0\.1:\d+\/v1）/);
    // Its progress is a status and a scenario id a line; its console report's check text is out of scope.
    expect(englishOf(io.err, new Set(['fail', 'skip', 'pass', 'error']))).toEqual([]);
  });
});

describe('conformance run in zh-CN', () => {
  it('says where it wrote its reports in Chinese', async () => {
    const io = captureIo();
    const out = tempDir('run-zh-');
    const args = ['--embedded', '--suite', 'messages', '--reporter', 'console,markdown', '--out', out];
    await main(['run', ...args], io, { env: { LANG: 'zh_CN.UTF-8' }, color: false });
    expect(io.err).toMatch(/报告已写入 .*：report\.md/);
    expect(io.out).toContain('按分组');
  });
});
