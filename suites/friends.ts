/**
 * Friends (§4.7). Requests come from the trigger (friend-request, §6); a friend the run adds by approving
 * one is registered with the ledger at once, so pre-existing friends are never touched.
 */
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import { listFresh, listOnce, userIdOf } from './_lib/lists.js';
import { CLEAR, freshRequest, receiveRequest } from './_lib/requests.js';

/** The user ids friend.list shows now (a fresh walk to the end: the checks change the list). */
async function friendIds(t: CheckContext): Promise<Set<string>> {
  const { items } = await listFresh(t, 'friend.list', {});
  return new Set(items.map(userIdOf).filter((id): id is string => id !== undefined));
}

interface FriendRequest {
  requestId: string;
  /** The requester, when the event or the trigger's answer names it. */
  userId?: string;
}

/** Asks the trigger for a friend request to the current user, read from its friend-request event. */
async function requestFriendship(t: CheckContext): Promise<FriendRequest> {
  const { requestId, userId } = await receiveRequest(t, 'friend-request');
  return { requestId, ...(userId === undefined ? {} : { userId }) };
}

/**
 * Friends this check added and has not removed yet. The trigger's requester is one user and the next
 * friend check needs them to be a stranger again, so a check removes its friends when it ends (pass or
 * fail) rather than leaving them to the end-of-run ledger, which stays the fallback.
 */
type Made = Set<string>;

/** Registers a friend the check made (by approving a request) with the ledger. */
function trackFriend(t: CheckContext, made: Made, userId: string): void {
  if (made.has(userId)) return;
  made.add(userId);
  t.track({
    kind: 'friend',
    label: `friend ${userId} (added by approving a request)`,
    undo: ['friend.delete', { user_id: userId }],
  });
}

/** Registers every friend that appeared since `before` (the check caused them); returns them. */
function trackNewFriends(t: CheckContext, made: Made, before: Set<string>, after: Set<string>): string[] {
  const added = [...after].filter((id) => !before.has(id));
  for (const userId of added) trackFriend(t, made, userId);
  return added;
}

/** Runs `body`, then removes the friends it made; a failed removal is noted and left to the ledger. */
async function removingFriendsAfter(t: CheckContext, body: (made: Made) => Promise<void>): Promise<void> {
  const made: Made = new Set();
  try {
    await body(made);
  } finally {
    for (const userId of made) {
      const result = await t.call('friend.delete', { user_id: userId });
      if (!result.ok)
        t.note(`friend.delete of ${userId} answered ${result.status}: left to the run's cleanup`);
    }
  }
}

/**
 * Approves a triggered request and returns the friend it added (tracked). A requester already a friend
 * cannot show the addition: another request is asked for, else the check is undecided (freshRequest).
 */
async function befriendRequester(t: CheckContext, made: Made, precondition?: string): Promise<string> {
  const before = await friendIds(t);
  const request = await freshRequest(
    t,
    () => requestFriendship(t),
    async ({ userId }) =>
      userId && before.has(userId)
        ? `the requester ${userId} was already a friend before its request`
        : undefined,
    CLEAR.alreadyFriend,
  );
  const result = await t.call('friend.approve', { message_id: request.requestId, approve: true });
  // Tracked before anything else can fail; an undo of a friend that was never added meets a 404, which
  // the ledger reads as already gone.
  if (request.userId) trackFriend(t, made, request.userId);
  const added = trackNewFriends(t, made, before, await friendIds(t));
  if (precondition && (!result.ok || added.length !== 1)) {
    t.skip(
      `precondition failed: friend.approve (status ${result.status}) added ${added.length} friend(s), so ${precondition} cannot be tested (see friend.approve/approve-adds-requester)`,
    );
  }
  t.expectOk(result, 'friend.approve with approve true');
  const expected = request.userId ?? 'the requester';
  t.expect(added.length === 1, `friend.list shows exactly one new friend, ${expected}`, added);
  if (request.userId) t.expect(added[0] === request.userId, `the new friend is ${request.userId}`, added);
  return added[0];
}

const checks: CheckSpec[] = [
  // §4.7: friend.list is paginated (§1 rule 5) and holds Friend objects (§2).
  defineCheck({
    id: 'friend.list/walks-friends',
    title: 'friend.list walks to its end and every item is a Friend',
    level: 'must',
    rules: ['FRIEND-LIST-1', 'RES-FRIEND', 'GEN-5'],
    operations: ['friend.list'],
    // The friend list must not change meanwhile (a friend-request flow adds and deletes a friend).
    shares: ['friend-requests'],
    async run(t: CheckContext) {
      await listOnce(t, 'friend.list', {}, { validate: true });
    },
  }),

  // The trigger-based checks run one by one in this order (they hold the friend requests): the delete check before the
  // approve check, so that where friend.delete does nothing it still fails before the requester is stuck.
  defineCheck({
    id: 'friend.approve/reject-adds-nobody',
    title: 'friend.approve with approve false adds no friend',
    level: 'must',
    rules: ['FRIEND-APPROVE-1'],
    operations: ['friend.approve', 'friend.list'],
    needs: ['trigger'],
    holds: ['friend-requests'],
    async run(t: CheckContext) {
      await removingFriendsAfter(t, async (made) => {
        const before = await friendIds(t);
        const request = await requestFriendship(t);
        const result = await t.call('friend.approve', { message_id: request.requestId, approve: false });
        const added = trackNewFriends(t, made, before, await friendIds(t));
        t.expectOk(result, 'friend.approve with approve false');
        t.expect(added.length === 0, 'friend.list shows no new friend after a refused request', added);
      });
    },
  }),

  defineCheck({
    id: 'friend.delete/removes-friend',
    title: 'friend.delete removes a friend (one the check added by approving a request)',
    level: 'must',
    rules: ['FRIEND-DELETE-1'],
    operations: ['friend.approve', 'friend.delete', 'friend.list'],
    needs: ['trigger'],
    holds: ['friend-requests'],
    async run(t: CheckContext) {
      await removingFriendsAfter(t, async (made) => {
        const friendId = await befriendRequester(t, made, 'friend.delete');
        const result = await t.call('friend.delete', { user_id: friendId });
        t.expectOk(result, 'friend.delete');
        const after = await friendIds(t);
        if (!after.has(friendId)) made.delete(friendId);
        t.expect(!after.has(friendId), `friend.list no longer shows ${friendId}`, [...after]);
      });
    },
  }),
  defineCheck({
    id: 'friend.approve/approve-adds-requester',
    title: 'friend.approve with approve true makes the requester a friend, as friend.list shows',
    level: 'must',
    rules: ['FRIEND-APPROVE-1', 'FRIEND-LIST-1', 'EVT-REQUEST-FLOW'],
    operations: ['friend.approve', 'friend.list'],
    needs: ['trigger'],
    holds: ['friend-requests'],
    async run(t: CheckContext) {
      await removingFriendsAfter(t, async (made) => {
        await befriendRequester(t, made);
      });
    },
  }),
];

export default defineSuite('friends', checks);
