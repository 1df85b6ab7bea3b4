/**
 * The tolerance matrix of `npm run faults` (proofs 5 and 6 of scripts/faults.ts): under every tolerance
 * alone and every preset a full run has no false verdict, and under each preset every fault it does not
 * mask is still detected.
 */

import { loadFaultCatalogue } from '../../src/embedded.js';
import { DEFAULTS } from '../../src/index.js';
import type { FaultDefinition } from '../../src/reference/contract.js';
import {
  maskedFaults,
  resolveTolerances,
  type ToleranceDefinition,
  toleranceCatalogue,
  tolerancePresets,
} from '../../src/reference/index.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { rotating } from '../../test/support/rotation.js';
import {
  type CheckOutcome,
  type Executor,
  inProcessExecutor,
  type Job,
  type JobResult,
} from './executors.js';
import { checksFor, type FaultRow, faultRow, WEBHOOK_WAITS } from './rows.js';

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
  /** The run's job and every check's outcome (the history matrix compares them with other runs). */
  job: Job;
  outcomes: readonly CheckOutcome[];
  /** The run's wall (ms). */
  wallMs: number;
}

export interface ToleranceMatrix {
  rows: ToleranceRow[];
  /** Per preset: the faults re-run under it, and the faults it masks (not re-run). */
  presetFaults: { preset: string; rows: FaultRow[]; masked: string[] }[];
  problems: string[];
  /** --rotate: the slot whose seventh of the unmasked faults ran under each preset. */
  rotateSlot?: number;
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
  /**
   * `--rotate`: proof 6 (the unmasked faults under each preset) takes this rotation slot's seventh of the
   * faults; the tolerance and preset runs themselves stay whole.
   */
  rotateSlot?: number;
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
          ...(tolerance.runWith?.events === 'webhook' ? WEBHOOK_WAITS : {}),
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
  const presetFaults = [
    ...Object.entries(presets).map(([preset, members]) => {
      const masked = maskedFaults(resolveTolerances(members));
      return {
        preset,
        members: [...members],
        run: faults.filter((fault) => !masked.has(fault.id)),
        masked: faults.filter((fault) => masked.has(fault.id)).map((fault) => fault.id),
      };
    }),
    // A tolerance that names the faults it keeps detected (ToleranceDefinition.keepsDetected): each re-run
    // under it alone, like the faults under a preset (issue 41: a helper missing hides no deviation).
    ...tolerances.flatMap((tolerance) =>
      tolerance.keepsDetected
        ? [
            {
              preset: `tolerance ${tolerance.id}`,
              members: [tolerance.id],
              run: faults.filter((fault) => tolerance.keepsDetected?.includes(fault.id as never)),
              masked: [],
            },
          ]
        : [],
    ),
  ];
  // Proof 6: unmasked faults under each preset, limited to the checks citing them (detection is about those).
  for (const { preset, members, run: toRun } of presetFaults) {
    // --rotate: the rotation slot's seventh of them (test/support/rotation.ts).
    const today =
      options.rotateSlot === undefined
        ? toRun
        : rotating(toRun, 0, { full: false, slot: options.rotateSlot });
    for (const fault of today) {
      const checkIds = checksFor(fault, checks, options.full);
      entries.push({
        kind: 'fault',
        preset,
        fault,
        job: {
          ...faultRunOptions,
          label: `${preset} + fault ${fault.id}`,
          tolerances: members,
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
        job: entry.job,
        outcomes: result.checks,
        wallMs: result.wallMs,
      };
      rows.push(row);
      const what = row.preset ? `preset ${row.label}` : `tolerance ${row.label}`;
      for (const check of row.mustFailures) {
        problems.push(`${what}: must check ${check.id} fails (a false verdict): ${check.reason ?? ''}`);
      }
      for (const check of row.errors)
        problems.push(`${what}: check ${check.id} errors: ${check.reason ?? ''}`);
      // What the tolerance leaves undecided is undecided with its cause, never failed nor passed.
      const undecides = toleranceCatalogue.find((tolerance) => tolerance.id === row.label);
      if (undecides && 'undecides' in undecides)
        for (const id of undecides.undecides.checks) {
          const check = result.checks.find((outcome) => outcome.id === id);
          if (!check?.undecided || !check.reason?.includes(undecides.undecides.state))
            problems.push(
              `${what}: ${id} is not undecided with "${undecides.undecides.state}…": ${check?.status ?? 'not run'} ${check?.reason ?? ''}`,
            );
        }
      // A cause holds failing checks only (src/runner/causes.ts): a must one is reported above, and a should
      // finding of a legal variation (a convention it does not follow) may well have its cause.
    } else {
      const row = faultRow(entry.fault, result.checks);
      faultRows.set(entry.preset, [...(faultRows.get(entry.preset) ?? []), row]);
      if (!row.detected) {
        problems.push(
          `${presetLabel(entry.preset)} + fault ${entry.fault.id} (${entry.fault.rules.join(', ')}): no failing check cites its rules`,
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
    ...(options.rotateSlot === undefined ? {} : { rotateSlot: options.rotateSlot }),
  };
}

/** A preset's name as the matrix prints it; a tolerance's entry (keepsDetected) is named so already. */
const presetLabel = (preset: string): string =>
  preset.startsWith('tolerance ') ? preset : `preset ${preset}`;

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
      `${presetLabel(preset)} × faults: ${detected}/${rows.length} detected; masked (not re-run): ${masked.join(', ') || 'none'}`,
    );
    for (const row of rows.filter((candidate) => !candidate.detected)) {
      lines.push(`MISS ${row.fault.id} [${row.fault.rules.join(', ')}]`);
    }
  }
  lines.push('');
  if (matrix.problems.length === 0) {
    lines.push(
      `OK: no false verdict under ${matrix.rows.length} tolerances and presets; every unmasked fault${matrix.rotateSlot === undefined ? '' : ` of rotation slot ${matrix.rotateSlot} (--rotate)`} still detected.`,
    );
  } else {
    lines.push(`${matrix.problems.length} problems:`);
    for (const problem of matrix.problems) lines.push(`  - ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}
