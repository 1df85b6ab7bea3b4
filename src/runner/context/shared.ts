/**
 * t.shared: an observation made once per run (by the first check that asks) and judged by every check that
 * shares it, with the exchanges that made it as each one's evidence.
 */
import { tr } from '../../i18n/index.js';
import type { CheckContext, Sharing } from '../check.js';
import type { Exchange } from '../model.js';
import { assertionsWith, type ProblemsOf } from './assertions.js';
import type { CallJudge, CallRecorder, JudgedCall } from './calls.js';
import type { CheckEnvironment, SharedObservation } from './environment.js';
import { type CheckState, describeObserved } from './state.js';

/**
 * An assertion that failed while a shared observation was made (e.g. a list walk it needed did not end):
 * it fails every check that shares the observation, with the same expectation.
 */
class SharedFailure extends Error {
  override name = 'SharedFailure';
  /** The exchanges of the observation up to its failure: evidence of every sharer's failure. */
  exchanges: Exchange[] = [];
  constructor(
    readonly expected: string,
    readonly observed: string | undefined,
  ) {
    super(expected);
  }
}

/** The ledger's owner of what a shared observation creates. */
export const sharedOwner = (key: string): string => `shared: ${key}`;

const failShared = (expected: string, observed?: unknown): never => {
  throw new SharedFailure(expected, observed === undefined ? undefined : describeObserved(observed));
};

export interface SharingParts {
  checkId: string;
  env: CheckEnvironment;
  state: CheckState;
  record: CallRecorder;
  /** The check's judgement of its helper calls, applied to the calls of each observation it shares. */
  judge: CallJudge;
  problemsOf: ProblemsOf;
  /** Runs a wait without the check's slot (the engine's `idle`), absent outside the engine. */
  idle?: <T>(wait: () => Promise<T>) => Promise<T>;
  /** Stops the check's timeout clock until the returned resume is called. */
  pauseClock?: () => () => void;
}

/** Observations still being made: a check waiting for one that another check makes gives its slot back. */
const underWay = new WeakSet<Promise<unknown>>();

/**
 * The calls each observation made: a helper of one sharer may be under test in another (the member read of
 * the current user), so each sharer judges them with its own roles once the observation is made, before
 * it takes the value or the failure (context/calls.ts helperJudge).
 */
const callsOf = new WeakMap<Promise<unknown>, JudgedCall[]>();

/** A sharer's part of a failed observation: the assertion, and the exchanges it did not make itself. */
function takeFailure(state: CheckState, error: unknown, madeElsewhere: boolean): void {
  if (!(error instanceof SharedFailure)) return;
  state.assertions++;
  // The observing check has them already (its calls record to it); a sharer gets them here.
  if (madeElsewhere) state.exchanges.push(...error.exchanges);
}

/** t.shared of one check; `context` is the check's own, which the observing context is made from. */
export function sharedObserver(parts: SharingParts) {
  const { checkId, env, state, record, problemsOf, idle, pauseClock } = parts;
  const sharedWith = async <T>(
    context: CheckContext,
    key: string,
    observe: (t: CheckContext) => Promise<T>,
    judge: CallJudge,
    nested = false,
  ): Promise<T> => {
    const shared = env.shared ?? new Map();
    env.shared = shared;
    let observation = shared.get(key) as Promise<SharedObservation<T>> | undefined;
    const madeElsewhere = observation !== undefined;
    if (!observation) {
      const recorded: Exchange[] = [];
      const calls: JudgedCall[] = [];
      const collect: CallJudge = (call) => {
        calls.push(call);
      };
      // The observing context records its exchanges for every check that shares them; an assertion that
      // fails while observing fails every sharer alike (SharedFailure).
      const observer: CheckContext = {
        ...context,
        ...assertionsWith(failShared, problemsOf, (text, limit) => env.client.redactor.shorten(text, limit)),
        call: (operation, fields = {}, callOptions = {}) =>
          record(operation, fields, callOptions, recorded, collect),
        // What it creates may be read by other sharers after the observing check has ended: undone at the
        // run's end, never while the run goes on (cleanup-while-running.ts undoes only an ended check's).
        track: (entry) => env.ledger.add(entry, sharedOwner(key)),
        // An observation made of others (e.g. a role cycle that reads a member once): their exchanges are
        // evidence of this one too.
        async shared<U>(
          innerKey: string,
          innerObserve: (t: CheckContext) => Promise<U>,
          sharing?: Sharing,
        ): Promise<U> {
          // Its calls are this observation's too: judged by each sharer of this one, not here.
          const value = await sharedWith(context, innerKey, innerObserve, judgedAs(collect, sharing), true);
          const inner = (await env.shared?.get(innerKey)) as SharedObservation<U> | undefined;
          if (inner) recorded.push(...inner.exchanges);
          return value;
        },
      };
      const made = observe(observer).then(
        (value) => ({ value, exchanges: recorded, by: checkId }),
        (error: unknown) => {
          // An inner observation's failure carries its own exchanges: evidence of this one's too.
          if (error instanceof SharedFailure) error.exchanges = [...recorded, ...error.exchanges];
          throw error;
        },
      );
      underWay.add(made);
      callsOf.set(made, calls);
      made.then(
        () => underWay.delete(made),
        () => underWay.delete(made),
      );
      observation = made;
      shared.set(key, observation);
    }
    let settled: SharedObservation<T>;
    try {
      // Another check's observation may wait for an event or a slot: never hold a slot while it does (the
      // run would deadlock at --concurrency 1).
      const pending = observation;
      const elsewhere = madeElsewhere && underWay.has(pending);
      // Nor count the wait as this check's time: the observing check's own timeout bounds it (its
      // requests abort then), and its waits for quota stop its clock, so they must not end this one.
      const resume = elsewhere ? pauseClock?.() : undefined;
      try {
        settled = await (elsewhere && idle ? idle(() => pending) : pending);
      } finally {
        resume?.();
      }
    } catch (error) {
      // Inside another observation: its calls and its failure are that observation's, judged by each of
      // its sharers (a helper refused there leaves a sharer undecided before the failure reaches it).
      if (!nested) takeFailure(state, error, madeElsewhere);
      for (const call of callsOf.get(observation) ?? []) judge(call);
      if (!nested && error instanceof SharedFailure) state.fail(error.expected, error.observed);
      throw error;
    }
    const { value, exchanges: theirs, by } = settled;
    if (by !== checkId) {
      state.exchanges.push(...theirs);
      state.notes.push(tr`observed once for the run by ${by} (${key}), judged here too`);
    }
    for (const call of callsOf.get(observation) ?? []) judge(call);
    return value;
  };
  return <T>(
    context: CheckContext,
    key: string,
    observe: (t: CheckContext) => Promise<T>,
    sharing?: Sharing,
  ): Promise<T> => sharedWith(context, key, observe, judgedAs(parts.judge, sharing));
}

/**
 * A sharer's judgement of an observation's calls: one that can do without its helpers (Sharing.fallback)
 * judges each as a fallback, whatever the observing check asked.
 */
const judgedAs = (judge: CallJudge, sharing: Sharing | undefined): CallJudge =>
  sharing?.fallback ? (call) => judge({ ...call, options: { ...call.options, fallback: true } }) : judge;
