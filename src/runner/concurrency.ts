/**
 * Adaptive concurrency (issue 21, on unless --concurrency fixes it): how many checks send requests at
 * once, adjusted from the responses as TCP and Netflix's concurrency-limits (Gradient2) do it. It starts
 * modestly and, until the first sign of congestion, grows by one per response (TCP's slow start: it doubles
 * every round trip); then every window of responses it compares their latency with the run's long-term
 * latency: flat, it grows by about √limit; rising (the target queues), it shrinks in proportion; a 429 or a request
 * timeout halves it at once (multiplicative decrease, as TCP on a loss): a rate-limited or overloaded
 * target gains nothing from more requests at once.
 */
import { tr } from '../i18n/index.js';

/** What admission reads: the slots now, and a way to hear that they changed. */
export interface SlotLimit {
  readonly current: number;
  /** The target's long-term latency (ms), once measured. */
  readonly latencyMs?: number;
  subscribe(listener: () => void): void;
}

export interface AdaptiveOptions {
  initial?: number;
  min?: number;
  max?: number;
  /** Latency up to this multiple of the long-term one counts as flat. Default 1.5 (Gradient2's). */
  tolerance?: number;
  /** The target's latency before the first window (ms): the setup's answers. */
  initialLatencyMs?: number;
  /** Responses per adjustment. Default 10. */
  window?: number;
  /**
   * How late the checker's own event loop ran since the last call (ms): when the checker is the
   * bottleneck (its CPU), more requests at once cannot help, so the limit does not grow. Default: never.
   */
  ownLagMs?: () => number;
}

/** Own event-loop lag (ms, mean over a window) from which the checker counts as busy. */
const BUSY_LAG_MS = 10;

export class AdaptiveLimit implements SlotLimit {
  readonly initial: number;
  readonly min: number;
  readonly max: number;
  readonly #tolerance: number;
  readonly #window: number;
  /** The limit before rounding (smoothed). */
  #limit: number;
  /** Long-term latency (slow moving average, ms). */
  #longMs?: number;
  #samples: number[] = [];
  #limited = false;
  /** TCP's slow start: until a 429, a timeout or a rise in latency, one more slot per response. */
  #slowStart = true;
  readonly #listeners: (() => void)[] = [];
  /** What happened, for the run's notes. */
  readonly stats = { highest: 0, lowest: 0, onRateLimit: 0, onTimeout: 0, onLatency: 0, busy: 0 };
  readonly #ownLagMs: () => number;
  readonly #initialLatencyMs?: number;

  constructor(options: AdaptiveOptions = {}) {
    this.initial = options.initial ?? 8;
    this.min = options.min ?? 2;
    this.max = options.max ?? 32;
    this.#tolerance = options.tolerance ?? 1.5;
    this.#window = options.window ?? 10;
    this.#ownLagMs = options.ownLagMs ?? (() => 0);
    this.#initialLatencyMs = options.initialLatencyMs;
    this.#limit = this.initial;
    this.stats.highest = this.stats.lowest = this.initial;
  }

  get current(): number {
    return Math.round(this.#limit);
  }

  get latencyMs(): number | undefined {
    return this.#longMs ?? this.#initialLatencyMs;
  }

  subscribe(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** One answered request: its latency (ms) and status (0: it timed out, a drop as TCP counts a loss). */
  sample(ms: number, status: number): void {
    if (status === 429 || status === 0) {
      // At most one halving per window: the 429s (or timeouts) of one burst are one signal.
      this.#slowStart = false;
      if (!this.#limited) {
        this.#limited = true;
        if (status === 429) this.stats.onRateLimit += 1;
        else this.stats.onTimeout += 1;
        this.#set(this.#limit / 2);
      }
      return;
    }
    this.#samples.push(ms);
    if (this.#samples.length < this.#window) return;
    const shortMs = this.#samples.reduce((sum, value) => sum + value, 0) / this.#samples.length;
    this.#samples = [];
    this.#limited = false;
    // The first window sets the long-term latency; later ones move it slowly (Gradient2's long window).
    this.#longMs = this.#longMs === undefined ? shortMs : this.#longMs * 0.9 + shortMs * 0.1;
    // Sub-millisecond noise is not congestion: a latency floor of 1 ms.
    const gradient = Math.max(
      0.5,
      Math.min(1, (this.#tolerance * Math.max(1, this.#longMs)) / Math.max(1, shortMs)),
    );
    if (gradient < 1) this.stats.onLatency += 1;
    const busy = this.#ownLagMs() > BUSY_LAG_MS;
    if (busy) this.stats.busy += 1;
    if (gradient < 1) this.#slowStart = false;
    else if (this.#slowStart && !busy) {
      this.#set(this.#limit + this.#window);
      return;
    }
    // Gradient2: limit × gradient + a queue allowance of √limit (none while the checker itself is busy), smoothed.
    const target = this.#limit * gradient + (busy ? 0 : Math.sqrt(this.#limit));
    this.#set(this.#limit * 0.8 + target * 0.2);
  }

  #set(limit: number): void {
    const before = this.current;
    this.#limit = Math.min(this.max, Math.max(this.min, limit));
    this.stats.highest = Math.max(this.stats.highest, this.current);
    this.stats.lowest = Math.min(this.stats.lowest, this.current);
    if (this.current !== before) for (const listener of this.#listeners) listener();
  }

  /** The run's note: how the limit moved. */
  describe(): string {
    const { highest, lowest, onRateLimit, onTimeout, onLatency, busy } = this.stats;
    return (
      tr`concurrency: adaptive (--concurrency N fixes it), started at ${this.initial}, ranged ${lowest}–${highest}, ` +
      tr`ended at ${this.current}; lowered ${onRateLimit} ${onRateLimit === 1 ? tr`time` : tr`times`} on 429, ` +
      tr`${onTimeout} on timeouts, ` +
      tr`held back ${onLatency} ${onLatency === 1 ? tr`time` : tr`times`} on rising latency, ${busy} while the checker's own event loop lagged`
    );
  }
}
