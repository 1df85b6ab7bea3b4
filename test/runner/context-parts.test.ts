/**
 * The parts executeCheck builds a check from (src/runner/context/): the per-check record, the verdict and
 * the result assembly, and the run within the timeout. The engine's end-to-end verdicts are in engine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../src/runner/check.js';
import { resultOf, verdictOf } from '../../src/runner/context/outcome.js';
import {
  CheckFailure,
  CheckSkip,
  CheckState,
  CheckTimeout,
  CheckUndecided,
} from '../../src/runner/context/state.js';
import { checkSignals, runWithin } from '../../src/runner/context/timing.js';
import { EventWaitTimeout, NoEventSourceError } from '../../src/runner/events-api.js';
import type { Exchange } from '../../src/runner/model.js';
import { testCheck } from './test-check.js';

const exchange = (n: number): Exchange => ({
  request: { method: 'POST', url: `http://127.0.0.1/${n}`, headers: {} },
  durationMs: 1,
  curl: `curl ${n}`,
});

const threw = (thrown: unknown) => ({ threw: true as const, thrown });
const returned = { threw: false as const };

describe('CheckState: the record of one check', () => {
  it('keeps the first failure, describes what was observed, and ends the check', () => {
    const state = new CheckState();
    expect(() => state.fail('a 2xx status', { status: 500 })).toThrow(CheckFailure);
    expect(() => state.fail('later', 'ignored')).toThrow(CheckFailure);
    state.failed({ expected: 'also later' });
    expect(state.failure).toEqual({ expected: 'a 2xx status', observed: '{"status":500}' });
  });

  it('keeps the first 5 and the latest 25 exchanges, counting those dropped', () => {
    const state = new CheckState();
    state.exchanges.push(...Array.from({ length: 40 }, (_, i) => exchange(i)));
    const kept = state.exchanges.list().map((e) => e.curl);
    expect(kept).toHaveLength(30);
    expect(kept.slice(0, 5)).toEqual(['curl 0', 'curl 1', 'curl 2', 'curl 3', 'curl 4']);
    expect(kept[5]).toBe('curl 15');
    expect(kept.at(-1)).toBe('curl 39');
    expect(state.exchanges.dropped).toBe(10);
  });
});

describe('verdictOf: a recorded failure first, then what was thrown; a pass needs an assertion', () => {
  const counted = () => Object.assign(new CheckState(), { assertions: 1 });

  it('fails on a recorded failure even when the check then skipped', () => {
    const state = counted();
    state.failed({ expected: 'x', observed: 'y' });
    expect(verdictOf(state, threw(new CheckSkip('later')), undefined)).toEqual({
      status: 'fail',
      reason: 'expected x; observed y',
    });
  });

  it('maps each ending to its status', () => {
    const state = counted();
    const timeout = new EventWaitTimeout('a message-created event', 50, []);
    expect(verdictOf(state, threw(new CheckSkip('no peer')), undefined)).toEqual({
      status: 'skip',
      reason: 'no peer',
    });
    expect(verdictOf(state, threw(new CheckUndecided('s', 'c')), undefined).status).toBe('skip');
    expect(verdictOf(state, threw(new NoEventSourceError('none')), undefined).status).toBe('skip');
    expect(verdictOf(state, threw(timeout), undefined)).toEqual({ status: 'fail', reason: timeout.message });
    expect(verdictOf(state, threw(new CheckTimeout('slow')), undefined)).toEqual({
      status: 'error',
      reason: 'slow',
    });
    expect(verdictOf(state, threw(new TypeError('boom')), undefined)).toEqual({
      status: 'error',
      reason: 'the check threw: TypeError: boom',
    });
    expect(verdictOf(state, returned, undefined)).toEqual({ status: 'pass' });
    expect(verdictOf(new CheckState(), returned, undefined).status).toBe('error');
  });

  it('says why the run stopped: an interruption (a signal) or what else it was', () => {
    const state = counted();
    const stopped = (reason: unknown) => AbortSignal.abort(reason);
    expect(verdictOf(state, threw(new Error('aborted')), stopped('SIGINT')).reason).toBe(
      'the run was interrupted before the check finished',
    );
    expect(verdictOf(state, threw(new Error('aborted')), stopped('the run deadline passed')).reason).toBe(
      'the run stopped before the check finished: the run deadline passed',
    );
  });
});

describe('resultOf: the result and its evidence', () => {
  const check = testCheck('parts', async () => undefined);

  it('keeps exchanges only for a failure or an error, with a note of those dropped', () => {
    const state = new CheckState();
    state.exchanges.push(...Array.from({ length: 31 }, (_, i) => exchange(i)));
    state.sent = 31;
    state.failed({ expected: 'x' });
    const failed = resultOf(check, state, returned, { status: 'fail', reason: 'x' }, 7);
    expect(failed).toMatchObject({
      id: 'test/parts',
      status: 'fail',
      reason: 'x',
      requests: 31,
      durationMs: 7,
    });
    expect(failed.evidence?.exchanges).toHaveLength(30);
    expect(failed.evidence?.notes).toEqual([
      '1 exchanges in the middle of the check are not kept as evidence',
    ]);

    const passed = resultOf(check, new CheckState(), returned, { status: 'pass' }, 1);
    expect(passed.evidence).toBeUndefined();
    const noted = new CheckState();
    noted.notes.push('observed once');
    expect(resultOf(check, noted, returned, { status: 'pass' }, 1).evidence).toEqual({
      exchanges: [],
      notes: ['observed once'],
    });
  });

  it('marks an undecided check, unless it had already failed', () => {
    const ending = threw(new CheckUndecided('the peer is banned', 'unban it'));
    const undecided = resultOf(check, new CheckState(), ending, { status: 'skip' }, 1);
    expect(undecided.undecided).toEqual({ state: 'the peer is banned', clear: 'unban it' });
    const state = new CheckState();
    state.failed({ expected: 'x' });
    expect(resultOf(check, state, ending, { status: 'fail' }, 1).undecided).toBeUndefined();
  });
});

describe('runWithin: the check timeout and the run interruption', () => {
  const context = {} as CheckContext;

  it('ends a check that outlives its timeout, aborting t.signal and the requests, and reports when it settles', async () => {
    const signals = checkSignals();
    let settled: Promise<unknown> | undefined;
    let release: () => void = () => undefined;
    const hanging = testCheck('hangs', () => new Promise<void>((resolve) => (release = resolve)));
    const ending = await runWithin(hanging, context, signals, {
      timeoutMs: 20,
      onSettled: (p) => (settled = p),
    });
    expect(ending.threw && ending.thrown).toBeInstanceOf(CheckTimeout);
    expect(signals.check.signal.aborted).toBe(true);
    expect(signals.requests.signal.aborted).toBe(true);
    release();
    await expect(settled).resolves.toBeUndefined();
  });

  it('stops on the run signal without aborting the requests under way; aborts t.signal when the check ends', async () => {
    const run = new AbortController();
    const signals = checkSignals();
    const waiting = testCheck(
      'waits',
      (t) => new Promise((_, reject) => t.signal.addEventListener('abort', reject)),
    );
    const ending = runWithin(waiting, { signal: signals.check.signal } as CheckContext, signals, {
      timeoutMs: 60_000,
      signal: run.signal,
    });
    run.abort('SIGINT');
    expect(await ending).toEqual({ threw: true, thrown: 'SIGINT' });
    expect(signals.requests.signal.aborted).toBe(false);

    const done = checkSignals();
    expect(
      await runWithin(
        testCheck('done', async () => undefined),
        context,
        done,
        { timeoutMs: 60_000 },
      ),
    ).toEqual(returned);
    expect(done.check.signal.aborted).toBe(true);
  });
});
