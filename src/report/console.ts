/**
 * Console writer: a pure function of the run (summary by group and level; each failure with rule ids,
 * expected, observed and curl; skips with reasons). The live progress is src/report/progress.ts.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { CheckResult, Level, RunResult, Status, StatusCounts } from '../runner/model.js';
import {
  baselineVerdictReason,
  clientTarget,
  countingNote,
  countsTowardVerdict,
  groupsOf,
  humanDuration,
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

const counts = (c: ChalkInstance, value: StatusCounts): string =>
  [
    `${value.total} checks`,
    c.green(`${value.pass} pass`),
    value.fail ? c.red(`${value.fail} fail`) : `${value.fail} fail`,
    value.error ? c.magenta(`${value.error} error`) : `${value.error} error`,
    `${value.skip} skip`,
  ].join('  ');

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
    details.push(`reason: ${check.reason ?? ''}`);
  }
  if (check.evidence?.expected) details.push(`expected: ${check.evidence.expected}`);
  if (check.evidence?.observed !== undefined) details.push(`observed: ${check.evidence.observed}`);
  else if (check.status === 'fail' && check.reason && !check.evidence?.expected)
    details.push(`reason: ${check.reason}`);
  for (const note of check.evidence?.notes ?? []) details.push(c.dim(`note: ${note}`));
  const exchanges = check.evidence?.exchanges ?? [];
  const last = exchanges[exchanges.length - 1];
  if (last && (check.status === 'fail' || check.status === 'error')) {
    const response = last.response
      ? `HTTP ${last.response.status} ${last.response.body.slice(0, 300)}`
      : last.error;
    details.push(`last exchange: ${last.request.method} ${last.request.url} → ${response ?? ''}`);
    details.push(`reproduce: ${c.cyan(last.curl)}`);
  }
  if (details.length) lines.push(indent(details.join('\n')));
  return lines.join('\n');
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
        (run.target.faults?.length ? `, faults: ${run.target.faults.join(', ')}` : ''),
    ),
  );
  const variants = Object.entries(run.variants)
    .map(([point, value]) => `${point}=${value}`)
    .join(', ');
  if (variants) out.push(c.dim(`variants: ${variants}`));
  out.push('');

  const problems = run.checks.filter((check) => check.status === 'fail' || check.status === 'error');
  const skips = run.checks.filter((check) => check.status === 'skip');
  const passes = run.checks.filter((check) => check.status === 'pass');
  if (options.verbose) for (const check of passes) out.push(describeCheck(c, check, run));
  for (const check of [...problems, ...skips]) out.push(describeCheck(c, check, run));
  if (problems.length || skips.length || options.verbose) out.push('');

  out.push(c.bold('By group'));
  for (const group of groupsOf(run))
    out.push(`  ${group.padEnd(12)} ${counts(c, run.summary.byGroup[group])}`);
  out.push(c.bold('By level (non-experimental)'));
  for (const level of ['must', 'should', 'info'] as Level[]) {
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
      `Cleanup: ${run.cleanup.length - failedUndos.length} undone` +
        (failedUndos.length ? c.red(`, ${failedUndos.length} FAILED (left behind on the server):`) : ''),
    );
    for (const record of failedUndos) {
      out.push(
        c.red(`  ${record.label} (${record.operation}, created by ${record.checkId}): ${record.error ?? ''}`),
      );
    }
  }
  for (const note of run.notes ?? []) out.push(c.dim(`note: ${note}`));
  if (run.baseline) {
    out.push(
      `Baseline: ${run.baseline.expected.length} expected failures, ${run.baseline.stale.length} stale, ${run.baseline.unknown.length} unknown`,
    );
    const reason = baselineVerdictReason(run);
    if (reason) out.push(c.red(`  ${reason}`));
  }

  const counted = run.checks.filter((check) => countsTowardVerdict(check, run) && !check.expectedFailure);
  const countedFailing = counted.filter((check) => check.status === 'fail' || check.status === 'error');
  out.push('');
  if (run.interrupted) out.push(c.red.bold('Interrupted: not every check ran.'));
  out.push(
    run.verdict === 'pass'
      ? c.green.bold(
          `CONFORMS at level ${run.level}: ${counted.length} counted checks, none failed (${humanDuration(run.durationMs)})`,
        )
      : c.red.bold(
          `DOES NOT CONFORM at level ${run.level}: ${countedFailing.length} of ${counted.length} counted checks failed or errored (${humanDuration(run.durationMs)})`,
        ),
  );
  return `${out.join('\n')}\n`;
};
