/**
 * No pass without evidence (issue 29): the do-nothing servers of src/reference/vacuity.ts answer every
 * request alike, and the vacuity matrix of `npm run faults` flags a check that passes on one unless it
 * declares why (vacuousPassReason).
 */
import { describe, expect, it } from 'vitest';
import { inProcessExecutor } from '../../scripts/faults/executors.js';
import { MUTANT_SERIES, runMutantSeries } from '../../scripts/faults/history.js';
import { formatVacuityMatrix, runVacuityMatrix } from '../../scripts/faults/vacuity.js';
import { startReference } from '../../src/reference/server.js';
import { type CheckContext, type CheckDefinition, defineCheck } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { postJson } from '../support/net.js';

describe('vacuity presets', () => {
  it('answer every request alike, the trigger too, with no authentication', async () => {
    const expected = {
      'empty-object': [200, '{}'],
      'not-implemented': [200, '{"message":"guild.list not implemented"}'],
      'no-content': [204, ''],
      echo: [200, '{"next":"x"}'],
      'empty-list': [200, '{"data":[]}'],
    } as const;
    for (const [preset, [status, text]] of Object.entries(expected)) {
      const server = await startReference({ vacuity: preset });
      try {
        expect(await postJson(`${server.baseUrl}/guild.list`, { next: 'x' }), preset).toEqual({
          status,
          text,
        });
        expect(
          (await postJson(`${server.controlUrl}/trigger`, { event: 'guild-request' })).status,
          preset,
        ).toBe(status);
        expect(server.vacuity).toBe(preset);
      } finally {
        await server.close();
      }
    }
  });

  it('accepts-all answers the right shapes and stores nothing', async () => {
    const server = await startReference({ vacuity: 'accepts-all' });
    try {
      const created = await postJson(`${server.baseUrl}/message.create`, {
        channel_id: '4001',
        content: 'hi',
      });
      const [message] = JSON.parse(created.text) as { id: string; content: string }[];
      expect(message.content).toBe('hi');
      const listed = await postJson(`${server.baseUrl}/message.list`, { channel_id: '4001' });
      expect(JSON.parse(listed.text)).toEqual({ data: [] });
      const got = await postJson(`${server.baseUrl}/guild.get`, { guild_id: '3001' });
      expect(JSON.parse(got.text)).toEqual({ id: '3001' });
    } finally {
      await server.close();
    }
  });

  it('refuses an unknown preset, naming the known ones', async () => {
    await expect(startReference({ vacuity: 'nothing' })).rejects.toThrow(
      /Unknown vacuity preset 'nothing'; use one of: empty-object/,
    );
  });
});

describe('vacuity matrix', () => {
  it('flags a check that passes on a do-nothing server, and lists a declared one with its sentence', async () => {
    const suites = await loadChecks();
    const http = suites.filter((check) => check.id === 'http/operations-answer-post-with-named-fields');
    const passesOnNothing: CheckDefinition = defineCheck({
      id: 'test/answers-2xx',
      title: 'guild.list answers 2xx',
      level: 'must',
      rules: ['GEN-2'],
      group: 'robustness',
      operations: ['guild.list'],
      async run(t: CheckContext) {
        t.expectOk(await t.call('guild.list', {}), 'guild.list');
      },
    });
    const matrix = await runVacuityMatrix({
      checks: [...http, passesOnNothing],
      presets: ['empty-object', 'no-content'],
      // The checks' side only (the fuzz rows: test/fuzz/controls.test.ts).
      fuzz: false,
    });
    expect(matrix.problems).toEqual([
      'vacuous empty-object: test/answers-2xx (must) passes on a server that does nothing (no vacuousPassReason)',
      'vacuous no-content: test/answers-2xx (must) passes on a server that does nothing (no vacuousPassReason)',
    ]);
    const text = formatVacuityMatrix(matrix);
    expect(text).toMatch(/~ http\/operations-answer-post-with-named-fields/);
    expect(text).toMatch(
      /http\/operations-answer-post-with-named-fields: it claims only that operations are reached by POST/,
    );
  });

  it('passes no check of the suites without evidence on the empty-list and accepts-all servers', async () => {
    const matrix = await runVacuityMatrix({ presets: ['empty-list', 'accepts-all'], fuzz: false });
    expect(matrix.problems).toEqual([]);
    expect(matrix.rows.every((row) => row.declared.length > 0)).toBe(true);
  });
});

describe('mutant series (history matrix)', () => {
  it('catches each: a fault applied to the world an earlier faulty run left, one process', async () => {
    const checks = await loadChecks();
    const executor = inProcessExecutor(checks, 3);
    const problems = await Promise.all(
      MUTANT_SERIES.map((series) => runMutantSeries(executor, series, 1500)),
    );
    expect(problems.flat()).toEqual([]);
  });
});
