/**
 * report.md: a GitHub-flavoured Markdown summary for a PR comment or $GITHUB_STEP_SUMMARY.
 * Verdict and tables first, then failures with evidence, errors, experimental results, skips.
 * The whole text stays under a size budget (GitHub comments stop at 65,536 characters): when a run has
 * very many failures, later ones are listed in one line each and then only counted.
 */
import { oneLine } from '../../spec/brief.js';
import { CHOICES } from '../choices.js';
import { checksTitledIn, type MessageKey, type Translate, translator } from '../i18n/index.js';
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
  langOf,
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

const COLUMNS = [
  'report.col.pass',
  'report.col.fail',
  'report.col.error',
  'report.col.skip',
  'report.col.total',
] as const;

function summaryTables(run: RunResult, t: Translate): string {
  const TABLE_HEAD = [`| ${COLUMNS.map((column) => t(column)).join(' | ')} |`, '|---:|---:|---:|---:|---:|'];
  const levels: Level[] = [...CHOICES.level];
  const byLevelRows = levels
    .filter((level) => run.summary.byLevel[level].total > 0)
    .map((level) => countsRow(`**${level}**`, run.summary.byLevel[level]));
  const byGroupRows = groupsOf(run)
    .filter((group) => run.summary.byGroup[group])
    .map((group) => countsRow(escapeCell(group), run.summary.byGroup[group]));
  const head = (first: string) => [`| ${first} ${TABLE_HEAD[0]}`, `|:---${TABLE_HEAD[1]}`];
  const parts = [
    [...head(t('report.col.level')), ...byLevelRows].join('\n'),
    [...head(t('report.col.group')), ...byGroupRows].join('\n'),
  ];
  const experimental = run.summary.experimental;
  if (experimental.total > 0) {
    const [pass, fail, error, skip] = [
      experimental.pass,
      experimental.fail,
      experimental.error,
      experimental.skip,
    ].map(String);
    const counted = run.includeExperimental ? 'yes' : 'no';
    parts.push(t('md.experimental', { counted, pass, fail, error, skip }));
  }
  return parts.join('\n\n');
}

function header(run: RunResult, t: Translate): string {
  const stopped = noVerdict(run, t);
  const verdict = stopped
    ? `⏹ ${escapeInline(stopped)}`
    : run.verdict === 'pass'
      ? `✅ ${t('report.verdict.pass')}`
      : `❌ ${t('report.verdict.fail')}`;
  const client = clientTarget(run, t);
  const meta = [
    `${code(`${run.tool.name} ${run.tool.version}`)}`,
    client
      ? t('report.meta.target', { target: code(client) })
      : t('report.meta.target', { target: code(run.target.baseUrl) }) +
        (run.target.embedded ? t('report.meta.embedded') : ''),
    t('report.meta.spec', {
      name: escapeInline(run.spec.name),
      hash: code(run.spec.catalogueHash.slice(0, 19)),
    }),
    t('report.meta.profile', { profile: code(run.profile) }),
    t('report.meta.level', { level: code(run.level) }),
    humanDuration(run.durationMs, t),
  ];
  const lines = [`## ${t('report.titleWithVerdict', { verdict })}`, '', meta.join(' · ')];
  // A run that stopped before its checks has no counts, and its variants were not detected.
  if (stopped) return lines.join('\n');
  const counts = run.summary;
  const [total, pass, fail, error, skip] = [
    counts.total,
    counts.pass,
    counts.fail,
    counts.error,
    counts.skip,
  ].map(String);
  lines.push('', t('md.counts', { total, pass, fail, error, skip }));
  if (run.target.faults?.length)
    lines.push('', t('md.faults', { faults: run.target.faults.map((f) => code(f)).join(', ') }));
  const variants = Object.entries(run.variants);
  if (variants.length) {
    const text = variants.map(([point, value]) => `${escapeInline(point)} = ${code(value)}`).join(', ');
    lines.push('', t('md.variants', { variants: text }));
  }
  return lines.join('\n');
}

function baselineSection(run: RunResult, t: Translate): string | undefined {
  const baseline = run.baseline;
  if (!baseline) return undefined;
  const { expected, stale, unknown } = baseline;
  const lines = [
    `### ${t('report.baseline')}${baseline.file ? t('report.parenthesis', { text: code(baseline.file) }) : ''}`,
    '',
    t('report.baseline.counts', {
      expected: String(expected.length),
      stale: String(stale.length),
      unknown: String(unknown.length),
    }),
  ];
  const reason = baselineVerdictReason(run);
  if (reason)
    lines.push('', `**${escapeInline(reason)}**`, '', ...baseline.stale.map((id) => `- ${code(id)}`));
  if (baseline.unknown.length) {
    lines.push('', t('md.baseline.unknown'));
    lines.push(...baseline.unknown.map((id) => `- ${code(id)}`));
  }
  return lines.join('\n');
}

/** Full entry of a failing or erroring check: evidence and curl in a collapsed block. */
function fullEntry(check: CheckResult, run: RunResult, t: Translate): string {
  const evidence = check.evidence;
  const rules = check.rules.map((rule) => code(rule)).join(', ') || '—';
  const lines = [
    `#### ${STATUS_ICON[check.status]} ${code(check.id)} — ${escapeInline(check.title)}`,
    '',
    t('md.levelRules', { level: check.level, note: countingNote(check, run, t), rules }),
  ];
  // Reasons often restate "expected …; observed …": then the two fields below say it already.
  const restated = evidence?.expected && check.reason?.includes(evidence.expected);
  if (check.reason && !restated) lines.push('', escapeInline(oneLine(check.reason, 2_000)));
  const field = (key: MessageKey, text: string | undefined) => {
    if (!text) return;
    const label = t(key);
    if (text.includes('\n') || text.length > 300)
      lines.push('', t('md.fieldBlock', { label }), '', fenced(truncate(text, 2000, t)));
    else lines.push('', t('md.field', { label, text: escapeInline(text) }));
  };
  field('report.label.expected', evidence?.expected);
  field('report.label.observed', observedOf(check, t));
  field('report.label.alone', confirmationNote(check, t));
  const rerun = check.confirmation?.evidence;
  if (rerun?.observed && rerun.observed !== evidence?.observed)
    field('report.label.observedAlone', rerun.observed);
  for (const note of evidence?.notes ?? []) lines.push('', `> ${escapeInline(note)}`);
  const curls = curlsOf(check);
  const last = evidence?.exchanges.at(-1);
  if (curls.length || last) {
    lines.push('', `<details><summary>${t('md.reproduceWithCurl')}</summary>`, '');
    const shown = curls.slice(-MAX_CURLS);
    if (curls.length > shown.length) {
      lines.push(t('md.lastRequests', { shown: String(shown.length), total: String(curls.length) }), '');
    }
    if (shown.length) lines.push(fenced(shown.join('\n\n'), 'sh'));
    if (last?.response) {
      lines.push(
        '',
        t('report.lastResponse', { status: String(last.response.status) }),
        '',
        fenced(truncate(last.response.body, 1500, t)),
      );
    } else if (last?.error) {
      lines.push('', t('report.lastRequestFailed', { error: escapeInline(last.error) }));
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
function addProblems(
  budget: Budget,
  title: string,
  checks: CheckResult[],
  run: RunResult,
  t: Translate,
): void {
  if (checks.length === 0) return;
  budget.add(`### ${t('md.section', { title, n: String(checks.length) })}`);
  let omitted = 0;
  for (const check of checks) {
    const full = fullEntry(check, run, t);
    if (budget.fits(full)) budget.add(full);
    else if (budget.fits(compactEntry(check))) budget.add(compactEntry(check));
    else omitted += 1;
  }
  if (omitted > 0) {
    budget.add(t('md.omitted', { n: String(omitted) }));
  }
}

function addSkipped(budget: Budget, checks: CheckResult[], t: Translate): void {
  if (checks.length === 0) return;
  const rows: string[] = [];
  let omitted = 0;
  const head = `| ${t('report.col.check')} | ${t('report.col.reason')} |`;
  const open = `<details><summary>${t('md.skipped', { n: String(checks.length) })}</summary>\n\n${head}\n|:---|:---|`;
  let size = open.length;
  for (const check of checks) {
    const row = `| ${code(check.id, true)} | ${escapeCell(oneLine(check.reason ?? '', SKIP_REASON_LIMIT))} |`;
    if (budget.fits('x'.repeat(size + row.length), 400)) {
      rows.push(row);
      size += row.length + 1;
    } else omitted += 1;
  }
  const note = omitted > 0 ? `\n\n${t('md.skipped.omitted', { n: String(omitted) })}` : '';
  budget.add(`${open}\n${rows.join('\n')}${note}\n\n</details>`);
}

/** Check ids in code, the first ones only (the others counted): a list never a page long. */
const someIds = (ids: readonly string[], t: Translate, shown = 12): string =>
  ids
    .slice(0, shown)
    .map((id) => code(id))
    .join(', ') + (ids.length > shown ? t('report.idsAndMore', { n: String(ids.length - shown) }) : '');

/** "What to fix first": each cause, its fix, its first check with its evidence and one reproduction, its other checks. */
function causesSection(run: RunResult, t: Translate): string | undefined {
  const headline = causesHeadline(run, t);
  if (!headline) return undefined;
  const lines = [`### ${t('console.causes.heading', { headline: escapeInline(headline) })}`, ''];
  const byId = new Map(run.checks.map((check) => [check.id, check]));
  (run.causes ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    const count = t('console.causes.count', { n: cause.checkIds.length });
    const [title, section, fix] = [cause.title, cause.section, cause.fix].map(escapeInline);
    lines.push(`${index + 1}. ${t('md.cause', { count, title, section, fix })}`);
    if (cause.operations.length)
      lines.push(`   ${t('report.operations', { ops: cause.operations.map((op) => code(op)).join(', ') })}`);
    const first = byId.get(cause.checkIds[0]);
    const observed = first && (observedOf(first, t) ?? (first.evidence?.expected ? undefined : first.reason));
    if (first)
      lines.push(
        `   ${t('md.first', { id: code(first.id) })}` +
          (first.evidence?.expected
            ? t('md.first.expected', { text: escapeInline(oneLine(first.evidence.expected, 300)) })
            : '') +
          (observed ? t('md.first.observed', { text: escapeInline(oneLine(observed, 300)) }) : ''),
      );
    if (cause.checkIds.length > 1)
      lines.push(`   ${t('report.also', { ids: someIds(cause.checkIds.slice(1), t) })}`);
    const curl = first?.evidence?.exchanges.at(-1)?.curl;
    if (curl)
      lines.push(
        '',
        `   <details><summary>${t('report.reproduce')}</summary>`,
        '',
        indentBlock(fenced(curl, 'sh')),
        '',
        '   </details>',
      );
  });
  const more = moreCausesLine(run.causes ?? [], t);
  if (more) lines.push('', `_${escapeInline(more)}_`);
  return lines.join('\n');
}

/** "What was not decided, and why": each cause of skipped checks, what would decide them, its checks (issue 43). */
function undecidedSection(run: RunResult, t: Translate): string | undefined {
  const headline = undecidedHeadline(run, t);
  if (!headline) return undefined;
  const lines = [`### ${t('console.undecided.heading', { headline: escapeInline(headline) })}`, ''];
  (run.undecidedCauses ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    const detail =
      cause.detail && !cause.title.includes(cause.detail)
        ? t('report.detail', { detail: escapeInline(oneLine(cause.detail, 300)) })
        : '';
    const held = heldCount(cause, t);
    const title = escapeInline(oneLine(cause.title, 300));
    const decide = escapeInline(oneLine(cause.decide, 500));
    lines.push(`${index + 1}. ${t('md.undecided', { held, title, detail, decide })}`);
    if (cause.operations.length)
      lines.push(`   ${t('report.operations', { ops: cause.operations.map((op) => code(op)).join(', ') })}`);
    lines.push(`   ${t('report.checks', { ids: someIds(cause.checkIds, t) })}`);
  });
  const more = moreCausesLine(run.undecidedCauses ?? [], t);
  if (more) lines.push('', `_${escapeInline(more)}_`);
  return lines.join('\n');
}

const indentBlock = (text: string): string =>
  text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');

/** Where the run stopped early, and what the target did outside any check (never a verdict). */
function findingsSection(run: RunResult, t: Translate): string | undefined {
  const lines: string[] = [];
  if (run.stopped) {
    const reason = escapeInline(oneLine(run.stopped.reason, 2_000));
    lines.push(t('md.stopped', { phase: run.stopped.phase, reason }), '');
  }
  if (run.findings?.length) {
    lines.push(`### ${t('report.findings', { n: String(run.findings.length) })}`, '');
    for (const finding of run.findings)
      lines.push(
        `- **${finding.level}** ${code(finding.id)} ${escapeInline(finding.title)}${finding.count > 1 ? ` (×${finding.count})` : ''}: ${escapeInline(oneLine(finding.detail, 2_000))}`,
      );
  }
  return lines.length ? lines.join('\n') : undefined;
}

export const renderMarkdown: Reporter = (result, options) => {
  const limit = typeof options.maxLength === 'number' ? options.maxLength : DEFAULT_MARKDOWN_LIMIT;
  const budget = new Budget(limit);
  const t = translator(langOf(options));
  const run = checksTitledIn(result, langOf(options));
  budget.add(header(run, t));
  const causes = causesSection(run, t);
  if (causes) budget.add(causes);
  const undecided = undecidedSection(run, t);
  if (undecided) budget.add(undecided);
  if (!noVerdict(run)) budget.add(summaryTables(run, t));
  const baseline = baselineSection(run, t);
  if (baseline) budget.add(baseline);
  const findings = findingsSection(run, t);
  if (findings) budget.add(findings);
  const leftBehind = leftBehindMarkdown(run, { text: escapeInline, code, t });
  if (leftBehind) budget.add(leftBehind);

  const core = run.checks.filter((check) => !check.experimental);
  const problems = core.filter((check) => isFailing(check) && !check.expectedFailure);
  const failures = problems.filter((check) => check.status === 'fail').sort(byLevel);
  addProblems(budget, t('md.failures'), failures, run, t);
  const errors = problems.filter((check) => check.status === 'error').sort(byLevel);
  addProblems(budget, t('md.errors'), errors, run, t);
  addProblems(
    budget,
    t('md.expectedFailures'),
    core.filter((check) => check.expectedFailure),
    run,
    t,
  );
  const experimental = run.checks.filter((check) => check.experimental && isFailing(check));
  const counted = run.includeExperimental ? 'yes' : 'no';
  addProblems(budget, t('md.experimentalFailures', { counted }), experimental.sort(byLevel), run, t);
  addSkipped(
    budget,
    run.checks.filter((check) => check.status === 'skip'),
    t,
  );
  const [tool, version, at] = [run.tool.name, run.tool.version, run.startedAt].map(escapeInline);
  budget.add(`<sub>${t('md.footer', { tool, version, at })}</sub>`);
  return budget.toString();
};
