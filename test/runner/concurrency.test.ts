/** Adaptive concurrency (src/runner/concurrency.ts) and admission following a moving limit. */
import { describe, expect, it } from 'vitest';
import { Admission } from '../../src/runner/admission.js';
import { AdaptiveLimit } from '../../src/runner/concurrency.js';

const feed = (limit: AdaptiveLimit, count: number, ms: number, status = 200) => {
  for (let i = 0; i < count; i++) limit.sample(ms, status);
};

describe('AdaptiveLimit', () => {
  it('starts modestly and grows while latency stays flat, up to its maximum', () => {
    const limit = new AdaptiveLimit({ initial: 8, max: 32 });
    expect(limit.current).toBe(8);
    feed(limit, 30, 20);
    expect(limit.current).toBeGreaterThan(8);
    feed(limit, 2_000, 20);
    expect(limit.current).toBe(32);
    expect(limit.stats.onLatency).toBe(0);
  });

  it('grows by one per response until the first sign of congestion (slow start), then by about √limit a window', () => {
    const limit = new AdaptiveLimit({ initial: 8, max: 64 });
    feed(limit, 10, 20);
    expect(limit.current).toBe(18);
    feed(limit, 10, 20);
    expect(limit.current).toBe(28);
    feed(limit, 10, 200); // the target queues: slow start ends
    const congested = limit.current;
    expect(congested).toBeLessThan(28);
    feed(limit, 10, 20);
    expect(limit.current - congested).toBeLessThan(3);
  });

  it('shrinks when latency rises well above the long-term latency, never under its minimum', () => {
    const limit = new AdaptiveLimit({ initial: 16, min: 2 });
    feed(limit, 50, 20);
    const grown = limit.current;
    feed(limit, 30, 200); // the target queues: 10 × the latency
    expect(limit.current).toBeLessThan(grown);
    expect(limit.stats.onLatency).toBeGreaterThan(0);
    feed(limit, 5_000, 100_000);
    expect(limit.current).toBeGreaterThanOrEqual(2);
  });

  it('does not shrink on latency within the tolerance (noise is not congestion)', () => {
    const limit = new AdaptiveLimit({ initial: 8 });
    for (let i = 0; i < 200; i++) limit.sample(i % 2 ? 15 : 25, 200);
    expect(limit.stats.onLatency).toBe(0);
    expect(limit.current).toBeGreaterThan(8);
  });

  it('halves on a 429, once per window (one burst of 429s is one signal)', () => {
    const limit = new AdaptiveLimit({ initial: 16 });
    feed(limit, 3, 0, 429);
    expect(limit.current).toBe(8);
    expect(limit.stats.onRateLimit).toBe(1);
    feed(limit, 10, 20);
    limit.sample(0, 429);
    expect(limit.current).toBeLessThan(8);
    expect(limit.describe()).toMatch(/started at 16, ranged \d+–16.*lowered 2 times on 429, 0 on timeouts/);
  });

  it("does not grow while the checker's own event loop lags (its CPU is the bottleneck)", () => {
    let lag = 50;
    const limit = new AdaptiveLimit({ initial: 8, ownLagMs: () => lag });
    feed(limit, 200, 20);
    expect(limit.current).toBe(8);
    expect(limit.stats.busy).toBe(20);
    lag = 0;
    feed(limit, 50, 20);
    expect(limit.current).toBeGreaterThan(8);
  });

  it('halves on a request timeout (status 0), as TCP on a loss', () => {
    const limit = new AdaptiveLimit({ initial: 16 });
    limit.sample(10_000, 0);
    expect(limit.current).toBe(8);
    expect(limit.stats.onTimeout).toBe(1);
  });
});

describe('Admission with a moving limit', () => {
  it('admits more checks as soon as the limit grows, and no new ones past a lowered limit', async () => {
    let current = 1;
    const listeners: (() => void)[] = [];
    const admission = new Admission({
      get current() {
        return current;
      },
      subscribe: (listener) => listeners.push(listener),
    });
    const started: number[] = [];
    const start = (n: number) =>
      admission.request({ claims: [], slot: true, priority: n, start: true }).then(() => started.push(n));
    const all = [start(1), start(2), start(3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1]);
    current = 3;
    for (const listener of listeners) listener();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    // Lowered to 2 while 3 run: ending one frees no slot for a fourth.
    current = 2;
    const fourth = start(4);
    admission.release([], true);
    admission.finished(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    admission.release([], true);
    admission.finished(false);
    await Promise.all([...all, fourth]);
    expect(started).toEqual([1, 2, 3, 4]);
  });
});
