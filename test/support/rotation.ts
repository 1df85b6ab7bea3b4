/**
 * The share of the heavy end-to-end matrices a test run takes (issue 34: CI under 5 minutes on two
 * cores, and every configuration verified within a week — docs/self-verification.md "What CI runs").
 *
 * `npm test` (what `.ci/run` runs on every change) runs every test, but of each rotating matrix only the
 * rows of one slot of seven: the UTC day's (days since 1970, mod 7). `npm run test:full` runs every row;
 * the scheduled workflow runs it every day and the release workflow before each publish. The variable
 * CHAT_CONFORMANCE_ROTATION picks: `full`, or a slot 0–6 (to reproduce another day's run).
 */

export const ROTATION_SLOTS = 7;
export const ROTATION_VARIABLE = 'CHAT_CONFORMANCE_ROTATION';

export interface Rotation {
  /** Every row of every rotating matrix. */
  full: boolean;
  /** The slot this run takes (meaningless when full). */
  slot: number;
}

/** The rotation a value of CHAT_CONFORMANCE_ROTATION asks for (unset: the UTC day's slot). */
export function rotationFrom(value: string | undefined, now: Date = new Date()): Rotation {
  const given = value?.trim() ?? '';
  if (given === 'full') return { full: true, slot: 0 };
  if (given === '') return { full: false, slot: Math.floor(now.getTime() / 86_400_000) % ROTATION_SLOTS };
  const slot = Number(given);
  if (!Number.isInteger(slot) || slot < 0 || slot >= ROTATION_SLOTS)
    throw new Error(
      `${ROTATION_VARIABLE}=${given}: give 'full' or a slot from 0 to ${ROTATION_SLOTS - 1} (unset: today's slot)`,
    );
  return { full: false, slot };
}

export const rotation: Rotation = rotationFrom(process.env[ROTATION_VARIABLE]);

/** What this run is, in one line (printed once by the global setup). */
export const describeRotation = (current: Rotation = rotation): string =>
  current.full
    ? 'rotation: full (every row of every rotating matrix)'
    : `rotation: slot ${current.slot} of ${ROTATION_SLOTS} (the heavy end-to-end matrices run a seventh of their rows; \`npm run test:full\` runs them all, as the scheduled and release workflows do)`;

/** The slot in words, for the name of a test that has no row in it. */
export const describeSlot = (current: Rotation = rotation): string =>
  current.full ? 'a full run' : `rotation slot ${current.slot}`;

/**
 * The rows of a rotating matrix this run takes: all of them in a full run; otherwise row i when
 * (i + offset) mod 7 is the slot, so seven runs of consecutive slots take every row exactly once.
 * `offset` spreads matrices of fewer than seven rows over different slots.
 */
export const rotating = <T>(rows: readonly T[], offset = 0, current: Rotation = rotation): T[] =>
  rows.filter((_, index) => inSlot(index + offset, current));

/** Whether the rotating test (or row) of slot `slot` (mod 7) runs: in a full run, or in its own slot. */
export const inSlot = (slot: number, current: Rotation = rotation): boolean =>
  current.full || current.slot === slot % ROTATION_SLOTS;
