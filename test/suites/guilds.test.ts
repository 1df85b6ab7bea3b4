import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import guilds from '../../suites/guilds.js';

/** Runs the guilds suite against a fresh reference: statuses by check id, and whether the world is unchanged. */
const runGuilds = async (faults: string[] = []) => {
  const reference = await startReference({ faults });
  try {
    const before = JSON.stringify(reference.snapshot());
    const result = await run({
      reference,
      suites: ['guilds'],
      events: 'none',
      guild: '3001',
      channel: '4001',
    });
    const statuses = Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
    const reasons = Object.fromEntries(result.checks.map((check) => [check.id, check.reason]));
    return {
      statuses,
      reasons,
      cleanup: result.cleanup ?? [],
      unchanged: JSON.stringify(reference.snapshot()) === before,
    };
  } finally {
    await reference.close();
  }
};

const failing = (statuses: Record<string, string>) =>
  Object.keys(statuses)
    .filter((id) => statuses[id] === 'fail' || statuses[id] === 'error')
    .sort();

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
