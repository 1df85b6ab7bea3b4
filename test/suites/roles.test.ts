import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import { failing, runAgainstReference } from './harness.js';

const ROLE_CHECKS = [
  'guild.role.list/walks-guild-roles',
  'guild.role.list/lists-only-that-guild',
  'guild.role.create/returns-listed-role',
  'guild.role.update/renames-role',
  'guild.role.delete/removes-role',
  'guild.member.role.set/gives-role',
  'guild.member.role.unset/removes-role',
];

/** Runs the roles suite against a fresh embedded reference; returns status by check id. */
const runRoles = async ({
  faults = [],
  variants,
}: {
  faults?: string[];
  variants?: Record<string, string>;
} = {}) =>
  (
    await runAgainstReference(
      { faults, ...(variants ? { variants } : {}) },
      { suites: ['roles'], includeExperimental: true, ...(variants ? { variants } : {}) },
    )
  ).statuses;

describe('roles suite (§4.5)', () => {
  it.each(['data', 'role'])(
    'passes every check against the clean reference (role payload %s)',
    async (payload) => {
      const statuses = await runRoles({ variants: { 'role-payload': payload } });
      expect(Object.keys(statuses).sort()).toEqual([...ROLE_CHECKS].sort());
      expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    },
  );

  it('fails role creation when the role payload is sent under the field the target ignores', async () => {
    const reference = await startReference({ variants: { 'role-payload': 'role' } });
    try {
      const result = await run({
        reference,
        suites: ['roles'],
        includeExperimental: true,
        events: 'none',
        variants: { 'role-payload': 'data' },
      });
      const status = Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
      expect(status['guild.role.create/returns-listed-role']).toBe('fail');
      expect(status['guild.role.list/walks-guild-roles']).toBe('pass');
    } finally {
      await reference.close();
    }
  });

  it.each([
    ['role-create-no-op', ['guild.role.create/returns-listed-role']],
    ['role-update-no-op', ['guild.role.update/renames-role']],
    ['role-delete-no-op', ['guild.role.delete/removes-role']],
    ['role-set-no-op', ['guild.member.role.set/gives-role']],
    ['role-unset-no-op', ['guild.member.role.unset/removes-role']],
    ['role-id-missing', ['guild.role.list/walks-guild-roles', 'guild.role.create/returns-listed-role']],
    ['role-list-all-guilds', ['guild.role.list/lists-only-that-guild']],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const statuses = await runRoles({ faults: [fault] });
    expect(failing(statuses).sort()).toEqual([...expected].sort());
  });
});
