/**
 * Issue 21: one observation judged by several checks (t.shared). A join request, a friend request, a
 * created role, a role assignment and a channel's long mute cycle are each made once per run, whatever
 * the order the checks start in, and every check that judges them keeps its verdict.
 */
import { describe, expect, it } from 'vitest';
import { runWithStats } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import type { RunResult } from '../../src/runner/model.js';
import { grepExactly } from '../../src/runner/select.js';
import { failing } from './harness.js';

/** Short event waits keep the fault runs fast. */
const EVENT_TIMEOUT_MS = 1500;

const JOIN_CHECKS = [
  'guild.member.kick/emits-guild-member-removed',
  'guild.member.kick/removes-member',
  'guild.member.approve/approve-adds-member',
  'guild.member.list/lists-newest-member',
  'guild.member.approve/reject-does-not-add',
  'event.guild-member-request/approve-true',
  'event.guild-member-request/approve-false',
];

const FRIEND_CHECKS = [
  'friend.approve/reject-adds-nobody',
  'friend.delete/removes-friend',
  'friend.approve/approve-adds-requester',
  'event.friend-request/approve-true',
  'event.friend-request/approve-false',
];

const ROLE_CHECKS = [
  'guild.role.list/lists-only-that-guild',
  'guild.role.create/returns-listed-role',
  'guild.role.update/renames-role',
  'guild.role.delete/removes-role',
  'guild.member.role.set/gives-role',
  'guild.member.role.unset/removes-role',
];

const CHANNEL_MUTE_CHECKS = [
  'channel.mute/accepts-duration',
  'channel.mute/duration-zero-is-accepted',
  'channel.mute/blocks-peer-until-unmuted',
  'channel.mute/refusal-is-4xx',
];

/** Exactly these checks (by id), against a fresh reference with `faults`, events over WebSocket. */
async function runChecks(ids: readonly string[], faults: string[] = [], seed?: number) {
  const reference = await startReference({ faults });
  try {
    const before = JSON.stringify(reference.snapshot());
    const grep = grepExactly(ids);
    const { result, stats } = await runWithStats({
      reference,
      grep,
      includeExperimental: true,
      level: 'should',
      eventTimeoutMs: EVENT_TIMEOUT_MS,
      ...(seed === undefined ? {} : { seed }),
    });
    const unchanged = JSON.stringify(reference.snapshot()) === before;
    return { result, sent: stats.requestsByOperation, unchanged };
  } finally {
    await reference.close();
  }
}

const statusesOf = (result: RunResult) =>
  Object.fromEntries(result.checks.map((check) => [check.id, check.status]));

describe('one observation per answer, judged by every check of it', () => {
  it.concurrent.each([
    ['join requests', JOIN_CHECKS, { 'guild.member.approve': 2, 'guild.member.kick': 1 }],
    ['friend requests', FRIEND_CHECKS, { 'friend.approve': 2, 'friend.delete': 1 }],
    ['roles', ROLE_CHECKS, { 'guild.role.create': 1, 'guild.member.role.set': 1, 'guild.role.delete': 1 }],
    ['channel mutes', CHANNEL_MUTE_CHECKS, { 'channel.create': 1, 'channel.mute': 2 }],
  ])(
    '%s: every check passes, each observation is made once, the world is left as it was',
    async (_, ids, sent) => {
      const { result, sent: byOperation, unchanged } = await runChecks(ids);
      expect(Object.keys(statusesOf(result)).sort()).toEqual([...ids].sort());
      expect(result.checks.filter((check) => check.status !== 'pass').map((c) => [c.id, c.reason])).toEqual(
        [],
      );
      for (const [operation, times] of Object.entries(sent))
        expect([operation, byOperation[operation]]).toEqual([operation, times]);
      expect(unchanged).toBe(true);
    },
  );

  // Whichever check starts first observes the flow; the others judge it (the kick's event included,
  // though it arrived before they started).
  it.concurrent.each([1, 2, 3])('the same verdicts under --seed %i', async (seed) => {
    const join = await runChecks(JOIN_CHECKS, ['member-approve-false-approves'], seed);
    expect(failing(statusesOf(join.result))).toEqual(
      ['event.guild-member-request/approve-false', 'guild.member.approve/reject-does-not-add'].sort(),
    );
    const friends = await runChecks(FRIEND_CHECKS, ['friend-approve-no-op'], seed);
    expect(failing(statusesOf(friends.result))).toEqual(
      ['event.friend-request/approve-true', 'friend.approve/approve-adds-requester'].sort(),
    );
    // friend.delete cannot be judged without a friend made: skipped, saying why.
    const removes = friends.result.checks.find((check) => check.id === 'friend.delete/removes-friend');
    expect([removes?.status, removes?.reason]).toEqual([
      'skip',
      expect.stringMatching(/precondition failed/),
    ]);
  });

  it('a kick that causes no event fails only guild.member.kick/emits-guild-member-removed', async () => {
    const { result } = await runChecks(JOIN_CHECKS, ['event-missing-on-guild-member-kick']);
    expect(failing(statusesOf(result))).toEqual(['guild.member.kick/emits-guild-member-removed']);
  });
});
