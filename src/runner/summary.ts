import type { CheckResult, Level, StatusCounts, Summary } from './model.js';
import { isCounted } from './select.js';

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
    (result) =>
      isCounted(result, level, includeExperimental) &&
      (result.status === 'fail' || result.status === 'error'),
  );
  return failed ? 'fail' : 'pass';
}
