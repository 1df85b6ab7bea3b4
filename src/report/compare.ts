/**
 * Compares two runs (e.g. main vs. a PR, or yesterday vs. today): which checks regressed, which were
 * fixed, which are new or gone, and whether the spec catalogue itself changed between the two.
 * Pure: `conformance compare` (bin/commands/compare.ts) and `run --baseline-report` do the I/O.
 */
import { Chalk } from 'chalk';
import type { CheckResult, Group, Level, RunResult, Status } from '../runner/model.js';

export interface CheckRef {
  id: string;
  title: string;
  group: Group;
  level: Level;
  experimental: boolean;
}

export interface StatusChange extends CheckRef {
  base: Status;
  head: Status;
  /** The head run's reason (why it fails, errors or skips now). */
  reason?: string;
}

export interface AddedOrRemoved extends CheckRef {
  status: Status;
}

export interface RunComparison {
  /** pass → fail or error. */
  regressions: StatusChange[];
  /** fail or error → pass. */
  fixes: StatusChange[];
  /** Every other status change: pass ↔ skip, skip → fail, fail ↔ error … */
  changedStatus: StatusChange[];
  /** Checks only in head. */
  added: AddedOrRemoved[];
  /** Checks only in base. */
  removed: AddedOrRemoved[];
  /** Checks in both runs with the same status. */
  unchanged: number;
  /** The two runs were made against different spec catalogues (spec.catalogueHash differs). */
  specChanged: boolean;
  spec: { base: RunResult['spec']; head: RunResult['spec'] };
  toolVersions: { base: string; head: string };
  verdicts: { base: RunResult['verdict']; head: RunResult['verdict'] };
  targets: { base: string; head: string };
}

const ref = (check: CheckResult): CheckRef => ({
  id: check.id,
  title: check.title,
  group: check.group,
  level: check.level,
  experimental: check.experimental,
});

const failing = (status: Status) => status === 'fail' || status === 'error';

export function compareRuns(base: RunResult, head: RunResult): RunComparison {
  const baseById = new Map(base.checks.map((check) => [check.id, check]));
  const headIds = new Set(head.checks.map((check) => check.id));
  const comparison: RunComparison = {
    regressions: [],
    fixes: [],
    changedStatus: [],
    added: [],
    removed: [],
    unchanged: 0,
    specChanged: base.spec.catalogueHash !== head.spec.catalogueHash,
    spec: { base: base.spec, head: head.spec },
    toolVersions: { base: base.tool.version, head: head.tool.version },
    verdicts: { base: base.verdict, head: head.verdict },
    targets: { base: base.target.baseUrl, head: head.target.baseUrl },
  };
  for (const check of head.checks) {
    const before = baseById.get(check.id);
    if (!before) {
      comparison.added.push({ ...ref(check), status: check.status });
      continue;
    }
    if (before.status === check.status) {
      comparison.unchanged += 1;
      continue;
    }
    const change: StatusChange = {
      ...ref(check),
      base: before.status,
      head: check.status,
      ...(check.reason ? { reason: check.reason } : {}),
    };
    if (before.status === 'pass' && failing(check.status)) comparison.regressions.push(change);
    else if (failing(before.status) && check.status === 'pass') comparison.fixes.push(change);
    else comparison.changedStatus.push(change);
  }
  for (const check of base.checks) {
    if (!headIds.has(check.id)) comparison.removed.push({ ...ref(check), status: check.status });
  }
  return comparison;
}

export const hasRegressions = (comparison: RunComparison): boolean => comparison.regressions.length > 0;

/** Plain text (optionally coloured) for a terminal or a CI log. */
export function formatComparison(comparison: RunComparison, options: { color?: boolean } = {}): string {
  const paint = new Chalk({ level: options.color ? 1 : 0 });
  const lines: string[] = [];
  const tags = (check: CheckRef) => `${check.level}${check.experimental ? ', experimental' : ''}`;
  const section = (title: string, items: string[], colour: (text: string) => string) => {
    if (items.length === 0) return;
    lines.push('', colour(`${title} (${items.length})`), ...items);
  };
  lines.push(
    `Comparing base (${comparison.verdicts.base}, ${comparison.toolVersions.base}, ${comparison.targets.base})` +
      ` with head (${comparison.verdicts.head}, ${comparison.toolVersions.head}, ${comparison.targets.head})`,
  );
  if (comparison.specChanged) {
    lines.push(
      paint.yellow(
        `The spec catalogue differs: base ${comparison.spec.base.catalogueHash}, head ${comparison.spec.head.catalogueHash}. ` +
          'Status changes may come from the checker, not the implementation.',
      ),
    );
  } else {
    lines.push(`Same spec catalogue (${comparison.spec.head.catalogueHash}).`);
  }
  const change = (c: StatusChange) =>
    `  ${c.id} (${tags(c)}): ${c.base} → ${c.head}${c.reason ? ` — ${c.reason}` : ''}`;
  section('Regressions', comparison.regressions.map(change), paint.red.bold);
  section('Fixes', comparison.fixes.map(change), paint.green);
  section('Other status changes', comparison.changedStatus.map(change), paint.cyan);
  section(
    'New checks',
    comparison.added.map((c) => `  ${c.id} (${tags(c)}): ${c.status}`),
    paint.cyan,
  );
  section(
    'Removed checks',
    comparison.removed.map((c) => `  ${c.id} (${tags(c)}): was ${c.status}`),
    paint.cyan,
  );
  lines.push(
    '',
    `${comparison.regressions.length} regressions, ${comparison.fixes.length} fixes, ` +
      `${comparison.changedStatus.length} other changes, ${comparison.added.length} new, ` +
      `${comparison.removed.length} removed, ${comparison.unchanged} unchanged.`,
  );
  return `${lines.join('\n')}\n`;
}
