/**
 * The vacuity matrix of `npm run faults` (proof 8 of scripts/faults.ts): the dual of the fault matrix.
 * Under each do-nothing server (src/reference/vacuity.ts) a full run passes no check at must or should,
 * except the checks that declare why such a server satisfies their narrow claim
 * (CheckDefinition.vacuousPassReason): a pass must mean the behaviour happened. The same for
 * `conformance fuzz` (issue 41): under each do-nothing server a fuzz run passes no oracle at must or
 * should but those declaring why (Oracle.vacuousPassReason) — the refusal oracles included, which pass
 * only with their operation's control (src/fuzz/controls.ts).
 */
import { allProperties, fuzz } from '../../src/fuzz/index.js';
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

/** A fuzz run under a do-nothing server: its oracles that passed. */
export interface FuzzVacuityRow {
  preset: VacuityPreset;
  /** Oracles at must or should that passed and declare no reason: passes without evidence. */
  vacuousPasses: { id: string; level: string }[];
  /** Oracles that passed and declare why (Oracle.vacuousPassReason). */
  declared: string[];
  wallMs: number;
}

export interface VacuityMatrix {
  rows: VacuityRow[];
  /** The same presets under `conformance fuzz` (empty when the matrix ran without fuzz). */
  fuzzRows: FuzzVacuityRow[];
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
  /** Also run `conformance fuzz` under each preset (default true). */
  fuzz?: boolean;
}

/** The fuzz oracles that declare why a do-nothing server satisfies them. */
const fuzzReasons = (): Map<string, string> =>
  new Map(
    allProperties().flatMap((property) =>
      property.oracles.flatMap((oracle) =>
        oracle.vacuousPassReason ? [[oracle.id, oracle.vacuousPassReason] as const] : [],
      ),
    ),
  );

/**
 * A fuzz run under `preset`: a fixed seed, few runs per property (each generated input meets the same
 * answer, so more runs would show nothing new), a short budget.
 */
async function fuzzRow(preset: VacuityPreset, reasons: Map<string, string>): Promise<FuzzVacuityRow> {
  const started = performance.now();
  const result = await fuzz({ embedded: true, vacuity: preset, seed: 1, runs: 8, budgetMs: 30_000 });
  const passes = result.checks.filter((check) => check.status === 'pass' && check.level !== 'info');
  return {
    preset,
    vacuousPasses: passes
      .filter((check) => !reasons.has(check.id))
      .map((check) => ({ id: check.id, level: check.level })),
    declared: passes.filter((check) => reasons.has(check.id)).map((check) => check.id),
    wallMs: performance.now() - started,
  };
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
  const fuzzing = options.fuzz !== false;
  const total = presets.length * (fuzzing ? 2 : 1);
  const oracleReasons = fuzzReasons();
  const fuzzRowsDone = Promise.all(
    (fuzzing ? presets : []).map(async (preset): Promise<FuzzVacuityRow> => {
      const label = `vacuous ${preset} (conformance fuzz)`;
      try {
        return await fuzzRow(preset, oracleReasons);
      } catch (error) {
        problems.push(`${label}: the fuzz could not run: ${(error as Error).message}`);
        return { preset, vacuousPasses: [], declared: [], wallMs: 0 };
      } finally {
        options.onRun?.(label, ++done, total);
      }
    }),
  );
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
        options.onRun?.(label, ++done, total);
      }
    }),
  );
  const fuzzRows = await fuzzRowsDone;
  for (const row of rows) {
    for (const check of row.vacuousPasses) {
      problems.push(
        `vacuous ${row.preset}: ${check.id} (${check.level}) passes on a server that does nothing (no vacuousPassReason)`,
      );
    }
  }
  for (const row of fuzzRows) {
    for (const oracle of row.vacuousPasses) {
      problems.push(
        `vacuous ${row.preset} (fuzz): ${oracle.id} (${oracle.level}) passes on a server that does nothing (no vacuousPassReason)`,
      );
    }
  }
  const declaredOracles = new Set(fuzzRows.flatMap((row) => row.declared));
  const reasons = [
    ...[...reasonOf].map(([id, reason]) => ({ id, reason })),
    ...[...oracleReasons].filter(([id]) => declaredOracles.has(id)).map(([id, reason]) => ({ id, reason })),
  ];
  return { rows, fuzzRows, reasons, problems };
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
  if (matrix.fuzzRows.length > 0)
    lines.push('conformance fuzz under each do-nothing server × passing oracles at must or should:');
  for (const row of matrix.fuzzRows) {
    const mark = row.vacuousPasses.length === 0 ? 'ok  ' : 'PASS';
    lines.push(
      `${mark} ${row.preset} (fuzz): ${row.vacuousPasses.length} undeclared, ${row.declared.length} declared (${(row.wallMs / 1000).toFixed(1)} s)`,
    );
    for (const oracle of row.vacuousPasses) lines.push(`       ! ${oracle.id} (${oracle.level})`);
    for (const id of row.declared) lines.push(`       ~ ${id}`);
  }
  if (matrix.reasons.length > 0) {
    lines.push('checks that may pass on a do-nothing server, and why:');
    for (const { id, reason } of matrix.reasons) lines.push(`  ${id}: ${reason}`);
  }
  lines.push('');
  if (matrix.problems.length === 0) {
    lines.push(
      `OK: under ${matrix.rows.length} do-nothing servers no check${matrix.fuzzRows.length > 0 ? ' and no fuzz oracle' : ''} passes without evidence.`,
    );
  } else {
    lines.push(`${matrix.problems.length} problems:`);
    for (const problem of matrix.problems) lines.push(`  - ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}
