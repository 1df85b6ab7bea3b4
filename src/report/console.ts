/**
 * Console writer: a pure function of the run (summary by group and level; each failure with rule ids,
 * expected, observed and curl; skips with reasons). The live progress is src/report/progress.ts.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { namingHtmlPages, oneLine, shorten } from '../../spec/brief.js';
import { CHOICES } from '../choices.js';
import { asLang, checksTitledIn, padEndColumns, type Translate, translator } from '../i18n/index.js';
import type { CheckResult, Level, RunResult, Status, StatusCounts } from '../runner/model.js';
import { countedChecks, countedOutcome, nothingCountedReason, skipGroupsOf } from '../runner/summary.js';
import {
  baselineVerdictReason,
  causesHeadline,
  clientTarget,
  confirmationNote,
  countingNote,
  failingChecks,
  groupsOf,
  heldCount,
  humanDuration,
  idLines,
  MAX_CAUSES_SHOWN,
  moreCausesLine,
  observedOf,
  undecidedHeadline,
  unexplainedSkips,
} from './common.js';
import type { Reporter, ReporterOptions } from './types.js';

const paint = (options: ReporterOptions): ChalkInstance => new Chalk({ level: options.color ? 1 : 0 });

const statusLabel = (c: ChalkInstance, status: Status): string =>
  ({
    pass: c.green('PASS '),
    fail: c.red('FAIL '),
    skip: c.yellow('SKIP '),
    error: c.magenta('ERROR'),
  })[status];

/** A row of counts; numbers right-aligned in columns wide enough for any run (rows line up). */
const counts = (c: ChalkInstance, t: Translate, value: StatusCounts): string => {
  const n = (count: number) => String(count).padStart(3);
  const fail = t('console.counts.fail', { n: n(value.fail) });
  const error = t('console.counts.error', { n: n(value.error) });
  return [
    t('console.counts.total', { n: n(value.total) }),
    c.green(t('console.counts.pass', { n: n(value.pass) })),
    value.fail ? c.red(fail) : fail,
    value.error ? c.magenta(error) : error,
    t('console.counts.skip', { n: n(value.skip) }),
  ].join('  ');
};

/** A value on a summary line: one line (an HTML page named, not shown; report.json has it whole), cut safely. */
const line = (text: string, limit = LINE_LIMIT): string => oneLine(text, limit);
/** The longest value a console line shows (an observed value is cut at 2,000 characters already). */
const LINE_LIMIT = 2_000;

const indent = (text: string, prefix = '      '): string =>
  text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');

function describeCheck(c: ChalkInstance, t: Translate, check: CheckResult, run: RunResult): string {
  const lines = [
    `${statusLabel(c, check.status)} ${check.level.padEnd(6)} ${c.bold(check.id)}  ${c.dim(check.title)}`,
  ];
  const details: string[] = [];
  if (check.status !== 'pass')
    details.push(
      t('console.label.rules', {
        rules: check.rules.join(', ') || t('console.none'),
        note: countingNote(check, run, t),
      }),
    );
  if (check.status === 'skip' || (check.status === 'error' && !check.evidence?.expected)) {
    details.push(t('console.label.reason', { text: line(check.reason ?? '') }));
  }
  if (check.evidence?.expected)
    details.push(t('console.label.expected', { text: line(check.evidence.expected) }));
  const confirmed = confirmationNote(check, t);
  const observed = observedOf(check, t);
  if (observed !== undefined) details.push(t('console.label.observed', { text: line(observed) }));
  else if (check.status === 'fail' && check.reason && !check.evidence?.expected)
    details.push(t('console.label.reason', { text: line(check.reason) }));
  // A note may be a transcript, lines of evidence: its lines stay, an HTML page in it is named.
  for (const note of check.evidence?.notes ?? [])
    details.push(c.dim(t('console.label.note', { text: shorten(namingHtmlPages(note), LINE_LIMIT) })));
  const exchanges = check.evidence?.exchanges ?? [];
  const last = exchanges[exchanges.length - 1];
  if (last && (check.status === 'fail' || check.status === 'error')) {
    const response = last.response
      ? `HTTP ${last.response.status} ${line(last.response.body, 300)}`
      : last.error && line(last.error);
    details.push(
      t('console.label.lastExchange', {
        text: `${last.request.method} ${last.request.url} → ${response ?? ''}`,
      }),
    );
    details.push(t('console.label.reproduce', { text: c.cyan(last.curl) }));
  }
  if (confirmed) details.push(line(confirmed));
  if (details.length) lines.push(indent(details.join('\n')));
  return lines.join('\n');
}

/** The lines of a cause's first check: what it expected, what it saw, and how to reproduce it (once per cause). */
function firstCheckLines(c: ChalkInstance, t: Translate, check: CheckResult | undefined): string[] {
  if (!check) return [];
  const rules = check.rules.join(', ') || t('report.noRules');
  const lines = [t('console.label.first', { id: c.bold(check.id), level: check.level, rules })];
  if (check.evidence?.expected)
    lines.push(`  ${t('console.label.expected', { text: line(check.evidence.expected, CAUSE_LINE) })}`);
  const observed = observedOf(check, t) ?? (check.evidence?.expected ? undefined : check.reason);
  if (observed !== undefined)
    lines.push(`  ${t('console.label.observed', { text: line(observed, CAUSE_LINE) })}`);
  const last = check.evidence?.exchanges.at(-1);
  if (last?.curl) lines.push(`  ${t('console.label.reproduce', { text: c.cyan(last.curl) })}`);
  return lines;
}

/** The longest value a cause's line shows (its first check in full is in report.html). */
const CAUSE_LINE = 300;

/**
 * The "What to fix first" block: each cause with its count, section, fix, its first check in full (the
 * evidence once) and its other checks by id; the causes beyond MAX_CAUSES_SHOWN in one line.
 */
function causeLines(c: ChalkInstance, t: Translate, run: RunResult): string[] {
  const headline = causesHeadline(run, t);
  if (!headline) return [];
  const lines = [c.bold(t('console.causes.heading', { headline }))];
  const byId = new Map(run.checks.map((check) => [check.id, check]));
  (run.causes ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    const count = t('console.causes.count', { n: cause.checkIds.length });
    lines.push(
      `  ${index + 1}. ${c.red.bold(count)}  ${line(cause.title, CAUSE_LINE)}${t('report.parenthesis', { text: cause.section })}`,
    );
    const details: string[] = [];
    if (cause.operations.length)
      details.push(
        ...idLines(cause.operations, t).map((ids, n) => `${n ? '  ' : t('console.label.operations')}${ids}`),
      );
    details.push(t('console.label.fix', { text: cause.fix }));
    details.push(...firstCheckLines(c, t, byId.get(cause.checkIds[0])));
    const others = cause.checkIds.slice(1);
    if (others.length)
      details.push(...idLines(others, t).map((ids, n) => `${n ? '  ' : t('console.label.also')}${ids}`));
    lines.push(indent(details.join('\n'), '       '));
  });
  const more = moreCausesLine(run.causes ?? [], t);
  if (more) lines.push(`  ${more}`);
  const unexplained =
    failingChecks(run).length - new Set((run.causes ?? []).flatMap((cause) => cause.checkIds)).size;
  if (unexplained > 0) lines.push(`  ${t('console.causes.unexplained', { n: unexplained })}`);
  lines.push('');
  return lines;
}

/**
 * The "What was not decided, and why" block (issue 43): each cause of skipped, undecided and not-offered
 * checks with its count, what would decide them, what a check said and its checks (wrapped, counted).
 */
function undecidedLines(c: ChalkInstance, t: Translate, run: RunResult): string[] {
  const headline = undecidedHeadline(run, t);
  if (!headline) return [];
  const lines = [c.bold(t('console.undecided.heading', { headline }))];
  (run.undecidedCauses ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    const held = heldCount(cause, t);
    lines.push(`  ${index + 1}. ${c.yellow.bold(held)}  ${line(cause.title, CAUSE_LINE)}`);
    const details = [t('console.label.decide', { text: line(cause.decide, 500) })];
    // What a check said, unless the title or the advice says it already (a reason is printed once).
    if (cause.detail && !cause.title.includes(cause.detail) && !cause.detail.includes(cause.decide))
      details.push(t('console.label.seen', { text: line(cause.detail, CAUSE_LINE) }));
    if (cause.operations.length)
      details.push(`${t('console.label.operations')}${idLines(cause.operations, t).join(' ')}`);
    details.push(
      ...idLines(cause.checkIds, t).map((ids, n) => `${n ? '  ' : t('console.label.checks')}${ids}`),
    );
    lines.push(indent(details.join('\n'), '       '));
  });
  const more = moreCausesLine(run.undecidedCauses ?? [], t);
  if (more) lines.push(`  ${more}`);
  lines.push('');
  return lines;
}

/** Skip groups shown under the verdict line; the rest are summed up (each skip is listed above). */
const MAX_SKIP_GROUPS = 6;

/**
 * The verdict line: how many counted checks ran and how many skipped, and why (grouped by reason: a
 * missing capability's reason names the flag that enables it). A run where no counted check ran is not
 * CONFORMS (nothingCountedReason; the CLI exits 2).
 */
function verdictLines(c: ChalkInstance, t: Translate, run: RunResult): string[] {
  const outcome = countedOutcome(run);
  const duration = humanDuration(run.durationMs, t);
  const skipped = outcome.skipped ? t('console.verdict.skipped', { n: outcome.skipped }) : '';
  const nothing = nothingCountedReason(run);
  // The reasons first: the verdict stays the last line (--quiet prints only that).
  const lines: string[] = [];
  // The skips a cause of "What was not decided" holds are listed there; the others here, by reason.
  const unexplained = unexplainedSkips(run);
  const groups = skipGroupsOf(countedChecks(run).filter((check) => unexplained.has(check.id)));
  if (groups.length)
    lines.push(
      c.bold(t(run.undecidedCauses?.length ? 'console.skips.headingBesideCauses' : 'console.skips.heading')),
    );
  for (const group of groups.slice(0, MAX_SKIP_GROUPS)) {
    lines.push(
      c.yellow(t('console.skips.row', { count: String(group.count).padStart(3), reason: group.reason })),
    );
  }
  const notOffered = run.checks.filter((check) => check.notOffered).length;
  if (notOffered) lines.push(c.dim(t('console.notOffered', { n: notOffered })));
  const rest = groups.slice(MAX_SKIP_GROUPS);
  if (rest.length) {
    const count = rest.reduce((sum, group) => sum + group.count, 0);
    lines.push(c.yellow(t('console.skips.rest', { count: String(count).padStart(3), groups: rest.length })));
  }
  const stale = run.baseline?.stale ?? [];
  lines.push(
    nothing
      ? c.yellow.bold(t('console.verdict.none', { level: run.level, reason: nothing, duration }))
      : run.verdict === 'fail' && outcome.failing === 0 && stale.length > 0
        ? // Only the baseline fails the run: the line says so, and names them (--quiet prints only it).
          c.red.bold(
            t('console.verdict.stale', {
              n: stale.length,
              ids: stale.join(', '),
              ran: outcome.ran,
              skipped,
              duration,
            }),
          )
        : run.verdict === 'pass'
          ? c.green.bold(
              t('console.verdict.conforms', { level: run.level, ran: outcome.ran, skipped, duration }),
            )
          : c.red.bold(
              t('console.verdict.fails', {
                level: run.level,
                failing: outcome.failing,
                ran: outcome.ran,
                skipped,
                duration,
              }),
            ),
  );
  return lines;
}

export const renderConsole: Reporter = (result, options) => {
  const c = paint(options);
  const lang = asLang(options.lang) ?? 'en';
  const t = translator(lang);
  const run = checksTitledIn(result, lang);
  const out: string[] = [];
  const url = run.target.baseUrl;
  const target = clientTarget(run, t) ?? (run.target.embedded ? t('console.banner.embedded', { url }) : url);
  out.push(c.bold(t('console.banner.target', { version: run.tool.version, target })));
  out.push(
    c.dim(
      t('console.banner.settings', {
        profile: run.profile,
        level: run.level,
        experimental: run.includeExperimental ? 'counted' : 'apart',
      }) +
        (run.target.faults?.length
          ? t('console.banner.faults', { faults: run.target.faults.join(', ') })
          : '') +
        (run.seed === undefined ? '' : t('console.banner.seed', { seed: String(run.seed) })),
    ),
  );
  const variants = Object.entries(run.variants)
    .map(([point, value]) => `${point}=${value}`)
    .join(', ');
  if (variants) out.push(c.dim(t('console.banner.variants', { variants })));
  out.push('');

  // A failure a cause holds is shown there (its first check in full, the others by id); the rest here. A
  // skip is in a cause of "What was not decided" or in the reasons under the verdict (all with --verbose).
  const inCause = new Set((run.causes ?? []).flatMap((cause) => cause.checkIds));
  const problems = run.checks.filter(
    (check) =>
      (check.status === 'fail' || check.status === 'error') && (options.verbose || !inCause.has(check.id)),
  );
  const skips = options.verbose ? run.checks.filter((check) => check.status === 'skip') : [];
  const passes = run.checks.filter((check) => check.status === 'pass');
  out.push(...causeLines(c, t, run));
  out.push(...undecidedLines(c, t, run));
  if (options.verbose) for (const check of passes) out.push(describeCheck(c, t, check, run));
  for (const check of [...problems, ...skips]) out.push(describeCheck(c, t, check, run));
  if (problems.length || skips.length) out.push('');

  out.push(c.bold(t('console.byGroup')));
  for (const group of groupsOf(run))
    out.push(`  ${padEndColumns(group, 12)} ${counts(c, t, run.summary.byGroup[group])}`);
  out.push(c.bold(t('console.byLevel')));
  for (const level of [...CHOICES.level] as Level[]) {
    const value = run.summary.byLevel[level];
    if (value.total) out.push(`  ${padEndColumns(level, 12)} ${counts(c, t, value)}`);
  }
  if (run.summary.experimental.total) {
    out.push(c.bold(t('console.experimental', { counted: run.includeExperimental ? 'yes' : 'no' })));
    out.push(`  ${''.padEnd(12)} ${counts(c, t, run.summary.experimental)}`);
  }

  const failedUndos = (run.cleanup ?? []).filter((record) => record.status === 'failed');
  if (run.cleanup?.length) {
    const absent = run.cleanup.filter((record) => record.status === 'absent').length;
    out.push(
      t('console.cleanup.undone', { n: run.cleanup.filter((record) => record.status === 'undone').length }) +
        (absent ? t('console.cleanup.absent', { n: absent }) : '') +
        (failedUndos.length ? c.red(t('console.cleanup.failed', { n: failedUndos.length })) : ''),
    );
    for (const record of failedUndos) {
      const { label, operation, checkId } = record;
      out.push(
        c.red(t('console.cleanup.record', { label, operation, checkId, error: line(record.error ?? '') })),
      );
    }
  }
  for (const note of run.notes ?? []) out.push(c.dim(t('console.note', { text: line(note) })));
  for (const finding of run.findings ?? []) {
    const { level, id } = finding;
    out.push(
      c.yellow(t('console.finding', { level, id, title: line(finding.title), detail: line(finding.detail) })),
    );
  }
  if (run.stopped)
    out.push(c.red(t('console.stopped', { phase: run.stopped.phase, reason: line(run.stopped.reason) })));
  if (run.baseline) {
    const { expected, stale, unknown } = run.baseline;
    out.push(
      t('console.baseline', { expected: expected.length, stale: stale.length, unknown: unknown.length }),
    );
    const reason = baselineVerdictReason(run);
    if (reason) out.push(c.red(`  ${reason}`));
  }

  out.push('');
  if (run.interrupted) out.push(c.red.bold(t('console.interrupted')));
  out.push(...verdictLines(c, t, run));
  return `${out.join('\n')}\n`;
};
