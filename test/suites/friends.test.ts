import { describe, expect, it } from 'vitest';
import { failing, runAgainstReference } from './harness.js';

const FRIEND_CHECKS = [
  'friend.list/walks-friends',
  'friend.approve/reject-adds-nobody',
  'friend.delete/removes-friend',
  'friend.approve/approve-adds-requester',
];

/** Runs the friends suite on a fresh reference: status by check id, and whether the world is unchanged. */
const runFriends = (faults: string[] = []) => runAgainstReference({ faults }, { suites: ['friends'] });

describe('friends suite (§4.7)', () => {
  it('passes every check against the clean reference and leaves its friends as they were', async () => {
    const { statuses, reasons, unchanged } = await runFriends();
    expect(Object.keys(statuses).sort()).toEqual([...FRIEND_CHECKS].sort());
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    expect(unchanged).toBe(true);
  });

  it.each([
    ['friend-user-string', ['friend.list/walks-friends', 'friend.approve/approve-adds-requester']],
    ['friend-approve-no-op', ['friend.approve/approve-adds-requester']],
    ['friend-approve-false-approves', ['friend.approve/reject-adds-nobody']],
    ['friend-list-empty', ['friend.approve/approve-adds-requester']],
  ])('fault %s fails exactly %j and the run still removes the friend it made', async (fault, expected) => {
    const { statuses, unchanged } = await runFriends([fault]);
    expect(failing(statuses).sort()).toEqual([...expected].sort());
    expect(unchanged).toBe(true);
  });

  it('fault friend-delete-no-op fails friend.delete/removes-friend', async () => {
    const { statuses } = await runFriends(['friend-delete-no-op']);
    expect(statuses['friend.delete/removes-friend']).toBe('fail');
  });
});
