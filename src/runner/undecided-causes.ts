/**
 * What was not decided, and why (issue 43): the skipped, undecided and not-offered checks of a run
 * grouped by the cause they share, ranked by how many checks each holds — the twin of "What to fix
 * first" (causes.ts) for the checks that ended without a verdict. A cause is read from what each check
 * said (its undecided state, else its skip reason), never from its id, and says what would decide its
 * checks: a flag, a server change, a platform setting. A skip no cause explains is in none (the reports
 * list it by its reason). Pure: a function of the check results.
 */
import { oneLine } from '../../spec/brief.js';
import { englishOf, say, tr } from '../i18n/index.js';
import { factsOf, notOfferedAdvice, type RunFacts } from './causes.js';
import type { CheckResult, RunResult, Signature } from './model.js';
import { statusClass } from './signature.js';
import { countsTowardVerdict } from './summary.js';

export type UndecidedCause = NonNullable<RunResult['undecidedCauses']>[number];
type Kind = UndecidedCause['kind'];

/** A check's words, as one line, long enough to hold any state the suites write. */
const WORDS_LIMIT = 2_000;
/** A cause's detail: one line, short enough for a summary. */
const DETAIL_LIMIT = 300;

/** Rank order of causes holding as many checks (what unblocks the most of the rest first). */
const ORDER: readonly Kind[] = [
  'peer-unreachable',
  'no-events',
  'no-trigger',
  'operation-refused',
  'helper-missing',
  'event-never-came',
  'quota',
  'world',
  'not-offered',
];

/** One check's cause: its kind, what sets it apart within the kind, and the operations it concerns. */
interface Reading {
  kind: Kind;
  subject?: string;
  /** How a helper is missing ('not offered', 'refused (HTTP 5xx)'), when its signature says. */
  how?: string;
  /** The status class a helper was refused with, when its signature says ('404', '5xx'). */
  status?: string;
  /** The event types that never came (one cause for them all: the stream does not emit them). */
  events?: string[];
  /** World states of several checks of one group, each worded its own way (mergeLoneWorlds). */
  merged?: boolean;
  operations?: string[];
}

/** An operation's name in the words of a check ('guild.role.create'). */
const OPERATION = /\b[a-z]+(?:\.[a-z]+)+\b/g;

/** The stated prefix of an unreachable peer (issue 41 item 1): `the peer is unreachable: <what came back>`. */
const PEER_UNREACHABLE = /\bthe peer is unreachable\b/i;
/** The skip of a run given no second identity (src/runner/run.ts PEER_MISSING). */
const PEER_NOT_GIVEN = /^needs a second identity\b/;
/*
 * The checker's canned skip reasons are rendered in the run's language (tr), their flags verbatim: each is
 * also known by its flags, whatever the language (a zh-CN run's reasons hold the same flags).
 */
const PEER_FLAGS = /--peer-token\b.{0,8}--peer-self-id\b/;
const TRIGGER_FLAGS = /--trigger-url URL\b.{0,8}--trigger-command CMD\b/;
const EVENTS_OFF_FLAGS = /--events none\b.{0,12}--events ws\b/;
/**
 * A refusal control that got no acceptance (issue 41 item 2): `the complete request of guild.role.create was
 * refused too: HTTP 501 …`, or `… was answered 2xx without a result`.
 */
const REFUSED_TOO =
  /\bthe complete (?:valid )?request(?: of ([a-z]+(?:\.[a-z]+)+))? (?:was|is) (?:refused too\b\W*(?:HTTP (\d{3}))?|answered (2xx without a result))/i;
/**
 * Only a helper operation is missing (issue 41 item 4): `login.features omits channel.create, which this
 * check only uses as a helper`, `needs the helper operation channel.create`, `its helper message.create made nothing`.
 */
const HELPER = [
  /\bomits ([a-z]+(?:\.[a-z]+)+), which this check only uses as a helper\b/i,
  /\bhelper(?: operation)?s?\b\W*(?:`|")?([a-z]+(?:\.[a-z]+)+)/i,
];
const NO_TRIGGER = /\bneeds a trigger to cause incoming events\b/;
/** Events off, or a stream that never opened or never delivered (src/run-steps.ts, src/runner/run.ts). */
const NO_EVENTS =
  /^needs an event stream\b|\bthe event stream delivered nothing\b|\bnever sent READY and delivered no event\b|\bno webhook delivery arrived\b/;
/** An event of one type that never came: `no guild-updated event observed`, `waiting for a message-created event`. */
const EVENT_TYPE =
  /\bno ([a-z]+(?:-[a-z]+)+) event\b|\bwaiting for an? ([a-z]+(?:-[a-z]+)+) event\b|\bno matching event within \d+ ms[^:]*: ([a-z]+(?:-[a-z]+)+)/;
/** Checks that judge any event with an `sn` (event order, resume): none came when they needed one. */
const ANY_SN_EVENT = /\bno event with an sn\b|\b0 event\(s\) with an sn\b/;
const SN_EVENT = 'event with an sn';
/** A check the run stopped for the rate limit did not run or finish (src/runner/run.ts). */
const QUOTA = /^not (?:run|finished): stopped for the rate limit\b/;
/** The not-offered skip names the operations login.features omits (src/runner/run.ts notOfferedReason). */
const OMITS = /login\.features omits ([a-z., ]+?)(?: \(|$)/;

/** The peer's standing (src/runner/peer.ts PeerStanding.state) in the user's words. */
const STANDING: Record<string, string> = {
  'served-as-bot': 'served as the bot',
  refused: 'refused',
  unproven: 'not proven another account',
  absent: 'none given',
};

/** The operation a refusal concerns: named before the control's words, else the check's first. */
function refusedOperation(text: string, check: CheckResult): string | undefined {
  const before = text.slice(0, text.search(REFUSED_TOO));
  const named = [...before.matchAll(OPERATION)].map((match) => match[0]);
  return named.find((name) => check.operations.includes(name)) ?? named.at(-1) ?? check.operations[0];
}

/**
 * The cause an undecided state's signature shows (set where it was judged: the peer's proof, a helper
 * call, the event transport), if it has one.
 */
function signedReading(signature: Signature | undefined, check: CheckResult): Reading | undefined {
  if (!signature) return undefined;
  const { kind, operation, pattern, status } = signature;
  switch (kind) {
    case 'identity':
      return { kind: 'peer-unreachable', subject: STANDING[pattern ?? ''] ?? pattern ?? 'unreachable' };
    case 'helper-refused':
    case 'helper-not-offered': {
      const how =
        kind === 'helper-not-offered'
          ? 'not offered'
          : `refused${status && status !== 'none' ? ` (HTTP ${status})` : ''}`;
      return {
        kind: 'helper-missing',
        subject: operation ?? 'a helper',
        how,
        ...(kind === 'helper-refused' && status ? { status } : {}),
        operations: operation ? [operation] : [],
      };
    }
    case 'transport':
      return { kind: 'no-events' };
    case 'event-missing':
      return { kind: 'event-never-came', events: [signature.eventType ?? SN_EVENT] };
    case 'status':
      return operation
        ? {
            kind: 'operation-refused',
            subject: `HTTP ${status ?? '?'}`,
            operations: [operation],
          }
        : undefined;
    case 'capability':
      return pattern === 'trigger'
        ? { kind: 'no-trigger' }
        : pattern === 'events'
          ? { kind: 'no-events' }
          : undefined;
    case 'world':
      return worldReading(check);
  }
  return undefined;
}

/** A state of the world: the checks that say the same clears them are one cause (merged by group when alone). */
const worldReading = (check: CheckResult): Reading => ({
  kind: 'world',
  subject: oneLine(check.undecided?.clear ?? '', DETAIL_LIMIT),
});

/**
 * The world's causes of one check each, merged by §4 group where a group has several: a state of the world
 * each check words its own way is one cause per group, not one line per check.
 */
function mergeLoneWorlds(
  grouped: Map<string, { reading: Reading; checks: CheckResult[] }>,
): Map<string, { reading: Reading; checks: CheckResult[] }> {
  const lone = [...grouped.entries()].filter(
    ([, { reading, checks }]) => reading.kind === 'world' && checks.length === 1,
  );
  const byGroup = new Map<string, string[]>();
  for (const [key, { checks }] of lone)
    byGroup.set(checks[0].group, [...(byGroup.get(checks[0].group) ?? []), key]);
  for (const [group, keys] of byGroup) {
    if (keys.length < 2) continue;
    const checks = keys.flatMap((key) => grouped.get(key)?.checks ?? []);
    for (const key of keys) grouped.delete(key);
    grouped.set(`world\u0000group ${group}`, {
      reading: { kind: 'world', subject: `${group} checks`, merged: true },
      checks,
    });
  }
  return grouped;
}

/**
 * A check the run did not run or finish because it stopped for the quota: its reason ends in the run's
 * own stop reason (src/runner/run.ts), in whichever language the run was.
 */
const stoppedForQuota = (check: CheckResult, stopped: RunResult['stopped'] | undefined): boolean =>
  Boolean(stopped?.rateLimited && stopped.reason && check.reason?.endsWith(stopped.reason));

/** The cause a skipped check shows, if any (first match wins: the most specific fix first). */
export function readingOf(check: CheckResult, stopped?: RunResult['stopped']): Reading | undefined {
  if (check.status !== 'skip') return undefined;
  if (check.notOffered) {
    const omitted = OMITS.exec(englishOf(check.reason ?? ''))?.[1];
    const operations = omitted?.split(/,\s*/).filter(Boolean) ?? check.operations;
    return { kind: 'not-offered', operations };
  }
  if (QUOTA.test(englishOf(check.reason ?? '')) || stoppedForQuota(check, stopped)) return { kind: 'quota' };
  const signed = signedReading(check.undecided?.signature, check);
  if (signed) return signed;
  // Read in English (englishOf: the words this run rendered in another language), so that a zh-CN run is
  // grouped as an English one is.
  const text = oneLine(englishOf(check.undecided?.state ?? check.reason ?? ''), WORDS_LIMIT);
  // A state written before signatures (an older report): the peer's stated prefix, the checker's own words.
  if (PEER_UNREACHABLE.test(text)) return { kind: 'peer-unreachable', subject: 'unreachable' };
  if (PEER_NOT_GIVEN.test(text) || PEER_FLAGS.test(text))
    return { kind: 'peer-unreachable', subject: 'none given' };
  const refused = REFUSED_TOO.exec(text);
  if (refused) {
    const operation = refused[1] ?? refusedOperation(text, check);
    // As a signed refusal names it (its status class), so that both are one cause.
    const status = refused[2] ? `HTTP ${statusClass(Number(refused[2]))}` : (refused[3] ?? 'refused');
    return {
      kind: 'operation-refused',
      subject: status,
      operations: operation ? [operation] : [],
    };
  }
  const helper = HELPER.map((pattern) => pattern.exec(text)?.[1]).find(Boolean);
  if (helper) return { kind: 'helper-missing', subject: helper, operations: [helper] };
  if (NO_TRIGGER.test(text) || TRIGGER_FLAGS.test(text)) return { kind: 'no-trigger' };
  if (NO_EVENTS.test(text) || EVENTS_OFF_FLAGS.test(text)) return { kind: 'no-events' };
  const event = EVENT_TYPE.exec(text);
  if (event) return { kind: 'event-never-came', events: [event[1] ?? event[2] ?? event[3]] };
  if (ANY_SN_EVENT.test(text)) return { kind: 'event-never-came', events: [SN_EVENT] };
  // Any other undecided check: a state of the world the run found made its effect unobservable (by group:
  // each check says how to clear its own).
  if (check.undecided) return worldReading(check);
  return undefined;
}

/** How a helper failed, in the run's language ('not offered', 'refused (HTTP 5xx)': the reading's data). */
function howWords(how: string): string {
  const status = /^refused \(HTTP (.+)\)$/.exec(how)?.[1];
  if (status) return say('causes.refusedWith', { status });
  return how === 'refused' ? say('causes.refused') : how;
}

/** The catalogue's words in the run's language (src/i18n/messages/report-extra.ts). */

/**
 * The helper's words, true to the run: "not offered" only where login.features omits it, "refused" where
 * the login offers it (or declares no features) and it said no.
 */
function helperWords(reading: Reading, facts: RunFacts): { title: string; decide: string } {
  const helper = reading.subject ?? 'a helper';
  const omitted = facts.features !== undefined && !facts.features.includes(helper);
  const how = reading.how ?? (omitted ? 'not offered' : 'refused');
  if (how === 'not offered')
    return {
      title: tr`A helper operation is not offered: ${helper} (login.features omits it; the checks need it to set up what they judge)`,
      decide: tr`nothing, if the platform lacks ${helper}; list it in login.features once it is implemented`,
    };
  return {
    title: tr`A helper operation fails: ${helper} ${howWords(how)} (the checks need it to set up what they judge)`,
    decide: tr`a server change: ${helper} accepting a complete valid request and making what the checks act on`,
  };
}

/** The peer's standing (a reading's subject: STANDING's words, the cause's id) in the run's language. */
function standingWords(subject: string): string {
  switch (subject) {
    case 'served as the bot':
      return say('causes.peer.servedAsBot');
    case 'refused':
      return say('causes.peer.refused');
    case 'not proven another account':
      return say('causes.peer.unproven');
    case 'unreachable':
      return say('causes.peer.unreachable');
  }
  return subject;
}

/** How an operation refused (a reading's subject: 'HTTP 4xx', or what came instead) in the run's language. */
function refusalWords(subject: string): string {
  if (subject === '2xx without a result') return say('causes.noResult');
  return subject === 'refused' ? say('causes.refused') : subject;
}

/** The peer's cause: none given, or unreachable as its standing says. */
const peerWords = (subject: string): { title: string; decide: string } =>
  subject === 'none given'
    ? {
        title: tr`No second identity (the peer) was given: the checks that act as another user`,
        decide: tr`pass --peer-token TOKEN (another account) or --peer-self-id ID (another login the token serves)`,
      }
    : {
        title: tr`The peer identity is unreachable: ${standingWords(subject)}`,
        decide: tr`a peer the server serves as another account: --peer-token of another account, or a server that honours Satori-User-ID / X-Self-ID for each login it serves`,
      };

/** The cause of operations refusing every request, the complete valid one too. */
function refusedWords(reading: Reading, facts: UndecidedFacts): { title: string; decide: string } {
  const all = reading.operations ?? [];
  const operations =
    all.length > 3
      ? `${all.slice(0, 3).join(', ')}${say('report.idsAndMore', { n: String(all.length - 3) })}`
      : all.join(', ');
  const how = refusalWords(reading.subject ?? '');
  const advice = notOfferedAdvice(all, facts);
  return {
    title: !operations
      ? tr`An operation refuses every request, the complete valid one too (${how})`
      : all.length > 1
        ? tr`${operations} refuse every request, the complete valid one too (${how})`
        : tr`${operations} refuses every request, the complete valid one too (${how})`,
    decide: operations
      ? tr`a server change: ${operations} accepting a complete valid request (§4), ${advice}`
      : tr`a server change: the operation accepting a complete valid request (§4), ${advice}`,
  };
}

/** The cause of events that never came (of named types, or any with an sn). */
function eventsWords(reading: Reading, facts: UndecidedFacts): { title: string; decide: string } {
  const types = reading.events ?? [];
  if (types.length === 1 && types[0] === SN_EVENT)
    return {
      title: tr`No event with an sn came when the checks needed one`,
      decide: tr`a server that delivers events with sn (§6) for message.create and message.update`,
    };
  const named = types.filter((type) => type !== SN_EVENT).join(', ');
  const many = types.length > 1;
  const title = !named
    ? many
      ? tr`No the awaited events came during the run`
      : tr`No the awaited event came during the run`
    : many
      ? tr`No ${named} events came during the run`
      : tr`No ${named} event came during the run`;
  const decide = many
    ? facts.triggerMissing
      ? tr`a server that emits them (§6) for the changes the checks make, or a trigger that causes them (--trigger-url, --trigger-command)`
      : tr`a server that emits them (§6) for the changes the checks make`
    : facts.triggerMissing
      ? tr`a server that emits it (§6) for the changes the checks make, or a trigger that causes it (--trigger-url, --trigger-command)`
      : tr`a server that emits it (§6) for the changes the checks make`;
  return { title, decide };
}

/** The cause in the user's terms (one line) and what would decide its checks when no check says it. */
function wordsOf(
  reading: Reading,
  first: CheckResult,
  facts: UndecidedFacts,
): { title: string; decide: string } {
  const { subject = '' } = reading;
  switch (reading.kind) {
    case 'peer-unreachable':
      return peerWords(subject);
    case 'operation-refused':
      return refusedWords(reading, facts);
    case 'helper-missing':
      return helperWords(reading, facts);
    case 'event-never-came':
      return eventsWords(reading, facts);
    case 'no-trigger':
      return {
        title: tr`No trigger: nothing can cause incoming events (requests, guild and member changes)`,
        decide: tr`pass --trigger-url URL or --trigger-command CMD (docs/checking-a-server.md)`,
      };
    case 'no-events':
      // Advice true to the run: "pass --events" only where events were off, else the stream to fix.
      return EVENTS_OFF.test(englishOf(first.reason ?? ''))
        ? {
            title: tr`No event stream: events are off (--events none)`,
            decide: tr`pass --events ws (and --events-url) or --events webhook, with a handshake that works`,
          }
        : {
            title: tr`No event stream: it could not be opened, or it delivered nothing all run`,
            decide: tr`fix the event stream the run opened: --events-url, the IDENTIFY/READY handshake or the webhook registration`,
          };
    case 'quota':
      return {
        title: tr`The platform quota stopped the run before these checks ran or finished`,
        decide: tr`raise --run-timeout, pass --rate-limit so that the checker paces itself, or raise the quota on the platform`,
      };
    case 'world': {
      const state = oneLine(first.undecided?.state ?? '', 120);
      return reading.merged
        ? {
            title: tr`The world the run found hides the effect of ${first.group} checks, each its own way: ${state}`,
            decide: tr`each check says how to clear the state it found (report.html, report.json)`,
          }
        : { title: tr`The world the run found hides the effect: ${state}`, decide: subject };
    }
    case 'not-offered':
      return {
        title: tr`Not offered by the login: login.features omits their operations (not counted, not blamed)`,
        decide: tr`nothing, if the platform lacks them; list an operation in login.features once it is implemented`,
      };
  }
}

/** What the run had, for advice true to it: the login's features, whether a trigger was given. */
interface UndecidedFacts extends RunFacts {
  triggerMissing?: boolean;
}

/** The skip reason of a run with events off (src/run-steps.ts). */
const EVENTS_OFF = /--events none/;

/** Skip reasons the checker writes for a capability not given (src/runner/run.ts, src/run-steps.ts). */
const CANNED = [
  PEER_NOT_GIVEN,
  PEER_FLAGS,
  TRIGGER_FLAGS,
  EVENTS_OFF_FLAGS,
  /^needs a trigger to cause incoming events\b/,
  /^needs an event stream: events are off\b/,
];

/** A cause's id, stable across runs: a world's by its first check (its state may name ids), else by its subject. */
const idOf = (reading: Reading, first: CheckResult): string => {
  if (reading.kind === 'world') return `world:${reading.merged ? first.group : first.id}`;
  return reading.subject ? `${reading.kind}:${reading.subject}` : reading.kind;
};

const keyOf = (reading: Reading): string => `${reading.kind}\u0000${reading.subject ?? ''}`;

/**
 * The operations the run saw refuse complete valid requests, by status class: a refusal check's control
 * refused (its operation-refused cause), a check failing because the operation it judged refused its
 * valid request, or answered that it is not served (signature pattern 'not-implemented').
 */
function operationsRefusedWhole(checks: readonly CheckResult[]): Map<string, Set<string>> {
  const refused = new Map<string, Set<string>>();
  const add = (status: string | undefined, operation: string | undefined) => {
    if (status && operation) refused.set(status, (refused.get(status) ?? new Set()).add(operation));
  };
  for (const check of checks) {
    // The refusal controls' own cause (its status class), however the state named it.
    const reading = readingOf(check);
    if (reading?.kind === 'operation-refused' && reading.subject?.startsWith('HTTP '))
      for (const operation of reading.operations ?? []) add(reading.subject.slice('HTTP '.length), operation);
    const signature = check.signature;
    if (check.status !== 'skip' && signature?.kind === 'status') {
      const judged = signature.role === 'under-test' || signature.pattern === 'not-implemented';
      if (judged) add(signature.status, signature.operation);
    }
  }
  return refused;
}

/**
 * An operation refused whole is one cause however many checks it touched (issue 47), whether they used it
 * as a helper or judged it: a helper refused (a route miss, 501, a 400 to any body) where the run saw that
 * operation refused whole with the same status class is held by the operation's refusal, not by a cause
 * of its own. A helper refused where the operation's own checks saw no such refusal stays its own cause.
 */
function asRefusedWhole(
  reading: Reading | undefined,
  refusedWhole: ReadonlyMap<string, ReadonlySet<string>>,
): Reading | undefined {
  const operation = reading?.operations?.[0];
  if (reading?.kind !== 'helper-missing' || !reading.status || !operation) return reading;
  if (!refusedWhole.get(reading.status)?.has(operation)) return reading;
  return { kind: 'operation-refused', subject: `HTTP ${reading.status}`, operations: [operation] };
}

/**
 * The causes of a run's skipped checks, the one holding the most first. `run` gives the verdict's level
 * (how many of each cause's checks are counted).
 */
export function findUndecidedCauses(
  checks: readonly CheckResult[],
  run: Pick<RunResult, 'level' | 'includeExperimental' | 'capabilities'> &
    Partial<Pick<RunResult, 'stopped'>>,
): UndecidedCause[] {
  // Whether the run had a trigger: it had none when a check was skipped for want of one.
  const facts: UndecidedFacts = {
    ...factsOf(run),
    triggerMissing: checks.some((check) => readingOf(check, run.stopped)?.kind === 'no-trigger'),
  };
  const grouped = new Map<string, { reading: Reading; checks: CheckResult[] }>();
  const refusedWhole = operationsRefusedWhole(checks);
  for (const check of checks) {
    const reading = asRefusedWhole(readingOf(check, run.stopped), refusedWhole);
    if (!reading) continue;
    const group = grouped.get(keyOf(reading)) ?? { reading, checks: [] };
    group.checks.push(check);
    grouped.set(keyOf(reading), group);
  }
  const causes: UndecidedCause[] = [];
  for (const { reading: firstReading, checks: held } of mergeLoneWorlds(grouped).values()) {
    const [first] = held;
    const events = [...new Set(held.flatMap((check) => readingOf(check)?.events ?? []))].sort();
    const operationsHeld = [...new Set(held.flatMap((check) => readingOf(check)?.operations ?? []))].sort();
    const reading = {
      ...firstReading,
      ...(events.length ? { events } : {}),
      ...(operationsHeld.length ? { operations: operationsHeld } : {}),
    };
    const { title, decide } = wordsOf(reading, first, facts);
    const clears = new Set(held.map((check) => check.undecided?.clear));
    const [clear] = clears.size === 1 ? clears : [undefined];
    const operations = [
      ...new Set(held.flatMap((check) => readingOf(check)?.operations ?? reading.operations ?? [])),
    ].sort();
    // A missing capability's reason is the checker's own words, the title says it: no detail.
    const canned = CANNED.some((pattern) => pattern.test(englishOf(first.reason ?? ''))) || first.notOffered;
    const said = canned ? undefined : (first.undecided?.state ?? first.reason);
    causes.push({
      id: idOf(reading, first),
      kind: reading.kind,
      title,
      ...(reading.subject ? { subject: reading.subject } : {}),
      // What the checks themselves say clears them is the most precise advice, where they all say it.
      decide: clear === undefined ? decide : oneLine(clear, DETAIL_LIMIT * 2),
      checkIds: held.map((check) => check.id),
      counted: held.filter(
        (check) => countsTowardVerdict(check, run) && !check.notOffered && !check.expectedFailure,
      ).length,
      operations,
      ...(said ? { detail: oneLine(said, DETAIL_LIMIT) } : {}),
    });
  }
  return causes.sort(
    (a, b) => b.checkIds.length - a.checkIds.length || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind),
  );
}
