/**
 * Time-window judgements of client mode that allow for the machine's own delays (issue 34). What the
 * checker observes between two things the client did is the client's deliberate wait plus delays that
 * are nobody's choice: the client's and the checker's processes waiting for a CPU, loopback I/O. The
 * checker measures them (its own loop stalls: LagProbe; the client's reaction time to a step it takes at
 * once: the IDENTIFY right after a connection opens) and judges so that a busy machine neither passes a
 * defective client nor fails a correct one: a verdict that the measured delay could have turned is
 * 'unclear' (the scenario is undecided, never passed).
 */
import { tr } from '../../i18n/index.js';

/** One reconnect after a drop, as the checker observed it. */
export interface ReconnectGap {
  /** From the drop to the checker seeing the new connection. */
  ms: number;
  /** How long the checker's own loop stalled in that stretch (LagProbe.stalledWithin). */
  stalled: number;
  /** From the new connection to its IDENTIFY: the delay of a step a client takes at once, measured now. */
  reaction: number;
}

export interface WaitJudgement {
  verdict: 'waited' | 'no-wait' | 'unclear';
  /** The wait the client certainly took, in all: each gap less the delay that could explain it. */
  credited: number;
  /** The most it can have waited, in all: the gaps as observed. */
  observed: number;
  /** The delay allowed for, in all. */
  allowed: number;
}

/** Below this, a gap is the timer's and the loopback's own noise. */
const NOISE_MS = 5;

/**
 * The delay that can make a gap without any wait by the client: the client noticing the close and
 * connecting takes about two of its reaction times (each one scheduling of the client and one of the
 * checker), and whatever the checker's own loop stalled meanwhile delayed its seeing the connection.
 */
export const allowance = (gap: ReconnectGap): number => 2 * gap.reaction + gap.stalled + NOISE_MS;

/**
 * Did the client wait `shownMs` in all across these reconnects? 'waited' when the gaps less every
 * allowance still add up to it. 'no-wait' when even the gaps as observed do not (a gap is never shorter
 * than the wait in it). 'unclear' otherwise: the machine was too busy to tell a short wait from its own
 * delay. A gap mostly stalled is no evidence of no wait: the client's wait can pass while the checker is
 * stalled, which then sees the connection as the stall ends (seen: a client opening four sockets per
 * attempt and waiting 400 ms or more between attempts, its 5 gaps in a row 650 ms in all, 400 of them
 * the checker's stalls, failed as a storm, 27 November 2026).
 */
export function judgeWaits(gaps: readonly ReconnectGap[], shownMs: number): WaitJudgement {
  const observed = sum(gaps.map((gap) => gap.ms));
  const allowed = sum(gaps.map(allowance));
  const credited = sum(gaps.map((gap) => Math.max(0, gap.ms - allowance(gap))));
  const result = { credited, observed, allowed };
  if (credited >= shownMs) return { verdict: 'waited', ...result };
  return { verdict: observed < shownMs ? 'no-wait' : 'unclear', ...result };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A run of attempts judged by judgeRun: the verdict, and the stretch of gaps that decided it. */
export interface RunJudgement extends WaitJudgement {
  /** The first gap of the deciding stretch (its index in the run) and how many gaps it holds. */
  from: number;
  count: number;
}

/**
 * Attempts judged over the whole run (issue 50), not its first few: every `per` gaps in a row (a sliding
 * window) must show `shownMs` of waiting (judgeWaits). 'no-wait' as soon as one stretch shows none (a
 * burst is a storm, however long the quiet around it); 'waited' when every stretch shows it; 'unclear'
 * otherwise (the machine's delay could explain a stretch). A run of fewer than `per` gaps is one stretch.
 */
export function judgeRun(gaps: readonly ReconnectGap[], per: number, shownMs: number): RunJudgement {
  const count = Math.min(per, gaps.length);
  let unclear: RunJudgement | undefined;
  let thinnest: RunJudgement | undefined;
  for (let from = 0; from === 0 || from + count <= gaps.length; from++) {
    const stretch: RunJudgement = { ...judgeWaits(gaps.slice(from, from + count), shownMs), from, count };
    if (stretch.verdict === 'no-wait') return stretch;
    if (stretch.verdict === 'unclear') unclear ??= stretch;
    if (!thinnest || stretch.credited < thinnest.credited) thinnest = stretch;
  }
  return unclear ?? thinnest!;
}

/** An interval between two things the client did, as observed, and the checker's stall within it. */
export interface Interval {
  ms: number;
  stalled: number;
}

/** A retry interval is called grown when it is at least this many times the one before. */
const GROWTH = 1.5;

/** Attempts closer than this, and far closer than the waits between them, are one burst (no wait in it). */
export const BURST_MS = 100;
/** An attempt is in the burst before it when its gap is at most this share of the run's typical wait. */
const BURST_SHARE = 4;

/**
 * Attempts (when each was seen, and how much the checker's loop stalled in the gap before it) grouped
 * into bursts: a client may open several connections at each attempt (issue 50). A gap is inside a
 * burst when it is BURST_MS or less, a quarter of the median gap above BURST_MS or less, and the checker
 * did not stall long enough in it to hide a wait. Returns each burst's first attempt's index.
 */
export function burstStarts(
  opened: readonly number[],
  stalledIn: (from: number, to: number) => number,
): number[] {
  const gaps = opened.slice(1).map((at, index) => at - opened[index]);
  const waits = gaps.filter((gap) => gap > BURST_MS).sort((a, b) => a - b);
  const typical = waits[Math.floor((waits.length - 1) / 2)];
  const starts = opened.length > 0 ? [0] : [];
  for (const [index, gap] of gaps.entries()) {
    const inBurst =
      typical !== undefined &&
      gap <= BURST_MS &&
      gap * BURST_SHARE <= typical &&
      stalledIn(opened[index], opened[index + 1]) < BURST_MS;
    if (!inBurst) starts.push(index + 1);
  }
  return starts;
}

/**
 * Retries after a refusal (4004), judged over the whole run: `waits` between the starts of successive
 * bursts of attempts (burstStarts), `sinceLast` from the last attempt to the end of the watch.
 * 'slowing' when the wait since the last attempt grew by GROWTH over each of the last three waits
 * (backing off, or stopped), or the last wait grew over every earlier one but the one before it and is
 * no shorter than that one — even allowing for the checker's stalls (a long wait after short ones, again
 * and again, is a period whose bursts were not told apart, not a slowing); 'fixed' when the last three waits (two at least) show no growth over each other either way,
 * and the wait since is not longer (a fixed period, of single attempts or of bursts: forever); 'stopped'
 * when no retry came; 'too-few' when one wait was seen and the wait since it is not longer (it may come
 * again: the watch was too short); 'unclear' when only the stalls make the difference.
 */
export function judgeRetryShape(
  waits: readonly Interval[],
  sinceLast: Interval,
): 'fixed' | 'slowing' | 'stopped' | 'too-few' | 'unclear' {
  if (waits.length === 0) return 'stopped';
  // An observed interval is off by at most the stall within it, either way.
  const least = (interval: Interval) => Math.max(0, interval.ms - interval.stalled);
  const most = (interval: Interval) => interval.ms + interval.stalled;
  const grew = (from: number, to: number) => to >= GROWTH * from + NOISE_MS;
  const last = waits.at(-1)!;
  const tail = waits.slice(-3);
  // The quiet since the last attempt beats the longest recent wait (not merely a short one inside a burst).
  if (tail.every((wait) => grew(most(wait), least(sinceLast)))) return 'slowing';
  if (waits.length < 2) return 'too-few';
  const period = tail.every((a) => tail.every((b) => !grew(least(a), most(b))));
  if (period && !grew(least(last), most(sinceLast))) return 'fixed';
  // The last wait grew over every earlier one but the one just before (a jittered backoff may grow less
  // between two), and is no shorter than that one: a periodic run whose bursts were not told apart
  // (a long wait after short ones, again and again) is not slowing.
  const before = waits.at(-2)!;
  const earlier = waits.length > 2 ? waits.slice(0, -2) : [before];
  if (
    earlier.every((wait) => grew(most(wait), least(last))) &&
    least(last) >= before.ms - before.stalled - NOISE_MS
  )
    return 'slowing';
  return 'unclear';
}

/**
 * The least backoff over every stretch of the run (sliding windows): `per` attempts in a row after one
 * (`per` gaps) that add up to less than `leastMs`, even had the first of them been seen as late as the
 * checker's delay before it allows (`delayBefore`), are a storm — a burst of them is one, however long
 * the quiet around it. Returns the first such stretch: the index of its first attempt and its span.
 */
export function stormStretch(
  opened: readonly number[],
  delayBefore: (at: number) => number,
  least: { per: number; leastMs: number },
): { from: number; spanMs: number } | undefined {
  for (let from = 0; from + least.per < opened.length; from++) {
    const spanMs = opened[from + least.per] - opened[from];
    if (spanMs + delayBefore(opened[from]) < least.leastMs) return { from, spanMs };
  }
  return undefined;
}

/**
 * The least backoff any client may use, by count: `leastMs` of waiting in every `per` attempts in a row
 * (CLIENT-CONV-WS-RECONNECT, CLIENT-CONV-WS-AUTH: 250 ms within 5 retries). `attempts` seen within
 * `windowMs` — from an end the checker caused (its close or drop, timed as it acted) to the latest
 * attempt seen, which the checker can only have seen late — took at most that long, so waiting that
 * much needs floor(attempts / per) × leastMs ≤ windowMs. A storm by count is certain whatever the
 * checker's lag: lag only lengthens the window, never adds an attempt.
 */
export function judgeAttemptCount(
  attempts: number,
  windowMs: number,
  least: { per: number; leastMs: number },
): { storm: boolean; neededMs: number } {
  const neededMs = Math.floor(attempts / least.per) * least.leastMs;
  return { storm: neededMs > 0 && neededMs > Math.max(windowMs, 0), neededMs };
}

/** Durations as a short summary (min, median, max, count), whatever their number: a reason stays short. */
export function summarizeMs(values: readonly number[]): string {
  if (values.length === 0) return tr`none`;
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (sorted.length === 1) return `${sorted[0]} ms`;
  return tr`min ${sorted[0]}, median ${median}, max ${sorted.at(-1)} ms (${sorted.length})`;
}

/** The PINGs of one window, as bounds: `least` certainly sent within it, `most` read before it closed. */
export interface PingCount {
  least: number;
  most: number;
}

/**
 * The PING rate after drops against the first connection's (a heartbeat left running adds a PING per
 * interval): 'more' after the drop at `drop` (0 = the first) when the fewest it can have sent beat the
 * most sent before by more than one; 'unclear' when only the bounds' spread, the checker's stalls, could
 * make such a difference; 'steady' otherwise.
 */
export function judgePingRate(
  before: PingCount,
  after: readonly PingCount[],
): { verdict: 'more'; drop: number } | { verdict: 'steady' | 'unclear' } {
  const drop = after.findIndex((count) => count.least > before.most + 1);
  if (drop >= 0) return { verdict: 'more', drop };
  return { verdict: after.some((count) => count.most > before.least + 1) ? 'unclear' : 'steady' };
}
