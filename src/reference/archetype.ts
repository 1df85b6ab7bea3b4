/**
 * Archetypes: legal servers of kinds the checker was never shown, composed from a seed (issue 46, the
 * self-verification over the space of servers). `startReference({ archetypeSeed: N })` and
 * `conformance serve --archetype-seed N` draw, from N alone:
 *  - which operations it serves (the others answered as a server that does not serve them: 404 text or
 *    JSON, 405, 501, 500, or 400 to any body, ReferenceOptions.unserved),
 *  - where it declares `features` (READY, login.get, meta, several, nowhere), and whether it leaves the
 *    unserved operations out of them, or declares less than it serves,
 *  - its events: WebSocket, webhook, both or none; §6 names or the family's legacy aliases,
 *  - its identities: two logins, one login that serves every identity as the bot, one that refuses any
 *    other identity (400, 401, 403 or 404), a peer that is a user and no login,
 *  - optional fields omitted or null, the User fields of the convention kept, bare or null,
 *  - the §4.8 variants and tolerances of the catalogue that combine.
 * Each archetype knows its ground truth (ArchetypeTruth, contract.ts): what it serves and declares, how its
 * events go, which deviations it has; scripts/faults/archetypes.ts judges every run against it.
 */
import { operations as operationCatalogue } from '../../spec/catalogue.js';
import { ConfigurationError } from '../../spec/errors.js';
import type {
  ArchetypeTruth,
  FeaturesSource,
  ReferenceOptions,
  UnservedStyle,
  Variants,
} from './contract.js';
import { VARIANT_POINTS } from './contract.js';

const OPERATIONS: readonly string[] = operationCatalogue.map((operation) => operation.path);
const STYLES: readonly UnservedStyle[] = ['404-text', '404-json', '405', '501', '500', '400'];

/**
 * Legacy event names of the family (de-facto conventions, "Events"; core 3's `group-*` names): a server
 * that sends them breaks §6's identifiers, a true deviation of the archetype.
 */
export const LEGACY_EVENT_ALIASES: Readonly<Record<string, string>> = {
  'guild-added': 'group-added',
  'guild-removed': 'group-deleted',
  'guild-member-added': 'group-member-added',
  'guild-member-removed': 'group-member-deleted',
  'reaction-removed': 'reaction-deleted',
};

/**
 * Tolerances drawn at random, in groups of which at most one is drawn (they answer the same thing
 * differently). Left out: what the other draws cover (partial-platform, friend-delete-refused,
 * features-lack-helpers: the served and declared operations; one-login-*: the identities), and
 * errors-500-text-plain (every refusal a 500: the should-level conventions then fail, truly).
 */
const TOLERANCE_GROUPS: readonly (readonly string[])[] = [
  ['void-text-plain-ok', 'void-empty-body'],
  ['auth-403'],
  ['legacy-identity-headers'],
  ['legacy-event-envelope', 'event-login-minimal'],
  ['events-once-per-login'],
  ['resume-replays-nothing', 'resume-replay-paced'],
  ['request-message-id-only'],
  ['reaction-event-message-partial'],
  ['list-markers-null'],
  ['lists-single-page'],
  ['message-list-before-only', 'message-list-direction-without-next'],
  ['timestamps-in-seconds'],
  ['extra-fields'],
  ['trigger-answers-id-only', 'trigger-answers-nothing', 'trigger-invites-from-one-guild'],
];
/** Tolerances of webhook delivery: drawn only where events go to webhooks alone (the run uses --events webhook). */
const WEBHOOK_TOLERANCES = [
  'webhook-create-keeps-first',
  'webhook-auth-app-token',
  'webhook-delivery-lagging',
];

/** A small, fast, seeded generator (mulberry32): the same seed draws the same server everywhere. */
function generator(seed: number): {
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
} {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

type Draw = ReturnType<typeof generator>;

/** The choices an archetype is made of; `truthOf` turns them into options and ground truth. */
export interface ArchetypeChoices {
  name: string;
  served: readonly string[];
  unserved: Readonly<Record<string, UnservedStyle>>;
  featuresIn: readonly FeaturesSource[];
  /** Login routes a server that declares no features there may not serve at all. */
  loginRoutesUnserved: Readonly<Record<string, UnservedStyle>>;
  /** How the declared features relate to what is served. */
  declaring: 'exactly-served' | 'every-operation' | 'less-than-served';
  undeclared: readonly string[];
  eventTransports: readonly ('ws' | 'webhook')[];
  eventAliases: Readonly<Record<string, string>>;
  identity: 'two-logins' | 'ignores-identity' | 'refuses-others' | 'peer-user-only';
  refuseOthersWith: 400 | 401 | 403 | 404;
  optionalFieldsNull: boolean;
  userFields: 'kept' | 'id-only' | 'null';
  variants: Variants;
  tolerances: readonly string[];
  deviations: readonly string[];
}

/** Draws the operations served: a share of the 33, each unserved one answered in the server's style. */
function drawOperations(draw: Draw): Pick<ArchetypeChoices, 'served' | 'unserved'> {
  const share = draw.pick([0.3, 0.5, 0.7, 0.85, 1]);
  const served = OPERATIONS.filter(() => draw.chance(share));
  // A framework answers every miss alike; some servers mix (a route table and stubs that throw).
  const style = draw.pick(STYLES);
  const mixed = draw.chance(0.2);
  const unserved: Record<string, UnservedStyle> = {};
  for (const operation of OPERATIONS)
    if (!served.includes(operation)) unserved[operation] = mixed ? draw.pick(STYLES) : style;
  return { served, unserved };
}

/** Where features are declared, and whether they say exactly what is served, more, or less. */
function drawDeclaration(
  draw: Draw,
  served: readonly string[],
): Pick<ArchetypeChoices, 'featuresIn' | 'loginRoutesUnserved' | 'declaring' | 'undeclared'> {
  const featuresIn = draw.pick<readonly FeaturesSource[]>([
    ['ready'],
    ['login.get'],
    ['meta'],
    ['ready', 'login.get'],
    ['login.get', 'meta'],
    ['ready', 'login.get', 'meta'],
    [],
  ]);
  const loginRoutesUnserved: Record<string, UnservedStyle> = {};
  for (const route of ['login.get', 'meta'] as const)
    if (!featuresIn.includes(route) && draw.chance(0.5)) loginRoutesUnserved[route] = draw.pick(STYLES);
  const declaring = draw.pick([
    'exactly-served',
    'exactly-served',
    'every-operation',
    'less-than-served',
  ] as const);
  const unserved = OPERATIONS.filter((operation) => !served.includes(operation));
  const undeclared =
    declaring === 'every-operation'
      ? []
      : declaring === 'exactly-served'
        ? unserved
        : [...unserved, ...served.filter(() => draw.chance(0.2))];
  return { featuresIn, loginRoutesUnserved, declaring, undeclared };
}

function drawEvents(draw: Draw): Pick<ArchetypeChoices, 'eventTransports' | 'eventAliases'> {
  const eventTransports = draw.pick<readonly ('ws' | 'webhook')[]>([
    ['ws', 'webhook'],
    ['ws'],
    ['ws'],
    ['webhook'],
    [],
  ]);
  const eventAliases: Record<string, string> = {};
  if (eventTransports.length > 0 && draw.chance(0.15))
    for (const [name, alias] of Object.entries(LEGACY_EVENT_ALIASES))
      if (draw.chance(0.6)) eventAliases[name] = alias;
  return { eventTransports, eventAliases };
}

function drawTolerances(draw: Draw, transports: readonly string[]): string[] {
  const count = draw.pick([0, 1, 1, 2, 3]);
  const groups = [...TOLERANCE_GROUPS];
  const chosen: string[] = [];
  for (let index = 0; index < count && groups.length > 0; index++) {
    const group = groups.splice(Math.floor(draw.next() * groups.length), 1)[0]!;
    chosen.push(draw.pick(group));
  }
  if (transports.length === 1 && transports[0] === 'webhook' && draw.chance(0.5))
    chosen.push(draw.pick(WEBHOOK_TOLERANCES));
  return chosen;
}

/** The archetype of `seed`: every choice drawn from it alone. */
export function drawArchetype(seed: number): ArchetypeChoices {
  if (!Number.isInteger(seed) || seed < 0)
    throw new ConfigurationError(`archetypeSeed must be a whole number >= 0, got ${seed}.`);
  const draw = generator(seed * 2_654_435_761 + 1);
  const operations = drawOperations(draw);
  const declaration = drawDeclaration(draw, operations.served);
  const events = drawEvents(draw);
  const identity = draw.pick([
    'two-logins',
    'two-logins',
    'ignores-identity',
    'refuses-others',
    'peer-user-only',
  ] as const);
  const variants = Object.fromEntries(
    Object.entries(VARIANT_POINTS).map(([point, values]) => [point, draw.pick(values)]),
  ) as Variants;
  return {
    name: `archetype ${seed}`,
    ...operations,
    ...declaration,
    ...events,
    identity,
    refuseOthersWith: draw.pick([400, 401, 403, 404] as const),
    optionalFieldsNull: draw.chance(0.25),
    userFields: draw.pick(['kept', 'kept', 'kept', 'id-only', 'null'] as const),
    variants,
    tolerances: drawTolerances(draw, events.eventTransports),
    deviations: [],
  };
}

/**
 * Named archetypes. `http-only` (issue 46): a young server of another lineage — 11 of the 33 operations
 * (the channel group without channel.create, the guild and member reads, friend.list and friend.approve,
 * user.channel.create: no message operation, no guild.list), the others a route miss (404 text);
 * `features` in login.get only (no READY, no meta); no event stream at all; the peer's identity refused
 * with 400; and 500 for an unknown id on every served read (fault unknown-id-500: its one true deviation).
 */
export const ARCHETYPE_PRESETS = {
  'http-only': (): ArchetypeChoices => {
    const served = [
      'channel.get',
      'channel.list',
      'channel.update',
      'channel.delete',
      'channel.mute',
      'user.channel.create',
      'guild.get',
      'guild.member.get',
      'guild.member.list',
      'friend.list',
      'friend.approve',
    ];
    const unserved = Object.fromEntries(
      OPERATIONS.filter((operation) => !served.includes(operation)).map((operation) => [
        operation,
        '404-text' as const,
      ]),
    );
    return {
      name: 'http-only',
      served,
      unserved,
      featuresIn: ['login.get'],
      loginRoutesUnserved: { meta: '404-text' },
      declaring: 'exactly-served',
      undeclared: Object.keys(unserved),
      eventTransports: [],
      eventAliases: {},
      identity: 'refuses-others',
      refuseOthersWith: 400,
      optionalFieldsNull: false,
      userFields: 'kept',
      variants: Object.fromEntries(
        Object.entries(VARIANT_POINTS).map(([point, values]) => [point, values[0]]),
      ) as Variants,
      tolerances: [],
      deviations: ['unknown-id-500'],
    };
  },
} as const;

/** The archetype `options` ask for (archetypeSeed or archetype), or undefined. */
export function archetypeOf(options: ReferenceOptions): ArchetypeChoices | undefined {
  if (options.archetype !== undefined) {
    const preset = (ARCHETYPE_PRESETS as Record<string, () => ArchetypeChoices>)[options.archetype];
    if (!preset)
      throw new ConfigurationError(
        `Unknown archetype '${options.archetype}'; known: ${Object.keys(ARCHETYPE_PRESETS).join(', ')}.`,
      );
    return preset();
  }
  return options.archetypeSeed === undefined ? undefined : drawArchetype(options.archetypeSeed);
}

/** The reference options that make the archetype (faults: its deviations). */
function optionsOf(choices: ArchetypeChoices): ReferenceOptions {
  const identityTolerance =
    choices.identity === 'ignores-identity'
      ? ['one-login-ignores-identity']
      : choices.identity === 'refuses-others'
        ? ['one-login-refuses-others']
        : [];
  return {
    unserved: { ...choices.unserved, ...choices.loginRoutesUnserved },
    featuresIn: choices.featuresIn,
    undeclared: choices.undeclared,
    eventTransports: choices.eventTransports,
    eventAliases: choices.eventAliases,
    peer: choices.identity === 'peer-user-only' ? 'user-only' : 'login',
    ...(choices.identity === 'refuses-others' ? { refuseOthersWith: choices.refuseOthersWith } : {}),
    optionalFieldsNull: choices.optionalFieldsNull,
    userFields: choices.userFields,
    variants: choices.variants,
    tolerances: [...choices.tolerances, ...identityTolerance],
    faults: [...choices.deviations],
  };
}

const list = (items: readonly string[]) => (items.length > 0 ? items.join(',') : 'none');

/** The archetype in one line: every choice, so that a failing seed says what server it was. */
function describeChoices(choices: ArchetypeChoices): string {
  const styles = [...new Set(Object.values(choices.unserved))];
  const identity =
    choices.identity === 'refuses-others' ? `refuses-others-${choices.refuseOthersWith}` : choices.identity;
  return [
    `${choices.name}:`,
    `serves ${choices.served.length}/33 (others ${styles.length > 0 ? styles.join('|') : '-'})`,
    `features in ${list(choices.featuresIn)} (${choices.declaring}${choices.declaring === 'less-than-served' ? `, undeclared served: ${list(choices.served.filter((operation) => choices.undeclared.includes(operation)))}` : ''})`,
    ...(Object.keys(choices.loginRoutesUnserved).length > 0
      ? [
          `unserved routes ${Object.entries(choices.loginRoutesUnserved)
            .map(([route, style]) => `${route}=${style}`)
            .join(',')}`,
        ]
      : []),
    `events ${choices.eventTransports.length > 0 ? choices.eventTransports.join('+') : 'none'}`,
    ...(Object.keys(choices.eventAliases).length > 0
      ? [`legacy names ${Object.values(choices.eventAliases).join(',')}`]
      : []),
    `identity ${identity}`,
    `optional fields ${choices.optionalFieldsNull ? 'null' : 'omitted'}`,
    `user fields ${choices.userFields}`,
    `variants ${Object.values(choices.variants).join(',')}`,
    `tolerances ${list(choices.tolerances)}`,
    ...(choices.deviations.length > 0 ? [`deviations ${list(choices.deviations)}`] : []),
    `served: ${choices.served.join(' ')}`,
  ].join(' ');
}

/** The ground truth of an archetype (contract.ts ArchetypeTruth). */
export function truthOf(choices: ArchetypeChoices): ArchetypeTruth {
  const served = new Set(choices.served);
  const undeclared = new Set(choices.undeclared);
  // Features the checker can read: READY only where there is a WebSocket, login.get and meta where served.
  const readable = choices.featuresIn.filter((source) =>
    source === 'ready' ? choices.eventTransports.includes('ws') : !(source in choices.loginRoutesUnserved),
  );
  const aliased = Object.keys(choices.eventAliases).length > 0;
  return {
    describe: () => describeChoices(choices),
    serves: (operation) => served.has(operation),
    declares: (operation) => readable.length === 0 || !undeclared.has(operation),
    featuresIn: readable,
    eventTransports: choices.eventTransports,
    eventAliases: choices.eventAliases,
    identity:
      choices.identity === 'refuses-others' ? `refuses-others-${choices.refuseOthersWith}` : choices.identity,
    deviations: [
      ...choices.deviations,
      ...(aliased ? ['legacy-event-names'] : []),
      // Features that list what the server does not serve are a deviation (as fault declared-operation-501).
      ...(readable.length > 0 &&
      choices.served.length < OPERATIONS.length &&
      choices.declaring === 'every-operation'
        ? ['declares-unserved-operations']
        : []),
    ],
    options: optionsOf(choices),
    runOptions: {
      // What a user of such a server passes: webhooks where there is no WebSocket; else the default
      // (a server without any stream gets the default too: the checker must find out).
      ...(choices.eventTransports.length === 1 && choices.eventTransports[0] === 'webhook'
        ? { events: 'webhook' as const }
        : {}),
    },
  };
}

/**
 * The options to start with: the archetype's, then the ones given beside it (faults and tolerances
 * added to its own), and its truth.
 */
export function withArchetype(options: ReferenceOptions): {
  options: ReferenceOptions;
  truth: ArchetypeTruth | undefined;
} {
  const choices = archetypeOf(options);
  if (!choices) return { options, truth: undefined };
  const truth = truthOf(choices);
  const own = truth.options;
  return {
    options: {
      ...own,
      ...options,
      faults: [...(own.faults ?? []), ...(options.faults ?? [])],
      tolerances: [...(own.tolerances ?? []), ...(options.tolerances ?? [])],
      variants: { ...own.variants, ...options.variants },
      unserved: { ...own.unserved, ...options.unserved },
    },
    truth,
  };
}
