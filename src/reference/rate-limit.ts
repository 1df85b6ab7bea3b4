/**
 * Rate limits of the reference (`serve --rate-limit N`), as chat platforms apply them: a token bucket per
 * token (N requests a second, bursts of N) and a stricter one for message.create per channel (N/5 a
 * second, bursts of 5, like Discord's 5 messages per 5 s per channel). A refused request is answered 429
 * with Retry-After; every limited response says where its bucket stands in the headers platforms send
 * (X-RateLimit-Limit, -Remaining, -Reset-After in seconds until the bucket is full, -Bucket).
 */
import { ConfigurationError } from '../../spec/errors.js';

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
  readonly #now: () => number;

  constructor(
    readonly perSecond: number,
    now: () => number = () => performance.now(),
  ) {
    if (!Number.isInteger(perSecond) || perSecond < 1) {
      throw new ConfigurationError(
        `rateLimit must be a whole number of requests a second >= 1, got ${perSecond}.`,
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
  take(caller: string, operation: string, channelId: unknown): RateDecision {
    const buckets = [this.#bucket(`${caller}\0global`, 'global', this.perSecond, this.perSecond)];
    if (operation === 'message.create' && typeof channelId === 'string') {
      const id = `message.create:${channelId}`;
      buckets.push(this.#bucket(`${caller}\0${id}`, id, 5, Math.max(0.2, this.perSecond / 5)));
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
}
