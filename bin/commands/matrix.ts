/**
 * `conformance matrix a/report.json b/report.json … --out site/`: the fleet page. Writes index.html (the
 * matrix), matrix.md (the same as Markdown), NAME/report.html (each implementation's evidence, rendered
 * from its report.json) and badges/NAME.svg + .json. A report is named after its folder, or `name=path`.
 */

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { CHOICES } from '../../src/choices.js';
import { EXIT } from '../../src/exit-codes.js';
import type { BadgeLevel } from '../../src/report/badge.js';
import type { RunResult } from '../../src/runner/model.js';
import { type CommandIo, processIo } from './io.js';

interface MatrixFlags {
  out: string;
  badgeLevel: BadgeLevel;
}

/** `name=path` or `path` (named after its folder, or the file when it is not report.json). */
function labelOf(argument: string): { label: string; path: string } {
  const at = argument.indexOf('=');
  if (at > 0 && !argument.slice(0, at).includes('/'))
    return { label: argument.slice(0, at), path: argument.slice(at + 1) };
  const file = basename(argument);
  const label = file === 'report.json' ? basename(resolve(dirname(argument))) : file.replace(/\.json$/, '');
  return { label, path: argument };
}

export async function matrixCommand(reports: string[], flags: MatrixFlags, io: CommandIo = processIo) {
  // Loaded here, not at startup (badge-maker and the HTML writers): --version, --help and list need none of it.
  const [
    { badgeData, renderBadgeJson, renderBadgeSvg },
    { renderHtml },
    { renderMatrixHtml },
    { renderMatrixMarkdown },
    { buildMatrix, implementationNames },
    { parseRunResult, ReportInputError },
  ] = await Promise.all([
    import('../../src/report/badge.js'),
    import('../../src/report/html.js'),
    import('../../src/report/matrix-html.js'),
    import('../../src/report/matrix-markdown.js'),
    import('../../src/report/matrix-model.js'),
    import('../../src/report/parse.js'),
  ]);
  const inputs = reports.map(labelOf);
  const runs: RunResult[] = [];
  for (const { path } of inputs) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      io.stderr(
        `Cannot read ${path}: ${(error as Error).message}. Pass report.json files written by runs.\n`,
      );
      return io.exit(EXIT.usage);
    }
    try {
      runs.push(parseRunResult(text, path));
    } catch (error) {
      if (!(error instanceof ReportInputError)) throw error;
      io.stderr(`${error.message}\n`);
      return io.exit(EXIT.usage);
    }
  }
  const names = implementationNames(inputs.map(({ label }) => label));
  const matrix = buildMatrix(
    runs.map((run, index) => ({ name: names[index], run })),
    flags.badgeLevel,
  );
  const out = resolve(flags.out);
  await mkdir(join(out, 'badges'), { recursive: true });
  const badgeOptions = { badgeLevel: flags.badgeLevel };
  const badges: string[] = [];
  for (const [index, run] of runs.entries()) {
    const name = names[index];
    const svg = renderBadgeSvg(run, badgeOptions).toString();
    badges.push(svg);
    await writeFile(join(out, 'badges', `${name}.svg`), svg);
    await writeFile(join(out, 'badges', `${name}.json`), renderBadgeJson(run, badgeOptions));
    await mkdir(join(out, name), { recursive: true });
    await writeFile(join(out, name, 'report.html'), renderHtml(run, {}));
    const badge = badgeData(run, badgeOptions);
    io.stdout(`${name}: ${run.verdict.toUpperCase()}, ${badge.message} (${inputs[index].path})\n`);
  }
  await writeFile(join(out, 'index.html'), renderMatrixHtml(matrix, { badges }));
  await writeFile(join(out, 'matrix.md'), renderMatrixMarkdown(matrix));
  const shown = relative(process.cwd(), out) || '.';
  io.stdout(
    `matrix of ${names.length} implementations written to ${shown}/: index.html, matrix.md, ` +
      `${names.length} report.html, badges/\n`,
  );
  io.exit(EXIT.conforms);
}

export function registerMatrix(program: Command, io: CommandIo = processIo): Command {
  return program
    .command('matrix')
    .description('one page comparing many implementations: index.html, matrix.md and badges')
    .argument('<reports...>', 'report.json files (named after their folder, or name=path)')
    .option('--out <dir>', 'folder to write the site to', 'site')
    .addOption(
      new Option('--badge-level <level>', 'what the score and badges count')
        .choices(CHOICES.badgeLevel)
        .default('must'),
    )
    .action((reports: string[], flags: MatrixFlags) => matrixCommand(reports, flags, io));
}
