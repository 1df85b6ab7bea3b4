/**
 * The first screen on servers that do nothing (src/reference/vacuity.ts: skeletons that refuse every path,
 * adapters answering 501 or 400, servers answering `{}`, nothing, their own request or fabrications):
 * at most 7 causes hold at least 90 % of the failing checks, and at most 7 undecided causes at least 90 %
 * of the undecided checks (issue 47 item 3); every check in one cause of its section. An operation refused
 * whole is one cause, whether the checks judged it or used it as a helper. Each run takes about a second.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { vacuityPresetIds } from '../../src/reference/vacuity.js';
import type { RunResult } from '../../src/runner/model.js';

type Section = NonNullable<RunResult['causes']> | NonNullable<RunResult['undecidedCauses']>;

const FIRST_SCREEN = 7;

/** The share of a section's checks its first seven causes hold. */
const firstScreenShare = (causes: Section = []): number => {
  const held = causes.reduce((sum, cause) => sum + cause.checkIds.length, 0);
  const top = causes.slice(0, FIRST_SCREEN).reduce((sum, cause) => sum + cause.checkIds.length, 0);
  return held === 0 ? 1 : top / held;
};

const heldOnce = (causes: Section = []): void => {
  const held = causes.flatMap((cause) => cause.checkIds);
  expect(new Set(held).size).toBe(held.length);
};

describe('the first screen on every do-nothing server', () => {
  const results = new Map<string, RunResult>();
  beforeAll(async () => {
    for (const preset of vacuityPresetIds)
      results.set(
        preset,
        await run({ embedded: true, vacuity: preset, includeExperimental: true, confirm: false }),
      );
  }, 120_000);

  it.each(vacuityPresetIds)(
    '%s: 7 causes hold 90 % of the failures and of the undecided checks',
    (preset) => {
      const result = results.get(preset) as RunResult;
      const failing = result.checks.filter(
        (check) => (check.status === 'fail' || check.status === 'error') && !check.notOffered,
      );
      expect(failing.length).toBeGreaterThan(0);
      const held = (result.causes ?? []).flatMap((cause) => cause.checkIds).sort();
      expect(held).toEqual(failing.map((check) => check.id).sort());
      heldOnce(result.causes);
      heldOnce(result.undecidedCauses);
      const undecided = result.checks.filter((check) => check.undecided).map((check) => check.id);
      const heldUndecided = new Set((result.undecidedCauses ?? []).flatMap((cause) => cause.checkIds));
      expect(undecided.filter((id) => !heldUndecided.has(id))).toEqual([]);
      expect(firstScreenShare(result.causes)).toBeGreaterThanOrEqual(0.9);
      expect(firstScreenShare(result.undecidedCauses)).toBeGreaterThanOrEqual(0.9);
    },
  );

  it.each(['refuses-unknown-path', 'refuses-501', 'refuses-400'])(
    '%s: each operation refused whole is in one undecided cause with the checks that used it as a helper',
    (preset) => {
      const result = results.get(preset) as RunResult;
      const causes = result.undecidedCauses ?? [];
      const refused = causes.filter((cause) => cause.kind === 'operation-refused');
      expect(refused).toHaveLength(1);
      // No helper cause names an operation the refusal holds: it is one fault, not one per helper.
      const whole = new Set(refused[0].operations);
      const helpers = causes.filter((cause) => cause.kind === 'helper-missing');
      expect(
        helpers.flatMap((cause) => cause.operations).filter((operation) => whole.has(operation)),
      ).toEqual([]);
      // A check that only used message.create as a helper is held by the refusal of message.create.
      expect(whole.has('message.create')).toBe(true);
      expect(refused[0].checkIds).toContain('message.get/returns-the-message');
    },
  );
});
