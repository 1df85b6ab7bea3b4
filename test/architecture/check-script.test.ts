/** scripts/check.ts (`npm run check`): every step runs and is named; one failure fails the whole. */
import { describe, expect, it, vi } from 'vitest';
import { runSteps, STEPS } from '../../scripts/check.js';

describe('npm run check', () => {
  it('has every check on the code as a step', () => {
    expect(STEPS.map((step) => step.name)).toEqual([
      'lint',
      'typecheck',
      'gen:types --check',
      'gen:config --check',
      'gen:readme --check',
      'knip',
      'check:functions',
      'check:architecture',
      'check:catalogue',
    ]);
  });

  it('runs the steps after a failing or throwing one, and fails naming them', async () => {
    const ran: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const step = (name: string, code: number | Error) => ({
        name,
        run: async () => {
          ran.push(name);
          if (code instanceof Error) throw code;
          return code;
        },
      });
      expect(await runSteps([step('a', 0), step('b', 1), step('c', new Error('boom')), step('d', 0)])).toBe(
        1,
      );
      expect(ran).toEqual(['a', 'b', 'c', 'd']);
      expect(errors.mock.calls.flat().join('\n')).toMatch(/c failed: boom[\s\S]*2 step\(s\) failed: b, c/);
      expect(await runSteps([step('e', 0)])).toBe(0);
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
  });
});
