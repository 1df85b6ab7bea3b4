import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { failing, runAgainstReference } from './harness.js';

const REACTION_CHECKS = [
  'reaction.create/adds-own-reaction',
  'reaction.list/walks-users',
  'reaction.delete/removes-given-users-reaction',
  'reaction.delete/without-user-removes-own',
  'reaction.clear/emoji-clears-that-emoji-only',
  'reaction.clear/without-emoji-clears-all',
];

/** Runs the reactions suite against a fresh embedded reference; returns status by check id. */
const runReactions = async (faults: string[] = []) =>
  (await runAgainstReference({ faults }, { suites: ['reactions'], includeExperimental: true })).statuses;

describe('reactions suite (§4.6)', () => {
  it('passes every check against the clean reference', async () => {
    const statuses = await runReactions();
    expect(Object.keys(statuses).sort()).toEqual([...REACTION_CHECKS].sort());
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
  });

  it.each([
    ['reaction-create-no-op', ['reaction.create/adds-own-reaction', 'reaction.list/walks-users']],
    ['reaction-list-empty', ['reaction.create/adds-own-reaction', 'reaction.list/walks-users']],
    [
      'reaction-delete-no-op',
      ['reaction.delete/removes-given-users-reaction', 'reaction.delete/without-user-removes-own'],
    ],
    ['reaction-delete-needs-user-id', ['reaction.delete/without-user-removes-own']],
    [
      'reaction-clear-no-op',
      ['reaction.clear/emoji-clears-that-emoji-only', 'reaction.clear/without-emoji-clears-all'],
    ],
    ['reaction-clear-needs-emoji-id', ['reaction.clear/without-emoji-clears-all']],
    ['reaction-delete-ignores-user-id', ['reaction.delete/removes-given-users-reaction']],
    ['reaction-clear-ignores-emoji-id', ['reaction.clear/emoji-clears-that-emoji-only']],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const statuses = await runReactions([fault]);
    expect(failing(statuses).sort()).toEqual([...expected].sort());
  });

  it('skips, with the reason, the checks about removal when reaction.create adds nothing', async () => {
    const result = await run({
      embedded: true,
      suites: ['reactions'],
      includeExperimental: true,
      events: 'none',
      faults: ['reaction-create-no-op'],
    });
    const skipped = result.checks.filter((check) => check.status === 'skip');
    expect(skipped.map((check) => check.id).sort()).toEqual(
      REACTION_CHECKS.filter(
        (id) => id.startsWith('reaction.delete') || id.startsWith('reaction.clear'),
      ).sort(),
    );
    for (const check of skipped) expect(check.reason).toMatch(/precondition failed/);
  });
});
