/**
 * The operations each check calls, learned by watching a run (t.call, and the calls of every shared
 * observation a check took, whoever made it): what a check's definition names and more (the helpers of
 * its refusal controls, the message a read needs). Used by the suite-wide helper test
 * (test/suites/helpers-refused.test.ts) and by the planted faults of the archetype sweep, which tell from
 * it whether an archetype serves what a check needs to show a fault (scripts/faults/archetypes.ts).
 */
import type { CallOptions, CheckContext, CheckDefinition } from '../../src/runner/check.js';

export interface WatchedCall {
  operation: string;
  options: CallOptions;
}

export class CallLog {
  readonly byCheck = new Map<string, WatchedCall[]>();
  readonly #byObservation = new Map<string, WatchedCall[]>();

  of(checkId: string): WatchedCall[] {
    const calls = this.byCheck.get(checkId) ?? [];
    this.byCheck.set(checkId, calls);
    return calls;
  }

  /** The check with its context watched: t.call logged, t.shared's observer too. */
  watched(check: CheckDefinition): CheckDefinition {
    return { ...check, run: (t) => check.run(this.#watch(t, [this.of(check.id)])) };
  }

  #watch(t: CheckContext, into: WatchedCall[][]): CheckContext {
    return {
      ...t,
      call: (operation, fields, options) => {
        for (const calls of into) calls.push({ operation, options: options ?? {} });
        return t.call(operation, fields, options);
      },
      shared: async (key, observe, sharing) => {
        const observed = this.#byObservation.get(key) ?? [];
        this.#byObservation.set(key, observed);
        try {
          return await t.shared(key, (observer) => observe(this.#watch(observer, [observed])), sharing);
        } finally {
          // Those of the observation, once made (by this check or another): this check's too, as it
          // takes them (a sharer that can do without the observation's helpers takes each as a fallback).
          const taken = sharing?.fallback
            ? observed.map((call) => ({ ...call, options: { ...call.options, fallback: true } }))
            : observed;
          for (const calls of into) calls.push(...taken);
        }
      },
    };
  }
}
