import { describe, expect, it } from 'vitest';
import guilds from '../../suites/guilds.js';
import pagination from '../../suites/pagination.js';
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

  it('gives no false failure against 10 000 guilds: walks have no page cap an honest list can hit', async () => {
    const lastPage = pagination.filter((check) => check.id === 'lists/no-marker-on-the-last-page');
    const { statuses, reasons, result } = await runAgainstReference(
      { guilds: 10_000 },
      { checks: [...guilds, ...lastPage] },
    );
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(statuses['guild.list/walks-to-end']).toBe('pass');
    const notes = result.checks.find((check) => check.id === 'guild.list/walks-to-end')?.evidence?.notes;
    // 10 000 extra guilds plus the two seeded ones the bot is in, 20 per page.
    expect(notes).toContain('guild.list: 10002 item(s) over 501 page(s)');
  }, 120_000);
});
