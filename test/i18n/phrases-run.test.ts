/**
 * Whole runs in zh-CN (issue 48 item 3): the embedded reference, every do-nothing preset and every
 * tolerance (a rotating seventh of them; all in a full run: test/support/rotation.ts), rendered to the
 * console, report.md, report.html and junit.xml, and the texts of their report.json, hold no English
 * phrase of the checker's own: none of the message catalogue's frames and none of a tr`…` template's
 * (src/i18n/phrase.ts), the texts the checks, causes and runner compose. What a server said stays as it
 * said it: bodies, curl lines and code are left out by the readers (reader-text.ts), and so is text in
 * double quotes (a server's message, a value sent). Check titles in report.json stay English (the
 * writers render them by id); the spec's statements are quoted as written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { templatesIn } from '../../scripts/check-phrases.js';
import { CONSOLE_MESSAGES } from '../../src/i18n/messages/console.js';
import { REPORT_MESSAGES } from '../../src/i18n/messages/reports.js';
import { run } from '../../src/index.js';
import { toleranceCatalogue } from '../../src/reference/tolerances/index.js';
import { vacuityPresetIds } from '../../src/reference/vacuity.js';
import { renderReports } from '../../src/report/index.js';
import { GROUPS, type RunResult } from '../../src/runner/model.js';
import { captureIo } from '../report/io.js';
import { rotating } from '../support/rotation.js';
import { tempDir } from '../support/temp.js';
import { englishPhrases, htmlText, junitText, KEPT, markdownText } from './reader-text.js';

/** Phrases of two words or more (a single word between identifiers is too common to tell). */
const WORD_LIST = [
  ...new Set(
    [
      ...[...templatesIn().keys()].flatMap((key) => key.split(/\{\d+\}/)),
      ...Object.values({ ...CONSOLE_MESSAGES, ...REPORT_MESSAGES }).map((m) => m.en),
    ]
      .flatMap((literal) => englishPhrases(literal.replace(/\{[^}]*\}/g, ' | ')))
      .filter((phrase) => phrase.includes(' ') && !KEPT.has(phrase)),
  ),
];

/** What a server said or the checker sent, in double quotes (or cut before its closing one): left as it is. */
const unquoted = (text: string): string =>
  text
    .replace(/"[^"\n]*(?:"|$)/gm, ' | ')
    // A server's answer after its status (`HTTP 500 <its words>`, its body on the next line in a report),
    // up to the checker's next word.
    .replace(/HTTP \d{3}\n?[^\u4e00-\u9fff\n]*/g, ' | ');

/** The word list's phrases in `text`. */
function englishIn(text: string, identifiers: ReadonlySet<string>): string[] {
  const phrases = englishPhrases(unquoted(text), identifiers).map((phrase) => ` ${phrase} `);
  return WORD_LIST.filter((entry) => phrases.some((phrase) => phrase.includes(` ${entry} `)));
}

/** The fields of report.json a person reads that the checker composes (not titles, not what was sent). */
const TEXT_KEYS = new Set([
  'reason',
  'expected',
  'observed',
  'notes',
  'state',
  'clear',
  'fix',
  'decide',
  'detail',
  'label',
]);

function reportTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const each of value) reportTexts(each, out);
  else if (value !== null && typeof value === 'object')
    for (const [key, field] of Object.entries(value)) {
      if (key === 'exchanges' || key === 'events') continue;
      if (TEXT_KEYS.has(key) && typeof field === 'string') out.push(field);
      else if (TEXT_KEYS.has(key) && Array.isArray(field))
        out.push(...field.filter((f) => typeof f === 'string'));
      else reportTexts(field, out);
    }
  return out;
}

interface Case {
  name: string;
  options: { vacuity?: string; tolerances?: string[] };
}

const CASES: Case[] = [
  { name: 'the reference', options: {} },
  ...rotating([
    ...vacuityPresetIds.map((preset) => ({ name: `preset ${preset}`, options: { vacuity: preset } })),
    ...toleranceCatalogue.map(({ id }) => ({ name: `tolerance ${id}`, options: { tolerances: [id] } })),
  ]),
];

const results = new Map<string, RunResult>();
/** Runs in both languages: their grouping must be one (causes read data, or the English of the words). */
const BOTH: Case[] = [
  { name: 'preset empty-object', options: { vacuity: 'empty-object' } },
  { name: 'preset refuses-501', options: { vacuity: 'refuses-501' } },
];
const english = new Map<string, RunResult>();

// Clients with a fault (no loop guard; a replay delivered again): failures, notes and transcripts.
const CLIENTS = [
  { name: 'pagination, no loop guard', args: ['--command', 'node examples/clients/no-loop-guard.mjs'] },
  {
    name: 'events, a replay delivered again',
    args: [
      '--command',
      'node examples/clients/events/delivers-replay-again.mjs',
      '--suite',
      'events',
      '--grep',
      'ping|resume|replay',
    ],
  },
];

/** A client-mode run in zh-CN: what it printed and its report. */
async function clientRun(args: string[]): Promise<{ io: ReturnType<typeof captureIo>; result: RunResult }> {
  const io = captureIo();
  const out = tempDir('client-phrases-');
  await main(['client', ...args, '--lang', 'zh-CN', '--reporter', 'console,json', '--out', out], io, {
    env: {},
    color: false,
  });
  return { io, result: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RunResult };
}
const clientRuns = new Map<string, ReturnType<typeof clientRun>>();

beforeAll(async () => {
  // The client-mode runs beside the others (their scenarios wait on timers).
  for (const { name, args } of CLIENTS) clientRuns.set(name, clientRun(args));
  // Four runs at a time (each mostly waits on its event windows): a run's language is its own scope.
  const runs = [
    ...CASES.map(({ name, options }) => async () => {
      results.set(name, await run({ embedded: true, lang: 'zh-CN', ...options }));
    }),
    ...BOTH.map(({ name, options }) => async () => {
      english.set(name, await run({ embedded: true, lang: 'en', ...options }));
    }),
    ...BOTH.filter(({ name }) => !CASES.some((entry) => entry.name === name)).map(
      ({ name, options }) =>
        async () => {
          results.set(name, await run({ embedded: true, lang: 'zh-CN', ...options }));
        },
    ),
  ];
  const worker = async () => {
    for (let next = runs.shift(); next; next = runs.shift()) await next();
  };
  await Promise.all([...Array.from({ length: 4 }, worker), ...clientRuns.values()]);
}, 600_000);

/** What a run decided and how it grouped it, without its words. */
const grouping = (result: RunResult) => ({
  statuses: result.checks.map((check) => `${check.id} ${check.status}`),
  causes: (result.causes ?? []).map((cause) => `${cause.id} ${cause.kind}: ${cause.checkIds.join(' ')}`),
  // A world cause's subject is its checks' own how-to-clear, in the run's language: grouped by equality.
  undecided: (result.undecidedCauses ?? []).map(
    (cause) =>
      `${cause.id} ${cause.kind} ${cause.kind === 'world' ? '' : (cause.subject ?? '')}: ${cause.checkIds.join(' ')}`,
  ),
});

describe('a zh-CN run is decided and grouped as an English one is', () => {
  for (const { name } of BOTH)
    it(name, () => {
      const zh = grouping(results.get(name)!);
      expect(zh.causes.length + zh.undecided.length).toBeGreaterThan(0);
      expect(zh).toEqual(grouping(english.get(name)!));
    });
});

describe('a zh-CN run prints no English phrase of the checker', () => {
  it('the word list holds the checks’ own phrases (the test can fail)', () => {
    expect(WORD_LIST).toEqual(expect.arrayContaining(['the walk lists no item twice', 'What to fix first']));
    expect(WORD_LIST.length).toBeGreaterThan(1000);
  });

  for (const { name } of CASES)
    it(name, () => {
      const result = results.get(name)!;
      const identifiers = new Set<string>([
        ...GROUPS,
        'must',
        'should',
        'info',
        'pass',
        'fail',
        'error',
        'skip',
        result.profile,
      ]);
      const reports = renderReports(result, ['console', 'markdown', 'html', 'junit'], {
        lang: 'zh-CN',
        verbose: true,
      });
      const file = (fileName?: string) =>
        String(reports.find((report) => report.file === fileName)?.content ?? '');
      const found = {
        console: englishIn(file(undefined), identifiers),
        markdown: englishIn(markdownText(file('report.md')), identifiers),
        html: englishIn(htmlText(file('report.html')), identifiers),
        junit: englishIn(junitText(file('junit.xml')), identifiers),
        'report.json': englishIn(reportTexts(result).join(' | '), identifiers),
      };
      expect(found).toEqual({ console: [], markdown: [], html: [], junit: [], 'report.json': [] });
    });
});

describe('a zh-CN client-mode run prints no English phrase of the checker', () => {
  for (const { name } of CLIENTS)
    it(name, async () => {
      const { io, result } = await clientRuns.get(name)!;
      expect(result.checks.some((check) => check.status === 'fail')).toBe(true);
      const identifiers = new Set<string>(['must', 'should', 'info', 'pass', 'fail', 'error', 'skip']);
      expect({
        console: englishIn(io.out, identifiers),
        'report.json': englishIn(reportTexts(result).join(' | '), identifiers),
      }).toEqual({ console: [], 'report.json': [] });
    });
});
