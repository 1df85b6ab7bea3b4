/**
 * The engine: runs selected checks with bounded concurrency, skips those whose capabilities are missing,
 * then undoes the ledger (also when interrupted).
 */

import { getMaxListeners, setMaxListeners } from 'node:events';
import { RequestError } from '../client/http.js';
import { Admission, type Claim, Lead } from './admission.js';
import type { CheckDefinition } from './check.js';
import { CleanupWhileRunning, ListGuard } from './cleanup-while-running.js';
import type { SlotLimit } from './concurrency.js';
import { type CheckEnvironment, executeCheck } from './context.js';
import { AlreadyAbsent, type Undo } from './ledger.js';
import type { CheckResult, CleanupRecord } from './model.js';

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
  cleanup: CleanupRecord[];
  interrupted: boolean;
}

export const PEER_MISSING = 'needs a second identity: pass --peer-token or --peer-self-id';
export const DESTRUCTIVE_MISSING =
  'changes data the checker did not create: pass --allow-destructive to run it (on a test server only)';

/** The skip reason when a needed capability is missing, else undefined. */
export function missingCapability(
  check: CheckDefinition,
  env: CheckEnvironment,
  capabilities: Capabilities,
): string | undefined {
  for (const need of check.needs ?? []) {
    if (need === 'peer' && !capabilities.peer) return PEER_MISSING;
    if (need === 'events' && !env.source) return env.eventsUnavailableReason;
    if (need === 'trigger' && !env.trigger) return env.triggerUnavailableReason;
    if (need === 'destructive' && !capabilities.allowDestructive) return DESTRUCTIVE_MISSING;
  }
  return undefined;
}

/** The reason a check is not offered by the login (login.features omits one of its operations), else undefined. */
export function notOfferedReason(check: CheckDefinition, capabilities: Capabilities): string | undefined {
  const { features } = capabilities;
  if (!features) return undefined;
  const lacking = check.operations.filter((operation) => !features.has(operation));
  return lacking.length > 0
    ? `not offered: login.features omits ${lacking.join(', ')} (not counted, not blamed)`
    : undefined;
}

const skipped = (check: CheckDefinition, reason: string): CheckResult => ({
  id: check.id,
  title: check.title,
  group: check.group,
  level: check.level,
  experimental: check.experimental ?? false,
  rules: [...check.rules],
  operations: [...check.operations],
  status: 'skip',
  reason,
  durationMs: 0,
});

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
export async function executeChecks(
  checks: readonly CheckDefinition[],
  env: CheckEnvironment,
  options: EngineOptions,
): Promise<EngineOutcome> {
  const results = new Map<string, CheckResult>();
  const queuedMs: Record<string, number> = {};
  /** Waits for an admission of a running check, counting the time as queued. */
  const queued = async (check: CheckDefinition, admitted: Promise<void>) => {
    const from = performance.now();
    try {
      await admitted;
    } finally {
      queuedMs[check.id] = (queuedMs[check.id] ?? 0) + (performance.now() - from);
    }
  };
  const stragglers: Promise<unknown>[] = [];
  const total = checks.length;
  const interrupted = () => options.signal?.aborted === true;
  const admission = new Admission(options.limit ?? Math.max(1, options.concurrency), options.signal);
  // Each running check listens to the run's signal, and checks waiting for an event hold no slot: more
  // than --concurrency may listen at once (at most every check), which is no leak.
  // Never lowered: failures confirmed alone run the engine again on the same signal (confirm.ts).
  if (options.signal)
    setMaxListeners(Math.max(getMaxListeners(options.signal), checks.length + 10), options.signal);
  const cleanupBudgetMs = options.cleanupBudgetMs ?? 60_000;
  const quiet = new QuietChannel(env);
  env.missedEvents ??= new Map();
  const lists = new ListGuard();
  const cleaningMeanwhile =
    options.cleanup !== false
      ? new CleanupWhileRunning(env.ledger, admission, lists, undoEntry(env), cleanupBudgetMs)
      : undefined;
  cleaningMeanwhile?.ended(VARIANT_DETECTION);
  // The quiet channel is needed until its last holder ends (or is skipped).
  const holdsQuiet = (check: CheckDefinition) =>
    check.phase !== 'after' && check.holds?.includes('quiet-channel') === true;
  let quietHolders = checks.filter(holdsQuiet).length;
  const quietHolderDone = (check: CheckDefinition) => {
    if (holdsQuiet(check) && --quietHolders === 0) cleaningMeanwhile?.ended(QUIET_CHANNEL_OWNER);
  };

  // A check starts after the selected checks it names in startsAfter have ended (check.ts).
  const ended = new Map(checks.map((check) => [check.id, deferred()]));
  const runOne = async (check: CheckDefinition, priority: number, alone: boolean) => {
    try {
      await Promise.all((check.startsAfter ?? []).map((id) => ended.get(id)?.promise));
      await runAdmitted(check, priority, alone);
    } finally {
      ended.get(check.id)?.resolve();
    }
  };

  const runAdmitted = async (check: CheckDefinition, priority: number, alone: boolean) => {
    const notOffered = notOfferedReason(check, options.capabilities);
    if (notOffered) {
      record(check, { ...skipped(check, notOffered), notOffered: true });
      quietHolderDone(check);
      return;
    }
    const missing = missingCapability(check, env, options.capabilities);
    if (missing) {
      record(check, skipped(check, missing));
      quietHolderDone(check);
      return;
    }
    const claims = claimsOf(check);
    const lead = isLead(check) ? new Lead([...(check.holds ?? []), ...(check.acquires ?? [])]) : undefined;
    try {
      await admission.request({
        claims,
        slot: true,
        priority,
        start: true,
        alone,
        ...(lead ? { lead } : {}),
      });
    } catch {
      if (lead) admission.led(lead);
      return; // interrupted before it started: reported below as not run
    }
    const held = new Map(claims.map((claim) => [claim.hold, claim]));
    let slot = true;
    let ended = false;
    try {
      if (!alone && check.holds?.includes('quiet-channel') && !(await quiet.ready())) {
        // No scratch channel: the sandbox channel, with nothing else running (holds.ts).
        admission.release([...held.values()], slot);
        admission.finished(false);
        slot = false;
        ended = true;
        held.clear();
        await runAdmitted(check, Number.MAX_SAFE_INTEGER - 1, true);
        return;
      }
      options.onCheckStart?.(check);
      const result = await executeCheck(check, env, {
        timeoutMs: check.timeoutMs ?? options.checkTimeoutMs,
        signal: options.signal,
        onSettled: (settled) => stragglers.push(settled),
        ...(check.holds?.includes('quiet-channel') && quiet.channelId
          ? { sandbox: { ...env.sandbox, channelId: quiet.channelId } }
          : {}),
        scheduling: {
          reading: (list) => lists.read(list, check.id),
          waitsDeliberately: () => {
            if (lead) admission.led(lead);
          },
          release(hold) {
            const claim = held.get(hold);
            if (!claim) return;
            held.delete(hold);
            admission.release([claim], false);
          },
          async acquire(hold, signal) {
            if (held.has(hold)) return;
            const mode =
              check.holds?.includes(hold) || check.acquires?.includes(hold)
                ? 'alone'
                : check.shares?.includes(hold)
                  ? 'shared'
                  : undefined;
            if (!mode) throw new Error(`${check.id} acquires '${hold}', which it does not declare`);
            const claim: Claim = { hold, mode };
            // Never wait for a hold while keeping a slot: its holder may need a slot to finish.
            await this.idle(
              () =>
                queued(
                  check,
                  admission.request({ claims: [claim], slot: false, priority: -1, start: false, signal }),
                ),
              signal,
            );
            held.set(hold, claim);
          },
          async idle(wait, signal) {
            if (!slot) return wait();
            slot = false;
            admission.release([], true);
            try {
              return await wait();
            } finally {
              await queued(
                check,
                admission.request({ claims: [], slot: true, priority: -1, start: false, signal }),
              ).then(
                () => {
                  slot = true;
                },
                () => undefined,
              );
            }
          },
        },
      });
      record(check, result);
      if (result.status !== 'error') cleaningMeanwhile?.ended(check.id);
    } finally {
      if (lead) admission.led(lead);
      if (!ended) {
        quietHolderDone(check);
        lists.end(check.id);
        admission.release([...held.values()], slot);
        admission.finished(alone);
      }
    }
  };

  const record = (check: CheckDefinition, result: CheckResult) => {
    results.set(check.id, result);
    options.onCheckResult?.(result, { done: results.size, total });
  };

  const main = checks.filter((check) => check.phase !== 'after');
  const after = checks.filter((check) => check.phase === 'after');
  const mainOver = new AbortController();
  if (options.idleWork) {
    const { idleWork } = options;
    admission
      .request({
        claims: [],
        slot: true,
        priority: Number.MAX_SAFE_INTEGER,
        start: true,
        signal: mainOver.signal,
      })
      .then(() => {
        admission.release([], true);
        admission.finished(false);
        void idleWork();
      })
      .catch(() => undefined);
  }
  await Promise.all(
    (options.seed === undefined ? startOrder(main) : shuffledOrder(main, options.seed)).map(
      ({ check, priority }) => runOne(check, priority, check.exclusive === true),
    ),
  );
  mainOver.abort();
  // Deletes under way finish meanwhile (the cleanup below leaves what they take with them to them).
  const cleanedWhileRunning = cleaningMeanwhile?.stop() ?? Promise.resolve([]);
  const cleaning = options.cleanup !== false;
  // The cleanup is a short burst of independent deletes (a run leaves ~100, most of them messages): four
  // times the checks' bound, so that it takes a few round trips.
  const cleanupConcurrency = 4 * Math.max(1, options.concurrency);
  let mainCleanup: Promise<CleanupRecord[]> = Promise.resolve([]);
  // One budget for both passes: from the start of the first.
  let cleanupStarted: number | undefined;
  const budgetLeft = () =>
    Math.max(
      1_000,
      Math.round(cleanupBudgetMs - (performance.now() - (cleanupStarted ?? performance.now()))),
    );
  if (!interrupted() && !options.stopReason?.() && after.length > 0) {
    // What the other checks created is needed no more: it is undone while the after phase runs (whose
    // checks read the run's events, and may cause a few more; theirs are undone next).
    if (cleaning)
      mainCleanup = settleWithin(stragglers, options.stragglerGraceMs ?? STRAGGLER_GRACE_MS).then(() => {
        cleanupStarted = performance.now();
        return undoLedger(env, cleanupBudgetMs, { concurrency: cleanupConcurrency, final: false });
      });
    await Promise.all(after.map((check, index) => runOne(check, index, check.exclusive === true)));
  }

  await settleWithin(stragglers, options.stragglerGraceMs ?? STRAGGLER_GRACE_MS);
  const stopped = options.stopReason?.();
  for (const check of checks) {
    if (results.has(check.id)) continue;
    if (stopped) results.set(check.id, skipped(check, `not run: ${stopped}`));
  }
  options.onCleanupStart?.();
  const undoneMeanwhile = await mainCleanup;
  const cleanup = cleaning
    ? [
        ...(await cleanedWhileRunning),
        ...undoneMeanwhile,
        ...(await undoLedger(env, budgetLeft(), { concurrency: cleanupConcurrency })),
      ]
    : [];
  return {
    results: checks.flatMap((check) => results.get(check.id) ?? []),
    queuedMs,
    cleanup,
    interrupted: interrupted(),
  };
}

/**
 * A check on the run's critical chain (admission.ts Lead): it waits deliberately, and what it holds or
 * shares makes other checks wait for it (a wait that holds nothing fits anywhere in the run).
 */
const isLead = (check: CheckDefinition): boolean => (check.waitsMs ?? 0) > 0 && claimsOf(check).length > 0;

/** A check's holds as claims: alone for what it holds, shared for what it shares. */
const claimsOf = (check: CheckDefinition): Claim[] => [
  ...(check.holds ?? []).map((hold): Claim => ({ hold, mode: 'alone' })),
  ...(check.shares ?? []).map((hold): Claim => ({ hold, mode: 'shared' })),
];

/**
 * Start order, by groups: checks that wait deliberately and hold nothing alone (longest first: they set
 * the run's floor); the sharers of holds (they run together, and before the holders of the same hold,
 * which then run one by one: a holder's wait cannot overlap a sharer's); the holders (deliberate waits
 * first); the checks that wait for events (a missing event costs the event timeout: start it early); the
 * rest; exclusive checks last. Among sharers and holders, those of the longest chain of holders first.
 */
function startOrder(checks: readonly CheckDefinition[]): { check: CheckDefinition; priority: number }[] {
  const group = (check: CheckDefinition): number => {
    if (check.exclusive) return 6;
    if (check.holds?.length) return 3;
    if (check.waitsMs) return 1;
    if (check.shares?.length) return 2;
    return check.needs?.includes('events') ? 4 : 5;
  };
  // A hold's chain: its holders one after another (their deliberate waits, and ~50 ms each besides).
  const chainOf = new Map<string, number>();
  for (const check of checks)
    for (const hold of check.holds ?? [])
      chainOf.set(hold, (chainOf.get(hold) ?? 0) + (check.waitsMs ?? 0) + 50);
  const longestChain = (check: CheckDefinition) =>
    Math.max(0, ...[...(check.holds ?? []), ...(check.shares ?? [])].map((hold) => chainOf.get(hold) ?? 0));
  // Within a group, deliberate waits first, then the checks on the longest chain of holders.
  const rank = (check: CheckDefinition) => [group(check), -(check.waitsMs ?? 0), -longestChain(check)];
  const ordered = checks
    .map((check, index) => ({ check, index, rank: rank(check) }))
    .sort((a, b) => {
      for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i] - b.rank[i];
      return a.index - b.index;
    });
  return ordered.map(({ check }, priority) => ({ check, priority }));
}

/**
 * --seed: the checks start in an order drawn from the seed (mulberry32, Fisher–Yates), so that a verdict
 * that depends on the order shows; the same seed gives the same order. startsAfter still holds.
 */
export function shuffledOrder(
  checks: readonly CheckDefinition[],
  seed: number,
): { check: CheckDefinition; priority: number }[] {
  const random = mulberry32(seed);
  const order = [...checks];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.map((check, priority) => ({ check, priority }));
}

/** A promise and its resolve (Promise.withResolvers needs Node 22). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A small seeded PRNG (uniform in [0, 1)): the order of a seed must not depend on the platform. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Who created what variant detection created (before any check): in the ledger and the cleanup report. */
export const VARIANT_DETECTION = 'variant detection';

/** Who created the quiet channel, in the ledger and the cleanup report. */
const QUIET_CHANNEL_OWNER = 'run';

/**
 * The run's quiet channel (holds.ts 'quiet-channel'): created at the first need, in the sandbox guild,
 * tracked for deletion at cleanup; undefined when channel.create does not give one.
 */
class QuietChannel {
  channelId?: string;
  #ready?: Promise<boolean>;
  constructor(private readonly env: CheckEnvironment) {}

  ready(): Promise<boolean> {
    this.#ready ??= this.#create();
    return this.#ready;
  }

  async #create(): Promise<boolean> {
    const { client, sandbox, ledger } = this.env;
    const name = `conformance-quiet-${Date.now().toString(36)}`;
    try {
      const { result } = await client.call('channel.create', {
        guild_id: sandbox.guildId,
        data: { name, type: 0 },
      });
      const id = result.ok ? (result.body as { id?: unknown } | null)?.id : undefined;
      if (typeof id !== 'string') return false;
      ledger.add(
        {
          kind: 'channel',
          label: `quiet channel ${id} (${name}) in guild ${sandbox.guildId}`,
          undo: ['channel.delete', { channel_id: id }],
        },
        QUIET_CHANNEL_OWNER,
      );
      this.channelId = id;
      return true;
    } catch {
      return false;
    }
  }
}

/** Undoes every ledger entry through the interface or the trigger (never with the aborted run signal). */
/** Not found: it never existed or is gone already (a channel delete took its messages). */
const saysNotFound = (result: { status: number; text: string }): boolean =>
  result.status === 404 || /not[ _-]?found|does not exist/i.test(result.text.slice(0, 2000));

/** How to read back what an undo was meant to remove (issue 9 item 8: "left behind" only if it still exists). */
const READ_BACK: Record<string, (fields: Record<string, unknown>) => [string, Record<string, unknown>]> = {
  'message.delete': (fields) => [
    'message.get',
    { channel_id: fields.channel_id, message_id: fields.message_id },
  ],
  'channel.delete': (fields) => ['channel.get', { channel_id: fields.channel_id }],
};

/** Undoes every ledger entry through the interface or the trigger (never with the aborted run signal). */
export function undoLedger(
  env: CheckEnvironment,
  budgetMs = 60_000,
  options: { concurrency?: number; final?: boolean } = {},
): Promise<CleanupRecord[]> {
  // Cleanup gets its own chance even when the checks declared the target unresponsive.
  env.client.resumeForCleanup();
  return env.ledger.undoAll(undoEntry(env), { budgetMs, ...options });
}

/** Undoes one ledger entry through the interface or the trigger; reads back what a failed undo left. */
function undoEntry(env: CheckEnvironment): Undo {
  return async (entry, signal) => {
    const [operation, fields] = entry.undo;
    if (operation.startsWith('trigger:')) {
      if (!env.trigger) throw new Error(`no trigger to undo it with (${env.triggerUnavailableReason})`);
      await env.trigger.fire(operation.slice('trigger:'.length), fields, signal);
      return;
    }
    let failure: string;
    try {
      const { result } = await env.client.call(operation, fields, { as: entry.as, signal });
      if (result.ok) return;
      failure = `${operation} answered HTTP ${result.status} ${env.client.redactor.shorten(result.text, 300)}`;
      if (saysNotFound(result)) throw new AlreadyAbsent(failure);
    } catch (error) {
      if (error instanceof AlreadyAbsent || signal.aborted) throw error;
      failure = (error as Error).message;
    }
    const readBack = READ_BACK[operation]?.(fields);
    if (!readBack) throw new Error(failure);
    const [readOperation, readFields] = readBack;
    try {
      const { result } = await env.client.call(readOperation, readFields, { as: entry.as, signal });
      if (saysNotFound(result))
        throw new AlreadyAbsent(
          `${failure}; read-back: ${readOperation} answered ${result.status}, it is gone`,
        );
      throw new Error(
        `${failure}; read-back: ${readOperation} answered ${result.status}, ${result.ok ? 'it is still there' : 'so it may still be there'}`,
      );
    } catch (error) {
      if (error instanceof AlreadyAbsent || !(error instanceof RequestError)) throw error;
      throw new Error(`${failure}; read-back failed too: ${error.message}`);
    }
  };
}

async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), deadline]);
  clearTimeout(timer);
}
