/**
 * The self-verification machinery of `npm run faults` on a small matrix (the full catalogue × every suite
 * runs as `npm run faults`, too slow for the self-tests).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Executor, Job } from '../../scripts/faults/executors.js';
import { runHistoryMatrix } from '../../scripts/faults/history.js';
import { faultRow } from '../../scripts/faults/rows.js';
import { formatToleranceMatrix, runToleranceMatrix } from '../../scripts/faults/tolerances.js';
import { formatMatrix, runFaultMatrix } from '../../scripts/faults.js';
import { loadFaultCatalogue } from '../../src/embedded.js';
import { toleranceCatalogue } from '../../src/reference/index.js';
import { type CheckContext, type CheckDefinition, defineCheck } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { ROOT } from '../cli/helpers.js';

describe('fault matrix', () => {
  it('finds detected faults, undetected faults and checks that cannot fail', async () => {
    const examples = await loadChecks(join(ROOT, 'test/runner/fixtures/suites'));
    const cannotFail: CheckDefinition = {
      id: 'test/always-passes',
      title: 'passes whatever the server does',
      level: 'must',
      rules: ['GEN-2'],
      group: 'robustness',
      operations: [],
      async run(t: CheckContext) {
        t.expect(true, 'nothing');
      },
    };
    const catalogue = loadFaultCatalogue();
    const byId = (id: string) => {
      const fault = catalogue.find((candidate) => candidate.id === id);
      if (!fault) throw new Error(`fault ${id} is not in the catalogue`);
      return fault;
    };
    const matrix = await runFaultMatrix({
      checks: [...examples, cannotFail],
      faults: [byId('message-create-returns-object'), byId('guild-list-includes-foreign')],
    });
    expect(matrix.clean.summary).toMatchObject({ fail: 0, error: 0 });
    const [detected, undetected] = matrix.rows;
    expect(detected.detected).toBe(true);
    expect(detected.expected).toContain('example/message-create-then-get');
    expect(undetected.detected).toBe(false);
    expect(matrix.neverFailing).toContain('test/always-passes');
    expect(matrix.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/fault guild-list-includes-foreign .* no failing check cites its rules/),
        expect.stringMatching(/check test\/always-passes fails under no fault/),
      ]),
    );
    expect(formatMatrix(matrix)).toMatch(/\* example\/message-create-then-get/);
  });
});

describe('fault matrix, limited runs', () => {
  it('runs a fault over the checks citing it, and finds a check that fails only under a fault not citing it', async () => {
    const examples = await loadChecks(join(ROOT, 'test/runner/fixtures/suites'));
    // Cites no rule of message-create-returns-object (MSG-CREATE-1), yet fails under it: a collateral failure.
    const wantsAnArray = defineCheck({
      id: 'test/create-answers-array',
      title: 'message.create answers an array',
      level: 'must',
      rules: ['GEN-2'],
      group: 'messages',
      operations: ['message.create'],
      async run(t: CheckContext) {
        const created = await t.call('message.create', {
          channel_id: t.sandbox.channelId,
          content: 'array?',
        });
        const message = Array.isArray(created.body) ? created.body[0] : created.body;
        if (typeof message?.id === 'string') {
          t.track({
            kind: 'message',
            label: `message ${message.id}`,
            undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: message.id }],
          });
        }
        t.expect(Array.isArray(created.body), 'message.create answers an array', created.body);
      },
    });
    const fault = loadFaultCatalogue().find((candidate) => candidate.id === 'message-create-returns-object');
    if (!fault) throw new Error('fault message-create-returns-object is not in the catalogue');
    const matrix = await runFaultMatrix({ checks: [...examples, wantsAnArray], faults: [fault] });
    const [row] = matrix.rows;
    expect(row.detected).toBe(true);
    expect(row.exitsOne).toBe(true);
    // The limited run held only the checks citing MSG-CREATE-1: the collateral check was not in it…
    expect([...row.expected, ...row.collateral]).not.toContain('test/create-answers-array');
    // …so the second pass ran it under the fault, where it failed: it can fail, no problem reported.
    expect(matrix.collateralOnly).toContain('test/create-answers-array');
    expect(matrix.neverFailing).not.toContain('test/create-answers-array');
    expect(matrix.problems.filter((problem) => problem.includes('create-answers-array'))).toEqual([]);
    expect(formatMatrix(matrix)).toMatch(
      /fail only under a fault not citing them: .*test\/create-answers-array/,
    );
  });
});

describe('tolerance matrix', () => {
  it('reports a must check failing under a legal variation as a false verdict, and re-runs unmasked faults under a preset', async () => {
    const examples = await loadChecks(join(ROOT, 'test/runner/fixtures/suites'));
    // Wrong on purpose: the spec shows no status code (§7), so demanding 401 at must is a false verdict.
    const demands401: CheckDefinition = {
      id: 'test/demands-401',
      title: 'a missing token is answered 401',
      level: 'must',
      rules: ['CONV-HTTP-AUTH'],
      group: 'robustness',
      operations: ['guild.list'],
      async run(t: CheckContext) {
        const result = await t.call('guild.list', {}, { headers: { authorization: '' } });
        t.expect(result.status === 401, 'guild.list without a token answers 401', result.status);
      },
    };
    const byId = (id: string) => {
      const tolerance = toleranceCatalogue.find((candidate) => candidate.id === id);
      if (!tolerance) throw new Error(`tolerance ${id} is not in the catalogue`);
      return tolerance;
    };
    const catalogue = loadFaultCatalogue();
    const matrix = await runToleranceMatrix({
      checks: [...examples, demands401],
      tolerances: [byId('auth-403'), byId('void-text-plain-ok')],
      presets: { both: ['auth-403', 'void-text-plain-ok'] },
      faults: catalogue.filter((fault) => fault.id === 'message-create-returns-object'),
    });
    const row = (label: string) => matrix.rows.find((candidate) => candidate.label === label);
    expect(row('auth-403')?.mustFailures.map((check) => check.id)).toEqual(['test/demands-401']);
    expect(row('void-text-plain-ok')?.mustFailures).toEqual([]);
    expect(row('both')?.preset).toBe(true);
    expect(matrix.presetFaults).toEqual([
      expect.objectContaining({ preset: 'both', rows: [expect.objectContaining({ detected: true })] }),
    ]);
    expect(matrix.problems).toEqual([
      expect.stringMatching(/^tolerance auth-403: must check test\/demands-401 fails/),
      expect.stringMatching(/^preset both: must check test\/demands-401 fails/),
    ]);
    expect(formatToleranceMatrix(matrix)).toMatch(
      /FAIL auth-403[^\n]*\n {7}! test\/demands-401 \(must fail\)/,
    );
  });
});

describe('history matrix', () => {
  it('starts its longest jobs first and skips the re-runs alone (the fault matrix proves those)', async () => {
    const [short, long] = loadFaultCatalogue().slice(0, 2);
    const started: Job[] = [];
    const recording: Executor = {
      async execute(job) {
        started.push(job);
        return { checks: [], wallMs: 0 };
      },
      close() {},
    };
    const job = (label: string): Job => ({ label, eventTimeoutMs: 1500 });
    const matrix = await runHistoryMatrix({
      executor: recording,
      faults: [
        { row: faultRow(short, []), job: job('short'), wallMs: 1000 },
        { row: faultRow(long, []), job: job('long'), wallMs: 6000 },
      ],
      tolerances: [],
      clean: [],
      cleanWallMs: 2000,
      eventTimeoutMs: 5000,
      mutantSeries: [],
    });
    expect(matrix.problems).toEqual([]);
    // Five runs each: the long fault (6 s a run), the short one (1 s), then the single seeded runs (2 s).
    expect(started.map((job) => job.label).slice(0, 2)).toEqual([
      'long (dirty, then back to back)',
      'short (dirty, then back to back)',
    ]);
    expect(started).toHaveLength(2 + 2 * 5);
    expect(started.every((job) => job.confirm === false)).toBe(true);
  });
});
