/**
 * The run itself, loaded by `conformance [run]`'s action only: --version, --help and list load none of it
 * (issue 11, fast start). Flags + config file → run() → reports → exit code.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EXIT, interruptedExit } from '../../src/exit-codes.js';
import { langFromEnv, translator } from '../../src/i18n/index.js';
import { defaultReporters } from '../../src/report/names.js';
import { parseRunResult } from '../../src/report/parse.js';
import { applyBaseline, loadExpectedFailures } from '../../src/runner/baseline.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { interruptedNotice } from '../../src/runner/journal.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import {
  computeVerdict,
  countsTowardVerdict,
  isFailing,
  nothingCountedReason,
  summarize,
} from '../../src/runner/summary.js';
import type { CommandIo, RunContext } from './io.js';
import { assertPortFree, assertUrl, ensureWritableDir } from './preflight.js';
import { toRunOptions } from './run-options.js';

type Modules = Awaited<ReturnType<typeof loadModules>>;

// Loaded here, not at startup: --version, --help and list need none of them (issue 11, fast start).
async function loadModules() {
  const [
    { partialResultOf, run, validateRunOptions },
    { startTargetForRun },
    { compareRuns, formatComparison, hasRegressions },
    { parseReporterList, renderReports, reporters },
    { createProgress },
    { renderFirstContact },
    { loadConfigFile },
    { formatPlan, planRun },
  ] = await Promise.all([
    import('../../src/index.js'),
    import('../../src/runner/start-target.js'),
    import('../../src/report/compare.js'),
    import('../../src/report/index.js'),
    import('../../src/report/progress.js'),
    import('../../src/report/identities.js'),
    import('./config.js'),
    import('./dry-run.js'),
  ]);
  return {
    partialResultOf,
    run,
    validateRunOptions,
    startTargetForRun,
    compareRuns,
    formatComparison,
    hasRegressions,
    parseReporterList,
    renderReports,
    reporters,
    createProgress,
    renderFirstContact,
    loadConfigFile,
    formatPlan,
    planRun,
  };
}

/** Everything a user can get wrong, checked before the first request (exit 2, one line). */
function prepare(flags: Record<string, unknown>, context: RunContext, modules: Modules) {
  const { config } = modules.loadConfigFile(flags.config as string | undefined, context.cwd);
  const {
    out = 'reports',
    reporters: reporterList = defaultReporters,
    expectedFailures,
    baselineReport,
    badgeLevel,
    verbose = false,
    quiet = false,
    bail = false,
    start,
    waitUrl,
    dryRun,
    color = context.color,
    lang = langFromEnv(context.env),
    suitesDir,
    ...options
  } = toRunOptions(flags, config, context.env);
  modules.validateRunOptions(options);
  assertUrl('--trigger-url', options.triggerUrl, ['http:', 'https:']);
  assertUrl('--events-url', options.eventsUrl, ['ws:', 'wss:', 'http:', 'https:']);
  return {
    options,
    out,
    outDir: resolve(context.cwd, out),
    earlier: baselineReport ? readEarlierReport(resolve(context.cwd, baselineReport)) : undefined,
    baselineReport,
    reporterNames: modules.parseReporterList(reporterList),
    baseline: expectedFailures
      ? { file: expectedFailures, ids: readBaseline(resolve(context.cwd, expectedFailures)) }
      : undefined,
    suitesDirs: suitesDir?.map((dir) => resolve(context.cwd, dir)),
    badgeLevel,
    verbose,
    quiet,
    bail,
    start,
    waitUrl,
    dryRun,
    color,
    lang,
  };
}

type Prepared = ReturnType<typeof prepare>;

/** The report folder is writable and the webhook port free, before anything starts. */
async function preflight(prepared: Prepared, modules: Modules): Promise<void> {
  const { options, outDir, out } = prepared;
  if (prepared.reporterNames.some((name) => modules.reporters[name].outputs.some((output) => output.file)))
    ensureWritableDir(outDir, '--out', out);
  if (options.webhookListen && (options.events ?? 'ws') === 'webhook') {
    const at = options.webhookListen.lastIndexOf(':');
    await assertPortFree(
      '--webhook-listen',
      options.webhookListen.slice(0, at),
      Number(options.webhookListen.slice(at + 1)),
    );
  }
}

/** --bail aborts the run like Ctrl-C does (the engine stops, then cleans up) on the first counted failure. */
function bailer(prepared: Prepared, signal: AbortSignal | undefined) {
  const { options, bail } = prepared;
  const controller = new AbortController();
  const counting = {
    level: options.level ?? (options.faults?.length ? 'should' : 'must'),
    includeExperimental: options.includeExperimental ?? Boolean(options.faults?.length),
  } as const;
  const state = { bailedOn: undefined as string | undefined, cutShort: new Set<string>() };
  const inFlight = new Set<string>();
  return {
    state,
    signal: bail ? (signal ? AbortSignal.any([signal, controller.signal]) : controller.signal) : signal,
    started: (id: string) => inFlight.add(id),
    ended: (check: CheckResult) => {
      inFlight.delete(check.id);
      if (bail && !state.bailedOn && isFailing(check) && countsTowardVerdict(check, counting)) {
        state.bailedOn = check.id;
        state.cutShort = new Set(inFlight);
        controller.abort('bail');
      }
    },
  };
}

/** Starts the target (--start), runs, stops it; a failed run still writes what it knew (issue 12). */
async function execute(prepared: Prepared, modules: Modules, io: CommandIo, context: RunContext) {
  const { options, outDir, suitesDirs, reporterNames, color, verbose, quiet, lang } = prepared;
  const bail = bailer(prepared, context.signal);
  const progress = modules.createProgress(io.stderr, {
    color,
    quiet,
    ...(context.tty ? { tty: context.tty } : {}),
  });
  const started = await modules.startTargetForRun({
    start: prepared.start,
    waitUrl: prepared.waitUrl,
    ...options,
    outDir,
    cwd: context.cwd,
    env: context.env,
    log: io.stderr,
  });
  try {
    const result = await modules
      .run({
        ...options,
        ...(suitesDirs ? { suitesDir: suitesDirs } : {}),
        ...(bail.signal ? { signal: bail.signal } : {}),
        // What is left to undo, on disk while the run lasts (a second Ctrl-C or a crash still leaves it).
        ledgerFile: join(outDir, 'left-behind.sh'),
        onRunStart: (info) => {
          // Issue 43: who the run can act as and what it can observe, before the first check line.
          if (!quiet && info.firstContact) io.stderr(modules.renderFirstContact(info.firstContact, color));
          // Issue 49 item 7: what an interrupted run against this target left is named, never undone silently.
          const left = interruptedNotice(outDir, prepared.out, info.target);
          if (left) io.stderr(left);
          progress.onRunStart(info);
        },
        onQuotaWait: progress.onQuotaWait,
        onCheckStart: (check) => {
          bail.started(check.id);
          progress.onCheckStart(check);
        },
        onCheckResult: (check, position) => {
          progress.onCheckResult(check, position);
          bail.ended(check);
        },
      })
      .catch((error) => {
        // Exit 2/3 after the run started: still write the report files with what it knew (issue 12).
        const partial = modules.partialResultOf(error);
        if (partial)
          for (const report of modules.renderReports(partial, reporterNames, { color, verbose, lang }))
            if (report.file) writeFileSync(join(outDir, report.file), report.content);
        throw error;
      })
      .finally(progress.finish);
    const { bailedOn, cutShort } = bail.state;
    return bailedOn && !context.signal?.aborted ? bailed(result, bailedOn, cutShort) : result;
  } finally {
    await started?.stop();
  }
}

/** Writes the report files, prints the console reports and the comparison with an earlier run. */
function writeReports(result: RunResult, prepared: Prepared, modules: Modules, io: CommandIo, cwd: string) {
  const { outDir, quiet, earlier, color } = prepared;
  const written: string[] = [];
  const comparison = earlier ? modules.compareRuns(earlier, result) : undefined;
  for (const report of modules.renderReports(result, prepared.reporterNames, {
    color,
    verbose: prepared.verbose,
    lang: prepared.lang,
    ...(prepared.badgeLevel ? { badgeLevel: prepared.badgeLevel } : {}),
  })) {
    if (!report.file) {
      io.stdout(quiet ? lastLine(report.content.toString()) : report.content.toString());
      continue;
    }
    writeFileSync(join(outDir, report.file), report.content);
    written.push(report.file);
  }
  if (written.length && !quiet)
    io.stderr(
      `${translator(prepared.lang)('cli.reportsWritten', { dir: relative(cwd, outDir) || '.', files: written.join(', ') })}\n`,
    );
  if (comparison)
    io.stdout(
      `\nCompared with ${prepared.baselineReport}:\n${modules.formatComparison(comparison, { color })}\n`,
    );
  return comparison;
}

export async function runCommand(
  flags: Record<string, unknown>,
  io: CommandIo,
  context: RunContext,
): Promise<number> {
  const modules = await loadModules();
  const prepared = prepare(flags, context, modules);
  if (prepared.dryRun) {
    const { suitesDirs, options } = prepared;
    const plan = await modules.planRun(
      { ...options, ...(suitesDirs ? { suitesDir: suitesDirs } : {}) },
      context.cwd,
    );
    io.stdout(modules.formatPlan(plan));
    return EXIT.conforms;
  }
  await preflight(prepared, modules);
  let result = await execute(prepared, modules, io, context);
  if (prepared.baseline)
    result = applyBaseline(result, prepared.baseline.ids, { file: prepared.baseline.file }).run;
  const comparison = writeReports(result, prepared, modules, io, context.cwd);

  if (result.interrupted) return interruptedExit(context.signal?.reason);
  // Issue 9: a run in which no counted check ran is no CONFORMS.
  const nothingCounted = nothingCountedReason(result);
  if (nothingCounted) {
    io.stderr(`no verdict: ${nothingCounted}\n`);
    return EXIT.usage;
  }
  return result.verdict === 'pass' && !(comparison && modules.hasRegressions(comparison))
    ? EXIT.conforms
    : EXIT.fails;
}

const lastLine = (text: string): string => `${text.trimEnd().split('\n').pop() ?? ''}\n`;

/**
 * A run stopped by --bail is not an interruption: the checks cut short are skips that say why, and a note
 * names the failure that stopped it. The verdict stays what the finished checks say (a fail).
 */
function bailed(result: RunResult, failedCheck: string, cutShort: ReadonlySet<string>): RunResult {
  const reason = `not finished: stopped after first failure (--bail, ${failedCheck})`;
  const checks = result.checks.map((check) =>
    check.status === 'error' && cutShort.has(check.id)
      ? { ...check, status: 'skip' as const, reason }
      : check,
  );
  const { interrupted: _interrupted, ...rest } = result;
  return {
    ...rest,
    checks,
    summary: summarize(checks),
    verdict: computeVerdict(checks, result.level, result.includeExperimental),
    notes: [
      ...(result.notes ?? []),
      `stopped after first failure (--bail): ${failedCheck}; the checks after it did not run`,
    ],
  };
}

function readEarlierReport(path: string): RunResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigurationError(
      `--baseline-report ${path}: cannot read the file; pass a report.json of an earlier run.`,
    );
  }
  try {
    return parseRunResult(text, path);
  } catch (error) {
    throw new ConfigurationError(`--baseline-report: ${(error as Error).message}`);
  }
}

function readBaseline(path: string): Set<string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigurationError(`--expected-failures ${path}: cannot read the file.`);
  }
  try {
    return loadExpectedFailures(text);
  } catch (error) {
    throw new ConfigurationError((error as Error).message);
  }
}
