/**
 * Storms judged however hard they hit (issue 42, item 2): a client retrying a refused token every
 * millisecond stalls the checker's own event loop, and each interval between its attempts is widened by
 * that stall before it is compared — but their number in the time watched is exact whatever the lag. Here
 * the checker's loop is held 60 ms in every 100 ms by a bounded busy loop in its own process (stopped at
 * the end): the storm still fails, by count, with a short reason; the correct client still passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsClient, runEventsClient } from './helpers.js';

const SCENARIO = 'client.events/auth-refused-not-retried-at-a-fixed-interval';

/** Holds this process's event loop `busyMs` in every `everyMs` until stopped. */
function holdTheLoop(busyMs: number, everyMs: number) {
  let held = 0;
  const timer = setInterval(() => {
    const end = Date.now() + busyMs;
    while (Date.now() < end); // the checker's loop blocked, as a storm's load blocks it
    held += 1;
  }, everyMs);
  return {
    get held() {
      return held;
    },
    stop: () => clearInterval(timer),
  };
}

describe('a refused token retried every millisecond, the checker’s loop blocked 60 ms in every 100 ms', () => {
  let loop: ReturnType<typeof holdTheLoop>;
  beforeAll(() => {
    loop = holdTheLoop(60, 100);
  });
  afterAll(() => loop.stop());

  it('fails auth-refused-not-retried-at-a-fixed-interval by count, with a reason under 1,000 characters', async () => {
    const before = loop.held;
    const run = await runEventsClient('node test/client-mode/fixtures/retries-auth-every-millisecond.mjs', [
      '--grep',
      SCENARIO,
    ]);
    // The loop was held while the scenario ran.
    expect(loop.held).toBeGreaterThan(before);
    const [check] = run.report.checks;
    expect([check.id, check.status]).toEqual([SCENARIO, 'fail']);
    // By count over the whole watch, or over any five retries in a row (issue 50): a storm either way.
    expect(check.reason).toMatch(
      /^(\d+ new connections within \d+ ms of a 4004 close \(waiting 250 ms in every 5 attempts takes \d+ ms at least\)|5 retries within \d+ ms \(from (the first attempt|the \d+\w\w retry) on; waiting 250 ms in every 5 attempts takes 250 ms at least\)): a refused token retried in a storm/,
    );
    expect(check.reason!.length).toBeLessThan(1_000);
    for (const note of check.evidence?.notes ?? []) expect(note.length).toBeLessThan(8_000);
    // The transcript shows the latest lines; its header, when it shows fewer than all, numbers them.
    const transcript = check.evidence?.notes?.find((note) => note.startsWith('transcript')) ?? '';
    const shownLines = transcript.split('\n').length - 1;
    const header = /^transcript \(lines (\d+)–(\d+) of (\d+), the latest\)/.exec(transcript);
    if (header) {
      expect(Number(header[2])).toBe(Number(header[3]));
      expect(Number(header[2]) - Number(header[1]) + 1).toBe(shownLines);
    } else expect(transcript).toMatch(/^transcript:\n/);
    const counted = Number(/^(\d+) new connections/.exec(check.reason!)?.[1] ?? 0);
    const shown = [...transcript.matchAll(/ #(\d+) /g)].map((match) => Number(match[1]));
    expect(Math.max(...shown)).toBeGreaterThanOrEqual(counted + 1);
    expect(run.code).toBe(1);
  }, 60_000);

  it('still passes the correct client, which gives up on 4004', async () => {
    const before = loop.held;
    const run = await runEventsClient(eventsClient('correct'), ['--grep', SCENARIO]);
    expect(loop.held).toBeGreaterThan(before);
    expect(run.report.checks.map((check) => [check.id, check.status, check.reason])).toEqual([
      [SCENARIO, 'pass', undefined],
    ]);
    expect(run.code).toBe(0);
  }, 60_000);
});

describe('a refused token retried every 8 s (a period the default 15 s limit cannot judge)', () => {
  const client = 'node test/client-mode/fixtures/retries-auth-every-8-seconds.mjs';

  it.concurrent('is decided with no flag: the scenario runs three of its intervals, within its own limit', async () => {
    const run = await runEventsClient(client, ['--grep', SCENARIO]);
    const [check] = run.report.checks;
    expect([check.status, check.reason]).toEqual([
      'fail',
      expect.stringMatching(
        /^[23] retries after a 4004 close, at intervals of .*: a refused token retried at a fixed interval/,
      ),
    ]);
    expect(check.durationMs).toBeGreaterThan(15_000);
  }, 90_000);

  it.concurrent('cut short by --scenario-timeout, is undecided and says which value decides it', async () => {
    const run = await runEventsClient(client, ['--grep', SCENARIO, '--scenario-timeout', '12000']);
    const [check] = run.report.checks;
    expect(check.status).toBe('skip');
    expect(check.undecided).toEqual({
      state: expect.stringMatching(
        /^1 retry after a 4004 close, at intervals of \d+ ms, then none for \d+ ms/,
      ),
      clear: expect.stringMatching(/^pass --scenario-timeout 2\d000 or more$/),
    });
    expect(run.code).toBe(2);
  }, 60_000);
});
