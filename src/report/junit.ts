/**
 * junit.xml for CI test tabs (GitHub, GitLab, Jenkins, Azure): one <testsuite> per group, one
 * <testcase> per check. Built with xmlbuilder2 so every string is escaped by the XML library.
 * Expected failures (baseline) are reported as skipped, the way pytest reports xfail.
 */
import { create } from 'xmlbuilder2';
import { checksTitledIn, type Translate, translator } from '../i18n/index.js';
import type { CheckResult, RunResult } from '../runner/model.js';
import { countingNote, curlsOf, groupsOf, langOf, observedOf, seconds, truncate } from './common.js';
import type { Reporter } from './types.js';

type XMLBuilder = ReturnType<typeof create>;

/** Response bodies in a failure message are cut here; report.json keeps the evidence limit. */
const BODY_LIMIT = 4000;

function failureBody(check: CheckResult, run: RunResult, t: Translate): string {
  const evidence = check.evidence;
  const lines: string[] = [];
  if (check.reason) lines.push(check.reason, '');
  lines.push(t('junit.check', { id: check.id, title: check.title }));
  lines.push(t('junit.level', { level: check.level, note: countingNote(check, run, t) }));
  if (check.rules.length) lines.push(t('junit.rules', { rules: check.rules.join(', ') }));
  const labelled = (key: 'report.label.expected' | 'report.label.observed', text: string) =>
    t('report.labelled', { label: t(key), text });
  if (evidence?.expected) lines.push(labelled('report.label.expected', evidence.expected));
  const observed = observedOf(check, t);
  if (observed) lines.push(labelled('report.label.observed', observed));
  for (const note of evidence?.notes ?? []) lines.push(t('junit.note', { text: note }));
  const last = evidence?.exchanges.at(-1);
  if (last?.response) {
    const status = String(last.response.status);
    lines.push('', t('report.lastResponse', { status }), truncate(last.response.body, BODY_LIMIT, t));
  } else if (last?.error) {
    lines.push('', t('report.lastRequestFailed', { error: last.error }));
  }
  const curls = curlsOf(check);
  if (curls.length) lines.push('', t('junit.reproduce'), ...curls);
  return lines.join('\n');
}

function addProperties(parent: XMLBuilder, properties: [string, string][]): void {
  const node = parent.ele('properties');
  for (const [name, value] of properties) node.ele('property', { name, value }).up();
}

/** The id of the cause a failing check is in (or of what was not decided a skipped one is in), as a property. */
function causeProperty(check: CheckResult, run: RunResult): [string, string][] {
  const cause = (run.causes ?? []).find((each) => each.checkIds.includes(check.id));
  if (cause) return [['cause', cause.id]];
  const undecided = (run.undecidedCauses ?? []).find((each) => each.checkIds.includes(check.id));
  return undecided ? [['undecidedCause', undecided.id]] : [];
}

function addTestcase(suite: XMLBuilder, check: CheckResult, run: RunResult, t: Translate): void {
  const testcase = suite.ele('testcase', {
    classname: check.group,
    name: check.id,
    time: seconds(check.durationMs),
  });
  addProperties(testcase, [
    ['title', check.title],
    ['level', check.level],
    ['experimental', String(check.experimental)],
    ['rules', check.rules.join(' ')],
    ['operations', check.operations.join(' ')],
    ...(check.expectedFailure ? ([['expectedFailure', 'true']] as [string, string][]) : []),
    // The cause of "What to fix first" it is in (report.json causes[].id): the same story as the reports.
    ...causeProperty(check, run),
  ]);
  const message = check.reason ?? `${check.status}: ${check.title}`;
  if (check.expectedFailure) {
    testcase.ele('skipped', { message: t('junit.expectedFailure', { message }) }).up();
  } else if (check.status === 'fail') {
    testcase
      .ele('failure', { message, type: check.level })
      .txt(failureBody(check, run, t))
      .up();
  } else if (check.status === 'error') {
    testcase
      .ele('error', { message, type: 'checker-error' })
      .txt(failureBody(check, run, t))
      .up();
  } else if (check.status === 'skip') {
    testcase.ele('skipped', { message: check.reason ?? t('junit.skipped') }).up();
  }
  const notes = check.evidence?.notes ?? [];
  if (notes.length) testcase.ele('system-out').txt(notes.join('\n')).up();
  testcase.up();
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

/** Counts as the XML reports them: expected failures are skipped, not failures. */
function countsOf(checks: CheckResult[]): Counts {
  const counts: Counts = { tests: checks.length, failures: 0, errors: 0, skipped: 0 };
  for (const check of checks) {
    if (check.expectedFailure || check.status === 'skip') counts.skipped += 1;
    else if (check.status === 'fail') counts.failures += 1;
    else if (check.status === 'error') counts.errors += 1;
  }
  return counts;
}

export const renderJunit: Reporter = (result, options) => {
  const t = translator(langOf(options));
  // Test case names stay check ids (CI history keys on them); titles are read, so in the report's language.
  const run = checksTitledIn(result, langOf(options));
  const document = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' });
  const total = countsOf(run.checks);
  const root = document.ele('testsuites', {
    name: `chat-conformance ${run.tool.version} — ${run.spec.name}`,
    ...attributes(total),
    time: seconds(run.durationMs),
    timestamp: run.startedAt,
  });
  for (const group of groupsOf(run)) {
    const checks = run.checks.filter((check) => check.group === group);
    const suite = root.ele('testsuite', {
      name: group,
      ...attributes(countsOf(checks)),
      time: seconds(checks.reduce((sum, check) => sum + check.durationMs, 0)),
      timestamp: run.startedAt,
    });
    addProperties(suite, [
      ['target', run.target.baseUrl],
      ['profile', run.profile],
      ['level', run.level],
      ['includeExperimental', String(run.includeExperimental)],
      ['spec', run.spec.name],
      ['catalogueHash', run.spec.catalogueHash],
      ['verdict', run.verdict],
    ]);
    for (const check of checks) addTestcase(suite, check, run, t);
    suite.up();
  }
  return document.end({ prettyPrint: true });
};

const attributes = (counts: Counts) => ({
  tests: String(counts.tests),
  failures: String(counts.failures),
  errors: String(counts.errors),
  skipped: String(counts.skipped),
});
