/**
 * Compares two runs (e.g. main vs. a PR, or yesterday vs. today): which checks regressed, which were
 * fixed, which are new or gone, and whether the spec catalogue itself changed between the two.
 * Pure: `conformance compare` (bin/commands/compare.ts) and `run --baseline-report` do the I/O.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { say, tr } from '../i18n/index.js';
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

/** A check's level and whether it is experimental ('must', 'should, experimental'). */
const tags = (check: CheckRef): string =>
  check.experimental ? say('compare.experimental', { level: check.level }) : check.level;

/** The comparison's heading: the two runs, and whether their spec catalogues are the same. */
function headingLines(comparison: RunComparison, paint: ChalkInstance): string[] {
  const { verdicts, toolVersions, targets, spec } = comparison;
  return [
    tr`Comparing base (${verdicts.base}, ${toolVersions.base}, ${targets.base}) with head (${verdicts.head}, ${toolVersions.head}, ${targets.head})`,
    comparison.specChanged
      ? paint.yellow(
          tr`The spec catalogue differs: base ${spec.base.catalogueHash}, head ${spec.head.catalogueHash}. Status changes may come from the checker, not the implementation.`,
        )
      : tr`Same spec catalogue (${spec.head.catalogueHash}).`,
  ];
}

/** Plain text (optionally coloured) for a terminal or a CI log. */
export function formatComparison(comparison: RunComparison, options: { color?: boolean } = {}): string {
  const paint = new Chalk({ level: options.color ? 1 : 0 });
  const t = say;
  const lines: string[] = headingLines(comparison, paint);
  const section = (title: string, items: string[], colour: (text: string) => string) => {
    if (items.length === 0) return;
    lines.push('', colour(t('compare.section', { title, n: String(items.length) })), ...items);
  };
  const change = (c: StatusChange) =>
    `  ${c.id} (${tags(c)}): ${c.base} → ${c.head}${c.reason ? ` — ${c.reason}` : ''}`;
  section(t('compare.regressions'), comparison.regressions.map(change), paint.red.bold);
  section(t('compare.fixes'), comparison.fixes.map(change), paint.green);
  section(t('compare.changed'), comparison.changedStatus.map(change), paint.cyan);
  section(
    t('compare.added'),
    comparison.added.map((c) => `  ${c.id} (${tags(c)}): ${c.status}`),
    paint.cyan,
  );
  section(
    t('compare.removed'),
    comparison.removed.map((c) => `  ${c.id} (${tags(c)}): ${t('compare.was', { status: c.status })}`),
    paint.cyan,
  );
  const { regressions, fixes, changedStatus, added, removed, unchanged } = comparison;
  lines.push(
    '',
    tr`${regressions.length} regressions, ${fixes.length} fixes, ${changedStatus.length} other changes, ${added.length} new, ${removed.length} removed, ${unchanged} unchanged.`,
  );
  return `${lines.join('\n')}\n`;
}
