/**
 * Self-verification matrix (npm run faults; DESIGN.md "Self-verification"):
 *  1. the clean reference passes every check (experimental included): 0 fail, 0 error;
 *  2. for each fault of the catalogue, a run with it on: the fault is detected when a failing check cites
 *     one of its rules, and every check in its optional detectedBy fails;
 *  3. every check fails under at least one fault — a check no fault can make fail is a defect.
 * Faults run in parallel in-process, each against its own reference on port 0.
 */
import { pathToFileURL } from 'node:url';
import { run } from '../src/index.js';
import type { FaultDefinition } from '../src/reference/contract.js';
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
      const detectedBy = new Set(fault.detectedBy ?? []);
      const citing = (check: CheckResult) => check.rules.some((rule) => fault.rules.includes(rule));
      const failed = failing(result);
      const row: FaultRow = {
        fault,
        expected: failed
          .filter((check) => citing(check) || detectedBy.has(check.id))
          .map((check) => check.id),
        collateral: failed
          .filter((check) => !citing(check) && !detectedBy.has(check.id))
          .map((check) => check.id),
        errors: result.checks.filter((check) => check.status === 'error').map((check) => check.id),
        missed: [...detectedBy].filter((id) => !failed.some((check) => check.id === id)),
        detected: failed.some(citing),
        verdict: result.verdict,
      };
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
  process.stdout.write(`(${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  process.exitCode = matrix.problems.length === 0 ? 0 : 1;
}
