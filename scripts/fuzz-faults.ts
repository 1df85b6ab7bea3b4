/**
 * Self-verification of `conformance fuzz` (issue 23), both ways; `npm run faults` runs it after the check
 * matrix (scripts/faults.ts).
 *  1. Found: under each fuzz-only fault (foundBy 'fuzz', src/reference/faults/fuzz.ts) a fuzz run with
 *     the default runs and budget, a fixed seed, and the properties citing the fault's rules (see `citing`)
 *     has a failing finding that cites one of the fault's rules, with the seed, the
 *     path and a curl line per step; `--replay` of that report against the faulty reference fails the same
 *     findings again.
 *  2. No false finding: the clean reference under several seeds, and every tolerance alone and every
 *     preset (legacy), give no failing and no erroring property at any level.
 * Runs go several at once in this process, each against its own reference on port 0.
 */
import { pathToFileURL } from 'node:url';
import { loadFuzzFaults } from '../src/embedded.js';
import { allProperties, type FuzzOptions, fuzz } from '../src/fuzz/index.js';
import { toleranceCatalogue, tolerancePresets } from '../src/reference/index.js';
import type { RunResult } from '../src/runner/model.js';
import { grepExactly } from '../src/runner/select.js';

export interface FuzzMatrixOptions {
  /** Seeds of the clean runs (default 1, 2, 3). */
  seeds?: number[];
  /** Runs per property of the tolerance runs, twice that for the clean ones (default 15; fault runs: the default). */
  runs?: number;
  faults?: string[];
  tolerances?: string[];
  /** Runs in flight at once (default 10: a run waits on its requests more than it computes). */
  parallel?: number;
  onRun?: (label: string, line: string) => void;
}

interface Job {
  label: string;
  run: () => Promise<string[]>;
}

const failing = (result: RunResult) =>
  result.checks.filter((check) => check.status === 'fail' || check.status === 'error');

/** A run that must find nothing: its problems. */
async function noFinding(label: string, options: FuzzOptions): Promise<string[]> {
  const result = await fuzz({ embedded: true, ...options });
  return failing(result).map(
    (check) => `${label}: ${check.id} ${check.status}s (${check.reason?.slice(0, 200)})`,
  );
}

/**
 * The properties with an oracle citing one of these rules, as a --grep. A fault run holds only those: a
 * property's inputs depend on the seed alone and it works on what it creates, so what it finds does not
 * depend on which other properties run beside it (the argument scripts/faults.ts makes for checks).
 */
const citing = (rules: ReadonlySet<string>): string =>
  grepExactly(
    allProperties()
      .filter((property) => property.oracles.some((oracle) => oracle.rules.some((rule) => rules.has(rule))))
      .map((property) => property.key),
  );

/** A fault run: found, replayable; its problems. */
async function found(fault: string): Promise<string[]> {
  const rules = new Set(loadFuzzFaults().find((entry) => entry.id === fault)?.rules ?? []);
  const result = await fuzz({ embedded: true, faults: [fault], seed: 1, grep: citing(rules) });
  const findings = result.fuzz?.findings ?? [];
  const cited = failing(result).filter(
    (check) => check.status === 'fail' && check.rules.some((rule) => rules.has(rule)),
  );
  const problems: string[] = [];
  if (cited.length === 0)
    problems.push(`fault ${fault}: no finding cites its rules (${[...rules].join(', ')})`);
  if (result.verdict !== 'fail')
    problems.push(`fault ${fault}: the fuzz verdict is ${result.verdict}, so it exits 0`);
  for (const check of cited) {
    if (!check.evidence?.exchanges.length || check.evidence.exchanges.some((exchange) => !exchange.curl))
      problems.push(`fault ${fault}: ${check.id} has no curl per step`);
    if (!findings.some((finding) => finding.id === check.id && finding.seed === 1 && finding.path))
      problems.push(`fault ${fault}: ${check.id} has no seed and path in the fuzz section`);
  }
  if (findings.length === 0) return problems;
  const replayed = await fuzz({ embedded: true, faults: [fault], replay: { file: 'report.json', findings } });
  const again = new Set(failing(replayed).map((check) => check.id));
  for (const finding of findings)
    if (!again.has(finding.id)) problems.push(`fault ${fault}: --replay did not reproduce ${finding.id}`);
  return problems;
}

async function pool(
  jobs: Job[],
  parallel: number,
  onRun?: (label: string, line: string) => void,
): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const started = performance.now();
      const found = await job
        .run()
        .catch((error: Error) => [`${job.label}: the run failed: ${error.message}`]);
      problems.push(...found);
      onRun?.(
        job.label,
        `${found.length ? 'FAIL' : 'ok  '} ${job.label} (${((performance.now() - started) / 1000).toFixed(1)} s)${found.map((problem) => `\n       ${problem}`).join('')}`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  return problems;
}

/** The tolerances and presets the fuzz matrix runs under. */
const allTolerances = (): string[] => [
  ...toleranceCatalogue.map((entry) => entry.id),
  ...Object.keys(tolerancePresets),
];

export async function runFuzzMatrix(options: FuzzMatrixOptions = {}): Promise<string[]> {
  const runs = options.runs ?? 15;
  const faults = options.faults ?? loadFuzzFaults().map((fault) => fault.id);
  const tolerances = options.tolerances ?? allTolerances();
  const faultJobs: Job[] = faults.map((fault) => ({
    label: `fault ${fault} (seed 1, default runs and budget)`,
    run: () => found(fault),
  }));
  const jobs: Job[] = [
    ...(options.seeds ?? [1, 2, 3]).map((seed) => ({
      label: `clean reference, seed ${seed}, ${2 * runs} runs`,
      run: () => noFinding(`clean seed ${seed}`, { seed, runs: 2 * runs }),
    })),
    ...tolerances.map((tolerance, index) => ({
      label: `tolerance ${tolerance}, seed ${index + 1}, ${runs} runs`,
      run: () => noFinding(`tolerance ${tolerance}`, { seed: index + 1, runs, tolerances: [tolerance] }),
    })),
  ];
  // The fault runs first, by themselves: their default budget is a wall-clock one, so they must not share
  // the machine with the many cheap runs that follow.
  const problems = await pool(faultJobs, faultJobs.length, options.onRun);
  return [...problems, ...(await pool(jobs, options.parallel ?? 10, options.onRun))];
}

/**
 * The proof as `npm run faults` runs it, printed; `pick` narrows the tolerances (its --rotate). Returns
 * the number of problems.
 */
export async function runFuzzProof(pick?: (tolerances: string[]) => string[]): Promise<number> {
  const started = performance.now();
  const tolerances = pick ? pick(allTolerances()) : allTolerances();
  process.stdout.write(
    `\nfuzz: fuzz-only faults found and replayed; no finding on the clean reference or under ${pick ? `${tolerances.length} tolerances of the rotation` : 'a tolerance'}\n`,
  );
  const problems = await runFuzzMatrix({
    tolerances,
    onRun: (_label, line) => process.stdout.write(`${line}\n`),
  });
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  process.stdout.write(
    problems.length
      ? `${problems.length} fuzz problems (${took})\n`
      : `OK: fuzz self-verification (${took})\n`,
  );
  return problems.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = (await runFuzzProof()) > 0 ? 1 : 0;
