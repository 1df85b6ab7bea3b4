/**
 * The physical floor of a run (issue 21, issue 49 item 3): the shortest wall any schedule could reach,
 * from the checks' declarations and their own durations. What cannot overlap adds up; what can overlap
 * does not:
 *   floor = setup + max(longest check, per hold: its holders one after another + its longest sharer)
 *           + the exclusive checks one after another + the after phase (its checks together: the
 *           longest) + the cleanup chain (2 round trips: messages before their channel) + teardown.
 * Checks that hold one thing (src/runner/holds.ts) never overlap each other nor its sharers, so their
 * durations add up; the sharers of a hold overlap each other (they run together), so only the longest
 * adds — as does a check that shares it at first and takes it alone later (`acquires`): how long it held
 * it alone the run does not report, so counting it whole would overstate the floor (wall/floor < 1, a
 * schedule faster than its floor: impossible). A sharer that waits deliberately (waitsMs) may give its
 * share back meanwhile: it does not add.
 */

/** What the floor needs of one check: its declarations and its duration. */
export interface CheckTime {
  id: string;
  durationMs: number;
  /** Requests it sent (report.json `requests`). */
  requests: number;
  /** Holds it takes alone for its whole duration. */
  holds: string[];
  /** Holds it shares (and those it takes alone only later: `acquires`). */
  shares: string[];
  waitsMs: number;
  after: boolean;
  exclusive: boolean;
}

export interface RunFrame {
  /** Run start → first check. */
  setupMs: number;
  /** Cleanup done → run() returned. */
  teardownMs: number;
  /** The target's latency per response. */
  latencyMs: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const longestOf = (checks: readonly CheckTime[]): CheckTime | undefined =>
  checks.reduce<CheckTime | undefined>((a, b) => (!a || b.durationMs > a.durationMs ? b : a), undefined);

/** The longest chain of checks that cannot overlap (see the header), and what makes it. */
export function criticalChain(checks: readonly CheckTime[]): { ms: number; chain: string; ids: string[] } {
  const main = checks.filter((check) => !check.after && !check.exclusive);
  const named = (check: CheckTime) => `${check.id} ${seconds(check.durationMs)} s/${check.requests} req`;
  const longest = longestOf(main);
  let best = {
    ms: longest?.durationMs ?? 0,
    chain: longest ? `longest check ${named(longest)}` : 'no check',
    ids: longest ? [longest.id] : [],
  };
  for (const hold of new Set(main.flatMap((check) => check.holds))) {
    const holders = main.filter((check) => check.holds.includes(hold));
    const sharer = longestOf(
      main.filter((check) => check.shares.includes(hold) && !check.holds.includes(hold) && !check.waitsMs),
    );
    const along = [...holders, ...(sharer ? [sharer] : [])];
    const ms = along.reduce((sum, check) => sum + check.durationMs, 0);
    if (ms > best.ms)
      best = {
        ms,
        chain: `hold '${hold}' ${seconds(ms)} s: ${along.map(named).join(' → ')}`,
        ids: along.map((c) => c.id),
      };
  }
  return best;
}

/** The floor of a run and the chain that sets it. */
export function physicalFloor(
  checks: readonly CheckTime[],
  frame: RunFrame,
): { floorMs: number; chain: string } {
  const named = (check: CheckTime) => `${check.id} ${seconds(check.durationMs)} s/${check.requests} req`;
  const chain = criticalChain(checks);
  const alone = checks.filter((check) => check.exclusive && !check.after);
  const aloneMs = alone.reduce((sum, check) => sum + check.durationMs, 0);
  const last = longestOf(checks.filter((check) => check.after));
  const parts = [
    `setup ${seconds(frame.setupMs)} s`,
    chain.chain,
    ...(alone.length ? [`alone ${alone.map(named).join(' → ')}`] : []),
    ...(last ? [`after phase ${named(last)}`] : []),
    `cleanup 2 × ${frame.latencyMs} ms`,
    `teardown ${seconds(frame.teardownMs)} s`,
  ];
  return {
    floorMs:
      frame.setupMs + chain.ms + aloneMs + (last?.durationMs ?? 0) + 2 * frame.latencyMs + frame.teardownMs,
    chain: parts.join(' + '),
  };
}
