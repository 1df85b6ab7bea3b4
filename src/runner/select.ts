/**
 * Which checks take part in a run.
 *
 * - --suite / --grep / --profile strict / a §4.8 variant the target does not follow: the check is left
 *   out of the run (not reported).
 * Which of them count in the verdict (--level, --include-experimental) is countsTowardVerdict in
 * src/runner/summary.ts: checks below the level and info checks still run and are reported.
 */
import type { CheckDefinition } from './check.js';

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

/** A --grep that selects exactly the checks (or client scenarios) of these ids: each escaped, anchored. */
export const grepExactly = (ids: readonly string[]): string =>
  `^(${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`;
