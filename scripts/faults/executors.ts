/**
 * Where the runs of the self-verification matrix go (scripts/faults.ts): in this process, or a pool of
 * worker processes of scripts/faults.ts (`--worker`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { run, startReference } from '../../src/index.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import type { CheckResult } from '../../src/runner/model.js';

/** One run of the matrix: options for run() on the embedded reference. */
export interface Job {
  label: string;
  faults?: string[];
  tolerances?: string[];
  events?: 'ws' | 'webhook';
  /** Only these checks (a limited run); absent: every check. */
  checkIds?: string[];
  eventTimeoutMs: number;
  /** The check timeout of its runs (default the CLI's). */
  checkTimeoutMs?: number;
  /** The clean run's sandbox: faults may break discovery (e.g. channel types). */
  sandbox?: { guild?: string; channel?: string };
  /** A do-nothing server in place of the reference (src/reference/vacuity.ts). */
  vacuity?: string;
  /** Start the reference in a dirty world (every item of src/reference/dirty.ts, or these items). */
  dirty?: boolean | string[];
  /** The seed of each run's check order, in turn (--seed); absent: the fixed order. */
  seeds?: readonly number[];
  /** How many runs one after another against ONE reference process (default 1): back to back. */
  runs?: number;
  /**
   * A mutant series: the faults of each run in turn, switched on the one reference process between runs
   * (the world an earlier faulty run left is the next one's); `runs` defaults to its length.
   */
  faultSeries?: readonly (readonly string[])[];
  /** Re-run each counted failure alone (--confirm; default true). */
  confirm?: boolean;
}

/** What the matrix reads of a check's result (small enough to cross a process boundary). */
export type CheckOutcome = Pick<
  CheckResult,
  'id' | 'status' | 'level' | 'experimental' | 'rules' | 'reason'
> & {
  /** A skip that could not be decided (CheckResult.undecided). */
  undecided?: true;
  /** A counted failure re-run alone (--confirm): whether it failed again; absent when not re-run. */
  reproducedAlone?: boolean;
  /** An after-phase failure, which is not re-run alone (it judges the whole run). */
  notConfirmable?: true;
};

export interface JobResult {
  checks: CheckOutcome[];
  /** The first run's wall (ms): the history matrix starts its longest jobs first. */
  wallMs: number;
  /** With runs > 1: the checks of each later run, in order (back to back against one reference). */
  later?: CheckOutcome[][];
}

/** Runs jobs; the in-process one is the default, the CLI uses a pool of processes. */
export interface Executor {
  execute(job: Job): Promise<JobResult>;
  close(): void;
}

async function runJob(job: Job, checks: CheckDefinition[]): Promise<JobResult> {
  const only = job.checkIds ? new Set(job.checkIds) : undefined;
  const runs = job.runs ?? job.faultSeries?.length ?? 1;
  const reference = runs > 1 ? await startJobReference(job) : undefined;
  const runOnce = async (index: number) => {
    const seed = job.seeds?.[index];
    const series = job.faultSeries?.[index];
    if (series) reference?.refault(series);
    const result = await run({
      ...(reference ? { reference } : { embedded: true }),
      includeExperimental: true,
      checks: only ? checks.filter((check) => only.has(check.id)) : checks,
      eventTimeoutMs: job.eventTimeoutMs,
      ...(job.checkTimeoutMs === undefined ? {} : { checkTimeoutMs: job.checkTimeoutMs }),
      ...job.sandbox,
      ...(seed === undefined ? {} : { seed }),
      ...(reference
        ? // As a run with --fault counts (src/run-state.ts settle): should level, experimental included.
          job.faults?.length || series?.length
          ? { level: 'should' as const }
          : {}
        : {
            ...(job.faults ? { faults: job.faults } : {}),
            ...(job.tolerances ? { tolerances: job.tolerances } : {}),
            ...(job.dirty ? { dirty: job.dirty } : {}),
            ...(job.vacuity ? { vacuity: job.vacuity } : {}),
          }),
      ...(job.events ? { events: job.events } : {}),
      ...(job.confirm === false ? { confirm: false } : {}),
    });
    return result.checks.map(outcomeOf);
  };
  try {
    const started = performance.now();
    const checksOf: CheckOutcome[][] = [await runOnce(0)];
    const wallMs = performance.now() - started;
    for (let index = 1; index < runs; index++) checksOf.push(await runOnce(index));
    const [first, ...later] = checksOf;
    return {
      checks: first,
      wallMs,
      ...(later.length ? { later } : {}),
    };
  } finally {
    await reference?.close();
  }
}

/** One reference process for runs back to back (its faults, tolerances and dirt). */
const startJobReference = (job: Job) =>
  startReference({
    ...(job.faults ? { faults: job.faults } : {}),
    ...(job.faultSeries?.[0] ? { faults: [...job.faultSeries[0]] } : {}),
    ...(job.tolerances ? { tolerances: job.tolerances } : {}),
    ...(job.dirty ? { dirty: job.dirty } : {}),
  });

/** What the matrix keeps of a check's result. */
export const outcomeOf = ({
  id,
  status,
  level,
  experimental,
  rules,
  reason,
  undecided,
  confirmation,
}: CheckResult): CheckOutcome => ({
  id,
  status,
  level,
  experimental,
  rules,
  ...(reason !== undefined ? { reason } : {}),
  ...(undecided ? { undecided: true as const } : {}),
  ...(confirmation && confirmation.status !== 'skip' ? { reproducedAlone: confirmation.reproduced } : {}),
  ...(confirmation?.status === 'skip' ? { notConfirmable: true as const } : {}),
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
 * A pool of `processes` child processes of scripts/faults.ts (`--worker`), each with up to `parallel` runs in
 * flight; jobs go to the least busy child. Children inherit the tsx loader through execArgv.
 */
export function processPoolExecutor(processes: number, parallel: number): Executor {
  const script = fileURLToPath(new URL('../faults.ts', import.meta.url));
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
export async function serveAsWorker(): Promise<void> {
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
