/**
 * The reference's HTTP transport: where the interface and the control endpoint live, the reply a handler
 * returns and how it goes on the wire, request bodies (§1 rule 2) and headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './request.js';

export const BASE_PATH = '/v1';
export const CONTROL_PATH = '/_reference';
const MAX_BODY_BYTES = 1024 * 1024;

export interface Reply {
  status: number;
  body?: unknown;
  textPlain?: boolean;
  /** A body sent as is (text/plain; no content type when empty) instead of JSON. */
  raw?: string;
  headers?: Record<string, string>;
}

/** 429 as platforms send it: Retry-After in whole seconds (RFC 9110 §10.2.3), the exact wait in the body. */
export function rateLimitedReply(seconds: number): Reply {
  return {
    status: 429,
    body: {
      code: 'rate-limited',
      message: 'Too many requests; wait Retry-After seconds.',
      retry_after: seconds,
    },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  };
}

export function errorReply(error: unknown, textPlain = false): Reply {
  if (error instanceof HttpError) {
    const headers: Record<string, string> = error.status === 405 ? { allow: 'POST' } : {};
    // Tolerance errors-500-text-plain: error bodies are the bare message, as the family's servers send.
    if (textPlain) return { status: error.status, raw: error.message, headers };
    return { status: error.status, body: { code: error.code, message: error.message }, headers };
  }
  // A defect of the reference itself: say so rather than hide it.
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, body: { code: 'internal', message: `Reference implementation defect: ${message}` } };
}

export function send(response: ServerResponse, reply: Reply): void {
  const text = reply.raw ?? JSON.stringify(reply.body);
  const plain = reply.raw !== undefined || reply.textPlain;
  response.writeHead(reply.status, {
    ...(text === '' && reply.raw !== undefined
      ? {}
      : { 'content-type': plain ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8' }),
    'content-length': Buffer.byteLength(text),
    ...reply.headers,
  });
  response.end(text);
}

/** The Bearer token of the Authorization header, if it has one (de-facto: Bearer tokens). */
export function bearerToken(request: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1].trim() : undefined;
}

export function flatHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
}

export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, 'payload-too-large', `The body exceeds ${MAX_BODY_BYTES} bytes; send less.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON object of the named fields (§1 rule 2); an empty body means no fields. */
export function parseBody(text: string, malformedIs500: boolean): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (malformedIs500) throw new HttpError(500, 'internal', `SyntaxError: ${(error as Error).message}`);
    throw new HttpError(
      400,
      'bad-request',
      `The body is not valid JSON (${(error as Error).message}); send a JSON object of the operation's fields.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(
      400,
      'bad-request',
      "The body must be a JSON object of the operation's named fields (§1 rule 2).",
    );
  }
  return value as Record<string, unknown>;
}
