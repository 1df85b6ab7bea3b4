/**
 * `conformance fuzz`: generated inputs (src/fuzz) against the same target, identity, sandbox, ledger,
 * reports and exit codes as a run. Exit 0 no counted finding, 1 a counted finding, 2 usage, 3 unreachable.
 */
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { EXIT, interruptedExit } from '../../src/exit-codes.js';
import type { PropertyOutcome } from '../../src/fuzz/engine.js';
import { langFromEnv, type Translate, translator } from '../../src/i18n/index.js';
import { defaultReporters } from '../../src/report/names.js';
import { RUN_FLAGS } from '../../src/run-flags.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import type { RunResult } from '../../src/runner/model.js';
import { collect, collectList } from './collect.js';
import type { CommandIo, RunContext } from './io.js';

/** The run flags that mean the same for fuzz (target, identity, sandbox, reference, reports). */
const SHARED = [
  '--base-url',
  '--token',
  '--peer-token',
  '--peer-self-id',
  '--header',
  '--platform',
  '--self-id',
  '--guild',
  '--channel',
  '--grep',
  '--level',
  '--include-experimental',
  '--timeout',
  '--out',
  '--reporter',
  '--embedded',
  '--fault',
  '--tolerate',
  '--variant',
  '--limit-bound',
  '--latency',
  '--config',
  '--verbose',
  '--quiet',
  '--color',
  '--no-color',
];

export function registerFuzz(program: Command, io: CommandIo, context: RunContext): Command {
  const command = program
    .command('fuzz')
    .description('generated inputs from the spec schemas: valid, invalid and stateful, shrunk and replayable')
    .option('--seed <n>', 'fast-check seed (default: from the clock; the report keeps it)')
    .option('--runs <n>', 'runs per property (default 100)')
    .option(
      '--budget <duration>',
      'generation budget, e.g. 60s, 90000ms, 2m (default 60s); the cleanup follows',
    )
    .option('--replay <report.json>', 're-send exactly the findings of an earlier fuzz report');
  for (const flag of RUN_FLAGS.filter((candidate) => SHARED.includes(candidate.flag.split(' ')[0]))) {
    const option = new Option(
      flag.flag,
      flag.key === 'grep' ? 'only properties whose key or finding id matches' : flag.description,
    );
    if (flag.choices) option.choices(flag.choices);
    if (flag.split) option.argParser(flag.split === 'comma' ? collectList : collect);
    command.addOption(option);
  }
  return command.action(async (flags: Record<string, any>) => {
    io.exit(await fuzzCommand(flags, io, context));
  });
}

const whole = (name: string, value: unknown): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new ConfigurationError(`${name} must be a whole number (got '${value}')`);
  return parsed;
};

/** One line per property as it ends (progress, stderr). */
const progressLine = (outcome: PropertyOutcome, t: Translate): string => {
  const status = outcome.findings.length
    ? 'FAIL'
    : outcome.skipped
      ? 'skip'
      : outcome.error
        ? 'ERR '
        : 'ok  ';
  const why =
    outcome.skipped ?? outcome.error ?? outcome.findings.map((finding) => finding.oracle.id).join(', ');
  const [key, runs] = [outcome.property.key, String(outcome.runs)];
  return `${t('fuzz.progress', { status, key, runs, why: why ? t('report.detail', { detail: why }) : '' })}\n`;
};

/** What was generated, per operation: runs and the branches its inputs exercised. */
function generatedSummary(result: RunResult, t: Translate): string {
  const lines = [t('fuzz.generated')];
  for (const property of result.fuzz?.properties ?? []) {
    const branches = Object.entries(property.branches)
      .sort((a, b) => b[1] - a[1])
      .map(([branch, count]) => `${branch} ${count}`);
    lines.push(
      `  ${property.key.padEnd(30)} ${String(property.runs).padStart(5)}  ${property.skipped ? t('fuzz.skipped', { reason: property.skipped }) : branches.join(', ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function fuzzCommand(flags: Record<string, any>, io: CommandIo, context: RunContext): Promise<number> {
  const [
    { fuzz, parseBudget, readReplay },
    { partialResultOf },
    { toRunOptions },
    { parseReporterList, renderReports },
    { loadConfigFile },
    { ensureWritableDir },
  ] = await Promise.all([
    import('../../src/fuzz/index.js'),
    import('../../src/index.js'),
    import('./run-options.js'),
    import('../../src/report/index.js'),
    import('./config.js'),
    import('./preflight.js'),
  ]);
  const { config } = loadConfigFile(flags.config, context.cwd);
  const {
    out = 'reports',
    reporters,
    verbose,
    quiet,
    bail: _bail,
    badgeLevel,
    expectedFailures: _e,
    baselineReport: _b,
    ...options
  } = toRunOptions(flags, config, context.env);
  const color = flags.color ?? context.color;
  const lang = options.lang ?? langFromEnv(context.env);
  const t = translator(lang);
  const reporterNames = parseReporterList(reporters ?? defaultReporters);
  const outDir = resolve(context.cwd, out);
  ensureWritableDir(outDir, '--out', out);
  const seed = whole('--seed', flags.seed);
  const runs = whole('--runs', flags.runs);
  const budgetMs = flags.budget === undefined ? undefined : parseBudget(String(flags.budget));
  const replay = flags.replay ? readReplay(resolve(context.cwd, flags.replay)) : undefined;
  const write = (result: RunResult) => {
    const written: string[] = [];
    for (const report of renderReports(result, reporterNames, {
      color,
      verbose,
      lang,
      ...(badgeLevel ? { badgeLevel } : {}),
    })) {
      if (!report.file) {
        if (!quiet) io.stdout(report.content.toString());
        continue;
      }
      writeFileSync(join(outDir, report.file), report.content);
      written.push(report.file);
    }
    if (written.length && !quiet)
      io.stderr(
        `${t('cli.reportsWritten', { dir: relative(context.cwd, outDir) || '.', files: written.join(', ') })}\n`,
      );
  };
  const result = await fuzz({
    ...options,
    ...(seed !== undefined ? { seed } : {}),
    ...(runs !== undefined ? { runs } : {}),
    ...(budgetMs !== undefined ? { budgetMs } : {}),
    ...(replay ? { replay } : {}),
    ...(context.signal ? { signal: context.signal } : {}),
    onStart: ({ properties, seed: used, target }) => {
      if (!quiet)
        io.stderr(
          `${
            replay
              ? t('fuzz.replay', { n: String(replay.findings.length), file: String(flags.replay), target })
              : t('fuzz.start', { properties: String(properties), seed: String(used), target })
          }\n`,
        );
    },
    onProperty: (outcome) => {
      if (!quiet) io.stderr(progressLine(outcome, t));
    },
  }).catch((error) => {
    const partial = partialResultOf(error);
    if (partial) write(partial);
    throw error;
  });
  if (!quiet) io.stderr(generatedSummary(result, t));
  write(result);
  if (quiet)
    io.stdout(
      `${t('fuzz.quiet', { verdict: result.verdict, seed: String(result.fuzz?.seed), fail: String(result.summary.fail), error: String(result.summary.error) })}\n`,
    );
  if (result.interrupted) return interruptedExit(context.signal?.reason);
  return result.verdict === 'pass' ? EXIT.conforms : EXIT.fails;
}
