/**
 * The benchmark's physical floor (issue 49 item 3) on synthetic schedules: a floor is the shortest wall
 * any schedule could reach, so it must never exceed the wall of a schedule that is feasible (every hold
 * respected), and must count what cannot overlap (the holders of one hold) one after another.
 */
import { describe, expect, it } from 'vitest';
import { type CheckTime, criticalChain, physicalFloor } from '../../bench/floor.js';

/** A check of a synthetic schedule: when it ran, and what it declared. */
interface Placed extends Partial<CheckTime> {
  id: string;
  startMs: number;
  endMs: number;
}

const timeOf = (placed: Placed): CheckTime => ({
  requests: 1,
  holds: [],
  shares: [],
  waitsMs: 0,
  after: false,
  exclusive: false,
  ...placed,
  durationMs: placed.endMs - placed.startMs,
});

const FRAME = { setupMs: 100, teardownMs: 50, latencyMs: 20 };
/** The wall of a schedule: setup, its last check's end, the cleanup chain and teardown. */
const wallOf = (schedule: Placed[]) =>
  FRAME.setupMs +
  Math.max(...schedule.map((placed) => placed.endMs)) +
  2 * FRAME.latencyMs +
  FRAME.teardownMs;

/**
 * Two holders of 'peer-in-guild' one after another, then three checks that share it and take it alone
 * only for a moment each (acquires: here, their moments are staggered within 2–5 s), and a long check
 * beside them all. A feasible schedule of 5 s.
 */
const SHARERS_OVERLAP: Placed[] = [
  { id: 'holder-1', startMs: 0, endMs: 1_000, holds: ['peer-in-guild'] },
  { id: 'holder-2', startMs: 1_000, endMs: 2_000, holds: ['peer-in-guild'] },
  { id: 'mute-a', startMs: 2_000, endMs: 5_000, shares: ['peer-in-guild'] },
  { id: 'mute-b', startMs: 2_000, endMs: 5_000, shares: ['peer-in-guild'] },
  { id: 'mute-c', startMs: 2_000, endMs: 4_500, shares: ['peer-in-guild'] },
  { id: 'free', startMs: 0, endMs: 4_000 },
];

describe('physicalFloor', () => {
  it('never exceeds the wall of a feasible schedule where the sharers of a hold overlap', () => {
    const checks = SHARERS_OVERLAP.map(timeOf);
    const { floorMs, chain } = physicalFloor(checks, FRAME);
    expect(floorMs).toBeLessThanOrEqual(wallOf(SHARERS_OVERLAP));
    // Here the schedule is as short as it can be: the floor is its wall, and names the chain.
    expect(floorMs).toBe(wallOf(SHARERS_OVERLAP));
    expect(chain).toMatch(/hold 'peer-in-guild' 5\.00 s: holder-1 .* → holder-2 .* → mute-a/);
  });

  it('adds up the holders of one hold (they cannot overlap on any schedule)', () => {
    const holders = ['a', 'b', 'c'].map((id) =>
      timeOf({ id, startMs: 0, endMs: 1_000, holds: ['friend-requests'] }),
    );
    const beside = timeOf({ id: 'beside', startMs: 0, endMs: 2_500 });
    expect(criticalChain([...holders, beside])).toMatchObject({ ms: 3_000, ids: ['a', 'b', 'c'] });
  });

  it('adds a check that runs alone and the longest check of the after phase', () => {
    const schedule: Placed[] = [
      { id: 'x', startMs: 0, endMs: 1_000 },
      { id: 'resume', startMs: 1_000, endMs: 1_400, exclusive: true },
      { id: 'after-1', startMs: 1_400, endMs: 1_700, after: true },
      { id: 'after-2', startMs: 1_400, endMs: 1_600, after: true },
    ];
    const { floorMs } = physicalFloor(schedule.map(timeOf), FRAME);
    expect(floorMs).toBe(wallOf(schedule));
  });

  it('a sharer that waits deliberately (it may give its share back) does not lengthen the chain', () => {
    const checks = [
      timeOf({ id: 'holder', startMs: 0, endMs: 1_000, holds: ['peer-in-guild'] }),
      timeOf({ id: 'window', startMs: 0, endMs: 3_000, shares: ['peer-in-guild'], waitsMs: 2_000 }),
    ];
    expect(criticalChain(checks)).toMatchObject({ ms: 3_000, ids: ['window'] });
  });
});
