/**
 * The registry of report writers. A reporter has one or more outputs: the console prints to stdout
 * (no file), the badge writes two files (badge.svg and badge.json), every other writer one file.
 * Writers are pure (run, options) => string | Buffer; the CLI does the writing.
 */
import { asLang, inLang, phraseLang, tr } from '../i18n/index.js';
import { ConfigurationError } from '../runner/errors.js';
import type { RunResult } from '../runner/model.js';
import { renderBadgeJson, renderBadgeSvg } from './badge.js';
import { renderConsole } from './console.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { defaultReporters, REPORTER_NAMES, type ReporterName } from './names.js';
import type { Reporter, ReporterOptions } from './types.js';

export { defaultReporters, type ReporterName };

export interface ReportOutput {
  /** File name in the report folder (--out); absent: printed to stdout. */
  file?: string;
  render: Reporter;
}

export interface ReporterDefinition {
  name: ReporterName;
  description: string;
  outputs: ReportOutput[];
}

export const reporters: Record<ReporterName, ReporterDefinition> = {
  console: {
    name: 'console',
    description: 'summary and failures on stdout',
    outputs: [{ render: renderConsole }],
  },
  json: {
    name: 'json',
    description: 'the whole run as JSON (spec/schemas/report.schema.json)',
    outputs: [{ file: 'report.json', render: renderJson }],
  },
  junit: {
    name: 'junit',
    description: 'JUnit XML for CI test tabs',
    outputs: [{ file: 'junit.xml', render: renderJunit }],
  },
  markdown: {
    name: 'markdown',
    description: 'Markdown for a PR comment or $GITHUB_STEP_SUMMARY',
    outputs: [{ file: 'report.md', render: renderMarkdown }],
  },
  html: {
    name: 'html',
    description: 'one self-contained HTML page with filters and evidence',
    outputs: [{ file: 'report.html', render: renderHtml }],
  },
  badge: {
    name: 'badge',
    description: 'badge.svg and badge.json (shields.io endpoint)',
    outputs: [
      { file: 'badge.svg', render: renderBadgeSvg },
      { file: 'badge.json', render: renderBadgeJson },
    ],
  },
};

export const reporterNames: ReporterName[] = [...REPORTER_NAMES];

const isReporterName = (name: string): name is ReporterName => Object.hasOwn(reporters, name);

/**
 * Parses `--reporter console,json` (a comma-separated string, or several of them when the flag repeats).
 * Unknown names throw a ConfigurationError that lists the valid ones (the CLI exits 2 on it).
 */
export function parseReporterList(list: string | readonly string[]): ReporterName[] {
  const names = (typeof list === 'string' ? [list] : list)
    .flatMap((item) => item.split(','))
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !isReporterName(name));
  if (unknown.length > 0) {
    const quoted = unknown.map((name) => `'${name}'`).join(', ');
    const valid = reporterNames.join(', ');
    throw new ConfigurationError(
      unknown.length > 1
        ? tr`Unknown reporters ${quoted}: use one or more of ${valid} (comma-separated).`
        : tr`Unknown reporter ${quoted}: use one or more of ${valid} (comma-separated).`,
    );
  }
  if (names.length === 0) {
    throw new ConfigurationError(tr`No reporter given: use one or more of ${reporterNames.join(', ')}.`);
  }
  return [...new Set(names as ReporterName[])];
}

export interface RenderedReport {
  reporter: ReporterName;
  /** Absent: print to stdout. */
  file?: string;
  content: string | Buffer;
}

/**
 * Renders the chosen reporters, in registry order. Files never get colour; the console gets
 * `options.color`. The caller writes the files and prints the rest.
 */
export function renderReports(
  run: RunResult,
  names: readonly ReporterName[],
  options: ReporterOptions = {},
): RenderedReport[] {
  const render = () =>
    reporterNames
      .filter((name) => names.includes(name))
      .flatMap((name) =>
        reporters[name].outputs.map((output) => ({
          reporter: name,
          ...(output.file ? { file: output.file } : {}),
          content: output.render(run, output.file ? { ...options, color: false } : options),
        })),
      );
  // What a writer composes itself (why no verdict, a comparison) is in the reader's language too.
  const lang = asLang(options.lang);
  return lang && lang !== phraseLang() ? inLang(lang, render) : render();
}

export type { Reporter, ReporterOptions } from './types.js';
