/**
 * Runs the properties with fast-check (seeded, shrinking) within a budget, and replays findings.
 *
 * One finding at a time: a pass judges every oracle not yet found; the first that fails is latched, and
 * shrinking keeps only inputs that fail that same oracle, so the counterexample is minimal for it. The
 * property then runs again without that oracle (same seed), until no oracle fails or the budget is spent.
 * The budget is the predicate's own: past the deadline a run sends nothing and passes, so fast-check ends
 * (and a shrink in progress keeps the smallest failure found so far) with no request left in flight.
 */

import fc from 'fast-check';
import { RequestError } from '../client/http.js';
import { tr } from '../i18n/index.js';
import { notOfferedReason } from '../runner/run.js';
import type { Exchange } from '../wire.js';
import { type FuzzEnv, type Oracle, OracleFailure, RunEnded } from './model.js';
import type { FuzzProperty } from './property.js';
import { replayPathOf } from './stateful.js';
import { Trace } from './trace.js';

export interface FindingRecord {
  oracle: Oracle;
  property: string;
  expected: string;
  observed: string;
  exchanges: Exchange[];
  seed: number;
  path: string;
  replayPath?: string;
  counterexample: string;
  shrinks: number;
}

export interface PropertyOutcome {
  property: FuzzProperty;
  /** Runs that sent requests (shrinking included). */
  runs: number;
  findings: FindingRecord[];
  /** Times each oracle was judged. */
  judged: Map<string, number>;
  branches: Record<string, number>;
  skipped?: string;
  error?: string;
  /** The oracles of an operation the login does not offer, each with why: not counted, not blamed. */
  notOffered?: ReadonlyMap<string, string>;
}

export interface EngineOptions {
  seed: number;
  runs: number;
  /** performance.now() after which no run sends anything. */
  deadline: number;
  /** Replay one finding: its oracle, path and (sequences) replay path. */
  replay?: { oracle: string; path: string; replayPath?: string | undefined };
}

const stringify = (value: unknown): string => {
  const text = Array.isArray(value) && value.length === 1 ? fc.stringify(value[0]) : fc.stringify(value);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
};

interface Pass {
  excluded: ReadonlySet<string>;
  target?: string;
  failure?: { error: OracleFailure; exchanges: Exchange[] };
}

/** The operation an oracle judges: its id's (`fuzz.<operation>/<what>`), else its property's. */
const operationOf = (oracle: Oracle, property: FuzzProperty): string =>
  /^fuzz\.([^/]+)\//.exec(oracle.id)?.[1] ?? property.operation;

/**
 * Issue 46: an oracle of an operation the login's features omit is not offered, by the rule the checks
 * follow (run.ts notOfferedReason): every oracle of a property whose operation is not offered, and in a
 * sequence the oracle of a step whose operation is not offered (that step ends the run, never blamed).
 */
function oraclesNotOffered(property: FuzzProperty, features: ReadonlySet<string> | undefined) {
  const reasons = new Map<string, string>();
  if (!features) return reasons;
  const ofProperty = notOfferedReason({ operations: [property.operation] }, { features });
  for (const oracle of property.oracles) {
    const reason =
      ofProperty ??
      notOfferedReason(
        { operations: [operationOf(oracle, property), ...(oracle.through ?? [])] },
        { features },
      );
    if (reason) reasons.set(oracle.id, reason);
  }
  return reasons;
}

/** The fast-check predicate of one pass. */
function predicate(
  env: FuzzEnv,
  property: FuzzProperty,
  outcome: PropertyOutcome,
  pass: Pass,
  options: EngineOptions,
) {
  const judged = (oracle: Oracle) =>
    !pass.excluded.has(oracle.id) &&
    !outcome.notOffered?.has(oracle.id) &&
    (pass.target === undefined || pass.target === oracle.id) &&
    (!options.replay || options.replay.oracle === oracle.id);
  const count = (oracle: Oracle) => outcome.judged.set(oracle.id, (outcome.judged.get(oracle.id) ?? 0) + 1);
  return async (input: unknown): Promise<boolean> => {
    if (outcome.error || env.signal.aborted || performance.now() > options.deadline) return true;
    outcome.runs++;
    if (pass.target === undefined && pass.excluded.size === 0)
      for (const branch of property.branches?.(input) ?? [])
        outcome.branches[branch] = (outcome.branches[branch] ?? 0) + 1;
    const trace = new Trace(env, `fuzz ${property.key}`, judged, count);
    try {
      await property.run(env, input, trace);
      return true;
    } catch (error) {
      if (error instanceof RunEnded) return true;
      if (error instanceof OracleFailure) {
        pass.target ??= error.oracle.id;
        pass.failure = { error, exchanges: [...trace.exchanges] };
        return false;
      }
      // No answer (timeout, network, the run stopping): not the target's fault at any level; stop.
      outcome.error =
        error instanceof RequestError ? error.message : tr`internal: ${(error as Error)?.message ?? error}`;
      if (!(error instanceof RequestError)) throw error;
      return true;
    }
  };
}

/** Runs one property to its findings within the budget. */
export async function runProperty(
  env: FuzzEnv,
  property: FuzzProperty,
  options: EngineOptions,
): Promise<PropertyOutcome> {
  const notOffered = oraclesNotOffered(property, env.features);
  const outcome: PropertyOutcome = {
    property,
    runs: 0,
    findings: [],
    judged: new Map(),
    branches: {},
    ...(notOffered.size ? { notOffered } : {}),
  };
  const ofProperty = notOfferedReason({ operations: [property.operation] }, env);
  const skipped = ofProperty ?? property.unavailable?.(env);
  if (skipped) return { ...outcome, skipped };
  const excluded = new Set<string>();
  for (let round = 0; round < property.oracles.length; round++) {
    const pass: Pass = { excluded };
    const arbitrary = property.arbitrary(options.replay?.replayPath);
    const details = await fc.check(
      fc.asyncProperty(arbitrary, predicate(env, property, outcome, pass, options)),
      {
        seed: options.seed,
        numRuns: options.replay ? 1 : options.runs,
        ...(options.replay ? { path: options.replay.path, endOnFailure: true } : {}),
      },
    );
    if (!details.failed || !pass.failure) break;
    const printed = stringify(details.counterexample);
    const replayPath =
      property.mode === 'stateful' ? (replayPathOf(printed) ?? options.replay?.replayPath) : undefined;
    outcome.findings.push({
      oracle: pass.failure.error.oracle,
      property: property.key,
      expected: pass.failure.error.expected,
      observed: pass.failure.error.observed,
      exchanges: pass.failure.exchanges,
      seed: details.seed,
      path: details.counterexamplePath ?? options.replay?.path ?? '',
      ...(replayPath ? { replayPath } : {}),
      counterexample: printed,
      shrinks: details.numShrinks,
    });
    excluded.add(pass.failure.error.oracle.id);
    if (options.replay || performance.now() > options.deadline || env.signal.aborted) break;
  }
  return outcome;
}

/**
 * Runs properties `concurrency` at a time, in the order given. Each gets a fair share of the time left
 * (time left × slots / properties not started), so a slow target still sees every property.
 */
export async function runProperties(
  env: FuzzEnv,
  properties: readonly FuzzProperty[],
  options: EngineOptions & { concurrency: number; onDone?: (outcome: PropertyOutcome) => void },
): Promise<PropertyOutcome[]> {
  const outcomes: PropertyOutcome[] = new Array(properties.length);
  let next = 0;
  const worker = async () => {
    while (next < properties.length) {
      const index = next++;
      const now = performance.now();
      const share = ((options.deadline - now) * options.concurrency) / (properties.length - index);
      const deadline = Math.min(options.deadline, now + Math.max(0, share));
      outcomes[index] = await runProperty(env, properties[index], { ...options, deadline });
      options.onDone?.(outcomes[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, properties.length) }, worker));
  return outcomes;
}
