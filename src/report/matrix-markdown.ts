/**
 * matrix.md: the fleet matrix as GitHub-flavoured Markdown. A summary table (one row per implementation:
 * verdict, score, badge, report), then one table per group with checks as rows and implementations as
 * columns; each cell links to that implementation's evidence for the check.
 */
import { type Lang, phraseLang, translator } from '../i18n/index.js';
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

export function renderMatrixMarkdown(matrix: Matrix, lang: Lang = phraseLang()): string {
  const t = translator(lang);
  const names = matrix.implementations.map(({ name }) => name);
  const checks = matrix.groups.reduce((sum, group) => sum + group.rows.length, 0);
  const columns = ['implementation', 'verdict', 'score', 'target', 'variants', 'badge', 'evidence'] as const;
  const lines = [
    `# ${t('matrix.title')}`,
    '',
    t('matrix.md.facts', { n: String(names.length), checks: String(checks), level: matrix.badgeLevel }),
    '',
    `| ${columns.map((column) => t(`matrix.col.${column}`)).join(' | ')} |`,
    '|:---|:---|---:|:---|:---|:---|:---|',
    ...matrix.implementations.map(({ name, run }, index) => {
      const score = matrix.scores[index];
      const verdict =
        run.verdict === 'pass' ? `✅ ${t('matrix.verdict.pass')}` : `❌ ${t('matrix.verdict.fail')}`;
      const faults = run.target.faults?.length
        ? t('report.parenthesis', {
            text: t('matrix.faults', { list: cellText(run.target.faults.join(', ')) }),
          })
        : '';
      return (
        `| **${cellText(name)}** | ${verdict} | ${score.passed}/${score.counted} | ` +
        `\`${cellText(run.target.baseUrl)}\`${faults} | ` +
        `${cellText(variantsOf(run))} | ` +
        `![${cellText(name)}](badges/${encodeURIComponent(name)}.svg) | [${t('matrix.report')}](${encodeURIComponent(name)}/report.html) |`
      );
    }),
  ];
  for (const { group, rows } of matrix.groups) {
    lines.push(
      '',
      `## ${group}`,
      '',
      `| ${t('matrix.col.check')} | ${t('matrix.col.level')} | ${names.map(cellText).join(' | ')} |`,
      `|:---|:---|${names.map(() => ':---:').join('|')}|`,
    );
    for (const row of rows) {
      const cells = row.cells.map((cell, column) => {
        const mark = `${SYMBOL[cell.status]}${cell.expectedFailure ? ' _(x)_' : cell.uncounted ? ' _(u)_' : ''}`;
        return cell.status === 'absent' ? mark : `[${mark}](${evidenceHref(names[column], row.id)})`;
      });
      const experimental = row.experimental
        ? t('report.parenthesis', { text: t('matrix.experimental') })
        : '';
      lines.push(`| \`${cellText(row.id)}\` | ${row.level}${experimental} | ${cells.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
