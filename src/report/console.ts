/**
 * Console writer: a pure function of the run (summary by group and level; each failure with rule ids,
 * expected, observed and curl; skips with reasons). The live progress is src/report/progress.ts.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { namingHtmlPages, oneLine, shorten } from '../../spec/brief.js';
import { CHOICES } from '../choices.js';
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
const counts = (c: ChalkInstance, value: StatusCounts): string => {
  const n = (count: number) => String(count).padStart(3);
  return [
    `${n(value.total)} checks`,
    c.green(`${n(value.pass)} pass`),
    value.fail ? c.red(`${n(value.fail)} fail`) : `${n(value.fail)} fail`,
    value.error ? c.magenta(`${n(value.error)} error`) : `${n(value.error)} error`,
    `${n(value.skip)} skip`,
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

function describeCheck(c: ChalkInstance, check: CheckResult, run: RunResult): string {
  const lines = [
    `${statusLabel(c, check.status)} ${check.level.padEnd(6)} ${c.bold(check.id)}  ${c.dim(check.title)}`,
  ];
  const details: string[] = [];
  if (check.status !== 'pass')
    details.push(`rules: ${check.rules.join(', ') || '(none)'}  (${countingNote(check, run)})`);
  if (check.status === 'skip' || (check.status === 'error' && !check.evidence?.expected)) {
    details.push(`reason: ${line(check.reason ?? '')}`);
  }
  if (check.evidence?.expected) details.push(`expected: ${line(check.evidence.expected)}`);
  const confirmed = confirmationNote(check);
  const observed = observedOf(check);
  if (observed !== undefined) details.push(`observed: ${line(observed)}`);
  else if (check.status === 'fail' && check.reason && !check.evidence?.expected)
    details.push(`reason: ${line(check.reason)}`);
  // A note may be a transcript, lines of evidence: its lines stay, an HTML page in it is named.
  for (const note of check.evidence?.notes ?? [])
    details.push(c.dim(`note: ${shorten(namingHtmlPages(note), LINE_LIMIT)}`));
  const exchanges = check.evidence?.exchanges ?? [];
  const last = exchanges[exchanges.length - 1];
  if (last && (check.status === 'fail' || check.status === 'error')) {
    const response = last.response
      ? `HTTP ${last.response.status} ${line(last.response.body, 300)}`
      : last.error && line(last.error);
    details.push(`last exchange: ${last.request.method} ${last.request.url} → ${response ?? ''}`);
    details.push(`reproduce: ${c.cyan(last.curl)}`);
  }
  if (confirmed) details.push(line(confirmed));
  if (details.length) lines.push(indent(details.join('\n')));
  return lines.join('\n');
}

/** The lines of a cause's first check: what it expected, what it saw, and how to reproduce it (once per cause). */
function firstCheckLines(c: ChalkInstance, check: CheckResult | undefined): string[] {
  if (!check) return [];
  const lines = [`first: ${c.bold(check.id)} (${check.level}; rules ${check.rules.join(', ') || 'none'})`];
  if (check.evidence?.expected) lines.push(`  expected: ${line(check.evidence.expected, CAUSE_LINE)}`);
  const observed = observedOf(check) ?? (check.evidence?.expected ? undefined : check.reason);
  if (observed !== undefined) lines.push(`  observed: ${line(observed, CAUSE_LINE)}`);
  const last = check.evidence?.exchanges.at(-1);
  if (last?.curl) lines.push(`  reproduce: ${c.cyan(last.curl)}`);
  return lines;
}

/** The longest value a cause's line shows (its first check in full is in report.html). */
const CAUSE_LINE = 300;

/**
 * The "What to fix first" block: each cause with its count, section, fix, its first check in full (the
 * evidence once) and its other checks by id; the causes beyond MAX_CAUSES_SHOWN in one line.
 */
function causeLines(c: ChalkInstance, run: RunResult): string[] {
  const headline = causesHeadline(run);
  if (!headline) return [];
  const lines = [c.bold(`What to fix first (${headline})`)];
  const byId = new Map(run.checks.map((check) => [check.id, check]));
  (run.causes ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    const count = `${cause.checkIds.length} check${cause.checkIds.length === 1 ? '' : 's'}`;
    lines.push(`  ${index + 1}. ${c.red.bold(count)}  ${line(cause.title, CAUSE_LINE)} (${cause.section})`);
    const details: string[] = [];
    if (cause.operations.length)
      details.push(...idLines(cause.operations).map((ids, n) => `${n ? '  ' : 'operations: '}${ids}`));
    details.push(`fix: ${cause.fix}`);
    details.push(...firstCheckLines(c, byId.get(cause.checkIds[0])));
    const others = cause.checkIds.slice(1);
    if (others.length) details.push(...idLines(others).map((ids, n) => `${n ? '  ' : 'also: '}${ids}`));
    lines.push(indent(details.join('\n'), '       '));
  });
  const more = moreCausesLine(run.causes ?? []);
  if (more) lines.push(`  ${more}`);
  const unexplained =
    failingChecks(run).length - new Set((run.causes ?? []).flatMap((cause) => cause.checkIds)).size;
  if (unexplained > 0)
    lines.push(`  ${unexplained} failing check${unexplained === 1 ? '' : 's'} in no cause: listed below`);
  lines.push('');
  return lines;
}

/**
 * The "What was not decided, and why" block (issue 43): each cause of skipped, undecided and not-offered
 * checks with its count, what would decide them, what a check said and its checks (wrapped, counted).
 */
function undecidedLines(c: ChalkInstance, run: RunResult): string[] {
  const headline = undecidedHeadline(run);
  if (!headline) return [];
  const lines = [c.bold(`What was not decided, and why (${headline})`)];
  (run.undecidedCauses ?? []).slice(0, MAX_CAUSES_SHOWN).forEach((cause, index) => {
    lines.push(`  ${index + 1}. ${c.yellow.bold(heldCount(cause))}  ${line(cause.title, CAUSE_LINE)}`);
    const details = [`decide: ${line(cause.decide, 500)}`];
    // What a check said, unless the title or the advice says it already (a reason is printed once).
    if (cause.detail && !cause.title.includes(cause.detail) && !cause.detail.includes(cause.decide))
      details.push(`seen: ${line(cause.detail, CAUSE_LINE)}`);
    if (cause.operations.length) details.push(`operations: ${idLines(cause.operations).join(' ')}`);
    details.push(...idLines(cause.checkIds).map((ids, n) => `${n ? '  ' : 'checks: '}${ids}`));
    lines.push(indent(details.join('\n'), '       '));
  });
  const more = moreCausesLine(run.undecidedCauses ?? []);
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
function verdictLines(c: ChalkInstance, run: RunResult): string[] {
  const outcome = countedOutcome(run);
  const duration = humanDuration(run.durationMs);
  const skipped = outcome.skipped ? `, ${outcome.skipped} skipped` : '';
  const nothing = nothingCountedReason(run);
  // The reasons first: the verdict stays the last line (--quiet prints only that).
  const lines: string[] = [];
  // The skips a cause of "What was not decided" holds are listed there; the others here, by reason.
  const unexplained = unexplainedSkips(run);
  const groups = skipGroupsOf(countedChecks(run).filter((check) => unexplained.has(check.id)));
  if (groups.length)
    lines.push(
      c.bold(
        run.undecidedCauses?.length
          ? 'Other skipped counted checks, by reason (the causes above hold the rest)'
          : 'Skipped counted checks, by reason',
      ),
    );
  for (const group of groups.slice(0, MAX_SKIP_GROUPS)) {
    lines.push(c.yellow(`  skipped ${String(group.count).padStart(3)} × ${group.reason}`));
  }
  const notOffered = run.checks.filter((check) => check.notOffered).length;
  if (notOffered)
    lines.push(c.dim(`Not offered by the login (login.features): ${notOffered} checks, not counted`));
  const rest = groups.slice(MAX_SKIP_GROUPS);
  if (rest.length) {
    const count = rest.reduce((sum, group) => sum + group.count, 0);
    lines.push(
      c.yellow(
        `  skipped ${String(count).padStart(3)} × other reasons (${rest.length}; in report.html and report.json)`,
      ),
    );
  }
  const stale = run.baseline?.stale ?? [];
  lines.push(
    nothing
      ? c.yellow.bold(`NO VERDICT at level ${run.level}: ${nothing} (${duration})`)
      : run.verdict === 'fail' && outcome.failing === 0 && stale.length > 0
        ? // Only the baseline fails the run: the line says so, and names them (--quiet prints only it).
          c.red.bold(
            `DOES NOT CONFORM: ${stale.length} stale baseline ${stale.length === 1 ? 'entry' : 'entries'} (${stale.join(', ')} now pass${stale.length === 1 ? 'es' : ''}: remove ${stale.length === 1 ? 'it' : 'them'} from the expected-failures file); ${outcome.ran} counted checks ran, none failed${skipped} (${duration})`,
          )
        : run.verdict === 'pass'
          ? c.green.bold(
              `CONFORMS at level ${run.level}: ${outcome.ran} counted checks ran, none failed${skipped} (${duration})`,
            )
          : c.red.bold(
              `DOES NOT CONFORM at level ${run.level}: ${outcome.failing} of ${outcome.ran} counted checks that ran failed or errored${skipped} (${duration})`,
            ),
  );
  return lines;
}

export const renderConsole: Reporter = (run, options) => {
  const c = paint(options);
  const out: string[] = [];
  const target =
    clientTarget(run) ?? `${run.target.baseUrl}${run.target.embedded ? ' (embedded reference)' : ''}`;
  out.push(c.bold(`chat-conformance ${run.tool.version} — ${target}`));
  out.push(
    c.dim(
      `profile ${run.profile}, verdict level ${run.level}, experimental ${run.includeExperimental ? 'counted' : 'reported apart'}` +
        (run.target.faults?.length ? `, faults: ${run.target.faults.join(', ')}` : '') +
        (run.seed === undefined ? '' : `, check order seed ${run.seed} (--seed ${run.seed} repeats it)`),
    ),
  );
  const variants = Object.entries(run.variants)
    .map(([point, value]) => `${point}=${value}`)
    .join(', ');
  if (variants) out.push(c.dim(`variants: ${variants}`));
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
  out.push(...causeLines(c, run));
  out.push(...undecidedLines(c, run));
  if (options.verbose) for (const check of passes) out.push(describeCheck(c, check, run));
  for (const check of [...problems, ...skips]) out.push(describeCheck(c, check, run));
  if (problems.length || skips.length) out.push('');

  out.push(c.bold('By group'));
  for (const group of groupsOf(run))
    out.push(`  ${group.padEnd(12)} ${counts(c, run.summary.byGroup[group])}`);
  out.push(c.bold('By level (non-experimental)'));
  for (const level of [...CHOICES.level] as Level[]) {
    const value = run.summary.byLevel[level];
    if (value.total) out.push(`  ${level.padEnd(12)} ${counts(c, value)}`);
  }
  if (run.summary.experimental.total) {
    out.push(
      c.bold(`Experimental (${run.includeExperimental ? 'counted' : 'not counted: --include-experimental'})`),
    );
    out.push(`  ${''.padEnd(12)} ${counts(c, run.summary.experimental)}`);
  }

  const failedUndos = (run.cleanup ?? []).filter((record) => record.status === 'failed');
  if (run.cleanup?.length) {
    out.push(
      `Cleanup: ${run.cleanup.filter((record) => record.status === 'undone').length} undone` +
        (run.cleanup.some((record) => record.status === 'absent')
          ? `, ${run.cleanup.filter((record) => record.status === 'absent').length} already gone (read back)`
          : '') +
        (failedUndos.length ? c.red(`, ${failedUndos.length} FAILED (not undone: see left-behind.sh):`) : ''),
    );
    for (const record of failedUndos) {
      out.push(
        c.red(
          `  ${record.label} (${record.operation}, created by ${record.checkId}): ${line(record.error ?? '')}`,
        ),
      );
    }
  }
  for (const note of run.notes ?? []) out.push(c.dim(`note: ${line(note)}`));
  for (const finding of run.findings ?? [])
    out.push(
      c.yellow(`finding (${finding.level}) ${finding.id}: ${line(finding.title)}: ${line(finding.detail)}`),
    );
  if (run.stopped) out.push(c.red(`Stopped during ${run.stopped.phase}: ${line(run.stopped.reason)}`));
  if (run.baseline) {
    out.push(
      `Baseline: ${run.baseline.expected.length} expected failures, ${run.baseline.stale.length} stale, ${run.baseline.unknown.length} unknown`,
    );
    const reason = baselineVerdictReason(run);
    if (reason) out.push(c.red(`  ${reason}`));
  }

  out.push('');
  if (run.interrupted) out.push(c.red.bold('Interrupted: not every check ran.'));
  out.push(...verdictLines(c, run));
  return `${out.join('\n')}\n`;
};
