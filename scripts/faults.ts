/**
 * Self-verification matrix (npm run faults; DESIGN.md "Self-verification"):
 *  1. the clean reference passes every check (experimental included): 0 fail, 0 error;
 *  2. for each fault of the catalogue, a run with it on: the fault is detected when a failing check cites
 *     one of its rules, and every check in its optional detectedBy fails;
 *  3. every check fails under at least one fault — a check no fault can make fail is a defect.
 * Faults run in parallel in-process, each against its own reference on port 0.
 * Then the other side, the tolerance matrix (runToleranceMatrix):
 *  4. under every tolerance alone and under every preset (legacy), a full run has no failing must check
 *     and no error — a check that fails at must under a legal variation is a false verdict, a defect;
 *  5. under each preset, every fault the preset does not mask (ToleranceDefinition.masks: the fault breaks
 *     the very behaviour a tolerance replaces) is still detected.
 */
import { pathToFileURL } from 'node:url';
import { run } from '../src/index.js';
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

export interface FaultRow {
  fault: FaultDefinition;
  /** Failing checks that cite a rule of the fault or are in detectedBy. */
  expected: string[];
  /** Other failing checks. */
  collateral: string[];
  /** Checks that errored under the fault. */
  errors: string[];
  /** detectedBy checks that did not fail. */
  missed: string[];
  detected: boolean;
  /** The run's verdict: 'fail' is what makes `conformance --embedded --fault <id>` exit 1. */
  verdict: RunResult['verdict'];
}

export interface FaultMatrix {
  clean: RunResult;
  rows: FaultRow[];
  /** Checks that fail under no fault (a check that cannot fail). */
  neverFailing: string[];
  problems: string[];
}

export interface FaultMatrixOptions {
  checks?: CheckDefinition[];
  faults?: readonly FaultDefinition[];
  /** Fault runs in flight at once. Default 8. */
  parallel?: number;
  eventTimeoutMs?: number;
  onFault?: (row: FaultRow, done: number, total: number) => void;
}

const failing = (result: RunResult): CheckResult[] =>
  result.checks.filter((check) => check.status === 'fail');

export async function runFaultMatrix(options: FaultMatrixOptions = {}): Promise<FaultMatrix> {
  const checks = options.checks ?? (await loadChecks());
  const faults = options.faults ?? loadFaultCatalogue();
  const common = {
    embedded: true,
    checks,
    includeExperimental: true,
    eventTimeoutMs: options.eventTimeoutMs ?? 1_500,
  } as const;
  const problems: string[] = [];
  const setupFailures: string[] = [];

  const clean = await run(common);
  // Faults may break discovery (e.g. channel types): fault runs use the clean run's sandbox.
  const sandbox = { guild: clean.sandbox?.guildId, channel: clean.sandbox?.channelId };
  // A fault that needs other run options (webhook delivery) needs a clean pass under them too.
  const cleanRuns = [{ label: 'clean reference', result: clean }];
  if (faults.some((fault) => fault.runWith?.events === 'webhook')) {
    cleanRuns.push({
      label: 'clean reference (--events webhook)',
      result: await run({ ...common, ...sandbox, events: 'webhook' }),
    });
  }
  for (const { label, result } of cleanRuns) {
    for (const check of result.checks.filter((c) => c.status === 'fail' || c.status === 'error')) {
      problems.push(`${label}: ${check.id} ${check.status}s: ${check.reason ?? ''}`);
    }
  }

  const rows: FaultRow[] = new Array(faults.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < faults.length) {
      const index = next++;
      const fault = faults[index];
      let result: RunResult;
      try {
        // run() itself picks the transport a fault needs (FaultDefinition.runWith).
        result = await run({ ...common, ...sandbox, faults: [fault.id] });
      } catch (error) {
        setupFailures.push(`fault ${fault.id}: the run could not start: ${(error as Error).message}`);
        result = { ...clean, checks: [] };
      }
      const row = faultRow(fault, result);
      rows[index] = row;
      options.onFault?.(row, ++done, faults.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 8) }, worker));

  problems.push(...setupFailures);
  for (const row of rows) {
    if (!row.detected) {
      problems.push(
        `fault ${row.fault.id} (${row.fault.rules.join(', ')}): no failing check cites its rules`,
      );
    }
    for (const id of row.missed) problems.push(`fault ${row.fault.id}: detectedBy check ${id} did not fail`);
    if (row.verdict !== 'fail') {
      problems.push(
        `fault ${row.fault.id}: the run conforms, so conformance --embedded --fault ${row.fault.id} exits 0`,
      );
    }
  }
  const everFailed = new Set(rows.flatMap((row) => [...row.expected, ...row.collateral]));
  const neverFailing = clean.checks.filter((check) => !everFailed.has(check.id)).map((check) => check.id);
  for (const id of neverFailing) problems.push(`check ${id} fails under no fault: it cannot fail (a defect)`);
  return { clean, rows, neverFailing, problems };
}

/** What a run under one fault shows: the checks citing it that failed, collateral failures, errors. */
function faultRow(fault: FaultDefinition, result: RunResult): FaultRow {
  const detectedBy = new Set(fault.detectedBy ?? []);
  const citing = (check: CheckResult) => check.rules.some((rule) => fault.rules.includes(rule));
  const failed = failing(result);
  return {
    fault,
    expected: failed.filter((check) => citing(check) || detectedBy.has(check.id)).map((check) => check.id),
    collateral: failed
      .filter((check) => !citing(check) && !detectedBy.has(check.id))
      .map((check) => check.id),
    errors: result.checks.filter((check) => check.status === 'error').map((check) => check.id),
    missed: [...detectedBy].filter((id) => !failed.some((check) => check.id === id)),
    detected: failed.some(citing),
    verdict: result.verdict,
  };
}

/** Runs `work` over `items`, `parallel` at a time, keeping the order of the results. */
async function inPool<T, R>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return results;
}

export interface ToleranceRow {
  /** A tolerance id, or a preset name. */
  label: string;
  preset: boolean;
  /** Must-level checks that failed: false verdicts. */
  mustFailures: CheckResult[];
  /** Checks that errored: false verdicts too (an error counts against the verdict). */
  errors: CheckResult[];
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
  eventTimeoutMs?: number;
  /** The sandbox of the clean run (guild, channel). */
  sandbox?: { guild?: string; channel?: string };
  onRun?: (label: string, done: number, total: number) => void;
}

export async function runToleranceMatrix(options: ToleranceMatrixOptions = {}): Promise<ToleranceMatrix> {
  const checks = options.checks ?? (await loadChecks());
  const tolerances: readonly ToleranceDefinition[] = options.tolerances ?? toleranceCatalogue;
  const presets: Record<string, readonly string[]> = options.presets ?? tolerancePresets;
  const faults = options.faults ?? loadFaultCatalogue();
  const common = {
    embedded: true,
    checks,
    includeExperimental: true,
    eventTimeoutMs: options.eventTimeoutMs ?? 1_500,
    ...options.sandbox,
  } as const;
  type Job =
    | { kind: 'tolerance'; label: string; ids: string[]; preset: boolean; events?: 'ws' | 'webhook' }
    | { kind: 'fault'; preset: string; ids: string[]; fault: FaultDefinition };
  const jobs: Job[] = [
    ...tolerances.map(
      (tolerance): Job => ({
        kind: 'tolerance',
        label: tolerance.id,
        ids: [tolerance.id],
        preset: false,
        ...(tolerance.runWith?.events ? { events: tolerance.runWith.events } : {}),
      }),
    ),
    ...Object.entries(presets).map(
      ([preset, members]): Job => ({ kind: 'tolerance', label: preset, ids: [...members], preset: true }),
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
  for (const { preset, run: toRun } of presetFaults) {
    for (const fault of toRun) jobs.push({ kind: 'fault', preset, ids: [...presets[preset]], fault });
  }

  const problems: string[] = [];
  let done = 0;
  const outcomes = await inPool(jobs, options.parallel ?? 8, async (job) => {
    const label = job.kind === 'tolerance' ? job.label : `${job.preset} + fault ${job.fault.id}`;
    let result: RunResult | undefined;
    try {
      result =
        job.kind === 'tolerance'
          ? await run({ ...common, tolerances: job.ids, ...(job.events ? { events: job.events } : {}) })
          : await run({ ...common, tolerances: job.ids, faults: [job.fault.id] });
    } catch (error) {
      problems.push(`${label}: the run could not start: ${(error as Error).message}`);
    }
    options.onRun?.(label, ++done, jobs.length);
    return { job, result };
  });

  const rows: ToleranceRow[] = [];
  const faultRows = new Map<string, FaultRow[]>();
  for (const { job, result } of outcomes) {
    if (!result) continue;
    if (job.kind === 'tolerance') {
      const row: ToleranceRow = {
        label: job.label,
        preset: job.preset,
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
      const row = faultRow(job.fault, result);
      faultRows.set(job.preset, [...(faultRows.get(job.preset) ?? []), row]);
      if (!row.detected) {
        problems.push(
          `preset ${job.preset} + fault ${job.fault.id} (${job.fault.rules.join(', ')}): no failing check cites its rules`,
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
  lines.push('');
  if (matrix.problems.length === 0) {
    lines.push(`OK: ${matrix.rows.length} faults detected; every check fails under at least one fault.`);
  } else {
    lines.push(`${matrix.problems.length} problems:`);
    for (const problem of matrix.problems) lines.push(`  - ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const matrix = await runFaultMatrix({
    onFault: (row, done, total) =>
      process.stderr.write(
        `[${done}/${total}] ${row.fault.id}: ${row.expected.length + row.collateral.length} failing\n`,
      ),
  });
  process.stdout.write(formatMatrix(matrix));
  const sandbox = { guild: matrix.clean.sandbox?.guildId, channel: matrix.clean.sandbox?.channelId };
  const tolerances = await runToleranceMatrix({
    sandbox,
    onRun: (label, done, total) => process.stderr.write(`[tolerances ${done}/${total}] ${label}\n`),
  });
  process.stdout.write(`\n${formatToleranceMatrix(tolerances)}`);
  process.stdout.write(`(${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  process.exitCode = matrix.problems.length === 0 && tolerances.problems.length === 0 ? 0 : 1;
}
