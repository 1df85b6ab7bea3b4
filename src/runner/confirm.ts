/**
 * Failures confirmed alone (--confirm, on by default; docs/checking-a-server.md "Verdicts that do not depend on history"): after
 * the main pass and its cleanup, each counted failure is run again by itself, in a fresh run context (no
 * shared observation, no per-run memory of the main pass), and the result says whether it reproduced.
 * A failure that did not reproduce alone still counts: its evidence stands beside the re-run's.
 */
import { tr } from '../i18n/index.js';
import type { CheckDefinition } from './check.js';
import type { CheckEnvironment } from './context/environment.js';
import type { CheckResult, CleanupRecord, Confirmation } from './model.js';
import { type EngineOptions, type EngineOutcome, executeChecks } from './run.js';

/** Why an after-phase check is not re-run: it judges every event the whole run observed. */
export const notConfirmable = (): string => tr`not re-run alone: it judges every event of the whole run`;

export interface ConfirmOptions {
  /** Whether a failure counts toward the verdict (only those are confirmed). */
  counts: (result: CheckResult) => boolean;
  /** The engine options of the main pass (its timeouts, capabilities, signal). */
  engine: EngineOptions;
  /** How long the re-runs may take together; the failures left then are reported as not re-run. */
  budgetMs: number;
  /** Per check, what it waited behind other checks in the main pass (EngineOutcome.queuedMs). */
  queuedMs?: Readonly<Record<string, number>>;
}

/**
 * Re-runs every counted failure alone, one after another, each that fits in what is left of the budget:
 * the results with `confirmation` set, and what the re-runs' cleanups did.
 */
export async function confirmFailures(
  results: readonly CheckResult[],
  checks: readonly CheckDefinition[],
  env: CheckEnvironment,
  options: ConfirmOptions,
): Promise<{ results: CheckResult[]; cleanup: CleanupRecord[] }> {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const confirmed: CheckResult[] = [];
  const cleanup: CleanupRecord[] = [];
  const deadline = performance.now() + options.budgetMs;
  for (const result of results) {
    const check = byId.get(result.id);
    const wanted = result.status === 'fail' && options.counts(result) && check !== undefined;
    if (!wanted || options.engine.signal?.aborted) {
      confirmed.push(result);
      continue;
    }
    const notRerun = check.phase === 'after' ? notConfirmable() : overBudget(result, deadline, options);
    if (notRerun) {
      confirmed.push({ ...result, confirmation: { reproduced: false, status: 'skip', reason: notRerun } });
      continue;
    }
    const rerun = await runAlone(check, env, options.engine);
    cleanup.push(...rerun.cleanup);
    confirmed.push({ ...result, confirmation: rerun.confirmation });
  }
  return { results: confirmed, cleanup };
}

/**
 * Why a re-run is not started: it would not end within the budget, judged by the check's own time in the
 * main pass (less what it waited behind other checks). So the budget bounds the pass's end, not only its
 * starts: a failure that waited out an event timeout longer than what is left is not waited out again.
 */
function overBudget(result: CheckResult, deadline: number, options: ConfirmOptions): string | undefined {
  const leftMs = deadline - performance.now();
  const ownMs = result.durationMs - (options.queuedMs?.[result.id] ?? 0);
  if (ownMs <= leftMs) return undefined;
  const seconds = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  const budget = seconds(options.budgetMs);
  return leftMs <= 0
    ? tr`not re-run alone: the confirmation budget (${budget}) ran out`
    : tr`not re-run alone: it took ${seconds(ownMs)} in the main pass, more than the ${seconds(leftMs)} left of the confirmation budget (${budget})`;
}

async function runAlone(
  check: CheckDefinition,
  env: CheckEnvironment,
  engine: EngineOptions,
): Promise<{ confirmation: Confirmation; cleanup: CleanupRecord[] }> {
  // A fresh run context: a new sandbox object (per-run memories are keyed by it) and no shared memo.
  const alone: CheckEnvironment = {
    ...env,
    sandbox: { ...env.sandbox },
    shared: new Map(),
    missedEvents: new Map(),
  };
  const { onCheckStart, onCheckResult, onCleanupStart, idleWork, signal, limit, ...quiet } = engine;
  // A signal of its own, following the run's: what the re-run listens to goes with it.
  const stop = new AbortController();
  const follow = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', follow, { once: true });
  try {
    const outcome = await executeChecks([check], alone, { ...quiet, signal: stop.signal, concurrency: 1 });
    return confirmationOf(outcome);
  } finally {
    signal?.removeEventListener('abort', follow);
  }
}

function confirmationOf(outcome: EngineOutcome): { confirmation: Confirmation; cleanup: CleanupRecord[] } {
  const rerun = outcome.results[0];
  const confirmation: Confirmation = {
    reproduced: rerun?.status === 'fail',
    status: rerun?.status ?? 'error',
    ...(rerun?.reason === undefined ? {} : { reason: rerun.reason }),
    ...(rerun?.evidence === undefined ? {} : { evidence: rerun.evidence }),
  };
  return { confirmation, cleanup: outcome.cleanup };
}
