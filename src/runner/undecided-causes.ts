/**
 * What was not decided, and why (issue 43): the skipped, undecided and not-offered checks of a run
 * grouped by the cause they share, ranked by how many checks each holds — the twin of "What to fix
 * first" (causes.ts) for the checks that ended without a verdict. A cause is read from what each check
 * said (its undecided state, else its skip reason), never from its id, and says what would decide its
 * checks: a flag, a server change, a platform setting. A skip no cause explains is in none (the reports
 * list it by its reason). Pure: a function of the check results.
 */
import { oneLine } from '../../spec/brief.js';
import type { CheckResult, RunResult } from './model.js';
import { countsTowardVerdict } from './summary.js';

export type UndecidedCause = NonNullable<RunResult['undecidedCauses']>[number];
type Kind = UndecidedCause['id'];

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
  operations?: string[];
}

/** An operation's name in the words of a check ('guild.role.create'). */
const OPERATION = /\b[a-z]+(?:\.[a-z]+)+\b/g;

/** The stated prefix of an unreachable peer (issue 41 item 1): `the peer is unreachable: <what came back>`. */
const PEER_UNREACHABLE = /\bthe peer is unreachable(?: \(([a-z -]+)\))?: *(.*)$/i;
/** The skip of a run given no second identity (src/runner/run.ts PEER_MISSING). */
const PEER_NOT_GIVEN = /^needs a second identity\b/;
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

/** How the peer is unreachable, read from what came back (src/runner/peer.ts words it so). */
const HOW_UNREACHABLE: ReadonlyArray<[RegExp, string]> = [
  [/^absent\b|\bno peer identity was given\b/i, 'none given'],
  [/^served[ -]as[ -](the[ -])?bot\b|\bthe bot's user\b/i, 'served as the bot'],
  [/^refused\b|\banswered (HTTP )?[45]\d\d\b|\blogin not found\b/i, 'refused'],
  [/^unproven\b|\bneither the peer\b.*\bnor the bot\b|\bnames no author\b/i, 'not proven another account'],
];

/** How the peer is unreachable ('served as the bot', 'refused'), its sub-group: else the detail's first words. */
function howUnreachable(detail: string): string {
  for (const [pattern, how] of HOW_UNREACHABLE) if (pattern.test(detail)) return how;
  const head = detail.split(/[(:;,]| — /)[0].trim();
  const words = head.split(/\s+/).filter(Boolean).slice(0, 6).join(' ');
  return words || 'unreachable';
}

/** The operation a refusal concerns: named before the control's words, else the check's first. */
function refusedOperation(text: string, check: CheckResult): string | undefined {
  const before = text.slice(0, text.search(REFUSED_TOO));
  const named = [...before.matchAll(OPERATION)].map((match) => match[0]);
  return named.find((name) => check.operations.includes(name)) ?? named.at(-1) ?? check.operations[0];
}

/** The cause a skipped check shows, if any (first match wins: the most specific fix first). */
export function readingOf(check: CheckResult): Reading | undefined {
  if (check.status !== 'skip') return undefined;
  if (check.notOffered) {
    const omitted = OMITS.exec(check.reason ?? '')?.[1];
    const operations = omitted?.split(/,\s*/).filter(Boolean) ?? check.operations;
    return { kind: 'not-offered', operations };
  }
  const text = oneLine(check.undecided?.state ?? check.reason ?? '', WORDS_LIMIT);
  if (QUOTA.test(check.reason ?? '')) return { kind: 'quota' };
  const peer = PEER_UNREACHABLE.exec(text);
  if (peer) return { kind: 'peer-unreachable', subject: howUnreachable(peer[1] ?? peer[2]) };
  if (PEER_NOT_GIVEN.test(text)) return { kind: 'peer-unreachable', subject: 'none given' };
  const refused = REFUSED_TOO.exec(text);
  if (refused) {
    const operation = refused[1] ?? refusedOperation(text, check);
    const status = refused[2] ? `HTTP ${refused[2]}` : (refused[3] ?? 'refused');
    return {
      kind: 'operation-refused',
      subject: operation ? `${operation} ${status}` : status,
      operations: operation ? [operation] : [],
    };
  }
  const helper = HELPER.map((pattern) => pattern.exec(text)?.[1]).find(Boolean);
  if (helper) return { kind: 'helper-missing', subject: helper, operations: [helper] };
  if (NO_TRIGGER.test(text)) return { kind: 'no-trigger' };
  if (NO_EVENTS.test(text)) return { kind: 'no-events' };
  const event = EVENT_TYPE.exec(text);
  if (event) return { kind: 'event-never-came', subject: event[1] ?? event[2] ?? event[3] };
  if (ANY_SN_EVENT.test(text)) return { kind: 'event-never-came', subject: SN_EVENT };
  // Any other undecided check: a state of the world the run found made its effect unobservable.
  if (check.undecided) return { kind: 'world', subject: oneLine(check.undecided.clear, DETAIL_LIMIT) };
  return undefined;
}

/** The cause in the user's terms (one line) and what would decide its checks when no check says it. */
function wordsOf(reading: Reading, first: CheckResult): { title: string; decide: string } {
  const { subject = '' } = reading;
  const operations = reading.operations?.join(', ') ?? '';
  switch (reading.kind) {
    case 'peer-unreachable':
      return subject === 'none given'
        ? {
            title: 'No second identity (the peer) was given: the checks that act as another user',
            decide:
              'pass --peer-token TOKEN (another account) or --peer-self-id ID (another login the token serves)',
          }
        : {
            title: `The peer identity is unreachable: ${subject}`,
            decide:
              'a peer the server serves as another account: --peer-token of another account, or a server that honours Satori-User-ID / X-Self-ID for each login it serves',
          };
    case 'operation-refused':
      return {
        title: `${operations || 'An operation'} refuses every request, the complete valid one too (${subject.replace(/^[a-z.]+ /, '')})`,
        decide: `a server change: ${operations || 'the operation'} accepting a complete valid request (§4), or left out of login.features`,
      };
    case 'helper-missing':
      return {
        title: `A helper operation is missing: ${subject} (the checks need it to set up what they judge)`,
        decide: `a server change: ${subject} offered in login.features and making what the checks act on, or a subject the run may use (--guild, --channel)`,
      };
    case 'event-never-came':
      return subject === SN_EVENT
        ? {
            title: 'No event with an sn came when the checks needed one',
            decide: 'a server that delivers events with sn (§6) for message.create and message.update',
          }
        : {
            title: `No ${subject} event came during the run`,
            decide: `a server that emits ${subject} (§6), or a trigger that causes it (--trigger-url, --trigger-command)`,
          };
    case 'no-trigger':
      return {
        title: 'No trigger: nothing can cause incoming events (requests, guild and member changes)',
        decide: 'pass --trigger-url URL or --trigger-command CMD (docs/checking-a-server.md)',
      };
    case 'no-events':
      return {
        title: /--events none/.test(first.reason ?? '')
          ? 'No event stream: events are off (--events none)'
          : 'No event stream: it could not be opened, or it delivered nothing all run',
        decide: 'pass --events ws (and --events-url) or --events webhook, with a handshake that works',
      };
    case 'quota':
      return {
        title: 'The platform quota stopped the run before these checks ran or finished',
        decide:
          'raise --run-timeout, pass --rate-limit so that the checker paces itself, or raise the quota on the platform',
      };
    case 'world':
      return {
        title: `The world the run found hides the effect: ${oneLine(first.undecided?.state ?? '', 120)}`,
        decide: subject,
      };
    case 'not-offered':
      return {
        title: 'Not offered by the login: login.features omits their operations (not counted, not blamed)',
        decide:
          'nothing, if the platform lacks them; list an operation in login.features once it is implemented',
      };
  }
}

/** Skip reasons the checker writes for a capability not given (src/runner/run.ts, src/run-steps.ts). */
const CANNED = [
  PEER_NOT_GIVEN,
  /^needs a trigger to cause incoming events\b/,
  /^needs an event stream: events are off\b/,
];

const keyOf = (reading: Reading): string => `${reading.kind}\u0000${reading.subject ?? ''}`;

/**
 * The causes of a run's skipped checks, the one holding the most first. `run` gives the verdict's level
 * (how many of each cause's checks are counted).
 */
export function findUndecidedCauses(
  checks: readonly CheckResult[],
  run: Pick<RunResult, 'level' | 'includeExperimental'>,
): UndecidedCause[] {
  const grouped = new Map<string, { reading: Reading; checks: CheckResult[] }>();
  for (const check of checks) {
    const reading = readingOf(check);
    if (!reading) continue;
    const group = grouped.get(keyOf(reading)) ?? { reading, checks: [] };
    group.checks.push(check);
    grouped.set(keyOf(reading), group);
  }
  const causes: UndecidedCause[] = [];
  for (const { reading, checks: held } of grouped.values()) {
    const [first] = held;
    const { title, decide } = wordsOf(reading, first);
    const clears = new Set(held.map((check) => check.undecided?.clear));
    const [clear] = clears.size === 1 ? clears : [undefined];
    const operations = [
      ...new Set(held.flatMap((check) => readingOf(check)?.operations ?? reading.operations ?? [])),
    ].sort();
    // A missing capability's reason is the checker's own words, the title says it: no detail.
    const canned = CANNED.some((pattern) => pattern.test(first.reason ?? '')) || first.notOffered;
    const said = canned ? undefined : (first.undecided?.state ?? first.reason);
    causes.push({
      id: reading.kind,
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
    (a, b) => b.checkIds.length - a.checkIds.length || ORDER.indexOf(a.id) - ORDER.indexOf(b.id),
  );
}
