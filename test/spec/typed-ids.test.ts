/**
 * Rule ids and operation paths are typed from the catalogues: a check or client scenario citing an id
 * the catalogue does not have fails `npm run typecheck`. Each @ts-expect-error below is such a typo; if
 * the types were loosened to string, the directive would be unused and typecheck would fail instead.
 */
import { describe, expect, it } from 'vitest';
import { defineClientScenario } from '../../src/client-mode/model.js';
import { type CheckSpec, defineCheck, defineSuite } from '../../src/runner/check.js';

const spec = {
  id: 'typed/ids',
  title: 'typed ids',
  level: 'must',
  async run() {},
} as const;

describe('ids typed from the catalogues', () => {
  it('defineCheck takes catalogue rule ids and operation paths only', () => {
    defineCheck({ ...spec, rules: ['GEN-1', 'EVT-MESSAGE-CREATED'], operations: ['message.list'] });
    // @ts-expect-error a rule id that is not in spec/rules.ts
    defineCheck({ ...spec, rules: ['GEN-99'], operations: [] });
    // @ts-expect-error an operation path that is not in spec/catalogue.ts
    defineCheck({ ...spec, rules: [], operations: ['message.lst'] });
  });

  it('client scenarios take the client-side rules (CLIENT-*) only', () => {
    const scenario = { ...spec, list: 'guild' as const, pages: [1], expectation: 'one page' };
    defineClientScenario({ ...scenario, rules: ['CLIENT-GEN-6'] });
    // @ts-expect-error a server rule cited by a client scenario
    defineClientScenario({ ...scenario, rules: ['GEN-6'] });
  });

  it('defineSuite gives every check its group', () => {
    const checks = defineSuite('pagination', [
      defineCheck({ ...spec, rules: ['GEN-6'], operations: ['message.list'] }),
      defineCheck({ ...spec, id: 'typed/other', rules: ['GEN-5'], operations: ['guild.list'] }),
    ]);
    expect(checks.map((check) => check.group)).toEqual(['pagination', 'pagination']);
  });

  it('defineSuite refuses a check that names another group', () => {
    // tsc already refuses it; a suite in plain JavaScript is not type-checked, so the guard is at run time.
    const stray = defineCheck({
      ...spec,
      group: 'events',
      rules: [],
      operations: [],
    }) as unknown as CheckSpec;
    expect(() => defineSuite('pagination', [stray])).toThrow(
      /group 'events' in a suite of group 'pagination'/,
    );
  });
});
