/**
 * `conformance run --dry-run`: the checks a run would execute with these filters, sending no request.
 * What only the target can tell is marked, not guessed: a §4.8 variant check runs only if the target
 * follows that variant (probed at run time unless --variant or --embedded fixes it), and a check whose
 * capability is missing (peer, destructive) would be reported as skipped.
 */
import { resolve } from 'node:path';
import type { RunOptions } from '../../src/index.js';
import { VARIANT_POINTS } from '../../src/reference/contract.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { selectChecks } from '../../src/runner/select.js';
import { countsTowardVerdict } from '../../src/runner/summary.js';

export interface PlannedCheck {
  check: CheckDefinition;
  counted: boolean;
  /** Why the check may not run or would be skipped; empty: it runs. */
  conditions: string[];
}

export async function planRun(options: RunOptions, cwd: string): Promise<PlannedCheck[]> {
  const dirs = options.suitesDir === undefined ? [undefined] : [options.suitesDir].flat();
  const checks: CheckDefinition[] = [];
  for (const dir of dirs)
    checks.push(...(await loadChecks(dir === undefined ? undefined : resolve(cwd, dir))));
  const profile = options.profile ?? 'satori';
  // The embedded reference follows the first value of each point unless --variant says otherwise.
  const known: Record<string, string> = options.embedded
    ? Object.fromEntries(
        Object.entries(VARIANT_POINTS).map(([point, values]) => [point, values[0] as string]),
      )
    : {};
  Object.assign(known, options.variants ?? {});
  const faultMode = Boolean(options.faults?.length);
  const run = {
    level: options.level ?? (faultMode ? 'should' : 'must'),
    includeExperimental: options.includeExperimental ?? faultMode,
  } as const;
  const planned: PlannedCheck[] = [];
  for (const check of checks) {
    const point = check.variant?.point;
    const decided = point === undefined || point in known;
    // An undecided variant check is selected as if the target followed its variant, then marked.
    const variants =
      decided || !check.variant ? known : { ...known, [check.variant.point]: check.variant.value };
    if (selectChecks([check], { suites: options.suites, grep: options.grep, profile, variants }).length === 0)
      continue;
    const conditions: string[] = [];
    if (!decided && check.variant)
      conditions.push(`only if the target follows ${check.variant.point}=${check.variant.value}`);
    const needs = check.needs ?? [];
    if (needs.includes('peer') && !(options.peerToken || options.peerSelfId || options.embedded))
      conditions.push('skipped: needs --peer-token or --peer-self-id');
    if (needs.includes('destructive') && !options.allowDestructive)
      conditions.push('skipped: needs --allow-destructive');
    if (needs.includes('events') && options.events === 'none') conditions.push('skipped: events are off');
    if (needs.includes('trigger') && !(options.triggerUrl || options.triggerCommand || options.embedded))
      conditions.push('skipped: needs --trigger-url or --trigger-command');
    planned.push({
      check,
      counted: countsTowardVerdict({ level: check.level, experimental: check.experimental ?? false }, run),
      conditions,
    });
  }
  return planned;
}

export function formatPlan(planned: readonly PlannedCheck[]): string {
  const lines = planned.map(({ check, counted, conditions }) => {
    const tags = [check.level, counted ? 'counted' : 'not counted', check.experimental ? 'experimental' : '']
      .filter(Boolean)
      .join(', ');
    return `${check.id}  (${tags})${conditions.length ? `  [${conditions.join('; ')}]` : ''}`;
  });
  const runs = planned.filter(({ conditions }) => conditions.length === 0).length;
  lines.push(
    `${planned.length} checks selected (${runs} run unconditionally, ${planned.length - runs} depend on the target or a flag); no request was sent.`,
  );
  return `${lines.join('\n')}\n`;
}
