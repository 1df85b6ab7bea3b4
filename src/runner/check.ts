/**
 * The API a check is written against. A suite file default-exports its checks under its group:
 *   export default defineSuite('messages', [defineCheck({ id, title, level, rules, operations, async run(t) { … } })]);
 * Rule ids and operation paths are typed from the catalogues (spec/rules.ts, spec/catalogue.ts): a typo
 * fails to compile. The runner implements CheckContext (src/runner/context.ts).
 */
import type { OperationId } from '../../spec/catalogue.js';
import type { RuleId } from '../../spec/rules.js';
import type { StreamTarget } from '../events/source.js';
import type { CallOptions, CallResult, ObservedEvent } from '../wire.js';
import type { Hold } from './holds.js';
import type { Capability, Group, Identity, Level, RunResult, Signature } from './model.js';
import type { PartialSignature } from './signature.js';

export type { CallOptions, CallResult, ObservedEvent } from '../wire.js';

export interface CheckDefinition {
  /** Stable, kebab-case, '<operation|area>/<what>', e.g. 'message.list/limit-above-bound-is-clamped'. */
  id: string;
  title: string;
  level: Level;
  /** Rule ids from spec/rules.ts. */
  rules: string[];
  group: Group;
  /** Operation paths the check exercises, e.g. ['message.list']. */
  operations: string[];
  /**
   * Those of `operations` the check only uses to set up or to observe (e.g. channel.create for a fresh
   * channel to mute, channel.get to read back an update), not under test (`operationsUnderTest`). Any call
   * of an operation not under test, listed or not, is a helper call (src/runner/context/calls.ts): one the
   * login does not offer is not sent, one refused or unserved leaves the check undecided naming it — never
   * a failure, a pass or "not offered".
   */
  helpers?: string[];
  /** True when an operation under test is experimental (§1 rule 3); reported apart. */
  experimental?: boolean;
  needs?: Capability[];
  /** 'satori': a de-facto convention check, not run under --profile strict. Default 'spec'. */
  profile?: 'spec' | 'satori';
  /** Run only when the target follows this variant of a §4.8 point, e.g. { point: 'role-payload', value: 'role' }. */
  variant?: { point: string; value: string };
  /** Per-check timeout override in ms. */
  timeoutMs?: number;
  /**
   * The operations a generic check chooses among at run time (suites/_lib/served.ts): it judges each it
   * calls, as if under test, but the login not offering one never makes the check "not offered".
   */
  probes?: readonly string[];
  /**
   * What the check must have to itself while it runs (src/runner/holds.ts): no other check that holds or
   * shares one of these runs meanwhile. Everything else runs concurrently with it.
   */
  holds?: readonly Hold[];
  /** What the check relies on but may share with other sharers, never with a holder (holds.ts). */
  shares?: readonly Hold[];
  /**
   * What the check holds only at times, taken with t.acquire when it needs it (e.g. an event check that
   * causes an event through the trigger only when the run observed none), kept until it ends.
   */
  acquires?: readonly Hold[];
  /**
   * The deliberate waiting the check does, in ms (e.g. a mute window it must wait out): such checks start
   * first, and the bench counts it in the run's floor.
   */
  waitsMs?: number;
  /**
   * Runs with nothing else in flight. The last resort, for a check whose observations any other check
   * could disturb; prefer `holds`.
   */
  exclusive?: boolean;
  /**
   * Checks (ids) this one starts after, when they are selected, in any order the run picks (--seed): they
   * need a state this check's effect can leave for good (e.g. a guild joined through an invitation that
   * the trigger cannot make the bot leave), so they observe it first.
   */
  startsAfter?: readonly string[];
  /**
   * 'after': runs once every other check has ended (together with the other 'after' checks), e.g. to judge
   * every event the whole run observed (the event suites' per-type validation).
   */
  phase?: 'after';
  /**
   * Why a server that does nothing (answers every operation alike) does satisfy this check's narrow claim,
   * e.g. "operations answer POST with named fields": the vacuity matrix (npm run faults) allows it to pass
   * there; every other check must not. Listed by `conformance list`.
   */
  vacuousPassReason?: string;
  run(t: CheckContext): Promise<void>;
}

/** The operations a check judges: its `operations` less its `helpers`. */
export const operationsUnderTest = (check: Pick<CheckDefinition, 'operations' | 'helpers'>): Set<string> => {
  const helpers = new Set(check.helpers ?? []);
  return new Set(check.operations.filter((operation) => !helpers.has(operation)));
};

/** A check as a suite file writes it: cited ids typed from the catalogues, the group left to defineSuite. */
export interface CheckSpec extends Omit<CheckDefinition, 'group' | 'rules' | 'operations' | 'helpers'> {
  rules: RuleId[];
  operations: OperationId[];
  helpers?: OperationId[];
}

/** A check of a suite file; with a group, a standalone check (a test's) that needs no defineSuite. */
export function defineCheck(check: CheckSpec & { group: Group }): CheckDefinition;
export function defineCheck(check: CheckSpec): CheckSpec;
export function defineCheck(check: CheckSpec & { group?: Group }): CheckSpec | CheckDefinition {
  return check;
}

/** The checks of one suite file, each given the file's group (said once, not in every check). */
export function defineSuite(group: Group, checks: readonly CheckSpec[]): CheckDefinition[] {
  return checks.map((check) => {
    const own = (check as Partial<CheckDefinition>).group;
    if (own !== undefined && own !== group) {
      throw new Error(`${check.id}: group '${own}' in a suite of group '${group}' (leave it to defineSuite)`);
    }
    const stray = (check.helpers ?? []).filter((helper) => !check.operations.includes(helper));
    if (stray.length > 0)
      throw new Error(`${check.id}: helpers ${stray.join(', ')} are not among its operations`);
    return { ...check, group };
  });
}

/**
 * The sandbox the run works in: discovered (guild.list → a guild, channel.list → a text channel) or given;
 * report.json's `sandbox` (generated from its schema), and what one check sees of it.
 */
export interface Sandbox extends NonNullable<RunResult['sandbox']> {
  /**
   * Set for a check that shares 'quiet-channel' when channelId is the run's quiet channel: a channel the
   * run created, where nobody posts while its readers run (holds.ts).
   */
  quiet?: boolean;
}

/** A created thing the ledger will delete at the end of the run (in reverse order). */
export interface LedgerEntry {
  kind: string;
  /** Human description, e.g. 'message 123 in channel 4'. */
  label: string;
  /**
   * The operation and fields that undo it, e.g. ['message.delete', { channel_id, message_id }], or
   * ['trigger:<event>', payload] to undo through the trigger. A successful call of the same operation
   * with the same fields during the run settles the entry (nothing left to undo).
   */
  undo: [operation: string, fields: Record<string, unknown>];
  /**
   * Another call that settles the entry when it succeeds (its fields must match), e.g. any answer to a
   * request, approve true or false, where the undo answers false.
   */
  settledBy?: [operation: string, fields: Record<string, unknown>];
  as?: Identity;
  /**
   * What to do on the platform when no operation of the interface undoes it (an undo through the trigger,
   * or an operation the server does not serve): left-behind.sh says it as a comment (issue 43 item 4).
   */
  byHand?: string;
  /**
   * Why the run is not sure it obtained what it tracks (e.g. the bot may not have joined the guild): when
   * its undo fails, the cleanup says so rather than calling it left behind.
   */
  unproven?: string;
  /**
   * Undone only by the final cleanup, not by the pass that runs beside the after phase: the run needs it
   * until its last check (the webhook registration its events arrive through).
   */
  atEnd?: true;
}

export interface EventsApi {
  /** Whether an event stream is connected for this run. */
  readonly available: boolean;
  /**
   * Waits for the first event (received after `since`, default: the check's start) that matches, or
   * fails the check after the event timeout (--event-timeout) with `what` as the expectation.
   */
  waitFor(
    predicate: (event: ObservedEvent) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<ObservedEvent>;
  /** Every event observed so far in the run. */
  all(): ObservedEvent[];
  /** A marker to pass as `since`-style cursor: events after this index. */
  mark(): number;
  since(mark: number): ObservedEvent[];
  /**
   * Like waitFor, but resolves undefined after the timeout instead of failing the check: for preconditions
   * whose absence makes a check skip rather than fail.
   */
  tryWaitFor(
    predicate: (event: ObservedEvent) => boolean,
    timeoutMs?: number,
    options?: {
      /**
       * Not ended by the run's interruption, only by the timeout: for the event that tells what the check
       * set in motion (e.g. the id of a triggered request, so that the cleanup can answer it).
       */
      untilTimeout?: boolean;
      /**
       * The type of the event waited for: a wait in vain is remembered for the run (`missedBy`), so that
       * a later check does not cause the same event and wait for it again.
       */
      type?: string;
    },
  ): Promise<ObservedEvent | undefined>;
  /** The check of this run that caused an event of `type` and waited for it in vain, if any. */
  missedBy(type: string): string | undefined;
  /** The event timeout of the run (--event-timeout): the default wait of waitFor and tryWaitFor, in ms. */
  readonly timeoutMs: number;
  /** How the run receives events, for checks of the transport itself (CONV-WS-*, CONV-WEBHOOK). */
  readonly transport?: EventTransport;
}

/** The run's event transport: enough for a check to open probe connections of its own. */
export interface EventTransport extends StreamTarget {
  kind: 'ws' | 'webhook';
  /** WebSocket: the READY body the run's connection received. */
  ready?: Record<string, any>;
}

/** What the user told the run about the target, for checks that cannot learn it from the wire. */
export interface CheckConfig {
  /** The target's upper bound of message.list limit (--limit-bound; §8.2 leaves it unstated). */
  limitBound?: number;
  /** Whether the run authenticates with a token (checks of refused auth need one to compare with). */
  hasToken: boolean;
  /** Emoji ids valid on the target for reaction checks (--emoji), at least two. */
  emoji: readonly string[];
  /**
   * false: a peer is given but the run could not prove it another account (src/runner/peer.ts), so its
   * acts would not be its own; a check that can do without them leaves them out (a `{ as: 'peer' }` call
   * would end it undecided). Absent: the peer acts as itself, or there is none (sandbox.peerId says).
   */
  peerActs?: false;
  /**
   * The operations the login declares in `features`, when it declares any: a check does not call a helper
   * operation outside them (CheckDefinition.helpers). Absent: every operation is offered.
   */
  features?: ReadonlySet<string>;
}

/** How one check shares an observation (t.shared). */
export interface Sharing {
  /**
   * The observation's helper calls are ones this check can do without (CallOptions.fallback): their
   * refusal comes back to it, though another sharer needing them is left undecided by the same answer.
   */
  fallback?: boolean;
}

export interface CheckContext {
  readonly sandbox: Sandbox;
  /** Detected or chosen variants, e.g. { 'role-payload': 'data' }. */
  readonly variants: Readonly<Record<string, string>>;
  readonly config: CheckConfig;
  readonly signal: AbortSignal;
  readonly events: EventsApi;
  /** Sends POST {base}/<operation> with JSON fields; records the exchange as evidence. Never throws on HTTP status. */
  call<T = any>(
    operation: string,
    fields?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CallResult<T>>;
  /**
   * An observation made once per run and judged by several checks (e.g. one mute cycle of the peer, judged
   * for its refusal, its status and its unmute): the first check to ask runs `observe` with a context that
   * records its exchanges and may not assert; every check that shares it gets those exchanges as evidence.
   * A failure of `observe` (a skip, an error) is every sharer's. Each sharer judges the observation's
   * helper calls as its own; `sharing.fallback`: this check can do without them (CallOptions.fallback).
   */
  shared<T>(key: string, observe: (t: CheckContext) => Promise<T>, sharing?: Sharing): Promise<T>;
  /** Registers something the check created so that it is deleted at the end of the run, whatever happens. */
  track(entry: LedgerEntry): void;
  /** Asks the trigger (control endpoint / --trigger-url / --trigger-command) to cause an event. */
  trigger(event: string, payload?: Record<string, unknown>): Promise<unknown>;
  /** Counts as an assertion; on false the check fails with expected/observed (and what was seen as data). */
  expect(
    condition: unknown,
    expected: string,
    observed?: unknown,
    signature?: PartialSignature,
  ): asserts condition;
  /** Asserts a 2xx status (any body accepted for operations with no stated return, §4.8). */
  expectOk(result: CallResult, what: string): void;
  /** Validates `value` against a schema by name (e.g. 'Message', 'List<Channel>'); fails with the problems. */
  expectSchema(schema: string, value: unknown, what: string): void;
  /**
   * The problems of `value` against a schema by name, as messages, without failing: for checks that
   * judge many values at once (e.g. every event of the run) and report them together.
   */
  schemaProblems(schema: string, value: unknown): string[];
  /**
   * At least this long is left before the check times out (ms; its clock may pause for quota waits): the
   * bound of a wait that goes on while it sees progress, e.g. a slow replay.
   */
  timeLeftMs(): number;
  /** Ends the check as skipped, with the reason. */
  skip(reason: string): never;
  /**
   * Ends the check undecided: the state found (e.g. the bot already a member of the inviting guild) makes
   * its effect unobservable, and could not be restored nor a fresh subject found (docs/checking-a-server.md "Verdicts
   * that do not depend on history"). `state` says what was found, `clear` how the user clears it. Unlike a skip
   * it counts: the run ends NO VERDICT, never CONFORMS. `signature`: what was observed, as data (e.g. a
   * helper the login does not offer).
   */
  undecided(state: string, clear: string, signature?: Signature): never;
  /** Records an observation in the evidence (reported even on pass, e.g. the observed default limit). */
  note(text: string): void;
  /**
   * Gives back a hold the check declared (holds/shares) for a while, e.g. while it waits out a window in
   * which others may use it; `acquire` takes it back (it waits until the hold is free again): alone when the
   * check may hold it alone (holds, acquires), else shared; `mode` asks for one (shared: less than it may).
   */
  release(hold: Hold): void;
  acquire(hold: Hold, mode?: 'alone' | 'shared'): Promise<void>;
  /**
   * A deliberate wait (e.g. for a mute window to end, which no event announces): sends nothing, so the
   * check's slot serves other checks meanwhile. Ends early when the check is stopped.
   */
  wait(ms: number): Promise<void>;
}
