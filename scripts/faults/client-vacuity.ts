/**
 * The client vacuity matrix of `npm run faults` (issue 42): the dual of the client scenarios' defective
 * example clients. Each do-nothing client — it exits at once with 0, exits with 1, never connects and
 * sleeps, connects and idles (no IDENTIFY, no request), prints garbage (event and ids lines it never
 * received) and exits — runs through both client suites: no scenario may pass at must or should. A
 * scenario whose claim is that the client does not do something (retry a refused token in a storm) is
 * undecided for them, saying what the client did instead.
 *
 * Fast: every scenario of these clients fails or is undecided as soon as its first wait ends, so each run
 * has a short --scenario-timeout, and the runs go side by side: the pagination suite one run per list, the
 * events suite one run per scenario, each client mode run with its own served reference.
 */

import type { ListKind } from '../../src/client-mode/lists.js';
import { LIST_KINDS } from '../../src/client-mode/lists.js';
import { loadClientScenarios } from '../../src/client-mode/load.js';
import { type ClientSuite, isEventScenario } from '../../src/client-mode/model.js';
import { runClientMode } from '../../src/client-mode/run.js';
import type { CheckResult } from '../../src/runner/model.js';
import { grepExactly } from '../../src/runner/select.js';

const FIXTURES = 'test/client-mode/fixtures/do-nothing';

/** The do-nothing clients: a shell command each (run from the package folder). */
export const DO_NOTHING_CLIENTS = [
  { id: 'exits-0', what: 'exits at once with 0', command: 'exit 0' },
  { id: 'exits-1', what: 'exits at once with 1', command: 'exit 1' },
  { id: 'sleeps', what: 'never connects, sleeps', command: 'exec sleep 600' },
  {
    id: 'connects-and-idles',
    what: 'connects, then sends nothing',
    command: `node ${FIXTURES}/connects-and-idles.mjs`,
    node: true,
  },
  {
    id: 'prints-garbage',
    what: 'prints garbage and exits 0',
    command: `node ${FIXTURES}/prints-garbage.mjs`,
    node: true,
  },
] as const;

/**
 * Per scenario: a do-nothing client's first wait ends here (a pass could come only from a defect). Long
 * enough for a Node client to start and connect on a loaded machine in the events suite, where what it
 * did is what an undecided scenario says; the pagination suite fails a client without requests anyway.
 */
const SCENARIO_TIMEOUT_MS = { pagination: 600, events: 1_500, nodeEvents: 4_000 };
/** Client mode runs in flight at once (each a served reference and one client process at a time). */
const IN_FLIGHT = 16;

export interface ClientVacuityRow {
  client: VacuityClient;
  suite: ClientSuite;
  /** Scenarios at must or should that passed: each a defect. */
  passes: CheckResult[];
  counts: { pass: number; fail: number; skip: number; error: number };
  /** Undecided scenarios with what they said the client did (the first of each reason). */
  undecided: string[];
  /** Event scenarios in which the client was seen connecting (the idler must be: it stands for that). */
  connected: number;
  wallMs: number;
}

export interface ClientVacuityMatrix {
  rows: ClientVacuityRow[];
  problems: string[];
  wallMs: number;
}

/** A client of the matrix (tests pass a correct one, to prove the matrix reports a pass). */
export interface VacuityClient {
  id: string;
  what: string;
  command: string;
  node?: boolean;
}

interface Job {
  client: VacuityClient;
  suite: ClientSuite;
  lists?: ListKind[];
  grep?: string;
}

/** Runs `jobs` at most `limit` at a time, results in order. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface ClientVacuityOptions {
  cwd?: string;
  /** Default: DO_NOTHING_CLIENTS. */
  clients?: readonly VacuityClient[];
  /** Default: every list. */
  lists?: readonly ListKind[];
  /** The event scenarios run (default: every one). */
  eventIds?: readonly string[];
  /** Every scenario's limit instead of SCENARIO_TIMEOUT_MS (a control client that works needs its time). */
  scenarioTimeoutMs?: number;
  onRun?: (label: string, done: number, total: number) => void;
}

export async function runClientVacuityMatrix(
  options: ClientVacuityOptions = {},
): Promise<ClientVacuityMatrix> {
  const began = Date.now();
  const clients = options.clients ?? DO_NOTHING_CLIENTS;
  const eventIds =
    options.eventIds ?? (await loadClientScenarios()).filter(isEventScenario).map((scenario) => scenario.id);
  const jobs: Job[] = clients.flatMap((client) => [
    ...(options.lists ?? LIST_KINDS).map((list): Job => ({ client, suite: 'pagination', lists: [list] })),
    ...eventIds.map((id): Job => ({ client, suite: 'events', grep: grepExactly([id]) })),
  ]);
  const problems: string[] = [];
  let done = 0;
  const results = await pooled(jobs, IN_FLIGHT, async (job) => {
    const label = `client vacuity ${job.client.id} × ${job.suite} ${job.lists?.[0] ?? job.grep ?? ''}`;
    const started = Date.now();
    try {
      const result = await runClientMode({
        command: job.client.command,
        suites: [job.suite],
        scenarioTimeoutMs:
          options.scenarioTimeoutMs ??
          (job.suite === 'pagination'
            ? SCENARIO_TIMEOUT_MS.pagination
            : job.client.node
              ? SCENARIO_TIMEOUT_MS.nodeEvents
              : SCENARIO_TIMEOUT_MS.events),
        level: 'should',
        cwd: options.cwd ?? process.cwd(),
        ...(job.lists ? { lists: job.lists } : {}),
        ...(job.grep ? { grep: job.grep } : {}),
      });
      return { job, checks: result.checks, wallMs: Date.now() - started };
    } catch (error) {
      problems.push(`${label}: the run could not start: ${(error as Error).message}`);
      return { job, checks: [] as CheckResult[], wallMs: Date.now() - started };
    } finally {
      options.onRun?.(label, ++done, jobs.length);
    }
  });
  const suites = (['pagination', 'events'] as const).filter((suite) =>
    jobs.some((job) => job.suite === suite),
  );
  const rows = clients.flatMap((client) =>
    suites.map((suite): ClientVacuityRow => {
      const mine = results.filter((result) => result.job.client === client && result.job.suite === suite);
      const checks = mine.flatMap((result) => result.checks);
      const count = (status: CheckResult['status']) =>
        checks.filter((check) => check.status === status).length;
      const undecided = [
        ...new Set(
          checks.flatMap((check) => (check.undecided ? [`${check.id}: ${check.undecided.state}`] : [])),
        ),
      ];
      return {
        client,
        suite,
        passes: checks.filter((check) => check.status === 'pass' && check.level !== 'info'),
        counts: { pass: count('pass'), fail: count('fail'), skip: count('skip'), error: count('error') },
        undecided,
        connected: checks.filter((check) =>
          (check.evidence?.events ?? []).some((entry) =>
            /^connection \d+ opened$/.test(String((entry as { text?: unknown }).text)),
          ),
        ).length,
        wallMs: Math.max(0, ...mine.map((result) => result.wallMs)),
      };
    }),
  );
  for (const row of rows) {
    for (const check of row.passes)
      problems.push(
        `client vacuity: ${check.id} (${check.level}) passes a client that ${row.client.what} (${row.suite})`,
      );
    if (row.client.id === 'connects-and-idles' && row.suite === 'events' && row.connected === 0)
      problems.push(
        'client vacuity: connects-and-idles was never seen connecting in the events suite, so its row proves only what a client that never connects proves (a longer SCENARIO_TIMEOUT_MS.nodeEvents)',
      );
    if (row.counts.error > 0)
      problems.push(`client vacuity: ${row.counts.error} ${row.suite} scenarios errored on ${row.client.id}`);
  }
  return { rows, problems, wallMs: Date.now() - began };
}

export function formatClientVacuityMatrix(matrix: ClientVacuityMatrix): string {
  const lines = [
    'do-nothing client × client suite: scenarios passing at must or should (! = a pass without evidence)',
  ];
  for (const row of matrix.rows) {
    const mark = row.passes.length === 0 && row.counts.error === 0 ? 'ok  ' : 'PASS';
    const { pass, fail, skip, error } = row.counts;
    lines.push(
      `${mark} ${row.client.id} (${row.client.what}) × ${row.suite}: ${pass} pass, ${fail} fail, ${skip} undecided or skipped${error ? `, ${error} error` : ''}${row.suite === 'events' ? `, connected in ${row.connected}` : ''} (${(row.wallMs / 1000).toFixed(1)} s)`,
    );
    for (const check of row.passes) lines.push(`       ! ${check.id} (${check.level})`);
    for (const said of row.undecided) lines.push(`       ? ${said}`);
  }
  lines.push('');
  lines.push(
    matrix.problems.length === 0
      ? `OK: under ${new Set(matrix.rows.map((row) => row.client.id)).size} do-nothing clients no client scenario passes (${(matrix.wallMs / 1000).toFixed(1)} s).`
      : `${matrix.problems.length} problems:\n${matrix.problems.map((problem) => `  - ${problem}`).join('\n')}`,
  );
  return `${lines.join('\n')}\n`;
}
