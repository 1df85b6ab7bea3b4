import { describe, expect, it } from 'vitest';
import { applyBaseline, loadExpectedFailures } from '../../src/runner/baseline.js';
import { countsTowardVerdict } from '../../src/runner/summary.js';
import { mixedRun } from './fixtures/runs.js';

const LIMIT = 'message.list/limit-above-bound-is-clamped';
const NEXT = 'message.list/next-token-continues';

describe('loadExpectedFailures', () => {
  it('reads one id per line with # comments and blank lines', () => {
    const text = `# known failures of our server\n${LIMIT}   # tracked in #12\n\n  ${NEXT}\r\n#${'x'}\n`;
    expect([...loadExpectedFailures(text)]).toEqual([LIMIT, NEXT]);
  });

  it('reads a JSON array or {expectedFailures: [...]}', () => {
    expect([...loadExpectedFailures(JSON.stringify([LIMIT, NEXT]))]).toEqual([LIMIT, NEXT]);
    expect([...loadExpectedFailures(JSON.stringify({ expectedFailures: [LIMIT] }))]).toEqual([LIMIT]);
  });

  it('explains what to write when the JSON is wrong', () => {
    expect(() => loadExpectedFailures('{"expected": 3}')).toThrow(/\{"expectedFailures": \["<check id>"/);
    expect(() => loadExpectedFailures('[1, 2')).toThrow(/does not parse.*one check id per line/);
  });
});

describe('applyBaseline', () => {
  it('listed failures keep their status but no longer fail the run', () => {
    const run = mixedRun();
    expect(run.verdict).toBe('fail');
    const result = applyBaseline(run, [LIMIT, NEXT], { file: 'baseline.txt' });
    expect(result.run.verdict).toBe('pass');
    const limit = result.run.checks.find((check) => check.id === LIMIT)!;
    expect(limit).toMatchObject({ status: 'fail', expectedFailure: true });
    expect(result.run.checks.find((check) => check.id === NEXT)).toMatchObject({
      status: 'error',
      expectedFailure: true,
    });
    expect(result.run.baseline).toEqual({
      file: 'baseline.txt',
      expected: [LIMIT, NEXT],
      stale: [],
      unknown: [],
    });
    expect(result.run.summary).toEqual(run.summary);
    // The input run is not changed.
    expect(run.checks.find((check) => check.id === LIMIT)!.expectedFailure).toBeUndefined();
    expect(run.verdict).toBe('fail');
  });

  it('an unlisted counted failure still fails the run', () => {
    expect(applyBaseline(mixedRun(), [LIMIT]).run.verdict).toBe('fail');
  });

  it('a stale entry (the listed check now passes) fails the run', () => {
    const result = applyBaseline(mixedRun(), [LIMIT, NEXT, 'channel.get/returns-channel']);
    expect(result.stale).toEqual(['channel.get/returns-channel']);
    expect(result.run.verdict).toBe('fail');
    expect(result.run.baseline?.stale).toEqual(['channel.get/returns-channel']);
  });

  it('reports listed ids the run does not contain', () => {
    const result = applyBaseline(mixedRun(), [LIMIT, NEXT, 'message.old/renamed-check']);
    expect(result.unknown).toEqual(['message.old/renamed-check']);
    expect(result.run.verdict).toBe('pass');
  });

  it('a listed check that skipped is neither expected nor stale', () => {
    const result = applyBaseline(mixedRun(), [LIMIT, NEXT, 'guild.member.kick/peer-is-removed']);
    expect(result.run.baseline).toMatchObject({ expected: [LIMIT, NEXT], stale: [], unknown: [] });
    expect(result.run.verdict).toBe('pass');
  });

  it('keeps a run that failed for another reason (no counted failure) failed', () => {
    const run = { ...mixedRun(), verdict: 'fail' as const };
    run.checks = run.checks.filter((check) => check.status !== 'fail' && check.status !== 'error');
    expect(applyBaseline(run, []).run.verdict).toBe('fail');
  });
});

describe('countsTowardVerdict', () => {
  const check = (level: 'must' | 'should' | 'info', experimental = false) => ({ level, experimental });
  it('counts checks at or above the level, never info, experimental only when included', () => {
    expect(countsTowardVerdict(check('must'), { level: 'must', includeExperimental: false })).toBe(true);
    expect(countsTowardVerdict(check('should'), { level: 'must', includeExperimental: false })).toBe(false);
    expect(countsTowardVerdict(check('should'), { level: 'should', includeExperimental: false })).toBe(true);
    expect(countsTowardVerdict(check('info'), { level: 'info', includeExperimental: false })).toBe(false);
    expect(countsTowardVerdict(check('must', true), { level: 'must', includeExperimental: false })).toBe(
      false,
    );
    expect(countsTowardVerdict(check('must', true), { level: 'must', includeExperimental: true })).toBe(true);
  });
});
