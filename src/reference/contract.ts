/**
 * Contract of the embedded reference implementation, as the engine (--embedded), the tests and the
 * `conformance serve` command use it. Implemented in src/reference/server.ts (startReference).
 */

import type { VariantPointName } from '../../spec/operation-shape.js';
import { VARIANT_POINTS } from '../../spec/variants.js';

/** The §4.8 variant points come from the spec's catalogue (one table). */
export { VARIANT_POINTS };

export type VariantPoint = VariantPointName;
export type Variants = { [P in VariantPoint]: (typeof VARIANT_POINTS)[P][number] };

/** How an unserved operation is answered (ReferenceOptions.unserved). */
export type UnservedStyle = '404-text' | '404-json' | '405' | '501' | '500' | '400';

/**
 * The places a server of the family declares a login's `features` (de-facto conventions, "What a login
 * offers, and where it says so"): READY's `logins` on the event stream, `login.get`, `meta`'s `logins`.
 */
export type FeaturesSource = 'ready' | 'login.get' | 'meta';

export interface ReferenceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Overrides the bot identity's token. */
  token?: string;
  /** Fault ids to switch on (see faultCatalogue). Unknown ids throw a ConfigurationError. */
  faults?: string[];
  variants?: Partial<Variants>;
  /**
   * Tolerance ids or presets to switch on (see toleranceCatalogue, tolerancePresets): legal variations
   * real servers show. Unknown ids throw a ConfigurationError.
   */
  tolerances?: string[];
  /** Upper bound of message.list limit; larger values are clamped (§4.1 rule 5). Default 100. */
  limitBound?: number;
  /** Delay added to every HTTP response, for benchmarks simulating a remote implementation. */
  latencyMs?: number;
  /**
   * Rate limits (src/reference/rate-limit.ts): a number is requests a second per token, message.create a
   * fifth of that per channel (bursts of 5); 'N/s', 'N/m' or 'N/h' too, per minute or hour a fixed window
   * per token and one per client address; over them, 429 with Retry-After. Default: none.
   */
  rateLimit?: number | string;
  /** Extra guilds the bot is a member of, seeded after the fixed world (a big guild.list). Default 0. */
  guilds?: number;
  /** Extra older messages in the sandbox channel, before the seeded history (a deep channel). Default 0. */
  messages?: number;
  /**
   * Start in a dirty world: the leftovers of an interrupted earlier run (dirty.ts DIRTY_ITEMS); true: every
   * item. Unknown items throw a ConfigurationError.
   */
  dirty?: boolean | readonly string[];
  /**
   * A do-nothing server instead of the reference (vacuity.ts vacuityPresets): every request answered alike,
   * no event stream, a trigger that causes nothing. Unknown presets throw a ConfigurationError.
   */
  vacuity?: string;
  /**
   * Operations this server does not serve, each answered the way servers of the family answer an
   * unserved operation (routing.ts UNSERVED_STYLES): a route miss (404 text or JSON), 405, 501, 500, or
   * 400 to any body. For archetypes and the helper-refusal tests: the rest of the server is unchanged.
   */
  unserved?: Readonly<Record<string, UnservedStyle>>;
  /**
   * Where the logins carry `features` (default: all three). A source left out still answers (READY,
   * `{base}/login.get`, `{base}/meta`), with Login objects that have no `features` field; an event's
   * `login` follows READY. `unserved` may name `login.get` or `meta` to answer them as unserved instead.
   */
  featuresIn?: readonly FeaturesSource[];
  /** Operations left out of login.features wherever it is declared (served or not). Default none. */
  undeclared?: readonly string[];
  /**
   * How events go out (default both): the WebSocket at {base}/events, webhooks (registered through
   * {base}/meta/webhook.create or the control endpoint). Empty: no event stream at all (an HTTP-only server).
   */
  eventTransports?: readonly ('ws' | 'webhook')[];
  /** Events sent under another name than their §6 identifier (a legacy alias), e.g. { 'guild-added': 'group-added' }. */
  eventAliases?: Readonly<Record<string, string>>;
  /** 'user-only': the peer is a user of the world (a member) but no login: its token and headers are refused. */
  peer?: 'login' | 'user-only';
  /** The status one-login-refuses-others answers the peer with (default 403, `login not found`). */
  refuseOthersWith?: 400 | 401 | 403 | 404;
  /** Absent optional fields of §2 (parent_id, avatar, nick, updated_at) sent as null instead of omitted. */
  optionalFieldsNull?: boolean;
  /** The User fields of the family's convention: kept (default), only `id`, or `name`/`nick`/`avatar` as null. */
  userFields?: 'kept' | 'id-only' | 'null';
  /**
   * Compose a legal server of another kind from a seed (archetype.ts): which operations it serves, where it
   * declares features, its events, identities, fields and tolerances. Options given beside it win.
   */
  archetypeSeed?: number;
  /** A named archetype (archetype.ts ARCHETYPE_PRESETS), e.g. 'http-only'. */
  archetype?: string;
  /**
   * Consulted for every authenticated interface request before the normal handler: a reply answers the
   * request instead; undefined lets the reference handle it. Client mode (src/client-mode) serves its
   * scripted pages through it and records what the client asked for.
   */
  intercept?: (request: InterceptedRequest) => InterceptedReply | undefined;
  /**
   * Consulted for every WebSocket accepted at {base}/events (a `ws` WebSocket, typed unknown so that the
   * shipped types need no @types/ws): true takes the socket over (the reference then does nothing with
   * it). Client mode scripts the event stream through it.
   */
  interceptEvents?: (socket: unknown) => boolean;
}

/** An interface request as the intercept hook sees it: parsed, authenticated, not yet handled. */
export interface InterceptedRequest {
  /** e.g. 'guild.list' */
  operation: string;
  /** The JSON body: the named fields (§1 rule 2). */
  fields: Record<string, unknown>;
  identity: ReferenceIdentity;
  /** The request headers, lower-case names, as sent (including Authorization). */
  headers: Record<string, string>;
}

export interface InterceptedReply {
  /** Default 200. */
  status?: number;
  body: unknown;
  /** Extra response headers (e.g. a 429's Retry-After). */
  headers?: Record<string, string>;
}

export interface ReferenceIdentity {
  token: string;
  userId: string;
  platform: string;
  name: string;
}

export interface ReferenceServer {
  /** e.g. http://127.0.0.1:5140/v1 */
  readonly baseUrl: string;
  /** ws://127.0.0.1:5140/v1/events */
  readonly eventsUrl: string;
  /** Control endpoint outside the interface: POST {controlUrl}/trigger {event, ...} */
  readonly controlUrl: string;
  /** self = the bot the checker acts as; peer = a second identity; third = a bystander. */
  readonly identities: { self: ReferenceIdentity; peer: ReferenceIdentity; third: ReferenceIdentity };
  readonly variants: Variants;
  readonly faults: readonly string[];
  /** Tolerances in force, presets expanded. */
  readonly tolerances: readonly string[];
  /** Dirty items laid over the seed (dirty.ts), empty in a clean world. */
  readonly dirty: readonly string[];
  /** The archetype it was composed as (archetypeSeed or archetype), with its ground truth. */
  readonly archetype?: ArchetypeTruth;
  /** The vacuity preset in force (vacuity.ts), if any. */
  readonly vacuity?: string;
  /** Upper bound of message.list limit in force (§8.2: not shown by the spec, so the checker is told). */
  readonly limitBound: number;
  /** The seeded test guild and its first text channel: the sandbox of an embedded run. */
  readonly sandbox: { guildId: string; channelId: string };
  /**
   * Switches the faults in force on the running reference, the world kept as it is (unknown ids throw a
   * ConfigurationError): a mutant series, one faulty server after another on one process (npm run faults).
   */
  refault(faults: readonly string[]): void;
  /** A deep JSON copy of the whole world, for the safety test (before/after equality). */
  snapshot(): unknown;
  /** The URLs events are delivered to (meta/webhook.create, the control endpoint, a dirty world's leftover). */
  webhooks(): string[];
  close(): Promise<void>;
}

/**
 * What an archetype of the reference is, as the self-verification reads it (archetype.ts): what it serves
 * and declares, how it sends events and takes identities, and the run options a user of such a server
 * passes.
 */
export interface ArchetypeTruth {
  /** One line: the seed or preset and every choice drawn. */
  describe(): string;
  /** The operation is served (answered as the spec says), whatever features say. */
  serves(operation: string): boolean;
  /** The operation is listed in login.features where features are declared (all, where declared nowhere). */
  declares(operation: string): boolean;
  /** Where features are declared (empty: nowhere). */
  readonly featuresIn: readonly FeaturesSource[];
  /** How events go out (empty: no event stream). */
  readonly eventTransports: readonly ('ws' | 'webhook')[];
  /** The §6 names sent under a legacy alias (a true deviation of §6). */
  readonly eventAliases: Readonly<Record<string, string>>;
  /** 'two-logins', 'ignores-identity', 'refuses-others-<status>', 'peer-user-only'. */
  readonly identity: string;
  /**
   * Its true deviations: its faults (http-only's unknown-id-500), 'legacy-event-names',
   * 'declares-unserved-operations' (features that list what it does not serve).
   */
  readonly deviations: readonly string[];
  /** The reference options that make it (seed aside). */
  readonly options: ReferenceOptions;
  /** What a user of such a server passes to `conformance run` (e.g. events 'webhook' or 'none'). */
  readonly runOptions: { events?: 'ws' | 'webhook' | 'none' };
}

/** A fault of the catalogue; `Id` is its literal id, so the catalogue yields the FaultId union. */
export interface FaultDefinition<Id extends string = string> {
  /** kebab-case, e.g. 'message-list-limit-over-bound-errors' */
  id: Id;
  /** Rule ids from spec/rules.ts that the fault breaks. */
  rules: string[];
  description: string;
  /**
   * Optional: check ids that must fail with this fault on, beyond the general rule of the
   * self-verification (npm run faults): a fault is detected when at least one failing check cites one
   * of `rules`, and every check fails under at least one fault.
   */
  detectedBy?: string[];
  /** Run options under which the fault can show at all, e.g. webhook faults need { events: 'webhook' }. */
  runWith?: { events?: 'ws' | 'webhook' };
  /**
   * 'fuzz': only generated inputs show it (`conformance fuzz`), no fixed check: `npm run faults` leaves it
   * out of the check matrix and scripts/fuzz-faults.ts proves fuzz finds it.
   */
  foundBy?: 'fuzz';
}
