/** t.expect, t.expectOk, t.expectSchema and t.schemaProblems, over the run's validator. */
import { tr } from '../../i18n/index.js';
import type { CallResult, CheckContext } from '../check.js';
import { formatProblems, type Validate } from '../schema.js';
import { operationAnswering, type PartialSignature, schemaSignature, statusClass } from '../signature.js';
import type { CheckEnvironment } from './environment.js';

export type ProblemsOf = (schema: string, value: unknown) => ReturnType<Validate>;

/** Records a failure with what was observed as data (its signature); ends the check or the observation. */
export type Fail = (expected: string, observed?: unknown, signature?: PartialSignature) => never;

/** The schema problems of a value; throws (an error of the run, not of the target) without a validator. */
export const problemsWith =
  (env: CheckEnvironment): ProblemsOf =>
  (schema, value) => {
    if (!env.validate) {
      throw new Error(`schema validation is unavailable: ${env.validateUnavailableReason ?? 'no validator'}`);
    }
    return env.validate(schema, value, env.variants);
  };

/** t.expect, t.expectOk and t.expectSchema over `fail` (a check's own, or a shared observation's). */
export function assertionsWith(
  fail: Fail,
  problemsOf: ProblemsOf,
  shorten: (text: string, limit: number) => string,
  counted: () => void = () => undefined,
): Pick<CheckContext, 'expect' | 'expectOk' | 'expectSchema'> {
  return {
    expect(
      condition: unknown,
      expected: string,
      observed?: unknown,
      signature?: PartialSignature,
    ): asserts condition {
      counted();
      if (!condition) fail(expected, observed, signature);
    },
    expectOk(result: CallResult, what: string) {
      counted();
      if (!result.ok) {
        fail(
          tr`${what}: a 2xx status (any body is accepted, §4.8)`,
          `HTTP ${result.status} ${shorten(result.text, 500)}`,
          {
            kind: 'status',
            status: statusClass(result.status),
            ...(operationAnswering(result) ? { operation: operationAnswering(result) } : {}),
          },
        );
      }
    },
    expectSchema(schema: string, value: unknown, what: string) {
      const problems = problemsOf(schema, value);
      counted();
      if (problems.length > 0)
        fail(
          tr`${what} matches ${schema}`,
          formatProblems(schema, problems),
          schemaSignature(problems, value),
        );
    },
  };
}
