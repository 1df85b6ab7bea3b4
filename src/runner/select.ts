/**
 * Which checks take part in a run, and which of them count in the verdict.
 *
 * - --suite / --grep / --profile strict / a §4.8 variant the target does not follow: the check is left
 *   out of the run (not reported).
 * - --level: the verdict level. Checks below it (should under --level must) still run and are reported,
 *   but do not count. 'info' checks are observations and never count (DESIGN.md: info never fails a run);
 *   --level info therefore counts must and should, like --level should, and says "report everything".
 * - Experimental checks always run and are reported apart; they count only with --include-experimental.
 */
import { countsTowardVerdict } from './baseline.js';
import type { CheckDefinition } from './check.js';
import type { CheckResult, Level } from './model.js';

export interface SelectionOptions {
  suites?: string[];
  grep?: string;
  profile: 'satori' | 'strict';
  variants: Record<string, string>;
}

export function selectChecks(
  checks: readonly CheckDefinition[],
  options: SelectionOptions,
): CheckDefinition[] {
  let grep: RegExp | undefined;
  if (options.grep) grep = new RegExp(options.grep, 'i');
  const suites = options.suites?.length ? new Set(options.suites) : undefined;
  return checks.filter((check) => {
    if (suites && !suites.has(check.group)) return false;
    if (grep && !grep.test(check.id) && !grep.test(check.title)) return false;
    if (options.profile === 'strict' && check.profile === 'satori') return false;
    if (check.variant && options.variants[check.variant.point] !== check.variant.value) return false;
    return true;
  });
}

export function isCounted(
  check: { level: Level; experimental?: boolean },
  level: Level,
  includeExperimental: boolean,
): boolean {
  // One rule for the engine and the baseline (src/runner/baseline.ts).
  return countsTowardVerdict(check as CheckResult, { level, includeExperimental });
}
