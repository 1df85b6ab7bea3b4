/**
 * The history matrix of `npm run faults` (proof 7; docs/checking-a-server.md "Verdicts that do not depend on history"). For every
 * fault and every tolerance and preset, each check's verdict is the same as in the clean run:
 *  - in a dirty world (an interrupted earlier run's leftovers, src/reference/dirty.ts),
 *  - on a second run back to back against the same reference process,
 *  - under every seed of SEEDS for the order checks start in (the dirty run under the first, the runs
 *    back to back under the others; `--rotate-seeds`: two each, rotating over the catalogue), and the
 *    reference, the legacy preset and the dirty world in full under each of SEEDS,
 * where "the same" allows one thing only: an undecided check (it names the state it found; the run ends
 * NO VERDICT). Never a pass where the clean run failed, never a failure where it passed.
 * And every detection of a fault reproduces alone (--confirm re-runs each counted failure by itself).
 */
import type { FaultDefinition } from '../../src/reference/contract.js';
import { inSlot } from '../../test/support/rotation.js';
import type { CheckOutcome, Executor, Job, JobResult } from './executors.js';
import { type FaultRow, WEBHOOK_WAITS } from './rows.js';
import type { ToleranceRow } from './tolerances.js';

/**
 * Mutant series (issue 29): a faulty server after another on one process, or a fault applied to the world an
 * earlier faulty run left. The last run must decide: the named checks fail, or the run never conforms.
 */
export interface MutantSeries {
  label: string;
  /** The faults of each run in turn on one reference process (one entry: a single run). */
  faultSeries: string[][];
  dirty?: string[];
  checkIds: string[];
  /** Checks that must fail in the last run (not be undecided). */
  mustFail?: string[];
}

const MUTE_CHECKS = [
  'guild.member.mute/duration-zero-is-accepted',
  'guild.member.mute/blocks-peer-until-unmuted',
];
const INVITATION_CHECKS = [
  'guild.approve/approve-joins-guild',
  'guild.approve/reject-does-not-join',
  'event.guild-request/approve-true',
  'event.guild-request/approve-false',
];

export const MUTANT_SERIES: readonly MutantSeries[] = [
  {
    label: 'duration 0 refused, then ignored, on one process',
    faultSeries: [['member-mute-zero-rejected'], ['member-mute-zero-ignored']],
    checkIds: MUTE_CHECKS,
    mustFail: ['guild.member.mute/duration-zero-is-accepted'],
  },
  {
    label: 'the peer left muted (dirty), then duration 0 ignored',
    faultSeries: [['member-mute-zero-ignored']],
    dirty: ['peer-muted'],
    checkIds: MUTE_CHECKS,
    mustFail: ['guild.member.mute/duration-zero-is-accepted'],
  },
  {
    label: 'the bot in every guild (dirty), then guild.approve false approves',
    faultSeries: [['guild-approve-false-approves']],
    dirty: ['every-guild'],
    checkIds: INVITATION_CHECKS,
  },
];

/** The problems of one mutant series: its last run must fail the named checks, and never conform. */
export async function runMutantSeries(executor: Executor, series: MutantSeries, eventTimeoutMs: number) {
  const job: Job = {
    label: `mutant series: ${series.label}`,
    eventTimeoutMs,
    checkIds: series.checkIds,
    ...UNCONFIRMED,
    ...(series.dirty ? { dirty: series.dirty } : {}),
    ...(series.faultSeries.length > 1
      ? { faultSeries: series.faultSeries }
      : { faults: series.faultSeries[0] }),
  };
  const result = await executor.execute(job);
  const last = result.later?.at(-1) ?? result.checks;
  const problems = (series.mustFail ?? [])
    .filter((id) => last.find((check) => check.id === id)?.status !== 'fail')
    .map((id) => `${job.label}: ${id} did not fail in the last run`);
  const decided = last.some(
    (check) => check.status === 'fail' || check.status === 'error' || check.undecided,
  );
  if (!decided) problems.push(`${job.label}: the last run would conform (nothing failed, nothing undecided)`);
  return problems;
}

/** The seeds of the order checks start in. */
export const SEEDS = [1, 2, 3, 4, 5] as const;

export interface HistoryMatrix {
  /** Runs compared with a clean run. */
  compared: number;
  /** Check verdicts that were undecided where the clean run decided (allowed; counted for the summary). */
  undecided: number;
  problems: string[];
}

export interface HistoryMatrixOptions {
  executor: Executor;
  /** The fault matrix's rows (clean world, fixed order), with the job each came from. */
  faults: readonly { row: FaultRow; job: Job; wallMs: number }[];
  /** The tolerance matrix's rows (clean world, fixed order). */
  tolerances: readonly ToleranceRow[];
  /** The clean reference run's outcomes (full run, fixed order), its wall (ms) and its sandbox. */
  clean: readonly CheckOutcome[];
  cleanWallMs: number;
  sandbox?: { guild?: string; channel?: string };
  /** Event timeout of full runs (as the tolerance matrix's). */
  eventTimeoutMs: number;
  /**
   * Every fault and tolerance under every seed of SEEDS (the default of `npm run faults`): its dirty run
   * under the first, then back to back under each of the others. false (`--rotate-seeds`): two seeds
   * each, rotating over SEEDS across the catalogue.
   */
  allSeeds?: boolean;
  /**
   * With allSeeds false: the rotation's slot (test/support/rotation.ts, the UTC day's by default), which
   * shifts the two seeds of each job, so that five consecutive days run every job under every seed.
   */
  rotationSlot?: number;
  /**
   * `--rotate` (CI on every change): only the faults and tolerances of this rotation slot
   * (test/support/rotation.ts: a seventh, shifted each day), each under every seed; the reference, the
   * legacy preset and the dirty world under two seeds (shifted each day); the mutant series in full.
   */
  rotateJobs?: { slot: number };
  /** The mutant series to run (default MUTANT_SERIES). */
  mutantSeries?: readonly MutantSeries[];
  onRun?: (label: string, done: number, total: number) => void;
}

interface Comparison {
  label: string;
  job: Job;
  /** What one run of the job took in its clean world (ms): the longest jobs go first. */
  wallMs: number;
  /** The clean outcomes each run of the job is compared with. */
  clean: readonly CheckOutcome[];
}

/**
 * The history runs compare statuses only, which a re-run alone never changes; whether each detection
 * reproduces alone is read from the fault matrix's own runs (unconfirmedDetections). So they skip it.
 */
const UNCONFIRMED = { confirm: false } as const;

/**
 * Two seeds for the i-th job of the matrix (its dirty run and its back-to-back run), rotating over SEEDS
 * across the catalogue and, by `slot`, from one day to the next.
 */
export const seedsFor = (i: number, slot = 0): number[] => [
  SEEDS[(i + slot) % SEEDS.length],
  SEEDS[(i + slot + 2) % SEEDS.length],
];

export async function runHistoryMatrix(options: HistoryMatrixOptions): Promise<HistoryMatrix> {
  const comparisons = plan(options);
  const problems: string[] = [];
  let undecided = 0;
  let compared = 0;
  let done = 0;
  const comparing = Promise.all(
    comparisons.map(async ({ label, job, clean }) => {
      let result: JobResult | undefined;
      try {
        result = await options.executor.execute(job);
      } catch (error) {
        problems.push(`${label}: the run could not start: ${(error as Error).message}`);
      }
      options.onRun?.(label, ++done, comparisons.length);
      if (!result) return;
      const runs = [result.checks, ...(result.later ?? [])];
      runs.forEach((checks, index) => {
        const which = runLabel(label, job, index);
        const differences = differencesFrom(clean, checks);
        compared++;
        undecided += differences.undecided;
        for (const difference of differences.contradictions) problems.push(`${which}: ${difference}`);
      });
    }),
  );
  // Short runs (a few checks each), queued behind the comparisons.
  const seriesDone = Promise.all(
    (options.mutantSeries ?? MUTANT_SERIES).map((entry) =>
      runMutantSeries(options.executor, entry, options.eventTimeoutMs).catch((error: Error) => [
        `mutant series ${entry.label}: the run could not start: ${error.message}`,
      ]),
    ),
  );
  await comparing;
  problems.push(...unconfirmedDetections(options.faults));
  problems.push(...(await seriesDone).flat());
  return { compared, undecided, problems };
}

/** What to run: every fault and tolerance dirty then back to back (seeded), and the seed series. */
function plan(options: HistoryMatrixOptions): Comparison[] {
  const comparisons: Comparison[] = [];
  const twice = (job: Job, i: number): Job => ({
    ...job,
    ...UNCONFIRMED,
    label: `${job.label} (dirty, then back to back)`,
    dirty: true,
    runs: options.allSeeds ? SEEDS.length : 2,
    seeds: options.allSeeds ? [...SEEDS] : seedsFor(i, options.rotationSlot),
  });
  // Index i of the catalogue (faults then tolerances) is in the run unless --rotate leaves it to another day.
  const inRun = (i: number) =>
    !options.rotateJobs || inSlot(i, { full: false, slot: options.rotateJobs.slot });
  options.faults.forEach(({ row, job, wallMs }, i) => {
    if (!inRun(i)) return;
    // One reference for both runs: the transport a fault needs is given here (run() picks it from --fault).
    const events = row.fault.runWith?.events;
    comparisons.push({
      label: `fault ${row.fault.id}`,
      job: {
        ...twice(job, i),
        ...(events ? { events } : {}),
        ...(events === 'webhook' ? WEBHOOK_WAITS : {}),
      },
      clean: row.outcomes,
      wallMs,
    });
  });
  options.tolerances.forEach((row, i) => {
    if (!inRun(i + options.faults.length)) return;
    const label = row.preset ? `preset ${row.label}` : `tolerance ${row.label}`;
    // A tolerance over webhook carries its longer waits (WEBHOOK_WAITS) from its own run's job: the
    // baseline and these runs wait alike.
    comparisons.push({
      label,
      job: twice(row.job, i + options.faults.length),
      clean: row.outcomes,
      wallMs: row.wallMs,
    });
  });
  // The reference, the legacy preset and the dirty world, each under every seed.
  const legacy = options.tolerances.find((row) => row.preset && row.label === 'legacy');
  const base: Job = {
    ...UNCONFIRMED,
    label: 'reference',
    eventTimeoutMs: options.eventTimeoutMs,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  };
  const wallMs = options.cleanWallMs;
  // --rotate: two seeds a day (every one within five days), as seedsFor gives a job.
  for (const seed of options.rotateJobs ? seedsFor(0, options.rotateJobs.slot) : SEEDS) {
    const seeded = { seeds: [seed] };
    comparisons.push({
      label: `reference, seed ${seed}`,
      job: { ...base, ...seeded },
      clean: options.clean,
      wallMs,
    });
    comparisons.push({
      label: `dirty world, seed ${seed}`,
      job: { ...base, label: 'dirty world', dirty: true, ...seeded },
      clean: options.clean,
      wallMs,
    });
    if (legacy)
      comparisons.push({
        label: `preset legacy, seed ${seed}`,
        job: { ...legacy.job, ...UNCONFIRMED, ...seeded },
        clean: legacy.outcomes,
        wallMs: legacy.wallMs,
      });
  }
  // The longest jobs first: the matrix ends with the last job started, not with a long one started late.
  const total = ({ job, wallMs }: Comparison) => wallMs * (job.runs ?? 1);
  return comparisons.sort((a, b) => total(b) - total(a));
}

const runLabel = (label: string, job: Job, index: number): string => {
  const seed = job.seeds?.[index];
  const world = job.dirty ? (index === 0 ? 'dirty world' : `run ${index + 1} back to back`) : 'clean world';
  return `${label} [${world}${seed === undefined ? '' : `, seed ${seed}`}]`;
};

/**
 * Where `other` contradicts `clean`, check by check: a different status, unless either is undecided (an
 * undecided check names the state it found and decides nothing).
 */
export function differencesFrom(
  clean: readonly CheckOutcome[],
  other: readonly CheckOutcome[],
): { contradictions: string[]; undecided: number } {
  const cleanById = new Map(clean.map((check) => [check.id, check]));
  const contradictions: string[] = [];
  let undecided = 0;
  for (const check of other) {
    const before = cleanById.get(check.id);
    if (!before || before.status === check.status) continue;
    if (check.undecided || before.undecided) {
      undecided++;
      continue;
    }
    contradictions.push(
      `${check.id} is ${check.status} (clean: ${before.status})${check.reason ? `: ${check.reason}` : ''}`,
    );
  }
  return { contradictions, undecided };
}

/** Every detection of a fault (a failing check citing it) must fail again when re-run alone. */
function unconfirmedDetections(faults: readonly { row: FaultRow }[]): string[] {
  const problems: string[] = [];
  for (const { row } of faults) {
    for (const id of row.expected) {
      const check = row.outcomes.find((outcome) => outcome.id === id);
      if (!check || check.notConfirmable) continue;
      if (check.reproducedAlone !== true) {
        problems.push(
          `fault ${row.fault.id}: ${id} failed, but ${check.reproducedAlone === false ? 'did not fail again when re-run alone' : 'was not re-run alone'}`,
        );
      }
    }
  }
  return problems;
}

export function formatHistoryMatrix(
  matrix: HistoryMatrix,
  faults: readonly FaultDefinition[],
  rotateJobs?: { slot: number },
): string {
  const which = rotateJobs
    ? `the faults and tolerances of rotation slot ${rotateJobs.slot} (a seventh of ${faults.length} faults and every tolerance; --rotate)`
    : `${faults.length} faults and every tolerance`;
  const lines = [
    `history: ${matrix.compared} runs compared with their clean run (${which}, dirty then back to back, each run under its own seed of ${SEEDS.join(', ')} — all of them unless --rotate-seeds; the reference, the legacy preset and the dirty world under each seed); ${matrix.undecided} verdicts undecided where the clean run decided (allowed: they name the state)`,
  ];
  if (matrix.problems.length === 0) {
    lines.push(
      `OK: no verdict depends on history or order; every detection reproduces alone; the ${MUTANT_SERIES.length} mutant series are caught.`,
    );
  } else {
    lines.push(`${matrix.problems.length} problems:`);
    for (const problem of matrix.problems) lines.push(`  - ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}
