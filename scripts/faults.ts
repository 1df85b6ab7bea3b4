/**
 * Self-verification matrix (npm run faults; DESIGN.md "Self-verification").
 *
 * What it proves, and how each proof is obtained without a full run per fault:
 *  1. The clean reference passes every check (experimental included): 0 fail, 0 error. FULL run (and a
 *     full run under --events webhook when a fault needs that transport).
 *  2. Every fault is detected: under it, a check citing one of its rules fails, and every check of its
 *     detectedBy fails. Shown by a run with the fault on LIMITED to the checks that cite its rules or are
 *     in its detectedBy ("cited checks"): detection is, by definition, about exactly those checks. When a
 *     cited check is an after-phase check (it validates every event the whole run observed, e.g.
 *     events.names/known-types), the run is FULL: its outcome depends on what the other checks cause.
 *  3. `conformance --embedded --fault <id>` exits 1. That run counts every check at level should with
 *     experimental included (bin/commands/run.ts); it exits 1 when one counted check fails or errors. A
 *     limited run shows a counted cited check failing; the full run contains that check too, and the
 *     outcome of a check that is not after-phase does not depend on which other checks run with it: it
 *     works on what it creates itself (messages, scratch channels, its ledger), and checks touching
 *     shared state (mutes, the sandbox's latest page) are exclusive, i.e. run alone even in a full run.
 *     That is the property `--grep`/`--suite` rely on; after-phase checks, which lack it, get full runs.
 *     `--full` (or FAULTS_FULL=1) runs every fault over every check instead: the exhaustive form.
 *  4. Every check fails under at least one fault. A check failing under a fault citing it shows up in 2.
 *     A check that never fails there (it fails only collaterally, if at all) is then run — alone with the
 *     other such checks — under every other fault until it fails; one that fails under none is a defect.
 *  5. Under every tolerance alone and every preset (legacy): a FULL run has no failing must check and
 *     no error (a false verdict under a legal variation is a defect).
 *  6. Under each preset, every fault it does not mask (ToleranceDefinition.masks) is still detected:
 *     LIMITED runs as in 2 (detection concerns only cited checks).
 * Runs go to a pool of worker processes (one per core, `--processes N`), each keeping several runs in
 * flight, each run against its own reference on port 0: the runs are CPU-bound once nothing waits out a
 * window it does not need, so one event loop would use one core.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULTS, run } from '../src/index.js';
import type { FaultDefinition } from '../src/reference/contract.js';
import {
  maskedFaults,
  resolveTolerances,
  type ToleranceDefinition,
  toleranceCatalogue,
  tolerancePresets,
} from '../src/reference/index.js';
import type { CheckDefinition } from '../src/runner/check.js';
import { loadFaultCatalogue } from '../src/runner/embedded.js';
import { loadChecks } from '../src/runner/load.js';
import type { CheckResult, RunResult } from '../src/runner/model.js';
import { countsTowardVerdict, isFailing } from '../src/runner/summary.js';

/** One run of the matrix: options for run() on the embedded reference. */
export interface Job {
  label: string;
  faults?: string[];
  tolerances?: string[];
  events?: 'ws' | 'webhook';
  /** Only these checks (a limited run); absent: every check. */
  checkIds?: string[];
  eventTimeoutMs: number;
  /** The clean run's sandbox: faults may break discovery (e.g. channel types). */
  sandbox?: { guild?: string; channel?: string };
}

/** What the matrix reads of a check's result (small enough to cross a process boundary). */
export type CheckOutcome = Pick<CheckResult, 'id' | 'status' | 'level' | 'experimental' | 'rules' | 'reason'>;

export interface JobResult {
  checks: CheckOutcome[];
}

/** Runs jobs; the in-process one is the default, the CLI uses a pool of processes. */
export interface Executor {
  execute(job: Job): Promise<JobResult>;
  close(): void;
}

async function runJob(job: Job, checks: CheckDefinition[]): Promise<JobResult> {
  const only = job.checkIds ? new Set(job.checkIds) : undefined;
  const result = await run({
    embedded: true,
    includeExperimental: true,
    checks: only ? checks.filter((check) => only.has(check.id)) : checks,
    eventTimeoutMs: job.eventTimeoutMs,
    ...job.sandbox,
    ...(job.faults ? { faults: job.faults } : {}),
    ...(job.tolerances ? { tolerances: job.tolerances } : {}),
    ...(job.events ? { events: job.events } : {}),
  });
  return { checks: result.checks.map(outcome) };
}

const outcome = ({ id, status, level, experimental, rules, reason }: CheckResult): CheckOutcome => ({
  id,
  status,
  level,
  experimental,
  rules,
  ...(reason !== undefined ? { reason } : {}),
});

/** Runs jobs in this process, `parallel` at a time (runs mostly wait on the network when few). */
export function inProcessExecutor(checks: CheckDefinition[], parallel = 8): Executor {
  const queue: (() => void)[] = [];
  let active = 0;
  return {
    async execute(job) {
      if (active >= parallel) await new Promise<void>((resolve) => queue.push(resolve));
      active++;
      try {
        return await runJob(job, checks);
      } finally {
        active--;
        queue.shift()?.();
      }
    },
    close() {},
  };
}

type ToWorker = { n: number; job: Job };
type FromWorker = { n: number; result?: JobResult; error?: string };

/**
 * A pool of `processes` child processes of this script (`--worker`), each with up to `parallel` runs in
 * flight; jobs go to the least busy child. Children inherit the tsx loader through execArgv.
 */
export function processPoolExecutor(processes: number, parallel: number): Executor {
  const script = fileURLToPath(import.meta.url);
  const pending = new Map<
    number,
    { child: ChildProcess; resolve: (r: JobResult) => void; reject: (e: Error) => void }
  >();
  const children = Array.from({ length: processes }, () => {
    const child = fork(script, ['--worker'], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (message: FromWorker) => {
      const waiting = pending.get(message.n);
      pending.delete(message.n);
      slot.set(child, (slot.get(child) ?? 1) - 1);
      waiters.shift()?.();
      if (message.error !== undefined || !message.result) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
    child.on('exit', (code) => {
      // Its runs in flight are lost: each becomes a problem of the matrix (never a silent pass).
      for (const [n, job] of pending) {
        if (job.child !== child) continue;
        pending.delete(n);
        job.reject(new Error(`a matrix worker exited with ${code} during the run`));
      }
    });
    return child;
  });
  const slot = new Map<ChildProcess, number>(children.map((child) => [child, 0]));
  const waiters: (() => void)[] = [];
  let counter = 0;
  const leastBusy = () =>
    children.reduce((best, child) => ((slot.get(child) ?? 0) < (slot.get(best) ?? 0) ? child : best));
  return {
    async execute(job) {
      while ((slot.get(leastBusy()) ?? 0) >= parallel)
        await new Promise<void>((resolve) => waiters.push(resolve));
      const child = leastBusy();
      slot.set(child, (slot.get(child) ?? 0) + 1);
      const n = ++counter;
      return new Promise<JobResult>((resolve, reject) => {
        pending.set(n, { child, resolve, reject });
        child.send({ n, job } satisfies ToWorker);
      });
    },
    close() {
      for (const child of children) child.disconnect();
    },
  };
}

/** The child side of processPoolExecutor. */
async function serveAsWorker(): Promise<void> {
  const checks = loadChecks();
  process.on('message', (message: ToWorker) => {
    const reply = (answer: FromWorker) => process.send?.(answer);
    checks
      .then((loaded) => runJob(message.job, loaded))
      .then(
        (result) => reply({ n: message.n, result }),
        (error: Error) => reply({ n: message.n, error: error.message }),
      );
  });
}

export interface FaultRow {
  fault: FaultDefinition;
  /** Failing checks that cite a rule of the fault or are in detectedBy. */
  expected: string[];
  /** Other failing checks (only those the run included: a limited run holds few). */
  collateral: string[];
  /** Checks that errored under the fault. */
  errors: string[];
  /** detectedBy checks that did not fail. */
  missed: string[];
  detected: boolean;
  /** `conformance --embedded --fault <id>` exits 1: a check it counts (level should, experimental
   * included: bin/commands/run.ts) failed or errored. */
  exitsOne: boolean;
}

export interface FaultMatrix {
  clean: RunResult;
  rows: FaultRow[];
  /** Checks that fail under no fault (a check that cannot fail). */
  neverFailing: string[];
  /** Checks shown to fail only in the second pass (under a fault that does not cite them). */
  collateralOnly: string[];
  problems: string[];
}

export interface FaultMatrixOptions {
  checks?: CheckDefinition[];
  faults?: readonly FaultDefinition[];
  /** Runs in flight at once (in-process executor). Default 8. */
  parallel?: number;
  eventTimeoutMs?: number;
  /** Every fault over every check (the exhaustive form) instead of limited runs. */
  full?: boolean;
  /** Where the fault runs go (default in-process); the clean run always runs here. */
  executor?: Executor;
  /** Called with the clean run's sandbox before any fault run starts. */
  onClean?: (clean: RunResult) => void;
  onFault?: (row: FaultRow, done: number, total: number) => void;
}

const FAULT_RUN_COUNTING = { level: 'should', includeExperimental: true } as const;

/** Checks citing a rule of the fault, or named in its detectedBy. */
const citedBy = (fault: FaultDefinition, check: Pick<CheckDefinition, 'id' | 'rules'>): boolean =>
  check.rules.some((rule) => fault.rules.includes(rule)) || (fault.detectedBy ?? []).includes(check.id);

/** An after-phase check validates every event the whole run observed, not only what it caused itself. */
const observesRun = (check: Pick<CheckDefinition, 'phase'>): boolean => check.phase === 'after';

/**
 * The checks a run under the fault needs: those citing it — unless one of them observes the whole run
 * (events.names/known-types sees a misnamed reaction-deleted only when some other check reacts): then
 * every check (undefined).
 */
function checksFor(
  fault: FaultDefinition,
  checks: readonly CheckDefinition[],
  full: boolean | undefined,
): string[] | undefined {
  const cited = checks.filter((check) => citedBy(fault, check));
  return full || cited.some(observesRun) ? undefined : cited.map((check) => check.id);
}

export async function runFaultMatrix(options: FaultMatrixOptions = {}): Promise<FaultMatrix> {
  const checks = options.checks ?? (await loadChecks());
  const faults = options.faults ?? loadFaultCatalogue();
  const eventTimeoutMs = options.eventTimeoutMs ?? 1_500;
  const problems: string[] = [];

  // Clean runs wait for events as long as the CLI does: on a busy machine a late event must not fail a
  // clean run (it waits only when an event is missing, which a clean reference never does).
  const cleanOptions = {
    embedded: true,
    checks,
    includeExperimental: true,
    eventTimeoutMs: DEFAULTS.eventTimeoutMs,
  } as const;
  // A fault that needs other run options (webhook delivery) needs a clean pass under them too.
  const [clean, cleanWebhook] = await Promise.all([
    run(cleanOptions),
    faults.some((fault) => fault.runWith?.events === 'webhook')
      ? run({ ...cleanOptions, events: 'webhook' })
      : undefined,
  ]);
  // Faults may break discovery (e.g. channel types): fault runs use the clean run's sandbox.
  const sandbox = { guild: clean.sandbox?.guildId, channel: clean.sandbox?.channelId };
  options.onClean?.(clean);
  const executor = options.executor ?? inProcessExecutor(checks, options.parallel);
  const attempt = async (job: Omit<Job, 'eventTimeoutMs' | 'sandbox'>): Promise<JobResult | undefined> => {
    try {
      return await executor.execute({ ...job, eventTimeoutMs, sandbox });
    } catch (error) {
      problems.push(`${job.label}: the run could not start: ${(error as Error).message}`);
      return undefined;
    }
  };

  const cleanRuns = [
    { label: 'clean reference', checks: clean.checks },
    ...(cleanWebhook ? [{ label: 'clean reference (--events webhook)', checks: cleanWebhook.checks }] : []),
  ];

  let done = 0;
  const rows = await Promise.all(
    faults.map(async (fault) => {
      const checkIds = checksFor(fault, checks, options.full);
      // run() itself picks the transport a fault needs (FaultDefinition.runWith).
      const result = await attempt({
        label: `fault ${fault.id}`,
        faults: [fault.id],
        ...(checkIds ? { checkIds } : {}),
      });
      const row = faultRow(fault, result?.checks ?? []);
      options.onFault?.(row, ++done, faults.length);
      return row;
    }),
  );

  // Proof 4, second pass: checks no fault citing them made fail, run under every other fault.
  const failedSomewhere = new Set(rows.flatMap((row) => [...row.expected, ...row.collateral]));
  const residual = checks.filter((check) => !failedSomewhere.has(check.id));
  const collateralOnly = new Set<string>();
  if (residual.length > 0 && !options.full) {
    // Alone unless one of them observes the whole run (then with every check, as above).
    const checkIds = residual.some(observesRun) ? undefined : residual.map((check) => check.id);
    const wanted = new Set(residual.map((check) => check.id));
    await Promise.all(
      faults.map(async (fault) => {
        const result = await attempt({
          label: `fault ${fault.id} (uncovered checks)`,
          faults: [fault.id],
          ...(checkIds ? { checkIds } : {}),
        });
        for (const check of result?.checks ?? [])
          if (check.status === 'fail' && wanted.has(check.id)) collateralOnly.add(check.id);
      }),
    );
  }

  for (const { label, checks: cleanChecks } of cleanRuns) {
    for (const check of cleanChecks.filter(isFailing)) {
      problems.push(`${label}: ${check.id} ${check.status}s: ${check.reason ?? ''}`);
    }
  }
  for (const row of rows) {
    if (!row.detected) {
      problems.push(
        `fault ${row.fault.id} (${row.fault.rules.join(', ')}): no failing check cites its rules`,
      );
    }
    for (const id of row.missed) problems.push(`fault ${row.fault.id}: detectedBy check ${id} did not fail`);
    if (!row.exitsOne) {
      problems.push(
        `fault ${row.fault.id}: no counted check fails, so conformance --embedded --fault ${row.fault.id} exits 0`,
      );
    }
  }
  const neverFailing = clean.checks
    .filter((check) => !failedSomewhere.has(check.id) && !collateralOnly.has(check.id))
    .map((check) => check.id);
  for (const id of neverFailing) problems.push(`check ${id} fails under no fault: it cannot fail (a defect)`);
  return { clean, rows, neverFailing, collateralOnly: [...collateralOnly], problems };
}

/** What a run under one fault shows: the checks citing it that failed, collateral failures, errors. */
function faultRow(fault: FaultDefinition, checks: readonly CheckOutcome[]): FaultRow {
  const detectedBy = new Set(fault.detectedBy ?? []);
  const citing = (check: CheckOutcome) => check.rules.some((rule) => fault.rules.includes(rule));
  const failed = checks.filter((check) => check.status === 'fail');
  return {
    fault,
    expected: failed.filter((check) => citing(check) || detectedBy.has(check.id)).map((check) => check.id),
    collateral: failed
      .filter((check) => !citing(check) && !detectedBy.has(check.id))
      .map((check) => check.id),
    errors: checks.filter((check) => check.status === 'error').map((check) => check.id),
    missed: [...detectedBy].filter((id) => !failed.some((check) => check.id === id)),
    detected: failed.some(citing),
    exitsOne: checks.some((check) => isFailing(check) && countsTowardVerdict(check, FAULT_RUN_COUNTING)),
  };
}

export interface ToleranceRow {
  /** A tolerance id, or a preset name. */
  label: string;
  preset: boolean;
  /** Must-level checks that failed: false verdicts. */
  mustFailures: CheckOutcome[];
  /** Checks that errored: false verdicts too (an error counts against the verdict). */
  errors: CheckOutcome[];
  /** Should-level failures: allowed under a tolerance (a should check may name a de-facto preference). */
  shouldFailures: string[];
}

export interface ToleranceMatrix {
  rows: ToleranceRow[];
  /** Per preset: the faults re-run under it, and the faults it masks (not re-run). */
  presetFaults: { preset: string; rows: FaultRow[]; masked: string[] }[];
  problems: string[];
}

export interface ToleranceMatrixOptions {
  checks?: CheckDefinition[];
  tolerances?: readonly ToleranceDefinition[];
  presets?: Record<string, readonly string[]>;
  /** Faults to re-run under each preset (default the whole catalogue). */
  faults?: readonly FaultDefinition[];
  parallel?: number;
  /** Event timeout of the fault re-runs (the tolerance runs use the CLI's). */
  eventTimeoutMs?: number;
  /** The sandbox of the clean run (guild, channel). */
  sandbox?: { guild?: string; channel?: string };
  /** Fault re-runs over every check instead of the checks citing the fault. */
  full?: boolean;
  executor?: Executor;
  onRun?: (label: string, done: number, total: number) => void;
}

export async function runToleranceMatrix(options: ToleranceMatrixOptions = {}): Promise<ToleranceMatrix> {
  const checks = options.checks ?? (await loadChecks());
  const tolerances: readonly ToleranceDefinition[] = options.tolerances ?? toleranceCatalogue;
  const presets: Record<string, readonly string[]> = options.presets ?? tolerancePresets;
  const faults = options.faults ?? loadFaultCatalogue();
  const executor = options.executor ?? inProcessExecutor(checks, options.parallel);
  const sandbox = options.sandbox ? { sandbox: options.sandbox } : {};
  // Full runs that must pass wait for events as long as the CLI (see runFaultMatrix); fault runs do not.
  const runOptions = { eventTimeoutMs: DEFAULTS.eventTimeoutMs, ...sandbox };
  const faultRunOptions = { eventTimeoutMs: options.eventTimeoutMs ?? 1_500, ...sandbox };
  type Entry =
    | { kind: 'tolerance'; job: Job; label: string; preset: boolean }
    | { kind: 'fault'; job: Job; preset: string; fault: FaultDefinition };
  // Proof 5: a FULL run under every tolerance alone and every preset.
  const entries: Entry[] = [
    ...tolerances.map(
      (tolerance): Entry => ({
        kind: 'tolerance',
        label: tolerance.id,
        preset: false,
        job: {
          ...runOptions,
          label: `tolerance ${tolerance.id}`,
          tolerances: [tolerance.id],
          ...(tolerance.runWith?.events ? { events: tolerance.runWith.events } : {}),
        },
      }),
    ),
    ...Object.entries(presets).map(
      ([preset, members]): Entry => ({
        kind: 'tolerance',
        label: preset,
        preset: true,
        job: { ...runOptions, label: `preset ${preset}`, tolerances: [...members] },
      }),
    ),
  ];
  const presetFaults = Object.entries(presets).map(([preset, members]) => {
    const masked = maskedFaults(resolveTolerances(members));
    return {
      preset,
      run: faults.filter((fault) => !masked.has(fault.id)),
      masked: faults.filter((fault) => masked.has(fault.id)).map((fault) => fault.id),
    };
  });
  // Proof 6: unmasked faults under each preset, limited to the checks citing them (detection is about those).
  for (const { preset, run: toRun } of presetFaults) {
    for (const fault of toRun) {
      const checkIds = checksFor(fault, checks, options.full);
      entries.push({
        kind: 'fault',
        preset,
        fault,
        job: {
          ...faultRunOptions,
          label: `${preset} + fault ${fault.id}`,
          tolerances: [...presets[preset]],
          faults: [fault.id],
          ...(checkIds ? { checkIds } : {}),
        },
      });
    }
  }

  const problems: string[] = [];
  let done = 0;
  const outcomes = await Promise.all(
    entries.map(async (entry) => {
      let result: JobResult | undefined;
      try {
        result = await executor.execute(entry.job);
      } catch (error) {
        problems.push(`${entry.job.label}: the run could not start: ${(error as Error).message}`);
      }
      options.onRun?.(entry.job.label, ++done, entries.length);
      return { entry, result };
    }),
  );

  const rows: ToleranceRow[] = [];
  const faultRows = new Map<string, FaultRow[]>();
  for (const { entry, result } of outcomes) {
    if (!result) continue;
    if (entry.kind === 'tolerance') {
      const row: ToleranceRow = {
        label: entry.label,
        preset: entry.preset,
        mustFailures: result.checks.filter((check) => check.status === 'fail' && check.level === 'must'),
        errors: result.checks.filter((check) => check.status === 'error'),
        shouldFailures: result.checks
          .filter((check) => check.status === 'fail' && check.level !== 'must')
          .map((check) => check.id),
      };
      rows.push(row);
      const what = row.preset ? `preset ${row.label}` : `tolerance ${row.label}`;
      for (const check of row.mustFailures) {
        problems.push(`${what}: must check ${check.id} fails (a false verdict): ${check.reason ?? ''}`);
      }
      for (const check of row.errors)
        problems.push(`${what}: check ${check.id} errors: ${check.reason ?? ''}`);
    } else {
      const row = faultRow(entry.fault, result.checks);
      faultRows.set(entry.preset, [...(faultRows.get(entry.preset) ?? []), row]);
      if (!row.detected) {
        problems.push(
          `preset ${entry.preset} + fault ${entry.fault.id} (${entry.fault.rules.join(', ')}): no failing check cites its rules`,
        );
      }
    }
  }
  return {
    rows,
    presetFaults: presetFaults.map(({ preset, masked }) => ({
      preset,
      rows: faultRows.get(preset) ?? [],
      masked,
    })),
    problems,
  };
}

export function formatToleranceMatrix(matrix: ToleranceMatrix): string {
  const lines: string[] = [
    'tolerance × false verdicts (! = must check failing or any check erroring; should failures counted)',
  ];
  for (const row of matrix.rows) {
    const bad = row.mustFailures.length + row.errors.length;
    const name = row.preset ? `preset ${row.label}` : row.label;
    lines.push(`${bad === 0 ? 'ok  ' : 'FAIL'} ${name}  (${row.shouldFailures.length} should failing)`);
    for (const check of row.mustFailures)
      lines.push(`       ! ${check.id} (must fail): ${check.reason ?? ''}`);
    for (const check of row.errors) lines.push(`       ! ${check.id} (error): ${check.reason ?? ''}`);
  }
  for (const { preset, rows, masked } of matrix.presetFaults) {
    const detected = rows.filter((row) => row.detected).length;
    lines.push('');
    lines.push(
      `preset ${preset} × faults: ${detected}/${rows.length} detected; masked (not re-run): ${masked.join(', ') || 'none'}`,
    );
    for (const row of rows.filter((candidate) => !candidate.detected)) {
      lines.push(`MISS ${row.fault.id} [${row.fault.rules.join(', ')}]`);
    }
  }
  lines.push('');
  if (matrix.problems.length === 0) {
    lines.push(
      `OK: no false verdict under ${matrix.rows.length} tolerances and presets; every unmasked fault still detected.`,
    );
  } else {
    lines.push(`${matrix.problems.length} problems:`);
    for (const problem of matrix.problems) lines.push(`  - ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}

export function formatMatrix(matrix: FaultMatrix): string {
  const lines: string[] = [];
  const { clean } = matrix;
  lines.push(
    `clean reference: ${clean.summary.total} checks, ${clean.summary.pass} pass, ${clean.summary.fail} fail, ` +
      `${clean.summary.error} error, ${clean.summary.skip} skip`,
  );
  lines.push('');
  lines.push(
    'fault × failing checks (* = expected: cites a fault rule or listed in detectedBy; + = collateral)',
  );
  for (const row of matrix.rows) {
    const mark = row.detected && row.missed.length === 0 ? 'ok  ' : 'MISS';
    lines.push(`${mark} ${row.fault.id} [${row.fault.rules.join(', ')}]`);
    for (const id of row.expected) lines.push(`       * ${id}`);
    for (const id of row.collateral) lines.push(`       + ${id}`);
    for (const id of row.errors) lines.push(`       ! ${id} (error)`);
  }
  if (matrix.collateralOnly.length > 0) {
    lines.push('');
    lines.push(`fail only under a fault not citing them: ${matrix.collateralOnly.join(', ')}`);
  }
  lines.push('');
  if (matrix.problems.length === 0) {
    lines.push(`OK: ${matrix.rows.length} faults detected; every check fails under at least one fault.`);
  } else {
    lines.push(`${matrix.problems.length} problems:`);
    for (const problem of matrix.problems) lines.push(`  - ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `npm run faults [-- --processes N] [-- --full]`; `--worker` is the child side of the process pool. */
async function main(args: string[]): Promise<number> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const processesArg = args.indexOf('--processes');
  const processes =
    processesArg >= 0
      ? Math.max(1, Number(args[processesArg + 1]) || 1)
      : Math.max(1, availableParallelism());
  const full = args.includes('--full') || process.env.FAULTS_FULL === '1';
  const checks = await loadChecks();
  // Each child keeps 6 runs in flight: enough to cover the event waits a run still has, few enough that
  // a busy event loop does not delay events past the 1.5 s event timeout.
  const executor = processes > 1 ? processPoolExecutor(processes, 6) : inProcessExecutor(checks, 6);
  const timings: string[] = [];
  let tolerancesDone: Promise<ToleranceMatrix> | undefined;
  try {
    const faultsDone = runFaultMatrix({
      checks,
      executor,
      full,
      onClean: (clean) => {
        timings.push(`clean full run ${elapsed()}`);
        const sandbox = { guild: clean.sandbox?.guildId, channel: clean.sandbox?.channelId };
        tolerancesDone = runToleranceMatrix({
          checks,
          executor,
          full,
          sandbox,
          onRun: (label, done, total) => {
            process.stderr.write(`[tolerances ${done}/${total}] ${label}\n`);
            if (done === total) timings.push(`tolerance matrix (${total} runs) done at ${elapsed()}`);
          },
        });
      },
      onFault: (row, done, total) => {
        process.stderr.write(
          `[${done}/${total}] ${row.fault.id}: ${row.expected.length + row.collateral.length} failing\n`,
        );
        if (done === total) timings.push(`fault matrix (${total} runs) done at ${elapsed()}`);
      },
    });
    const matrix = await faultsDone;
    timings.push(`fault matrix with its second pass done at ${elapsed()}`);
    process.stdout.write(formatMatrix(matrix));
    const tolerances = await (tolerancesDone as Promise<ToleranceMatrix>);
    process.stdout.write(`\n${formatToleranceMatrix(tolerances)}`);
    process.stdout.write(
      `\n(${elapsed()} on ${processes} process${processes > 1 ? 'es' : ''}, ${full ? 'every fault over every check' : 'fault runs limited to the checks citing the fault'}: ${timings.join('; ')})\n`,
    );
    return matrix.problems.length === 0 && tolerances.problems.length === 0 ? 0 : 1;
  } finally {
    executor.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--worker')) await serveAsWorker();
  else process.exitCode = await main(process.argv.slice(2));
}
