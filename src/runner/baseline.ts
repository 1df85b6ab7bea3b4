/**
 * Baselines of expected failures: an implementation that knowingly fails some checks lists their ids,
 * and the run passes as long as nothing else fails. A listed check that now passes is "stale" and
 * fails the run, so baselines only ever shrink.
 */
import { tr } from '../i18n/index.js';
import type { CheckResult, RunResult } from './model.js';
import { countsTowardVerdict, isFailing } from './summary.js';

/**
 * Parses a baseline file: a JSON array of check ids, a JSON object `{ "expectedFailures": [...] }`,
 * or plain text with one check id per line (`#` starts a comment, blank lines are ignored).
 */
export function loadExpectedFailures(text: string): Set<string> {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) return parseJsonBaseline(trimmed);
  const ids = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const id = line.replace(/#.*$/, '').trim();
    if (id) ids.add(id);
  }
  return ids;
}

function parseJsonBaseline(text: string): Set<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(
      tr`The baseline file looks like JSON but does not parse (${(error as Error).message}). ` +
        tr`Write a JSON array of check ids, {"expectedFailures": [...]}, or one check id per line.`,
    );
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { expectedFailures?: unknown }).expectedFailures;
  if (!Array.isArray(list) || !list.every((id) => typeof id === 'string')) {
    throw new Error(
      tr`The baseline JSON must be an array of check id strings or {"expectedFailures": ["<check id>", …]}.`,
    );
  }
  return new Set(list.map((id) => id.trim()).filter(Boolean));
}

export interface BaselineResult {
  /** A copy of the run: expected failures marked, verdict recomputed, `baseline` filled in. */
  run: RunResult;
  /** Listed ids whose check now passes (these fail the run). */
  stale: string[];
  /** Listed ids that are not in the run. */
  unknown: string[];
}

/**
 * Applies a baseline to a finished run. Listed failures keep their status ('fail'/'error') but are
 * marked `expectedFailure` and no longer count in the verdict; a listed check that passes is stale and
 * fails the run; listed ids the run does not contain are reported as unknown. The input is not changed.
 */
export function applyBaseline(
  run: RunResult,
  ids: Iterable<string>,
  options: { file?: string } = {},
): BaselineResult {
  const listed = new Set(ids);
  const known = new Set(run.checks.map((check) => check.id));
  const expected: string[] = [];
  const stale: string[] = [];
  const checks = run.checks.map((check) => {
    if (!listed.has(check.id)) return check;
    if (isFailing(check)) {
      expected.push(check.id);
      return { ...check, expectedFailure: true };
    }
    if (check.status === 'pass') stale.push(check.id);
    // A listed check that skipped says nothing either way: it stays listed, neither expected nor stale.
    return check;
  });
  const unknown = [...listed].filter((id) => !known.has(id));
  const countedFailure = (check: CheckResult) => isFailing(check) && countsTowardVerdict(check, run);
  const unexpectedFailure = checks.some((check) => countedFailure(check) && !check.expectedFailure);
  // A run that failed with no counted failing check failed for another reason (e.g. interrupted): keep it.
  const failedOtherwise = run.verdict === 'fail' && !run.checks.some(countedFailure);
  const result: RunResult = {
    ...run,
    checks,
    verdict: unexpectedFailure || failedOtherwise || stale.length > 0 ? 'fail' : 'pass',
    baseline: { ...(options.file === undefined ? {} : { file: options.file }), expected, stale, unknown },
  };
  return { run: result, stale, unknown };
}

/** Why the baseline alone fails the run, in words for the reports; undefined when it does not. */
export function baselineVerdictReason(run: RunResult): string | undefined {
  const stale = run.baseline?.stale ?? [];
  if (stale.length === 0) return undefined;
  return (
    (stale.length === 1
      ? tr`${stale.length} baseline entry is stale (the check now passes): `
      : tr`${stale.length} baseline entries are stale (the check now passes): `) +
    (stale.length === 1
      ? tr`${stale.join(', ')}; remove it from the expected-failures file so the baseline only shrinks.`
      : tr`${stale.join(', ')}; remove them from the expected-failures file so the baseline only shrinks.`)
  );
}
