/**
 * What a run under one fault shows (FaultRow), and which checks a run under a fault needs: shared by the
 * fault matrix (scripts/faults.ts) and the preset re-runs of the tolerance matrix (tolerances.ts).
 */
import type { FaultDefinition } from '../../src/reference/contract.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import { countsTowardVerdict, isFailing } from '../../src/runner/summary.js';
import type { CheckOutcome } from './executors.js';

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
  /** Every check's outcome in the run (the history matrix compares them with other runs). */
  outcomes: readonly CheckOutcome[];
}

const FAULT_RUN_COUNTING = { level: 'should', includeExperimental: true } as const;

/** Checks citing a rule of the fault, or named in its detectedBy. */
export const citedBy = (fault: FaultDefinition, check: Pick<CheckDefinition, 'id' | 'rules'>): boolean =>
  check.rules.some((rule) => fault.rules.includes(rule)) || (fault.detectedBy ?? []).includes(check.id);

/** An after-phase check validates every event the whole run observed, not only what it caused itself. */
export const observesRun = (check: Pick<CheckDefinition, 'phase'>): boolean => check.phase === 'after';

/**
 * The checks a run under the fault needs: those citing it — unless one of them observes the whole run
 * (events.names/known-types sees a misnamed reaction-deleted only when some other check reacts): then
 * every check (undefined).
 */
export function checksFor(
  fault: FaultDefinition,
  checks: readonly CheckDefinition[],
  full: boolean | undefined,
): string[] | undefined {
  const cited = checks.filter((check) => citedBy(fault, check));
  return full || cited.some(observesRun) ? undefined : cited.map((check) => check.id);
}

/** What a run under one fault shows: the checks citing it that failed, collateral failures, errors. */
export function faultRow(fault: FaultDefinition, checks: readonly CheckOutcome[]): FaultRow {
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
    outcomes: checks,
  };
}

/**
 * Runs over webhook wait longer (the tolerance matrix's and the history matrix's): the reference and the
 * checker share a worker process with other runs, and on a machine the tests also load, a delivery queue
 * starved of CPU pauses for seconds. These runs judge the history and the legal variation, not the
 * delivery's speed; a tolerance run's verdicts are the baseline its history runs are compared with.
 */
export const WEBHOOK_WAITS = { eventTimeoutMs: 15_000, checkTimeoutMs: 60_000 } as const;
