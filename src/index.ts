/**
 * Programmatic API (what bin/ and the self-tests call): run(options) → RunResult. The composition root:
 * run() reads as the steps of a run (src/run-steps.ts), the options are settled in src/options.ts.
 * It prints nothing; progress goes through callbacks.
 */
import { inLang, phraseLang } from './i18n/index.js';
import { type RunOptions, validateRunOptions } from './options.js';
import { RunState } from './run-state.js';
import {
  checkEnvironment,
  detectTargetVariants,
  findSandbox,
  finishedResult,
  learnCapabilities,
  loadRunChecks,
  makeClient,
  makeTrigger,
  openEvents,
  provePeerDistinct,
  type RunError,
  recoverOrThrow,
  resolveTarget,
  runChecks,
} from './run-steps.js';
import type { RunResult } from './runner/model.js';
import type { HeldMs } from './runner/run.js';
import { selectChecks } from './runner/select.js';

export { CHOICES, DEFAULTS, type RunOptions, validateRunOptions } from './options.js';
export type { CheckContext, CheckDefinition } from './runner/check.js';
export { defineCheck } from './runner/check.js';
export { ConfigurationError, UnreachableError } from './runner/errors.js';
export type * from './runner/model.js';

/** Numbers about a run that are not part of its report (benchmarks). */
export interface RunStats {
  /** HTTP requests the run sent to the target. */
  requestsSent: number;
  /** The same, by operation (e.g. 'guild.list'). */
  requestsByOperation: Record<string, number>;
  /** Per check, the time it waited behind other checks after it had started (EngineOutcome.queuedMs). */
  queuedMs: Record<string, number>;
  /** Per check and hold, how long it held it alone and shared (EngineOutcome.heldMs). */
  heldMs: Record<string, HeldMs>;
}

/** Runs the checks against the target and returns the run result (reports are the caller's business). */
export async function run(options: RunOptions): Promise<RunResult> {
  return (await runWithStats(options)).result;
}

/** run(), with the run's statistics beside its result. */
export async function runWithStats(options: RunOptions): Promise<{ result: RunResult; stats: RunStats }> {
  validateRunOptions(options);
  // The texts the checks compose, in the language asked for (the CLI's, when it calls without one).
  if (options.lang !== undefined && options.lang !== phraseLang())
    return inLang(options.lang, () => runWithStats(options));
  const checks = await loadRunChecks(options);
  const state = new RunState(options);
  let queuedMs: Record<string, number> = {};
  let heldMs: Record<string, HeldMs> = {};
  const stats = (): RunStats => ({
    requestsSent: state.client?.requestCount ?? 0,
    requestsByOperation: { ...state.client?.requestsByOperation },
    queuedMs,
    heldMs,
  });
  try {
    const target = await resolveTarget(state);
    const { client, ledger } = makeClient(state, target);
    const eventsUnavailableReason = await openEvents(state, target);
    await learnCapabilities(state, client, target);
    const sandbox = await findSandbox(state, client, target);
    await provePeerDistinct(state, client, sandbox, target, ledger);
    await detectTargetVariants(state, client, sandbox, ledger);
    const trigger = makeTrigger(options, state.reference);
    const { suites, grep } = options;
    const selected = selectChecks(checks, {
      suites,
      grep,
      profile: state.settings.profile,
      variants: state.variants,
    });
    const env = checkEnvironment(
      state,
      { client, ledger, sandbox, target, trigger },
      eventsUnavailableReason,
    );
    const outcome = await runChecks(state, selected, env, target);
    ({ queuedMs, heldMs } = outcome);
    return { result: finishedResult(state, outcome), stats: stats() };
  } catch (error) {
    return { result: await recoverOrThrow(state, error), stats: stats() };
  } finally {
    await state.teardown();
  }
}

/**
 * The partial RunResult of a run that ended with an error after its options were valid (exit 2/3): what
 * it knew (notes, findings, cleanup, where it stopped), so the CLI still writes the reports.
 */
export const partialResultOf = (error: unknown): RunResult | undefined =>
  typeof error === 'object' && error !== null ? (error as RunError).partialResult : undefined;

export type { FaultDefinition, ReferenceOptions, ReferenceServer } from './reference/contract.js';
// The rest of the programmatic API (docs/api.md): the reference, the report writers,
// reading, comparing and gating reports.
export { startReference } from './reference/index.js';
export { compareRuns, hasRegressions, type RunComparison } from './report/compare.js';
export {
  defaultReporters,
  type RenderedReport,
  type ReporterName,
  renderReports,
  reporterNames,
} from './report/index.js';
export { parseRunResult } from './report/parse.js';
export { applyBaseline, loadExpectedFailures } from './runner/baseline.js';
export { loadChecks } from './runner/load.js';
export { selectChecks } from './runner/select.js';
export { type StartedTarget, type StartTargetOptions, startTarget } from './runner/start-target.js';
