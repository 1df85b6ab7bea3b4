/**
 * Table tests of the checks' pure judgements (suites/_lib/judge.ts), as Spectral's testRule does for
 * its rules: each row is an observation and the expectations it must break (none: it is conformant).
 * A table needs both kinds of rows: a judgement that cannot fail, or cannot pass, proves nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Judgement } from '../../suites/_lib/judge.js';

export interface JudgementCase<Input> {
  name: string;
  input: Input;
  /** The `expected` texts of the judgements that must not hold, in order; [] for a conformant input. */
  breaks: string[];
}

export function testJudgement<Input>(
  family: string,
  judge: (input: Input) => Judgement | Judgement[],
  cases: readonly JudgementCase<Input>[],
): void {
  describe(family, () => {
    it('has a valid and an invalid row', () => {
      expect(cases.some((row) => row.breaks.length === 0)).toBe(true);
      expect(cases.some((row) => row.breaks.length > 0)).toBe(true);
    });
    for (const row of cases) {
      it(`${row.breaks.length ? 'invalid' : 'valid'}: ${row.name}`, () => {
        const broken = [judge(row.input)].flat().filter((judgement) => !judgement.holds);
        expect(broken.map((judgement) => judgement.expected)).toEqual(row.breaks);
        // A failure says what was seen instead.
        for (const judgement of broken) expect(judgement.observed).toBeTruthy();
      });
    }
  });
}
