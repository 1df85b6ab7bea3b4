/**
 * What the run's HTTP client (http.ts) makes of a response or its absence: headers and body read as
 * values, the findings a response shows (redirects, HTML pages, broken JSON), why a request failed.
 */
import { tr } from '../i18n/index.js';
import type { Exchange } from '../wire.js';
import { type Findings, findingExchange } from './findings.js';
import type { RequestFailureKind } from './http-types.js';
import { retryAfterSeconds } from './pacer.js';
import type { Redactor } from './redact.js';

/** Network error codes worth naming to the user. */
export const describeCause = (error: unknown): string => {
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

export const flattenHeaders = (
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
};

/** A body as the checks read it (JSON parsed where it looks like JSON) and why it did not parse. */
export function readBody(
  text: string,
  contentType: string | undefined,
): { body: unknown; parseError?: string } {
  if (text === '') return { body: undefined };
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{"]/.test(text);
  if (!looksJson) return { body: text };
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return { body: text, parseError: (error as Error).message };
  }
}

/** 'message.create' for {base}/message.create, else the path (the key of a hanging operation). */
export const operationOf = (url: string, baseUrl: string): string => {
  const path = url.split('?')[0];
  return path.startsWith(`${baseUrl}/`) ? path.slice(baseUrl.length + 1) : path;
};

/** What came back of a request before it failed or finished: its status and headers. */
export interface Received {
  status: number;
  headers: Record<string, string>;
}

export const failureKind = (
  error: unknown,
  signal: AbortSignal | undefined,
  timeout: AbortSignal,
): RequestFailureKind => {
  if (error instanceof BodyLimitError) return 'body-limit';
  if (signal?.aborted) return 'aborted';
  if (timeout.aborted) return 'timeout';
  return 'network';
};

export class BodyLimitError extends Error {
  constructor(size: number, limit: number) {
    super(
      tr`response body exceeds the limit of ${limit} bytes (${size} bytes or more received); ` +
        tr`the implementation should not answer with bodies this large`,
    );
  }
}

/** Findings a response shows whatever the check makes of it (§ silent: never a verdict). */
export function observeResponse(
  target: { baseUrl: string; findings: Findings; redactor: Redactor },
  exchange: Exchange,
  headers: Record<string, string>,
  text: string,
  url: string,
  parseError: string | undefined,
): void {
  const status = exchange.response?.status ?? 0;
  const operation = operationOf(url, target.baseUrl);
  if (status >= 300 && status < 400 && headers.location) {
    let offHost = true;
    try {
      offHost = new URL(headers.location, url).host !== new URL(target.baseUrl).host;
    } catch {}
    target.findings.add({
      id: offHost ? 'http/redirect-off-host' : 'http/redirect',
      level: 'should',
      title: offHost
        ? tr`The target redirected off its base host (not followed: the token would go with it)`
        : tr`The target answered with a redirect (not followed)`,
      detail: target.redactor.redactComposed(
        tr`${operation} answered HTTP ${status} Location: ${headers.location}`,
      ),
      exchange: findingExchange(exchange),
    });
  }
  const type = headers['content-type'] ?? '';
  if (/html/i.test(type) || (status >= 400 && /^\s*<(!doctype|html)/i.test(text))) {
    target.findings.add({
      id: 'http/html-page',
      level: 'info',
      title: tr`The target answered with an HTML page (often a proxy or debug error page)`,
      detail: tr`${operation} answered HTTP ${status} ${type || tr`(no content-type)`}`,
      exchange: findingExchange(exchange),
    });
  }
  // The body was parsed once where it was read (readBody): its error, not a second parse.
  if (/json/i.test(type) && parseError !== undefined)
    target.findings.add({
      id: 'http/invalid-json',
      level: 'should',
      title: tr`The target sent a body declared as JSON that does not parse`,
      detail: tr`${operation} answered HTTP ${status} ${type}: ${parseError}`,
      exchange: findingExchange(exchange),
    });
}
