/**
 * The engine: runs selected checks with bounded concurrency, skips those whose capabilities are missing,
 * then undoes the ledger (also when interrupted).
 */

import { RequestError } from '../client/http.js';
import type { CheckDefinition } from './check.js';
import { type CheckEnvironment, executeCheck } from './context.js';
import { AlreadyAbsent } from './ledger.js';
import type { CheckResult, CleanupRecord } from './model.js';

export interface Capabilities {
  peer: boolean;
  allowDestructive: boolean;
}

export interface EngineOptions {
  concurrency: number;
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
  /** Called when the cleanup starts (the run's phase). */
  onCleanupStart?: () => void;
}

export interface EngineOutcome {
  results: CheckResult[];
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

export async function executeChecks(
  checks: readonly CheckDefinition[],
  env: CheckEnvironment,
  options: EngineOptions,
): Promise<EngineOutcome> {
  const results = new Map<string, CheckResult>();
  const stragglers: Promise<unknown>[] = [];
  const total = checks.length;
  const interrupted = () => options.signal?.aborted === true;

  const runOne = async (check: CheckDefinition) => {
    const missing = missingCapability(check, env, options.capabilities);
    let result: CheckResult;
    if (missing) {
      result = skipped(check, missing);
    } else {
      options.onCheckStart?.(check);
      result = await executeCheck(check, env, {
        timeoutMs: check.timeoutMs ?? options.checkTimeoutMs,
        signal: options.signal,
        onSettled: (settled) => stragglers.push(settled),
      });
    }
    results.set(check.id, result);
    options.onCheckResult?.(result, { done: results.size, total });
  };

  const last = (check: CheckDefinition) => check.phase === 'after';
  const concurrent = checks.filter((check) => !check.exclusive && !last(check));
  // Exclusive checks one by one, then the 'after' phase (checks of what the whole run observed).
  const exclusive = [...checks.filter((check) => check.exclusive && !last(check)), ...checks.filter(last)];
  let next = 0;
  const worker = async () => {
    while (next < concurrent.length && !interrupted()) {
      const check = concurrent[next++];
      await runOne(check);
    }
  };
  const width = Math.max(1, Math.min(options.concurrency, concurrent.length));
  await Promise.all(Array.from({ length: width }, worker));
  for (const check of exclusive) {
    if (interrupted()) break;
    await runOne(check);
  }

  await settleWithin(stragglers, options.stragglerGraceMs ?? STRAGGLER_GRACE_MS);
  const stopped = options.stopReason?.();
  if (stopped) {
    for (const check of checks)
      if (!results.has(check.id)) results.set(check.id, skipped(check, `not run: ${stopped}`));
  }
  options.onCleanupStart?.();
  const cleanup = options.cleanup === false ? [] : await undoLedger(env, options.cleanupBudgetMs ?? 60_000);
  return {
    results: checks.flatMap((check) => results.get(check.id) ?? []),
    cleanup,
    interrupted: interrupted(),
  };
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
export function undoLedger(env: CheckEnvironment, budgetMs = 60_000): Promise<CleanupRecord[]> {
  // Cleanup gets its own chance even when the checks declared the target unresponsive.
  env.client.resumeForCleanup();
  const redact = (text: string) => env.client.redactor.redact(text);
  return env.ledger.undoAll(
    async (entry, signal) => {
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
        failure = `${operation} answered HTTP ${result.status} ${redact(result.text).slice(0, 300)}`;
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
    },
    { budgetMs },
  );
}

async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), deadline]);
  clearTimeout(timer);
}
