/**
 * The HTTP client of a run (undici): one keep-alive Agent, a per-request timeout, a response size limit,
 * bounded 429 handling and evidence capture with tokens redacted.
 */
import { Agent, request } from 'undici';
import type { Rate } from '../../spec/rate.js';
import { lagAwareTimeout } from '../loop-lag.js';
import type { CallOptions, CallResult, Exchange, Identity } from '../wire.js';
import { renderCurl } from './curl.js';
import { Findings, findingExchange } from './findings.js';
import { abortableDelay, Pacer, type QuotaWait, type Route, retryAfterSeconds } from './pacer.js';
import { Redactor } from './redact.js';

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
  /** Body text kept in evidence over the whole run; later bodies are dropped. Default 8 MiB. */
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

/** How many first answers tell the target's speed (firstLatencyMs). */
const FIRST_LATENCIES = 10;

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

/** Waits for quota from this long on give a check's slot back and are announced (onQuotaWait). */
const LONG_QUOTA_WAIT_MS = 1_000;

/** 429s with a stated wait retried within a quota deadline (a server that never lets a request through ends). */
const STATED_RETRIES = 20;

const MiB = 1024 * 1024;

/** Network error codes worth naming to the user. */
const describeCause = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = (error as { code?: string })?.code ?? cause?.code;
  const message = (error as Error)?.message ?? String(error);
  if (code && !message.includes(code)) return `${code}: ${cause?.message ?? message}`;
  return cause?.message && cause.message !== message ? `${message} (${cause.message})` : message;
};

/** Retry-After in ms (seconds, or an HTTP date: RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  const seconds = retryAfterSeconds(value, now);
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
}

const flattenHeaders = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
};

export const parseBody = (text: string, contentType: string | undefined): unknown => {
  if (text === '') return undefined;
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{"]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** 'message.create' for {base}/message.create, else the path (the key of a hanging operation). */
const operationOf = (url: string, baseUrl: string): string => {
  const path = url.split('?')[0];
  return path.startsWith(`${baseUrl}/`) ? path.slice(baseUrl.length + 1) : path;
};

export class HttpClient {
  readonly baseUrl: string;
  readonly redactor: Redactor;
  readonly findings: Findings;
  private readonly agent: Agent;
  private readonly options: Required<
    Omit<
      HttpClientOptions,
      | 'peer'
      | 'headers'
      | 'findings'
      | 'onUnresponsive'
      | 'quotaDeadline'
      | 'budget'
      | 'onQuotaWait'
      | 'onQuotaBeyondDeadline'
      | 'webhookToken'
    >
  > &
    Pick<
      HttpClientOptions,
      'peer' | 'headers' | 'onUnresponsive' | 'quotaDeadline' | 'onQuotaWait' | 'onQuotaBeyondDeadline'
    >;
  /** Requests sent in this run (every attempt). */
  requestCount = 0;
  /** The same, by operation (the path after the base URL; other URLs, e.g. a trigger's, by their URL). */
  readonly requestsByOperation: Record<string, number> = {};
  /** Set once the target is declared unresponsive (why); requests then fail at once. */
  unresponsive?: string;
  /** Operations that went unanswered within the timeout: tried once per run, then failed at once. */
  readonly #hanging = new Map<string, string>();
  /** Operations that timed out since the last response of any kind. */
  readonly #timeoutsInARow = new Set<string>();
  #evidenceSpent = 0;
  readonly #listeners = new Set<(sample: ResponseSample) => void>();
  /** Requests waiting long for quota now, and who hears when that starts or ends. */
  #stalled = 0;
  readonly #stallListeners = new Set<(stalled: boolean) => void>();
  /** The latencies of the first answers (the run's setup): how fast the target is before the checks start. */
  readonly #firstLatencies: number[] = [];
  /** The rate limits the target reported and the own budget, and the pacing they imply. */
  readonly pacer: Pacer;

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.options = {
      timeoutMs: 10_000,
      maxBodyBytes: 5 * MiB,
      maxRetries: 3,
      maxRetryWaitMs: 5_000,
      evidenceBodyBytes: 64 * 1024,
      // The cleanup sends up to 4 × --concurrency undos at once (src/runner/run.ts).
      connections: 32,
      evidenceRunBytes: 8 * MiB,
      unresponsiveAfter: 3,
      publicTokens: false,
      ...options,
    };
    this.findings = options.findings ?? new Findings();
    this.pacer = new Pacer(undefined, options.budget);
    // A connection the server hints it keeps 5 s (Node's default) is reused for 1 s, not 3: a checker whose
    // event loop lags (a busy CI runner) must not send on a connection the server is closing — that is a
    // reset, and an error verdict for a server that did nothing wrong (issue 34).
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      keepAliveTimeoutThreshold: 4_000,
      connections: this.options.connections,
    });
    const peerToken = options.peer?.token;
    const fragments = !options.publicTokens;
    this.redactor = new Redactor([
      { value: options.self.token ?? '', placeholder: '$TOKEN', fragments },
      ...(peerToken && peerToken !== options.self.token
        ? [{ value: peerToken, placeholder: '$PEER_TOKEN', fragments }]
        : []),
      { value: options.webhookToken ?? '', placeholder: '$WEBHOOK_TOKEN' },
    ]);
  }

  /** Headers of an identity: bearer token and both styles of account headers (de-facto conventions). */
  identityHeaders(as: Identity = 'self'): Record<string, string> {
    const self = this.options.self;
    // The peer falls back to the self token and platform, never to the self user id.
    const peer = this.options.peer ?? {};
    const identity =
      as === 'peer'
        ? { token: peer.token || self.token, platform: peer.platform || self.platform, selfId: peer.selfId }
        : self;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (identity.token) headers.authorization = `Bearer ${identity.token}`;
    if (identity.platform) {
      headers['satori-platform'] = identity.platform;
      headers['x-platform'] = identity.platform;
    }
    if (identity.selfId) {
      headers['satori-user-id'] = identity.selfId;
      headers['x-self-id'] = identity.selfId;
    }
    for (const [name, value] of Object.entries(this.options.headers ?? {}))
      headers[name.toLowerCase()] = value;
    return headers;
  }

  /** POST {base}/<operation> with JSON fields. Resolves on any HTTP status; rejects with RequestError. */
  async call<T = any>(
    operation: string,
    fields: Record<string, unknown> = {},
    options: SendOptions = {},
  ): Promise<CallOutcome<T>> {
    const headers = this.identityHeaders(options.as);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === '') delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const method = options.method ?? 'POST';
    const body =
      options.rawBody ?? (method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(fields));
    // Platforms key per-route limits by the major parameter (channel, else guild).
    const major = fields.channel_id ?? fields.guild_id;
    return this.send<T>(
      `${this.baseUrl}/${operation}`,
      method,
      headers,
      body,
      options.signal,
      { identity: options.as ?? 'self', operation, ...(typeof major === 'string' ? { major } : {}) },
      options,
    );
  }

  /**
   * Sends one request (with 429 retries), paced by the own budget and the rate limits the target reported
   * (pacer.ts); exposed for the trigger URL and tests.
   */
  async send<T = any>(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal?: AbortSignal,
    route: Route = { identity: 'other', operation: operationOf(url, this.baseUrl) },
    quota: Pick<SendOptions, 'deadline' | 'whileWaiting'> = {},
  ): Promise<CallOutcome<T>> {
    const exchanges: Exchange[] = [];
    this.failFast(url, method);
    const sent = { method, url, exchanges, signal };
    for (let attempt = 0; ; attempt++) {
      const ticket = await this.pacer.before(route, {
        ...(signal ? { signal } : {}),
        deadline: this.#deadlineOf(quota).at,
        delay: (wait) => this.#quotaDelay(wait, sent, quota),
        beyond: (wait) => this.#beyondDeadline(wait, sent, quota),
      });
      let answer: { exchange: Exchange; result: CallResult<T> };
      try {
        answer = await this.attempt<T>(url, method, headers, body, signal, exchanges);
      } catch (error) {
        this.pacer.after(ticket, undefined, undefined);
        throw error;
      }
      const { exchange, result } = answer;
      this.pacer.after(ticket, result.status, result.headers);
      exchanges.push(exchange);
      if (result.status !== 429) return { result, exchanges };
      await this.backOff(result, attempt, { ...sent, exchange }, quota);
    }
  }

  /** Until when a request may wait for quota: its own deadline, the client's, else one wait's cap from now. */
  #deadlineOf(quota: Pick<SendOptions, 'deadline'>): QuotaDeadline {
    return (
      quota.deadline ??
      this.options.quotaDeadline ?? {
        at: performance.now() + this.options.maxRetryWaitMs,
        what: `the checker's longest wait (${this.options.maxRetryWaitMs / 1000} s)`,
      }
    );
  }

  /** Waits for quota; a long wait is announced and gives the check's slot back (quota.whileWaiting). */
  async #quotaDelay(
    wait: QuotaWait,
    sent: { method: string; url: string; exchanges: Exchange[]; signal?: AbortSignal | undefined },
    quota: Pick<SendOptions, 'whileWaiting'>,
  ): Promise<void> {
    const long = wait.ms >= LONG_QUOTA_WAIT_MS;
    if (long) {
      this.options.onQuotaWait?.(wait);
      this.#stall(1);
    }
    const sleep = () => abortableDelay(wait.ms, sent.signal);
    try {
      await (long && quota.whileWaiting ? quota.whileWaiting(sleep) : sleep());
    } catch (error) {
      throw new RequestError(
        `${sent.method} ${operationOf(sent.url, this.baseUrl)}: request aborted while waiting for ${wait.reason}`,
        'aborted',
        sent.exchanges,
        { cause: error },
      );
    } finally {
      if (long) this.#stall(-1);
    }
  }

  /** A wait for quota that would end past the deadline is not made: the request has no answer. */
  #beyondDeadline(
    wait: QuotaWait,
    sent: { method: string; url: string; exchanges: Exchange[] },
    quota: Pick<SendOptions, 'deadline'>,
  ): never {
    const deadline = this.#deadlineOf(quota);
    const left = Math.max(0, deadline.at - performance.now());
    const refused = sent.exchanges.at(-1);
    const asked = refused?.response?.status === 429 ? refused.response.headers['retry-after'] : undefined;
    const message = this.redactor.redactComposed(
      `${sent.method} ${operationOf(sent.url, this.baseUrl)}: not sent: ${wait.reason} asks to wait ${Math.ceil(wait.ms / 1000)} s` +
        `${asked === undefined ? '' : ` (HTTP 429, Retry-After: ${asked})`}, past ${deadline.what} (${Math.floor(left / 1000)} s left)`,
    );
    if (refused)
      this.findings.add({
        id: 'http/rate-limited',
        level: 'info',
        title: "The target's rate limit asked for a wait past the deadline: that request was not sent",
        detail: message,
        exchange: findingExchange(refused),
      });
    if (!quota.deadline && this.options.quotaDeadline) this.options.onQuotaBeyondDeadline?.(message);
    throw new RequestError(message, 'rate-limited', sent.exchanges);
  }

  /**
   * 429: the wait it states (Retry-After, seconds or an HTTP date, else X-RateLimit-Reset-After) blocks
   * its bucket, so the next attempt waits for it in the pacer, up to the quota deadline; without one it
   * backs off 1, 2, 4 s. So a rate-limited server is not counted as failing. Without a quota deadline a
   * stated wait beyond the cap, or the retries spent, leave the request with no answer (an error, never
   * a failure of the check).
   */
  private async backOff(
    result: CallResult,
    attempt: number,
    sent: { method: string; url: string; exchange: Exchange; exchanges: Exchange[]; signal?: AbortSignal },
    quota: Pick<SendOptions, 'deadline' | 'whileWaiting'>,
  ): Promise<void> {
    const retryAfter = result.headers['retry-after'];
    const stated =
      retryAfterSeconds(retryAfter) ?? retryAfterSeconds(result.headers['x-ratelimit-reset-after']);
    const asked = stated === undefined ? undefined : Math.round(stated * 1000);
    const cap = this.options.maxRetryWaitMs;
    const withinDeadline = quota.deadline !== undefined || this.options.quotaDeadline !== undefined;
    const retries = withinDeadline && asked !== undefined ? STATED_RETRIES : this.options.maxRetries;
    if (attempt >= retries || (!withinDeadline && asked !== undefined && asked > cap)) {
      const message = this.redactor.redactComposed(
        `${sent.method} ${operationOf(sent.url, this.baseUrl)}: rate limited (HTTP 429, ${attempt + 1} attempt${attempt ? 's' : ''}); ` +
          `the server asked Retry-After: ${retryAfter === undefined ? '(none)' : `${retryAfter}${asked !== undefined ? ` (${Math.round(asked / 1000)} s)` : ''}`}, ` +
          `the checker waits at most ${cap / 1000} s per retry and retries ${retries} times, so the request got no answer`,
      );
      this.findings.add({
        id: 'http/rate-limited',
        level: 'info',
        title: 'The target rate-limited the checker (HTTP 429); the checks that got no answer are errors',
        detail: message,
        exchange: findingExchange(sent.exchange),
      });
      throw new RequestError(message, 'rate-limited', sent.exchanges);
    }
    // A stated wait blocked the bucket (pacer.after): the next attempt waits for it in the pacer.
    if (asked !== undefined) return;
    const wait = { ms: Math.min(1_000 * 2 ** attempt, cap), reason: "the target's rate limit (HTTP 429)" };
    const deadline = this.#deadlineOf(quota);
    if (performance.now() + wait.ms > deadline.at) this.#beyondDeadline(wait, sent, quota);
    await this.#quotaDelay(wait, sent, quota);
  }

  /**
   * Whether some request waits long for quota now, told at once and on every change: the run is stalled
   * by the quota meanwhile (checks stop their clocks).
   */
  onQuotaStall(listener: (stalled: boolean) => void): () => void {
    this.#stallListeners.add(listener);
    listener(this.#stalled > 0);
    return () => this.#stallListeners.delete(listener);
  }

  #stall(by: 1 | -1): void {
    const before = this.#stalled > 0;
    this.#stalled += by;
    if (before !== this.#stalled > 0)
      for (const listener of this.#stallListeners) listener(this.#stalled > 0);
  }

  /** Latency and status of every answered request (adaptive concurrency listens). */
  onResponse(listener: (sample: ResponseSample) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #notify(sample: ResponseSample): void {
    if (sample.status !== 0 && this.#firstLatencies.length < FIRST_LATENCIES)
      this.#firstLatencies.push(sample.ms);
    for (const listener of this.#listeners) listener(sample);
  }

  /** The median latency of the first answers (ms), if any came. */
  get firstLatencyMs(): number | undefined {
    const sorted = [...this.#firstLatencies].sort((a, b) => a - b);
    return sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)] : undefined;
  }

  /** Requests to an unresponsive target or a hanging operation fail at once (issue 12: bounded time). */
  private failFast(url: string, method: string): void {
    const operation = operationOf(url, this.baseUrl);
    const why = this.unresponsive
      ? `the target is unresponsive (${this.unresponsive})`
      : this.#hanging.get(operation);
    if (why === undefined) return;
    const message = this.redactor.redactComposed(`${method} ${operation}: not sent: ${why}`);
    throw new RequestError(message, this.unresponsive ? 'unresponsive' : 'timeout', [
      {
        request: { method, url: this.redactor.redactComposed(url), headers: {} },
        error: message,
        durationMs: 0,
        curl: '',
      },
    ]);
  }

  /** Cleanup gets its own chance: an unresponsive target is tried again (hanging operations are not). */
  resumeForCleanup(): void {
    this.unresponsive = undefined;
    this.#timeoutsInARow.clear();
  }

  private noteTimeout(url: string): void {
    const operation = operationOf(url, this.baseUrl);
    this.#hanging.set(
      operation,
      `${operation} went unanswered for ${this.options.timeoutMs} ms earlier in this run (a hanging operation is tried once)`,
    );
    this.#timeoutsInARow.add(operation);
    if (!this.unresponsive && this.#timeoutsInARow.size >= this.options.unresponsiveAfter) {
      this.unresponsive = `${this.#timeoutsInARow.size} operations in a row got no complete response within ${this.options.timeoutMs} ms: ${[...this.#timeoutsInARow].join(', ')}`;
      this.options.onUnresponsive?.(this.unresponsive);
    }
  }

  /** Findings a response shows whatever the check makes of it (§ silent: never a verdict). */
  private observe(exchange: Exchange, headers: Record<string, string>, text: string, url: string): void {
    const status = exchange.response?.status ?? 0;
    const operation = operationOf(url, this.baseUrl);
    if (status >= 300 && status < 400 && headers.location) {
      let offHost = true;
      try {
        offHost = new URL(headers.location, url).host !== new URL(this.baseUrl).host;
      } catch {}
      this.findings.add({
        id: offHost ? 'http/redirect-off-host' : 'http/redirect',
        level: 'should',
        title: offHost
          ? 'The target redirected off its base host (not followed: the token would go with it)'
          : 'The target answered with a redirect (not followed)',
        detail: this.redactor.redactComposed(
          `${operation} answered HTTP ${status} Location: ${headers.location}`,
        ),
        exchange: findingExchange(exchange),
      });
    }
    const type = headers['content-type'] ?? '';
    if (/html/i.test(type) || (status >= 400 && /^\s*<(!doctype|html)/i.test(text))) {
      this.findings.add({
        id: 'http/html-page',
        level: 'info',
        title: 'The target answered with an HTML page (often a proxy or debug error page)',
        detail: `${operation} answered HTTP ${status} ${type || '(no content-type)'}`,
        exchange: findingExchange(exchange),
      });
    }
    if (/json/i.test(type) && text !== '') {
      try {
        JSON.parse(text);
      } catch (error) {
        this.findings.add({
          id: 'http/invalid-json',
          level: 'should',
          title: 'The target sent a body declared as JSON that does not parse',
          detail: `${operation} answered HTTP ${status} ${type}: ${(error as Error).message}`,
          exchange: findingExchange(exchange),
        });
      }
    }
  }

  private async attempt<T>(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
    previous: Exchange[],
  ): Promise<{ exchange: Exchange; result: CallResult<T> }> {
    // What the checker sends it composed itself (ids, names): a short token only as a word of its own,
    // so that a reproduction's ids stay whole; the headers carry the token, redacted anywhere.
    const recordedRequest = {
      method,
      url: this.redactor.redactComposed(url),
      headers: this.redactor.redactHeaders(headers, { sent: true }),
      ...(body !== undefined ? { body: this.redactor.redactComposed(body) } : {}),
    };
    const curl = renderCurl(recordedRequest);
    const timer = lagAwareTimeout(this.options.timeoutMs);
    const timeout = timer.signal;
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const started = performance.now();
    this.requestCount++;
    const operation = operationOf(url, this.baseUrl);
    this.requestsByOperation[operation] = (this.requestsByOperation[operation] ?? 0) + 1;
    const received: Received = { status: 0, headers: {} };
    try {
      const text = await this.receive(url, { method, headers, body, signal: combined }, received);
      this.#timeoutsInARow.clear();
      const exchange = this.answered(recordedRequest, curl, received, text, started);
      const result: CallResult<T> = {
        status: received.status,
        ok: received.status >= 200 && received.status < 300,
        headers: received.headers,
        body: parseBody(text, received.headers['content-type']) as T,
        text,
      };
      this.observe(exchange, received.headers, text, url);
      this.#notify({ ms: performance.now() - started, status: received.status });
      return { exchange, result };
    } catch (error) {
      const message = this.redactor.redactComposed(
        `${method} ${url}: ${this.failureMessage(error, url, received.status, signal, timeout)}`,
      );
      const exchange: Exchange = {
        request: recordedRequest,
        ...(received.status
          ? {
              response: {
                status: received.status,
                headers: this.redactor.redactHeaders(received.headers),
                body: '',
                truncated: true,
              },
            }
          : {}),
        error: message,
        durationMs: Math.round(performance.now() - started),
        curl,
      };
      const kind = failureKind(error, signal, timeout);
      // A request that timed out is the strongest sign of overload (adaptive concurrency: a drop).
      if (kind === 'timeout') this.#notify({ ms: performance.now() - started, status: 0 });
      throw new RequestError(message, kind, [...previous, exchange], {
        cause: error,
      });
    } finally {
      timer.dispose();
    }
  }

  /** Sends the request and reads its body within the size limit; status and headers go to `received`. */
  private async receive(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string | undefined; signal: AbortSignal },
    received: Received,
  ): Promise<string> {
    const response = await request(url, { ...init, dispatcher: this.agent });
    received.status = response.statusCode;
    received.headers = flattenHeaders(response.headers);
    const declared = Number(received.headers['content-length']);
    if (declared > this.options.maxBodyBytes) {
      response.body.destroy();
      throw new BodyLimitError(declared, this.options.maxBodyBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > this.options.maxBodyBytes) {
        response.body.destroy();
        throw new BodyLimitError(size, this.options.maxBodyBytes);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The exchange of an answered request, its body redacted and cut within the run's evidence budget. */
  private answered(
    recordedRequest: Exchange['request'],
    curl: string,
    received: Received,
    text: string,
    started: number,
  ): Exchange {
    // Redact before cutting (a cut token would survive); the run's evidence budget bounds memory.
    const limit = Math.min(
      this.options.evidenceBodyBytes,
      Math.max(0, this.options.evidenceRunBytes - this.#evidenceSpent),
    );
    const evidence = this.redactor.cut(text, limit);
    this.#evidenceSpent += evidence.text.length;
    return {
      request: recordedRequest,
      response: {
        status: received.status,
        headers: this.redactor.redactHeaders(received.headers),
        body: evidence.text,
        ...(evidence.truncated ? { truncated: true } : {}),
      },
      durationMs: Math.round(performance.now() - started),
      curl,
    };
  }

  /** Why no response was obtained, in words (not yet redacted); notes timeouts and oversized bodies. */
  private failureMessage(
    error: unknown,
    url: string,
    status: number,
    signal: AbortSignal | undefined,
    timeout: AbortSignal,
  ): string {
    const kind = failureKind(error, signal, timeout);
    if (kind === 'body-limit') {
      this.#timeoutsInARow.clear();
      this.findings.add({
        id: 'http/body-too-large',
        level: 'info',
        title: `The target sent a body larger than the checker's limit (${this.options.maxBodyBytes} bytes); it was not read`,
        detail: `${operationOf(url, this.baseUrl)} answered HTTP ${status}: ${(error as Error).message}`,
      });
      return (error as Error).message;
    }
    if (kind === 'aborted') return 'request aborted (run interrupted or check timed out)';
    if (kind === 'timeout') {
      this.noteTimeout(url);
      return `no complete response within ${this.options.timeoutMs} ms (raise --timeout if the server is slow)`;
    }
    return `network error: ${describeCause(error)}`;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** What came back of a request before it failed or finished: its status and headers. */
interface Received {
  status: number;
  headers: Record<string, string>;
}

const failureKind = (
  error: unknown,
  signal: AbortSignal | undefined,
  timeout: AbortSignal,
): RequestFailureKind => {
  if (error instanceof BodyLimitError) return 'body-limit';
  if (signal?.aborted) return 'aborted';
  if (timeout.aborted) return 'timeout';
  return 'network';
};

class BodyLimitError extends Error {
  constructor(size: number, limit: number) {
    super(
      `response body exceeds the limit of ${limit} bytes (${size} bytes or more received); ` +
        'the implementation should not answer with bodies this large',
    );
  }
}
