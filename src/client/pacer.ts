/**
 * Pacing from the rate-limit headers platforms send (X-RateLimit-Limit, -Remaining, -Reset-After,
 * -Bucket; Retry-After on 429): the checker keeps a model of each bucket the target reports (a token
 * bucket refilled at the rate the headers imply) and waits before a request the bucket has no room for,
 * so that it is paced before it is refused. A bucket reported for two operations or more is the
 * identity's global one: it paces every request of that identity; any other paces its route (operation
 * and major parameter: channel or guild). The checker's own budget (--rate-limit N/m) paces every request
 * of every identity from the first one: at most N in any window, counted from each response (a server
 * counts a request when it arrives, before its answer leaves), so that no kind of window the target
 * keeps (fixed, sliding, token bucket) is overrun; the headers can only make the pace stricter.
 */

import { formatRate, type Rate } from '../../spec/rate.js';
import { tr } from '../i18n/index.js';

export interface Route {
  /** Who sends it ('self', 'peer', or another key for requests outside the interface). */
  identity: string;
  operation: string;
  /** The channel or guild it acts on, as platforms key their per-route limits. */
  major?: string;
}

interface BucketModel {
  identity: string;
  id: string;
  limit?: number;
  /** Tokens at `at` (ms, performance.now()), in-flight reservations taken. */
  tokens: number;
  at: number;
  /** Requests a second the headers implied (the least upper bound), and the pace kept: a margin below. */
  seenRate?: number;
  rate?: number;
  /** When the bucket is full again, as last reported (for a bucket whose rate is unknown). */
  resetAt: number;
  /** No request before this (a 429's Retry-After). */
  blockedUntil: number;
  inFlight: number;
  operations: Set<string>;
  refused: number;
  /** The longest wait until the bucket was full again (or its window started again) seen, ms. */
  longestResetMs: number;
}

/** The checker's own budget: the response times of the requests still in its window, and those in flight. */
class OwnBudget {
  readonly #stamps: number[] = [];
  inFlight = 0;
  constructor(readonly rate: Rate) {}

  /** How long a request must wait for room (0: it may go now). */
  waitFor(now: number): number {
    while (this.#stamps.length > 0 && this.#stamps[0] <= now - this.rate.windowMs) this.#stamps.shift();
    const over = this.#stamps.length + this.inFlight - this.rate.requests;
    if (over < 0) return 0;
    // The window frees a place when its oldest answer leaves it; while only requests in flight fill it,
    // their answers are awaited (a short poll).
    return over < this.#stamps.length ? this.#stamps[over] + this.rate.windowMs - now : PROBE_WAIT_MS / 10;
  }

  take(): void {
    this.inFlight += 1;
  }

  giveBack(now: number): void {
    this.inFlight -= 1;
    this.#stamps.push(now);
  }
}

/** Why a request waits, and how long: the checker's own budget or a bucket the target reported. */
export interface QuotaWait {
  ms: number;
  /** 'the checker's budget of 100/m' or "the target's rate limit (bucket 'global')". */
  reason: string;
}

/** Taken before a request, given back with its response. */
export interface Ticket {
  route: Route;
  buckets: BucketModel[];
  /** Counted against the checker's own budget. */
  budget: boolean;
}

/** What the run saw of the target's rate limits. */
export interface PacingReport {
  /** Shared: reported for two operations or more (the identity's global bucket); shared ones first. */
  buckets: {
    identity: string;
    id: string;
    shared: boolean;
    limit?: number;
    perSecond?: number;
    refused: number;
  }[];
  /** Requests that waited for a bucket, and how long they waited in all (ms). */
  pacedRequests: number;
  pacedMs: number;
  refused: number;
}

/** Waits `ms`, or rejects with the signal's reason once it aborts (the client's one abortable wait). */
export const abortableDelay = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After in seconds: a number of seconds, or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(text: string | undefined, nowMs = Date.now()): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const seconds = number(text);
  if (seconds !== undefined) return seconds;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs) / 1000;
}

/** How the pacer waits for a request: through `delay`, and never past `deadline` (see before()). */
export interface PacerWaits {
  signal?: AbortSignal;
  deadline: number;
  delay: (wait: QuotaWait, signal?: AbortSignal) => Promise<void>;
  /** Called instead of a wait that would end after the deadline; throws. */
  beyond: (wait: QuotaWait) => never;
}

function number(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Longest wait for a probe (its answer normally ends the wait sooner). */
const PROBE_WAIT_MS = 1_000;

/** The pace kept, as a share of the rate seen (remaining is rounded down, clocks differ). */
const RATE_MARGIN = 0.9;

const routeKey = (route: Route) => `${route.identity}\0${route.operation}\0${route.major ?? ''}`;

export class Pacer {
  readonly #buckets = new Map<string, BucketModel>();
  /** Route → the buckets its responses reported. */
  readonly #routes = new Map<string, Set<BucketModel>>();
  /**
   * Probes under way, by identity (its first request) or route (the first of a limited identity's route),
   * with what ends each; and the identities and routes answered once.
   */
  readonly #probing = new Map<string, Promise<void>>();
  readonly #ends = new Map<string, () => void>();
  readonly #answered = new Set<string>();
  /** Identities whose responses carry rate-limit headers. */
  readonly #limited = new Set<string>();
  #pacedRequests = 0;
  #pacedMs = 0;
  #refused = 0;
  readonly #now: () => number;
  readonly #budget?: OwnBudget;

  /** `budget`: the checker's own rate limit (--rate-limit), shared by every identity. */
  constructor(now: () => number = () => performance.now(), budget?: Rate) {
    this.#now = now;
    if (budget) this.#budget = new OwnBudget(budget);
  }

  /** The checker's own budget, if one was set. */
  get budget(): Rate | undefined {
    return this.#budget?.rate;
  }

  /**
   * About how long the quota makes `requests` more requests wait in all (ms): the own budget's windows,
   * or the windows the target's buckets reported; the cleanup reserves it on top of its own budget.
   */
  quotaMsFor(requests: number): number {
    if (requests <= 0) return 0;
    const now = this.#now();
    const own = this.#budget
      ? Math.ceil(requests / this.#budget.rate.requests) * this.#budget.rate.windowMs
      : 0;
    const reported = [...this.#buckets.values()].map(
      (bucket) =>
        Math.max(0, bucket.blockedUntil - now) +
        Math.ceil(requests / Math.max(1, bucket.limit ?? 1)) * bucket.longestResetMs,
    );
    return Math.max(own, ...reported);
  }

  /** The buckets a request of `route` counts against, as far as the responses told. */
  #bucketsOf(route: Route): BucketModel[] {
    const own = this.#routes.get(routeKey(route)) ?? new Set();
    const global = [...this.#buckets.values()].filter(
      (bucket) => bucket.identity === route.identity && bucket.operations.size >= 2,
    );
    return [...new Set([...own, ...global])];
  }

  /** Tokens of a bucket now, refilled at its rate (or full again at its reset, when no rate is known). */
  #tokensNow(bucket: BucketModel, now: number): number {
    // Full again at its reset, whatever the rate seen (a fixed window implies a rate far below its own).
    if (now >= bucket.resetAt && bucket.limit !== undefined)
      return Math.max(bucket.tokens, bucket.limit - bucket.inFlight);
    if (bucket.rate !== undefined) {
      return Math.min(
        bucket.limit ?? Number.POSITIVE_INFINITY,
        bucket.tokens + ((now - bucket.at) / 1000) * bucket.rate,
      );
    }
    return now >= bucket.resetAt ? Math.max(bucket.tokens, bucket.limit ?? 1) : bucket.tokens;
  }

  /** How long a request must wait for `bucket` (0: it may go now). */
  #waitFor(bucket: BucketModel, now: number): number {
    if (now < bucket.blockedUntil) return bucket.blockedUntil - now;
    const tokens = this.#tokensNow(bucket, now);
    if (tokens >= 1) return 0;
    const untilReset = Math.max(1, bucket.resetAt - now);
    return bucket.rate ? Math.min(untilReset, Math.ceil(((1 - tokens) / bucket.rate) * 1000)) : untilReset;
  }

  /**
   * Waits until the own budget and every bucket of the route have room, then takes one place of each.
   * Each wait goes through `delay` (the client gives a check's slot back meanwhile); a wait that would
   * end after `deadline` (ms, the clock of the pacer) is not made: `beyond` is called with it instead,
   * and what it throws is thrown. Waits in turn behind other requests are each short, however long they
   * add up to.
   */
  async before(route: Route, wait: PacerWaits): Promise<Ticket> {
    const { signal } = wait;
    let waited = 0;
    // Until an identity's first answer says whether it is limited, and until a limited identity's route
    // was answered once (its bucket unknown), one request goes first and the others wait for it.
    // A probe that takes longer (a slow or hanging operation) holds the others back no more than that.
    const probe = this.#probeOf(route);
    if (probe) {
      const from = this.#now();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([probe, new Promise((resolve) => (timer = setTimeout(resolve, PROBE_WAIT_MS)))]);
      clearTimeout(timer);
      signal?.throwIfAborted();
      waited += this.#now() - from;
    }
    for (;;) {
      const now = this.#now();
      const buckets = this.#bucketsOf(route);
      const quota = this.#quotaWait(buckets, now);
      if (quota.ms === 0) {
        for (const bucket of buckets) {
          bucket.tokens = this.#tokensNow(bucket, now) - 1;
          bucket.at = now;
          bucket.inFlight += 1;
          // Past its reset the bucket was full: its next reset is about one window away (until an answer says).
          if (now >= bucket.resetAt && bucket.limit !== undefined)
            bucket.resetAt = now + Math.max(bucket.longestResetMs, PROBE_WAIT_MS);
        }
        this.#budget?.take();
        this.#startProbe(route);
        if (waited > 0) {
          this.#pacedRequests += 1;
          this.#pacedMs += waited;
        }
        return { route, buckets, budget: this.#budget !== undefined };
      }
      if (now + quota.ms > wait.deadline) wait.beyond(quota);
      await wait.delay(quota, signal);
      waited += quota.ms;
    }
  }

  /** The longest wait the own budget and the buckets ask, and why. */
  #quotaWait(buckets: BucketModel[], now: number): QuotaWait {
    let longest: QuotaWait = { ms: 0, reason: '' };
    for (const bucket of buckets) {
      const ms = this.#waitFor(bucket, now);
      if (ms > longest.ms) longest = { ms, reason: tr`the target's rate limit (bucket '${bucket.id}')` };
    }
    const own = this.#budget?.waitFor(now) ?? 0;
    if (own > longest.ms && this.#budget)
      longest = {
        ms: own,
        reason: tr`the checker's budget of ${formatRate(this.#budget.rate)} (--rate-limit)`,
      };
    return longest;
  }

  /** The probe a request of `route` must wait for, if any. */
  #probeOf(route: Route): Promise<void> | undefined {
    if (!this.#answered.has(route.identity)) return this.#probing.get(route.identity);
    if (this.#limited.has(route.identity) && !this.#answered.has(routeKey(route)))
      return this.#probing.get(routeKey(route));
    return undefined;
  }

  #startProbe(route: Route): void {
    const key = this.#answered.has(route.identity) ? routeKey(route) : route.identity;
    if (this.#answered.has(key) || this.#probing.has(key)) return;
    if (key !== route.identity && !this.#limited.has(route.identity)) return;
    let done = () => {};
    this.#probing.set(key, new Promise<void>((resolve) => (done = resolve)));
    this.#ends.set(key, done);
  }

  #endProbes(route: Route): void {
    for (const key of [route.identity, routeKey(route)]) {
      this.#answered.add(key);
      this.#probing.delete(key);
      this.#ends.get(key)?.();
      this.#ends.delete(key);
    }
  }

  /** Reads the response's rate-limit headers into the bucket they name; gives the ticket back. */
  after(ticket: Ticket, status: number | undefined, headers: Record<string, string> | undefined): void {
    for (const bucket of ticket.buckets) bucket.inFlight -= 1;
    if (ticket.budget) this.#budget?.giveBack(this.#now());
    if (headers && (headers['x-ratelimit-remaining'] !== undefined || status === 429))
      this.#limited.add(ticket.route.identity);
    // Whatever came back (even nothing), the requests waiting for this one go on.
    this.#endProbes(ticket.route);
    if (!headers) return;
    const remaining = number(headers['x-ratelimit-remaining']);
    const resetAfter = number(headers['x-ratelimit-reset-after']);
    const retryAfter = status === 429 ? retryAfterSeconds(headers['retry-after'], Date.now()) : undefined;
    const stated = retryAfter ?? (status === 429 ? resetAfter : undefined);
    if (remaining === undefined && stated === undefined) return;
    const bucket = this.#bucket(ticket.route, headers['x-ratelimit-bucket']);
    const now = this.#now();
    const limit = number(headers['x-ratelimit-limit']);
    if (limit !== undefined) bucket.limit = limit;
    if (remaining !== undefined) {
      // The server's count, less what is still in flight (it may not have counted those yet).
      bucket.tokens = remaining - bucket.inFlight;
      bucket.at = now;
      if (resetAfter !== undefined) {
        bucket.resetAt = now + resetAfter * 1000;
        bucket.longestResetMs = Math.max(bucket.longestResetMs, resetAfter * 1000);
        // (limit − remaining) / reset-after is the rate, or a little above it (remaining is rounded
        // down): the least of these bounds, with a margin, so that the model never outpaces the server.
        if (bucket.limit !== undefined && resetAfter > 0 && bucket.limit > remaining) {
          bucket.seenRate = Math.min(
            bucket.seenRate ?? Number.POSITIVE_INFINITY,
            (bucket.limit - remaining) / resetAfter,
          );
          bucket.rate = RATE_MARGIN * bucket.seenRate;
        }
      }
    }
    if (status === 429) {
      bucket.refused += 1;
      this.#refused += 1;
      bucket.tokens = Math.min(bucket.tokens, 0);
      const wait = stated ?? 1;
      bucket.blockedUntil = Math.max(bucket.blockedUntil, now + wait * 1000);
      bucket.longestResetMs = Math.max(bucket.longestResetMs, wait * 1000);
    }
  }

  #bucket(route: Route, named: string | undefined): BucketModel {
    // Without a bucket name, the headers speak for the route alone.
    const id = named ?? `${route.operation}${route.major ? ` ${route.major}` : ''}`;
    const key = `${route.identity}\0${id}`;
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      const now = this.#now();
      bucket = {
        identity: route.identity,
        id,
        tokens: 1,
        at: now,
        resetAt: now,
        blockedUntil: 0,
        inFlight: 0,
        operations: new Set(),
        refused: 0,
        longestResetMs: 0,
      };
      this.#buckets.set(key, bucket);
    }
    bucket.operations.add(route.operation);
    const routed = this.#routes.get(routeKey(route)) ?? new Set();
    this.#routes.set(routeKey(route), routed.add(bucket));
    return bucket;
  }

  report(): PacingReport {
    return {
      buckets: [...this.#buckets.values()]
        .sort((a, b) => Number(b.operations.size >= 2) - Number(a.operations.size >= 2))
        .map((bucket) => ({
          identity: bucket.identity,
          id: bucket.id,
          shared: bucket.operations.size >= 2,
          ...(bucket.limit !== undefined ? { limit: bucket.limit } : {}),
          ...(bucket.seenRate !== undefined ? { perSecond: Math.round(bucket.seenRate * 100) / 100 } : {}),
          refused: bucket.refused,
        })),
      pacedRequests: this.#pacedRequests,
      pacedMs: Math.round(this.#pacedMs),
      refused: this.#refused,
    };
  }
}

/** The run's note about rate limits, or undefined when the target sent no rate-limit headers. */
export function describePacing(report: PacingReport): string | undefined {
  if (report.buckets.length === 0) return undefined;
  const shown = report.buckets
    .slice(0, 3)
    .map(
      (bucket) =>
        `${bucket.identity} '${bucket.id}'${bucket.limit !== undefined ? tr` limit ${bucket.limit}` : ''}` +
        `${bucket.perSecond !== undefined ? `, ${bucket.perSecond}/s` : ''}`,
    );
  return (
    (report.buckets.length > 1
      ? tr`rate limits seen: ${report.buckets.length} buckets (${shown.join('; ')}`
      : tr`rate limits seen: ${report.buckets.length} bucket (${shown.join('; ')}`) +
    tr`${report.buckets.length > shown.length ? '; …' : ''}); ${report.pacedRequests} requests paced ` +
    tr`(their waits add up to ${(report.pacedMs / 1000).toFixed(1)} s), ${report.refused} refused with 429`
  );
}
