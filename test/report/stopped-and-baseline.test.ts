/**
 * Issue 20 item 4: a run that stopped before its checks says so instead of a verdict, and a baseline that
 * fails a run names its stale entries on the verdict line (the one line --quiet prints).
 */
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../src/report/console.js';
import { renderHtml } from '../../src/report/html.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { RunResult } from '../../src/runner/model.js';
import { summarize } from '../../src/runner/summary.js';
import { largeRun, mixedRun, passingRun } from './fixtures/runs.js';

function stoppedRun(): RunResult {
  const run = passingRun();
  run.checks = [];
  run.summary = summarize([]);
  run.verdict = 'fail';
  run.stopped = { phase: 'discovery', reason: 'Cannot reach the implementation at http://127.0.0.1:9/v1' };
  return run;
}

describe('a run stopped before its checks (exit 2/3)', () => {
  it('report.md: NO VERDICT with the phase and reason, no counts, no variants', () => {
    const md = renderMarkdown(stoppedRun(), {});
    expect(md).toContain('NO VERDICT — stopped in discovery: Cannot reach the implementation');
    expect(md).not.toMatch(/FAIL|PASS/);
    expect(md).not.toContain('Variants:');
    expect(md).not.toContain('| Level |');
  });

  it('report.html: NO VERDICT with the phase and reason, no counts, no variants', () => {
    const html = String(renderHtml(stoppedRun(), {}));
    expect(html).toContain('<span class="verdict none">NO VERDICT</span>');
    expect(html).toContain('stopped in discovery: Cannot reach the implementation');
    expect(html).not.toContain('variants');
    expect(html).not.toContain('class="cards"');
  });

  it('a run with checks keeps its verdict', () => {
    expect(renderMarkdown(passingRun(), {})).toContain('✅ PASS');
  });
});

describe('a baseline with stale entries', () => {
  it('the verdict line says why the run fails and names them', () => {
    const run = passingRun();
    run.baseline = { expected: [], stale: ['a.check/one', 'b.check/two'], unknown: [] };
    run.verdict = 'fail';
    const last = String(renderConsole(run, { color: false }))
      .trimEnd()
      .split('\n')
      .at(-1);
    expect(last).toMatch(
      /^DOES NOT CONFORM: 2 stale baseline entries \(a\.check\/one, b\.check\/two now pass/,
    );
  });
});

describe('a failure that states an expectation and recorded no observation', () => {
  it('every report says what was seen instead (not recorded, see the exchange)', () => {
    const run = mixedRun();
    const failing = run.checks.find((check) => check.status === 'fail' && check.evidence?.observed)!;
    delete failing.evidence!.observed;
    const said = 'not recorded by the check; the last exchange shows the answer';
    expect(renderMarkdown(run, {})).toContain(`**Observed:** ${said}`);
    expect(String(renderHtml(run, {}))).toContain(`Observed</div><pre>${said}`);
    expect(String(renderConsole(run, { color: false }))).toContain(`observed: ${said}`);
    expect(String(renderJunit(run, {}))).toContain(`Observed: ${said}`);
  });
});

describe('the console summary', () => {
  it('lines up its columns under By group and By level, whatever the counts', () => {
    const lines = String(renderConsole(largeRun(120), { color: false })).split('\n');
    const start = lines.indexOf('By group');
    const rows = lines.slice(start + 1).filter((line) => / checks {2}/.test(line));
    expect(rows.length).toBeGreaterThan(2);
    for (const word of ['checks', 'pass', 'fail', 'error', 'skip'])
      expect(new Set(rows.map((row) => row.indexOf(` ${word}`))).size, word).toBe(1);
  });
});
