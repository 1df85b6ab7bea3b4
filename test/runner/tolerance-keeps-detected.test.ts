/**
 * Proof 6 of `npm run faults` for a tolerance alone (ToleranceDefinition.keepsDetected, issue 41): each
 * fault the tolerance names is re-run under it, printed as the tolerance's own row, and a fault no check
 * detects there is a problem of the matrix.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatToleranceMatrix, runToleranceMatrix } from '../../scripts/faults/tolerances.js';
import { loadFaultCatalogue } from '../../src/embedded.js';
import { type ToleranceDefinition, toleranceCatalogue } from '../../src/reference/index.js';
import { loadChecks } from '../../src/runner/load.js';
import { ROOT } from '../cli/helpers.js';

describe('tolerance matrix: faults a tolerance keeps detected', () => {
  it('re-runs them under the tolerance alone, prints the row and names a miss', async () => {
    const examples = await loadChecks(join(ROOT, 'test/runner/fixtures/suites'));
    const base = toleranceCatalogue.find((candidate) => candidate.id === 'void-empty-body');
    if (!base) throw new Error('void-empty-body is not in the catalogue');
    // The fixture checks detect the first fault (see faults.test.ts) and cite nothing of the second.
    const tolerance: ToleranceDefinition = {
      ...base,
      keepsDetected: ['message-create-returns-object', 'channel-mute-timed-forever'],
    };
    const kept = new Set<string>(tolerance.keepsDetected);
    const matrix = await runToleranceMatrix({
      checks: examples,
      tolerances: [tolerance],
      presets: {},
      faults: loadFaultCatalogue().filter((fault) => kept.has(fault.id)),
    });
    expect(matrix.presetFaults).toEqual([
      expect.objectContaining({
        preset: 'tolerance void-empty-body',
        rows: expect.arrayContaining([
          expect.objectContaining({
            fault: expect.objectContaining({ id: 'message-create-returns-object' }),
            detected: true,
          }),
          expect.objectContaining({
            fault: expect.objectContaining({ id: 'channel-mute-timed-forever' }),
            detected: false,
          }),
        ]),
      }),
    ]);
    expect(matrix.problems).toEqual([
      expect.stringMatching(
        /^tolerance void-empty-body \+ fault channel-mute-timed-forever .*no failing check/,
      ),
    ]);
    const printed = formatToleranceMatrix(matrix);
    expect(printed).toMatch(/^tolerance void-empty-body × faults: 1\/2 detected/m);
    expect(printed).toMatch(/^MISS channel-mute-timed-forever/m);
  });

  it('features-lack-helpers keeps the mute, marker and delete faults detected (a role helper left out is not sent)', () => {
    const tolerance = toleranceCatalogue.find((candidate) => candidate.id === 'features-lack-helpers');
    const kept: readonly string[] = (tolerance as ToleranceDefinition | undefined)?.keepsDetected ?? [];
    const catalogue = new Set(loadFaultCatalogue().map((fault) => fault.id));
    expect(kept.filter((id) => !catalogue.has(id))).toEqual([]);
    for (const id of ['channel-mute-timed-forever', 'message-list-direction-ignored', 'message-delete-500'])
      expect(kept).toContain(id);
    // The role checks need a role of the run's own: guild.role.create left out of the features is not
    // sent, so they are undecided naming it (issue 46 item 2), and role-set-no-op cannot be kept.
    expect(kept).not.toContain('role-set-no-op');
  });
});
