/**
 * Issue 41 item 3: readers proven before they are trusted (suites/_lib/readers.ts). A friend.list of User
 * objects and a guild.member.get that answers for any user id are readers that cannot tell a member or a
 * friend from a stranger: the checks that judge through them name the wrong resource, decide from a reader
 * that can tell, or are undecided — never a pass on nothing, never a skip on a false premise. Under the
 * do-nothing server that fabricates reads, no check passes without evidence.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { runVacuityMatrix } from '../../scripts/faults/vacuity.js';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import type { RunResult } from '../../src/runner/model.js';
import { grepExactly } from '../../src/runner/select.js';
import { FRIEND_ITEMS_ARE_USERS } from '../../suites/_lib/readers.js';

const FRIEND_CHECKS = [
  'friend.list/walks-friends',
  'friend.approve/reject-adds-nobody',
  'friend.delete/removes-friend',
  'friend.approve/approve-adds-requester',
  'event.friend-request/approve-true',
  'event.friend-request/approve-false',
];

const JOIN_CHECKS = [
  'guild.member.kick/emits-guild-member-removed',
  'guild.member.kick/removes-member',
  'guild.member.approve/approve-adds-member',
  'guild.member.list/lists-newest-member',
  'guild.member.approve/reject-does-not-add',
  'event.guild-member-request/approve-true',
  'event.guild-member-request/approve-false',
];

const MEMBER_READ_CHECKS = ['guild.member.get/refuses-a-non-member', 'guild.list/only-member-guilds'];

/** Exactly these checks against a fresh reference with `faults`, events over WebSocket (short waits). */
async function runChecks(ids: readonly string[], faults: string[] = []) {
  const reference = await startReference({ faults });
  try {
    const before = JSON.stringify(reference.snapshot());
    const result = await run({ reference, grep: grepExactly(ids), eventTimeoutMs: 1500 });
    return { result, byId: byId(result), unchanged: JSON.stringify(reference.snapshot()) === before };
  } finally {
    await reference.close();
  }
}

const byId = (result: RunResult) => new Map(result.checks.map((check) => [check.id, check]));

describe('readers proven before they are trusted (issue 41 item 3)', () => {
  it('the clean reference passes every check that judges through a reader', async () => {
    const { result, unchanged } = await runChecks([...FRIEND_CHECKS, ...JOIN_CHECKS, ...MEMBER_READ_CHECKS]);
    const notPassed = result.checks.filter((check) => check.status !== 'pass');
    expect(notPassed.map((check) => [check.id, check.status, check.reason])).toEqual([]);
    expect(result.checks).toHaveLength(FRIEND_CHECKS.length + JOIN_CHECKS.length + MEMBER_READ_CHECKS.length);
    expect(unchanged).toBe(true);
  });

  it('a friend.list of User objects: the list checks fail naming the resource, the others pass nothing', async () => {
    const { byId: checks, unchanged } = await runChecks(FRIEND_CHECKS, ['friend-list-items-are-users']);
    const walks = checks.get('friend.list/walks-friends');
    expect(walks?.status).toBe('fail');
    expect(walks?.reason).toContain(FRIEND_ITEMS_ARE_USERS);
    const approve = checks.get('friend.approve/approve-adds-requester');
    expect(approve?.status).toBe('fail');
    // The failure names the wrong resource and what the exchanges show, not an empty observation.
    expect(approve?.reason).toContain(FRIEND_ITEMS_ARE_USERS);
    expect(approve?.reason).toMatch(/the list grew by an item with id \S+ \(the requester\)/);
    expect(approve?.reason).not.toContain('observed []');
    for (const id of [
      'friend.approve/reject-adds-nobody',
      'friend.delete/removes-friend',
      'event.friend-request/approve-true',
      'event.friend-request/approve-false',
    ]) {
      const check = checks.get(id);
      expect(check?.status, id).not.toBe('pass');
      expect(check?.status, id).not.toBe('fail');
      expect(check?.undecided?.state, id).toContain(FRIEND_ITEMS_ARE_USERS);
    }
    expect(unchanged).toBe(true);
  });

  it('a guild.member.get answering any user id: the join-request checks decide from the list, never "already a member"', async () => {
    const { byId: checks, unchanged } = await runChecks(
      [...JOIN_CHECKS, ...MEMBER_READ_CHECKS],
      ['member-get-answers-any-id'],
    );
    expect(checks.get('guild.member.get/refuses-a-non-member')?.status).toBe('fail');
    // Its 200 for every guild proves no membership: undecided, naming the unproven reader.
    const onlyMember = checks.get('guild.list/only-member-guilds');
    expect(onlyMember?.status).toBe('skip');
    expect(onlyMember?.undecided?.state).toMatch(
      /guild\.member\.get answered 200 for user \S+, who was never a member/,
    );
    for (const id of JOIN_CHECKS) {
      const check = checks.get(id);
      expect(check?.reason ?? '', id).not.toMatch(/already a member/);
      // The approval works and guild.member.list, which lists the current user, shows it.
      expect([id, check?.status]).toEqual([id, 'pass']);
    }
    expect(unchanged).toBe(true);
  });

  it('the do-nothing server that fabricates reads answers for any id and makes lists up', async () => {
    const server = await startReference({ vacuity: 'fabricates-reads' });
    try {
      const post = async (operation: string, fields: Record<string, unknown>) => {
        const response = await request(`${server.baseUrl}/${operation}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(fields),
        });
        return (await response.body.json()) as Record<string, unknown> & { data?: unknown[] };
      };
      const member = await post('guild.member.get', { guild_id: '3001', user_id: 'nobody' });
      expect(member.user).toMatchObject({ id: 'nobody' });
      const first = await post('friend.list', {});
      const second = await post('friend.list', {});
      expect(first.data).toHaveLength(3);
      expect(first.data).not.toEqual(second.data);
    } finally {
      await server.close();
    }
  });

  it('passes no check without evidence under the server that fabricates reads', async () => {
    const matrix = await runVacuityMatrix({ presets: ['fabricates-reads'] });
    expect(matrix.problems).toEqual([]);
  });
});
