/**
 * The engine: runs selected checks with bounded concurrency, skips those whose capabilities are missing,
 * then undoes the ledger (also when interrupted).
 */

import { getMaxListeners, setMaxListeners } from 'node:events';
import { tr } from '../i18n/index.js';
import { Admission } from './admission.js';
import { type CheckDefinition, operationsUnderTest } from './check.js';
import { AdmittedCheck, claimsOf } from './check-scheduling.js';
import { CleanupWhileRunning, ListGuard } from './cleanup-while-running.js';
import type { SlotLimit } from './concurrency.js';
import type { CheckEnvironment, ExecuteOptions } from './context/environment.js';
import { describedCheck } from './context/outcome.js';
import { executeCheck } from './context.js';
import type { Hold } from './holds.js';
import type { CheckResult, CleanupRecord } from './model.js';
import { deferred, leadOf, shuffledOrder, startOrder } from './order.js';
import { needsQuietChannel, QUIET_CHANNEL_OWNER, QuietChannel } from './quiet-channel.js';
import { findCreated, undoEntry } from './undo.js';

export interface Capabilities {
  peer: boolean;
  allowDestructive: boolean;
  /**
   * The operations the login declares in `features` (de-facto Login), when it declares any: a check of an
   * operation outside them is not offered (neither counted nor blamed). Absent: every operation is offered.
   */
  features?: ReadonlySet<string>;
}

export interface EngineOptions {
  concurrency: number;
  /** A limit that moves during the run (adaptive concurrency); else `concurrency` slots. */
  limit?: SlotLimit;
  /** Default per-check timeout (check.timeoutMs overrides). */
  checkTimeoutMs: number;
  capabilities: Capabilities;
  signal?: AbortSignal;
  /** false only in the safety self-test, to prove the ledger matters. */
  cleanup?: boolean;
  onCheckStart?: (check: CheckDefinition) => void;
  onCheckResult?: (result: CheckResult, progress: { done: number; total: number }) => void;
  /**
   * Why the run stops early when it is not a signal (run deadline, unresponsive target): checks not
   * started then are reported as skipped with this reason.
   */
  stopReason?: () => string | undefined;
  /**
   * The run stopped because a wait for quota would have ended past its deadline (stopReason says so):
   * the checks it cut short are skips, not errors, and the run has no verdict.
   */
  stoppedForQuota?: () => boolean;
  /** How long to wait for checks still running after a stop (default 12 s). */
  stragglerGraceMs?: number;
  /** Cleanup budget (default 60 s). */
  cleanupBudgetMs?: number;
  /**
   * Work for the run's idle time (compiling what the after phase will need): started once, when a slot is
   * free and no check waits for one, if that happens before the after phase.
   */
  idleWork?: () => Promise<unknown>;
  /** Called when the cleanup starts (the run's phase). */
  onCleanupStart?: () => void;
  /** Shuffles the order checks start in (--seed); absent: the fixed order (startOrder). */
  seed?: number;
}

export interface EngineOutcome {
  results: CheckResult[];
  /**
   * Per check, the time it spent waiting for a slot or a hold after it had started (behind other checks):
   * its duration less this is its own time (the bench's floor).
   */
  queuedMs: Record<string, number>;
  /** Per check and hold, how long it held it alone and shared (its own time: the bench's floor). */
  heldMs: Record<string, HeldMs>;
  cleanup: CleanupRecord[];
  interrupted: boolean;
}

/** Per hold, the time held alone and the time held shared. */
export type HeldMs = Partial<Record<Hold, { alone: number; shared: number }>>;

/** Said in English in every language: the undecided causes know a missing peer by these words. */
export const PEER_MISSING = 'needs a second identity: pass --peer-token or --peer-self-id';
/** The skip of a check that changes data the checker did not create, in the run's language. */
export const destructiveMissing = (): string =>
  tr`changes data the checker did not create: pass --allow-destructive to run it (on a test server only)`;
/** The same skip in English (outside a run). */
export const DESTRUCTIVE_MISSING = destructiveMissing();

/** The skip reason when a needed capability is missing, else undefined. */
export function missingCapability(
  check: CheckDefinition,
  env: CheckEnvironment,
  capabilities: Capabilities,
): string | undefined {
  for (const need of check.needs ?? []) {
    if (need === 'peer' && !capabilities.peer) return PEER_MISSING;
    // A peer given but not proven another account (peer.ts) still names a user the bot may act on (read its
    // member record, open a direct channel, give it a role); only an act AS the peer is undecided, at the
    // call (context/calls.ts), with what came back — never a fail.
    if (need === 'events' && !env.source) return env.eventsUnavailableReason;
    if (need === 'trigger' && !env.trigger) return env.triggerUnavailableReason;
    if (need === 'destructive' && !capabilities.allowDestructive) return destructiveMissing();
  }
  return undefined;
}

/**
 * The reason a check is not offered by the login (login.features omits an operation it judges), else
 * undefined. Only an operation under test counts (`operationsUnderTest`): a helper the login does not
 * offer is not sent, and the check works another way or is undecided naming it (context/calls.ts).
 */
export function notOfferedReason(
  check: Pick<CheckDefinition, 'operations' | 'helpers'>,
  capabilities: Partial<Capabilities>,
): string | undefined {
  const { features } = capabilities;
  if (!features) return undefined;
  const lacking = [...operationsUnderTest(check)].filter((operation) => !features.has(operation));
  return lacking.length > 0
    ? tr`not offered: login.features omits ${lacking.join(', ')} (not counted, not blamed)`
    : undefined;
}

const EVENTS_UNDECIDED = (reason: string) => ({
  state: tr`the event stream delivered nothing: ${reason.replace(/^needs an event stream, but /, '')}`,
  clear: tr`fix the event transport (--events-url, --header, the IDENTIFY/READY handshake, or the webhook registration), or leave events out with --events none`,
  signature: { kind: 'transport' as const },
});

const skipped = (check: CheckDefinition, reason: string): CheckResult => ({
  ...describedCheck(check),
  status: 'skip',
  reason,
  durationMs: 0,
});

/** Who created what variant detection created (before any check): in the ledger and the cleanup report. */
export const VARIANT_DETECTION = 'variant detection';

/**
 * How long the cleanup waits for checks that still run after a timeout or an interruption: a request in
 * flight may be creating something the check is about to track. Bounded by the request timeout.
 */
const STRAGGLER_GRACE_MS = 12_000;

/**
 * Schedules the checks (issue 11): each starts as soon as a slot is free and its holds are compatible
 * with what runs (holds.ts), those with deliberate waits first; an `exclusive` check runs with nothing
 * else; the 'after' phase runs together once every other check has ended. Then the cleanup undoes the
 * ledger (a holder undoes what the next holder must not see itself, before it ends).
 */
export function executeChecks(
  checks: readonly CheckDefinition[],
  env: CheckEnvironment,
  options: EngineOptions,
): Promise<EngineOutcome> {
  return new Engine(checks, env, options).execute();
}

/** One run of the engine: its checks' results, their admission and what is cleaned up meanwhile. */
class Engine {
  readonly #results = new Map<string, CheckResult>();
  readonly #queuedMs: Record<string, number> = {};
  readonly #heldMs: Record<string, HeldMs> = {};
  /** Checks still running after a timeout or an interruption (the cleanup waits for them a while). */
  readonly #stragglers: Promise<unknown>[] = [];
  readonly #admission: Admission;
  readonly #quiet: QuietChannel;
  readonly #lists = new ListGuard();
  readonly #cleaningMeanwhile?: CleanupWhileRunning;
  readonly #cleanupBudgetMs: number;
  /** The quiet channel is needed until its last user ends (or is skipped). */
  #quietUsers: number;
  /** A check starts after the selected checks it names in startsAfter have ended (check.ts). */
  readonly #ended: Map<string, ReturnType<typeof deferred>>;

  constructor(
    private readonly checks: readonly CheckDefinition[],
    private readonly env: CheckEnvironment,
    private readonly options: EngineOptions,
  ) {
    this.#admission = new Admission(options.limit ?? Math.max(1, options.concurrency), options.signal);
    // Each running check listens to the run's signal, and checks waiting for an event hold no slot: more
    // than --concurrency may listen at once (at most every check), which is no leak.
    // Never lowered: failures confirmed alone run the engine again on the same signal (confirm.ts).
    if (options.signal)
      setMaxListeners(Math.max(getMaxListeners(options.signal), checks.length + 10), options.signal);
    this.#cleanupBudgetMs = options.cleanupBudgetMs ?? 60_000;
    this.#quiet = new QuietChannel(env);
    env.missedEvents ??= new Map();
    this.#cleaningMeanwhile =
      options.cleanup !== false
        ? new CleanupWhileRunning(
            env.ledger,
            this.#admission,
            this.#lists,
            undoEntry(env),
            // An undo and its read-back, with what the quota may make them wait.
            () => this.#cleanupBudgetMs + quotaReserveMs(env, 2),
          )
        : undefined;
    this.#cleaningMeanwhile?.ended(VARIANT_DETECTION);
    this.#quietUsers = checks.filter(needsQuietChannel).length;
    this.#ended = new Map(checks.map((check) => [check.id, deferred()]));
  }

  async execute(): Promise<EngineOutcome> {
    const main = this.checks.filter((check) => check.phase !== 'after');
    const after = this.checks.filter((check) => check.phase === 'after');
    const mainOver = new AbortController();
    this.#startIdleWork(mainOver.signal);
    const { seed } = this.options;
    await Promise.all(
      (seed === undefined ? startOrder(main) : shuffledOrder(main, seed)).map(({ check, priority }) =>
        this.#runOne(check, priority),
      ),
    );
    mainOver.abort();
    const cleanup = new EngineCleanup(this.env, this.options, this.#cleanupBudgetMs, this.#stragglers);
    // Deletes under way finish meanwhile (the cleanup below leaves what they take with them to them).
    const cleanedWhileRunning = this.#cleaningMeanwhile?.stop() ?? Promise.resolve([]);
    if (!this.#interrupted() && !this.options.stopReason?.() && after.length > 0) {
      // What the other checks created is needed no more: it is undone while the after phase runs (whose
      // checks read the run's events, and may cause a few more; theirs are undone next).
      cleanup.startMainPass();
      await Promise.all(after.map((check, index) => this.#runOne(check, index)));
    }
    await settleWithin(this.#stragglers, this.options.stragglerGraceMs ?? STRAGGLER_GRACE_MS);
    this.#reportNotRun();
    this.options.onCleanupStart?.();
    return {
      results: this.checks.flatMap((check) => this.#results.get(check.id) ?? []),
      queuedMs: this.#queuedMs,
      heldMs: this.#heldMs,
      cleanup: await cleanup.finish(cleanedWhileRunning),
      interrupted: this.#interrupted(),
    };
  }

  #interrupted = () => this.options.signal?.aborted === true;

  /** Work for the run's idle time (EngineOptions.idleWork), started once a slot is free and nobody waits. */
  #startIdleWork(mainOver: AbortSignal): void {
    const { idleWork } = this.options;
    if (!idleWork) return;
    const request = {
      claims: [],
      slot: true,
      priority: Number.MAX_SAFE_INTEGER,
      start: true,
      signal: mainOver,
    };
    this.#admission
      .request(request)
      .then(() => {
        this.#admission.release([], true);
        this.#admission.finished(false);
        void idleWork();
      })
      .catch(() => undefined);
  }

  /**
   * A check cut short because the run stopped for the quota (a wait for the target's rate limit would
   * have ended past the deadline) did not finish: a skip that says why, not an error of the target.
   */
  #cutShortByQuota(result: CheckResult): CheckResult {
    const stopped = this.options.stopReason?.();
    if (!stopped || !this.options.stoppedForQuota?.() || result.status !== 'error') return result;
    if (result.reason !== tr`the run stopped before the check finished: ${stopped}`) return result;
    return { ...result, status: 'skip', reason: `not finished: ${stopped}` };
  }

  /** Checks never started because the run stopped early are reported as skipped, with the reason. */
  #reportNotRun(): void {
    const stopped = this.options.stopReason?.();
    if (!stopped) return;
    for (const check of this.checks)
      if (!this.#results.has(check.id))
        // A stop for the quota is said in English: the causes group its checks by these words.
        this.#results.set(
          check.id,
          skipped(check, this.options.stoppedForQuota?.() ? `not run: ${stopped}` : tr`not run: ${stopped}`),
        );
  }

  async #runOne(check: CheckDefinition, priority: number): Promise<void> {
    try {
      await Promise.all((check.startsAfter ?? []).map((id) => this.#ended.get(id)?.promise));
      await this.#runAdmitted(check, priority);
    } finally {
      this.#ended.get(check.id)?.resolve();
    }
  }

  async #runAdmitted(check: CheckDefinition, priority: number): Promise<void> {
    const unrunnable = this.#unrunnable(check);
    if (unrunnable) {
      this.#record(check, unrunnable);
      this.#quietUserDone(check);
      return;
    }
    let alone = check.exclusive === true;
    if (!alone && needsQuietChannel(check) && !(await this.#quiet.ready())) {
      // No scratch channel: the sandbox channel, with nothing else running (holds.ts), late in the run.
      alone = true;
      priority = Number.MAX_SAFE_INTEGER - 1;
    }
    const claims = claimsOf(check);
    const lead = leadOf(check);
    try {
      await this.#admission.request({
        claims,
        slot: true,
        priority,
        start: true,
        alone,
        ...(lead ? { lead } : {}),
      });
    } catch {
      if (lead) this.#admission.led(lead);
      return; // interrupted before it started: reported as not run
    }
    const admitted = new AdmittedCheck(
      check,
      claims,
      this.#admission,
      this.#lists,
      (wait) => this.#queued(check, wait),
      lead,
      (hold, mode, ms) => this.#heldTime(check, hold, mode, ms),
    );
    try {
      this.options.onCheckStart?.(check);
      const result = await executeCheck(check, this.env, this.#executeOptions(check, admitted));
      this.#record(check, result);
      if (result.status !== 'error') this.#cleaningMeanwhile?.ended(check.id);
    } finally {
      this.#quietUserDone(check);
      admitted.end(alone);
    }
  }

  /** A skip result when the check cannot run here (not offered by the login, a capability missing). */
  #unrunnable(check: CheckDefinition): CheckResult | undefined {
    const notOffered = notOfferedReason(check, this.options.capabilities);
    if (notOffered) return { ...skipped(check, notOffered), notOffered: true };
    const missing = missingCapability(check, this.env, this.options.capabilities);
    if (!missing) return undefined;
    // The stream asked for did not open: what the event checks would judge is unknown (issue 32).
    if (this.env.eventsBroken && missing === this.env.eventsUnavailableReason)
      return { ...skipped(check, missing), undecided: EVENTS_UNDECIDED(this.env.eventsUnavailableReason) };
    return skipped(check, missing);
  }

  #executeOptions(check: CheckDefinition, scheduling: AdmittedCheck): ExecuteOptions {
    const quietChannelId = needsQuietChannel(check) ? this.#quiet.channelId : undefined;
    return {
      timeoutMs: check.timeoutMs ?? this.options.checkTimeoutMs,
      signal: this.options.signal,
      onSettled: (settled) => this.#stragglers.push(settled),
      ...(quietChannelId ? { sandbox: { ...this.env.sandbox, channelId: quietChannelId, quiet: true } } : {}),
      scheduling,
    };
  }

  /** A hold given back: how long the check held it, in that mode, adds to its own (heldMs). */
  #heldTime(check: CheckDefinition, hold: Hold, mode: 'alone' | 'shared', ms: number): void {
    const ofCheck = this.#heldMs[check.id] ?? {};
    this.#heldMs[check.id] = ofCheck;
    const held = ofCheck[hold] ?? { alone: 0, shared: 0 };
    ofCheck[hold] = held;
    held[mode] += ms;
  }

  /** Waits for an admission of a running check, counting the time as queued. */
  async #queued(check: CheckDefinition, admitted: Promise<void>): Promise<void> {
    const from = performance.now();
    try {
      await admitted;
    } finally {
      this.#queuedMs[check.id] = (this.#queuedMs[check.id] ?? 0) + (performance.now() - from);
    }
  }

  #quietUserDone(check: CheckDefinition): void {
    if (needsQuietChannel(check) && --this.#quietUsers === 0)
      this.#cleaningMeanwhile?.ended(QUIET_CHANNEL_OWNER);
  }

  #record(check: CheckDefinition, cut: CheckResult): void {
    const result = this.#cutShortByQuota(cut);
    this.#results.set(check.id, result);
    this.options.onCheckResult?.(result, { done: this.#results.size, total: this.checks.length });
  }
}

/**
 * The cleanup at the end of a run: a first pass while the after phase runs (what the other checks
 * created), then the rest; one budget for both, from the start of the first.
 */
class EngineCleanup {
  #mainPass: Promise<CleanupRecord[]> = Promise.resolve([]);
  #started?: number;
  /** A short burst of independent deletes (a run leaves ~100, most of them messages): a few round trips. */
  readonly #concurrency: number;

  constructor(
    private readonly env: CheckEnvironment,
    private readonly options: EngineOptions,
    private readonly budgetMs: number,
    private readonly stragglers: Promise<unknown>[],
  ) {
    this.#concurrency = 4 * Math.max(1, options.concurrency);
  }

  get #enabled(): boolean {
    return this.options.cleanup !== false;
  }

  startMainPass(): void {
    if (!this.#enabled) return;
    this.#mainPass = settleWithin(this.stragglers, this.options.stragglerGraceMs ?? STRAGGLER_GRACE_MS).then(
      () => {
        this.#started = performance.now();
        return undoLedger(this.env, this.budgetMs, { concurrency: this.#concurrency, final: false });
      },
    );
  }

  async finish(cleanedWhileRunning: Promise<CleanupRecord[]>): Promise<CleanupRecord[]> {
    const undoneMeanwhile = await this.#mainPass;
    if (!this.#enabled) return [];
    const spent = performance.now() - (this.#started ?? performance.now());
    const budgetLeft = Math.max(1_000, Math.round(this.budgetMs - spent));
    return [
      ...(await cleanedWhileRunning),
      ...undoneMeanwhile,
      ...(await undoLedger(this.env, budgetLeft, { concurrency: this.#concurrency })),
    ];
  }
}

/** Undoes every ledger entry through the interface or the trigger (never with the aborted run signal). */
export function undoLedger(
  env: CheckEnvironment,
  budgetMs = 60_000,
  options: { concurrency?: number; final?: boolean } = {},
): Promise<CleanupRecord[]> {
  // Cleanup gets its own chance even when the checks declared the target unresponsive.
  env.client.resumeForCleanup();
  // Its own reserve of time for the quota its undos need: none is left behind for a rate limit.
  const reserve = quotaReserveMs(env, env.ledger.pending().length);
  return env.ledger.undoAll(undoEntry(env), {
    budgetMs: budgetMs + reserve,
    find: findCreated(env),
    ...options,
  });
}

/** The longest reserve of time the cleanup takes for the quota (a Retry-After of an hour is not waited). */
const QUOTA_RESERVE_MAX_MS = 5 * 60_000;

/** The time `requests` undos may wait for quota (own budget, the target's windows), within the cap. */
const quotaReserveMs = (env: CheckEnvironment, requests: number): number =>
  Math.min(QUOTA_RESERVE_MAX_MS, env.client.pacer.quotaMsFor(requests));

async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), deadline]);
  clearTimeout(timer);
}
