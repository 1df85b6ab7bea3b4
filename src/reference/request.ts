/**
 * Request plumbing of the reference implementation: HTTP errors with a JSON body that says what to
 * send instead, a reader for the named fields of §4, and opaque pagination tokens.
 * The spec shows no error format (§7): the de-facto statuses are used (de-facto-conventions.md "HTTP").
 */
import type { FaultSwitch } from './faults/index.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, 'bad-request', message);
export const forbidden = (message: string): HttpError => new HttpError(403, 'forbidden', message);
export const conflict = (message: string): HttpError => new HttpError(409, 'conflict', message);

/** Thrown by the 'missing-field-accepted' fault: the request is answered 200 {} and changes nothing. */
export class AcceptedAnyway extends Error {
  /** The body answered instead of `{}` (e.g. '' for an empty 200). */
  constructor(readonly raw?: string) {
    super();
  }
}

type FieldType = 'string' | 'number' | 'boolean' | 'object';

/** Reads the named fields of one operation's JSON body; unknown fields are ignored (de-facto). */
export class Fields {
  constructor(
    private readonly operation: string,
    private readonly body: Record<string, unknown>,
    private readonly fault: FaultSwitch,
  ) {}

  /** The field as sent, null included (for fields where null means "remove"). */
  raw(name: string): unknown {
    return this.body[name];
  }

  has(name: string): boolean {
    return this.body[name] !== undefined && this.body[name] !== null;
  }

  string(name: string): string {
    return this.required(name, 'string') as string;
  }

  optionalString(name: string): string | undefined {
    return this.optional(name, 'string') as string | undefined;
  }

  number(name: string): number {
    return this.required(name, 'number') as number;
  }

  optionalNumber(name: string): number | undefined {
    return this.optional(name, 'number') as number | undefined;
  }

  boolean(name: string): boolean {
    return this.required(name, 'boolean') as boolean;
  }

  optionalBoolean(name: string): boolean | undefined {
    return this.optional(name, 'boolean') as boolean | undefined;
  }

  object(name: string): Record<string, unknown> {
    return this.required(name, 'object') as Record<string, unknown>;
  }

  private required(name: string, type: FieldType): unknown {
    if (!this.has(name)) {
      if (this.fault('missing-field-500')) {
        throw new HttpError(500, 'internal', `Cannot read properties of undefined (reading '${name}')`);
      }
      if (this.fault('missing-field-accepted')) throw new AcceptedAnyway();
      throw badRequest(
        `${this.operation} needs the field '${name}' (${article(type)} ${type}); add it to the JSON body (§4).`,
      );
    }
    return this.optional(name, type);
  }

  private optional(name: string, type: FieldType): unknown {
    if (!this.has(name)) return undefined;
    const value = this.body[name];
    const actual = Array.isArray(value) ? 'array' : typeof value;
    if (actual !== type || (type === 'number' && !Number.isFinite(value))) {
      throw badRequest(
        `${this.operation}: the field '${name}' must be ${article(type)} ${type}, got ${actual}` +
          ` ${JSON.stringify(value)}; send ${article(type)} ${type} (§4).`,
      );
    }
    return value;
  }
}

const article = (type: string): string => (/^[aeiou]/.test(type) ? 'an' : 'a');

/** Opaque pagination tokens: base64url of a small JSON value. */
export function encodeToken(value: number): string {
  return Buffer.from(JSON.stringify({ p: value })).toString('base64url');
}

export function decodeToken(operation: string, token: string): number {
  try {
    const decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Number.isInteger(decoded?.p) && decoded.p >= 0) return decoded.p;
  } catch {
    // fall through to the error below
  }
  throw badRequest(
    `${operation}: 'next' is not a token this server issued; send the prev/next value of an earlier page, or omit it.`,
  );
}

/** Page size of every paginated list other than message.list. */
export const PAGE_SIZE = 20;

export interface Page<T> {
  data: T[];
  next?: string;
}

/** One page of `items` from the offset in `next`; next is absent exactly when no more items exist (§1 rule 6). */
export function pageOf<T>(
  operation: string,
  items: T[],
  next: string | undefined,
  pageSize = PAGE_SIZE,
): Page<T> {
  const offset = next ? decodeToken(operation, next) : 0;
  const end = offset + Math.max(1, pageSize);
  const page: Page<T> = { data: items.slice(offset, end) };
  if (end < items.length) page.next = encodeToken(end);
  return page;
}
