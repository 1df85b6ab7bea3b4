import { oneLine } from '../../spec/brief.js';
import { say, tr } from '../i18n/index.js';
import type { CheckResult, Level, RunResult, StatusCounts, Summary } from './model.js';

/** A check that failed or could not be decided: both count against the verdict. */
export const isFailing = (check: Pick<CheckResult, 'status'>): boolean =>
  check.status === 'fail' || check.status === 'error';

const LEVEL_RANK: Record<Level, number> = { info: 0, should: 1, must: 2 };

/**
 * Whether a check counts toward the verdict (the one rule for the engine, baselines and reports): its
 * level is at or above the run's level, info never counts (info never fails a run), and
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

/** Skipped counted checks that share one reason (e.g. a missing capability, whose reason names the flag). */
export interface SkipGroup {
  reason: string;
  count: number;
}

/** What the verdict rests on: the counted checks that ran to a result, and the counted ones that skipped. */
export interface CountedOutcome {
  /** Counted checks that ran to a result (pass, fail or error); baseline-expected failures left out. */
  ran: number;
  passed: number;
  failing: number;
  skipped: number;
  /** The skipped counted checks grouped by reason, largest group first. */
  skipGroups: SkipGroup[];
  /** Counted checks that could not be decided (a state found made their effect unobservable). */
  undecided: CheckResult[];
}

/** A skip reason as a summary line shows it: one line (an HTML page named, not shown), cut safely. */
const SKIP_REASON_LIMIT = 300;

/** The skipped ones of `checks` grouped by their reason (as one line), largest group first. */
export function skipGroupsOf(checks: readonly CheckResult[]): SkipGroup[] {
  const groups = new Map<string, number>();
  for (const check of checks) {
    if (check.status !== 'skip') continue;
    const reason = oneLine(check.reason ?? tr`(no reason given)`, SKIP_REASON_LIMIT);
    groups.set(reason, (groups.get(reason) ?? 0) + 1);
  }
  return [...groups].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** The checks the verdict counts: at its level, not baseline-expected, offered by the login. */
export const countedChecks = (
  run: Pick<RunResult, 'checks' | 'level' | 'includeExperimental'>,
): CheckResult[] =>
  // A check of an operation the login does not offer is neither counted nor blamed (login.features).
  run.checks.filter(
    (check) => countsTowardVerdict(check, run) && !check.expectedFailure && !check.notOffered,
  );

export function countedOutcome(
  run: Pick<RunResult, 'checks' | 'level' | 'includeExperimental'>,
): CountedOutcome {
  const counted = countedChecks(run);
  const ranChecks = counted.filter((check) => check.status !== 'skip');
  return {
    ran: ranChecks.length,
    passed: ranChecks.filter((check) => check.status === 'pass').length,
    failing: ranChecks.filter(isFailing).length,
    skipped: counted.length - ranChecks.length,
    skipGroups: skipGroupsOf(counted),
    undecided: counted.filter((check) => check.status === 'skip' && check.undecided !== undefined),
  };
}

/**
 * Why a run in which nothing failed still cannot say CONFORMS: counted checks could not be decided
 * (docs/checking-a-server.md "Verdicts that do not depend on history"), each naming the state and how to clear it.
 */
function undecidedReason(run: Pick<RunResult, 'level'>, outcome: CountedOutcome): string | undefined {
  if (outcome.failing > 0 || outcome.undecided.length === 0) return undefined;
  const states = new Map<string, string>();
  for (const { undecided } of outcome.undecided)
    states.set(oneLine(undecided!.state, SKIP_REASON_LIMIT), oneLine(undecided!.clear, SKIP_REASON_LIMIT));
  const [[state, clear]] = states;
  const more = states.size > 1 ? tr`; and ${states.size - 1} more state(s), listed with the checks` : '';
  const n = outcome.undecided.length;
  // A state that says already what clears it is not followed by its advice again.
  const advice = state.includes(clear) ? '' : say('report.parenthesis', { text: clear });
  return n === 1
    ? tr`${n} ${run.level} check could not be decided: ${state}${advice}${more}`
    : tr`${n} ${run.level} checks could not be decided: ${state}${advice}${more}`;
}

/**
 * Why the run cannot say CONFORMS although nothing failed: no counted check ran to a result (none was
 * selected, or every counted one skipped), or counted checks could not be decided. The CLI exits 2 with
 * this reason (NO VERDICT); undefined otherwise.
 */
export function nothingCountedReason(
  run: Pick<RunResult, 'checks' | 'level' | 'includeExperimental' | 'interrupted'> &
    Partial<Pick<RunResult, 'stopped'>>,
): string | undefined {
  if (run.interrupted) return undefined;
  const outcome = countedOutcome(run);
  // Stopped for the quota with no counted failure found: what did not run cannot be called conformant.
  if (run.stopped?.rateLimited && outcome.failing === 0)
    return tr`the run did not finish: ${oneLine(run.stopped.reason, 2 * SKIP_REASON_LIMIT)}; raise --run-timeout, or pass --rate-limit so that the checker paces itself`;
  if (outcome.ran > 0 || outcome.undecided.length > 0) return undecidedReason(run, outcome);
  if (run.checks.length === 0) {
    return tr`no check was selected: widen --suite / --grep (\`conformance list\` shows the checks)`;
  }
  if (outcome.skipped === 0) {
    return tr`none of the ${run.checks.length} checks run counts at level ${run.level}: lower --level or pass --include-experimental`;
  }
  const first = outcome.skipGroups[0];
  return tr`all ${outcome.skipped} counted checks skipped (the most: ${first.count} × ${first.reason})`;
}
