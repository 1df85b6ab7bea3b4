/** Progress without a terminal (src/report/progress.ts): one line per event, as CI logs want. */
import { describe, expect, it } from 'vitest';
import { createProgress, quotaWaitLine } from '../../src/report/progress.js';

describe('progress lines', () => {
  it('says the estimate at the start and each long wait for quota, with the requests left', () => {
    const lines: string[] = [];
    const progress = createProgress((text) => lines.push(text), { color: false });
    progress.onRunStart({
      total: 153,
      target: 'http://127.0.0.1:5140/v1',
      estimate: 'about 295 requests at 100/m: about 3 min',
    });
    progress.onQuotaWait({ ms: 57_000, reason: "the target's rate limit (bucket 'ip')", requestsLeft: 120 });
    // A short wait is no news without a terminal (the status line shows it on one).
    progress.onQuotaWait({ ms: 1_200, reason: "the checker's budget of 100/m (--rate-limit)" });
    expect(lines).toEqual([
      'running 153 checks against http://127.0.0.1:5140/v1 (about 295 requests at 100/m: about 3 min)\n',
      "waiting 57 s for the target's rate limit (bucket 'ip') (about 120 requests left)\n",
    ]);
  });

  it('counts the wait down on the status line', () => {
    const wait = { ms: 57_000, reason: "the target's rate limit (bucket 'ip')" };
    expect(quotaWaitLine(wait, 30_500)).toBe("waiting 31 s for the target's rate limit (bucket 'ip')");
  });

  it('counts the skips that end before the first check ran in one line, then a line per check', () => {
    const lines: string[] = [];
    const progress = createProgress((text) => lines.push(text), { color: false });
    const result = (id: string, status: 'pass' | 'skip', durationMs: number) =>
      ({ id, status, durationMs }) as Parameters<typeof progress.onCheckResult>[0];
    for (let done = 1; done <= 101; done++)
      progress.onCheckResult(result(`s${done}`, 'skip', 0), { done, total: 150 });
    progress.onCheckResult(result('p1', 'pass', 12), { done: 102, total: 150 });
    progress.onCheckResult(result('s102', 'skip', 3), { done: 103, total: 150 });
    progress.finish();
    expect(lines).toEqual([
      '[101/150] 101 checks skipped before the first ran (reasons in the summary)\n',
      '[102/150] PASS  p1\n',
      '[103/150] SKIP  s102\n',
    ]);
  });
});
