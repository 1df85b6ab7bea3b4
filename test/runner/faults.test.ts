/**
 * The self-verification machinery of `npm run faults` on a small matrix (the full catalogue × every suite
 * runs as `npm run faults`, too slow for the self-tests).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMatrix, runFaultMatrix } from '../../scripts/faults.js';
import { type CheckContext, defineCheck } from '../../src/runner/check.js';
import { loadFaultCatalogue } from '../../src/runner/embedded.js';
import { loadChecks } from '../../src/runner/load.js';
import { ROOT } from '../cli/helpers.js';

describe('fault matrix', () => {
  it('finds detected faults, undetected faults and checks that cannot fail', async () => {
    const examples = await loadChecks(join(ROOT, 'test/runner/fixtures/suites'));
    const cannotFail = defineCheck({
      id: 'test/always-passes',
      title: 'passes whatever the server does',
      level: 'must',
      rules: ['GEN-2'],
      group: 'robustness',
      operations: [],
      async run(t: CheckContext) {
        t.expect(true, 'nothing');
      },
    });
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
