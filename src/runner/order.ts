/**
 * The order checks start in: the fixed order that makes the run short (startOrder), or one drawn from a
 * seed (--seed), so that a verdict that depends on the order shows.
 */
import { Lead } from './admission.js';
import type { CheckDefinition } from './check.js';
import { claimsOf } from './check-scheduling.js';

/**
 * Start order, by groups: checks that wait deliberately and hold nothing alone (longest first: they set
 * the run's floor); the sharers of holds (they run together, and before the holders of the same hold,
 * which then run one by one: a holder's wait cannot overlap a sharer's); the holders (deliberate waits
 * first); the checks that wait for events (a missing event costs the event timeout: start it early); the
 * rest; exclusive checks last. Among sharers, those of a hold a deliberate wait takes alone first (they
 * run beside each other before the window, not one after another behind it); among sharers and holders,
 * those of the longest chain of holders first.
 */
export function startOrder(
  checks: readonly CheckDefinition[],
): { check: CheckDefinition; priority: number }[] {
  const group = (check: CheckDefinition): number => {
    if (check.exclusive) return 6;
    if (check.holds?.length) return 3;
    if (check.waitsMs) return 1;
    if (check.shares?.length) return 2;
    return check.needs?.includes('events') ? 4 : 5;
  };
  // A hold's chain: its holders one after another (their deliberate waits, and ~50 ms each besides).
  const chainOf = new Map<string, number>();
  for (const check of checks)
    for (const hold of check.holds ?? [])
      chainOf.set(hold, (chainOf.get(hold) ?? 0) + (check.waitsMs ?? 0) + 50);
  const longestChain = (check: CheckDefinition) =>
    Math.max(0, ...[...(check.holds ?? []), ...(check.shares ?? [])].map((hold) => chainOf.get(hold) ?? 0));
  // The holds a deliberate wait takes alone (its window): their sharers must be done before it.
  const windows = new Set(
    checks
      .filter((check) => check.waitsMs)
      .flatMap((check) => [...(check.holds ?? []), ...(check.acquires ?? [])]),
  );
  const beforeAWindow = (check: CheckDefinition) =>
    group(check) === 2 && (check.shares ?? []).some((hold) => windows.has(hold)) ? 0 : 1;
  // Within a group, deliberate waits first, then the checks on the longest chain of holders.
  const rank = (check: CheckDefinition) => [
    group(check),
    beforeAWindow(check),
    -(check.waitsMs ?? 0),
    -longestChain(check),
  ];
  const ordered = checks
    .map((check, index) => ({ check, index, rank: rank(check) }))
    .sort((a, b) => {
      for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i] - b.rank[i];
      return a.index - b.index;
    });
  return ordered.map(({ check }, priority) => ({ check, priority }));
}

/**
 * --seed: the checks start in an order drawn from the seed (mulberry32, Fisher–Yates), so that a verdict
 * that depends on the order shows; the same seed gives the same order. startsAfter still holds.
 */
export function shuffledOrder(
  checks: readonly CheckDefinition[],
  seed: number,
): { check: CheckDefinition; priority: number }[] {
  const random = mulberry32(seed);
  const order = [...checks];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.map((check, priority) => ({ check, priority }));
}

/** A promise and its resolve (Promise.withResolvers needs Node 22). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A small seeded PRNG (uniform in [0, 1)): the order of a seed must not depend on the platform. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A check on the run's critical chain (admission.ts Lead): it waits deliberately, and what it holds or
 * shares makes other checks wait for it (a wait that holds nothing fits anywhere in the run).
 */
export const leadOf = (check: CheckDefinition): Lead | undefined =>
  (check.waitsMs ?? 0) > 0 && claimsOf(check).length > 0
    ? new Lead([...(check.holds ?? []), ...(check.acquires ?? [])])
    : undefined;
