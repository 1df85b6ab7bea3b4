/**
 * The generated clients of `npm run faults` proof 11 (scripts/faults/client-archetypes.ts): the generator
 * composes every habit from seeds, the same client from the same seed, and the ground truth is the rule
 * restated (no checker code asked): the example clients' known defects come out as the truth says.
 */
import { describe, expect, it } from 'vitest';
import {
  type EventHabits,
  eventTruth,
  type PageHabits,
  pageTruth,
  SHAPES,
} from '../../scripts/faults/client-archetype-truth.js';
import { archetypeSeeds, generateClient, verdictAgrees } from '../../scripts/faults/client-archetypes.js';
import type { CheckResult } from '../../src/runner/model.js';

const failing = (truths: Record<string, string>) =>
  Object.entries(truths)
    .filter(([, truth]) => truth === 'fail')
    .map(([id]) => id)
    .sort();

describe('generateClient', () => {
  const clients = archetypeSeeds().seeds.map(generateClient);

  it('composes the same client from the same seed', () => {
    expect(generateClient(42)).toEqual(generateClient(42));
    expect(clients).toHaveLength(105);
  });

  it('covers every habit in the 105 clients of a full run', () => {
    const seen = (pick: (habits: EventHabits) => unknown) =>
      new Set(clients.map((client) => pick(client.events)));
    expect(seen((habits) => habits.conns)).toEqual(new Set([1, 2, 3, 4]));
    expect(seen((habits) => `${habits.conns > 1}:${habits.extras}`)).toEqual(
      new Set(['false:leaked', 'false:read', 'false:closed', 'true:leaked', 'true:read', 'true:closed']),
    );
    expect(seen((habits) => habits.backoff.kind)).toEqual(new Set(['none', 'fixed', 'bursts', 'exp']));
    expect(seen((habits) => habits.heartbeat.kind)).toEqual(
      new Set(['none', 'fixed', 'hinted', 'per-connection', 'leaky']),
    );
    expect(seen((habits) => habits.resume)).toEqual(new Set(['none', 'first', 'last', 'sequence']));
    expect(seen((habits) => habits.dedup)).toEqual(new Set(['none', 'sn']));
    expect(seen((habits) => habits.refused)).toEqual(new Set(['exit', 'idle', 'retry']));
    const pages = (pick: (habits: PageHabits) => unknown) =>
      new Set(clients.map((client) => pick(client.pages)));
    expect(pages((habits) => habits.end)).toEqual(
      new Set(['markers', 'short-page', 'empty-page', 'full-page']),
    );
    expect(pages((habits) => habits.token)).toEqual(new Set(['verbatim', 'from-last-id', 'trimmed']));
    expect(pages((habits) => habits.guard)).toEqual(new Set([true, false]));
    expect(new Set(clients.map((client) => client.list)).size).toBe(7);
  });

  it('takes a slice in each rotation slot (CI), different each day, and all of them otherwise', () => {
    const slices = [0, 1, 2, 3, 4, 5, 6].map((slot) => archetypeSeeds(slot).seeds);
    for (const seeds of slices) {
      expect(seeds.length).toBeGreaterThan(0);
      expect(seeds.length).toBeLessThanOrEqual(5);
      for (const seed of seeds) expect(archetypeSeeds().seeds).toContain(seed);
    }
    expect(new Set(slices.flat()).size).toBe(slices.flat().length);
    expect(archetypeSeeds().seeds).toHaveLength(new Set(archetypeSeeds().seeds).size);
    expect(archetypeSeeds().seeds.length).toBeGreaterThanOrEqual(100);
  });
});

describe('the ground truth of an event client', () => {
  const correct: EventHabits = {
    conns: 1,
    extras: 'closed',
    backoff: { kind: 'exp', ms: 400 },
    heartbeat: { kind: 'hinted' },
    resume: 'last',
    dedup: 'sn',
    refused: 'exit',
  };

  it('passes a correct client everywhere', () => {
    expect(failing(eventTruth(correct))).toEqual([]);
  });

  it('fails the SDK of issue 50 (four sockets, three leaked, 3 s retries forever) where it deviates', () => {
    const go: EventHabits = {
      ...correct,
      conns: 4,
      extras: 'leaked',
      backoff: { kind: 'fixed', ms: 3000 },
      refused: 'retry',
    };
    expect(failing(eventTruth(go))).toEqual([
      'auth-refused-not-retried-at-a-fixed-interval',
      'one-connection-per-login',
    ]);
  });

  it('fails each habit in its scenario', () => {
    expect(failing(eventTruth({ ...correct, resume: 'first', dedup: 'none' }))).toEqual([
      'each-event-once-across-replay',
      'overlapping-replay-delivered-once',
      'resumes-with-last-sn',
    ]);
    expect(
      eventTruth({ ...correct, heartbeat: { kind: 'none' } })['ping-rate-steady-across-reconnects'],
    ).toBe('undecided');
    expect(failing(eventTruth({ ...correct, heartbeat: { kind: 'leaky' } }))).toEqual([
      'ping-rate-steady-across-reconnects',
    ]);
    expect(failing(eventTruth({ ...correct, backoff: { kind: 'none' }, refused: 'retry' }))).toEqual([
      'auth-close-not-retried-in-a-storm',
      'auth-refused-not-retried-at-a-fixed-interval',
      'reconnects-with-backoff',
    ]);
    expect(failing(eventTruth({ ...correct, conns: 3, extras: 'closed' }))).toEqual([]);
  });
});

describe('the ground truth of a pagination client: its walk simulated over each shape', () => {
  const correct: PageHabits = { end: 'markers', token: 'verbatim', guard: true };
  const fails = (habits: PageHabits) =>
    Object.keys(SHAPES)
      .filter((shape) => pageTruth(SHAPES[shape], habits) === 'fail')
      .sort();

  it('passes the correct walk on every shape', () => {
    expect(fails(correct)).toEqual([]);
  });

  it('fails the example clients’ defects where examples.test.ts shows them', () => {
    expect(fails({ ...correct, end: 'short-page' })).toContain('short-page-with-next-continues');
    expect(fails({ ...correct, end: 'empty-page' })).toEqual([
      'empty-first-page-with-next-continues',
      'empty-page-with-next-continues',
    ]);
    expect(fails({ ...correct, end: 'full-page', limit: 50 })).toEqual(['full-page-without-next-stops']);
    expect(fails({ ...correct, guard: false })).toEqual(['never-ending-token-not-repeated']);
    expect(fails({ ...correct, token: 'trimmed' })).toEqual(['opaque-token-passed-verbatim']);
    expect(fails({ ...correct, token: 'from-last-id' })).not.toContain('ends-after-one-item');
  });

  it('judges the loop guard only of a client that followed next at least once', () => {
    const stopsAtOnce: PageHabits = { ...correct, end: 'short-page', guard: false };
    expect(pageTruth(SHAPES['never-ending-token-not-repeated'], stopsAtOnce)).toBe('pass-or-undecided');
  });
});

describe('verdictAgrees', () => {
  const check = (status: CheckResult['status'], clear?: string) =>
    ({ status, ...(clear ? { undecided: { state: 'x', clear } } : {}) }) as CheckResult;
  it('takes the truth, and an undecided for the machine’s load, never a pass for a failure', () => {
    expect(verdictAgrees('fail', check('fail'))).toBe(true);
    expect(verdictAgrees('fail', check('pass'))).toBe(false);
    expect(verdictAgrees('pass', check('skip', 'run the client scenarios on a less busy machine'))).toBe(
      true,
    );
    expect(verdictAgrees('undecided', check('skip', 'pass --scenario-timeout 90000'))).toBe(true);
    expect(verdictAgrees('undecided', check('pass'))).toBe(false);
    expect(verdictAgrees('pass-or-undecided', check('fail'))).toBe(false);
    expect(verdictAgrees('pass', check('error'))).toBe(false);
  });
});
