import { describe, expect, it } from 'vitest';
import { rules } from '../../spec/rules.js';
import { loadCitingChecks, ruleCoverage, uncoveredTestableRules } from '../../src/runner/traceability.js';

describe('traceability', () => {
  it('classifies each rule as covered, uncovered or untestable', () => {
    const coverage = ruleCoverage([{ id: 'x/y', rules: ['GEN-1'] }]);
    expect(coverage).toHaveLength(rules.length);
    expect(coverage.find((c) => c.rule.id === 'GEN-1')).toMatchObject({ status: 'covered', checks: ['x/y'] });
    expect(coverage.find((c) => c.rule.id === 'GEN-3')?.status).toBe('untestable');
    const uncovered = uncoveredTestableRules([{ id: 'x/y', rules: ['GEN-1'] }]);
    expect(uncovered.map((rule) => rule.id)).not.toContain('GEN-1');
    expect(uncovered.every((rule) => rule.testable && rule.level !== 'info')).toBe(true);
  });

  it('every testable must/should rule has at least one check', async () => {
    const uncovered = uncoveredTestableRules(await loadCitingChecks()).map(
      (rule) => `${rule.id} (§${rule.section}, ${rule.level})`,
    );
    expect(
      uncovered,
      'testable rules without a check: write one, or mark the rule untestable in spec/rules.ts',
    ).toEqual([]);
  });
});
