/**
 * A resume judged on its own window (issue 49 item 1): events.ws/resume-replays-missed causes the events
 * it misses right before it resumes, with nothing else in flight, so a server that keeps only the last
 * 20 events (tolerance replay-buffer-small) passes it in a full default run — however many events the
 * rest of the run emitted — and a server that replays nothing (fault ws-resume-ignored) still fails it
 * under the same tolerance.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';

const RESUME = 'events.ws/resume-replays-missed';

describe('the resume check under a ring of the last 20 events', () => {
  it('passes in a full default run, after the rest of the run emitted far more than 20 events', async () => {
    const result = await run({ embedded: true, tolerances: ['replay-buffer-small'], confirm: false });
    const check = result.checks.find((one) => one.id === RESUME);
    expect(check?.status, JSON.stringify(check)).toBe('pass');
    // It resumed after the run had emitted many more events than the ring keeps (sn numbers them).
    const note = check?.evidence?.notes?.find((line) => line.startsWith('resumed from sn'));
    expect(Number(/^resumed from sn (\d+)/.exec(note ?? '')?.[1])).toBeGreaterThan(40);
  });

  it('still fails where nothing is replayed (ws-resume-ignored under the same tolerance)', async () => {
    const result = await run({
      embedded: true,
      tolerances: ['replay-buffer-small'],
      faults: ['ws-resume-ignored'],
      grep: `^${RESUME.replaceAll('.', '\\.')}$`,
      confirm: false,
    });
    expect(result.checks.map((check) => [check.id, check.status])).toEqual([[RESUME, 'fail']]);
  });
});
