import { describe, expect, it } from 'vitest';
import { operations, variantPoints } from '../../spec/catalogue.js';
import { events } from '../../spec/events.js';
import { getRule, hasRule, rules } from '../../spec/rules.js';

describe('rules catalogue', () => {
  it('has unique ids', () => {
    const ids = rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks every spec gap as an untestable info rule', () => {
    for (const rule of rules.filter((r) => /not shown/.test(r.statement))) {
      expect(rule.level, rule.id).toBe('info');
      expect(rule.testable, rule.id).toBe(false);
    }
  });

  it('has one rule per §6 event row', () => {
    expect(rules.filter((r) => /^EVT-/.test(r.id) && r.statement.includes(' carries '))).toHaveLength(20);
  });

  it('refuses an unknown id with a message naming the catalogue', () => {
    expect(() => getRule('NOPE-1')).toThrow(/spec\/rules\.ts/);
  });
});

describe('rule ids cited by the spec catalogues', () => {
  it('exist in spec/rules.ts', () => {
    const cited = [
      ...operations.flatMap((operation) => operation.rules),
      ...variantPoints.map((point) => point.rule),
      ...events.map((event) => event.rule),
    ];
    expect(cited.filter((id) => !hasRule(id))).toEqual([]);
  });
});
