import { describe, expect, it } from 'vitest';
import type { CheckContext, CheckDefinition } from '../../src/runner/check.js';
import { listFresh } from '../../suites/_lib/lists.js';
import channels from '../../suites/channels.js';
import guilds from '../../suites/guilds.js';
import pagination from '../../suites/pagination.js';
import roles from '../../suites/roles.js';
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
    // The reject check reads the membership with guild.member.get first (no walk of guild.list per
    // invitation), so a guild.list listing foreign guilds fails only the guild.list check.
    ['guild-list-includes-foreign', ['guild.list/only-member-guilds']],
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

  it('walks guild.list once per run for every check that reads it, and again for a check that asks for a fresh view', async () => {
    const readers = [
      'guild.get/returns-the-guild-asked-for',
      'guild.list/walks-to-end',
      'guild.list/only-member-guilds',
      'channel.list/only-the-guilds-channels',
      'guild.role.list/lists-only-that-guild',
      'lists/no-marker-on-the-last-page',
    ];
    const fresh: CheckDefinition = {
      id: 'guild.list/fresh-walk',
      title: 'a check that must see guild.list as it is now',
      level: 'must',
      rules: ['GUILD-LIST-1'],
      group: 'guilds',
      operations: ['guild.list'],
      async run(t: CheckContext) {
        await listFresh(t, 'guild.list', {});
      },
    };
    let guildListRequests = 0;
    const { statuses, reasons } = await runAgainstReference(
      {
        guilds: 500,
        intercept: ({ operation }) => {
          if (operation === 'guild.list') guildListRequests++;
          return undefined;
        },
      },
      {
        checks: [...guilds, ...channels, ...roles, ...pagination]
          .filter((check) => readers.includes(check.id))
          .concat(fresh),
        includeExperimental: true,
      },
    );
    expect(Object.keys(statuses).sort()).toEqual([...readers, fresh.id].sort());
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    // 500 extra guilds and the two seeded ones the bot is in, 20 per page: 26 pages per walk, one walk
    // shared by the six readers and one for the fresh check; and the run's reachability probe (one page).
    expect(guildListRequests).toBe(1 + 2 * Math.ceil(502 / 20));
  }, 60_000);
});
