import { parse, type TestSuite, type TestSuites } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { renderJunit } from '../../src/report/junit.js';
import { applyBaseline } from '../../src/runner/baseline.js';
import { mixedRun } from './fixtures/runs.js';

async function parsed(xml: string): Promise<TestSuites> {
  const result = (await parse(xml)) as TestSuites | null;
  if (!result?.testsuite) throw new Error(`not a <testsuites> document:\n${xml.slice(0, 400)}`);
  return result;
}

const caseOf = (report: TestSuites, id: string) => {
  for (const suite of report.testsuite ?? []) {
    const found = suite.testcase?.find((testcase) => testcase.name === id);
    if (found) return { suite, testcase: found };
  }
  throw new Error(`no testcase ${id}`);
};

describe('junit.xml', () => {
  it('matches the snapshot of the mixed fixture', async () => {
    await expect(renderJunit(mixedRun(), {})).toMatchFileSnapshot('./__snapshots__/junit.xml');
  });

  it('parses with junit2json: one suite per group, one testcase per check, counts that add up', async () => {
    const run = mixedRun();
    const report = await parsed(String(renderJunit(run, {})));
    const groups = [...new Set(run.checks.map((check) => check.group))];
    expect(report.testsuite!.map((suite) => suite.name).sort()).toEqual(groups.sort());
    expect(report.tests).toBe(run.checks.length);
    expect(report.failures).toBe(run.summary.fail);
    expect(report.errors).toBe(run.summary.error);
    for (const suite of report.testsuite as TestSuite[]) {
      const checks = run.checks.filter((check) => check.group === suite.name);
      expect(suite.tests).toBe(checks.length);
      expect(suite.testcase!.map((testcase) => testcase.name)).toEqual(checks.map((check) => check.id));
      expect(suite.testcase!.every((testcase) => testcase.classname === suite.name)).toBe(true);
      expect(suite.failures).toBe(checks.filter((check) => check.status === 'fail').length);
      expect(suite.errors).toBe(checks.filter((check) => check.status === 'error').length);
      expect(suite.skipped).toBe(checks.filter((check) => check.status === 'skip').length);
      expect(suite.time).toBeCloseTo(checks.reduce((sum, check) => sum + check.durationMs, 0) / 1000, 3);
    }
  });

  it('a failure carries the level as type, and rules, expectation, observation and curl in its body', async () => {
    const report = await parsed(String(renderJunit(mixedRun(), {})));
    const { testcase } = caseOf(report, 'message.list/limit-above-bound-is-clamped');
    const failure = testcase.failure![0];
    expect(failure.type).toBe('must');
    expect(failure.message).toBe('message.list with limit 1000 answered 400 instead of a clamped page');
    expect(failure.inner).toContain('Rules: MSG-LIST-5, MSG-LIST-LIMIT');
    expect(failure.inner).toContain('Expected: status 200 and at most the platform bound');
    expect(failure.inner).toContain('Observed: status 400 with body "limit must be <= 100 | got `1000`"');
    expect(failure.inner).toContain("curl -sS -X POST 'http://127.0.0.1:5140/v1/message.list'");
    expect(failure.inner).toContain('$TOKEN');
  });

  it('markup in a response body stays text (escaped by the XML library)', async () => {
    const xml = String(renderJunit(mixedRun(), {}));
    expect(xml).not.toContain('<img src=x');
    const { testcase } = caseOf(await parsed(xml), 'message.get/unknown-id-is-not-found');
    expect(testcase.failure![0].inner).toContain('<img src=x onerror="window.__xss=1"><script>');
    expect(testcase.failure![0].type).toBe('should');
  });

  it('skips carry their reason, errors are <error>, experimental is a property', async () => {
    const report = await parsed(String(renderJunit(mixedRun(), {})));
    expect(caseOf(report, 'guild.member.kick/peer-is-removed').testcase.skipped![0].message).toBe(
      'needs a peer identity: pass --peer-token or --peer-self-id',
    );
    const errored = caseOf(report, 'message.list/next-token-continues').testcase;
    expect(errored.error![0].message).toContain('request timed out after 10000 ms');
    expect(errored.error![0].inner).toContain('Last request failed: timeout after 10000 ms');
    const xml = String(renderJunit(mixedRun(), {}));
    const mute = xml.slice(xml.indexOf('name="guild.member.mute/mutes-peer"'));
    expect(mute.slice(0, mute.indexOf('</testcase>'))).toContain(
      '<property name="experimental" value="true"/>',
    );
  });

  it('an expected failure (baseline) is reported as skipped, not failed', async () => {
    const { run } = applyBaseline(mixedRun(), ['message.list/limit-above-bound-is-clamped']);
    const report = await parsed(String(renderJunit(run, {})));
    const { suite, testcase } = caseOf(report, 'message.list/limit-above-bound-is-clamped');
    expect(testcase.failure).toBeUndefined();
    expect(testcase.skipped![0].message).toMatch(
      /^expected failure \(baseline\): message.list with limit 1000/,
    );
    expect(suite.failures).toBe(1);
    expect(report.failures).toBe(mixedRun().summary.fail - 1);
  });

  it('control characters in evidence do not break the XML', async () => {
    const run = mixedRun();
    run.checks[1].evidence!.exchanges[0].response!.body = 'bad\u0000bytes\u0007here';
    const report = await parsed(String(renderJunit(run, {})));
    expect(caseOf(report, run.checks[1].id).testcase.failure![0].inner).toContain('bad\uFFFDbytes\uFFFDhere');
  });
});
