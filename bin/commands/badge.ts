/**
 * `conformance badge report.json [--out DIR] [--badge-level must|should]`: renders badge.svg and
 * badge.json from an existing report, e.g. in a later CI job than the one that ran the checks.
 */

import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT } from '../../src/exit-codes.js';
import type { BadgeLevel } from '../../src/report/badge.js';
import type { parseRunResult } from '../../src/report/parse.js';
import { type CommandIo, processIo } from './io.js';

export interface BadgeCommandOptions {
  out?: string;
  badgeLevel?: string;
}

/** Exit codes: 0 written, 2 unreadable or invalid input (not a report, unknown badge level). */
export async function badgeCommand(
  reportPath: string,
  options: BadgeCommandOptions,
  io: CommandIo = processIo,
) {
  // Loaded here, not at startup (badge-maker): --version, --help and list need none of it.
  const [
    { BADGE_LEVELS, badgeData, renderBadgeJson, renderBadgeSvg },
    { parseRunResult, ReportInputError },
    { ensureWritableDir },
  ] = await Promise.all([
    import('../../src/report/badge.js'),
    import('../../src/report/parse.js'),
    import('./preflight.js'),
  ]);
  const level = (options.badgeLevel ?? 'must') as BadgeLevel;
  if (!BADGE_LEVELS.includes(level)) {
    io.stderr(`Unknown --badge-level '${options.badgeLevel}': use 'must' or 'should'.\n`);
    return io.exit(EXIT.usage);
  }
  let text: string;
  try {
    text = await readFile(reportPath, 'utf8');
  } catch (error) {
    io.stderr(
      `Cannot read ${reportPath}: ${(error as Error).message}. Pass the report.json a run wrote with --out.\n`,
    );
    return io.exit(EXIT.usage);
  }
  let run: ReturnType<typeof parseRunResult>;
  try {
    run = parseRunResult(text, reportPath);
  } catch (error) {
    if (!(error instanceof ReportInputError)) throw error;
    io.stderr(`${error.message}\n`);
    return io.exit(EXIT.usage);
  }
  const outDir = options.out ?? dirname(reportPath);
  ensureWritableDir(resolve(outDir), '--out', outDir);
  const reporterOptions = { badgeLevel: level };
  const svgPath = join(outDir, 'badge.svg');
  const jsonPath = join(outDir, 'badge.json');
  await writeFile(svgPath, renderBadgeSvg(run, reporterOptions));
  await writeFile(jsonPath, renderBadgeJson(run, reporterOptions));
  const badge = badgeData(run, reporterOptions);
  io.stdout(`${badge.label}: ${badge.message} (${badge.color})\nWrote ${svgPath} and ${jsonPath}\n`);
  io.exit(EXIT.conforms);
}

export function registerBadge(program: Command, io: CommandIo = processIo): Command {
  return program
    .command('badge')
    .description('render badge.svg and badge.json (shields.io endpoint) from an existing report.json')
    .argument('<report>', 'a report.json written by a run')
    .option('--out <dir>', 'folder to write badge.svg and badge.json to (default: the report’s folder)')
    .option('--badge-level <level>', "'must' counts must checks, 'should' counts must and should", 'must')
    .action((report: string, options: BadgeCommandOptions) => badgeCommand(report, options, io));
}
