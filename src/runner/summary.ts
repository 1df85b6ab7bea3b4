import type { CheckResult, Level, RunResult, StatusCounts, Summary } from './model.js';

/** A check that failed or could not be decided: both count against the verdict. */
export const isFailing = (check: Pick<CheckResult, 'status'>): boolean =>
  check.status === 'fail' || check.status === 'error';

const LEVEL_RANK: Record<Level, number> = { info: 0, should: 1, must: 2 };

/**
 * Whether a check counts toward the verdict (the one rule for the engine, baselines and reports): its
 * level is at or above the run's level, info never counts (DESIGN.md: info never fails a run), and
 * experimental checks count only when the run includes them.
 */
export function countsTowardVerdict(
  check: Pick<CheckResult, 'level' | 'experimental'>,
  run: Pick<RunResult, 'level' | 'includeExperimental'>,
): boolean {
  if (check.level === 'info') return false;
  if (LEVEL_RANK[check.level] < LEVEL_RANK[run.level]) return false;
  return !check.experimental || run.includeExperimental;
}

const emptyCounts = (): StatusCounts => ({ total: 0, pass: 0, fail: 0, skip: 0, error: 0 });

const add = (counts: StatusCounts, result: CheckResult) => {
  counts.total++;
  counts[result.status]++;
};

/**
 * Totals count every check; byGroup counts every check of the group; byLevel counts the
 * non-experimental checks (the verdict-relevant view); experimental checks are also counted apart.
 */
export function summarize(results: readonly CheckResult[]): Summary {
  const summary: Summary = {
    ...emptyCounts(),
    byLevel: { must: emptyCounts(), should: emptyCounts(), info: emptyCounts() },
    byGroup: {},
    experimental: emptyCounts(),
  };
  for (const result of results) {
    add(summary, result);
    summary.byGroup[result.group] ??= emptyCounts();
    add(summary.byGroup[result.group], result);
    if (result.experimental) add(summary.experimental, result);
    else add(summary.byLevel[result.level], result);
  }
  return summary;
}

export function computeVerdict(
  results: readonly CheckResult[],
  level: Level,
  includeExperimental: boolean,
  interrupted = false,
): 'pass' | 'fail' {
  if (interrupted) return 'fail';
  const failed = results.some(
    (result) => isFailing(result) && countsTowardVerdict(result, { level, includeExperimental }),
  );
  return failed ? 'fail' : 'pass';
}
