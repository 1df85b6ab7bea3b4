/**
 * Runs one check: builds its CheckContext (src/runner/check.ts), enforces its timeout and turns what
 * happened into a verdict. A check passes only when at least one assertion ran and none failed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { shorten } from '../../spec/brief.js';
import { type HttpClient, RequestError } from '../client/http.js';
import type { EventSource } from '../events/source.js';
import type {
  CallOptions,
  CallResult,
  CheckConfig,
  CheckContext,
  CheckDefinition,
  LedgerEntry,
  Sandbox,
} from './check.js';
import { createEventsApi, EventWaitTimeout, NoEventSourceError } from './events-api.js';
import type { Hold } from './holds.js';
import type { Ledger } from './ledger.js';
import type { CheckResult, Exchange, Status } from './model.js';
import { formatProblems, type Validate } from './schema.js';
import { type Trigger, TriggerUnsupportedError } from './trigger.js';

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

/**
 * An assertion that failed while a shared observation was made (e.g. a list walk it needed did not end):
 * it fails every check that shares the observation, with the same expectation.
 */
class SharedFailure extends Error {
  override name = 'SharedFailure';
  constructor(
    readonly expected: string,
    readonly observed: string | undefined,
  ) {
    super(expected);
  }
}

/** What t.shared keeps: the observed value, the exchanges that observed it and the check that made them. */
interface SharedObservation<T> {
  value: T;
  exchanges: Exchange[];
  by: string;
}

/** A failed assertion; ends the check as 'fail'. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

/** t.skip() or a missing capability; ends the check as 'skip'. */
export class CheckSkip extends Error {
  override name = 'CheckSkip';
}

/** t.undecided(): the state found makes the check's effect unobservable; ends it as an undecided 'skip'. */
export class CheckUndecided extends CheckSkip {
  override name = 'CheckUndecided';
  constructor(
    readonly state: string,
    readonly clear: string,
  ) {
    super(`could not be decided: ${state} (${clear})`);
  }
}

class CheckTimeout extends Error {
  override name = 'CheckTimeout';
}

const OBSERVED_LIMIT = 2_000;
/** Exchanges kept per check (the first ones and the latest): a looping check cannot grow memory. */
const EXCHANGES_KEPT = { first: 5, last: 25 };

/** Keeps the first and the latest exchanges of a check, counting those dropped in between. */
class ExchangeLog {
  readonly first: Exchange[] = [];
  readonly last: Exchange[] = [];
  dropped = 0;
  push(...exchanges: Exchange[]): void {
    for (const exchange of exchanges) {
      if (this.first.length < EXCHANGES_KEPT.first) this.first.push(exchange);
      else {
        this.last.push(exchange);
        if (this.last.length > EXCHANGES_KEPT.last) {
          this.last.shift();
          this.dropped++;
        }
      }
    }
  }
  list(): Exchange[] {
    return [...this.first, ...this.last];
  }
}

/** Observed values in words: strings as they are, the rest as (truncated) JSON. */
export function describeObserved(value: unknown): string {
  if (typeof value === 'string') return shorten(value, OBSERVED_LIMIT);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return shorten(text, OBSERVED_LIMIT);
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
  // t.signal: aborted by the check timeout, the run's interruption, or the end of the check.
  const controller = new AbortController();
  // In-flight requests are aborted only by the check timeout: on an interruption a create that is under
  // way must still deliver its response, so that the check can track what it created before it stops.
  const requests = new AbortController();
  const onRunAbort = () => controller.abort(options.signal?.reason ?? new Error('run interrupted'));
  options.signal?.addEventListener('abort', onRunAbort, { once: true });

  const exchanges = new ExchangeLog();
  const notes: string[] = [];
  const events: unknown[] = [];
  let assertions = 0;
  /** Requests this check sent (report.json `requests`: a regression in requests shows per check). */
  let sent = 0;
  let failure: { expected: string; observed?: string } | undefined;

  const fail = (expected: string, observed?: unknown): never => {
    failure ??= { expected, ...(observed === undefined ? {} : { observed: describeObserved(observed) }) };
    throw new CheckFailure(expected);
  };
  const failShared = (expected: string, observed?: unknown): never => {
    throw new SharedFailure(expected, observed === undefined ? undefined : describeObserved(observed));
  };

  const problemsOf = (schema: string, value: unknown) => {
    if (!env.validate) {
      throw new Error(`schema validation is unavailable: ${env.validateUnavailableReason ?? 'no validator'}`);
    }
    return env.validate(schema, value, env.variants);
  };

  const callRecording = async <T>(
    operation: string,
    fields: Record<string, unknown>,
    callOptions: CallOptions,
    recorded: Exchange[],
  ) => {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (operation.endsWith('.list')) await options.scheduling?.reading(operation);
    try {
      const outcome = await env.client.call<T>(operation, fields, {
        ...callOptions,
        signal: requests.signal,
      });
      exchanges.push(...outcome.exchanges);
      recorded.push(...outcome.exchanges);
      sent += outcome.exchanges.length;
      if (outcome.result.ok && callOptions.rawBody === undefined) env.ledger.settle(operation, fields);
      return outcome.result;
    } catch (error) {
      if (error instanceof RequestError) {
        exchanges.push(...error.exchanges);
        recorded.push(...error.exchanges);
        // An exchange without a curl line was never sent (failed at once: hanging operation, unresponsive).
        sent += error.exchanges.filter((exchange) => exchange.curl !== '').length;
      }
      throw error;
    }
  };

  const context: CheckContext = {
    sandbox: options.sandbox ?? env.sandbox,
    variants: env.variants,
    config: env.config,
    signal: controller.signal,
    events: createEventsApi({
      source: env.source,
      unavailableReason: env.eventsUnavailableReason,
      timeoutMs: env.eventTimeoutMs,
      signal: controller.signal,
      timeoutSignal: requests.signal,
      missed: env.missedEvents,
      checkId: check.id,
      ...(options.scheduling
        ? { idle: <T>(wait: () => Promise<T>) => options.scheduling!.idle(wait, controller.signal) }
        : {}),
      onWait: ({ event, timeout }) => {
        assertions++;
        if (event) events.push(event.body);
        if (timeout) {
          const seen = timeout.seen.map((e) => e.type);
          failure ??= {
            expected: timeout.what,
            observed: `no matching event within ${timeout.timeoutMs} ms (${seen.length} other events since the check started${
              seen.length ? `: ${[...new Set(seen)].join(', ')}` : ''
            })`,
          };
        }
      },
    }),

    call<T = any>(operation: string, fields: Record<string, unknown> = {}, callOptions: CallOptions = {}) {
      return callRecording<T>(operation, fields, callOptions, []);
    },

    async shared<T>(key: string, observe: (t: CheckContext) => Promise<T>): Promise<T> {
      const shared = env.shared ?? new Map();
      env.shared = shared;
      let observation = shared.get(key) as Promise<SharedObservation<T>> | undefined;
      if (!observation) {
        const recorded: Exchange[] = [];
        // The observing context records its exchanges for every check that shares them; an assertion that
        // fails while observing fails every sharer alike (SharedFailure).
        const observer: CheckContext = {
          ...context,
          ...assertionsWith(failShared, problemsOf, (text, limit) =>
            env.client.redactor.shorten(text, limit),
          ),
          call: (operation, fields = {}, callOptions = {}) =>
            callRecording(operation, fields, callOptions, recorded),
        };
        observation = observe(observer).then((value) => ({ value, exchanges: recorded, by: check.id }));
        shared.set(key, observation);
      }
      let settled: SharedObservation<T>;
      try {
        settled = await observation;
      } catch (error) {
        if (error instanceof SharedFailure) {
          assertions++;
          fail(error.expected, error.observed);
        }
        throw error;
      }
      const { value, exchanges: theirs, by } = settled;
      if (by !== check.id) {
        exchanges.push(...theirs);
        notes.push(`observed once for the run by ${by} (${key}), judged here too`);
      }
      return value;
    },

    track(entry: LedgerEntry) {
      env.ledger.add(entry, check.id);
    },

    async trigger(event: string, payload: Record<string, unknown> = {}) {
      if (!env.trigger) throw new CheckSkip(env.triggerUnavailableReason);
      if (controller.signal.aborted) throw controller.signal.reason;
      try {
        // Like a create under way, a trigger call is not aborted by an interruption: what it causes is
        // then known, and tracked.
        const response = await env.trigger.fire(event, payload, requests.signal);
        notes.push(`triggered ${event} (${env.trigger.description})`);
        // A check that undoes through the trigger itself settles the matching ['trigger:<event>', …] entry.
        env.ledger.settle(`trigger:${event}`, payload);
        return response;
      } catch (error) {
        if (error instanceof TriggerUnsupportedError) throw new CheckSkip(error.message);
        throw error;
      }
    },

    ...assertionsWith(
      (expected, observed) => fail(expected, observed),
      problemsOf,
      (text, limit) => env.client.redactor.shorten(text, limit),
      () => assertions++,
    ),

    schemaProblems(schema: string, value: unknown) {
      return problemsOf(schema, value).map((problem) => problem.message);
    },

    skip(reason: string): never {
      throw new CheckSkip(reason);
    },

    undecided(state: string, clear: string): never {
      throw new CheckUndecided(state, clear);
    },

    note(text: string) {
      notes.push(text);
    },

    release(hold: Hold) {
      options.scheduling?.release(hold);
    },

    async acquire(hold: Hold) {
      await options.scheduling?.acquire(hold, controller.signal);
    },

    async wait(ms: number) {
      options.scheduling?.waitsDeliberately?.();
      const waiting = () => delay(Math.max(0, ms), undefined, { signal: controller.signal });
      await (options.scheduling ? options.scheduling.idle(waiting, controller.signal) : waiting());
    },
  };

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CheckTimeout(`the check did not finish within ${options.timeoutMs} ms`);
      requests.abort(error);
      controller.abort(error);
      reject(error);
    }, options.timeoutMs);
  });
  const interrupted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  // The check may keep running after a timeout; the run waits for it before the cleanup.
  const running = Promise.resolve().then(() => check.run(context));
  options.onSettled?.(running.catch(() => undefined));

  let thrown: unknown;
  let threw = false;
  try {
    await Promise.race([running, timeout, interrupted]);
  } catch (error) {
    thrown = error;
    threw = true;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onRunAbort);
    if (!controller.signal.aborted) controller.abort(new Error('check finished'));
  }

  let status: Status;
  let reason: string | undefined;
  const undecided =
    !failure && threw && thrown instanceof CheckUndecided
      ? { state: thrown.state, clear: thrown.clear }
      : undefined;
  if (failure) {
    status = 'fail';
    reason =
      failure.observed === undefined
        ? failure.expected
        : `expected ${failure.expected}; observed ${failure.observed}`;
  } else if (threw && (thrown instanceof CheckSkip || thrown instanceof NoEventSourceError)) {
    status = 'skip';
    reason = thrown.message;
  } else if (threw && thrown instanceof EventWaitTimeout) {
    status = 'fail';
    reason = thrown.message;
  } else if (threw && thrown instanceof CheckTimeout) {
    status = 'error';
    reason = thrown.message;
  } else if (threw && options.signal?.aborted) {
    status = 'error';
    const why = options.signal.reason;
    // A signal is an interruption; a run deadline or an unresponsive target says what it was.
    reason =
      typeof why === 'string' && !why.startsWith('SIG')
        ? `the run stopped before the check finished: ${why}`
        : 'the run was interrupted before the check finished';
  } else if (threw) {
    status = 'error';
    reason = thrown instanceof RequestError ? thrown.message : `the check threw: ${describeError(thrown)}`;
  } else if (assertions === 0) {
    status = 'error';
    reason = 'the check made no assertion, so it cannot pass (a defect of the check)';
  } else {
    status = 'pass';
  }

  const keepExchanges = status === 'fail' || status === 'error';
  if (keepExchanges && exchanges.dropped > 0)
    notes.push(`${exchanges.dropped} exchanges in the middle of the check are not kept as evidence`);
  const evidence = {
    ...(failure ? { expected: failure.expected } : {}),
    ...(failure?.observed !== undefined ? { observed: failure.observed } : {}),
    exchanges: keepExchanges ? exchanges.list() : [],
    ...(events.length ? { events } : {}),
    ...(notes.length ? { notes } : {}),
  };
  const hasEvidence = keepExchanges || evidence.notes !== undefined || evidence.events !== undefined;
  // Every value of the result is redacted (a token can come back in any of them, §Safety); the
  // structure the checker made (ids, names, levels) is not.
  const result: CheckResult = {
    id: check.id,
    title: check.title,
    group: check.group,
    level: check.level,
    experimental: check.experimental ?? false,
    rules: [...check.rules],
    operations: [...check.operations],
    status,
    ...(reason === undefined ? {} : { reason }),
    durationMs: Math.round(performance.now() - started),
    requests: sent,
    ...(hasEvidence ? { evidence } : {}),
    ...(undecided ? { undecided } : {}),
  };
  return env.client.redactor.redactValues(result, CHECK_SHAPE);
}

/** t.expect, t.expectOk and t.expectSchema over `fail` (a check's own, or a shared observation's). */
function assertionsWith(
  fail: (expected: string, observed?: unknown) => never,
  problemsOf: (schema: string, value: unknown) => ReturnType<Validate>,
  shorten: (text: string, limit: number) => string,
  counted: () => void = () => undefined,
): Pick<CheckContext, 'expect' | 'expectOk' | 'expectSchema'> {
  return {
    expect(condition: unknown, expected: string, observed?: unknown): asserts condition {
      counted();
      if (!condition) fail(expected, observed);
    },
    expectOk(result: CallResult, what: string) {
      counted();
      if (!result.ok) {
        fail(
          `${what}: a 2xx status (any body is accepted, §4.8)`,
          `HTTP ${result.status} ${shorten(result.text, 500)}`,
        );
      }
    },
    expectSchema(schema: string, value: unknown, what: string) {
      const problems = problemsOf(schema, value);
      counted();
      if (problems.length > 0) fail(`${what} matches ${schema}`, formatProblems(schema, problems));
    },
  };
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

const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
