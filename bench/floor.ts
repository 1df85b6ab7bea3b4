/**
 * The physical floor of a run (issue 21, issue 49 item 3): the shortest wall any schedule could reach,
 * from what each check did as the run measured it. What cannot overlap on any schedule adds up:
 *   floor = setup + the critical chain + the exclusive checks one after another + the tail + teardown,
 * where the tail is the after phase (its checks together: the longest) or the last undo (one round trip
 * after the last check that created something), whichever is longer: the cleanup of what the main pass
 * created runs while the after phase does (and most of it while the main pass runs), so only one round
 * trip of it is sure to come after everything;
 * where the critical chain is the longest of:
 *   - the longest check (its own time: what it waited behind other checks is not its own);
 *   - per hold (src/runner/holds.ts), the times checks held it alone, one after another (no two alone
 *     claims overlap, nor an alone claim and a shared one), plus the longest time one check held it shared
 *     (the sharers overlap each other, not the alone claims) — as the run measured them (RunStats.heldMs:
 *     a check that shares a hold and takes it alone only for its window counts that window alone, the
 *     rest shared);
 *   - the longest path of checks that start after others (startsAfter), one after another.
 * Exclusive checks run with nothing else, so they overlap none of it.
 */

/** What the floor needs of one check: its own duration, the holds it held and its dependencies. */
export interface CheckTime {
  id: string;
  durationMs: number;
  /** Requests it sent (report.json `requests`). */
  requests: number;
  /** Per hold, the time it held it alone and shared (RunStats.heldMs). */
  held: Readonly<Record<string, { alone: number; shared: number }>>;
  /** The checks it started after (check.ts startsAfter). */
  startsAfter: readonly string[];
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

interface Chain {
  ms: number;
  chain: string;
  ids: string[];
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const named = (check: CheckTime) => `${check.id} ${seconds(check.durationMs)} s/${check.requests} req`;
const longestOf = (checks: readonly CheckTime[]): CheckTime | undefined =>
  checks.reduce<CheckTime | undefined>((a, b) => (!a || b.durationMs > a.durationMs ? b : a), undefined);

/** A hold's chain: its alone claims one after another, then its longest shared claim. */
function holdChain(checks: readonly CheckTime[], hold: string): Chain {
  const alone = checks.filter((check) => (check.held[hold]?.alone ?? 0) > 0);
  const aloneMs = alone.reduce((sum, check) => sum + (check.held[hold]?.alone ?? 0), 0);
  const sharer = checks.reduce<CheckTime | undefined>(
    (a, b) => ((b.held[hold]?.shared ?? 0) > (a?.held[hold]?.shared ?? 0) ? b : a),
    undefined,
  );
  const sharedMs = sharer?.held[hold]?.shared ?? 0;
  const parts = [
    ...alone
      .filter((check) => (check.held[hold]?.alone ?? 0) >= 5)
      .map((check) => `${check.id} alone ${seconds(check.held[hold]?.alone ?? 0)} s`),
    ...(sharer && sharedMs > 0 ? [`${sharer.id} shared ${seconds(sharedMs)} s`] : []),
  ];
  return {
    ms: aloneMs + sharedMs,
    chain: `hold '${hold}' ${seconds(aloneMs + sharedMs)} s: ${parts.join(' → ')}`,
    ids: [...alone.map((check) => check.id), ...(sharer && sharedMs > 0 ? [sharer.id] : [])],
  };
}

/** The longest path along startsAfter: each check after the ones it names, one after another. */
function dependencyChain(checks: readonly CheckTime[]): Chain {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const memo = new Map<string, { ms: number; ids: string[] }>();
  const path = (check: CheckTime): { ms: number; ids: string[] } => {
    const known = memo.get(check.id);
    if (known) return known;
    let before = { ms: 0, ids: [] as string[] };
    for (const id of check.startsAfter) {
      const dependency = byId.get(id);
      const candidate = dependency ? path(dependency) : undefined;
      if (candidate && candidate.ms > before.ms) before = candidate;
    }
    const own = { ms: before.ms + check.durationMs, ids: [...before.ids, check.id] };
    memo.set(check.id, own);
    return own;
  };
  const longest = checks.map(path).reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, ids: [] });
  return {
    ...longest,
    chain: `after one another ${seconds(longest.ms)} s: ${longest.ids
      .map((id) => named(byId.get(id) as CheckTime))
      .join(' → ')}`,
  };
}

/** The longest chain of checks that cannot overlap (see the header), and what makes it. */
export function criticalChain(checks: readonly CheckTime[]): Chain {
  const main = checks.filter((check) => !check.after && !check.exclusive);
  const longest = longestOf(main);
  const candidates: Chain[] = [
    {
      ms: longest?.durationMs ?? 0,
      chain: longest ? `longest check ${named(longest)}` : 'no check',
      ids: longest ? [longest.id] : [],
    },
    ...[...new Set(main.flatMap((check) => Object.keys(check.held)))].map((hold) => holdChain(main, hold)),
    dependencyChain(main),
  ];
  return candidates.reduce((a, b) => (b.ms > a.ms ? b : a));
}

/** The floor of a run and the chain that sets it. */
export function physicalFloor(
  checks: readonly CheckTime[],
  frame: RunFrame,
): { floorMs: number; chain: string } {
  const chain = criticalChain(checks);
  const alone = checks.filter((check) => check.exclusive && !check.after);
  const aloneMs = alone.reduce((sum, check) => sum + check.durationMs, 0);
  const last = longestOf(checks.filter((check) => check.after));
  const afterPhase = last !== undefined && last.durationMs > frame.latencyMs;
  const parts = [
    `setup ${seconds(frame.setupMs)} s`,
    chain.chain,
    ...(alone.length ? [`alone ${alone.map(named).join(' → ')}`] : []),
    afterPhase ? `after phase ${named(last)}` : `last undo ${frame.latencyMs} ms`,
    `teardown ${seconds(frame.teardownMs)} s`,
  ];
  const tailMs = Math.max(last?.durationMs ?? 0, frame.latencyMs);
  return {
    floorMs: frame.setupMs + chain.ms + aloneMs + tailMs + frame.teardownMs,
    chain: parts.join(' + '),
  };
}
