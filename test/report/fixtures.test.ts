/** The hand-built fixtures, and runs after a baseline, are valid report.json documents. */
import { describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { applyBaseline } from '../../src/runner/baseline.js';
import { largeRun, mixedRun, passingRun } from './fixtures/runs.js';

describe('report fixtures', () => {
  it('validate against spec/schemas/report.schema.json', () => {
    const withBaseline = applyBaseline(
      mixedRun(),
      ['message.list/limit-above-bound-is-clamped', 'gone/check'],
      {
        file: 'expected-failures.txt',
      },
    ).run;
    for (const run of [mixedRun(), passingRun(), largeRun(20), withBaseline]) {
      expect(validate('report', JSON.parse(JSON.stringify(run)))).toEqual([]);
    }
  });
});
