import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { type RunOptions, run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import { renderConsole } from '../../src/report/console.js';
import type { CheckContext, CheckDefinition, ObservedEvent } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { DESTRUCTIVE_MISSING, PEER_MISSING } from '../../src/runner/run.js';
import { countedOutcome, nothingCountedReason } from '../../src/runner/summary.js';
import { testCheck } from './test-check.js';

const EXAMPLES = fileURLToPath(new URL('./fixtures/suites/', import.meta.url));

let reference: ReferenceServer;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(async () => {
  await reference?.close();
});

const check = testCheck;

// Failures are not re-run alone here (--no-confirm): these tests count what one pass does; confirmation
// has its own tests (test/suites/history.test.ts).
const runChecks = (checks: CheckDefinition[], options: Partial<RunOptions> = {}): Promise<RunResult> =>
  run({ reference, checks, events: 'none', confirm: false, ...options });

const byId = (result: RunResult, id: string): CheckResult => {
  const found = result.checks.find((c) => c.id === `test/${id}`);
  if (!found) throw new Error(`no result for ${id}`);
  return found;
};

describe('verdicts', () => {
  it('passes only when an assertion ran and none failed', async () => {
    const result = await runChecks([
      check('asserts', async (t: CheckContext) => t.expect(true, 'true')),
      check('no-assertion', async (t: CheckContext) => {
        await t.call('guild.list');
      }),
    ]);
    expect(byId(result, 'asserts').status).toBe('pass');
    expect(byId(result, 'no-assertion')).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/no assertion/),
    });
  });

  it('fails with expected, observed and the exchanges; a swallowed failure still fails', async () => {
    const result = await runChecks([
      check('fails', async (t: CheckContext) => {
        const list = await t.call('guild.list');
        t.expect(list.body.data.length > 99, 'more than 99 guilds', list.body.data.length);
      }),
      check('swallowed', async (t: CheckContext) => {
        try {
          t.expect(false, 'something true');
        } catch {
          // a careless check
        }
        t.expect(true, 'later assertion');
      }),
      check('not-ok', async (t: CheckContext) =>
        t.expectOk(await t.call('no.such-operation'), 'no.such-operation'),
      ),
    ]);
    const fails = byId(result, 'fails');
    expect(fails.status).toBe('fail');
    expect(fails.evidence).toMatchObject({
      expected: 'more than 99 guilds',
      observed: expect.stringMatching(/^\d+$/),
    });
    expect(fails.evidence?.exchanges).toHaveLength(1);
    expect(fails.evidence?.exchanges[0].curl).toMatch(/^curl .*guild\.list/);
    expect(fails.reason).toMatch(/expected more than 99 guilds; observed/);
    expect(byId(result, 'swallowed').status).toBe('fail');
    expect(byId(result, 'not-ok')).toMatchObject({
      status: 'fail',
      evidence: { observed: expect.stringMatching(/^HTTP 404/) },
    });
    expect(result.verdict).toBe('fail');
  });

  it('expectSchema fails with the problems of spec/validate.ts', async () => {
    const result = await runChecks([
      check('schema-ok', async (t: CheckContext) => t.expectSchema('Guild', { id: '1' }, 'a guild')),
      check('schema-bad', async (t: CheckContext) => t.expectSchema('Guild', { id: 1 }, 'a guild')),
    ]);
    expect(byId(result, 'schema-ok').status).toBe('pass');
    expect(byId(result, 'schema-bad')).toMatchObject({
      status: 'fail',
      evidence: {
        expected: 'a guild matches Guild',
        observed: expect.stringMatching(/does not match Guild: \/id/),
      },
    });
  });

  it('skips with the reason: t.skip or a missing capability', async () => {
    const result = await runChecks(
      [
        check('skips', async (t: CheckContext) => t.skip('not applicable here')),
        check('peer', async (t: CheckContext) => t.expect(true, 'x'), { needs: ['peer'] }),
        check('events', async (t: CheckContext) => t.expect(true, 'x'), { needs: ['events'] }),
        check('trigger', async (t: CheckContext) => t.expect(true, 'x'), { needs: ['trigger'] }),
        check('destructive', async (t: CheckContext) => t.expect(true, 'x'), { needs: ['destructive'] }),
      ],
      // A real-implementation style run: no peer, no trigger, no events (the bot named: no peer candidate).
      {
        reference: undefined,
        baseUrl: reference.baseUrl,
        token: reference.identities.self.token,
        selfId: reference.identities.self.userId,
      },
    );
    expect(byId(result, 'skips')).toMatchObject({ status: 'skip', reason: 'not applicable here' });
    expect(byId(result, 'peer')).toMatchObject({ status: 'skip', reason: PEER_MISSING });
    expect(byId(result, 'events')).toMatchObject({
      status: 'skip',
      reason: expect.stringMatching(/--events none/),
    });
    expect(byId(result, 'trigger')).toMatchObject({
      status: 'skip',
      reason: expect.stringMatching(/--trigger-url/),
    });
    expect(byId(result, 'destructive')).toMatchObject({ status: 'skip', reason: DESTRUCTIVE_MISSING });
    expect(result.verdict).toBe('pass');
  });

  it('errors on a thrown exception and on a timeout', async () => {
    const result = await runChecks([
      check('throws', async () => {
        throw new TypeError('boom');
      }),
      check(
        'times-out',
        async (t: CheckContext) => {
          await new Promise((resolve) => t.signal.addEventListener('abort', resolve));
        },
        { timeoutMs: 100 },
      ),
    ]);
    expect(byId(result, 'throws')).toMatchObject({
      status: 'error',
      reason: 'the check threw: TypeError: boom',
    });
    expect(byId(result, 'times-out')).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/within 100 ms/),
    });
  });

  it('errors on a network failure, with the failed exchange as evidence', async () => {
    const doomed = await startReference();
    const result = await run({
      reference: doomed,
      events: 'none',
      checks: [
        check(
          'server-goes-away',
          async (t: CheckContext) => {
            await doomed.close();
            await t.call('guild.list');
            t.expect(true, 'not reached');
          },
          // The operation under test: a helper's network failure leaves a check undecided (issue 46).
          { operations: ['guild.list'] },
        ),
      ],
    }).catch((error) => error);
    const outcome = byId(result, 'server-goes-away');
    expect(outcome.status).toBe('error');
    expect(outcome.reason).toMatch(/guild\.list: network error/);
    expect(outcome.evidence?.exchanges.at(-1)?.error).toMatch(/network error/);
  });
});

describe('selection and levels', () => {
  const mixed = [
    check('must', async (t: CheckContext) => t.expect(false, 'fails'), { level: 'must', group: 'messages' }),
    check('should', async (t: CheckContext) => t.expect(false, 'fails'), {
      level: 'should',
      group: 'guilds',
    }),
    check('info', async (t: CheckContext) => t.expect(false, 'fails'), { level: 'info', group: 'guilds' }),
    check('experimental', async (t: CheckContext) => t.expect(false, 'fails'), {
      experimental: true,
      group: 'roles',
    }),
    check('satori', async (t: CheckContext) => t.expect(true, 'ok'), { profile: 'satori' }),
    check('role-variant', async (t: CheckContext) => t.expect(true, 'ok'), {
      variant: { point: 'role-payload', value: 'role' },
    }),
  ];
  const passing = (level: string) =>
    mixed.map((c) => ({
      ...c,
      run: c.level === level && !c.experimental ? c.run : async (t: any) => t.expect(true, 'ok'),
    }));

  it('runs every check, counts only those at the verdict level; experimental apart', async () => {
    const onlyShouldFails = await runChecks(passing('should'));
    expect(onlyShouldFails.checks.map((c) => c.id)).not.toContain('test/role-variant');
    expect(byId(onlyShouldFails, 'should').status).toBe('fail');
    expect(onlyShouldFails.verdict).toBe('pass');
    expect((await runChecks(passing('should'), { level: 'should' })).verdict).toBe('fail');
    // info checks are observations: they never fail a run.
    expect((await runChecks(passing('info'), { level: 'info' })).verdict).toBe('pass');

    const experimentalFails = mixed.map((c) =>
      c.experimental ? c : { ...c, run: async (t: any) => t.expect(true, 'ok') },
    );
    const apart = await runChecks(experimentalFails);
    expect(apart.verdict).toBe('pass');
    expect(apart.summary.experimental).toMatchObject({ total: 1, fail: 1 });
    expect(apart.summary.byLevel.must.fail).toBe(0);
    expect((await runChecks(experimentalFails, { includeExperimental: true })).verdict).toBe('fail');
  });

  it('filters by suite, grep, profile and variant', async () => {
    const ids = async (options: Partial<RunOptions>) =>
      (await runChecks(mixed, options)).checks.map((c) => c.id);
    expect(await ids({ suites: ['guilds'] })).toEqual(['test/should', 'test/info']);
    expect(await ids({ grep: '^test/(must|info)$' })).toEqual(['test/must', 'test/info']);
    expect(await ids({ profile: 'strict' })).not.toContain('test/satori');
    expect(await ids({})).toContain('test/satori');
    expect(await ids({ variants: { 'role-payload': 'role' } })).toContain('test/role-variant');
  });

  it('summarises by level, group and experimental', async () => {
    const result = await runChecks(mixed);
    expect(result.summary).toMatchObject({ total: 5, fail: 4, pass: 1 });
    expect(result.summary.byGroup.guilds).toMatchObject({ total: 2, fail: 2 });
    expect(result.summary.byLevel.must).toMatchObject({ total: 2, pass: 1, fail: 1 });
    expect(result.variants).toMatchObject({ 'role-payload': 'data' });
  });
});

/** Resolves once `condition` holds, testing it now and at each 'change' of `changed` (no polling). */
const untilChanged = (changed: EventEmitter, condition: () => boolean) =>
  new Promise<void>((resolve) => {
    const test = () => {
      if (!condition()) return;
      changed.off('change', test);
      resolve();
    };
    changed.on('change', test);
    test();
  });

describe('scheduling', () => {
  it('never has more checks in flight than --concurrency, and reaches the bound', async () => {
    const gate = new EventEmitter();
    let inFlight = 0;
    let started = 0;
    let maxInFlight = 0;
    const total = 12;
    const bound = 4;
    const checks = Array.from({ length: total }, (_, i) =>
      check(`concurrent-${i}`, async (t: CheckContext) => {
        inFlight++;
        started++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        gate.emit('change');
        // Hold until the batch is full (or nothing more can start), so the bound is actually reached.
        await new Promise<void>((resolve) => {
          const test = () => {
            if (inFlight === bound || started === total) {
              gate.off('change', test);
              resolve();
              gate.emit('change');
            }
          };
          gate.on('change', test);
          test();
        });
        await t.call('guild.list');
        inFlight--;
        t.expect(true, 'ran');
      }),
    );
    const result = await runChecks(checks, { concurrency: bound });
    expect(result.summary.pass).toBe(total);
    expect(maxInFlight).toBe(bound);
  });

  it('runs exclusive checks alone', async () => {
    let inFlight = 0;
    const seenByExclusive: number[] = [];
    const checks = [
      ...Array.from({ length: 6 }, (_, i) =>
        check(`plain-${i}`, async (t: CheckContext) => {
          inFlight++;
          await t.call('guild.list');
          inFlight--;
          t.expect(true, 'ran');
        }),
      ),
      check(
        'exclusive',
        async (t: CheckContext) => {
          seenByExclusive.push(inFlight);
          t.expect(true, 'ran');
        },
        { exclusive: true },
      ),
    ];
    await runChecks(checks, { concurrency: 8 });
    expect(seenByExclusive).toEqual([0]);
  });

  it('runs the holders of a hold one at a time, its sharers together but never with a holder, the rest alongside', async () => {
    const live = { holders: 0, sharers: 0 };
    const seen = { holdersWithHolder: 0, sharersWithHolder: 0, maxSharers: 0, freeBesideHolder: false };
    const changed = new EventEmitter();
    const until = (condition: () => boolean) => untilChanged(changed, condition);
    const sharersStarted = { count: 0 };
    const checks = [
      ...Array.from({ length: 3 }, (_, i) =>
        check(
          `holder-${i}`,
          async (t: CheckContext) => {
            if (live.holders > 0) seen.holdersWithHolder++;
            if (live.sharers > 0) seen.sharersWithHolder++;
            live.holders++;
            changed.emit('change');
            await t.call('guild.list');
            live.holders--;
            changed.emit('change');
            t.expect(true, 'ran');
          },
          { holds: ['join-requests'] },
        ),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        check(
          `sharer-${i}`,
          async (t: CheckContext) => {
            if (live.holders > 0) seen.sharersWithHolder++;
            live.sharers++;
            sharersStarted.count++;
            seen.maxSharers = Math.max(seen.maxSharers, live.sharers);
            changed.emit('change');
            // Together: each waits for all three (a schedule running them one by one would time out).
            await until(() => sharersStarted.count === 3);
            await t.call('guild.list');
            live.sharers--;
            changed.emit('change');
            t.expect(true, 'ran');
          },
          { shares: ['join-requests'] },
        ),
      ),
      check('free', async (t: CheckContext) => {
        // Alongside: it waits for a holder to be running (a schedule running holders alone would time out).
        await until(() => live.holders > 0);
        seen.freeBesideHolder = true;
        await t.call('guild.list');
        t.expect(true, 'ran');
      }),
    ];
    const result = await runChecks(checks, { concurrency: 8, checkTimeoutMs: 5_000 });
    expect(result.checks.map((c) => c.status)).toEqual(Array(7).fill('pass'));
    expect(seen).toEqual({
      holdersWithHolder: 0,
      sharersWithHolder: 0,
      maxSharers: 3,
      freeBesideHolder: true,
    });
  });

  it("gives a check's slot to others while it waits for an event", async () => {
    // One slot: the waiting check must let the check that causes its event run.
    const checks = [
      check(
        'waits',
        async (t: CheckContext) => {
          const event = await t.events.waitFor(
            (e) => e.type === 'message-created' && e.body?.message?.content === 'slot-test',
            'the message-created of the other check',
          );
          t.expect(event, 'the event arrived');
        },
        { needs: ['events'], waitsMs: 1 },
      ),
      check('causes', async (t: CheckContext) => {
        const created = await t.call('message.create', {
          channel_id: t.sandbox.channelId,
          content: 'slot-test',
        });
        for (const message of created.body ?? [])
          t.track({
            kind: 'message',
            label: `message ${message.id}`,
            undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: message.id }],
          });
        t.expectOk(created, 'message.create');
      }),
    ];
    const result = await run({ reference, checks, concurrency: 1, eventTimeoutMs: 3_000 });
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([
      ['test/waits', 'pass'],
      ['test/causes', 'pass'],
    ]);
  });

  it('gives quiet-channel holders a channel of their own, deleted at cleanup; without channel.create, the sandbox channel alone', async () => {
    const channelsSeen: string[] = [];
    let inFlightBesideFallback = -1;
    let inFlight = 0;
    const quiet = check(
      'quiet',
      async (t: CheckContext) => {
        channelsSeen.push(t.sandbox.channelId);
        inFlightBesideFallback = inFlight;
        const listed = await t.call('message.list', { channel_id: t.sandbox.channelId });
        t.expectOk(listed, 'message.list of the quiet channel');
      },
      { holds: ['quiet-channel'] },
    );
    const others = Array.from({ length: 4 }, (_, i) =>
      check(`other-${i}`, async (t: CheckContext) => {
        inFlight++;
        await t.call('guild.list');
        inFlight--;
        t.expect(true, 'ran');
      }),
    );
    const result = await runChecks([quiet, ...others]);
    expect(result.checks.every((c) => c.status === 'pass')).toBe(true);
    expect(channelsSeen[0]).not.toBe(reference.sandbox.channelId);
    expect(result.cleanup).toContainEqual(
      expect.objectContaining({
        operation: 'channel.delete',
        status: 'undone',
        label: expect.stringContaining(channelsSeen[0]),
      }),
    );

    // A target whose channel.create fails: the sandbox channel, with nothing else in flight.
    const refusing = await startReference({
      intercept: (request) =>
        request.operation === 'channel.create'
          ? { status: 501, body: { message: 'not implemented' } }
          : undefined,
    });
    try {
      channelsSeen.length = 0;
      const fallback = await run({ reference: refusing, checks: [quiet, ...others], events: 'none' });
      expect(fallback.checks.every((c) => c.status === 'pass')).toBe(true);
      expect(channelsSeen).toEqual([refusing.sandbox.channelId]);
      expect(inFlightBesideFallback).toBe(0);
    } finally {
      await refusing.close();
    }
  });

  it('never deadlocks on one slot: a check waiting to take a hold back lets the holder finish', async () => {
    const order: string[] = [];
    const checks = [
      check(
        'sharer',
        async (t: CheckContext) => {
          order.push('sharer starts');
          t.release('peer-in-guild');
          await t.wait(50);
          await t.acquire('peer-in-guild');
          order.push('sharer ends');
          t.expect(true, 'took the hold back');
        },
        { shares: ['peer-in-guild'], waitsMs: 2 },
      ),
      check(
        'holder',
        async (t: CheckContext) => {
          order.push('holder starts');
          await t.wait(100);
          order.push('holder ends');
          t.expect(true, 'ran');
        },
        { holds: ['peer-in-guild'], waitsMs: 1 },
      ),
    ];
    const result = await runChecks(checks, { concurrency: 1, checkTimeoutMs: 5_000 });
    expect(result.checks.map((c) => c.status)).toEqual(['pass', 'pass']);
    expect(order).toEqual(['sharer starts', 'holder starts', 'holder ends', 'sharer ends']);
  });

  it('takes a hold back in the mode asked for: shared beside a sharer, alone only as declared', async () => {
    // The mute window's checks give the peer back during their window and take it back shared for the
    // probes after it: taken alone, 'first' would wait for 'second' to end, which waits for 'first'.
    const changed = new EventEmitter();
    const state = { firstTookBack: false, secondIn: false };
    const checks = [
      check(
        'first',
        async (t: CheckContext) => {
          t.release('peer-in-guild');
          await t.acquire('peer-in-guild', 'shared');
          state.firstTookBack = true;
          changed.emit('change');
          await untilChanged(changed, () => state.secondIn);
          t.expect(true, 'took the hold back shared beside the other sharer');
        },
        { shares: ['peer-in-guild'], acquires: ['peer-in-guild'] },
      ),
      check(
        'second',
        async (t: CheckContext) => {
          state.secondIn = true;
          changed.emit('change');
          await untilChanged(changed, () => state.firstTookBack);
          t.expect(true, 'ran beside it');
        },
        { shares: ['peer-in-guild'] },
      ),
      check(
        'overreach',
        async (t: CheckContext) => {
          t.release('peer-in-guild');
          await t.acquire('peer-in-guild', 'alone');
          t.expect(true, 'took alone what it only shares');
        },
        { shares: ['peer-in-guild'] },
      ),
    ];
    const result = await runChecks(checks, { concurrency: 3, checkTimeoutMs: 5_000 });
    expect(byId(result, 'first').status).toBe('pass');
    expect(byId(result, 'second').status).toBe('pass');
    expect(byId(result, 'overreach').status).toBe('error');
    expect(byId(result, 'overreach').reason).toMatch(
      /acquires 'peer-in-guild' alone, which it does not declare/,
    );
  });

  it('runs the after phase once every other check has ended, its checks together', async () => {
    let mainRunning = 0;
    let afterRunning = 0;
    let maxAfter = 0;
    let mainBesideAfter = 0;
    const afterStarted = { count: 0 };
    const changed = new EventEmitter();
    const checks = [
      ...Array.from({ length: 3 }, (_, i) =>
        check(
          `after-${i}`,
          async (t: CheckContext) => {
            mainBesideAfter += mainRunning;
            afterRunning++;
            afterStarted.count++;
            maxAfter = Math.max(maxAfter, afterRunning);
            changed.emit('change');
            await untilChanged(changed, () => afterStarted.count === 3);
            afterRunning--;
            t.expect(true, 'ran');
          },
          { phase: 'after' },
        ),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        check(`main-${i}`, async (t: CheckContext) => {
          mainRunning++;
          await t.call('guild.list');
          mainRunning--;
          t.expect(true, 'ran');
        }),
      ),
    ];
    const result = await runChecks(checks, { concurrency: 8, checkTimeoutMs: 5_000 });
    expect(result.checks.every((c) => c.status === 'pass')).toBe(true);
    expect([mainBesideAfter, maxAfter]).toEqual([0, 3]);
  });
});

describe('shared observations (t.shared)', () => {
  it('are made once, judged by each check, and their exchanges are the evidence of each', async () => {
    let observed = 0;
    const observe = (t: CheckContext) =>
      t.shared('guild.list once', async (observer) => {
        observed++;
        return (await observer.call('guild.list')).status;
      });
    const checks = [
      check('judge-a', async (t: CheckContext) => {
        const status = await observe(t);
        t.expect(status === 200, 'guild.list answered 200');
      }),
      check('judge-b', async (t: CheckContext) => {
        const status = await observe(t);
        t.expect(status === 299, 'guild.list answered 299 (it does not: the evidence shows why)');
      }),
      check('asserts-inside', async (t: CheckContext) => {
        // An assertion that holds while observing lets the observation go on (a failing one fails every
        // sharer: test/runner/order.test.ts); it is no assertion of the check.
        await t.shared('an observation that asserts', async (observer: CheckContext) => {
          observer.expect(true, 'holds while observing');
        });
      }),
    ];
    const result = await runChecks(checks, { concurrency: 1 });
    expect(observed).toBe(1);
    expect(byId(result, 'judge-a').status).toBe('pass');
    const judged = byId(result, 'judge-b');
    expect(judged.status).toBe('fail');
    expect(judged.evidence?.exchanges.map((exchange) => exchange.request.url)).toEqual([
      expect.stringMatching(/\/guild\.list$/),
    ]);
    expect(judged.evidence?.notes).toContainEqual(
      expect.stringContaining('observed once for the run by test/judge-a'),
    );
    expect(byId(result, 'asserts-inside')).toMatchObject({
      status: 'error',
      reason: expect.stringContaining('made no assertion'),
    });
  });
});

describe('an observation made of another', () => {
  it("carries the inner observation's exchanges as its own evidence", async () => {
    const outer = (t: CheckContext) =>
      t.shared('outer', async (observer) => {
        const inner = await observer.shared('inner', async (o) => (await o.call('guild.list')).status);
        await observer.call('channel.list', { guild_id: t.sandbox.guildId });
        return inner;
      });
    const maker = check('maker', async (t: CheckContext) => {
      t.expect((await outer(t)) === 200, 'guild.list answered 200');
    });
    const judge = check(
      'judge',
      async (t: CheckContext) => {
        t.expect((await outer(t)) === 299, 'guild.list answered 299 (it does not: the evidence shows why)');
      },
      { startsAfter: ['test/maker'] },
    );
    const result = await runChecks([maker, judge], { concurrency: 2 });
    const judged = byId(result, 'judge');
    expect(judged.status).toBe('fail');
    expect(judged.evidence?.exchanges.map((exchange) => exchange.request.url)).toEqual([
      expect.stringMatching(/\/guild\.list$/),
      expect.stringMatching(/\/channel\.list$/),
    ]);
  });
});

describe('waiting for a shared observation', () => {
  it('holds no slot while another check makes it: at --concurrency 1 an observer that waits does not deadlock', async () => {
    const observe = (t: CheckContext) =>
      t.shared('an observation with a wait', async (observer) => {
        await observer.wait(300); // gives the observer's slot back meanwhile
        return (await observer.call('guild.list')).status;
      });
    const sharer = (id: string) =>
      check(id, async (t: CheckContext) => {
        t.expect((await observe(t)) === 200, 'guild.list answered 200');
      });
    const result = await runChecks([sharer('observer'), sharer('waiter')], {
      concurrency: 1,
      checkTimeoutMs: 5_000,
    });
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([
      ['test/observer', 'pass'],
      ['test/waiter', 'pass'],
    ]);
  });
});

describe('what a shared observation creates', () => {
  it("outlives the check that made it (undone at the run's end): a later sharer still reads it", async () => {
    const message = (t: CheckContext) =>
      t.shared('a message to read', async (observer) => {
        const created = await observer.call('message.create', {
          channel_id: t.sandbox.channelId,
          content: 'kept',
        });
        const id = created.body[0].id as string;
        observer.track({
          kind: 'message',
          label: `message ${id}`,
          undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: id }],
        });
        return id;
      });
    const maker = check('maker', async (t: CheckContext) => {
      t.expect(typeof (await message(t)) === 'string', 'a message was created');
    });
    const reader = check(
      'reader',
      async (t: CheckContext) => {
        const read = await t.call('message.get', {
          channel_id: t.sandbox.channelId,
          message_id: await message(t),
        });
        t.expectOk(read, 'message.get of the shared message, after its maker ended');
      },
      { startsAfter: ['test/maker'] },
    );
    const result = await runChecks([maker, reader], { concurrency: 2 });
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([
      ['test/maker', 'pass'],
      ['test/reader', 'pass'],
    ]);
    expect(result.cleanup).toContainEqual(
      expect.objectContaining({ checkId: 'shared: a message to read', status: 'undone' }),
    );
  });
});

describe('ledger and cleanup', () => {
  it('undoes what checks created, newest first, after failures too; a settled entry is not undone twice', async () => {
    const before = reference.snapshot();
    const result = await runChecks(
      [
        check('creates-and-fails', async (t: CheckContext) => {
          for (const content of ['one', 'two']) {
            const created = await t.call('message.create', { channel_id: t.sandbox.channelId, content });
            const id = created.body[0].id;
            t.track({
              kind: 'message',
              label: `message ${content}`,
              undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: id }],
            });
          }
          t.expect(false, 'a failure after creating');
        }),
        check('creates-and-deletes', async (t: CheckContext) => {
          const created = await t.call('message.create', {
            channel_id: t.sandbox.channelId,
            content: 'three',
          });
          const id = created.body[0].id;
          t.track({
            kind: 'message',
            label: 'message three',
            undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: id }],
          });
          t.expectOk(
            await t.call('message.delete', { channel_id: t.sandbox.channelId, message_id: id }),
            'delete',
          );
        }),
      ],
      { concurrency: 1 },
    );
    expect(result.cleanup?.map((record) => [record.label, record.status])).toEqual([
      ['message two', 'undone'],
      ['message one', 'undone'],
    ]);
    expect(reference.snapshot()).toEqual(before);
  });

  it('reports an undo answered "not found" as absent, not left behind (issue 9 item 8)', async () => {
    const result = await runChecks([
      check('tracks-bogus', async (t: CheckContext) => {
        t.track({
          kind: 'message',
          label: 'a message that does not exist',
          undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: 'nope' }],
        });
        t.expect(true, 'x');
      }),
    ]);
    expect(result.cleanup).toEqual([
      expect.objectContaining({
        label: 'a message that does not exist',
        status: 'absent',
        error: expect.stringMatching(/HTTP 404/),
      }),
    ]);
  });

  it('stops on abort, reports the interruption and still cleans up', async () => {
    const before = reference.snapshot();
    const controller = new AbortController();
    const result = await runChecks(
      [
        check('creates-then-waits', async (t: CheckContext) => {
          const created = await t.call('message.create', { channel_id: t.sandbox.channelId, content: 'x' });
          t.track({
            kind: 'message',
            label: 'message x',
            undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: created.body[0].id }],
          });
          controller.abort('SIGINT');
          t.expect(t.signal.aborted, 'the run signal reaches the check');
        }),
        check('never-starts', async (t: CheckContext) => t.expect(true, 'x')),
      ],
      { signal: controller.signal, concurrency: 1 },
    );
    expect(result.interrupted).toBe(true);
    expect(result.verdict).toBe('fail');
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([['test/creates-then-waits', 'error']]);
    expect(result.cleanup).toEqual([expect.objectContaining({ label: 'message x', status: 'undone' })]);
    expect(reference.snapshot()).toEqual(before);
  });
});

describe('cleanup while the run goes on (issue 11)', () => {
  /**
   * A check that creates a channel in the sandbox guild (tracked for deletion) and ends: `id()` once
   * created; `ended` resolves once run() has returned.
   */
  const channelCreator = (name: string) => {
    let channelId: string | undefined;
    let markEnded = () => {};
    const ended = new Promise<void>((resolve) => {
      markEnded = resolve;
    });
    const creates = check('creates', async (t: CheckContext) => {
      const created = await t.call('channel.create', {
        guild_id: t.sandbox.guildId,
        data: { name, type: 0 },
      });
      channelId = created.body.id;
      t.track({
        kind: 'channel',
        label: `channel ${name}`,
        undo: ['channel.delete', { channel_id: channelId }],
      });
      t.expect(true, 'created');
      setImmediate(markEnded);
    });
    const removed = (event: ObservedEvent) =>
      event.type === 'channel-removed' && (event.body as any)?.channel?.id === channelId;
    return { creates, ended, removed };
  };

  it("deletes an ended check's channel while another check still runs", async () => {
    const before = reference.snapshot();
    const channel = channelCreator('early');
    const result = await run({
      reference,
      concurrency: 2,
      checks: [
        channel.creates,
        check('sees-it-go', async (t: CheckContext) => {
          await t.events.waitFor(
            channel.removed,
            'the channel of the ended check is removed while this check runs',
          );
        }),
      ],
    });
    expect(byId(result, 'sees-it-go').status).toBe('pass');
    expect(result.cleanup).toEqual([expect.objectContaining({ label: 'channel early', status: 'undone' })]);
    expect(reference.snapshot()).toEqual(before);
  });

  it('leaves a list alone while a check reads it: the delete waits until the reader ends', async () => {
    const before = reference.snapshot();
    const channel = channelCreator('listed');
    const result = await run({
      reference,
      concurrency: 2,
      checks: [
        channel.creates,
        check('reads-channel-list', async (t: CheckContext) => {
          await t.call('channel.list', { guild_id: t.sandbox.guildId });
          // Once the creator has ended, a removal would come at once (the test above): none may come.
          await channel.ended;
          const removed = await t.events.tryWaitFor(channel.removed, 400);
          t.expect(
            removed === undefined,
            'no channel removed while this check reads channel.list',
            removed?.body,
          );
        }),
      ],
    });
    expect(byId(result, 'reads-channel-list').status).toBe('pass');
    expect(result.cleanup).toEqual([expect.objectContaining({ label: 'channel listed', status: 'undone' })]);
    expect(reference.snapshot()).toEqual(before);
  });

  it('undoes a role with its assignments: one delete, no unset each', async () => {
    const before = reference.snapshot();
    const result = await runChecks([
      check('assigns', async (t: CheckContext) => {
        const role = await t.call('guild.role.create', {
          guild_id: t.sandbox.guildId,
          [t.variants['role-payload'] === 'role' ? 'role' : 'data']: { name: 'r' },
        });
        const roleId: string = role.body.id;
        t.track({
          kind: 'role',
          label: 'role r',
          undo: ['guild.role.delete', { guild_id: t.sandbox.guildId, role_id: roleId }],
        });
        const fields = { guild_id: t.sandbox.guildId, user_id: t.sandbox.selfId, role_id: roleId };
        t.expectOk(await t.call('guild.member.role.set', fields), 'role set');
        t.track({
          kind: 'role assignment',
          label: 'assignment of r',
          undo: ['guild.member.role.unset', fields],
        });
      }),
    ]);
    expect(byId(result, 'assigns').status).toBe('pass');
    expect(result.cleanup).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'role r', operation: 'guild.role.delete', status: 'undone' }),
        expect.objectContaining({
          label: 'assignment of r',
          operation: 'guild.role.delete',
          status: 'undone',
        }),
      ]),
    );
    expect(reference.snapshot()).toEqual(before);
  });
});

describe('trigger and events', () => {
  it('waits for an event without sleeping, and fails on the event timeout', async () => {
    const result = await run({
      reference,
      eventTimeoutMs: 300,
      checks: [
        ...(await loadChecks(EXAMPLES)).filter((c) => c.id === 'example/message-created-event'),
        check('no-such-event', async (t: CheckContext) => {
          await t.events.waitFor((e) => e.type === 'never-sent', 'an event that never comes');
        }),
      ],
    });
    expect(result.checks.find((c) => c.id === 'example/message-created-event')?.status).toBe('pass');
    expect(byId(result, 'no-such-event')).toMatchObject({
      status: 'fail',
      evidence: { expected: 'an event that never comes', observed: expect.stringMatching(/within 300 ms/) },
    });
  });

  it('fires the embedded trigger; the ledger undoes the request it caused', async () => {
    const before = reference.snapshot();
    const result = await run({
      reference,
      events: 'none',
      checks: [
        check(
          'friend-request',
          async (t: CheckContext) => {
            const answer: any = await t.trigger('friend-request', {});
            t.track({
              kind: 'friend-request',
              label: `friend request ${answer?.request_id}`,
              undo: ['friend.approve', { message_id: answer?.request_id, approve: false }],
            });
            t.expect(
              typeof answer?.request_id === 'string',
              'the trigger answers with the request id',
              answer,
            );
          },
          { needs: ['trigger'] },
        ),
      ],
    });
    expect(byId(result, 'friend-request').status).toBe('pass');
    expect(byId(result, 'friend-request').evidence?.notes?.[0]).toMatch(/triggered friend-request/);
    expect(result.cleanup).toEqual([expect.objectContaining({ status: 'undone' })]);
    expect(reference.snapshot()).toEqual(before);
  });
});

describe('report', () => {
  it('a real run result validates against spec/schemas/report.schema.json', async () => {
    const result = await run({ reference, checks: await loadChecks(EXAMPLES) });
    expect(result.summary.pass).toBe(3);
    expect(validate('report', JSON.parse(JSON.stringify(result)))).toEqual([]);
    expect(validate('report', { ...result, checks: [{ id: 1 }] }).length).toBeGreaterThan(0);
  });
});

describe('honest summaries (issue 9 item 8)', () => {
  const passing = check('passes', async (t) => t.expect(true, 'true'));
  // The embedded reference has a peer, trigger and events; --allow-destructive is off by default.
  const needsDestructive = (id: string) =>
    check(id, async (t) => t.expect(true, 'true'), { needs: ['destructive'] });

  it('a run with no selected check has no verdict: NO VERDICT, never CONFORMS', async () => {
    const result = await runChecks([passing], { grep: 'matches-no-check' });
    expect(result.checks).toEqual([]);
    expect(nothingCountedReason(result)).toMatch(/no check was selected: widen --suite \/ --grep/);
    const text = String(renderConsole(result, { color: false }));
    expect(text).toContain('NO VERDICT at level must');
    expect(text).not.toContain('CONFORMS');
  });

  it('a run whose counted checks all skipped has no verdict, and says why with the flag', async () => {
    const result = await runChecks([needsDestructive('a'), needsDestructive('b')]);
    expect(countedOutcome(result)).toMatchObject({ ran: 0, skipped: 2 });
    expect(nothingCountedReason(result)).toContain(`2 × ${DESTRUCTIVE_MISSING}`);
  });

  it('the verdict line counts the counted checks that ran and the skips, grouped by reason', async () => {
    const result = await runChecks([passing, needsDestructive('a'), needsDestructive('b')]);
    expect(nothingCountedReason(result)).toBeUndefined();
    const outcome = countedOutcome(result);
    expect(outcome).toMatchObject({ ran: 1, passed: 1, failing: 0, skipped: 2 });
    expect(outcome.skipGroups).toEqual([{ reason: DESTRUCTIVE_MISSING, count: 2 }]);
    const text = String(renderConsole(result, { color: false }));
    expect(text).toContain('CONFORMS at level must: 1 counted checks ran, none failed, 2 skipped');
    // The verdict stays the last line (--quiet prints only that).
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^CONFORMS at level must/);
    expect(text).toContain(`skipped   2 × ${DESTRUCTIVE_MISSING}`);
  });
});
