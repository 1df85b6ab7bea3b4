/**
 * Runs one check: builds its CheckContext (src/runner/check.ts) from the parts in src/runner/context/,
 * enforces its timeout and turns what happened into a verdict. A check passes only when at least one
 * assertion ran and none failed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { HttpClient } from '../client/http.js';
import type { EventSource } from '../events/source.js';
import type { CheckConfig, CheckContext, CheckDefinition, LedgerEntry, Sandbox } from './check.js';
import { assertionsWith, problemsWith } from './context/assertions.js';
import { callRecorder } from './context/calls.js';
import { eventsFor } from './context/events.js';
import { resultOf, verdictOf } from './context/outcome.js';
import { type SharedObservation, sharedObserver } from './context/shared.js';
import { CheckSkip, CheckState, CheckUndecided } from './context/state.js';
import { type CheckSignals, checkSignals, runWithin } from './context/timing.js';
import { triggerFor } from './context/trigger.js';
import type { Hold } from './holds.js';
import type { Ledger } from './ledger.js';
import type { CheckResult } from './model.js';
import type { Validate } from './schema.js';
import type { Trigger } from './trigger.js';

/** Everything a check runs against, shared by the checks of one run. */
export interface CheckEnvironment {
  client: HttpClient;
  sandbox: Sandbox;
  variants: Readonly<Record<string, string>>;
  config: CheckConfig;
  ledger: Ledger;
  source?: EventSource;
  /** Why there is no event source (the skip reason of checks that need one). */
  eventsUnavailableReason: string;
  /**
   * Events were asked for (not --events none) and the stream could not be opened: the checks that need
   * it are undecided (the run ends NO VERDICT, never CONFORMS), not plain skips.
   */
  eventsBroken?: boolean;
  trigger?: Trigger;
  triggerUnavailableReason: string;
  eventTimeoutMs: number;
  /** Event type → the check that caused one and waited for it in vain (shared by the run's checks). */
  missedEvents?: Map<string, string>;
  /** Observations shared by checks (t.shared), by key. */
  shared?: Map<string, Promise<SharedObservation<unknown>>>;
  validate?: Validate;
  /** Why validation is unavailable, when validate is undefined. */
  validateUnavailableReason?: string;
}

export interface ExecuteOptions {
  timeoutMs: number;
  /** The run's signal (SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /** Settles when the check's own promise settles, even after a timeout (for the cleanup to wait on). */
  onSettled?: (settled: Promise<unknown>) => void;
  /** The sandbox as this check sees it (e.g. a quiet channel as its channel); default env.sandbox. */
  sandbox?: Sandbox;
  /** The engine's side of t.release/t.acquire and of event waits (which give back the check's slot). */
  scheduling?: CheckScheduling;
}

export interface CheckScheduling {
  /** The check reads a list (a `*.list` operation) until it ends (cleanup-while-running.ts). */
  reading(list: string): Promise<void>;
  release(hold: Hold): void;
  acquire(hold: Hold, signal: AbortSignal): Promise<void>;
  /** The check has come to a deliberate wait (t.wait): it leads no more (admission.ts `Lead`). */
  waitsDeliberately?(): void;
  /** Runs a wait that sends nothing (an event wait) without holding a slot. */
  idle<T>(wait: () => Promise<T>, signal: AbortSignal): Promise<T>;
}

export async function executeCheck(
  check: CheckDefinition,
  env: CheckEnvironment,
  options: ExecuteOptions,
): Promise<CheckResult> {
  const started = performance.now();
  const signals = checkSignals();
  const state = new CheckState();
  const context = checkContext(check, env, options, signals, state);
  const ending = await runWithin(check, context, signals, options);
  const verdict = verdictOf(state, ending, options.signal);
  const result = resultOf(check, state, ending, verdict, Math.round(performance.now() - started));
  // Every value of the result is redacted (a token can come back in any of them, §Safety); the
  // structure the checker made (ids, names, levels) is not.
  return env.client.redactor.redactValues(result, CHECK_SHAPE);
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
  const record = callRecorder(env, state, signals, scheduling);
  const problemsOf = problemsWith(env);
  const shared = sharedObserver({
    checkId: check.id,
    env,
    state,
    record,
    problemsOf,
    ...(scheduling ? { idle: <T>(wait: () => Promise<T>) => scheduling.idle(wait, signal) } : {}),
  });
  const context: CheckContext = {
    sandbox: options.sandbox ?? env.sandbox,
    variants: env.variants,
    config: env.config,
    signal,
    events: eventsFor(check.id, env, state, signals, scheduling),
    call: (operation, fields = {}, callOptions = {}) => record(operation, fields, callOptions, []),
    shared: (key, observe) => shared(context, key, observe),
    track(entry: LedgerEntry) {
      env.ledger.add(entry, check.id);
    },
    trigger: triggerFor(env, state, signals),
    ...assertionsWith(
      (expected, observed) => state.fail(expected, observed),
      problemsOf,
      (text, limit) => env.client.redactor.shorten(text, limit),
      () => state.assertions++,
    ),
    schemaProblems: (schema, value) => problemsOf(schema, value).map((problem) => problem.message),
    skip(reason: string): never {
      throw new CheckSkip(reason);
    },
    undecided(found: string, clear: string): never {
      throw new CheckUndecided(found, clear);
    },
    note(text: string) {
      state.notes.push(text);
    },
    release(hold: Hold) {
      scheduling?.release(hold);
    },
    async acquire(hold: Hold) {
      await scheduling?.acquire(hold, signal);
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
