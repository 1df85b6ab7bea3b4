/**
 * The run itself, loaded by `conformance [run]`'s action only: --version, --help and list load none of it
 * (issue 11, fast start). Flags + config file → run() → reports → exit code.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EXIT, interruptedExit } from '../../src/exit-codes.js';
import type { RunOptions } from '../../src/index.js';
import { defaultReporters } from '../../src/report/names.js';
import { parseRunResult } from '../../src/report/parse.js';
import { applyBaseline, loadExpectedFailures } from '../../src/runner/baseline.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import type { RunResult } from '../../src/runner/model.js';
import {
  computeVerdict,
  countsTowardVerdict,
  isFailing,
  nothingCountedReason,
  summarize,
} from '../../src/runner/summary.js';
import type { CommandIo } from './io.js';
import { assertPortFree, assertUrl, ensureWritableDir } from './preflight.js';
import type { RunContext } from './run.js';

const number = (name: string, value: unknown): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed)) throw new ConfigurationError(`${name} must be a number (got '${value}')`);
  return parsed;
};

const pairs = (
  name: string,
  values: string[] | undefined,
  separator: string,
): Record<string, string> | undefined => {
  if (!values) return undefined;
  const result: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf(separator);
    if (at <= 0) throw new ConfigurationError(`${name} '${value}' must look like key${separator}value`);
    result[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return result;
};

/** Flags override the config file; tokens fall back to the environment. */
export function toRunOptions(
  flags: Record<string, any>,
  config: Record<string, any>,
  env: NodeJS.ProcessEnv,
): RunOptions & {
  out: string;
  reporters: string[];
  expectedFailures?: string;
  baselineReport?: string;
  badgeLevel?: 'must' | 'should';
  verbose: boolean;
  quiet: boolean;
  bail: boolean;
} {
  const pick = (key: string) => flags[key] ?? config[key];
  const headers = { ...(config.header ?? {}), ...(pairs('--header', flags.header, ':') ?? {}) };
  const variants = { ...(config.variant ?? {}), ...(pairs('--variant', flags.variant, '=') ?? {}) };
  const triggerHeaders = {
    ...(config.triggerHeader ?? {}),
    ...(pairs('--trigger-header', flags.triggerHeader, ':') ?? {}),
  };
  const options = {
    baseUrl: pick('baseUrl'),
    embedded: pick('embedded'),
    token: flags.token ?? env.CONFORMANCE_TOKEN ?? config.token,
    peerToken: flags.peerToken ?? env.CONFORMANCE_PEER_TOKEN ?? config.peerToken,
    peerSelfId: pick('peerSelfId'),
    headers: Object.keys(headers).length ? headers : undefined,
    platform: pick('platform'),
    selfId: pick('selfId'),
    guild: pick('guild'),
    channel: pick('channel'),
    user: pick('user'),
    suites: pick('suite'),
    grep: pick('grep'),
    level: pick('level'),
    includeExperimental: pick('includeExperimental'),
    profile: pick('profile'),
    timeoutMs: number('--timeout', pick('timeout')),
    eventTimeoutMs: number('--event-timeout', pick('eventTimeout')),
    checkTimeoutMs: number('--check-timeout', pick('checkTimeout')),
    runTimeoutMs: number('--run-timeout', pick('runTimeout')),
    concurrency: number('--concurrency', pick('concurrency')),
    seed: number('--seed', pick('seed')),
    // commander sets confirm true unless --no-confirm: only a false from the flag beats the config file.
    confirm: flags.confirm === false ? false : config.confirm,
    dirty: pick('dirty'),
    faults: pick('fault'),
    tolerances: flags.tolerate,
    variants: Object.keys(variants).length ? variants : undefined,
    limitBound: number('--limit-bound', pick('limitBound')),
    emoji: pick('emoji'),
    latencyMs: number('--latency', pick('latency')),
    events: pick('events'),
    eventsUrl: pick('eventsUrl'),
    webhookListen: pick('webhookListen'),
    triggerUrl: pick('triggerUrl'),
    triggerHeaders: Object.keys(triggerHeaders).length ? triggerHeaders : undefined,
    triggerCommand: pick('triggerCommand'),
    allowDestructive: pick('allowDestructive'),
    out: pick('out') ?? 'reports',
    reporters: pick('reporter') ?? defaultReporters,
    expectedFailures: pick('expectedFailures'),
    baselineReport: pick('baselineReport'),
    badgeLevel: pick('badgeLevel'),
    verbose: pick('verbose') ?? false,
    quiet: flags.quiet ?? false,
    bail: flags.bail ?? false,
    suitesDir: flags.suitesDir,
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as any;
}

export async function runCommand(
  flags: Record<string, any>,
  io: CommandIo,
  context: RunContext,
): Promise<number> {
  // Loaded here, not at startup: --version, --help and list need none of them (issue 11, fast start).
  const [
    { partialResultOf, run, validateRunOptions },
    { startTargetForRun },
    { compareRuns, formatComparison, hasRegressions },
    { parseReporterList, renderReports, reporters },
    { createProgress },
    { loadConfigFile },
    { formatPlan, planRun },
  ] = await Promise.all([
    import('../../src/index.js'),
    import('../../src/runner/start-target.js'),
    import('../../src/report/compare.js'),
    import('../../src/report/index.js'),
    import('../../src/report/progress.js'),
    import('./config.js'),
    import('./dry-run.js'),
  ]);
  // Everything a user can get wrong is checked here, before the first request (exit 2, one line).
  const { config } = loadConfigFile(flags.config, context.cwd);
  const {
    out,
    reporters: reporterList,
    expectedFailures,
    baselineReport,
    badgeLevel,
    verbose,
    quiet,
    bail,
    ...options
  } = toRunOptions(flags, config, context.env);
  const color = flags.color ?? context.color;
  validateRunOptions(options);
  assertUrl('--trigger-url', options.triggerUrl, ['http:', 'https:']);
  assertUrl('--events-url', options.eventsUrl, ['ws:', 'wss:', 'http:', 'https:']);
  const earlier = baselineReport ? readEarlierReport(resolve(context.cwd, baselineReport)) : undefined;
  const reporterNames = parseReporterList(reporterList);
  const baseline = expectedFailures
    ? { file: expectedFailures, ids: readBaseline(resolve(context.cwd, expectedFailures)) }
    : undefined;
  const { suitesDir, ...rest } = options;
  const suitesDirs = suitesDir ? (suitesDir as string[]).map((dir) => resolve(context.cwd, dir)) : undefined;

  if (flags.dryRun) {
    io.stdout(
      formatPlan(
        await planRun({ ...options, ...(suitesDirs ? { suitesDir: suitesDirs } : {}) }, context.cwd),
      ),
    );
    return EXIT.conforms;
  }

  const outDir = resolve(context.cwd, out);
  if (reporterNames.some((name) => reporters[name].outputs.some((output) => output.file)))
    ensureWritableDir(outDir, '--out', out);
  if (options.webhookListen && (options.events ?? 'ws') === 'webhook') {
    const at = options.webhookListen.lastIndexOf(':');
    await assertPortFree(
      '--webhook-listen',
      options.webhookListen.slice(0, at),
      Number(options.webhookListen.slice(at + 1)),
    );
  }

  // --bail aborts the run like Ctrl-C does (the engine stops, then cleans up) on the first counted failure.
  const bailer = new AbortController();
  const signal = bail
    ? context.signal
      ? AbortSignal.any([context.signal, bailer.signal])
      : bailer.signal
    : context.signal;
  const counting = {
    level: options.level ?? (options.faults?.length ? 'should' : 'must'),
    includeExperimental: options.includeExperimental ?? Boolean(options.faults?.length),
  } as const;
  let bailedOn: string | undefined;
  const inFlight = new Set<string>();
  let cutShort = new Set<string>();
  const progress = createProgress(io.stderr, { color, quiet, ...(context.tty ? { tty: context.tty } : {}) });
  const started = await startTargetForRun({
    start: flags.start,
    waitUrl: flags.waitUrl,
    ...rest,
    outDir: resolve(context.cwd, out),
    cwd: context.cwd,
    env: context.env,
    log: io.stderr,
  });
  let result: RunResult;
  try {
    result = await run({
      ...rest,
      ...(suitesDirs ? { suitesDir: suitesDirs } : {}),
      ...(signal ? { signal } : {}),
      // What is left to undo, on disk while the run lasts (a second Ctrl-C or a crash still leaves it).
      ledgerFile: join(outDir, 'left-behind.sh'),
      onRunStart: progress.onRunStart,
      onCheckStart: (check) => {
        inFlight.add(check.id);
        progress.onCheckStart(check);
      },
      onCheckResult: (check, position) => {
        inFlight.delete(check.id);
        progress.onCheckResult(check, position);
        if (bail && !bailedOn && isFailing(check) && countsTowardVerdict(check, counting)) {
          bailedOn = check.id;
          cutShort = new Set(inFlight);
          bailer.abort('bail');
        }
      },
    })
      .catch((error) => {
        // Exit 2/3 after the run started: still write the report files with what it knew (issue 12).
        const partial = partialResultOf(error);
        if (partial)
          for (const report of renderReports(partial, reporterNames, { color, verbose }))
            if (report.file) writeFileSync(join(outDir, report.file), report.content);
        throw error;
      })
      .finally(progress.finish);
  } finally {
    await started?.stop();
  }
  if (bailedOn && !context.signal?.aborted) result = bailed(result, bailedOn, cutShort);
  if (baseline) result = applyBaseline(result, baseline.ids, { file: baseline.file }).run;

  const written: string[] = [];
  const comparison = earlier ? compareRuns(earlier, result) : undefined;
  for (const report of renderReports(result, reporterNames, {
    color,
    verbose,
    ...(badgeLevel ? { badgeLevel } : {}),
  })) {
    if (!report.file) {
      io.stdout(quiet ? lastLine(report.content.toString()) : report.content.toString());
      continue;
    }
    writeFileSync(join(outDir, report.file), report.content);
    written.push(report.file);
  }
  if (written.length && !quiet)
    io.stderr(`reports written to ${relative(context.cwd, outDir) || '.'}/: ${written.join(', ')}\n`);

  if (comparison)
    io.stdout(`\nCompared with ${baselineReport}:\n${formatComparison(comparison, { color })}\n`);

  if (result.interrupted) return interruptedExit(context.signal?.reason);
  // Issue 9: a run in which no counted check ran is no CONFORMS.
  const nothingCounted = nothingCountedReason(result);
  if (nothingCounted) {
    io.stderr(`no verdict: ${nothingCounted}\n`);
    return EXIT.usage;
  }
  return result.verdict === 'pass' && !(comparison && hasRegressions(comparison))
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
