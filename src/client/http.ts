/**
 * The HTTP client of a run (undici): one keep-alive Agent, a per-request timeout, a response size limit,
 * bounded 429 handling and evidence capture with tokens redacted.
 */
import { Agent, request } from 'undici';
import type { CallOptions, CallResult } from '../runner/check.js';
import type { Exchange, Identity } from '../runner/model.js';
import { renderCurl } from './curl.js';
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
  /** Longest wait for one Retry-After. Default 5 s. */
  maxRetryWaitMs?: number;
  /** Body text kept in evidence. Default 64 KiB. */
  evidenceBodyBytes?: number;
  /** Concurrent connections per origin. Default 16. */
  connections?: number;
}

export type RequestFailureKind = 'timeout' | 'network' | 'body-limit' | 'aborted';

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

export interface SendOptions extends CallOptions {
  signal?: AbortSignal;
}

const MiB = 1024 * 1024;

/** Network error codes worth naming to the user. */
const describeCause = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = (error as { code?: string })?.code ?? cause?.code;
  const message = (error as Error)?.message ?? String(error);
  if (code && !message.includes(code)) return `${code}: ${cause?.message ?? message}`;
  return cause?.message && cause.message !== message ? `${message} (${cause.message})` : message;
};

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const abortableDelay = (ms: number, signal?: AbortSignal): Promise<void> =>
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

export class HttpClient {
  readonly baseUrl: string;
  readonly redactor: Redactor;
  private readonly agent: Agent;
  private readonly options: Required<Omit<HttpClientOptions, 'peer' | 'headers'>> &
    Pick<HttpClientOptions, 'peer' | 'headers'>;
  /** Requests sent in this run (every attempt). */
  requestCount = 0;

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.options = {
      timeoutMs: 10_000,
      maxBodyBytes: 5 * MiB,
      maxRetries: 3,
      maxRetryWaitMs: 5_000,
      evidenceBodyBytes: 64 * 1024,
      connections: 16,
      ...options,
    };
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: this.options.connections });
    const peerToken = options.peer?.token;
    this.redactor = new Redactor([
      { value: options.self.token ?? '', placeholder: '$TOKEN' },
      ...(peerToken && peerToken !== options.self.token
        ? [{ value: peerToken, placeholder: '$PEER_TOKEN' }]
        : []),
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
    return this.send<T>(`${this.baseUrl}/${operation}`, method, headers, body, options.signal);
  }

  /** Sends one request (with 429 retries); exposed for the trigger URL and tests. */
  async send<T = any>(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal?: AbortSignal,
  ): Promise<CallOutcome<T>> {
    const exchanges: Exchange[] = [];
    for (let attempt = 0; ; attempt++) {
      const { exchange, result } = await this.attempt<T>(url, method, headers, body, signal, exchanges);
      exchanges.push(exchange);
      if (result.status !== 429 || attempt >= this.options.maxRetries) return { result, exchanges };
      // 429: honour Retry-After within a bound, so a rate-limited server is not counted as failing.
      const wait = Math.min(
        parseRetryAfter(result.headers['retry-after']) ?? 1_000,
        this.options.maxRetryWaitMs,
      );
      try {
        await abortableDelay(wait, signal);
      } catch (error) {
        throw new RequestError('request aborted while waiting for Retry-After', 'aborted', exchanges, {
          cause: error,
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
    const redact = (text: string) => this.redactor.redact(text);
    const recordedRequest = {
      method,
      url: redact(url),
      headers: this.redactor.redactHeaders(headers),
      ...(body !== undefined ? { body: redact(body) } : {}),
    };
    const curl = renderCurl(recordedRequest);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const started = performance.now();
    this.requestCount++;
    let status = 0;
    let responseHeaders: Record<string, string> = {};
    try {
      const response = await request(url, {
        method,
        headers,
        body,
        dispatcher: this.agent,
        signal: combined,
      });
      status = response.statusCode;
      responseHeaders = flattenHeaders(response.headers);
      const declared = Number(responseHeaders['content-length']);
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
      const text = Buffer.concat(chunks).toString('utf8');
      const evidenceText = redact(text);
      const limit = this.options.evidenceBodyBytes;
      const exchange: Exchange = {
        request: recordedRequest,
        response: {
          status,
          headers: this.redactor.redactHeaders(responseHeaders),
          body: evidenceText.length > limit ? evidenceText.slice(0, limit) : evidenceText,
          ...(evidenceText.length > limit ? { truncated: true } : {}),
        },
        durationMs: Math.round(performance.now() - started),
        curl,
      };
      const result: CallResult<T> = {
        status,
        ok: status >= 200 && status < 300,
        headers: responseHeaders,
        body: parseBody(text, responseHeaders['content-type']) as T,
        text,
      };
      return { exchange, result };
    } catch (error) {
      let kind: RequestFailureKind = 'network';
      let message: string;
      if (error instanceof BodyLimitError) {
        kind = 'body-limit';
        message = error.message;
      } else if (signal?.aborted) {
        kind = 'aborted';
        message = 'request aborted (run interrupted or check timed out)';
      } else if (timeout.aborted) {
        kind = 'timeout';
        message = `no complete response within ${this.options.timeoutMs} ms (raise --timeout if the server is slow)`;
      } else {
        message = `network error: ${describeCause(error)}`;
      }
      message = redact(`${method} ${url}: ${message}`);
      const exchange: Exchange = {
        request: recordedRequest,
        ...(status
          ? {
              response: {
                status,
                headers: this.redactor.redactHeaders(responseHeaders),
                body: '',
                truncated: true,
              },
            }
          : {}),
        error: message,
        durationMs: Math.round(performance.now() - started),
        curl,
      };
      throw new RequestError(message, kind, [...previous, exchange], { cause: error });
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

class BodyLimitError extends Error {
  constructor(size: number, limit: number) {
    super(
      `response body exceeds the limit of ${limit} bytes (${size} bytes or more received); ` +
        'the implementation should not answer with bodies this large',
    );
  }
}
