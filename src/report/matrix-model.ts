/**
 * The fleet matrix (`conformance matrix`): many implementations' runs side by side, checks as rows,
 * implementations as columns. Pure: named runs in, a matrix out; the writers render it.
 */
import { say } from '../i18n/index.js';
import { GROUPS, type Level, type RunResult, type Status } from '../runner/model.js';
import { type BadgeLevel, badgeCounts } from './badge.js';
import { countsTowardVerdict, isFailing } from './common.js';

export interface MatrixImplementation {
  /** Column name, also its folder in the site (a-z, 0-9, '.', '_', '-'). */
  name: string;
  run: RunResult;
}

export interface MatrixCell {
  status: Status | 'absent';
  /** Why it failed, errored or was skipped; or why it is absent. */
  reason?: string;
  expectedFailure?: boolean;
  /** A failure the run's verdict does not count (below its level, experimental). */
  uncounted?: boolean;
}

export interface MatrixRow {
  id: string;
  title: string;
  group: string;
  level: Level;
  experimental: boolean;
  rules: string[];
  cells: MatrixCell[];
  /** Not every implementation has the same status. */
  differs: boolean;
}

export interface Matrix {
  implementations: MatrixImplementation[];
  /** Rows by group, in the catalogue's group order, then by check id. */
  groups: { group: string; rows: MatrixRow[] }[];
  /** passed/counted at the badge level, per implementation. */
  scores: { passed: number; counted: number }[];
  badgeLevel: BadgeLevel;
}

export function buildMatrix(
  implementations: MatrixImplementation[],
  badgeLevel: BadgeLevel = 'must',
): Matrix {
  const rows = new Map<string, MatrixRow>();
  // Why a cell is empty, in the command's language.
  const notInRun = say('matrix.notInRun');
  implementations.forEach(({ run }, column) => {
    for (const check of run.checks) {
      let row = rows.get(check.id);
      if (!row) {
        row = {
          id: check.id,
          title: check.title,
          group: check.group,
          level: check.level,
          experimental: check.experimental,
          rules: check.rules,
          cells: implementations.map(() => ({ status: 'absent', reason: notInRun })),
          differs: false,
        };
        rows.set(check.id, row);
      }
      row.cells[column] = {
        status: check.status,
        ...(check.reason ? { reason: check.reason } : {}),
        ...(check.expectedFailure ? { expectedFailure: true } : {}),
        ...(isFailing(check) && !countsTowardVerdict(check, run) ? { uncounted: true } : {}),
      };
    }
  });
  for (const row of rows.values()) row.differs = new Set(row.cells.map((cell) => cell.status)).size > 1;
  const groupOrder = (group: string) => {
    const index = (GROUPS as readonly string[]).indexOf(group);
    return index < 0 ? GROUPS.length : index;
  };
  const groups = [...new Set([...rows.values()].map((row) => row.group))]
    .sort((a, b) => groupOrder(a) - groupOrder(b) || a.localeCompare(b))
    .map((group) => ({
      group,
      rows: [...rows.values()].filter((row) => row.group === group).sort((a, b) => a.id.localeCompare(b.id)),
    }));
  return {
    implementations,
    groups,
    scores: implementations.map(({ run }) => badgeCounts(run, badgeLevel)),
    badgeLevel,
  };
}

/** Where a cell's evidence is: the implementation's report.html in the site, at the check. */
export const evidenceHref = (implementation: string, checkId: string): string =>
  `${encodeURIComponent(implementation)}/report.html#check-${checkId}`;

/** A safe, unique folder name per implementation. */
export function implementationNames(labels: string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const base = label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'implementation';
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}
