/**
 * Self-verification matrix (npm run faults; docs/self-verification.md).
 *
 * What it proves, and how each proof is obtained without a full run per fault:
 *  1. The clean reference passes every check (experimental included): 0 fail, 0 error. FULL run (and a
 *     full run under --events webhook when a fault needs that transport).
 *  2. Every fault is detected: under it, a check citing one of its rules fails, and every check of its
 *     detectedBy fails. Shown by a run with the fault on LIMITED to the checks that cite its rules or are
 *     in its detectedBy ("cited checks"): detection is, by definition, about exactly those checks. When a
 *     cited check is an after-phase check (it validates every event the whole run observed, e.g.
 *     events.names/known-types), the run is FULL: its outcome depends on what the other checks cause.
 *  3. `conformance --embedded --fault <id>` exits 1. That run counts every check at level should with
 *     experimental included (bin/commands/run-command.ts); it exits 1 when one counted check fails or errors. A
 *     limited run shows a counted cited check failing; the full run contains that check too, and the
 *     outcome of a check that is not after-phase does not depend on which other checks run with it: it
 *     works on what it creates itself (messages, scratch channels, its ledger), and checks touching
 *     shared state (mutes, the sandbox's latest page) hold it (src/runner/holds.ts): none runs beside them.
 *     That is the property `--grep`/`--suite` rely on; after-phase checks, which lack it, get full runs.
 *     `--full` (or FAULTS_FULL=1) runs every fault over every check instead: the exhaustive form.
 *  4. Every check fails under at least one fault. A check failing under a fault citing it shows up in 2.
 *     A check that never fails there (it fails only collaterally, if at all) is then run — alone with the
 *     other such checks — under every other fault until it fails; one that fails under none is a defect.
 *  5. Under every tolerance alone and every preset (legacy): a FULL run has no failing must check and
 *     no error (a false verdict under a legal variation is a defect).
 *  6. Under each preset, every fault it does not mask (ToleranceDefinition.masks) is still detected:
 *     LIMITED runs as in 2 (detection concerns only cited checks). So is, under a tolerance alone, each
 *     fault it names in ToleranceDefinition.keepsDetected (e.g. features-lack-helpers: the mute, marker and
 *     role faults with the helper operations left out of login.features), printed as its own row.
 *  7. No verdict from history (scripts/faults/history.ts): every run of 2 and 5 again in a dirty world and
 *     then back to back against the same reference, under each of five seeds of the check order (two,
 *     rotating, with --rotate-seeds), and the reference, the legacy preset and the dirty world under five
 *     seeds: each check's verdict equals the clean run's, or is undecided (naming the state). Every
 *     detection of 2 reproduces alone (--confirm).
 *  8. No pass without evidence (scripts/faults/vacuity.ts): under each do-nothing server of
 *     src/reference/vacuity.ts a full run passes no check at must or should but those declaring why
 *     (vacuousPassReason). `--vacuity-only` runs this proof alone (seconds), with proof 10.
 * 10. No client scenario passes a do-nothing client (scripts/faults/client-vacuity.ts): both client
 *     suites against clients that exit at once (0, 1), sleep, connect and idle, print garbage.
 * 11. Over the space of archetypes (scripts/faults/archetypes.ts): legal servers composed from seeds agree
 *     with their ground truth, planted faults are detected in them, the preset http-only fails only its
 *     true deviation. `--archetype-seed N` sweeps seed N alone; `--archetypes-only` runs this proof alone.
 * 12. Client mode is right on clients it has never seen (scripts/faults/client-archetypes.ts): both
 *     client suites against 105 generated clients (three with --rotate, shifted each day), every verdict its client's ground
 *     truth; last, after the other proofs (their load stretches the clients' timers). `--client-archetypes-only`
 *     runs this proof alone.
 * 13. The causes name exactly what is wrong (scripts/faults/cause-matrix.ts): 2–4 faults planted at once and
 *     generated archetypes; the first screen's bound holds. `--cause-matrix-only` runs this proof alone.
 * Runs go to a pool of worker processes (one per core, `--processes N`), each keeping several runs in
 * flight, each run against its own reference on port 0: the runs are CPU-bound once nothing waits out a
 * window it does not need, so one event loop would use one core.
 */
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { loadFaultCatalogue } from '../src/embedded.js';
import { DEFAULTS, run } from '../src/index.js';
import type { FaultDefinition } from '../src/reference/contract.js';
import type { CheckDefinition } from '../src/runner/check.js';
import { loadChecks } from '../src/runner/load.js';
import type { RunResult } from '../src/runner/model.js';
import { isFailing } from '../src/runner/summary.js';
import { rotating, rotation } from '../test/support/rotation.js';
import { runArchetypeProof, sweepOneSeed } from './faults/archetype-proof.js';
import { runCauseMatrix } from './faults/cause-matrix.js';
import { archetypeSeeds, formatClientArchetypes, runClientArchetypes } from './faults/client-archetypes.js';
import { formatClientVacuityMatrix, runClientVacuityMatrix } from './faults/client-vacuity.js';
import {
  type Executor,
  inProcessExecutor,
  type Job,
  type JobResult,
  outcomeOf,
  processPoolExecutor,
  serveAsWorker,
} from './faults/executors.js';
import { formatHistoryMatrix, runHistoryMatrix } from './faults/history.js';
import { checksFor, type FaultRow, faultRow, observesRun } from './faults/rows.js';
import { formatToleranceMatrix, runToleranceMatrix, type ToleranceMatrix } from './faults/tolerances.js';
import { formatVacuityMatrix, runVacuityMatrix } from './faults/vacuity.js';
import { runFuzzProof } from './fuzz-faults.js';

export interface FaultMatrix {
  clean: RunResult;
  rows: FaultRow[];
  /** Each row with the job that made it (the history matrix repeats the jobs in other worlds). */
  jobs: { row: FaultRow; job: Job; wallMs: number }[];
  /** Checks that fail under no fault (a check that cannot fail). */
  neverFailing: string[];
  /** Checks shown to fail only in the second pass (under a fault that does not cite them). */
  collateralOnly: string[];
  problems: string[];
}

export interface FaultMatrixOptions {
  checks?: CheckDefinition[];
  faults?: readonly FaultDefinition[];
  /** Runs in flight at once (in-process executor). Default 8. */
  parallel?: number;
  eventTimeoutMs?: number;
  /** Every fault over every check (the exhaustive form) instead of limited runs. */
  full?: boolean;
  /** Where the fault runs go (default in-process); the clean run always runs here. */
  executor?: Executor;
  /** Called with the clean run's sandbox before any fault run starts. */
  onClean?: (clean: RunResult) => void;
  onFault?: (row: FaultRow, done: number, total: number) => void;
}

export async function runFaultMatrix(options: FaultMatrixOptions = {}): Promise<FaultMatrix> {
  const checks = options.checks ?? (await loadChecks());
  const faults = options.faults ?? loadFaultCatalogue();
  const eventTimeoutMs = options.eventTimeoutMs ?? 1_500;
  const problems: string[] = [];

  // Clean runs wait for events as long as the CLI does: on a busy machine a late event must not fail a
  // clean run (it waits only when an event is missing, which a clean reference never does).
  const cleanOptions = {
    embedded: true,
    checks,
    includeExperimental: true,
    eventTimeoutMs: DEFAULTS.eventTimeoutMs,
  } as const;
  // A fault that needs other run options (webhook delivery) needs a clean pass under them too.
  const [clean, cleanWebhook] = await Promise.all([
    run(cleanOptions),
    faults.some((fault) => fault.runWith?.events === 'webhook')
      ? run({ ...cleanOptions, events: 'webhook' })
      : undefined,
  ]);
  // Faults may break discovery (e.g. channel types): fault runs use the clean run's sandbox.
  const sandbox = { guild: clean.sandbox?.guildId, channel: clean.sandbox?.channelId };
  options.onClean?.(clean);
  const executor = options.executor ?? inProcessExecutor(checks, options.parallel);
  // Webhook deliveries go one after another, in order (src/reference/events/hub.ts): on a busy machine an
  // event may come after 1.5 s. A webhook fault loses no event, so the CLI's wait costs it nothing.
  const overWebhook = new Set(faults.filter((fault) => fault.runWith?.events === 'webhook').map((f) => f.id));
  const withRunOptions = (job: Omit<Job, 'eventTimeoutMs' | 'sandbox'>): Job => ({
    ...job,
    eventTimeoutMs: job.faults?.some((id) => overWebhook.has(id)) ? DEFAULTS.eventTimeoutMs : eventTimeoutMs,
    sandbox,
  });
  const jobs: FaultMatrix['jobs'] = [];
  const attempt = async (job: Omit<Job, 'eventTimeoutMs' | 'sandbox'>): Promise<JobResult | undefined> => {
    try {
      return await executor.execute(withRunOptions(job));
    } catch (error) {
      problems.push(`${job.label}: the run could not start: ${(error as Error).message}`);
      return undefined;
    }
  };

  const cleanRuns = [
    { label: 'clean reference', checks: clean.checks },
    ...(cleanWebhook ? [{ label: 'clean reference (--events webhook)', checks: cleanWebhook.checks }] : []),
  ];

  let done = 0;
  const rows = await Promise.all(
    faults.map(async (fault) => {
      const checkIds = checksFor(fault, checks, options.full);
      // run() itself picks the transport a fault needs (FaultDefinition.runWith).
      const job = { label: `fault ${fault.id}`, faults: [fault.id], ...(checkIds ? { checkIds } : {}) };
      const result = await attempt(job);
      const row = faultRow(fault, result?.checks ?? []);
      if (result) jobs.push({ row, job: withRunOptions(job), wallMs: result.wallMs });
      options.onFault?.(row, ++done, faults.length);
      return row;
    }),
  );

  // Proof 4, second pass: checks no fault citing them made fail, run under every other fault.
  const failedSomewhere = new Set(rows.flatMap((row) => [...row.expected, ...row.collateral]));
  const residual = checks.filter((check) => !failedSomewhere.has(check.id));
  const collateralOnly = new Set<string>();
  if (residual.length > 0 && !options.full) {
    // Alone unless one of them observes the whole run (then with every check, as above).
    const checkIds = residual.some(observesRun) ? undefined : residual.map((check) => check.id);
    const wanted = new Set(residual.map((check) => check.id));
    await Promise.all(
      faults.map(async (fault) => {
        const result = await attempt({
          label: `fault ${fault.id} (uncovered checks)`,
          faults: [fault.id],
          ...(checkIds ? { checkIds } : {}),
        });
        for (const check of result?.checks ?? [])
          if (check.status === 'fail' && wanted.has(check.id)) collateralOnly.add(check.id);
      }),
    );
  }

  for (const { label, checks: cleanChecks } of cleanRuns) {
    for (const check of cleanChecks.filter(isFailing)) {
      problems.push(`${label}: ${check.id} ${check.status}s: ${check.reason ?? ''}`);
    }
  }
  for (const row of rows) {
    if (!row.detected) {
      problems.push(
        `fault ${row.fault.id} (${row.fault.rules.join(', ')}): no failing check cites its rules`,
      );
    }
    for (const id of row.missed) problems.push(`fault ${row.fault.id}: detectedBy check ${id} did not fail`);
    if (!row.exitsOne) {
      problems.push(
        `fault ${row.fault.id}: no counted check fails, so conformance --embedded --fault ${row.fault.id} exits 0`,
      );
    }
  }
  const neverFailing = clean.checks
    .filter((check) => !failedSomewhere.has(check.id) && !collateralOnly.has(check.id))
    .map((check) => check.id);
  for (const id of neverFailing) problems.push(`check ${id} fails under no fault: it cannot fail (a defect)`);
  return { clean, rows, jobs, neverFailing, collateralOnly: [...collateralOnly], problems };
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
  if (matrix.collateralOnly.length > 0) {
    lines.push('');
    lines.push(`fail only under a fault not citing them: ${matrix.collateralOnly.join(', ')}`);
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

/** Proof 11 over these seeds, its progress on stderr. */
const runGeneratedClients = (seeds: number[]) =>
  runClientArchetypes({
    seeds,
    onClient: (row, done, total) =>
      process.stderr.write(`[generated clients ${done}/${total}] client ${row.client.seed}\n`),
  });

/**
 * `npm run faults [-- --processes N] [-- --in-flight N] [-- --full] [-- --rotate-seeds] [-- --rotate] [-- --vacuity-only] [-- --client-archetypes-only] [-- --cause-matrix-only]`; `--worker` is the child side of the
 * process pool.
 */
async function main(args: string[]): Promise<number> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const processesArg = args.indexOf('--processes');
  const processes =
    processesArg >= 0
      ? Math.max(1, Number(args[processesArg + 1]) || 1)
      : Math.max(1, availableParallelism());
  const full = args.includes('--full') || process.env.FAULTS_FULL === '1';
  // --rotate (CI on every change): the history and fuzz matrices take the rotation slot's seventh of the
  // catalogue (test/support/rotation.ts); CHAT_CONFORMANCE_ROTATION=full overrides it.
  const rotate = args.includes('--rotate') && !rotation.full;
  const checks = await loadChecks();
  // Each child keeps 10 runs in flight: most of a run is a mute window or an event wait, so the CPU stays
  // under three quarters busy (measured: 6 runs gave 117 s, 10 gave 87 s on 2 processes), and a busy event
  // loop still does not delay events past the 1.5 s event timeout.
  // --in-flight N: runs each process keeps going at once (fewer on a machine busy with other work).
  const inFlightArg = args.indexOf('--in-flight');
  const inFlight = inFlightArg >= 0 ? Math.max(1, Number(args[inFlightArg + 1]) || 1) : 10;
  const seedArg = args.indexOf('--archetype-seed');
  if (seedArg >= 0) return sweepOneSeed(Number(args[seedArg + 1]), checks);
  // Proof 13, in this process (its runs read the causes, which the pool's outcomes do not carry).
  const causeMatrix = () =>
    runCauseMatrix({
      checks,
      full,
      ...(rotate ? { rotation } : {}),
      onRow: (row, done, total) => process.stderr.write(`[cause matrix ${done}/${total}] ${row.label}\n`),
    });
  if (args.includes('--cause-matrix-only')) {
    const causes = await causeMatrix();
    process.stdout.write(causes.text);
    return causes.problems === 0 ? 0 : 1;
  }
  if (args.includes('--archetypes-only')) {
    const archetypes = await runArchetypeProof({ checks, full, rotation });
    process.stdout.write(archetypes.text);
    return archetypes.problems === 0 ? 0 : 1;
  }
  const executor = processes > 1 ? processPoolExecutor(processes, inFlight) : inProcessExecutor(checks, 6);
  const timings: string[] = [];
  let tolerancesDone: Promise<ToleranceMatrix> | undefined;
  let archetypesDone: ReturnType<typeof runArchetypeProof> | undefined;
  let causesDone: ReturnType<typeof runCauseMatrix> | undefined;
  try {
    // Every generated client; with --rotate a slice of them, the slot's (client-archetypes.ts).
    const clients = archetypeSeeds(rotate && !full ? rotation.slot : undefined);
    if (args.includes('--client-archetypes-only')) {
      const matrix = await runGeneratedClients(clients.seeds);
      process.stdout.write(formatClientArchetypes(matrix, clients.slice));
      return matrix.problems.length === 0 ? 0 : 1;
    }
    // Proof 8: fast (nothing works, nothing is waited for), so it runs beside the others from the start.
    const vacuityDone = runVacuityMatrix({
      checks,
      executor,
      onRun: (label, done, total) => process.stderr.write(`[vacuity ${done}/${total}] ${label}\n`),
    });
    // Proof 10: no client scenario passes a do-nothing client (scripts/faults/client-vacuity.ts), beside.
    const clientVacuityDone = runClientVacuityMatrix({
      onRun: (label, done, total) => process.stderr.write(`[client vacuity ${done}/${total}] ${label}\n`),
    });
    if (args.includes('--vacuity-only')) {
      const [vacuity, clientVacuity] = await Promise.all([vacuityDone, clientVacuityDone]);
      process.stdout.write(formatVacuityMatrix(vacuity));
      process.stdout.write(`\n${formatClientVacuityMatrix(clientVacuity)}`);
      return vacuity.problems.length + clientVacuity.problems.length === 0 ? 0 : 1;
    }
    const faultsDone = runFaultMatrix({
      checks,
      executor,
      full,
      onClean: (clean) => {
        timings.push(`clean full run ${elapsed()}`);
        // Proof 11, once the clean runs of this process are done (its runs share this event loop).
        archetypesDone = runArchetypeProof({ checks, full, rotation });
        causesDone = causeMatrix();
        const sandbox = { guild: clean.sandbox?.guildId, channel: clean.sandbox?.channelId };
        tolerancesDone = runToleranceMatrix({
          checks,
          executor,
          full,
          sandbox,
          ...(rotate ? { rotateSlot: rotation.slot } : {}),
          onRun: (label, done, total) => {
            process.stderr.write(`[tolerances ${done}/${total}] ${label}\n`);
            if (done === total) timings.push(`tolerance matrix (${total} runs) done at ${elapsed()}`);
          },
        });
      },
      onFault: (row, done, total) => {
        process.stderr.write(
          `[${done}/${total}] ${row.fault.id}: ${row.expected.length + row.collateral.length} failing\n`,
        );
        if (done === total) timings.push(`fault matrix (${total} runs) done at ${elapsed()}`);
      },
    });
    const matrix = await faultsDone;
    timings.push(`fault matrix with its second pass done at ${elapsed()}`);
    process.stdout.write(formatMatrix(matrix));
    const tolerances = await (tolerancesDone as Promise<ToleranceMatrix>);
    process.stdout.write(`\n${formatToleranceMatrix(tolerances)}`);
    timings.push(`tolerance matrix done at ${elapsed()}`);
    // Proof 7: the same verdicts in a dirty world, back to back and under other seeds (scripts/faults/history.ts).
    const history = await runHistoryMatrix({
      executor,
      faults: matrix.jobs,
      tolerances: tolerances.rows,
      clean: matrix.clean.checks.map(outcomeOf),
      cleanWallMs: matrix.clean.durationMs,
      sandbox: { guild: matrix.clean.sandbox?.guildId, channel: matrix.clean.sandbox?.channelId },
      eventTimeoutMs: DEFAULTS.eventTimeoutMs,
      allSeeds: !args.includes('--rotate-seeds'),
      rotationSlot: rotation.slot,
      ...(rotate ? { rotateJobs: { slot: rotation.slot } } : {}),
      onRun: (label, done, total) => {
        process.stderr.write(`[history ${done}/${total}] ${label}\n`);
      },
    });
    timings.push(`history matrix done at ${elapsed()}`);
    const vacuity = await vacuityDone;
    process.stdout.write(`\n${formatVacuityMatrix(vacuity)}`);
    const clientVacuity = await clientVacuityDone;
    process.stdout.write(`\n${formatClientVacuityMatrix(clientVacuity)}`);
    process.stdout.write(
      `\n${formatHistoryMatrix(
        history,
        matrix.rows.map((row) => row.fault),
        rotate ? { slot: rotation.slot } : undefined,
      )}`,
    );
    process.stdout.write(
      `\n(${elapsed()} on ${processes} process${processes > 1 ? 'es' : ''}, ${full ? 'every fault over every check' : 'fault runs limited to the checks citing the fault'}: ${timings.join('; ')})\n`,
    );
    // Proof 9: conformance fuzz finds its faults and nothing under a tolerance (scripts/fuzz-faults.ts).
    const archetypes = await (archetypesDone as ReturnType<typeof runArchetypeProof>);
    process.stdout.write(`\n${archetypes.text}`);
    const causes = await (causesDone as ReturnType<typeof runCauseMatrix>);
    process.stdout.write(`\n${causes.text}`);
    const fuzzProblems = await runFuzzProof(
      rotate ? (catalogue) => rotating(catalogue, 0, { full: false, slot: rotation.slot }) : undefined,
    );
    // Proof 12: generated clients (scripts/faults/client-archetypes.ts), last and alone: their scenarios
    // wait on the clients' own timers, which the other proofs' load stretched past the scenarios' limits.
    const generatedClients = await runGeneratedClients(clients.seeds);
    process.stdout.write(`\n${formatClientArchetypes(generatedClients, clients.slice)}`);
    const problems =
      matrix.problems.length +
      tolerances.problems.length +
      history.problems.length +
      vacuity.problems.length +
      clientVacuity.problems.length +
      archetypes.problems +
      causes.problems +
      generatedClients.problems.length +
      fuzzProblems;
    return problems === 0 ? 0 : 1;
  } finally {
    executor.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--worker')) await serveAsWorker();
  else process.exitCode = await main(process.argv.slice(2));
}
