/**
 * The checker's own scheduling delay, measured while a scenario runs (issue 34): a probe timer due every
 * PROBE_MS records how late it fires. A late firing means the checker's event loop did not run for that
 * long (the process was descheduled on a busy machine, or other work held the loop), so anything the
 * client did in that stretch was seen — and timestamped — late by up to as much. Time-window judgements
 * widen or shift by what this measured, in the direction that neither passes a defective client nor
 * fails a correct one.
 */
const PROBE_MS = 10;
/** Lateness under this is the timer's own granularity, not a stall. */
const NOISE_MS = 2;
/** Stalls kept: a scenario is bounded, and the latest are the ones judged. */
const STALL_LIMIT = 5_000;

/** A stretch during which the checker's event loop did not run: [from, to] in Date.now() ms. */
interface Stall {
  from: number;
  to: number;
}

export class LagProbe {
  private readonly stalls: Stall[] = [];
  private timer?: NodeJS.Timeout;
  private due = 0;

  start(): this {
    const tick = () => {
      const now = Date.now();
      const late = now - this.due;
      if (late > NOISE_MS) {
        if (this.stalls.length >= STALL_LIMIT) this.stalls.shift();
        this.stalls.push({ from: this.due, to: now });
      }
      this.due = now + PROBE_MS;
      this.timer = setTimeout(tick, PROBE_MS);
      // The probe never keeps the checker alive on its own.
      this.timer.unref();
    };
    this.due = Date.now() + PROBE_MS;
    this.timer = setTimeout(tick, PROBE_MS);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /**
   * How long within [from, to] the checker's loop was stalled: the most by which something that
   * happened in that window can have been seen late. Includes the current stall up to `to` when the
   * probe is overdue. Only stalls longer than `longerThan` count (default: all but the timer's noise).
   */
  stalledWithin(from: number, to = Date.now(), longerThan = NOISE_MS): number {
    let total = 0;
    const overlap = (stall: Stall) =>
      stall.to - stall.from > longerThan
        ? Math.max(0, Math.min(stall.to, to) - Math.max(stall.from, from))
        : 0;
    for (const stall of this.stalls) total += overlap(stall);
    if (this.due + NOISE_MS < to) total += overlap({ from: this.due, to });
    return total;
  }

  /**
   * The most by which something the checker saw at `at` can have been seen late: between stalls the
   * loop runs and reads what came at once, so only the stall that ended just before `at` delays it —
   * plus one probe period, by which a stall can have begun before the probe was due.
   */
  delayBefore(at: number): number {
    let longest = at >= this.due + NOISE_MS ? at - this.due : 0;
    for (const stall of this.stalls)
      if (stall.to <= at && stall.to >= at - 2 * PROBE_MS) longest = Math.max(longest, stall.to - stall.from);
    return longest + PROBE_MS;
  }
}
