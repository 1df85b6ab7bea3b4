/**
 * The vocabulary of the run's HTTP client (http.ts): its options, what a call gives back, and the error of
 * a request that got no answer. Apart so that the client's parts (http.ts, http-response.ts) share it.
 */
import type { Rate } from '../../spec/rate.js';
import type { CallOptions, CallResult, Exchange } from '../wire.js';
import type { Findings } from './findings.js';
import type { QuotaWait } from './pacer.js';

export interface ClientIdentity {
  token?: string;
  platform?: string;
  selfId?: string;
}

export interface HttpClientOptions {
  /** e.g. http://127.0.0.1:5140/v1 (no trailing slash needed). */
  baseUrl: string;
  self: ClientIdentity;
  /** A second identity; fields it lacks fall back to self (usually the same token, another user id). */
  peer?: ClientIdentity;
  /** Extra headers sent with every request (--header). */
  headers?: Record<string, string>;
  /** Per-request timeout, headers and body included (--timeout). Default 10 s. */
  timeoutMs?: number;
  /** Responses larger than this abort the request. Default 5 MiB. */
  maxBodyBytes?: number;
  /** 429 retries (Retry-After honoured). Default 3. */
  maxRetries?: number;
  /** Longest wait for one Retry-After when no quota deadline is set. Default 5 s. */
  maxRetryWaitMs?: number;
  /**
   * Waits for the target's rate limit (Retry-After, the reported buckets) and the own budget are made
   * up to this deadline (performance.now() ms; a send's own deadline wins), however long: a request
   * that would have to wait past it is not sent (a 'rate-limited' RequestError, and onQuotaBeyondDeadline).
   * Absent: each wait up to maxRetryWaitMs.
   */
  quotaDeadline?: QuotaDeadline;
  /** The checker's own rate limit (--rate-limit), for every identity from the first request. */
  budget?: Rate;
  /** A request is about to wait this long for quota (waits of 1 s or more). */
  onQuotaWait?: (wait: QuotaWait) => void;
  /** A request of the quota deadline (not a send's own) could not wait: the run stops, naming why. */
  onQuotaBeyondDeadline?: (message: string) => void;
  /** Body text kept in evidence. Default 64 KiB. */
  evidenceBodyBytes?: number;
  /** Concurrent connections per origin. Default 32. */
  connections?: number;
  /** Body text the run's results keep in evidence (a passing check's is given back); later bodies are dropped. Default 2 MiB. */
  evidenceRunBytes?: number;
  /**
   * Timeouts on this many distinct operations with no response in between declare the target
   * unresponsive: later requests fail at once. Default 3.
   */
  unresponsiveAfter?: number;
  /** Where observations about the target go (redirects, HTML error pages, broken JSON, rate limits). */
  findings?: Findings;
  /** Called once when the target is declared unresponsive. */
  onUnresponsive?: (reason: string) => void;
  /**
   * The tokens are public constants (the embedded reference's): redact them whole and escaped, but not
   * their 8-character pieces, which are words there. Default false.
   */
  publicTokens?: boolean;
  /** The token a webhook receiver was registered with (--webhook-token, or the run's own): a secret, always. */
  webhookToken?: string;
}

export type RequestFailureKind =
  | 'timeout'
  | 'network'
  | 'body-limit'
  | 'aborted'
  | 'rate-limited'
  | 'unresponsive';

/** No response could be obtained. Carries the exchanges made (the failed one last). */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    message: string,
    readonly kind: RequestFailureKind,
    readonly exchanges: Exchange[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface CallOutcome<T = any> {
  result: CallResult<T>;
  /** Every attempt (429 retries included), in order. */
  exchanges: Exchange[];
}

/** One answered request: its latency (ms, the response's end) and status; 0 for a request that timed out. */
export interface ResponseSample {
  ms: number;
  status: number;
}

export interface SendOptions extends CallOptions {
  signal?: AbortSignal;
  /** This request's own quota deadline (the cleanup's), instead of the client's. */
  deadline?: QuotaDeadline;
  /** Wraps a long wait for quota: a check gives its slot back and stops its clock meanwhile. */
  whileWaiting?: <T>(wait: () => Promise<T>) => Promise<T>;
}

/** Until when a request may wait for quota (performance.now() ms), and what that moment is, in words. */
export interface QuotaDeadline {
  at: number;
  what: string;
}
