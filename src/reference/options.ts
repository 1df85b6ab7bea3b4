/**
 * startReference's options, validated and resolved in one place: every bad option is a ConfigurationError
 * that says what to pass instead, before anything is seeded or listens.
 */
import { operations as operationCatalogue } from '../../spec/catalogue.js';
import { ConfigurationError } from '../../spec/errors.js';
import { parseRate } from '../../spec/rate.js';
import {
  type FeaturesSource,
  type ReferenceOptions,
  type UnservedStyle,
  VARIANT_POINTS,
  type VariantPoint,
  type Variants,
} from './contract.js';
import { type DirtyItem, resolveDirt } from './dirty.js';
import { type FaultId, faultCatalogue, faultPresets } from './faults/index.js';
import { RateLimiter } from './rate-limit.js';
import { resolveTolerances, type ToleranceId } from './tolerances/index.js';
import { resolveVacuity, type VacuityPreset } from './vacuity.js';

export const DEFAULT_LIMIT_BOUND = 100;

/** The options as the server uses them: defaults filled in, faults and tolerances as switches. */
export interface Settings {
  faults: ReadonlySet<string>;
  tolerances: ReadonlySet<ToleranceId>;
  fault: (id: FaultId) => boolean;
  tolerate: (id: ToleranceId) => boolean;
  variants: Variants;
  limitBound: number;
  latencyMs: number;
  rateLimiter: RateLimiter | undefined;
  host: string;
  port: number;
  /** Extra guilds and extra history messages seeded beyond the fixed world. */
  guilds: number;
  messages: number;
  dirt: ReadonlySet<DirtyItem>;
  /** A do-nothing server in place of the reference (vacuity.ts). */
  vacuity: VacuityPreset | undefined;
  /** Operations answered as unserved (ReferenceOptions.unserved). */
  unserved: ReadonlyMap<string, UnservedStyle>;
  /** Where the logins carry `features` (ReferenceOptions.featuresIn). */
  featuresIn: ReadonlySet<FeaturesSource>;
  /** The archetype's knobs (ReferenceOptions.undeclared … userFields), defaults filled in. */
  shape: Shape;
}

/** How this server differs in kind from the default reference (archetype.ts draws these). */
export interface Shape {
  undeclared: ReadonlySet<string>;
  ws: boolean;
  webhook: boolean;
  eventAliases: ReadonlyMap<string, string>;
  peerIsLogin: boolean;
  refuseOthersWith: 400 | 401 | 403 | 404;
  optionalFieldsNull: boolean;
  userFields: 'kept' | 'id-only' | 'null';
}

function resolveShape(options: ReferenceOptions): Shape {
  const known: ReadonlySet<string> = new Set(operationCatalogue.map((operation) => operation.path));
  for (const operation of options.undeclared ?? [])
    if (!known.has(operation))
      throw new ConfigurationError(`undeclared: '${operation}' is no operation of the interface (§4).`);
  const transports = options.eventTransports ?? ['ws', 'webhook'];
  if (transports.some((transport) => transport !== 'ws' && transport !== 'webhook'))
    throw new ConfigurationError(`eventTransports: each one of ws, webhook (got ${transports.join(', ')}).`);
  const refuseOthersWith = options.refuseOthersWith ?? 403;
  if (![400, 401, 403, 404].includes(refuseOthersWith))
    throw new ConfigurationError(`refuseOthersWith: 400, 401, 403 or 404 (got ${refuseOthersWith}).`);
  return {
    undeclared: new Set(options.undeclared ?? []),
    ws: transports.includes('ws'),
    webhook: transports.includes('webhook'),
    eventAliases: new Map(Object.entries(options.eventAliases ?? {})),
    peerIsLogin: (options.peer ?? 'login') === 'login',
    refuseOthersWith,
    optionalFieldsNull: options.optionalFieldsNull === true,
    userFields: options.userFields ?? 'kept',
  };
}

export function resolveOptions(options: ReferenceOptions): Settings {
  const faults = checkFaults(options.faults ?? []);
  const tolerances = resolveTolerances(options.tolerances ?? []);
  const variants = resolveVariants(options.variants ?? {});
  const limitBound = options.limitBound ?? DEFAULT_LIMIT_BOUND;
  if (!Number.isInteger(limitBound) || limitBound < 1) {
    throw new ConfigurationError(`limitBound must be a positive integer, got ${limitBound}.`);
  }
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) {
    throw new ConfigurationError(`latencyMs must be a number of milliseconds >= 0, got ${latencyMs}.`);
  }
  const rateLimiter =
    options.rateLimit === undefined
      ? undefined
      : new RateLimiter(
          typeof options.rateLimit === 'string'
            ? parseRate(options.rateLimit, 'rateLimit')
            : options.rateLimit,
        );
  const guilds = options.guilds ?? 0;
  if (!Number.isInteger(guilds) || guilds < 0) {
    throw new ConfigurationError(`guilds must be an integer >= 0, got ${guilds}.`);
  }
  const messages = options.messages ?? 0;
  if (!Number.isInteger(messages) || messages < 0) {
    throw new ConfigurationError(`messages must be an integer >= 0, got ${messages}.`);
  }
  return {
    faults,
    tolerances,
    fault: (id) => faults.has(id),
    tolerate: (id) => tolerances.has(id),
    variants,
    limitBound,
    latencyMs,
    rateLimiter,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    guilds,
    messages,
    dirt: resolveDirt(options.dirty),
    vacuity: resolveVacuity(options.vacuity),
    unserved: resolveUnserved(options.unserved ?? {}),
    featuresIn: resolveFeaturesIn(options.featuresIn ?? FEATURES_SOURCES),
    shape: resolveShape(options),
  };
}

const FEATURES_SOURCES: readonly FeaturesSource[] = ['ready', 'login.get', 'meta'];

function resolveFeaturesIn(given: readonly FeaturesSource[]): ReadonlySet<FeaturesSource> {
  const unknown = given.filter((source) => !FEATURES_SOURCES.includes(source));
  if (unknown.length > 0)
    throw new ConfigurationError(
      `featuresIn: ${unknown.join(', ')} is no place a login declares features; use ${FEATURES_SOURCES.join(', ')}.`,
    );
  return new Set(given);
}

/** Besides the operations of §4, the family's login routes (operations/logins.ts) may be unserved. */
const LOGIN_ROUTES = ['login.get', 'meta'];

const UNSERVED_STYLES: readonly UnservedStyle[] = ['404-text', '404-json', '405', '501', '500', '400'];

/** Each unserved operation known, each style one of UNSERVED_STYLES. */
function resolveUnserved(given: Readonly<Record<string, UnservedStyle>>): ReadonlyMap<string, UnservedStyle> {
  const known: ReadonlySet<string> = new Set([
    ...operationCatalogue.map((operation) => operation.path),
    ...LOGIN_ROUTES,
  ]);
  for (const [operation, style] of Object.entries(given)) {
    if (!known.has(operation))
      throw new ConfigurationError(`unserved: '${operation}' is no operation of the interface (§4).`);
    if (!UNSERVED_STYLES.includes(style))
      throw new ConfigurationError(
        `unserved: ${operation} must be answered as one of ${UNSERVED_STYLES.join(', ')}, got '${style}'.`,
      );
  }
  return new Map(Object.entries(given));
}

/** Replaces the faults in force (a mutant series on one process), refusing unknown ids as at start. */
export function switchFaults(settings: Settings, ids: readonly string[]): void {
  const faults = settings.faults as Set<string>;
  const checked = checkFaults(ids);
  faults.clear();
  for (const id of checked) faults.add(id);
}

/** The fault ids, presets expanded (faultPresets), each known. */
function checkFaults(given: readonly string[]): ReadonlySet<string> {
  const presets: Record<string, readonly string[]> = faultPresets;
  const ids = given.flatMap((id) => presets[id] ?? [id]);
  const known: ReadonlySet<string> = new Set(faultCatalogue.map((entry) => entry.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      `Unknown fault id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}; list the known ones with \`conformance serve --list-faults\`.`,
    );
  }
  return new Set(ids);
}

function resolveVariants(chosen: Partial<Variants>): Variants {
  const resolved: Record<string, string> = {};
  for (const [point, values] of Object.entries(VARIANT_POINTS) as [VariantPoint, readonly string[]][]) {
    const value = chosen[point] ?? values[0];
    if (!values.includes(value)) {
      throw new ConfigurationError(`Variant ${point} must be one of ${values.join(', ')}, got '${value}'.`);
    }
    resolved[point] = value;
  }
  for (const point of Object.keys(chosen)) {
    if (!(point in VARIANT_POINTS)) {
      throw new ConfigurationError(
        `Unknown variant point '${point}'; known: ${Object.keys(VARIANT_POINTS).join(', ')}.`,
      );
    }
  }
  return resolved as Variants;
}
