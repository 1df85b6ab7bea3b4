/** The options of `conformance fuzz`: run()'s target, identity and report options, plus the generation's. */

import { readFileSync } from 'node:fs';
import { tr } from '../i18n/index.js';
import type { RunOptions } from '../options.js';
import { ConfigurationError } from '../runner/errors.js';
import type { FuzzSection } from '../runner/model.js';
import type { PropertyOutcome } from './engine.js';

export interface FuzzOptions extends RunOptions {
  /** fast-check seed (default: from the clock, printed in the report). */
  seed?: number;
  /** Runs per property (default 100). */
  runs?: number;
  /** Generation budget in ms (default 60 000): then no run sends anything; the cleanup follows. */
  budgetMs?: number;
  /** Properties in flight at once (default 4). */
  fuzzConcurrency?: number;
  /** Replay these findings of an earlier report instead of generating (--replay report.json). */
  replay?: { file: string; findings: ReplayFinding[] };
  onStart?: (info: { properties: number; seed: number; target: string }) => void;
  onProperty?: (outcome: PropertyOutcome) => void;
}

export type ReplayFinding = FuzzSection['findings'][number];

export const FUZZ_DEFAULTS = { runs: 100, budgetMs: 60_000, concurrency: 4 };

/** '60s', '90000ms', '2m' or a bare number of seconds → ms. */
export function parseBudget(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/.exec(value);
  if (!match || Number(match[1]) <= 0)
    throw new ConfigurationError(tr`--budget must be a duration like 60s, 90000ms or 2m (got '${value}')`);
  const unit = match[2] ?? 's';
  return Math.round(Number(match[1]) * (unit === 'ms' ? 1 : unit === 's' ? 1000 : 60_000));
}

/** The findings of an earlier fuzz report, to replay. */
export function readReplay(path: string): { file: string; findings: ReplayFinding[] } {
  let report: any;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigurationError(
      tr`--replay ${path}: cannot read it as JSON (${(error as Error).message}); pass the report.json of a fuzz run.`,
    );
  }
  if (!report?.fuzz || !Array.isArray(report.fuzz.findings))
    throw new ConfigurationError(tr`--replay ${path}: not the report.json of a fuzz run (no fuzz section).`);
  if (report.fuzz.findings.length === 0)
    throw new ConfigurationError(tr`--replay ${path}: the report has no findings to replay.`);
  return { file: path, findings: report.fuzz.findings };
}

/** Defaults, and the run options the run's steps read (events off; fault mode counts should). */
export function settleFuzz(options: FuzzOptions) {
  const positive = (name: string, value: number | undefined) => {
    if (value !== undefined && !(Number.isInteger(value) && value > 0))
      throw new ConfigurationError(tr`${name} must be a whole number above 0 (got ${value})`);
  };
  positive('--runs', options.runs);
  positive('--budget', options.budgetMs);
  if (options.seed !== undefined && !Number.isInteger(options.seed))
    throw new ConfigurationError(tr`--seed must be a whole number (got ${options.seed})`);
  const faultMode = Boolean(options.faults?.length);
  return {
    seed: options.seed ?? Date.now() % 2 ** 31,
    runs: options.runs ?? FUZZ_DEFAULTS.runs,
    budgetMs: options.budgetMs ?? FUZZ_DEFAULTS.budgetMs,
    concurrency: options.fuzzConcurrency ?? FUZZ_DEFAULTS.concurrency,
    replay: options.replay,
    runOptions: {
      ...options,
      events: 'none' as const,
      // With faults on the target is broken on purpose: count every level and the experimental operations.
      ...(options.level ? {} : faultMode ? { level: 'should' as const } : {}),
      ...(options.includeExperimental !== undefined ? {} : faultMode ? { includeExperimental: true } : {}),
      // The whole fuzz (generation, then cleanup) stays within its budget plus the cleanup's own.
      runTimeoutMs: options.runTimeoutMs ?? (options.budgetMs ?? FUZZ_DEFAULTS.budgetMs) + 120_000,
    },
  };
}
