/**
 * matrix.md: the fleet matrix as GitHub-flavoured Markdown. A summary table (one row per implementation:
 * verdict, score, badge, report), then one table per group with checks as rows and implementations as
 * columns; each cell links to that implementation's evidence for the check.
 */
import type { RunResult } from '../runner/model.js';
import { evidenceHref, type Matrix, type MatrixCell } from './matrix-model.js';

const SYMBOL: Record<MatrixCell['status'], string> = {
  pass: '✅',
  fail: '❌',
  error: '⚠️',
  skip: '➖',
  absent: '·',
};

/** Table cells: pipes and line breaks would break the row; markup is escaped. */
const cellText = (text: string): string =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** The §4.8 variants a run followed, e.g. `role-payload=role`. */
export const variantsOf = (run: RunResult): string =>
  Object.entries(run.variants)
    .map(([point, value]) => `${point}=${value}`)
    .join(', ');

export function renderMatrixMarkdown(matrix: Matrix): string {
  const names = matrix.implementations.map(({ name }) => name);
  const lines = [
    '# Chat API conformance matrix',
    '',
    `${names.length} implementations · ${matrix.groups.reduce((sum, group) => sum + group.rows.length, 0)} checks · ` +
      `score = passed / counted ${matrix.badgeLevel} checks (skips left out). ` +
      'Legend: ✅ pass · ❌ fail · ⚠️ error · ➖ skip · · not run; _(x)_ expected failure, _(u)_ not counted in its verdict.',
    '',
    '| implementation | verdict | score | target | variants | badge | evidence |',
    '|:---|:---|---:|:---|:---|:---|:---|',
    ...matrix.implementations.map(({ name, run }, index) => {
      const score = matrix.scores[index];
      return (
        `| **${cellText(name)}** | ${run.verdict === 'pass' ? '✅ pass' : '❌ fail'} | ${score.passed}/${score.counted} | ` +
        `\`${cellText(run.target.baseUrl)}\`${run.target.faults?.length ? ` (faults: ${cellText(run.target.faults.join(', '))})` : ''} | ` +
        `${cellText(variantsOf(run))} | ` +
        `![${cellText(name)}](badges/${encodeURIComponent(name)}.svg) | [report](${encodeURIComponent(name)}/report.html) |`
      );
    }),
  ];
  for (const { group, rows } of matrix.groups) {
    lines.push(
      '',
      `## ${group}`,
      '',
      `| check | level | ${names.map(cellText).join(' | ')} |`,
      `|:---|:---|${names.map(() => ':---:').join('|')}|`,
    );
    for (const row of rows) {
      const cells = row.cells.map((cell, column) => {
        const mark = `${SYMBOL[cell.status]}${cell.expectedFailure ? ' _(x)_' : cell.uncounted ? ' _(u)_' : ''}`;
        return cell.status === 'absent' ? mark : `[${mark}](${evidenceHref(names[column], row.id)})`;
      });
      lines.push(
        `| \`${cellText(row.id)}\` | ${row.level}${row.experimental ? ' (exp.)' : ''} | ${cells.join(' | ')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
