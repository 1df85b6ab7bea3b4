/**
 * Self-verification over the space of archetypes (issue 46; docs/self-verification.md "The archetype
 * sweep"): legal servers of kinds the checker was never shown, composed from a seed
 * (src/reference/archetype.ts), each knowing its ground truth (scripts/faults/archetype-oracle.ts).
 *  1. The sweep: for each seed, a full run of the checker and a short `conformance fuzz` against the
 *     archetype: no check fails or errors whose operation under test it serves correctly, none passes whose
 *     operation it does not serve (or an event check without any stream), no advice contradicts it.
 *  2. Planted faults: each fault of the catalogue in archetypes that serve what it breaks: detected when a
 *     check citing its rules fails under it and did not fail on the same archetype without it. At least
 *     95 % of the pairs; each miss listed with its reason; pairs no check can see declared apart (masked
 *     by a tolerance or identity of the archetype, or an event fault on a server without that stream).
 *  3. The preset http-only: exactly its true deviation fails (500 for unknown ids), the generic checks are
 *     decided on served operations, the absence of any event stream is one cause, nothing else fails.
 * Runs go several at once in this process, each against its own reference on port 0. A failing seed
 * prints its archetype line and the commands that replay it.
 */

import { oneLine } from '../../spec/brief.js';
import { operations as operationCatalogue } from '../../spec/catalogue.js';
import { loadFaultCatalogue } from '../../src/embedded.js';
import { fuzz } from '../../src/fuzz/index.js';
import { DEFAULTS, type RunOptions, run } from '../../src/index.js';
import { drawArchetype, truthOf } from '../../src/reference/archetype.js';
import type { ArchetypeTruth, FaultDefinition, ReferenceServer } from '../../src/reference/contract.js';
import { eventFaults } from '../../src/reference/faults/events.js';
import { maskedFaults, resolveTolerances, startReference } from '../../src/reference/index.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import type { RunResult } from '../../src/runner/model.js';
import { judgeRun, subjectOf, type Verdict } from './archetype-oracle.js';
import { CallLog } from './call-log.js';
import { checksFor, citedBy } from './rows.js';

/** The seeds of the sweep: 210, a seventh of them in each CI slot (rotating), every one with --full. */
export const ARCHETYPE_SEEDS: readonly number[] = Array.from({ length: 210 }, (_, index) => index + 1);

export interface SeedRow {
  seed: number;
  line: string;
  wallMs: number;
  counts: string;
  verdicts: Verdict[];
}

const RUN_FLAGS = { includeExperimental: true, level: 'should', confirm: false } as const;

/** A full run of the checker against an archetype, as its ground truth says to run it (its transport). */
const runArchetype = (
  reference: ReferenceServer,
  checks: CheckDefinition[],
  extra: Partial<RunOptions> = {},
): Promise<RunResult> =>
  run({
    reference,
    checks,
    ...RUN_FLAGS,
    eventTimeoutMs: DEFAULTS.eventTimeoutMs,
    ...(reference.archetype as ArchetypeTruth).runOptions,
    ...extra,
  });

/** The commands that replay a seed: the served archetype and the run, or the sweep of that seed alone. */
export const replayCommands = (seed: number): string =>
  `npx chat-conformance serve --archetype-seed ${seed} --port 5140 (then the run command it prints), or npm run faults -- --archetype-seed ${seed}`;

const countsOf = (result: RunResult) =>
  `${result.summary.pass} pass, ${result.summary.fail} fail, ${result.summary.error} error, ${result.summary.skip} skip`;

/** One seed: a full run and a short fuzz against its archetype, judged by its ground truth. */
export async function sweepSeed(
  seed: number,
  definitions: ReadonlyMap<string, CheckDefinition>,
  checks: CheckDefinition[],
  options: { fuzz?: boolean } = {},
): Promise<SeedRow> {
  const started = performance.now();
  const reference = await startReference({ archetypeSeed: seed });
  const truth = reference.archetype as ArchetypeTruth;
  try {
    const result = await runArchetype(reference, checks);
    const verdicts = judgeRun(truth, result, definitions);
    let counts = countsOf(result);
    if (options.fuzz !== false) {
      const fuzzed = await fuzz({ reference, seed, runs: 3, budgetMs: 4_000, ...truth.runOptions });
      verdicts.push(...judgeRun(truth, fuzzed, definitions));
      counts += `; fuzz ${countsOf(fuzzed)}`;
    }
    return { seed, line: truth.describe(), wallMs: performance.now() - started, counts, verdicts };
  } finally {
    await reference.close();
  }
}

/** Runs `jobs` with at most `parallel` at once, in order of start; `onDone` after each. */
async function pooled<T, R>(
  items: readonly T[],
  parallel: number,
  job: (item: T) => Promise<R>,
  onDone?: (row: R) => void,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const row = await job(items[index]!);
      results[index] = row;
      onDone?.(row);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

export async function runArchetypeSweep(options: {
  seeds: readonly number[];
  checks: CheckDefinition[];
  parallel?: number;
  onRow?: (row: SeedRow) => void;
}): Promise<SeedRow[]> {
  const definitions = new Map(options.checks.map((check) => [check.id, check]));
  return pooled(
    options.seeds,
    options.parallel ?? 4,
    (seed) =>
      sweepSeed(seed, definitions, options.checks).catch((error: Error) => ({
        seed,
        line: `archetype ${seed}`,
        wallMs: 0,
        counts: 'the run could not start',
        verdicts: [
          { checkId: '-', kind: 'false failure' as const, detail: `the run threw: ${error.message}` },
        ],
      })),
    options.onRow,
  );
}

/** The sweep's rows and summary: one line per seed, the forbidden verdicts of each failing seed, classes. */
export function formatArchetypeSweep(rows: readonly SeedRow[], perSeed = Number.POSITIVE_INFINITY): string {
  const lines = ['archetype sweep (a full run and a short fuzz per seed, judged by its ground truth):'];
  const classes = new Map<string, Set<number>>();
  for (const row of rows) {
    const mark = row.verdicts.length === 0 ? 'ok  ' : 'FAIL';
    lines.push(`${mark} seed ${row.seed} (${(row.wallMs / 1000).toFixed(1)} s; ${row.counts}): ${row.line}`);
    if (row.verdicts.length === 0) continue;
    row.verdicts.forEach((verdict, index) => {
      if (index < perSeed) lines.push(`       ${verdict.kind}: ${verdict.checkId} — ${verdict.detail}`);
      const key = `${verdict.kind}: ${verdict.checkId}`;
      classes.set(key, (classes.get(key) ?? new Set()).add(row.seed));
    });
    if (row.verdicts.length > perSeed)
      lines.push(`       … ${row.verdicts.length - perSeed} more (the replay below prints them all)`);
    lines.push(`       replay: ${replayCommands(row.seed)}`);
  }
  const failing = rows.filter((row) => row.verdicts.length > 0).length;
  lines.push(
    '',
    `${rows.length - failing} of ${rows.length} seeds agree with their ground truth; ${failing} do not.`,
  );
  if (classes.size > 0) {
    lines.push('Forbidden verdicts by check (seeds):');
    for (const [key, seeds] of [...classes].sort((a, b) => b[1].size - a[1].size))
      lines.push(
        `  ${seeds.size} × ${key} (${[...seeds].slice(0, 8).join(', ')}${seeds.size > 8 ? ', …' : ''})`,
      );
  }
  const walls = rows.map((row) => row.wallMs).filter((ms) => ms > 0);
  if (walls.length > 0)
    lines.push(
      `time per seed: median ${(median(walls) / 1000).toFixed(1)} s, longest ${(Math.max(...walls) / 1000).toFixed(1)} s`,
    );
  return `${lines.join('\n')}\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// ── planted faults ───────────────────────────────────────────────────────────────────────────────────

export interface PlantedPair {
  fault: string;
  seed: number;
  line: string;
  outcome: 'detected' | 'missed' | 'undetectable';
  detail: string;
}

const EVENT_FAULTS: ReadonlySet<string> = new Set(eventFaults.map((fault) => fault.id));

/** The operations the run causes an event with (§6 links; the others come from the trigger). */
const CAUSED_BY: Readonly<Record<string, readonly string[]>> = {
  'message-created': ['message.create'],
  'message-updated': ['message.create', 'message.update'],
  'message-deleted': ['message.create', 'message.delete'],
  'channel-added': ['channel.create'],
  'channel-updated': ['channel.create', 'channel.update'],
  'channel-removed': ['channel.create', 'channel.delete'],
  'guild-role-created': ['guild.role.create'],
  'guild-role-updated': ['guild.role.create', 'guild.role.update'],
  'guild-role-deleted': ['guild.role.create', 'guild.role.delete'],
  'reaction-added': ['message.create', 'reaction.create'],
  'reaction-removed': ['message.create', 'reaction.create', 'reaction.delete'],
  'guild-member-updated': ['guild.role.create', 'guild.member.role.set'],
  'guild-member-removed': ['guild.member.approve', 'guild.member.kick'],
};

/**
 * The §6 event an event fault concerns, from its id (`event-<type>-no-<resource>`,
 * `event-missing-on-<operation>`) or its description (`<type> is sent as …`); undefined for the others.
 */
function eventTypeOf(fault: FaultDefinition): string | undefined {
  if (!EVENT_FAULTS.has(fault.id)) return undefined;
  const types = Object.keys(CAUSED_BY);
  const missingOn = /^event-missing-on-(.+)$/.exec(fault.id)?.[1];
  if (missingOn) return types.find((type) => CAUSED_BY[type]!.at(-1)!.replaceAll('.', '-') === missingOn);
  return (
    types.find((type) => fault.id.startsWith(`event-${type}-no-`)) ??
    types.find((type) => fault.description.startsWith(`${type} is sent as`))
  );
}

/** What an archetype must have for the fault to show at all; undefined: it fits. */
function unfit(
  fault: FaultDefinition,
  truth: ArchetypeTruth,
  cited: readonly CheckDefinition[],
  calls: CalledOperations,
): string | undefined {
  const tolerances = [...(truth.options.tolerances ?? [])];
  // A peer that is no login hides what only the peer's acts show, as a one-login server does.
  if (truth.identity === 'peer-user-only') tolerances.push('one-login-refuses-others');
  if (maskedFaults(resolveTolerances(tolerances)).has(fault.id)) return `masked by ${tolerances.join(', ')}`;
  const transports = truth.eventTransports;
  // A fault of the WebSocket's conventions only (CONV-WS-*) shows on a WebSocket.
  const wsOnly = fault.id.startsWith('ws-') || fault.rules.every((rule) => rule.includes('-WS-'));
  const transport = fault.runWith?.events ?? (wsOnly ? 'ws' : undefined);
  if (
    transport &&
    (!transports.includes(transport) || (transport === 'ws' && truth.runOptions.events === 'webhook'))
  )
    return `needs events over ${transport} (the archetype: ${transports.join('+') || 'none'})`;
  if (EVENT_FAULTS.has(fault.id) && transports.length === 0)
    return 'an event fault on a server without any event stream';
  const type = eventTypeOf(fault);
  if (type && type in truth.eventAliases) return `the archetype sends ${type} as ${truth.eventAliases[type]}`;
  const causes = type ? (CAUSED_BY[type] ?? []) : [];
  const uncaused = causes.filter((operation) => !(truth.serves(operation) && truth.declares(operation)));
  if (uncaused.length > 0)
    return `${type} events need ${uncaused.join(', ')}, which the archetype does not offer`;
  const reasons = targetsOf(fault, cited).map((check) => cannotRun(check, truth, calls, fault));
  return reasons.every((reason) => reason !== undefined) ? reasons[0] : undefined;
}

/**
 * The citing checks that exercise what the fault breaks: its detectedBy; else those whose operation under
 * test or event its id names (message-list-… → message.list, member-kick-… → guild.member.kick,
 * event-message-created-… → the message-created checks); else every citing check.
 */
function targetsOf(fault: FaultDefinition, cited: readonly CheckDefinition[]): readonly CheckDefinition[] {
  const detectedBy = cited.filter((check) => (fault.detectedBy ?? []).includes(check.id));
  if (detectedBy.length > 0) return detectedBy;
  const named = cited.filter((check) => {
    const subject = subjectOf(check.id);
    if (subject.kind === 'event') return fault.id.startsWith(`event-${subject.type}-`);
    if (subject.kind !== 'operation') return false;
    const dashed = subject.operation.replaceAll('.', '-');
    return fault.id.startsWith(`${dashed}-`) || fault.id.startsWith(`${dashed.replace(/^guild-/, '')}-`);
  });
  return named.length > 0 ? named : cited;
}

/** Why the check cannot run to its end on the archetype (an operation, the stream, the peer); undefined: it can. */
function cannotRun(
  check: CheckDefinition,
  truth: ArchetypeTruth,
  calls: CalledOperations,
  fault: FaultDefinition,
): string | undefined {
  // What it names and what it was seen to call on the reference (a control's helpers, a read's message);
  // of a generic check's probes only the one the fault breaks (named by its id: message-get-… → message.get).
  // A probe of an unknown path is served by no archetype, nor needed.
  const probes = new Set<string>(check.probes ?? []);
  const broken = (operation: string) => fault.id.startsWith(`${operation.replaceAll('.', '-')}-`);
  const used = new Set(
    [...check.operations, ...(calls.get(check.id) ?? [])].filter(
      (operation) => CATALOGUE.has(operation) && (!probes.has(operation) || broken(operation)),
    ),
  );
  const missing = [...used].filter((operation) => !(truth.serves(operation) && truth.declares(operation)));
  if (missing.length > 0)
    return `${check.id} needs ${missing.join(', ')}, which the archetype does not offer`;
  const needs = check.needs ?? [];
  if (needs.includes('events') && truth.eventTransports.length === 0)
    return `${check.id} needs an event stream`;
  // A mute is judged by its effect on the peer's posts, whatever the check declares.
  const actsAsPeer =
    needs.includes('peer') || check.operations.some((operation) => operation.endsWith('.mute'));
  if (actsAsPeer && truth.identity !== 'two-logins')
    return `${check.id} acts as the peer, and the archetype's peer is no other login (${truth.identity})`;
  return undefined;
}

/** The §4 operations of the catalogue. */
const CATALOGUE: ReadonlySet<string> = new Set(operationCatalogue.map((operation) => operation.path));

/** The catalogue operations each check called in one run against the reference (call-log.ts). */
type CalledOperations = ReadonlyMap<string, ReadonlySet<string>>;

async function calledOperations(checks: readonly CheckDefinition[]): Promise<CalledOperations> {
  const log = new CallLog();
  const reference = await startReference({});
  try {
    await run({ reference, checks: checks.map((check) => log.watched(check)), ...RUN_FLAGS, events: 'ws' });
  } finally {
    await reference.close();
  }
  return new Map([...log.byCheck].map(([id, called]) => [id, new Set(called.map((call) => call.operation))]));
}

/** Seeds whose archetypes fit `fault` (searched from a base of its own), up to `count`. */
function fittingSeeds(
  fault: FaultDefinition,
  index: number,
  cited: readonly CheckDefinition[],
  count: number,
  calls: CalledOperations,
): { seeds: number[]; why?: string } {
  const seeds: number[] = [];
  let why: string | undefined;
  for (let offset = 0; offset < 60 && seeds.length < count; offset++) {
    const seed = 100_000 + index * 100 + offset;
    const truth = truthOf(drawArchetype(seed));
    const reason = unfit(fault, truth, cited, calls);
    if (reason) why ??= reason;
    else seeds.push(seed);
  }
  return { seeds, ...(why ? { why } : {}) };
}

/** One run of `checkIds` on the archetype of `seed`, with `faults` planted. */
async function limitedRun(
  seed: number,
  faults: string[],
  checks: CheckDefinition[],
  events?: 'ws' | 'webhook',
): Promise<RunResult> {
  const reference = await startReference({ archetypeSeed: seed, faults });
  try {
    return await runArchetype(reference, checks, events ? { events } : {});
  } finally {
    await reference.close();
  }
}

/** The citing checks that fail under `fault` on the reference (a limited run, as `npm run faults` makes). */
async function shownOnReference(
  fault: FaultDefinition,
  citing: readonly CheckDefinition[],
): Promise<CheckDefinition[]> {
  const limited = checksFor(fault, citing, false);
  const chosen = limited ? citing.filter((check) => limited.includes(check.id)) : [...citing];
  const reference = await startReference({ faults: [fault.id] });
  try {
    const result = await run({
      reference,
      checks: chosen,
      ...RUN_FLAGS,
      events: fault.runWith?.events ?? 'ws',
    });
    const failed = new Set(result.checks.filter((check) => check.status === 'fail').map((check) => check.id));
    return chosen.filter((check) => failed.has(check.id));
  } finally {
    await reference.close();
  }
}

/** One fault in one archetype: detected when a citing check fails under it and not without it. */
async function plantOne(
  fault: FaultDefinition,
  seed: number,
  checks: readonly CheckDefinition[],
): Promise<PlantedPair> {
  const line = truthOf(drawArchetype(seed)).describe();
  const limited = checksFor(fault, checks, false);
  const chosen = limited ? checks.filter((check) => limited.includes(check.id)) : [...checks];
  const [without, withFault] = await Promise.all([
    limitedRun(seed, [], chosen, fault.runWith?.events),
    limitedRun(seed, [fault.id], chosen, fault.runWith?.events),
  ]);
  const failedWithout = new Set(
    without.checks.filter((check) => check.status === 'fail').map((check) => check.id),
  );
  const shown = withFault.checks.filter(
    (check) => check.status === 'fail' && citedBy(fault, check) && !failedWithout.has(check.id),
  );
  if (shown.length > 0)
    return {
      fault: fault.id,
      seed,
      line,
      outcome: 'detected',
      detail: shown.map((check) => check.id).join(', '),
    };
  const citing = withFault.checks.filter((check) => citedBy(fault, check));
  const baseline = new Map(without.checks.map((check) => [check.id, check]));
  const why = citing
    .slice(0, 4)
    .map((check) =>
      failedWithout.has(check.id)
        ? `${check.id} fails without the fault too (${oneLine(baseline.get(check.id)?.reason ?? '', 140)})`
        : `${check.id} ${check.status}${check.reason ? `: ${oneLine(check.reason, 120)}` : ''}`,
    );
  return {
    fault: fault.id,
    seed,
    line,
    outcome: 'missed',
    detail: why.join(' | ') || 'no check citing it ran',
  };
}

/** Every fault (or the given ones) planted into `perFault` fitting archetypes each. */
export async function runPlantedFaults(options: {
  checks: CheckDefinition[];
  faults?: readonly FaultDefinition[];
  perFault?: number;
  parallel?: number;
  onPair?: (pair: PlantedPair) => void;
}): Promise<PlantedPair[]> {
  const catalogue = loadFaultCatalogue();
  const faults = options.faults ?? catalogue;
  // Learned from the checks the faults concern only (a CI slice plants a few faults).
  const calls = await calledOperations(
    options.checks.filter((check) => faults.some((fault) => citedBy(fault, check))),
  );
  const jobs: { fault: FaultDefinition; seed: number }[] = [];
  const undetectable: PlantedPair[] = [];
  const fitted = await pooled(faults, options.parallel ?? 4, async (fault) => {
    const citing = options.checks.filter((check) => citedBy(fault, check));
    // The archetype must let the checks that show the fault on the reference run (else any citing check).
    const shownBy = await shownOnReference(fault, citing);
    const cited = shownBy.length > 0 ? shownBy : citing;
    return { fault, ...fittingSeeds(fault, catalogue.indexOf(fault), cited, options.perFault ?? 1, calls) };
  });
  for (const { fault, seeds, why } of fitted) {
    if (seeds.length === 0)
      undetectable.push({
        fault: fault.id,
        seed: 0,
        line: '',
        outcome: 'undetectable',
        detail: `no archetype of 60 drawn fits: ${why}`,
      });
    for (const seed of seeds) jobs.push({ fault, seed });
  }
  const pairs = await pooled(
    jobs,
    options.parallel ?? 4,
    ({ fault, seed }) =>
      plantOne(fault, seed, options.checks).catch((error: Error) => ({
        fault: fault.id,
        seed,
        line: '',
        outcome: 'missed' as const,
        detail: `the run threw: ${error.message}`,
      })),
    options.onPair,
  );
  return [...pairs, ...undetectable];
}

/** The share detected of the pairs that can be (at least 95 % required), each miss with its reason. */
export function formatPlanted(pairs: readonly PlantedPair[]): { text: string; ok: boolean } {
  const decidable = pairs.filter((pair) => pair.outcome !== 'undetectable');
  const detected = decidable.filter((pair) => pair.outcome === 'detected').length;
  const share = decidable.length === 0 ? 1 : detected / decidable.length;
  const lines = [
    `planted faults: ${detected} of ${decidable.length} fault × archetype pairs detected (${(share * 100).toFixed(1)} %, at least 95 % required)`,
  ];
  for (const pair of decidable.filter((each) => each.outcome === 'missed'))
    lines.push(`  MISS ${pair.fault} in archetype ${pair.seed}: ${pair.detail}`, `       ${pair.line}`);
  const declared = pairs.filter((pair) => pair.outcome === 'undetectable');
  if (declared.length > 0) {
    lines.push(`undetectable, declared (${declared.length}):`);
    for (const pair of declared) lines.push(`  ${pair.fault}: ${pair.detail}`);
  }
  return { text: `${lines.join('\n')}\n`, ok: share >= 0.95 };
}

// ── the preset http-only ─────────────────────────────────────────────────────────────────────────────

/**
 * The preset http-only (issue 46 item 7), run and fuzzed: its ground truth holds; exactly its true
 * deviation fails (checks citing unknown-id-500's rules), and at least one check does; every http/* and
 * lists/* check is decided (pass or fail); the event checks are undecided under one cause. Its problems.
 */
export async function runHttpOnlyPreset(
  checks: CheckDefinition[],
): Promise<{ text: string; problems: string[] }> {
  const definitions = new Map(checks.map((check) => [check.id, check]));
  const reference = await startReference({ archetype: 'http-only' });
  const truth = reference.archetype as ArchetypeTruth;
  const problems: string[] = [];
  try {
    const result = await runArchetype(reference, checks);
    const fuzzed = await fuzz({ reference, seed: 1, runs: 5, budgetMs: 8_000, ...truth.runOptions });
    for (const verdict of [...judgeRun(truth, result, definitions), ...judgeRun(truth, fuzzed, definitions)])
      problems.push(`${verdict.kind}: ${verdict.checkId} — ${verdict.detail}`);
    const failing = result.checks.filter((check) => check.status === 'fail');
    if (!failing.some((check) => check.id === 'http/unknown-id-is-4xx'))
      problems.push(
        'its true deviation (500 for an unknown id on every served read) is not reported by http/unknown-id-is-4xx',
      );
    for (const check of result.checks)
      if (/^(http|lists)\//.test(check.id) && check.status === 'skip')
        problems.push(
          `${check.id} is not decided on the served operations: ${check.undecided?.state ?? check.reason ?? ''}`,
        );
    const eventSkips = result.checks.filter(
      (check) => check.status === 'skip' && (definitions.get(check.id)?.needs ?? []).includes('events'),
    );
    // Checks of operations the login does not offer are their own cause (not offered), events or not.
    const causes = (result.undecidedCauses ?? []).filter(
      (cause) =>
        cause.kind !== 'not-offered' && eventSkips.some((check) => cause.checkIds.includes(check.id)),
    );
    if (causes.length !== 1)
      problems.push(
        `the absence of an event stream is ${causes.length} causes (${causes.map((cause) => cause.title).join(' | ')}), not one`,
      );
    const lines = [
      `preset http-only: ${countsOf(result)}; fuzz ${countsOf(fuzzed)}`,
      `  ${truth.describe()}`,
      ...failing.map((check) => `  fails ${check.id} (${check.level}): ${oneLine(check.reason ?? '', 140)}`),
      ...(problems.length > 0
        ? problems.map((problem) => `  PROBLEM ${problem}`)
        : ['  OK: only its true deviation fails']),
      '  replay: npx chat-conformance serve --archetype http-only --port 5140 (then the run command it prints)',
    ];
    return { text: `${lines.join('\n')}\n`, problems };
  } finally {
    await reference.close();
  }
}
