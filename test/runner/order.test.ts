/**
 * The engine's side of "no verdict from history" (issue 19): seeded start orders, startsAfter, undecided
 * checks and the NO VERDICT they lead to, shared observations whose assertions fail every sharer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunOptions, run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import type { CheckContext, CheckDefinition } from '../../src/runner/check.js';
import { validateChecks } from '../../src/runner/load.js';
import type { RunResult } from '../../src/runner/model.js';
import { shuffledOrder } from '../../src/runner/order.js';
import { nothingCountedReason } from '../../src/runner/summary.js';
import { testCheck } from './test-check.js';

let reference: ReferenceServer;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(async () => {
  await reference?.close();
});

const check = testCheck;

const runChecks = (checks: CheckDefinition[], options: Partial<RunOptions> = {}): Promise<RunResult> =>
  run({ reference, checks, events: 'none', ...options });

const passing = (id: string, extra: Partial<CheckDefinition> = {}) =>
  check(id, async (t: CheckContext) => t.expect(true, 'holds'), extra);

describe('--seed', () => {
  const checks = Array.from({ length: 12 }, (_, i) => passing(`c${i}`));
  const order = (seed: number) => shuffledOrder(checks, seed).map(({ check }) => check.id);

  it('draws the same order from the same seed, and other orders from other seeds', () => {
    expect(order(7)).toEqual(order(7));
    expect(new Set([1, 2, 3, 4, 5].map((seed) => order(seed).join())).size).toBe(5);
    expect([...order(3)].sort()).toEqual(checks.map((c) => c.id).sort());
  });

  it('starts the checks in the drawn order (concurrency 1) and stores the seed in the result', async () => {
    const started: string[] = [];
    const recorded = checks.map((c) =>
      check(c.id.slice('test/'.length), async (t: CheckContext) => {
        started.push(c.id);
        t.expect(true, 'holds');
      }),
    );
    const result = await runChecks(recorded, { seed: 4, concurrency: 1 });
    expect(started).toEqual(order(4));
    expect(result.seed).toBe(4);
  });
});

describe('startsAfter', () => {
  it('holds under every seed: the check starts only once the named ones have ended', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const ended: string[] = [];
      const checks = [
        check(
          'late',
          async (t: CheckContext) => {
            t.expect(
              ended.includes('first') && ended.includes('second'),
              'the named checks ended first',
              ended,
            );
          },
          { startsAfter: ['test/first', 'test/second'] },
        ),
        check('first', async (t: CheckContext) => {
          t.expect(true, 'holds');
          ended.push('first');
        }),
        check('second', async (t: CheckContext) => {
          t.expect(true, 'holds');
          ended.push('second');
        }),
      ];
      const result = await runChecks(checks, { seed });
      expect(
        result.checks.map((c) => c.status),
        `seed ${seed}`,
      ).toEqual(['pass', 'pass', 'pass']);
    }
  });

  it('a cycle, or a wait for an after-phase check, is refused when the checks load', () => {
    expect(() =>
      validateChecks([passing('a', { startsAfter: ['test/b'] }), passing('b', { startsAfter: ['test/a'] })]),
    ).toThrow(/startsAfter forms a cycle/);
    expect(() =>
      validateChecks([passing('a', { startsAfter: ['test/b'] }), passing('b', { phase: 'after' })]),
    ).toThrow(/an after-phase check/);
  });
});

describe('undecided checks', () => {
  it('end as skips that count: with nothing failed the run is NO VERDICT, naming the state and how to clear it', async () => {
    const result = await runChecks([
      passing('fine'),
      check('blind', async (t: CheckContext) => t.undecided('the peer was muted before', 'unmute the peer')),
    ]);
    const blind = result.checks.find((c) => c.id === 'test/blind');
    expect(blind).toMatchObject({ status: 'skip', undecided: { state: 'the peer was muted before' } });
    expect(nothingCountedReason(result)).toBe(
      '1 must check could not be decided: the peer was muted before (unmute the peer)',
    );
  });

  it('a failure still decides the run: DOES NOT CONFORM, not NO VERDICT', async () => {
    const result = await runChecks([
      check('broken', async (t: CheckContext) => t.expect(false, 'holds')),
      check('blind', async (t: CheckContext) => t.undecided('state', 'clear')),
    ]);
    expect(result.verdict).toBe('fail');
    expect(nothingCountedReason(result)).toBeUndefined();
  });
});

describe('shared observations', () => {
  it('an assertion that fails while observing fails every sharer with the same expectation', async () => {
    const observe = (t: CheckContext) =>
      t.shared('a walk', async (observer: CheckContext) => {
        observer.expect(false, 'the walk ends', 'a repeated token');
        return 1;
      });
    const result = await runChecks(
      ['one', 'two'].map((id) =>
        check(id, async (t: CheckContext) => {
          await observe(t);
          t.expect(true, 'never reached');
        }),
      ),
    );
    for (const c of result.checks) {
      expect(c.status).toBe('fail');
      expect(c.evidence).toMatchObject({ expected: 'the walk ends', observed: 'a repeated token' });
    }
  });
});
