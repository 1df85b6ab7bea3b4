/**
 * Client mode's rows of `npm run bench` (issue 42 item 4: scenarios side by side), each measured in the
 * same bench run as the serial mode (`--concurrency 1`), the two modes alternating so that the machine's
 * load weighs on both alike:
 * - the pagination suite against example clients (three of examples/clients and satorijs.mjs, which
 *   drives a real SDK): wall of the default ≤ 0.6 × the serial wall, over the clients together;
 * - the events suite against the correct example client: wall of the default ≤ 1.3 × its longest
 *   scenario, that scenario's own time in the serial run (where nothing ran beside it).
 * Each run is `node dist/bin/conformance.js client …` in a process of its own (built by `npm run bench`);
 * a run's wall is the report's durationMs (the run's own time, without the process start-up).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResult } from '../src/runner/model.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist/bin/conformance.js');

export const CLIENT_TARGETS = {
  /** Pagination: the default's wall against the serial wall. */
  paginationPerSerial: 0.6,
  /** Events: the default's wall against the suite's longest scenario (its time alone). */
  eventsPerLongest: 1.3,
};

const PAGINATION_CLIENTS = ['correct', 'stops-on-short-page', 'next-from-last-id', 'satorijs'];
const EVENTS_CLIENT = 'correct';

interface ClientRunMeasure {
  wallMs: number;
  scenarios: number;
  longest: { id: string; ms: number };
  /** Counted verdicts: pass / fail / undecided (skip). */
  statuses: string;
  /** Scenarios run again alone (undecided for the load beside others). */
  again: number;
  /** Each scenario's id and status, in the report's order. */
  verdicts: string;
}

/** One `conformance client` run in its own process; its report read back. */
function clientRun(args: string[]): ClientRunMeasure {
  const out = mkdtempSync(join(tmpdir(), 'bench-client-'));
  try {
    spawnSync(process.execPath, [BIN, 'client', ...args, '--reporter', 'json', '--out', out], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RunResult;
    const longest = report.checks.reduce((a, b) => (b.durationMs > a.durationMs ? b : a), report.checks[0]);
    const count = (status: string) => report.checks.filter((check) => check.status === status).length;
    return {
      wallMs: report.durationMs,
      scenarios: report.checks.length,
      longest: { id: longest?.id ?? '-', ms: longest?.durationMs ?? 0 },
      statuses: `${count('pass')}/${count('fail')}/${count('skip')}`,
      verdicts: report.checks.map((check) => `${check.id} ${check.status}`).join('\n'),
      again: report.checks.filter((check) =>
        (check.evidence?.notes ?? []).some((note) => note.startsWith('run again alone')),
      ).length,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface ModePair {
  label: string;
  serial: ClientRunMeasure;
  concurrent: ClientRunMeasure;
}

/** Runs every row (serial, then the default, for each client) and prints the table and the targets. */
export function benchClientMode(log: (line: string) => void = console.log): void {
  const pairs: ModePair[] = [];
  const pair = (label: string, args: string[]) => {
    process.stderr.write(`bench: client mode, ${label}…\n`);
    pairs.push({ label, serial: clientRun([...args, '--concurrency', '1']), concurrent: clientRun(args) });
  };
  for (const client of PAGINATION_CLIENTS)
    pair(`pagination, ${client}`, ['--command', `node examples/clients/${client}.mjs`]);
  pair(`events, ${EVENTS_CLIENT}`, [
    '--suite',
    'events',
    '--command',
    `node examples/clients/events/${EVENTS_CLIENT}.mjs`,
  ]);
  log('');
  log(
    `${'client mode (one run each)'.padEnd(34)}${pad('scenarios', 10)}${pad('serial s', 10)}${pad('default s', 11)}${pad('ratio', 7)}  pass/fail/undecided serial · default`,
  );
  for (const { label, serial, concurrent } of pairs)
    log(
      `${label.padEnd(34)}${pad(serial.scenarios, 10)}${pad(seconds(serial.wallMs), 10)}${pad(seconds(concurrent.wallMs), 11)}` +
        `${pad((concurrent.wallMs / serial.wallMs).toFixed(2), 7)}  ${serial.statuses} · ${concurrent.statuses}` +
        `${concurrent.again ? ` (${concurrent.again} run again alone)` : ''}`,
    );
  const pagination = pairs.filter((row) => row.label.startsWith('pagination'));
  const sum = (rows: ModePair[], mode: 'serial' | 'concurrent') =>
    rows.reduce((total, row) => total + row[mode].wallMs, 0);
  const paginationRatio = sum(pagination, 'concurrent') / sum(pagination, 'serial');
  log(
    `pagination, the ${pagination.length} clients together: default ${seconds(sum(pagination, 'concurrent'))} s / serial ${seconds(sum(pagination, 'serial'))} s = ${paginationRatio.toFixed(2)} ` +
      `(target ≤ ${CLIENT_TARGETS.paginationPerSerial}: ${verdict(paginationRatio <= CLIENT_TARGETS.paginationPerSerial)})`,
  );
  const differ = pairs.filter((row) => row.serial.verdicts !== row.concurrent.verdicts);
  log(
    `the default's scenarios, order and verdicts = the serial run's, in every row: ${verdict(differ.length === 0)}${differ.length ? ` (differ: ${differ.map((row) => row.label).join(', ')})` : ''}`,
  );
  const events = pairs.at(-1)!;
  const eventsRatio = events.concurrent.wallMs / events.serial.longest.ms;
  log(
    `events: default wall ${seconds(events.concurrent.wallMs)} s / longest scenario ${events.serial.longest.id} ${seconds(events.serial.longest.ms)} s (alone, in the serial run) = ${eventsRatio.toFixed(2)} ` +
      `(target ≤ ${CLIENT_TARGETS.eventsPerLongest}: ${verdict(eventsRatio <= CLIENT_TARGETS.eventsPerLongest)}); ` +
      `the default run's own longest: ${seconds(events.concurrent.longest.ms)} s`,
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const pad = (text: string | number, width: number) => String(text).padStart(width);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
