/**
 * The wire types: what crosses between the HTTP client, the event transports and the runner — a request
 * and its answer, an observed event, an identity, a finding. A leaf module: it imports only the types
 * generated from the schemas (an exchange and a finding are parts of report.json), so client, events and
 * runner all depend on it and never on each other's internals (ARCHITECTURE.md).
 */
import type { ReportExchange, ReportFinding } from '../spec/types.js';

/** Identity a request is sent as. */
export type Identity = 'self' | 'peer';

/** One HTTP exchange, captured as evidence. Tokens are already redacted (never the real value). */
export type Exchange = ReportExchange;

/**
 * Something the target did that no check asks about but a user must hear of (issue 12): never a verdict,
 * and never 'must' (the spec is silent on floods, garbage frames, redirects and error pages).
 */
export type Finding = ReportFinding;

/** Result of t.call(): the parsed response. */
export interface CallResult<T = any> {
  status: number;
  ok: boolean;
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, otherwise the text (or undefined when empty). */
  body: T;
  text: string;
}

export interface CallOptions {
  as?: Identity;
  /** Extra headers (e.g. to send no auth: { authorization: '' } removes it). */
  headers?: Record<string, string>;
  /** Send this raw body instead of JSON.stringify(fields). */
  rawBody?: string;
  /** HTTP method; default POST (§1 rule 1). */
  method?: string;
  /**
   * A helper call (an operation the check does not judge) whose refusal is the check's observation, e.g.
   * message.get of a message it deleted: a 4xx comes back to the check; an answer saying the operation is
   * not served (route miss, 405, 501, 5xx) still leaves the check undecided (src/runner/context/calls.ts).
   */
  observes?: boolean;
  /**
   * A helper call the check can do without (another way to the same precondition, e.g. the sandbox channel
   * where none of its own can be made): any refusal, or the login not offering it (then not sent, status 0),
   * comes back to the check, which must then take that way and judge nothing on it.
   */
  fallback?: boolean;
}

/** An event as the transport delivered it (de-facto envelope; older shapes normalised where possible). */
export interface ObservedEvent {
  sn?: number;
  type: string;
  timestamp?: number;
  /** The whole body as received. */
  body: Record<string, any>;
  /** Webhook deliveries: the request headers (lower-case), e.g. satori-opcode. */
  headers?: Record<string, string>;
  receivedAt: number;
}

/** A finding as a transport or the client reports it; the collector counts repeats. */
export type FindingInput = Omit<Finding, 'count'>;
