import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/runner/model.js';
import members from '../../suites/members.js';
import { failing, runAgainstReference } from './harness.js';

/** Runs the members suite against a fresh reference (see harness.ts). */
const runMembers = (faults: string[] = [], checks = members) =>
  runAgainstReference({ faults }, { checks, includeExperimental: true });

/**
 * The checks of a fault case: the slow one (a 1500 ms mute must run out) only when the case expects it
 * to fail, so that the cases stay fast.
 */
const checksFor = (expected: readonly string[]) =>
  members.filter((check) => !check.id.endsWith('/duration-is-milliseconds') || expected.includes(check.id));

describe('members suite (§4.4)', () => {
  it('passes every check against the clean reference and leaves the world as it was', async () => {
    const { statuses, reasons, cleanup, unchanged } = await runMembers();
    expect(Object.keys(statuses)).toHaveLength(members.length);
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    expect(cleanup.filter((record) => record.status === 'failed')).toEqual([]);
    expect(unchanged).toBe(true);
  });

  // The rest of the matrix (member-mute-no-effect; member-mute-seconds, whose check waits out its 6 s
  // deadline: the same wait is tested once in channels.test.ts) is verified by `npm run faults`.
  it.concurrent.each([
    [
      'member-roles-ids',
      ['guild.member.get/peer', 'guild.member.get/self', 'guild.member.list/walks-to-end'],
    ],
    ['member-get-returns-caller', ['guild.member.get/peer']],
    ['member-list-next-missing', ['guild.member.list/lists-newest-member']],
    ['member-list-plain-array', ['guild.member.list/lists-newest-member', 'guild.member.list/walks-to-end']],
    ['member-approve-no-op', ['guild.member.approve/approve-adds-member']],
    ['member-approve-false-approves', ['guild.member.approve/reject-does-not-add']],
    // Both checks that judge the unmute of the one shared mute cycle (§8 rule 4) fail.
    [
      'member-mute-zero-ignored',
      ['guild.member.mute/blocks-peer-until-unmuted', 'guild.member.mute/duration-zero-is-accepted'],
    ],
    ['muted-post-500', ['guild.member.mute/refusal-is-4xx']],
    [
      'member-mute-zero-rejected',
      ['guild.member.mute/blocks-peer-until-unmuted', 'guild.member.mute/duration-zero-is-accepted'],
    ],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const { statuses, reasons } = await runMembers([fault], checksFor(expected));
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([...expected].sort());
  });

  it('fault member-kick-no-op fails the kick check', async () => {
    // The member it could not kick stays, so the later join-request checks cannot get a new request.
    const { statuses } = await runMembers(['member-kick-no-op'], checksFor([]));
    expect(statuses['guild.member.kick/removes-member']).toBe('fail');
  });

  // Issue 11: the long mute cycle, run right after the guild mute window, takes that window's last probe
  // (accepted) as its baseline instead of posting once more; run alone, it posts its own.
  it('takes the peer’s last accepted post in the run as the mute cycle’s baseline, else posts one', async () => {
    const window = members.find((check) => check.id === 'guild.member.mute/duration-is-milliseconds')!;
    const cycle = members.find((check) => check.id === 'guild.member.mute/blocks-peer-until-unmuted')!;
    const NOTE = 'baseline: the peer’s last post in the sandbox channel in this run was accepted';
    const notesOf = (result: RunResult) =>
      result.checks.find((check) => check.id === cycle.id)?.evidence?.notes ?? [];
    const after = await runMembers([], [window, cycle]);
    expect(failing(after.statuses), JSON.stringify(after.reasons)).toEqual([]);
    expect(notesOf(after.result)).toContain(NOTE);
    const alone = await runMembers([], [cycle]);
    expect(alone.statuses[cycle.id]).toBe('pass');
    expect(notesOf(alone.result)).not.toContain(NOTE);
  });

  // Issue 9 item 6: whatever order the mute checks run in, the same verdicts — they judge one shared mute
  // cycle of the peer (t.shared), observed by whichever runs first: the unmute (duration 0, ignored by the
  // fault) fails the two checks that judge it, and the refusal check still passes.
  const muteChecks = members.filter(
    (check) => check.id.startsWith('guild.member.mute/') && !check.id.endsWith('/duration-is-milliseconds'),
  );
  const orders = [
    muteChecks,
    [...muteChecks].reverse(),
    [muteChecks[1], muteChecks[0], ...muteChecks.slice(2)],
  ];
  it.concurrent.each(orders.map((order) => [order.map((check) => check.id), order] as const))(
    'member-mute-zero-ignored gives the same verdicts in the order %j',
    async (_ids, order) => {
      const { statuses, reasons } = await runMembers(['member-mute-zero-ignored'], [...order]);
      expect(failing(statuses), JSON.stringify(reasons)).toEqual([
        'guild.member.mute/blocks-peer-until-unmuted',
        'guild.member.mute/duration-zero-is-accepted',
      ]);
      expect(statuses['guild.member.mute/refusal-is-4xx']).toBe('pass');
      expect(reasons['guild.member.mute/duration-zero-is-accepted']).toContain('duration 0 the peer');
    },
  );
});
