import { describe, expect, it } from 'vitest';
import { SEEDS, seedsFor } from '../../scripts/faults/history.js';
import { inSlot, ROTATION_SLOTS, rotating, rotationFrom } from './rotation.js';

describe('the rotation of the heavy matrices (issue 34)', () => {
  it('takes the UTC day’s slot when unset, full or a given slot when asked, and refuses anything else', () => {
    const day = new Date('2026-11-25T23:59:00Z');
    const days = Math.floor(day.getTime() / 86_400_000);
    expect(rotationFrom(undefined, day)).toEqual({ full: false, slot: days % ROTATION_SLOTS });
    expect(rotationFrom(undefined, new Date(day.getTime() + 86_400_000)).slot).toBe(
      (days + 1) % ROTATION_SLOTS,
    );
    expect(rotationFrom('full')).toEqual({ full: true, slot: 0 });
    expect(rotationFrom(' 3 ')).toEqual({ full: false, slot: 3 });
    expect(() => rotationFrom('7')).toThrow(/give 'full' or a slot from 0 to 6/);
    expect(() => rotationFrom('monday')).toThrow(/CHAT_CONFORMANCE_ROTATION=monday/);
  });

  it('takes every row exactly once over seven consecutive slots, whatever the offset; all of them when full', () => {
    const rows = Array.from({ length: 23 }, (_, index) => index);
    for (const offset of [0, 2, 6]) {
      const taken = Array.from({ length: ROTATION_SLOTS }, (_, slot) =>
        rotating(rows, offset, { full: false, slot }),
      );
      expect(taken.flat().sort((a, b) => a - b)).toEqual(rows);
      for (const share of taken) expect(share.length).toBeLessThanOrEqual(Math.ceil(rows.length / 7));
    }
    expect(rotating(rows, 4, { full: true, slot: 0 })).toEqual(rows);
  });

  it('runs a single rotating test in its own slot only, and in a full run', () => {
    expect(inSlot(3, { full: false, slot: 3 })).toBe(true);
    expect(inSlot(10, { full: false, slot: 3 })).toBe(true);
    expect(inSlot(4, { full: false, slot: 3 })).toBe(false);
    expect(inSlot(4, { full: true, slot: 0 })).toBe(true);
  });

  it('runs every job of the history matrix under every seed over five consecutive days (--rotate-seeds)', () => {
    for (const job of [0, 1, 7, 138]) {
      const seen = new Set([0, 1, 2, 3, 4].flatMap((day) => seedsFor(job, day)));
      expect([...seen].sort()).toEqual([...SEEDS]);
      expect(new Set(seedsFor(job, 3)).size).toBe(2);
    }
  });
});
