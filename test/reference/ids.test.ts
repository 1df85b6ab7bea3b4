/**
 * Fault and tolerance ids are typed from their catalogues (src/reference/README.md): a switch takes
 * only catalogue ids, so a misspelt id fails `npm run typecheck`. The `@ts-expect-error` lines are the
 * proof: if a wrong id compiled, tsc would report the directive as unused. The runtime halves check
 * that the ids generated from tables (event faults) have the same spelling in the types and in the
 * catalogue.
 */
import { describe, expect, it } from 'vitest';
import { type FaultId, type FaultSwitch, faultCatalogue } from '../../src/reference/faults/index.js';
import { type ToleranceSwitch, toleranceCatalogue } from '../../src/reference/tolerances/index.js';

const faultIds: ReadonlySet<string> = new Set(faultCatalogue.map((entry) => entry.id));
const toleranceIds: ReadonlySet<string> = new Set(toleranceCatalogue.map((entry) => entry.id));

describe('fault ids', () => {
  it('a fault switch refuses a misspelt id at compile time', () => {
    const on = new Set<string>(['unknown-id-500']);
    const fault: FaultSwitch = (id) => on.has(id);
    expect(fault('unknown-id-500')).toBe(true);
    // @ts-expect-error 'unknown-id-50' is not in the fault catalogue
    expect(fault('unknown-id-50')).toBe(false);
    // @ts-expect-error a resource fault only exists for the resource its table names (user, not guild)
    expect(fault('event-message-created-no-guild')).toBe(false);
  });

  it('ids generated from the event tables are spelled the same in the types and the catalogue', () => {
    const generated: FaultId[] = [
      'event-message-created-no-user',
      'event-friend-request-no-user',
      'event-missing-on-message-create',
      'event-missing-on-guild-member-role-set',
    ];
    for (const id of generated) expect(faultIds.has(id), id).toBe(true);
  });
});

describe('tolerance ids', () => {
  it('a tolerance switch refuses a misspelt id at compile time', () => {
    const tolerate: ToleranceSwitch = (id) => id === 'extra-fields';
    expect(tolerate('extra-fields')).toBe(true);
    // @ts-expect-error 'extra-field' is not in the tolerance catalogue
    expect(tolerate('extra-field')).toBe(false);
    expect(toleranceIds.has('extra-fields')).toBe(true);
  });
});
