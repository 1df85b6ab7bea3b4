/**
 * The benchmark's physical floor (issue 49 item 3) on synthetic schedules: a floor is the shortest wall
 * any schedule could reach, so it must never exceed the wall of a feasible schedule (every hold, every
 * exclusive check and every startsAfter respected), and must count what cannot overlap one after another.
 * Feasible schedules are generated: random checks of random segments (each claiming holds alone or shared,
 * or none), placed greedily in a random order by a simulator that keeps the admission's rules.
 */
import { describe, expect, it } from 'vitest';
import { type CheckTime, criticalChain, physicalFloor } from '../../bench/floor.js';

type Mode = 'alone' | 'shared';
/** A stretch of a check's time, holding these claims. */
interface Segment {
  ms: number;
  claims: Readonly<Record<string, Mode>>;
}
interface SyntheticCheck {
  id: string;
  segments: Segment[];
  exclusive?: boolean;
  startsAfter?: string[];
}

const FRAME = { setupMs: 100, teardownMs: 50, latencyMs: 20 };
/** The wall of a schedule whose last check ends at `endMs`: setup, the last undo and teardown. */
const wallAt = (endMs: number, afterMs = 0) =>
  FRAME.setupMs + endMs + Math.max(afterMs, FRAME.latencyMs) + FRAME.teardownMs;

/** What the run measures of a check: its own time, and per hold its time alone and shared. */
function timeOf(check: SyntheticCheck): CheckTime {
  const held: Record<string, { alone: number; shared: number }> = {};
  for (const segment of check.segments)
    for (const [hold, mode] of Object.entries(segment.claims)) {
      held[hold] ??= { alone: 0, shared: 0 };
      held[hold][mode] += segment.ms;
    }
  return {
    id: check.id,
    durationMs: check.segments.reduce((sum, segment) => sum + segment.ms, 0),
    requests: 1,
    held,
    startsAfter: check.startsAfter ?? [],
    after: false,
    exclusive: check.exclusive === true,
  };
}

/**
 * Places the checks greedily, in the order given, as the admission would: a segment starts when its
 * claims are compatible with the segments running (alone excludes any other claim on the hold), an
 * exclusive check when nothing runs (and nothing starts beside it), a check after those it names.
 * Returns when the last segment ends.
 */
function simulate(checks: readonly SyntheticCheck[]): number {
  interface Running {
    check: SyntheticCheck;
    segment: number;
    endsAt: number;
  }
  const next = new Map(checks.map((check) => [check.id, 0]));
  const ended = new Set<string>();
  const running: Running[] = [];
  let now = 0;
  const compatible = (claims: Segment['claims']) =>
    Object.entries(claims).every(([hold, mode]) =>
      running.every(({ check, segment }) => {
        const other = check.segments[segment].claims[hold];
        return !other || (other === 'shared' && mode === 'shared');
      }),
    );
  while (ended.size < checks.length) {
    for (const check of checks) {
      const segment = next.get(check.id) ?? 0;
      if (ended.has(check.id) || running.some((r) => r.check === check)) continue;
      if (running.some((r) => r.check.exclusive)) break;
      if (segment === 0 && !(check.startsAfter ?? []).every((id) => ended.has(id))) continue;
      if (check.exclusive && running.length > 0) continue;
      if (!compatible(check.segments[segment].claims)) continue;
      running.push({ check, segment, endsAt: now + check.segments[segment].ms });
      if (check.exclusive) break;
    }
    running.sort((a, b) => a.endsAt - b.endsAt);
    const done = running.shift();
    if (!done) throw new Error('deadlock in the synthetic schedule');
    now = done.endsAt;
    next.set(done.check.id, done.segment + 1);
    if (done.segment + 1 === done.check.segments.length) ended.add(done.check.id);
  }
  return now;
}

/** mulberry32: the same cases on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOLDS = ['peer-in-guild', 'join-requests', 'friend-requests'];

function generated(seed: number): SyntheticCheck[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const count = 3 + Math.floor(next() * 12);
  const checks: SyntheticCheck[] = [];
  for (let i = 0; i < count; i++) {
    const segments = Array.from({ length: 1 + Math.floor(next() * 3) }, (): Segment => {
      const roll = next();
      const claims: Record<string, Mode> =
        roll < 0.3 ? {} : { [pick(HOLDS)]: roll < 0.6 ? 'alone' : 'shared' };
      return { ms: 10 + Math.floor(next() * 2_000), claims };
    });
    const earlier = checks.filter(() => next() < 0.1).map((check) => check.id);
    checks.push({
      id: `c${i}`,
      segments,
      ...(next() < 0.08 ? { exclusive: true } : {}),
      ...(earlier.length ? { startsAfter: earlier } : {}),
    });
  }
  return checks;
}

/** The same checks in a random order (another schedule of them). */
function shuffled(checks: readonly SyntheticCheck[], seed: number): SyntheticCheck[] {
  const next = random(seed);
  const order = [...checks];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

describe('physicalFloor', () => {
  it('never exceeds the wall of any feasible schedule (400 generated sets of checks, 5 orders each)', () => {
    let tight = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const checks = generated(seed);
      const { floorMs } = physicalFloor(checks.map(timeOf), FRAME);
      for (let order = 0; order < 5; order++) {
        const wall = wallAt(simulate(shuffled(checks, seed * 10 + order)));
        expect(floorMs, `seed ${seed}, order ${order}`).toBeLessThanOrEqual(wall + 1e-6);
        if (floorMs > wall - 1) tight++;
      }
    }
    // A floor of 0 would pass the bound: it must reach the wall of some schedules too.
    expect(tight).toBeGreaterThan(100);
  });

  it('adds up the alone claims of one hold and its longest shared claim; sharers overlap', () => {
    const checks: SyntheticCheck[] = [
      { id: 'holder-1', segments: [{ ms: 1_000, claims: { 'peer-in-guild': 'alone' } }] },
      { id: 'holder-2', segments: [{ ms: 1_000, claims: { 'peer-in-guild': 'alone' } }] },
      // Shares, then takes it alone for its window (acquires).
      {
        id: 'window',
        segments: [
          { ms: 300, claims: { 'peer-in-guild': 'shared' } },
          { ms: 1_500, claims: { 'peer-in-guild': 'alone' } },
        ],
      },
      { id: 'sharer-a', segments: [{ ms: 800, claims: { 'peer-in-guild': 'shared' } }] },
      { id: 'sharer-b', segments: [{ ms: 600, claims: { 'peer-in-guild': 'shared' } }] },
      { id: 'free', segments: [{ ms: 2_000, claims: {} }] },
    ];
    const chain = criticalChain(checks.map(timeOf));
    expect(chain.ms).toBe(1_000 + 1_000 + 1_500 + 800);
    expect(chain.chain).toMatch(
      /hold 'peer-in-guild' 4\.30 s: .*window alone 1\.50 s.*sharer-a shared 0\.80 s/,
    );
    // The sharers first, together, then the alone claims: a schedule as short as the floor.
    const best = wallAt(simulate([checks[3], checks[4], checks[2], checks[0], checks[1], checks[5]]));
    expect(physicalFloor(checks.map(timeOf), FRAME).floorMs).toBe(best);
  });

  it('adds the checks that run alone, and a path of checks that start after one another', () => {
    const checks: SyntheticCheck[] = [
      { id: 'decline', segments: [{ ms: 700, claims: {} }] },
      { id: 'approve', segments: [{ ms: 900, claims: {} }], startsAfter: ['decline'] },
      { id: 'beside', segments: [{ ms: 1_200, claims: {} }] },
      { id: 'resume', segments: [{ ms: 400, claims: {} }], exclusive: true },
    ];
    const { floorMs, chain } = physicalFloor(checks.map(timeOf), FRAME);
    expect(chain).toMatch(/after one another 1\.60 s: decline .* → approve .* \+ alone resume/);
    expect(floorMs).toBe(wallAt(1_600 + 400));
    expect(floorMs).toBe(wallAt(simulate([checks[3], ...checks.slice(0, 3)])));
  });

  it('adds the longest check of the after phase', () => {
    const times = [
      { ...timeOf({ id: 'x', segments: [{ ms: 1_000, claims: {} }] }) },
      { ...timeOf({ id: 'after-1', segments: [{ ms: 300, claims: {} }] }), after: true },
      { ...timeOf({ id: 'after-2', segments: [{ ms: 200, claims: {} }] }), after: true },
    ];
    expect(physicalFloor(times, FRAME).floorMs).toBe(wallAt(1_000, 300));
    // An after phase shorter than a round trip: the last undo is the tail.
    const short = [times[0], { ...times[1], durationMs: 5 }];
    expect(physicalFloor(short, FRAME).floorMs).toBe(wallAt(1_000));
  });
});
