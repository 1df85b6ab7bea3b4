/**
 * report.md: a GitHub-flavoured Markdown summary for a PR comment or $GITHUB_STEP_SUMMARY.
 * Verdict and tables first, then failures with evidence, errors, experimental results, skips.
 * The whole text stays under a size budget (GitHub comments stop at 65,536 characters): when a run has
 * very many failures, later ones are listed in one line each and then only counted.
 */
import { oneLine } from '../../spec/brief.js';
import { CHOICES } from '../choices.js';
import type { CheckResult, Level, RunResult, StatusCounts } from '../runner/model.js';
import {
  baselineVerdictReason,
  byLevel,
  causesHeadline,
  clientTarget,
  confirmationNote,
  countingNote,
  curlsOf,
  groupsOf,
  heldCount,
  humanDuration,
  isFailing,
  MAX_CAUSES_SHOWN,
  moreCausesLine,
  noVerdict,
  observedOf,
  truncate,
  undecidedHeadline,
} from './common.js';
import { leftBehindMarkdown } from './left-behind.js';
import type { Reporter } from './types.js';

/** Leaves headroom under GitHub's 65,536-character comment limit. */
export const DEFAULT_MARKDOWN_LIMIT = 60_000;
/** Curl commands shown per failure: the failing request is last, earlier ones are usually setup. */
const MAX_CURLS = 4;
/** Room kept for the closing notes of each section. */
const RESERVE = 1_500;

/** Escapes text for inline Markdown: HTML, emphasis and link syntax, and line breaks. */
export function escapeInline(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~])/g, '\\$1')
    .replace(/\r?\n/g, ' ');
}

/** Escapes text for a table cell: inline escaping plus pipes (GFM splits cells on them). */
export const escapeCell = (text: string): string => escapeInline(text);

/** An inline code span that survives backticks inside (CommonMark: a longer backtick run fences). */
export function code(text: string, inTable = false): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  const body = inTable ? padded.replace(/\|/g, '\\|') : padded;
  return `${fence}${body.replace(/\r?\n/g, ' ')}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run in the content. */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

const STATUS_ICON = { pass: '✅', fail: '❌', error: '⚠️', skip: '⏭️' } as const;

function countsRow(label: string, counts: StatusCounts): string {
  return `| ${label} | ${counts.pass} | ${counts.fail} | ${counts.error} | ${counts.skip} | ${counts.total} |`;
}

const TABLE_HEAD = ['| Pass | Fail | Error | Skip | Total |', '|---:|---:|---:|---:|---:|'];

function summaryTables(run: RunResult): string {
  const levels: Level[] = [...CHOICES.level];
  const byLevelRows = levels
    .filter((level) => run.summary.byLevel[level].total > 0)
    .map((level) => countsRow(`**${level}**`, run.summary.byLevel[level]));
  const byGroupRows = groupsOf(run)
    .filter((group) => run.summary.byGroup[group])
    .map((group) => countsRow(escapeCell(group), run.summary.byGroup[group]));
  const head = (first: string) => [`| ${first} ${TABLE_HEAD[0]}`, `|:---${TABLE_HEAD[1]}`];
  const parts = [
    [...head('Level'), ...byLevelRows].join('\n'),
    [...head('Group'), ...byGroupRows].join('\n'),
  ];
  const experimental = run.summary.experimental;
  if (experimental.total > 0) {
    parts.push(
      `Experimental (${run.includeExperimental ? 'counted in the verdict' : 'counted apart, not in the verdict'}): ` +
        `${experimental.pass} pass, ${experimental.fail} fail, ${experimental.error} error, ${experimental.skip} skip.`,
    );
  }
  return parts.join('\n\n');
}

function header(run: RunResult): string {
  const stopped = noVerdict(run);
  const verdict = stopped ? `⏹ ${escapeInline(stopped)}` : run.verdict === 'pass' ? '✅ PASS' : '❌ FAIL';
  const meta = [
    `${code(`${run.tool.name} ${run.tool.version}`)}`,
    clientTarget(run)
      ? `target ${code(clientTarget(run)!)}`
      : `target ${code(run.target.baseUrl)}${run.target.embedded ? ' (embedded reference)' : ''}`,
    `spec ${escapeInline(run.spec.name)} ${code(run.spec.catalogueHash.slice(0, 19))}`,
    `profile ${code(run.profile)}`,
    `level ${code(run.level)}`,
    humanDuration(run.durationMs),
  ];
  const lines = [`## Chat API conformance: ${verdict}`, '', meta.join(' · ')];
  // A run that stopped before its checks has no counts, and its variants were not detected.
  if (stopped) return lines.join('\n');
  const counts = run.summary;
  lines.push(
    '',
    `**${counts.total} checks:** ${counts.pass} passed, ${counts.fail} failed, ${counts.error} errored, ${counts.skip} skipped.`,
  );
  if (run.target.faults?.length)
    lines.push('', `Faults injected: ${run.target.faults.map((f) => code(f)).join(', ')}`);
  const variants = Object.entries(run.variants);
  if (variants.length) {
    lines.push(
      '',
      `Variants: ${variants.map(([point, value]) => `${escapeInline(point)} = ${code(value)}`).join(', ')}`,
    );
  }
  return lines.join('\n');
}

function baselineSection(run: RunResult): string | undefined {
  const baseline = run.baseline;
  if (!baseline) return undefined;
  const lines = [
    `### Baseline${baseline.file ? ` (${code(baseline.file)})` : ''}`,
    '',
    `${baseline.expected.length} expected failures not counted, ${baseline.stale.length} stale, ` +
      `${baseline.unknown.length} unknown.`,
  ];
  const reason = baselineVerdictReason(run);
  if (reason)
    lines.push('', `**${escapeInline(reason)}**`, '', ...baseline.stale.map((id) => `- ${code(id)}`));
  if (baseline.unknown.length) {
    lines.push('', 'Listed but not in this run (renamed, removed or filtered out):');
    lines.push(...baseline.unknown.map((id) => `- ${code(id)}`));
  }
  return lines.join('\n');
}

/** Full entry of a failing or erroring check: evidence and curl in a collapsed block. */
function fullEntry(check: CheckResult, run: RunResult): string {
  const evidence = check.evidence;
  const rules = check.rules.map((rule) => code(rule)).join(', ') || '—';
  const lines = [
    `#### ${STATUS_ICON[check.status]} ${code(check.id)} — ${escapeInline(check.title)}`,
    '',
    `**Level:** ${check.level} (${countingNote(check, run)}) · **Rules:** ${rules}`,
  ];
  // Reasons often restate "expected …; observed …": then the two fields below say it already.
  const restated = evidence?.expected && check.reason?.includes(evidence.expected);
  if (check.reason && !restated) lines.push('', escapeInline(oneLine(check.reason, 2_000)));
  const field = (label: string, text: string | undefined) => {
    if (!text) return;
    if (text.includes('\n') || text.length > 300)
      lines.push('', `**${label}:**`, '', fenced(truncate(text, 2000)));
    else lines.push('', `**${label}:** ${escapeInline(text)}`);
  };
  field('Expected', evidence?.expected);
  field('Observed', observedOf(check));
  field('Alone', confirmationNote(check));
  const rerun = check.confirmation?.evidence;
  if (rerun?.observed && rerun.observed !== evidence?.observed) field('Observed alone', rerun.observed);
  for (const note of evidence?.notes ?? []) lines.push('', `> ${escapeInline(note)}`);
  const curls = curlsOf(check);
  const last = evidence?.exchanges.at(-1);
  if (curls.length || last) {
    lines.push('', '<details><summary>Reproduce with curl</summary>', '');
    const shown = curls.slice(-MAX_CURLS);
    if (curls.length > shown.length) {
      lines.push(`The last ${shown.length} of ${curls.length} requests (all of them in report.html):`, '');
    }
    if (shown.length) lines.push(fenced(shown.join('\n\n'), 'sh'));
    if (last?.response) {
      lines.push(
        '',
        `Last response: HTTP ${last.response.status}`,
        '',
        fenced(truncate(last.response.body, 1500)),
      );
    } else if (last?.error) {
      lines.push('', `Last request failed: ${escapeInline(last.error)}`);
    }
    lines.push('', '</details>');
  }
  return lines.join('\n');
}

const compactEntry = (check: CheckResult): string =>
  `- ${STATUS_ICON[check.status]} ${code(check.id)} (${check.level}) — ${escapeInline(oneLine(check.reason ?? check.title, SKIP_REASON_LIMIT))}`;

/** A reason in a one-line row (the skipped table, a compact entry): its evidence is in report.json. */
const SKIP_REASON_LIMIT = 300;

/** Appends text while it fits the remaining budget. */
class Budget {
  private readonly parts: string[] = [];
  private used = 0;
  constructor(private readonly limit: number) {}
  fits(text: string, reserve = RESERVE): boolean {
    return this.used + text.length + 2 + reserve <= this.limit;
  }
  add(text: string): void {
    this.parts.push(text);
    this.used += text.length + 2;
  }
  toString(): string {
    return `${this.parts.join('\n\n')}\n`;
  }
}

/** A section of problems: full entries while they fit, then one line each, then a count. */
function addProblems(budget: Budget, title: string, checks: CheckResult[], run: RunResult): void {
  if (checks.length === 0) return;
  budget.add(`### ${title} (${checks.length})`);
  let omitted = 0;
  for (const check of checks) {
    const full = fullEntry(check, run);
    if (budget.fits(full)) budget.add(full);
    else if (budget.fits(compactEntry(check))) budget.add(compactEntry(check));
    else omitted += 1;
  }
  if (omitted > 0) {
    budget.add(
      `_… and ${omitted} more not shown to stay within the size of a comment: see report.html or report.json._`,
    );
  }
}

function addSkipped(budget: Budget, checks: CheckResult[]): void {
  if (checks.length === 0) return;
  const rows: string[] = [];
  let omitted = 0;
  const open = `<details><summary>Skipped (${checks.length})</summary>\n\n| Check | Reason |\n|:---|:---|`;
  let size = open.length;
  for (const check of checks) {
    const row = `| ${code(check.id, true)} | ${escapeCell(oneLine(check.reason ?? '', SKIP_REASON_LIMIT))} |`;
    if (budget.fits('x'.repeat(size + row.length), 400)) {
      rows.push(row);
      size += row.length + 1;
    } else omitted += 1;
  }
  const note = omitted > 0 ? `\n\n_… and ${omitted} more skipped checks: see report.json._` : '';
  budget.add(`${open}\n${rows.join('\n')}${note}\n\n</details>`);
}

/** Check ids in code, the first ones only (the others counted): a list never a page long. */
const someIds = (ids: readonly string[], shown = 12): string =>
  ids
    .slice(0, shown)
    .map((id) => code(id))
    .join(', ') + (ids.length > shown ? ` and ${ids.length - shown} more` : '');

/** "What to fix first": each cause, its fix, its first check with its evidence and one reproduction, its other checks. */
function causesSection(run: RunResult): string | undefined {
  const headline = causesHeadline(run);
  if (!headline) return undefined;
  const lines = [`### What to fix first (${escapeInline(headline)})`, ''];
  const byId = new Map(run.checks.map((check) => [check.id, check]));
  (run.causes ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    lines.push(
      `${index + 1}. **${cause.checkIds.length} check${cause.checkIds.length === 1 ? '' : 's'}** — ${escapeInline(cause.title)} (${escapeInline(cause.section)}). Fix: ${escapeInline(cause.fix)}.`,
    );
    if (cause.operations.length)
      lines.push(`   Operations: ${cause.operations.map((op) => code(op)).join(', ')}`);
    const first = byId.get(cause.checkIds[0]);
    const observed = first && (observedOf(first) ?? (first.evidence?.expected ? undefined : first.reason));
    if (first)
      lines.push(
        `   First check: ${code(first.id)}` +
          (first.evidence?.expected
            ? ` — expected ${escapeInline(oneLine(first.evidence.expected, 300))}`
            : '') +
          (observed ? `; observed ${escapeInline(oneLine(observed, 300))}` : ''),
      );
    if (cause.checkIds.length > 1) lines.push(`   Also: ${someIds(cause.checkIds.slice(1))}`);
    const curl = first?.evidence?.exchanges.at(-1)?.curl;
    if (curl)
      lines.push(
        '',
        '   <details><summary>Reproduce</summary>',
        '',
        indentBlock(fenced(curl, 'sh')),
        '',
        '   </details>',
      );
  });
  const more = moreCausesLine(run.causes ?? []);
  if (more) lines.push('', `_${escapeInline(more)}_`);
  return lines.join('\n');
}

/** "What was not decided, and why": each cause of skipped checks, what would decide them, its checks (issue 43). */
function undecidedSection(run: RunResult): string | undefined {
  const headline = undecidedHeadline(run);
  if (!headline) return undefined;
  const lines = [`### What was not decided, and why (${escapeInline(headline)})`, ''];
  (run.undecidedCauses ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    lines.push(
      `${index + 1}. **${heldCount(cause)}** — ${escapeInline(oneLine(cause.title, 300))}` +
        (cause.detail && !cause.title.includes(cause.detail)
          ? `: ${escapeInline(oneLine(cause.detail, 300))}`
          : '') +
        `. To decide them: ${escapeInline(oneLine(cause.decide, 500))}.`,
    );
    if (cause.operations.length)
      lines.push(`   Operations: ${cause.operations.map((op) => code(op)).join(', ')}`);
    lines.push(`   Checks: ${someIds(cause.checkIds)}`);
  });
  const more = moreCausesLine(run.undecidedCauses ?? []);
  if (more) lines.push('', `_${escapeInline(more)}_`);
  return lines.join('\n');
}

const indentBlock = (text: string): string =>
  text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');

/** Where the run stopped early, and what the target did outside any check (never a verdict). */
function findingsSection(run: RunResult): string | undefined {
  const lines: string[] = [];
  if (run.stopped)
    lines.push(
      `**Stopped** during ${run.stopped.phase}: ${escapeInline(oneLine(run.stopped.reason, 2_000))}`,
      '',
    );
  if (run.findings?.length) {
    lines.push(`### Findings about the target (${run.findings.length}, not counted in the verdict)`, '');
    for (const finding of run.findings)
      lines.push(
        `- **${finding.level}** ${code(finding.id)} ${escapeInline(finding.title)}${finding.count > 1 ? ` (×${finding.count})` : ''}: ${escapeInline(oneLine(finding.detail, 2_000))}`,
      );
  }
  return lines.length ? lines.join('\n') : undefined;
}

export const renderMarkdown: Reporter = (run, options) => {
  const limit = typeof options.maxLength === 'number' ? options.maxLength : DEFAULT_MARKDOWN_LIMIT;
  const budget = new Budget(limit);
  budget.add(header(run));
  const causes = causesSection(run);
  if (causes) budget.add(causes);
  const undecided = undecidedSection(run);
  if (undecided) budget.add(undecided);
  if (!noVerdict(run)) budget.add(summaryTables(run));
  const baseline = baselineSection(run);
  if (baseline) budget.add(baseline);
  const findings = findingsSection(run);
  if (findings) budget.add(findings);
  const leftBehind = leftBehindMarkdown(run, { text: escapeInline, code });
  if (leftBehind) budget.add(leftBehind);

  const core = run.checks.filter((check) => !check.experimental);
  const problems = core.filter((check) => isFailing(check) && !check.expectedFailure);
  addProblems(budget, 'Failures', problems.filter((check) => check.status === 'fail').sort(byLevel), run);
  addProblems(
    budget,
    'Errors (the checker could not decide)',
    problems.filter((check) => check.status === 'error').sort(byLevel),
    run,
  );
  addProblems(
    budget,
    'Expected failures (baseline)',
    core.filter((check) => check.expectedFailure),
    run,
  );
  const experimental = run.checks.filter((check) => check.experimental && isFailing(check));
  addProblems(
    budget,
    `Experimental failures (${run.includeExperimental ? 'counted' : 'not counted'})`,
    experimental.sort(byLevel),
    run,
  );
  addSkipped(
    budget,
    run.checks.filter((check) => check.status === 'skip'),
  );
  budget.add(
    `<sub>Generated by ${escapeInline(run.tool.name)} ${escapeInline(run.tool.version)} at ${escapeInline(run.startedAt)}. ` +
      'Full evidence: report.html, report.json.</sub>',
  );
  return budget.toString();
};
