/**
 * chat-conformance/vitest: the checks as tests of the implementer's own vitest suite.
 *
 *   defineConformanceSuite({ baseUrl: 'http://127.0.0.1:5140/v1', token: process.env.BOT_TOKEN });
 *
 * One whole run happens once, in beforeAll (the checks share a sandbox, a ledger and an event stream, and
 * the cleanup must run after all of them), and every check becomes one test that reports its result:
 * pass → pass; skip → skipped with the checker's reason; fail/error counted in the verdict → a failing
 * test whose message has the rule ids, expected, observed and the curl that reproduces it; a failure
 * the verdict does not count (below --level, experimental, a listed expected failure) → skipped, saying so.
 */
import { beforeAll, describe, it } from 'vitest';
import { type RunOptions, run } from './index.js';
import { RUN_FLAGS } from './run-flags.js';
import { applyBaseline } from './runner/baseline.js';
import type { CheckDefinition } from './runner/check.js';
import { loadChecks } from './runner/load.js';
import type { CheckResult, RunResult } from './runner/model.js';
import { selectChecks } from './runner/select.js';
import { countsTowardVerdict, isFailing } from './runner/summary.js';

export interface ConformanceSuiteOptions
  extends Omit<
    RunOptions,
    'checks' | 'signal' | 'onRunStart' | 'onCheckStart' | 'onCheckResult' | 'onCleanup'
  > {
  /** Title of the describe block (default 'chat-conformance'). */
  name?: string;
  /** Check ids expected to fail (a baseline, like --expected-failures): reported as skips, not failures. */
  expectedFailures?: string[];
  /** How long the whole run may take, in beforeAll (default 300 000 ms). */
  runTimeoutMs?: number;
  /** Called with the whole result once the run is over (write reports with renderReports, …). */
  onResult?: (result: RunResult) => void | Promise<void>;
}

/** Registers one describe block with one test per check; call it at the top level of a test file. */
export function defineConformanceSuite(options: ConformanceSuiteOptions): void {
  const {
    name = 'chat-conformance',
    expectedFailures,
    runTimeoutMs = 300_000,
    onResult,
    ...runOptions
  } = options;
  describe(name, async () => {
    const checks = await candidateChecks(runOptions);
    let result: RunResult | undefined;
    let runError: Error | undefined;
    beforeAll(async () => {
      try {
        result = await run({ ...runOptions, checks });
        if (expectedFailures) result = applyBaseline(result, expectedFailures).run;
        await onResult?.(result);
      } catch (error) {
        runError = error as Error;
      }
    }, runTimeoutMs);

    for (const check of checks) {
      it(`${check.id} [${check.level}]`, (context) => {
        if (runError) throw new Error(`the conformance run did not complete: ${runError.message}`);
        const outcome = result?.checks.find((entry) => entry.id === check.id);
        if (!outcome) {
          const variant = check.variant ? `${check.variant.point}=${check.variant.value}` : 'its selection';
          const found = check.variant ? result?.variants[check.variant.point] : undefined;
          context.skip(`not run: applies to ${variant}${found ? `, the target follows ${found}` : ''}`);
          return;
        }
        if (outcome.status === 'pass') return;
        if (outcome.status === 'skip') {
          context.skip(inOptionWords(outcome.reason ?? 'skipped by the checker'));
          return;
        }
        if (outcome.expectedFailure) {
          context.skip(`expected failure (baseline): ${outcome.reason ?? outcome.status}`);
          return;
        }
        if (isFailing(outcome) && result && !countsTowardVerdict(outcome, result)) {
          const why = outcome.experimental
            ? 'experimental'
            : `${outcome.level} level, verdict at ${result.level}`;
          context.skip(`${outcome.status.toUpperCase()} not counted (${why}): ${outcome.reason ?? ''}`);
          return;
        }
        throw new ConformanceFailure(outcome);
      });
    }
  });
}

/** The checks this suite may run: every filter but the §4.8 variant, which only the run can detect. */
async function candidateChecks(options: RunOptions): Promise<CheckDefinition[]> {
  const dirs = options.suitesDir === undefined ? [undefined] : [options.suitesDir].flat();
  const loaded: CheckDefinition[] = [];
  for (const dir of dirs) loaded.push(...(await loadChecks(dir)));
  return selectChecks(
    loaded.map((check) => ({ ...check, variant: undefined })),
    { suites: options.suites, grep: options.grep, profile: options.profile ?? 'satori', variants: {} },
  ).map((selected) => loaded.find((check) => check.id === selected.id)!);
}

/** A failing check as a test failure: what a person needs to see it and reproduce it. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
  constructor(readonly check: CheckResult) {
    super(describeFailure(check));
  }
}

function describeFailure(check: CheckResult): string {
  const lines = [
    `${check.status.toUpperCase()} (${check.level}) ${check.id}: ${check.reason ?? ''}`,
    `rules: ${check.rules.join(', ')}`,
  ];
  if (check.evidence?.expected) lines.push(`expected: ${check.evidence.expected}`);
  if (check.evidence?.observed) lines.push(`observed: ${check.evidence.observed}`);
  const last = check.evidence?.exchanges.at(-1);
  if (last?.response) lines.push(`last response: HTTP ${last.response.status}`);
  const curls = check.evidence?.exchanges.map((exchange) => exchange.curl) ?? [];
  if (curls.length) lines.push('reproduce:', ...curls.map((curl) => `  ${curl}`));
  return lines.join('\n');
}

/** The run options whose name differs from the flag's config key (src/options.ts `RunOptions`). */
const OPTION_OF_KEY: Record<string, string> = {
  header: 'headers',
  suite: 'suites',
  timeout: 'timeoutMs',
  eventTimeout: 'eventTimeoutMs',
  checkTimeout: 'checkTimeoutMs',
  runTimeout: 'runTimeoutMs',
  fault: 'faults',
  tolerate: 'tolerances',
  variant: 'variants',
  latency: 'latencyMs',
  triggerHeader: 'triggerHeaders',
};

/** A checker's reason with its CLI flags named as the options of defineConformanceSuite (--peer-token → peerToken). */
export function inOptionWords(reason: string): string {
  return reason.replace(/--([a-z][a-z-]*)/g, (flag, name: string) => {
    const key = RUN_FLAGS.find((entry) => entry.flag.split(' ')[0] === `--${name}`)?.key;
    return key ? `the ${OPTION_OF_KEY[key] ?? key} option` : flag;
  });
}
