/**
 * The vacuity matrix of `npm run faults` (proof 8 of scripts/faults.ts): the dual of the fault matrix.
 * Under each do-nothing server (src/reference/vacuity.ts) a full run passes no check at must or should,
 * except the checks that declare why such a server satisfies their narrow claim
 * (CheckDefinition.vacuousPassReason): a pass must mean the behaviour happened.
 */
import { type VacuityPreset, vacuityPresetIds } from '../../src/reference/vacuity.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { type CheckOutcome, type Executor, inProcessExecutor } from './executors.js';

export interface VacuityRow {
  preset: VacuityPreset;
  /** Checks at must or should that passed and declare no reason: passes without evidence. */
  vacuousPasses: CheckOutcome[];
  /** Checks that passed and declare why (vacuousPassReason). */
  declared: CheckOutcome[];
  /** The run's wall (ms). */
  wallMs: number;
}

export interface VacuityMatrix {
  rows: VacuityRow[];
  /** The declared narrow checks with their sentence. */
  reasons: { id: string; reason: string }[];
  problems: string[];
}

export interface VacuityMatrixOptions {
  checks?: CheckDefinition[];
  presets?: readonly VacuityPreset[];
  executor?: Executor;
  sandbox?: { guild?: string; channel?: string };
  onRun?: (label: string, done: number, total: number) => void;
}

/** A pass that counts: at must or should (experimental included), not info. */
const passesAtShould = (check: CheckOutcome) => check.status === 'pass' && check.level !== 'info';

export async function runVacuityMatrix(options: VacuityMatrixOptions = {}): Promise<VacuityMatrix> {
  const checks = options.checks ?? (await loadChecks());
  const executor = options.executor ?? inProcessExecutor(checks);
  const presets = options.presets ?? vacuityPresetIds;
  const reasonOf = new Map(
    checks.flatMap((check) =>
      check.vacuousPassReason ? [[check.id, check.vacuousPassReason] as const] : [],
    ),
  );
  const problems: string[] = [];
  let done = 0;
  const rows = await Promise.all(
    presets.map(async (preset): Promise<VacuityRow> => {
      const label = `vacuous ${preset}`;
      try {
        // Nothing works, so nothing is waited for long: the run ends fast; no failure is worth confirming.
        const result = await executor.execute({
          label,
          vacuity: preset,
          eventTimeoutMs: 1_500,
          confirm: false,
          ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        });
        const passes = result.checks.filter(passesAtShould);
        return {
          preset,
          vacuousPasses: passes.filter((check) => !reasonOf.has(check.id)),
          declared: passes.filter((check) => reasonOf.has(check.id)),
          wallMs: result.wallMs,
        };
      } catch (error) {
        problems.push(`${label}: the run could not start: ${(error as Error).message}`);
        return { preset, vacuousPasses: [], declared: [], wallMs: 0 };
      } finally {
        options.onRun?.(label, ++done, presets.length);
      }
    }),
  );
  for (const row of rows) {
    for (const check of row.vacuousPasses) {
      problems.push(
        `vacuous ${row.preset}: ${check.id} (${check.level}) passes on a server that does nothing (no vacuousPassReason)`,
      );
    }
  }
  const reasons = [...reasonOf].map(([id, reason]) => ({ id, reason }));
  return { rows, reasons, problems };
}

export function formatVacuityMatrix(matrix: VacuityMatrix): string {
  const lines = [
    'do-nothing server × passing checks at must or should (! = no evidence; ~ = declared narrow)',
  ];
  for (const row of matrix.rows) {
    const mark = row.vacuousPasses.length === 0 ? 'ok  ' : 'PASS';
    lines.push(
      `${mark} ${row.preset}: ${row.vacuousPasses.length} undeclared, ${row.declared.length} declared`,
    );
    for (const check of row.vacuousPasses) lines.push(`       ! ${check.id} (${check.level})`);
    for (const check of row.declared) lines.push(`       ~ ${check.id}`);
  }
  if (matrix.reasons.length > 0) {
    lines.push('checks that may pass on a do-nothing server, and why:');
    for (const { id, reason } of matrix.reasons) lines.push(`  ${id}: ${reason}`);
  }
  lines.push('');
  if (matrix.problems.length === 0) {
    lines.push(`OK: under ${matrix.rows.length} do-nothing servers no check passes without evidence.`);
  } else {
    lines.push(`${matrix.problems.length} problems:`);
    for (const problem of matrix.problems) lines.push(`  - ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}
