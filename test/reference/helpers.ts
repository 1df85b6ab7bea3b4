/** Test helpers: a tiny HTTP client for the reference implementation (real HTTP over loopback). */
import { expect } from 'vitest';
import type { ReferenceServer } from '../../src/reference/index.js';

export type As = 'self' | 'peer' | 'third';

export interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  as?: As;
  headers?: Record<string, string>;
  method?: string;
  rawBody?: string;
  /** false: send no Authorization header. */
  auth?: boolean;
}

export async function call(
  server: ReferenceServer,
  operation: string,
  fields: unknown = {},
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.auth !== false && headers.authorization === undefined)
    headers.authorization = `Bearer ${server.identities[options.as ?? 'self'].token}`;
  const method = options.method ?? 'POST';
  const response = await fetch(`${server.baseUrl}/${operation}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : (options.rawBody ?? JSON.stringify(fields)),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** Calls and expects 200; returns the parsed body. */
export async function ok(
  server: ReferenceServer,
  operation: string,
  fields: unknown = {},
  options: CallOptions = {},
) {
  const reply = await call(server, operation, fields, options);
  expect(reply.status, `${operation} ${JSON.stringify(fields)} → ${reply.text}`).toBe(200);
  return reply.body;
}

export async function control(server: ReferenceServer, path: string, body?: unknown, method = 'POST') {
  const response = await fetch(`${server.controlUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.identities.self.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

export async function trigger(server: ReferenceServer, body: Record<string, unknown>) {
  const reply = await control(server, '/trigger', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** Follows next from the first page; returns every item and the number of pages. */
export async function allPages(
  server: ReferenceServer,
  operation: string,
  fields: Record<string, unknown>,
  options: CallOptions = {},
) {
  const items: any[] = [];
  let next: string | undefined;
  let pages = 0;
  do {
    const page = await ok(server, operation, next === undefined ? fields : { ...fields, next }, options);
    items.push(...page.data);
    next = page.next;
    pages += 1;
    if (pages > 50) throw new Error(`${operation}: more than 50 pages, next never ends`);
  } while (next !== undefined);
  return { items, pages };
}

/** Polls `probe` until it returns true (no fixed sleeps); fails after timeoutMs. */
export async function waitFor(
  probe: () => Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10)); // poll interval, not a synchronisation
  }
}
