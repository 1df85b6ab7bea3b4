import { describe, expect, it } from 'vitest';
import guilds from '../../suites/guilds.js';
import { failing, runAgainstReference } from './harness.js';

/** Runs the guilds suite against a fresh reference (see harness.ts). */
const runGuilds = (faults: string[] = []) => runAgainstReference({ faults }, { suites: ['guilds'] });

describe('guilds suite (§4.3)', () => {
  it('passes every check against the clean reference and leaves the world as it was', async () => {
    const { statuses, reasons, cleanup, unchanged } = await runGuilds();
    expect(Object.keys(statuses)).toHaveLength(guilds.length);
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    // Both approve checks leave the invited guild again themselves: nothing is left for the ledger.
    expect(cleanup).toEqual([]);
    expect(unchanged).toBe(true);
  });

  it.concurrent.each([
    ['guild-name-number', ['guild.get/returns-guild', 'guild.list/walks-to-end']],
    [
      'guild-id-missing',
      ['guild.approve/approve-joins-guild', 'guild.get/returns-guild', 'guild.list/walks-to-end'],
    ],
    ['guild-list-includes-foreign', ['guild.approve/reject-does-not-join', 'guild.list/only-member-guilds']],
    ['guild-get-ignores-id', ['guild.approve/approve-joins-guild', 'guild.get/returns-the-guild-asked-for']],
    ['guild-approve-no-op', ['guild.approve/approve-joins-guild']],
    ['guild-approve-false-approves', ['guild.approve/reject-does-not-join']],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const { statuses, reasons } = await runGuilds([fault]);
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([...expected].sort());
  });

  it('leaves a guild joined by a declined invitation (fault guild-approve-false-approves)', async () => {
    const { unchanged } = await runGuilds(['guild-approve-false-approves']);
    expect(unchanged).toBe(true);
  });
});
