/**
 * Issue 21: report.json says how many requests each check sent, and a run against a rate-limited
 * target (the reference with rateLimit, as `serve --rate-limit 10`) ends with no error: the client
 * paces itself from the headers and the run's notes say what rate it saw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import type { CheckContext } from '../../src/runner/check.js';
import { testCheck } from './test-check.js';

const check = testCheck;

describe('requests per check', () => {
  let reference: ReferenceServer;
  beforeAll(async () => {
    reference = await startReference();
  });
  afterAll(() => reference.close());

  it('counts what each check sent, and nothing for a check that did not run', async () => {
    const result = await run({
      reference,
      events: 'none',
      peerToken: undefined,
      checks: [
        check('two', async (t: CheckContext) => {
          await t.call('guild.list');
          t.expect((await t.call('guild.list')).ok, 'answered');
        }),
        check('none', async (t: CheckContext) => t.expect(true, 'true')),
        check('skipped', async (t: CheckContext) => t.expect(true, 'true'), { needs: ['destructive'] }),
      ],
    });
    const requests = Object.fromEntries(result.checks.map((entry) => [entry.id, entry.requests]));
    expect(requests).toEqual({ 'test/two': 2, 'test/none': 0, 'test/skipped': undefined });
    expect(validate('report', JSON.parse(JSON.stringify(result)))).toEqual([]);
  });
});

describe('a rate-limited target (rateLimit 10: 10 requests a second per token)', () => {
  it('the message and reaction suites end with no error, paced from the headers', async () => {
    const reference = await startReference({ rateLimit: 10 });
    try {
      const result = await run({ reference, suites: ['messages', 'reactions'], includeExperimental: true });
      const broken = result.checks.filter((entry) => entry.status === 'error' || entry.status === 'fail');
      expect(broken.map((entry) => `${entry.id}: ${entry.reason}`)).toEqual([]);
      expect(result.summary.pass).toBeGreaterThan(10);
      const note = result.notes?.find((text) => text.startsWith('rate limits seen'));
      expect(note).toMatch(/self 'global' limit 10, 1\d(\.\d+)?\/s/);
      // Paced before it was refused (a 429 at most, should a timer of the shared machine run late).
      expect(Number(/(\d+) refused with 429/.exec(note ?? '')?.[1])).toBeLessThanOrEqual(1);
    } finally {
      await reference.close();
    }
  }, 60_000);
});
