/**
 * Runs one check: builds its CheckContext (src/runner/check.ts) from the parts in src/runner/context/,
 * enforces its timeout and turns what happened into a verdict. A check passes only when at least one
 * assertion ran and none failed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { type CheckContext, type CheckDefinition, type LedgerEntry, operationsUnderTest } from './check.js';
import { assertionsWith, problemsWith } from './context/assertions.js';
import { callRecorder, helperJudge } from './context/calls.js';
import type { CheckEnvironment, ExecuteOptions } from './context/environment.js';
import { eventsFor } from './context/events.js';
import { resultOf, verdictOf } from './context/outcome.js';
import { sharedObserver } from './context/shared.js';
import { CheckSkip, CheckState, CheckUndecided } from './context/state.js';
import { type CheckSignals, checkSignals, runWithin } from './context/timing.js';
import { triggerFor } from './context/trigger.js';
import type { Hold } from './holds.js';
import type { CheckResult, Signature } from './model.js';

export async function executeCheck(
  check: CheckDefinition,
  env: CheckEnvironment,
  options: ExecuteOptions,
): Promise<CheckResult> {
  const started = performance.now();
  const signals = checkSignals();
  const state = new CheckState();
  const context = checkContext(check, env, options, signals, state);
  const running = runWithin(check, context, signals, options);
  const unfollow = followQuotaStalls(env, signals);
  const ending = await running.finally(unfollow);
  const verdict = verdictOf(state, ending, options.signal);
  const result = resultOf(check, state, ending, verdict, Math.round(performance.now() - started));
  // The run's evidence budget bounds what the result keeps: exchanges not kept give back what they took.
  if (!result.evidence?.exchanges.length) env.client.releaseEvidence(state.exchanges.list());
  // Every value of the result is redacted (a token can come back in any of them, §Safety); the
  // structure the checker made (ids, names, levels) is not.
  return env.client.redactor.redactValues(result, CHECK_SHAPE);
}

/**
 * While a request of the run waits long for quota, the run is stalled: every check's clock stands still
 * (a check waiting for a hold, a slot or an event another check's stalled request holds up is not late).
 */
function followQuotaStalls(env: CheckEnvironment, signals: CheckSignals): () => void {
  let resume: (() => void) | undefined;
  const follow = (stalled: boolean) => {
    if (stalled && !resume) resume = signals.clock?.pause();
    else if (!stalled && resume) {
      resume();
      resume = undefined;
    }
  };
  const stop = env.client.onQuotaStall(follow);
  return () => {
    stop();
    resume?.();
  };
}

/** The CheckContext of one check: its parts (src/runner/context/) over one CheckState and its signals. */
function checkContext(
  check: CheckDefinition,
  env: CheckEnvironment,
  options: ExecuteOptions,
  signals: CheckSignals,
  state: CheckState,
): CheckContext {
  const { scheduling } = options;
  const signal = signals.check.signal;
  const record = callRecorder(env, state, signals, scheduling, check.id);
  // A generic check's probes (served.ts) are judged by it, though chosen at run time.
  const judge = helperJudge(env, state, new Set([...operationsUnderTest(check), ...(check.probes ?? [])]));
  const problemsOf = problemsWith(env);
  const shared = sharedObserver({
    checkId: check.id,
    env,
    state,
    record,
    judge,
    problemsOf,
    ...(scheduling ? { idle: <T>(wait: () => Promise<T>) => scheduling.idle(wait, signal) } : {}),
    pauseClock: () => signals.clock?.pause() ?? (() => undefined),
  });
  // The check's timeout as its clock will judge it (lengthened by lag, paused for quota) once it runs.
  const startDeadline = performance.now() + options.timeoutMs;
  const deadline = () => signals.clock?.expectedEnd() ?? startDeadline;
  const context: CheckContext = {
    sandbox: options.sandbox ?? env.sandbox,
    variants: env.variants,
    config: env.config,
    signal,
    events: eventsFor(check.id, env, state, signals, scheduling, deadline),
    timeLeftMs: () => Math.max(0, deadline() - performance.now()),
    call: (operation, fields = {}, callOptions = {}) => record(operation, fields, callOptions, [], judge),
    shared: (key, observe, sharing) => shared(context, key, observe, sharing),
    track(entry: LedgerEntry) {
      env.ledger.add(entry, check.id);
    },
    trigger: triggerFor(env, state, signals),
    ...assertionsWith(
      (expected, observed, signature) => state.fail(expected, observed, signature),
      problemsOf,
      (text, limit) => env.client.redactor.shorten(text, limit),
      () => state.assertions++,
    ),
    schemaProblems: (schema, value) => problemsOf(schema, value).map((problem) => problem.message),
    skip(reason: string): never {
      throw new CheckSkip(reason);
    },
    undecided(found: string, clear: string, signature?: Signature): never {
      throw new CheckUndecided(found, clear, false, signature);
    },
    note(text: string) {
      state.notes.push(text);
    },
    release(hold: Hold) {
      scheduling?.release(hold);
    },
    async acquire(hold: Hold, mode?: 'alone' | 'shared') {
      await scheduling?.acquire(hold, signal, mode);
    },
    async wait(ms: number) {
      scheduling?.waitsDeliberately?.();
      const waiting = () => delay(Math.max(0, ms), undefined, { signal });
      await (scheduling ? scheduling.idle(waiting, signal) : waiting());
    },
  };
  return context;
}

/**
 * The fields of a check result the checker made (never redacted: a short token would garble them), and
 * those whose keys a server chose (event bodies: redacted keys and all).
 */
export const CHECK_SHAPE = {
  received: new Set(['events']),
  structural: new Set([
    'id',
    'title',
    'group',
    'level',
    'experimental',
    'rules',
    'operations',
    'status',
    'durationMs',
  ]),
} as const;
