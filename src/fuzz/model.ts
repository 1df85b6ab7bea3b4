/**
 * The fuzz model (issue 23): a property generates inputs with fast-check and judges what the target does
 * with them through named oracles. An oracle is what a finding is reported as: its id
 * (`fuzz.<operation>/<what>`), level and rules, like a check. Oracles are conservative, spec first: a
 * must oracle fails only where no legal server (no tolerance of the catalogue) could answer so.
 */
import type { RuleId } from '../../spec/rules.js';
import type { HttpClient } from '../client/http.js';
import type { Sandbox } from '../runner/check.js';
import type { Ledger } from '../runner/ledger.js';
import type { Level } from '../runner/model.js';
import type { CallResult } from '../wire.js';

export interface Oracle {
  /** `fuzz.<operation>/<what>`, e.g. fuzz.message.create/reads-back-the-same */
  id: string;
  title: string;
  level: Level;
  rules: RuleId[];
  /**
   * A refusal oracle (it holds when a request is refused): it passes only where the operation accepted a
   * complete valid request in the same run (controls.ts), else it is undecided or not counted.
   */
  control?: true;
  /**
   * Why a server that does nothing (src/reference/vacuity.ts) satisfies this oracle's narrow claim (e.g.
   * "answers 2xx"): the vacuity matrix of `npm run faults` allows it to pass there, as
   * CheckDefinition.vacuousPassReason does for a check; every other oracle must not.
   */
  vacuousPassReason?: string;
  /**
   * The operations it reads its claim through besides its own (e.g. message.get after message.update):
   * where the login's features omit one, the oracle is not offered (engine.ts), as a check's helpers.
   */
  through?: readonly string[];
}

/**
 * The positive controls of the refusal oracles (Oracle.control; implemented by controls.ts): which
 * operations accepted a complete valid request in this run.
 */
export interface RefusalControls {
  /** A complete valid request of `operation` sent by `by` (the valid phase, the setup): its answer. */
  record(operation: string, result: CallResult, by: string): void;
  /** Sends the control of each operation that has none yet (after the generation, before the cleanup). */
  settle(operations: Iterable<string>): Promise<void>;
  /** Undefined when `operation` accepted a complete request; else why no refusal of it is a verdict. */
  problem(operation: string): { undecided: boolean; reason: string } | undefined;
  /** How the control of `operation` was observed, for a pass's evidence. */
  acceptedBy(operation: string): string | undefined;
}

/** What the properties work with: the run's client and ledger, and what setup found or made. */
export interface FuzzEnv {
  client: HttpClient;
  ledger: Ledger;
  sandbox: Sandbox;
  variants: Readonly<Record<string, string>>;
  limitBound?: number | undefined;
  /** A text channel the fuzz created (its messages are all ours), else undefined. */
  scratchChannelId?: string | undefined;
  /** A message of ours in the scratch channel (the real id the invalid-input skeletons refer to). */
  anchorMessageId?: string | undefined;
  /**
   * How this target refuses ordinary bad input (an unknown message id): with 5xx the server's convention
   * is 5xx for refusals (published servers of the family answer 500 to anything the bot throws), so a 5xx
   * on a generated bad input is no finding.
   */
  refusesWith5xx: boolean;
  /** The run's positive controls of the refusal oracles (controls.ts); absent: no refusal is judged a pass. */
  controls?: RefusalControls;
  /** An emoji id the target takes (--emoji, first), for the reaction controls. */
  emoji?: string | undefined;
  /** The operations the login's features declare (src/runner/capabilities.ts); undefined: all offered. */
  features?: ReadonlySet<string> | undefined;
  /** Why channel properties cannot run (channel.create refused), else undefined. */
  channelsUnavailable?: string | undefined;
  signal: AbortSignal;
}

/** An oracle did not hold: thrown from Trace.judge, caught by the engine. */
export class OracleFailure extends Error {
  override name = 'OracleFailure';
  constructor(
    readonly oracle: Oracle,
    readonly expected: string,
    readonly observed: string,
  ) {
    super(`${oracle.id}: expected ${expected}; observed ${observed}`);
  }
}

/** The run cannot go on (an oracle not judged in this pass did not hold): it ends as a pass. */
export class RunEnded extends Error {
  override name = 'RunEnded';
}

export const oracle = (id: string, level: Level, rules: RuleId[], title: string): Oracle => ({
  id,
  level,
  rules,
  title,
});

/** An oracle whose claim a do-nothing server satisfies, with why (see Oracle.vacuousPassReason). */
export const narrowOracle = (
  id: string,
  level: Level,
  rules: RuleId[],
  title: string,
  vacuousPassReason: string,
): Oracle => ({ ...oracle(id, level, rules, title), vacuousPassReason });

/** A refusal oracle: its pass needs the operation's positive control (see Oracle.control). */
export const refusalOracle = (id: string, level: Level, rules: RuleId[], title: string): Oracle => ({
  ...oracle(id, level, rules, title),
  control: true,
});
