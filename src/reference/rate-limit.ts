/**
 * Rate limits of the reference (`serve --rate-limit N/s | N/m | N/h`), as chat platforms apply them.
 * Per second (a bare N too): a token bucket per token (N requests a second, bursts of N) and a stricter
 * one for message.create per channel (N/5 a second, bursts of 5, like Discord's 5 messages per 5 s per
 * channel). Per minute or hour: fixed windows, as bridges meter bots: N requests a window per token, and
 * N a window per client address, shared by every token sent from it (a bridge's default of 100 requests a
 * minute per IP). A refused request is answered 429 with Retry-After; every limited response says where
 * its bucket stands in the headers platforms send (X-RateLimit-Limit, -Remaining, -Reset-After in seconds
 * until the bucket is full or the window starts again, -Bucket).
 */
import { ConfigurationError } from '../../spec/errors.js';
import type { Rate } from '../../spec/rate.js';

/** One token bucket: `capacity` tokens, refilled at `rate` a second. */
class Bucket {
  tokens: number;
  at: number;
  constructor(
    readonly id: string,
    readonly capacity: number,
    readonly rate: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
  }

  /** Seconds until the bucket is full again. */
  resetAfter(): number {
    return (this.capacity - this.tokens) / this.rate;
  }

  headers(): Record<string, string> {
    return {
      'x-ratelimit-limit': String(this.capacity),
      'x-ratelimit-remaining': String(Math.max(0, Math.floor(this.tokens))),
      'x-ratelimit-reset-after': this.resetAfter().toFixed(3),
      'x-ratelimit-bucket': this.id,
    };
  }
}

/** One fixed window: `limit` requests from `startedAt` (ms) for `windowMs`, then a new window. */
class Window {
  count = 0;
  startedAt: number;
  constructor(
    readonly id: string,
    readonly limit: number,
    readonly windowMs: number,
    now: number,
  ) {
    this.startedAt = now;
  }

  roll(now: number): void {
    if (now < this.startedAt + this.windowMs) return;
    this.startedAt = now;
    this.count = 0;
  }

  get tokens(): number {
    return this.limit - this.count;
  }

  /** Seconds until the window starts again. */
  resetAfter(now: number): number {
    return Math.max(0, this.startedAt + this.windowMs - now) / 1000;
  }

  headers(now: number): Record<string, string> {
    return {
      'x-ratelimit-limit': String(this.limit),
      'x-ratelimit-remaining': String(Math.max(0, this.tokens)),
      'x-ratelimit-reset-after': this.resetAfter(now).toFixed(3),
      'x-ratelimit-bucket': this.id,
    };
  }
}

export interface RateDecision {
  /** The headers of the most constrained bucket the request counted against. */
  headers: Record<string, string>;
  /** Set when the request is refused: seconds until it would be accepted. */
  retryAfterSeconds?: number;
  /** The bucket that refused it. */
  bucket?: string;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;
  readonly rate: Rate;

  /** `rate`: a number is requests a second. */
  constructor(rate: Rate | number, now: () => number = () => performance.now()) {
    this.rate = typeof rate === 'number' ? { requests: rate, windowMs: 1_000 } : rate;
    const { requests, windowMs } = this.rate;
    if (!Number.isInteger(requests) || requests < 1 || !(windowMs >= 1_000)) {
      throw new ConfigurationError(
        `rateLimit must be a whole number of requests >= 1 a second, minute or hour, got ${requests} per ${windowMs} ms.`,
      );
    }
    this.#now = now;
  }

  #bucket(key: string, id: string, capacity: number, rate: number): Bucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = new Bucket(id, capacity, rate, this.#now());
      this.#buckets.set(key, bucket);
    }
    bucket.refill(this.#now());
    return bucket;
  }

  /**
   * Counts one request of `caller` (any key of the token) to `operation`: refused (nothing taken) when a
   * bucket it counts against is empty.
   */
  take(caller: string, operation: string, channelId: unknown, address = ''): RateDecision {
    if (this.rate.windowMs > 1_000) return this.#takeWindows(caller, address);
    const perSecond = this.rate.requests;
    const buckets = [this.#bucket(`${caller}\0global`, 'global', perSecond, perSecond)];
    if (operation === 'message.create' && typeof channelId === 'string') {
      const id = `message.create:${channelId}`;
      buckets.push(this.#bucket(`${caller}\0${id}`, id, 5, Math.max(0.2, perSecond / 5)));
    }
    const empty = buckets.find((bucket) => bucket.tokens < 1);
    if (empty) {
      return {
        headers: empty.headers(),
        retryAfterSeconds: (1 - empty.tokens) / empty.rate,
        bucket: empty.id,
      };
    }
    for (const bucket of buckets) bucket.tokens -= 1;
    // The most constrained bucket speaks (platforms send one set of headers).
    const tightest = buckets.reduce((a, b) => (b.tokens / b.capacity < a.tokens / a.capacity ? b : a));
    return { headers: tightest.headers() };
  }

  #window(key: string, id: string, now: number): Window {
    let window = this.#windows.get(key);
    if (!window) {
      window = new Window(id, this.rate.requests, this.rate.windowMs, now);
      this.#windows.set(key, window);
    }
    window.roll(now);
    return window;
  }

  /** Per minute or hour: the token's window and its address's (shared by every token from it). */
  #takeWindows(caller: string, address: string): RateDecision {
    const now = this.#now();
    const windows = [
      this.#window(`${caller}\0token`, 'token', now),
      this.#window(`\0ip ${address}`, 'ip', now),
    ];
    const full = windows.find((window) => window.tokens < 1);
    if (full) return { headers: full.headers(now), retryAfterSeconds: full.resetAfter(now), bucket: full.id };
    for (const window of windows) window.count += 1;
    const tightest = windows.reduce((a, b) => (b.tokens < a.tokens ? b : a));
    return { headers: tightest.headers(now) };
  }
}
