/**
 * `conformance compare BASE.json HEAD.json [--json]`: regressions, fixes, new and removed checks between
 * two reports. Exit 1 on any regression (pass → fail/error), 0 otherwise, 2 when an input is unreadable.
 */

import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { EXIT } from '../../src/exit-codes.js';
import type { RunResult } from '../../src/runner/model.js';
import { type CommandIo, processIo } from './io.js';

export interface CompareCommandOptions {
  json?: boolean;
  color?: boolean;
}

async function readReport(
  path: string,
  { parseRunResult, ReportInputError }: typeof import('../../src/report/parse.js'),
): Promise<RunResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ReportInputError(
      `Cannot read ${path}: ${(error as Error).message}. Pass two report.json files.`,
    );
  }
  return parseRunResult(text, path);
}

export async function compareCommand(
  basePath: string,
  headPath: string,
  options: CompareCommandOptions,
  io: CommandIo = processIo,
): Promise<void> {
  // Loaded here, not at startup: --version, --help and list need no report parser.
  const parse = await import('../../src/report/parse.js');
  let base: RunResult;
  let head: RunResult;
  try {
    base = await readReport(basePath, parse);
    head = await readReport(headPath, parse);
  } catch (error) {
    if (!(error instanceof parse.ReportInputError)) throw error;
    io.stderr(`${error.message}\n`);
    return io.exit(EXIT.usage);
  }
  // Loaded here, not at startup (chalk): --version and --help need none of it.
  const { compareRuns, formatComparison, hasRegressions } = await import('../../src/report/compare.js');
  const comparison = compareRuns(base, head);
  io.stdout(
    options.json
      ? `${JSON.stringify(comparison, null, 2)}\n`
      : formatComparison(comparison, { color: options.color ?? false }),
  );
  io.exit(hasRegressions(comparison) ? EXIT.fails : EXIT.conforms);
}

export function registerCompare(program: Command, io: CommandIo = processIo): Command {
  return program
    .command('compare')
    .description(
      'compare two report.json files: regressions, fixes, new and removed checks (exit 1 on a regression)',
    )
    .argument('<base>', 'the earlier report.json (e.g. from main)')
    .argument('<head>', 'the later report.json (e.g. from this change)')
    .option('--json', 'print the comparison as JSON')
    .action((base: string, head: string, options: { json?: boolean }) =>
      compareCommand(base, head, { json: options.json, color: io === processIo && process.stdout.isTTY }, io),
    );
}
