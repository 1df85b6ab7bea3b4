/** t.expectSchema's one place: validate through spec/validate.ts and turn its problems into one failure text. */
import { type Problem, validate } from '../../spec/validate.js';

export type Validate = (
  ref: string,
  value: unknown,
  variants?: Readonly<Record<string, string>>,
) => Problem[];

export const specValidate: Validate = validate;

const MAX_PROBLEMS = 8;

/** "does not match Message: /channel/id: must be string (got integer); …" */
export function formatProblems(schema: string, problems: readonly Problem[]): string {
  const lines = problems.slice(0, MAX_PROBLEMS).map((problem) => problem.message);
  const more = problems.length > MAX_PROBLEMS ? `; and ${problems.length - MAX_PROBLEMS} more` : '';
  return `does not match ${schema}: ${lines.join('; ')}${more}`;
}
