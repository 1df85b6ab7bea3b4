/**
 * Issue 30: a 429 is never an error while the run's deadline allows its wait. A Retry-After longer than
 * the time left stops the run at once with NO VERDICT naming the rate limit; with time left the request
 * waits (holding no slot, its check's clock stopped) and the check passes; and the cleanup after a run
 * that hit the quota keeps a reserve of time for it, so that nothing is left behind.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { InterceptedRequest, ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import type { CheckContext } from '../../src/runner/check.js';
import { nothingCountedReason } from '../../src/runner/summary.js';
import { testCheck } from './test-check.js';

/** The reference, refusing once armed the first request of each of `operations`: 429 with this Retry-After. */
async function refusingOnce(operations: string[], retryAfter: string) {
  const state = { armed: false, refused: [] as string[] };
  const reference = await startReference({
    intercept: (request: InterceptedRequest) => {
      if (!state.armed || !operations.includes(request.operation)) return undefined;
      if (state.refused.includes(request.operation)) return undefined;
      state.refused.push(request.operation);
      return {
        status: 429,
        headers: { 'retry-after': retryAfter },
        body: { code: 'rate-limited', message: 'Too many requests' },
      };
    },
  });
  return { reference, state };
}

let reference: ReferenceServer | undefined;
afterEach(async () => {
  await reference?.close();
  reference = undefined;
});

describe('a 429 whose Retry-After the run deadline does not allow', () => {
  it('Retry-After: 57 with less than 57 s left: no wait, the run stops NO VERDICT naming the rate limit', async () => {
    const target = await refusingOnce(['guild.list'], '57');
    reference = target.reference;
    const result = await run({
      reference,
      events: 'none',
      runTimeoutMs: 30_000,
      checks: [
        testCheck('refused', async (t: CheckContext) => {
          target.state.armed = true;
          t.expect((await t.call('guild.list')).ok, 'guild.list answered');
        }),
      ],
    });
    expect(target.state.refused).toEqual(['guild.list']);
    // Not waited for: the wait would have ended past the deadline (30 s), so the run did not start it.
    expect(result.durationMs).toBeLessThan(30_000);
    expect(result.stopped).toMatchObject({ phase: 'checks', rateLimited: true });
    expect(result.stopped?.reason).toMatch(
      /stopped for the rate limit: POST guild\.list: not sent: the target's rate limit .* asks to wait 57 s \(HTTP 429, Retry-After: 57\), past the run deadline \(--run-timeout 30000 ms\)/,
    );
    // The check it cut short did not finish: no error blamed on the target, and no verdict.
    expect(result.checks.map((check) => [check.status, check.reason])).toEqual([
      ['skip', expect.stringMatching(/^not finished: stopped for the rate limit/)],
    ]);
    expect(nothingCountedReason(result)).toMatch(/^the run did not finish: stopped for the rate limit/);
  }, 30_000);

  it('Retry-After: 2 with time left: the request waits (past its check timeout, holding no slot) and the check passes', async () => {
    const target = await refusingOnce(['guild.list'], '2');
    reference = target.reference;
    const ended: string[] = [];
    const result = await run({
      reference,
      events: 'none',
      runTimeoutMs: 30_000,
      // One slot: the second check runs while the first waits for the quota, or not at all until it ends.
      concurrency: 1,
      onCheckResult: (check) => ended.push(check.id),
      checks: [
        testCheck(
          'waits',
          async (t: CheckContext) => {
            target.state.armed = true;
            const answer = await t.call('guild.list');
            t.expect(answer.ok, 'guild.list answered after the Retry-After');
          },
          // Shorter than the Retry-After: the wait for quota is not the check's time.
          { timeoutMs: 1_500 },
        ),
        testCheck('meanwhile', async (t: CheckContext) => {
          t.expect(
            (await t.call('channel.list', { guild_id: t.sandbox.guildId })).ok,
            'channel.list answered',
          );
        }),
      ],
    });
    expect(target.state.refused).toEqual(['guild.list']);
    expect(result.stopped).toBeUndefined();
    expect(result.checks.map((check) => `${check.id} ${check.status}`)).toEqual([
      'test/waits pass',
      'test/meanwhile pass',
    ]);
    expect(ended).toEqual(['test/meanwhile', 'test/waits']);
    expect(result.verdict).toBe('pass');
    expect(nothingCountedReason(result)).toBeUndefined();
  }, 30_000);
});

describe('a run stalled by the quota', () => {
  it("stops every check's clock: one waiting for what a stalled check holds up is not late", async () => {
    const target = await refusingOnce(['guild.list'], '2');
    reference = target.reference;
    let answered: () => void = () => undefined;
    const after = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const result = await run({
      reference,
      events: 'none',
      runTimeoutMs: 30_000,
      checks: [
        testCheck('stalled', async (t: CheckContext) => {
          target.state.armed = true;
          t.expect((await t.call('guild.list')).ok, 'guild.list answered after the Retry-After');
          answered();
        }),
        // It waits for the stalled check (as for a hold it holds), with a timeout shorter than the stall.
        testCheck(
          'behind',
          async (t: CheckContext) => {
            await after;
            t.expect(true, 'went on once the stalled check did');
          },
          { timeoutMs: 1_500 },
        ),
      ],
    });
    expect(target.state.refused).toEqual(['guild.list']);
    expect(result.checks.map((check) => `${check.id} ${check.status}`)).toEqual([
      'test/stalled pass',
      'test/behind pass',
    ]);
  }, 30_000);
});

describe('the cleanup after a run that hit the quota', () => {
  it('keeps a reserve for the quota beyond its own budget: nothing is left behind, no left-behind.sh', async () => {
    const target = await refusingOnce(['guild.list', 'channel.delete'], '2');
    reference = target.reference;
    const out = mkdtempSync(join(tmpdir(), 'quota-cleanup-'));
    const ledgerFile = join(out, 'left-behind.sh');
    let created: string | undefined;
    try {
      const result = await run({
        reference,
        events: 'none',
        ledgerFile,
        // A cleanup budget shorter than the Retry-After its undo meets.
        cleanupTimeoutMs: 1_000,
        checks: [
          testCheck('creates', async (t: CheckContext) => {
            // The run hits the quota (a 429 on a read, waited out); its cleanup meets it again: the
            // channel's delete is refused once with Retry-After: 2, longer than the cleanup's budget.
            target.state.armed = true;
            t.expect((await t.call('guild.list')).ok, 'guild.list answered after the Retry-After');
            const channel = await t.call<{ id: string }>('channel.create', {
              guild_id: t.sandbox.guildId,
              data: { name: 'quota-cleanup', type: 0 },
            });
            t.expectOk(channel, 'channel.create');
            created = channel.body.id;
            t.track({
              kind: 'channel',
              label: `channel ${created}`,
              undo: ['channel.delete', { channel_id: created }],
            });
          }),
        ],
      });
      expect(result.checks.map((check) => `${check.id} ${check.status}`)).toEqual(['test/creates pass']);
      expect(target.state.refused).toEqual(['guild.list', 'channel.delete']);
      expect(result.cleanup?.map((record) => `${record.operation} ${record.status}`)).toEqual([
        'channel.delete undone',
      ]);
      expect(existsSync(ledgerFile)).toBe(false);
      const left = await fetch(`${reference.baseUrl}/channel.get`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${reference.identities.self.token}`,
        },
        body: JSON.stringify({ channel_id: created }),
      });
      expect(left.status).toBe(404);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("the checker's own budget (--rate-limit)", () => {
  it('paces every identity together from the first request, and the run starts with its estimate', async () => {
    const arrivals: number[] = [];
    reference = await startReference({
      intercept: () => {
        arrivals.push(performance.now());
        return undefined;
      },
    });
    let estimate: string | undefined;
    const result = await run({
      reference,
      events: 'none',
      rateLimit: '4/s',
      onRunStart: (info) => {
        estimate = info.estimate;
      },
      checks: [
        testCheck('both', async (t: CheckContext) => {
          const answers = await Promise.all(
            Array.from({ length: 10 }, (_, i) => t.call('guild.list', {}, { as: i % 2 ? 'peer' : 'self' })),
          );
          t.expect(
            answers.every((answer) => answer.ok),
            'every guild.list answered',
          );
        }),
      ],
    });
    expect(result.checks.map((check) => check.status)).toEqual(['pass']);
    expect(estimate).toMatch(/^about \d+ requests at 4\/s: about \d+ s$/);
    expect(result.notes).toContain(`estimate at the start: ${estimate}`);
    // The bound: no second holds more than 4 arrivals (each counted from its answer, so never early).
    expect(arrivals.length).toBeGreaterThanOrEqual(10);
    for (const [index, at] of arrivals.entries())
      expect(arrivals.filter((other, j) => j > index && other < at + 1_000).length).toBeLessThan(4);
  }, 30_000);
});
