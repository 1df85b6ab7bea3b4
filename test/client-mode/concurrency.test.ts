/**
 * Client scenarios side by side (issue 42 item 4, `--concurrency N`): a suite run with scenarios at once
 * gives a serial run's report — the same scenarios in the same order, the same verdicts and reasons, the
 * same requests and pages, the same event frames — while each running scenario had a server (a port)
 * of its own. A scenario the machine's load left undecided beside others is run again alone.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { defaultConcurrency, InOrder, runInSlots, StartGate } from '../../src/client-mode/concurrency.js';
import type { TranscriptEntry } from '../../src/client-mode/events/stage.js';
import { runClientMode } from '../../src/client-mode/run.js';
import { EXIT } from '../../src/exit-codes.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { captureIo } from '../cli/helpers.js';
import { type ClientRun, eventsClient, ROOT, runClientCommand, runEventsClient } from './helpers.js';

/** What the machine's load leaves undecided: the one difference a busy machine may make (helpers.ts). */
const forLoad = (check: CheckResult) =>
  check.status === 'skip' && check.undecided?.clear === 'run the client scenarios on a less busy machine';

/** A scenario's verdict: everything but its times (a run on a busy machine reports other waits). */
const verdicts = (run: RunResult, except: ReadonlySet<string>) =>
  run.checks
    .filter((check) => !except.has(check.id))
    .map((check) => ({ id: check.id, status: check.status, level: check.level, reason: check.reason }));

/** The port a scenario was served on, of each exchange (a slot's server). */
const PORT = /127\.0\.0\.1:\d+/g;

/** A pagination scenario's transcript: each request the client made and the page it was served. */
const exchanges = (check: CheckResult) =>
  (check.evidence?.exchanges ?? []).map((exchange) => ({
    url: exchange.request.url.replace(PORT, 'HOST'),
    body: exchange.request.body,
    response: exchange.response?.body,
  }));

/**
 * An event scenario's transcript, its shape: the distinct lines, each connection's number left out, but
 * the heartbeats (how many PINGs, and reconnects until a backoff adds up, are a matter of time), sorted (a
 * line printed and a frame sent at the same moment may be recorded either way).
 */
const frames = (check: CheckResult) =>
  [
    ...new Set(
      ((check.evidence?.events ?? []) as TranscriptEntry[])
        .filter((entry) => !/^(PING|PONG)\b/.test(entry.text))
        .map((entry) => `${entry.from} ${entry.text.replace(/connection \d+/g, 'connection N')}`),
    ),
  ].sort();

const ports = (run: RunResult) =>
  new Set(
    run.checks.flatMap((check) =>
      (check.evidence?.exchanges ?? []).map((exchange) => exchange.request.url.match(PORT)?.[0]),
    ),
  );

/** The two runs' scenarios, but those the load left undecided in either (at most two). */
function comparable(serial: ClientRun, concurrent: ClientRun): Set<string> {
  const except = new Set(
    [...serial.report.checks, ...concurrent.report.checks].filter(forLoad).map((check) => check.id),
  );
  expect(except.size, `undecided for the machine's load: ${[...except].join(', ')}`).toBeLessThanOrEqual(2);
  return except;
}

describe.concurrent('conformance client --concurrency', () => {
  it('gives a serial run’s pagination report: scenarios, order, verdicts, requests and pages', async () => {
    // A defective client: it fails the scenarios of one shape and passes the others, on two lists.
    const args = ['--command', 'node examples/clients/stops-on-short-page.mjs', '--list', 'guild,friend'];
    const [serial, concurrent] = await Promise.all([
      runClientCommand([...args, '--concurrency', '1', '--reporter', 'json']),
      runClientCommand([...args, '--concurrency', '4', '--reporter', 'json']),
    ]);
    const except = comparable(serial, concurrent);
    expect(verdicts(concurrent.report, except)).toEqual(verdicts(serial.report, except));
    expect(serial.report.checks.map((check) => check.status)).toContain('fail');
    expect(serial.report.checks.map((check) => check.status)).toContain('pass');
    expect(concurrent.report.checks.map(exchanges)).toEqual(serial.report.checks.map(exchanges));
    expect(concurrent.report.verdict).toBe(serial.report.verdict);
    expect(concurrent.code).toBe(serial.code);
    // Serially one server served every scenario; side by side, four.
    expect(ports(serial.report).size).toBe(1);
    expect(ports(concurrent.report).size).toBe(4);
    expect(concurrent.report.notes?.[0]).toMatch(/and 3 more ports, one per scenario running at once/);
  }, 120_000);

  it('gives a serial run’s events report: scenarios, order, verdicts and frames exchanged', async () => {
    const [serial, concurrent] = await Promise.all([
      runEventsClient(eventsClient('correct'), ['--concurrency', '1']),
      // The default: the whole suite at once on a machine of two cores or more.
      runEventsClient(eventsClient('correct')),
    ]);
    const except = comparable(serial, concurrent);
    expect(verdicts(concurrent.report, except)).toEqual(verdicts(serial.report, except));
    const shapes = (run: ClientRun) => run.report.checks.filter((check) => !except.has(check.id)).map(frames);
    expect(shapes(concurrent)).toEqual(shapes(serial));
    expect(concurrent.report.notes?.[0]).toMatch(
      new RegExp(`and ${Math.min(defaultConcurrency('events'), serial.report.checks.length) - 1} more ports`),
    );
    expect(serial.report.notes?.[0]).not.toMatch(/more ports/);
  }, 120_000);

  it('runs a scenario undecided for the load beside others again alone, and no other undecided', async () => {
    const run = (concurrency: number) =>
      runClientMode({
        command: 'node examples/clients/events/correct.mjs',
        suites: ['events'],
        cwd: ROOT,
        concurrency,
        scenariosDir: join(ROOT, 'test/client-mode/fixtures/beside-scenarios'),
      });
    const [alone, beside] = [await run(1), await run(3)];
    const outcome = (result: RunResult) =>
      result.checks.map((check) => [check.id, check.status, check.undecided?.state]);
    const expected = [
      ['client.events/beside-a', 'pass', undefined],
      ['client.events/beside-b', 'pass', undefined],
      ['client.events/beside-other-reason', 'skip', 'the client pings too rarely'],
    ];
    expect(outcome(alone)).toEqual(expected);
    expect(outcome(beside)).toEqual(expected);
    const again = (result: RunResult) =>
      result.checks.map((check) =>
        (check.evidence?.notes ?? []).some((note) => note.startsWith('run again alone')),
      );
    expect(again(alone)).toEqual([false, false, false]);
    expect(again(beside)).toEqual([true, true, false]);
    expect(beside.checks[0].evidence?.notes).toContainEqual(
      expect.stringMatching(
        /^run again alone: beside other scenarios it was undecided \([23] scenarios were running\)$/,
      ),
    );
  }, 60_000);

  it('refuses --concurrency 0 or 1.5, and --concurrency 2 beside --listen (exit 2, usage)', async () => {
    for (const [args, message] of [
      [['--command', 'true', '--concurrency', '0'], /--concurrency must be a whole number of at least 1/],
      [['--command', 'true', '--concurrency', '1.5'], /--concurrency must be a whole number of at least 1/],
      [['--listen', '127.0.0.1:0', '--concurrency', '2'], /--listen runs one scenario at a time/],
    ] as const) {
      const io = captureIo();
      expect(await main(['client', ...args], io, { cwd: ROOT, color: false, env: {} })).toBe(EXIT.usage);
      expect(io.err()).toMatch(message);
    }
  });
});

describe('runInSlots and InOrder', () => {
  it('runs at most the limit at once, each job in a free slot, and hands results on in index order', async () => {
    const releases: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const slotsInUse = new Set<number>();
    const emitted: number[] = [];
    const inOrder = new InOrder<number>(5, (result) => emitted.push(result));
    const done = runInSlots(
      5,
      2,
      async (index, slot) => {
        expect(slotsInUse.has(slot)).toBe(false);
        slotsInUse.add(slot);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        slotsInUse.delete(slot);
        return index * 10;
      },
      { onDone: (index, result) => inOrder.settle(index, result) },
    );
    // Jobs 0 and 1 run; 1 ends first: nothing is handed on before 0.
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(2);
    releases[1]();
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitted).toEqual([]);
    releases[0]();
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitted).toEqual([0, 10]);
    for (let next = 2; next < 5; next++) {
      await new Promise((resolve) => setImmediate(resolve));
      releases[next]();
    }
    const { results, beside } = await done;
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(emitted).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(beside).toEqual([true, true, true, true, true]);
  });

  it('starts jobs past the gate’s permits only as earlier ones say they started, or end', async () => {
    const gate = new StartGate(1);
    const began: number[] = [];
    const starts: (() => void)[] = [];
    const ends: (() => void)[] = [];
    const done = runInSlots(
      3,
      3,
      async (index, _slot, started) => {
        began.push(index);
        starts.push(started);
        await new Promise<void>((resolve) => ends.push(resolve));
        return index;
      },
      { gate },
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn();
    expect(began).toEqual([0]);
    starts[0]();
    starts[0](); // once only: a second call frees no second permit
    await turn();
    expect(began).toEqual([0, 1]);
    ends[1]();
    await turn();
    expect(began).toEqual([0, 1, 2]);
    ends[0]();
    ends[2]();
    expect((await done).results).toEqual([0, 1, 2]);
  });

  it('gives a permit back by itself after the cap: a client that never shows up holds none for long', async () => {
    const gate = new StartGate(1);
    await gate.enter(10);
    // Waits for the first permit to come back at its cap (10 ms), not forever.
    const release = await gate.enter(60_000);
    release();
    expect(typeof release).toBe('function');
  });

  it('marks no job beside another at a limit of 1', async () => {
    const { beside } = await runInSlots(3, 1, async (index) => index);
    expect(beside).toEqual([false, false, false]);
  });
});
