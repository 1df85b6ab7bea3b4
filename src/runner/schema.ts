/**
 * t.expectSchema's one place: validate through spec/validate.ts and turn its problems into one failure text.
 * A check's verdict rests on what the spec shows (validate); what the conventions add is reported once per
 * field per run as a should-level finding (runValidator), never as a check's failure.
 */
import {
  type ConventionProblem,
  conventionProblems,
  type Problem,
  problemWordsFrom,
  validate,
} from '../../spec/validate.js';
import { tr } from '../i18n/index.js';

// A schema problem is a sentence a user reads: in the run's language (spec/ cannot import src/i18n).
problemWordsFrom(tr);

import type { FindingInput } from '../wire.js';

export type Validate = (
  ref: string,
  value: unknown,
  variants?: Readonly<Record<string, string>>,
) => Problem[];

const specValidate: Validate = validate;

/** The run's finding for a field the conventions read otherwise: one id per field, counted by Findings. */
function conventionFinding(ref: string, problem: ConventionProblem): FindingInput {
  const where = ref.replace(/^response:/, '').replace(/^event:/, 'event ');
  return problem.kind === 'null'
    ? {
        id: `resources/optional-null:${problem.field}`,
        level: 'should',
        title: tr`${problem.field} is sent as null: optional fields are omitted, not null`,
        detail: tr`first seen in ${where} at ${problem.path || '(root)'}; a null is read as absent, so no must check fails on it (§2 types optional fields T?)`,
      }
    : {
        id: `resources/convention:${problem.field}`,
        level: 'should',
        title: tr`${problem.field} does not match the family's conventions (the spec does not show it, §2)`,
        detail: tr`first seen in ${where}: ${problem.message}`,
      };
}

/** At most this many convention findings (one per field) in a run. */
const MAX_CONVENTION_FINDINGS = 24;

/**
 * The run's validator: `validate` for the checks, and, given `report` (profile satori), every convention
 * problem of each value validated reported through it (Findings keeps one per id and counts the others).
 */
export function runValidator(report?: (finding: FindingInput) => void): Validate {
  if (!report) return specValidate;
  // Bounded (the run's findings are kept to 50): the fields of the schemas, far fewer, fit; room is left.
  const fields = new Set<string>();
  return (ref, value, variants) => {
    for (const problem of conventionProblems(ref, value, variants)) {
      const finding = conventionFinding(ref, problem);
      if (fields.size >= MAX_CONVENTION_FINDINGS && !fields.has(finding.id)) continue;
      fields.add(finding.id);
      report(finding);
    }
    return validate(ref, value, variants);
  };
}

const MAX_PROBLEMS = 8;

/** "does not match Message: /channel/id: must be string (got integer); …" */
export function formatProblems(schema: string, problems: readonly Problem[]): string {
  const lines = problems.slice(0, MAX_PROBLEMS).map((problem) => problem.message);
  const more = problems.length > MAX_PROBLEMS ? tr`; and ${problems.length - MAX_PROBLEMS} more` : '';
  return tr`does not match ${schema}: ${lines.join(tr`; `)}${more}`;
}
