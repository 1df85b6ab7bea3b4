/**
 * The HTTP client of a run (undici): one keep-alive Agent, a per-request timeout, a response size limit,
 * bounded 429 handling and evidence capture with tokens redacted.
 */

import { Agent, request } from 'undici';
import { tr } from '../i18n/index.js';
import { lagAwareTimeout } from '../loop-lag.js';
import type { CallResult, Exchange, Identity } from '../wire.js';
import { keepAnswerBody } from './answer-bodies.js';
import { renderCurl } from './curl.js';
import { Findings, findingExchange } from './findings.js';
import {
  BodyLimitError,
  describeCause,
  failureKind,
  flattenHeaders,
  observeResponse,
  operationOf,
  type Received,
  readBody,
} from './http-response.js';
import {
  type CallOutcome,
  type HttpClientOptions,
  type QuotaDeadline,
  RequestError,
  type ResponseSample,
  type SendOptions,
} from './http-types.js';
import { abortableDelay, Pacer, type QuotaWait, type Route, retryAfterSeconds } from './pacer.js';
import { Redactor } from './redact.js';

// The client's vocabulary and its reading of responses live beside it; its importers keep importing here.
export { parseRetryAfter } from './http-response.js';
export type { HttpClientOptions } from './http-types.js';
export { RequestError } from './http-types.js';

/** How many first answers tell the target's speed (firstLatencyMs). */
const FIRST_LATENCIES = 10;

/** Waits for quota from this long on give a check's slot back and are announced (onQuotaWait). */
const LONG_QUOTA_WAIT_MS = 1_000;

/** 429s with a stated wait retried within a quota deadline (a server that never lets a request through ends). */
const STATED_RETRIES = 20;

const MiB = 1024 * 1024;
/**
 * Characters of a body kept in evidence: enough to read any error or page of a list; what a report's
 * reader needs, while the run's results, and each report made of them, stay small (issue 49 item 5).
 */
export const EVIDENCE_BODY_BYTES = 16 * 1024;

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
  /** The exchanges whose evidence was given back (releaseEvidence). */
  readonly #released = new WeakSet<Exchange>();
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
      evidenceBodyBytes: EVIDENCE_BODY_BYTES,
      // The cleanup sends up to 4 × --concurrency undos at once (src/runner/run.ts).
      connections: 32,
      evidenceRunBytes: 2 * MiB,
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
        what: tr`the checker's longest wait (${this.options.maxRetryWaitMs / 1000} s)`,
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
        tr`${sent.method} ${operationOf(sent.url, this.baseUrl)}: request aborted while waiting for ${wait.reason}`,
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
      tr`${sent.method} ${operationOf(sent.url, this.baseUrl)}: not sent: ${wait.reason} asks to wait ${Math.ceil(wait.ms / 1000)} s` +
        tr`${asked === undefined ? '' : ` (HTTP 429, Retry-After: ${asked})`}, past ${deadline.what} (${Math.floor(left / 1000)} s left)`,
    );
    if (refused)
      this.findings.add({
        id: 'http/rate-limited',
        level: 'info',
        title: tr`The target's rate limit asked for a wait past the deadline: that request was not sent`,
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
        (attempt
          ? tr`${sent.method} ${operationOf(sent.url, this.baseUrl)}: rate limited (HTTP 429, ${attempt + 1} attempts); `
          : tr`${sent.method} ${operationOf(sent.url, this.baseUrl)}: rate limited (HTTP 429, ${attempt + 1} attempt); `) +
          tr`the server asked Retry-After: ${retryAfter === undefined ? tr`(none)` : `${retryAfter}${asked !== undefined ? ` (${Math.round(asked / 1000)} s)` : ''}`}, ` +
          tr`the checker waits at most ${cap / 1000} s per retry and retries ${retries} times, so the request got no answer`,
      );
      this.findings.add({
        id: 'http/rate-limited',
        level: 'info',
        title: tr`The target rate-limited the checker (HTTP 429); the checks that got no answer are errors`,
        detail: message,
        exchange: findingExchange(sent.exchange),
      });
      throw new RequestError(message, 'rate-limited', sent.exchanges);
    }
    // A stated wait blocked the bucket (pacer.after): the next attempt waits for it in the pacer.
    if (asked !== undefined) return;
    const wait = { ms: Math.min(1_000 * 2 ** attempt, cap), reason: tr`the target's rate limit (HTTP 429)` };
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
      ? tr`the target is unresponsive (${this.unresponsive})`
      : this.#hanging.get(operation);
    if (why === undefined) return;
    const message = this.redactor.redactComposed(tr`${method} ${operation}: not sent: ${why}`);
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
      tr`${operation} went unanswered for ${this.options.timeoutMs} ms earlier in this run (a hanging operation is tried once)`,
    );
    this.#timeoutsInARow.add(operation);
    if (!this.unresponsive && this.#timeoutsInARow.size >= this.options.unresponsiveAfter) {
      this.unresponsive = tr`${this.#timeoutsInARow.size} operations in a row got no complete response within ${this.options.timeoutMs} ms: ${[...this.#timeoutsInARow].join(', ')}`;
      this.options.onUnresponsive?.(this.unresponsive);
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
      const read = readBody(text, received.headers['content-type']);
      if (read.body !== undefined) keepAnswerBody(exchange, read.body);
      const result: CallResult<T> = {
        status: received.status,
        ok: received.status >= 200 && received.status < 300,
        headers: received.headers,
        body: read.body as T,
        text,
      };
      observeResponse(this, exchange, received.headers, text, url, read.parseError);
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
    // One chunk is decoded as it is: no copy of a large body beside the one decoded (memory, issue 49).
    return (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)).toString('utf8');
  }

  /**
   * Gives back to the run's evidence budget the bodies of exchanges no result keeps (a passing check's):
   * the budget bounds the evidence a report holds, not what the run saw (memory, issue 49 item 5).
   */
  releaseEvidence(exchanges: readonly Exchange[]): void {
    // Once each: a shared observation's exchanges reach every sharer's result.
    for (const exchange of exchanges) {
      if (this.#released.has(exchange)) continue;
      this.#released.add(exchange);
      this.#evidenceSpent -= exchange.response?.body.length ?? 0;
    }
    this.#evidenceSpent = Math.max(0, this.#evidenceSpent);
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
        title: tr`The target sent a body larger than the checker's limit (${this.options.maxBodyBytes} bytes); it was not read`,
        detail: tr`${operationOf(url, this.baseUrl)} answered HTTP ${status}: ${(error as Error).message}`,
      });
      return (error as Error).message;
    }
    if (kind === 'aborted') return tr`request aborted (run interrupted or check timed out)`;
    if (kind === 'timeout') {
      this.noteTimeout(url);
      return tr`no complete response within ${this.options.timeoutMs} ms (raise --timeout if the server is slow)`;
    }
    return tr`network error: ${describeCause(error)}`;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
