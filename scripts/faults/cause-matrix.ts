/**
 * Proof 13 of `npm run faults` (scripts/faults.ts; docs/self-verification.md "The cause matrix"): the
 * causes of a run name exactly what is wrong with the server (issue 47 item 5).
 *  1. Planted combinations: 2–4 faults of the catalogue switched on at once in the embedded reference,
 *     drawn from a fixed seed among faults that touch different operations and rule families (their
 *     cited checks share no check and no operation). What each fault explains is measured, not guessed
 *     from rule ids: the combination's failing checks are run again under each planted fault alone
 *     (limited to them). Then every fault's own failures (failing under it alone and under no other planted
 *     fault alone) are in ONE cause, and every cause holds a check some planted fault fails alone (none
 *     holds only failures no single fault explains); two faults in one cause are printed (a cause may
 *     rightly list two operations answering 500), never counted a problem.
 *  2. Archetypes (src/reference/archetype.ts) run without faults: a failure cause concerns only what the
 *     archetype's ground truth says is wrong with it (no failure cause on an archetype without a deviation;
 *     a refusal cause names no operation it serves), and the bound below holds on what was not decided.
 * On every run: the first-screen bound (at most 7 causes hold at least 90 % of the failing checks, and at
 * most 7 undecided causes at least 90 % of the undecided checks), the failure causes hold exactly the
 * failing checks, the undecided causes every undecided check, and no check is in two causes of one
 * section. A failing row prints its faults or seed and the command that replays it.
 * Sized for CI: with --rotate, the rotation slot's seventh of the combinations and seeds
 * (test/support/rotation.ts); every one with --full or CHAT_CONFORMANCE_ROTATION=full.
 */
import { loadFaultCatalogue } from '../../src/embedded.js';
import { DEFAULTS, run } from '../../src/index.js';
import type { ArchetypeTruth, FaultDefinition } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { type Rotation, rotating } from '../../test/support/rotation.js';
import { replayCommands } from './archetypes.js';
import { citedBy } from './rows.js';

/** How many combinations and archetype seeds the matrix holds (the seed of the draw is fixed). */
export const COMBINATIONS = 24;
export const CAUSE_SEEDS: readonly number[] = Array.from({ length: 12 }, (_, index) => 1001 + index * 7);
const DRAW_SEED = 47;
/** The first-screen bound (issue 47 item 3). */
const FIRST_SCREEN = 7;
const SHARE = 0.9;

const RUN_FLAGS = { includeExperimental: true, level: 'should', confirm: false } as const;

export interface CauseRow {
  label: string;
  replay: string;
  /** One line per section: its causes, and the share the first seven hold. */
  summary: string[];
  /** Faults that share one cause (printed, not a problem). */
  merged: string[];
  problems: string[];
  wallMs: number;
}

/** A small seeded generator (mulberry32): the same draw everywhere. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What a fault touches: the checks citing it and their operations (a combination shares none of either). */
function footprint(fault: FaultDefinition, checks: readonly CheckDefinition[]) {
  const cited = checks.filter((check) => citedBy(fault, check));
  return {
    checks: new Set(cited.map((check) => check.id)),
    operations: new Set(cited.flatMap((check) => check.operations)),
    families: new Set(fault.rules.map((rule) => rule.replace(/-\d+$/, ''))),
  };
}

/**
 * The combinations: `count` draws of 2–4 faults (sizes in turn) whose footprints are disjoint, at most
 * one needing its own transport (runWith), from a fixed seed: the same list on every machine.
 */
export function drawCombinations(
  faults: readonly FaultDefinition[],
  checks: readonly CheckDefinition[],
  count = COMBINATIONS,
): string[][] {
  const random = generator(DRAW_SEED);
  const prints = new Map(faults.map((fault) => [fault.id, footprint(fault, checks)]));
  const disjoint = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => ![...a].some((item) => b.has(item));
  const drawable = faults.filter((fault) => (prints.get(fault.id)?.checks.size ?? 0) > 0);
  const combinations: string[][] = [];
  for (let index = 0; index < count; index++) {
    const size = 2 + (index % 3);
    const chosen: FaultDefinition[] = [];
    for (let tries = 0; chosen.length < size && tries < 500; tries++) {
      const fault = drawable[Math.floor(random() * drawable.length)];
      const print = prints.get(fault.id);
      const fits =
        print &&
        !(fault.runWith && chosen.some((other) => other.runWith)) &&
        chosen.every((other) => {
          const theirs = prints.get(other.id);
          return (
            theirs &&
            disjoint(print.checks, theirs.checks) &&
            disjoint(print.operations, theirs.operations) &&
            disjoint(print.families, theirs.families)
          );
        });
      if (fits) chosen.push(fault);
    }
    combinations.push(chosen.map((fault) => fault.id));
  }
  return combinations;
}

const isProblem = (check: CheckResult) =>
  (check.status === 'fail' || check.status === 'error') && !check.notOffered;

const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))} %`;

/** The first-screen bound, the counts and disjointness of both sections of one run: its problems. */
export function judgeFirstScreen(result: RunResult): { problems: string[]; summary: string[] } {
  const problems: string[] = [];
  const summary: string[] = [];
  const sections = [
    {
      name: 'What to fix first',
      causes: result.causes ?? [],
      due: result.checks.filter(isProblem).map((check) => check.id),
      exact: true,
    },
    {
      name: 'What was not decided',
      causes: result.undecidedCauses ?? [],
      due: result.checks.filter((check) => check.undecided).map((check) => check.id),
      exact: false,
    },
  ];
  for (const { name, causes, due, exact } of sections) {
    const held = causes.flatMap((cause) => cause.checkIds);
    const twice = [...new Set(held.filter((id, index) => held.indexOf(id) !== index))];
    if (twice.length) problems.push(`${name}: in two causes: ${twice.slice(0, 5).join(', ')}`);
    const heldSet = new Set(held);
    const missing = due.filter((id) => !heldSet.has(id));
    if (missing.length) problems.push(`${name}: in no cause: ${missing.slice(0, 5).join(', ')}`);
    // The failures are exactly the failing checks; the undecided section also holds skips it explains.
    const dueSet = new Set(due);
    const extra = exact ? held.filter((id) => !dueSet.has(id)) : [];
    if (extra.length)
      problems.push(`${name}: holds checks that do not fail: ${extra.slice(0, 5).join(', ')}`);
    const top = causes.slice(0, FIRST_SCREEN).reduce((sum, cause) => sum + cause.checkIds.length, 0);
    if (held.length && top / held.length < SHARE)
      problems.push(
        `${name}: the first ${FIRST_SCREEN} of ${causes.length} causes hold ${percent(top, held.length)} of ${held.length} checks (bound: 90 %)`,
      );
    summary.push(
      `${name}: ${causes.length} cause${causes.length === 1 ? '' : 's'}, ${held.length} checks, the first ${FIRST_SCREEN} hold ${percent(top, held.length)}`,
    );
  }
  return { problems, summary };
}

/**
 * Under planted faults: each fault's own failures in one cause, no cause without a planted reason.
 * `alone`: for each planted fault, the checks of the combination's failures that fail under it alone.
 */
export function judgePlanted(
  result: RunResult,
  alone: ReadonlyMap<string, ReadonlySet<string>>,
): { problems: string[]; merged: string[] } {
  const problems: string[] = [];
  const failing = result.checks.filter(isProblem);
  const causes = result.causes ?? [];
  const causeOf = new Map(causes.flatMap((cause) => cause.checkIds.map((id) => [id, cause.id] as const)));
  const explainedBy = new Map<string, string[]>();
  const faults = [...alone.keys()];
  const failsAlone = (fault: string, id: string) => alone.get(fault)?.has(id) ?? false;
  for (const fault of faults) {
    const own = failing.filter(
      (check) =>
        failsAlone(fault, check.id) &&
        !faults.some((other) => other !== fault && failsAlone(other, check.id)),
    );
    const holding = [...new Set(own.map((check) => causeOf.get(check.id) ?? '(none)'))];
    if (holding.length > 1)
      problems.push(
        `fault ${fault}: its ${own.length} failing checks are split over causes ${holding
          .map(
            (id) =>
              `${id} (${own
                .filter((check) => causeOf.get(check.id) === id)
                .map((check) => check.id)
                .join(', ')})`,
          )
          .join(', ')}`,
      );
    for (const id of holding) explainedBy.set(id, [...(explainedBy.get(id) ?? []), fault]);
  }
  for (const cause of causes)
    if (!cause.checkIds.some((id) => faults.some((fault) => failsAlone(fault, id))))
      problems.push(
        `cause ${cause.id} (${cause.checkIds.length} checks: ${cause.checkIds.slice(0, 3).join(', ')}) holds no check a planted fault fails alone`,
      );
  const merged = [...explainedBy]
    .filter(([, faults]) => faults.length > 1)
    .map(([cause, faults]) => `${cause} explains ${faults.join(' + ')}`);
  return { problems, merged };
}

/**
 * On an archetype: its missing pieces are the operations it does not serve. A refusal cause (an operation
 * not served, refusing, or failing as a helper) names only those; any other failure cause on an archetype
 * without a deviation is printed as a note: whether the verdict under it is right is proof 11's to judge.
 */
export function judgeArchetype(
  result: RunResult,
  truth: ArchetypeTruth,
): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const refusal = /^(not-implemented|status-|helper:)/;
  const causes = result.causes ?? [];
  for (const cause of causes.filter((found) => refusal.test(found.id))) {
    const served = cause.operations.filter((operation) => truth.serves(operation));
    if (served.length)
      problems.push(`cause ${cause.id} blames operations the archetype serves: ${served.join(', ')}`);
  }
  const others = truth.deviations.length ? [] : causes.filter((cause) => !refusal.test(cause.id));
  const notes = others.map(
    (cause) =>
      `failure cause ${cause.id} (${cause.checkIds.slice(0, 3).join(', ')}) on an archetype with no deviation (proof 11 judges its verdicts)`,
  );
  return { problems, notes };
}

/** The command that replays a combination. */
const replayFaults = (faults: readonly string[]) =>
  `npx chat-conformance run --embedded ${faults.map((id) => `--fault ${id}`).join(' ')} --include-experimental --level should --no-confirm`;

async function combinationRow(
  faults: readonly string[],
  catalogue: ReadonlyMap<string, FaultDefinition>,
  checks: CheckDefinition[],
): Promise<CauseRow> {
  const started = performance.now();
  const label = `faults ${faults.join(' + ')}`;
  const result = await run({ embedded: true, faults: [...faults], checks, ...RUN_FLAGS });
  const failing = new Set(result.checks.filter(isProblem).map((check) => check.id));
  // Each fault alone over the combination's failures (all checks where one of them judges the whole run).
  const limited = checks.filter((check) => failing.has(check.id));
  const only = limited.some((check) => check.phase === 'after') ? checks : limited;
  const alone = new Map(
    await Promise.all(
      faults.map(async (fault) => {
        if (!catalogue.has(fault)) throw new Error(`unknown fault ${fault}`);
        const solo = only.length
          ? await run({ embedded: true, faults: [fault], checks: only, ...RUN_FLAGS })
          : undefined;
        const failed = (solo?.checks ?? []).filter(isProblem).map((check) => check.id);
        return [fault, new Set(failed.filter((id) => failing.has(id)))] as const;
      }),
    ),
  );
  const screen = judgeFirstScreen(result);
  const named = judgePlanted(result, alone);
  return {
    label,
    replay: replayFaults(faults),
    summary: screen.summary,
    merged: named.merged,
    problems: [...named.problems, ...screen.problems],
    wallMs: performance.now() - started,
  };
}

async function archetypeRow(seed: number, checks: CheckDefinition[]): Promise<CauseRow> {
  const started = performance.now();
  const reference = await startReference({ archetypeSeed: seed });
  const truth = reference.archetype as ArchetypeTruth;
  try {
    const result = await run({
      reference,
      checks,
      ...RUN_FLAGS,
      eventTimeoutMs: DEFAULTS.eventTimeoutMs,
      ...truth.runOptions,
    });
    const screen = judgeFirstScreen(result);
    const judged = judgeArchetype(result, truth);
    return {
      label: `archetype ${seed} (${truth.deviations.join(', ') || 'no deviation'})`,
      replay: replayCommands(seed),
      summary: [...screen.summary, ...judged.notes],
      merged: [],
      problems: [...judged.problems, ...screen.problems],
      wallMs: performance.now() - started,
    };
  } finally {
    await reference.close();
  }
}

/** Runs `job` over `items`, `parallel` at once; a job that throws is a row with that problem. */
async function pooled<T>(
  items: readonly T[],
  parallel: number,
  job: (item: T) => Promise<CauseRow>,
  label: (item: T) => string,
  onRow?: (row: CauseRow) => void,
): Promise<CauseRow[]> {
  const rows: CauseRow[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      const row = await job(item).catch(
        (error: Error): CauseRow => ({
          label: label(item),
          replay: '',
          summary: [],
          merged: [],
          problems: [`the run threw: ${error.message}`],
          wallMs: 0,
        }),
      );
      rows.push(row);
      onRow?.(row);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return rows;
}

export interface CauseMatrix {
  rows: CauseRow[];
  scope: string;
  problems: number;
  text: string;
}

/** Proof 13: the combinations and archetypes of this run (a rotating slice unless every one is asked for). */
export async function runCauseMatrix(options: {
  checks: CheckDefinition[];
  /** Every combination and seed (--full, or a full rotation). */
  full: boolean;
  /** With --rotate: the slot's seventh. Absent: every combination and seed. */
  rotation?: Rotation;
  onRow?: (row: CauseRow, done: number, total: number) => void;
}): Promise<CauseMatrix> {
  const started = performance.now();
  const catalogue = loadFaultCatalogue();
  const all = drawCombinations(catalogue, options.checks);
  const every = options.full || !options.rotation || options.rotation.full;
  const slot = options.rotation ?? { full: true, slot: 0 };
  const combinations = every ? all : rotating(all, 0, slot);
  const seeds = every ? CAUSE_SEEDS : rotating(CAUSE_SEEDS, 2, slot);
  const byId = new Map(catalogue.map((fault) => [fault.id, fault]));
  const total = combinations.length + seeds.length;
  let done = 0;
  const onRow = (row: CauseRow) => options.onRow?.(row, ++done, total);
  // Runs mostly wait (event windows): three in flight fill a core without delaying events.
  const [planted, archetypes] = await Promise.all([
    pooled(
      combinations,
      3,
      (faults) => combinationRow(faults, byId, options.checks),
      (faults) => `faults ${faults.join(' + ')}`,
      onRow,
    ),
    pooled(
      seeds,
      2,
      (seed) => archetypeRow(seed, options.checks),
      (seed) => `archetype ${seed}`,
      onRow,
    ),
  ]);
  const rows = [...planted, ...archetypes];
  const scope = every
    ? `all ${all.length} combinations and ${CAUSE_SEEDS.length} archetypes`
    : `rotation slot ${slot.slot}: ${combinations.length} of ${all.length} combinations, ${seeds.length} of ${CAUSE_SEEDS.length} archetypes (--full: all)`;
  const problems = rows.reduce((sum, row) => sum + row.problems.length, 0);
  return {
    rows,
    scope,
    problems,
    text: formatCauseMatrix(rows, scope, problems, performance.now() - started),
  };
}

export function formatCauseMatrix(
  rows: readonly CauseRow[],
  scope: string,
  problems: number,
  wallMs: number,
): string {
  const lines = ['cause matrix: the causes name exactly the planted faults, the first screen holds 90 %'];
  for (const row of rows) {
    lines.push(`${row.problems.length ? 'FAIL' : 'ok  '} ${row.label} (${(row.wallMs / 1000).toFixed(1)} s)`);
    for (const line of row.summary) lines.push(`       ${line}`);
    for (const line of row.merged) lines.push(`       one cause for two faults: ${line}`);
    for (const problem of row.problems) lines.push(`     - ${problem}`);
    if (row.problems.length) lines.push(`       replay: ${row.replay}`);
  }
  const failing = rows.filter((row) => row.problems.length).length;
  lines.push(
    failing
      ? `${failing} of ${rows.length} runs fail (${problems} problems)`
      : `OK: ${rows.length} runs, every cause named by its fault, the bound held`,
  );
  lines.push(`(cause matrix: ${scope}; ${(wallMs / 1000).toFixed(1)} s)`);
  return `${lines.join('\n')}\n`;
}
