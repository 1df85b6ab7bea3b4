/** Traceability: which checks cover which rule (conformance list --rules, and the coverage self-test). */
import { type Rule, rules } from '../../spec/rules.js';
import type { CheckDefinition } from './check.js';

export interface RuleCoverage {
  rule: Rule;
  /** Ids of the checks that cite the rule. */
  checks: string[];
  /** 'untestable': nothing on the wire can show it (spec/rules.ts testable: false). */
  status: 'covered' | 'uncovered' | 'untestable';
}

export function ruleCoverage(checks: readonly Pick<CheckDefinition, 'id' | 'rules'>[]): RuleCoverage[] {
  return rules.map((rule) => {
    const covering = checks.filter((check) => check.rules.includes(rule.id)).map((check) => check.id);
    const status = covering.length > 0 ? 'covered' : rule.testable ? 'uncovered' : 'untestable';
    return { rule, checks: covering, status };
  });
}

/** Testable rules (level must or should) that no check cites: each is a gap in the suites. */
export function uncoveredTestableRules(checks: readonly Pick<CheckDefinition, 'id' | 'rules'>[]): Rule[] {
  return ruleCoverage(checks)
    .filter((coverage) => coverage.status === 'uncovered' && coverage.rule.level !== 'info')
    .map((coverage) => coverage.rule);
}
