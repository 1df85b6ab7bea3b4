/**
 * The fuzz's refusal oracles take the same control as the checks (issue 41 item 2, src/fuzz/controls.ts):
 * `refuses-missing-field`, `invalid-input-is-4xx` and `refusal-is-4xx` pass only for an operation that
 * accepted a complete valid request in the same fuzz run. Real fuzz runs against the embedded reference.
 */
import { describe, expect, it } from 'vitest';
import { formatVacuityMatrix, runVacuityMatrix } from '../../scripts/faults/vacuity.js';
import { validate } from '../../spec/validate.js';
import { fuzz } from '../../src/fuzz/index.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { nothingCountedReason } from '../../src/runner/summary.js';

const REFUSALS = /\/(refuses-missing-field|invalid-input-is-4xx|refusal-is-4xx)$/;

const byId = (result: RunResult): Map<string, CheckResult> =>
  new Map(result.checks.map((check) => [check.id, check]));

const fuzzRefusals = (options: { faults?: string[]; vacuity?: string; level?: 'should' }) =>
  fuzz({
    embedded: true,
    seed: 5,
    runs: 12,
    grep: '^(message\\.create|channel\\.mute|guild\\.get)/invalid$',
    includeExperimental: true,
    ...options,
  });

describe('conformance fuzz: a refusal passes only with its control', () => {
  it('the clean reference: the refusal oracles pass, each naming the complete request that was accepted', async () => {
    const checks = byId(await fuzzRefusals({}));
    const create = checks.get('fuzz.message.create/refuses-missing-field');
    expect(create?.status).toBe('pass');
    expect(create?.evidence?.notes?.join('\n')).toMatch(
      /control: a complete request of message\.create was accepted by the fuzz setup \(its anchor message\)/,
    );
    const get = checks.get('fuzz.guild.get/invalid-input-is-4xx');
    expect(get?.status).toBe('pass');
    expect(get?.evidence?.notes?.join('\n')).toMatch(
      /control: a complete request of guild\.get was accepted by a control request/,
    );
  });

  it('refuses-501: no refusal oracle passes; each is undecided, naming what the complete request got', async () => {
    const result = await fuzzRefusals({ vacuity: 'refuses-501', level: 'should' });
    expect(validate('report', result)).toEqual([]);
    // Undecided counts: at should the run decides nothing about these refusals, so it cannot conform.
    expect(nothingCountedReason(result)).toMatch(
      /should checks could not be decided: .*refused too: HTTP 501/,
    );
    const refusals = result.checks.filter((check) => REFUSALS.test(check.id));
    expect(refusals.length).toBeGreaterThan(3);
    expect(refusals.filter((check) => check.status === 'pass').map((check) => check.id)).toEqual([]);
    const create = byId(result).get('fuzz.message.create/refuses-missing-field');
    expect(create?.status).toBe('skip');
    expect(create?.undecided?.state).toMatch(
      /but the complete request of message\.create was refused too: HTTP 501 application\/json: \{"message":"not implemented"\}/,
    );
  });

  it("channel.mute answering 501 to its complete request: its refusal oracles are undecided, guild.get's still pass", async () => {
    const checks = byId(await fuzzRefusals({ faults: ['channel-mute-not-implemented'] }));
    const mute = checks.get('fuzz.channel.mute/refuses-missing-field');
    expect(mute?.status).toBe('skip');
    expect(mute?.undecided?.state).toMatch(/the complete request of channel\.mute was refused too: HTTP 501/);
    expect(checks.get('fuzz.guild.get/refuses-missing-field')?.status).toBe('pass');
  });
});

describe('the vacuity matrix runs conformance fuzz under the do-nothing servers', () => {
  it('a fuzz row per preset: under refuses-501 and empty-list no undeclared oracle passes; the rows are printed', async () => {
    const matrix = await runVacuityMatrix({ checks: [], presets: ['refuses-501', 'empty-list'] });
    expect(matrix.problems).toEqual([]);
    expect(matrix.fuzzRows.map((row) => row.preset)).toEqual(['refuses-501', 'empty-list']);
    expect(matrix.fuzzRows[0].declared).toEqual([]);
    // empty-list answers 2xx: only the oracles that declare a narrow claim pass there.
    expect(matrix.fuzzRows[1].declared).toContain('fuzz.message.list/accepts-valid-parameters');
    const text = formatVacuityMatrix(matrix);
    expect(text).toMatch(/^ok {3}refuses-501 \(fuzz\): 0 undeclared, 0 declared/m);
    expect(text).toMatch(/fuzz\.message\.list\/accepts-valid-parameters: it claims only a 2xx answer/);
  });
});
