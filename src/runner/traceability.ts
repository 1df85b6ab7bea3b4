/** Traceability: which checks cover which rule (conformance list --rules, and the coverage self-test). */
import { type Rule, rules } from '../../spec/rules.js';
import { loadClientScenarios } from '../client-mode/load.js';
import type { CheckDefinition } from './check.js';
import { loadChecks } from './load.js';

type Citing = Pick<CheckDefinition, 'id' | 'rules'>;

/**
 * Everything that cites rules: the server checks (suites/) and the client-mode scenarios
 * (suites/client/), which cover the client side of §1 rule 6 and §4.1 rule 6 (CLIENT-* rules).
 */
export async function loadCitingChecks(): Promise<Citing[]> {
  return [...(await loadChecks()), ...(await loadClientScenarios())];
}

export interface RuleCoverage {
  rule: Rule;
  /** Ids of the checks that cite the rule. */
  checks: string[];
  /** 'untestable': nothing on the wire can show it (spec/rules.ts testable: false). */
  status: 'covered' | 'uncovered' | 'untestable';
}

export function ruleCoverage(checks: readonly Citing[]): RuleCoverage[] {
  return rules.map((rule) => {
    const covering = checks.filter((check) => check.rules.includes(rule.id)).map((check) => check.id);
    const status = covering.length > 0 ? 'covered' : rule.testable ? 'uncovered' : 'untestable';
    return { rule, checks: covering, status };
  });
}

/** Testable rules (level must or should) that no check cites: each is a gap in the suites. */
export function uncoveredTestableRules(checks: readonly Citing[]): Rule[] {
  return ruleCoverage(checks)
    .filter((coverage) => coverage.status === 'uncovered' && coverage.rule.level !== 'info')
    .map((coverage) => coverage.rule);
}
