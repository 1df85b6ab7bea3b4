/**
 * The time-window judgements of client mode allow for the machine's own delay (issue 34): the reconnect
 * waits are credited only beyond what the measured delay explains, a storm is called only when the
 * checker could have seen a wait, and the rest is unclear (undecided, never passed).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LagProbe } from '../../src/client-mode/events/lag.js';
import {
  burstStarts,
  judgeAttemptCount,
  judgePingRate,
  judgeRetryShape,
  judgeRun,
  judgeWaits,
  type ReconnectGap,
  stormStretch,
  summarizeMs,
} from '../../src/client-mode/events/timing.js';
import { runClientMode } from '../../src/client-mode/run.js';
import { nothingCountedReason } from '../../src/runner/summary.js';
import { ROOT } from './helpers.js';

const gap = (ms: number, stalled = 0, reaction = 1): ReconnectGap => ({ ms, stalled, reaction });
const verdict = (gaps: ReconnectGap[]) => judgeWaits(gaps, 250).verdict;

describe('judgeWaits (reconnect backoff, 250 ms in all)', () => {
  it.each([
    ['a growing backoff on a quiet machine', [gap(100), gap(200)], 'waited'],
    [
      'a growing backoff with the checker stalled',
      [gap(160, 50, 5), gap(330, 60, 8), gap(420, 90, 3)],
      'waited',
    ],
    ['no wait on a quiet machine', [gap(3), gap(2), gap(4), gap(2), gap(3)], 'no-wait'],
    [
      'short gaps adding up to less than 250 ms',
      [gap(60, 50), gap(50, 40), gap(40), gap(30), gap(60, 55)],
      'no-wait',
    ],
    // Busy machine: each gap is mostly the checker's own stall, 291 ms in all: a wait of 250 ms can have
    // passed while the checker was stalled (it sees the connection as the stall ends), so no verdict.
    [
      'gaps mostly stalled, 250 ms in all or more',
      [gap(131, 90, 21), gap(39, 29), gap(17, 14), gap(73, 43), gap(31, 12)],
      'unclear',
    ],
    // A fixed 60 ms wait under the same stalls: it may have waited its share; the checker cannot tell.
    [
      'a short fixed wait hidden by stalls',
      [gap(90, 20, 20), gap(95, 30, 20), gap(85, 20, 20), gap(90, 25, 20), gap(88, 30, 20)],
      'unclear',
    ],
    ['a stall longer than the wait to show', [gap(300, 290), gap(5), gap(5), gap(5), gap(5)], 'unclear'],
  ] as const)('%s: %s', (_, gaps, expected) => {
    expect(verdict([...gaps])).toBe(expected);
  });

  it('credits a gap only beyond its allowance (twice the reaction, the stall, the noise)', () => {
    const judgement = judgeWaits([gap(100, 20, 10), gap(30, 30, 10)], 250);
    expect(judgement).toEqual({
      verdict: 'no-wait',
      credited: 100 - 20 - 20 - 5,
      observed: 130,
      allowed: 45 + 55,
    });
  });

  it('never passes gaps that the allowance explains, however many', () => {
    const gaps = Array.from({ length: 20 }, () => gap(40, 20, 10));
    expect(verdict(gaps)).not.toBe('waited');
  });
});

describe('judgeRun (every five gaps in a row, over the whole run)', () => {
  const run = (gaps: ReconnectGap[]) => judgeRun(gaps, 5, 250);

  it('fails a storm that starts after five clear waits, naming the stretch', () => {
    const gaps = [...Array.from({ length: 5 }, () => gap(800)), ...Array.from({ length: 5 }, () => gap(2))];
    expect(run(gaps)).toMatchObject({ verdict: 'no-wait', from: 5, count: 5 });
  });

  it('passes bursts of four attempts between waits: every stretch of five holds a wait', () => {
    const burst = [gap(900), gap(0), gap(1), gap(0)];
    expect(run([...burst, ...burst, ...burst]).verdict).toBe('waited');
  });

  it('is unclear, never waited, when one stretch could be the machine’s delay', () => {
    const hidden = [gap(90, 20, 20), gap(95, 30, 20), gap(85, 20, 20), gap(90, 25, 20), gap(88, 30, 20)];
    expect(run([gap(900), ...hidden]).verdict).toBe('unclear');
  });

  it('judges a run shorter than a stretch as one stretch', () => {
    expect(run([gap(400), gap(5)])).toMatchObject({ verdict: 'waited', from: 0, count: 2 });
    expect(run([gap(3), gap(2)])).toMatchObject({ verdict: 'no-wait', from: 0, count: 2 });
  });
});

describe('judgeRetryShape (retries after a 4004 close, over the whole run)', () => {
  const at = (ms: number, stalled = 0) => ({ ms, stalled });
  it.each([
    ['a fixed 3 s interval', [at(3000), at(3000)], at(1200), 'fixed'],
    ['retries at once', [at(2), at(3), at(2)], at(1), 'fixed'],
    ['a doubling backoff', [at(1000), at(2000)], at(500), 'slowing'],
    [
      'a jittered exponential backoff (each step under 1.5×, the run growing)',
      [at(300), at(500), at(1300), at(1900), at(4100)],
      at(900),
      'slowing',
    ],
    [
      'a backoff that reached its cap: a fixed interval since',
      [at(100), at(200), at(400), at(800), at(800), at(800)],
      at(100),
      'fixed',
    ],
    ['stopped after two retries', [at(1000), at(1000)], at(9000), 'slowing'],
    ['one retry, then none for much longer', [at(1000)], at(9000), 'slowing'],
    ['one retry, then none for as long', [at(1000)], at(900), 'too-few'],
    ['no retry at all', [], at(14000), 'stopped'],
    ['a fixed interval the stalls could hide growth in', [at(1000, 400), at(1000, 400)], at(200), 'unclear'],
    // Periodic bursts of three whose short gaps a loaded machine stretched past a burst: never slowing.
    [
      'periodic bursts not told apart, ending on a long wait',
      [at(826), at(150), at(160), at(830), at(140), at(150), at(828)],
      at(400),
      'unclear',
    ],
    [
      'periodic bursts not told apart, ending inside a burst',
      [at(826), at(150), at(160), at(830), at(140), at(150)],
      at(600),
      'unclear',
    ],
  ] as const)('%s: %s', (_, intervals, sinceLast, expected) => {
    expect(judgeRetryShape(intervals, sinceLast)).toBe(expected);
  });
});

describe('burstStarts (several connections at each attempt)', () => {
  const noStall = () => 0;
  it('groups the sockets a client opens at once, and only those', () => {
    // Four sockets 1 ms apart every 3 s (the Go SDK of issue 50): bursts at 0, 3000, 6000.
    const go = [0, 1, 2, 3, 3000, 3001, 3002, 3003, 6000, 6001, 6002, 6003];
    expect(burstStarts(go, noStall)).toEqual([0, 4, 8]);
    // A client retrying every 40 ms has no burst: each attempt is its own (a storm is judged by count).
    const steady = [0, 40, 80, 120, 160];
    expect(burstStarts(steady, noStall)).toEqual([0, 1, 2, 3, 4]);
    // An exponential backoff from 100 ms has no burst either.
    expect(burstStarts([0, 100, 300, 700], noStall)).toEqual([0, 1, 2, 3]);
  });

  it('does not merge attempts the checker may have seen together only because it stalled', () => {
    const opened = [0, 1, 2, 3000, 3001];
    expect(burstStarts(opened, (from) => (from === 1 ? 400 : 0))).toEqual([0, 2, 3]);
  });
});

describe('stormStretch (the least backoff over every stretch of five attempts)', () => {
  const least = { per: 5, leastMs: 250 };
  it('finds a burst of six connections however quiet the run around it', () => {
    const opened = [0, 3000, 3001, 3002, 3003, 3004, 3005, 9000];
    expect(stormStretch(opened, () => 0, least)).toEqual({ from: 1, spanMs: 5 });
  });
  it('passes four connections at a time every 3 s, and a steady 60 ms retry', () => {
    expect(stormStretch([0, 1, 2, 3, 3000, 3001, 3002, 3003, 6000], () => 0, least)).toBeUndefined();
    expect(stormStretch([0, 60, 120, 180, 240, 300, 360], () => 0, least)).toBeUndefined();
  });
  it('never calls a storm that the delay before its first attempt could explain', () => {
    expect(stormStretch([0, 10, 20, 30, 40, 50], () => 300, least)).toBeUndefined();
  });
});

describe('judgeAttemptCount (the least backoff: 250 ms in every 5 attempts)', () => {
  const least = { per: 5, leastMs: 250 };
  it.each([
    ['a storm: 300 attempts in 2 s', 300, 2_000, true],
    ['five attempts at once', 5, 40, true],
    ['four attempts at once (fewer than one group of five)', 4, 10, false],
    ['a backoff: 10 attempts in 2 s', 10, 2_000, false],
    ['exactly the least: 10 attempts in 500 ms', 10, 500, false],
    ['no attempt', 0, 0, false],
  ] as const)('%s', (_, attempts, windowMs, storm) => {
    expect(judgeAttemptCount(attempts, windowMs, least).storm).toBe(storm);
  });

  it('never calls a storm from a window the checker saw late: a longer window only allows more', () => {
    for (let windowMs = 0; windowMs < 3_000; windowMs += 100)
      if (!judgeAttemptCount(50, windowMs, least).storm)
        expect(judgeAttemptCount(50, windowMs + 500, least).storm).toBe(false);
  });
});

describe('summarizeMs', () => {
  it('says count, min, median and max in a line, whatever the number', () => {
    expect(summarizeMs([5001, 5003, 5002])).toBe('min 5001, median 5002, max 5003 ms (3)');
    expect(summarizeMs([7])).toBe('7 ms');
    expect(summarizeMs([])).toBe('none');
    const many = Array.from({ length: 9_000 }, (_, index) => 1 + (index % 5));
    expect(summarizeMs(many)).toBe('min 1, median 3, max 5 ms (9000)');
  });
});

describe('judgePingRate (PINGs per window: the first connection, then after each drop)', () => {
  const count = (least: number, most = least) => ({ least, most });
  it.each([
    ['steady on a quiet machine', count(3), [count(3), count(3)], { verdict: 'steady' }],
    ['one more is the window edge', count(2), [count(3), count(2)], { verdict: 'steady' }],
    ['a heartbeat left running', count(2), [count(5), count(7)], { verdict: 'more', drop: 0 }],
    ['more after the second drop only', count(3), [count(4), count(6)], { verdict: 'more', drop: 1 }],
    // The correct client under load: a late-read window counted 5 at most, but at least 4 only.
    ['a blurred window that may hold more', count(3), [count(3), count(4, 5)], { verdict: 'unclear' }],
    // The fewest after a drop beat the most before: stalls cannot explain it.
    ['more even at the bounds', count(2, 3), [count(5, 6), count(3)], { verdict: 'more', drop: 0 }],
  ])('%s', (_, before, after, expected) => {
    expect(judgePingRate(before, after)).toEqual(expected);
  });
});

describe('LagProbe', () => {
  it('measures a stretch during which the checker’s loop was held', async () => {
    const probe = new LagProbe().start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const from = Date.now();
      // What a busy machine already stalled just before (none on a quiet one): the held stretch adds to
      // it no more than the probe's timer noise (5 ms).
      const before = probe.stalledWithin(from - 30, from - 20);
      const until = from + 120;
      while (Date.now() < until); // holds the loop, as a busy machine would
      await new Promise((resolve) => setImmediate(resolve));
      expect(probe.stalledWithin(from)).toBeGreaterThanOrEqual(100);
      // Nothing of the held stretch is counted before it began.
      expect(probe.stalledWithin(from - 30, from - 20)).toBeLessThanOrEqual(before + 5);
    } finally {
      probe.stop();
    }
  });
});

describe('an undecided event scenario', () => {
  it('is a skip with the state and how to clear it, and the run has no verdict', async () => {
    const result = await runClientMode({
      command: 'node examples/clients/events/correct.mjs',
      suites: ['events'],
      cwd: ROOT,
      scenariosDir: join(ROOT, 'test/client-mode/fixtures/undecided-scenarios'),
    });
    const [check] = result.checks;
    expect(check).toMatchObject({
      status: 'skip',
      undecided: { state: 'the machine was too busy', clear: 'run it on a less busy machine' },
      reason: 'could not be decided: the machine was too busy (run it on a less busy machine)',
    });
    expect(nothingCountedReason(result)).toMatch(
      /1 should check could not be decided: the machine was too busy/,
    );
  });
});
