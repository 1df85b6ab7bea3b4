/**
 * Friends (§4.7). Requests come from the trigger (friend-request, §6); a friend the run adds by approving
 * one is registered with the ledger at once, so pre-existing friends are never touched.
 */
import { tr } from '../src/i18n/index.js';
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import {
  describeUserShaped,
  type FriendFlow,
  friendRequestFlow,
  judgeAdded,
  judgeAfterDelete,
  judgeNoneAdded,
} from './_lib/friend-requests.js';
import { brief, listOnce, recordedItems, recordWalk, userIdOf } from './_lib/lists.js';
import { FRIEND_ITEMS_ARE_USERS, looksLikeUser, unstableList } from './_lib/readers.js';

/** The flow's request and answer, or a skip when the trigger gave no request. */
function requireAnswer(t: CheckContext, flow: FriendFlow) {
  const { request, answer } = flow;
  if (!request || !answer) return t.skip(flow.missing ?? tr`no friend request`);
  return { requester: request.userId, answer };
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
      const { items } = await listOnce(t, 'friend.list', {}, { validate: true });
      // An empty list is a legal state and no evidence: no Friend was there to judge.
      if (items.length === 0)
        t.skip(
          tr`friend.list is empty (the bot has no friend): no Friend to judge; a friend added through friend.approve is judged by friend.approve/approve-adds-requester`,
        );
      // A User where a Friend is due validates as a Friend (every field optional, §2): its shape tells.
      const users = items.filter(looksLikeUser);
      t.expect(
        users.length === 0,
        FRIEND_ITEMS_ARE_USERS,
        tr`${users.length} such item(s), e.g. ${brief(users[0])}`,
      );
      if (!items.some((item) => userIdOf(item) !== undefined)) {
        t.undecided(
          tr`no listed friend carries user.id (user is optional, §2): nothing shows whose friends they are`,
          tr`a server that sends Friend.user lets the checker tell the friends apart`,
        );
      }
      // Nothing changes the list meanwhile (the request flows hold it): a second walk must list the same
      // friends, which a list of made-up items does not.
      const again = recordedItems(await recordWalk(t, 'friend.list', {}));
      const unstable = unstableList('friend.list', items, again, userIdOf);
      if (unstable) t.undecided(unstable, tr`run again while no one else changes the bot’s friends`);
    },
  }),

  // The trigger-based checks hold the friend requests and judge one flow per answer (./_lib/friend-requests.ts).
  defineCheck({
    id: 'friend.approve/reject-adds-nobody',
    title: 'friend.approve with approve false adds no friend',
    level: 'must',
    rules: ['FRIEND-APPROVE-1'],
    operations: ['friend.approve', 'friend.list'],
    helpers: ['friend.list'],
    needs: ['trigger'],
    holds: ['friend-requests'],
    async run(t: CheckContext) {
      const flow = await friendRequestFlow(t, false);
      const { answer } = requireAnswer(t, flow);
      t.expectOk(answer, tr`friend.approve with approve false`);
      // The refusal adds nobody only as far as friend.list was shown to see an approval add someone.
      await judgeNoneAdded(t, flow);
    },
  }),

  defineCheck({
    id: 'friend.delete/removes-friend',
    title: 'friend.delete removes a friend (one the check added by approving a request)',
    level: 'must',
    rules: ['FRIEND-DELETE-1'],
    operations: ['friend.approve', 'friend.delete', 'friend.list'],
    helpers: ['friend.approve', 'friend.list'],
    needs: ['trigger'],
    holds: ['friend-requests'],
    async run(t: CheckContext) {
      const flow = await friendRequestFlow(t, true);
      const { answer } = requireAnswer(t, flow);
      const judged = judgeAdded(t, flow);
      if (judged.userShaped.length > 0) {
        t.undecided(
          tr`${FRIEND_ITEMS_ARE_USERS}: it cannot show whether friend.delete removed the friend`,
          tr`see friend.list/walks-friends`,
        );
      }
      const { added } = judged;
      if (!answer.ok || added.length !== 1) {
        t.skip(
          tr`precondition failed: friend.approve (status ${answer.status}) added ${added.length} friend(s), so friend.delete cannot be tested (see friend.approve/approve-adds-requester)`,
        );
      }
      const [friendId] = added;
      const result = flow.deleted?.get(friendId);
      t.expect(result, tr`friend.delete of ${friendId} was sent`);
      t.expectOk(result, 'friend.delete');
      const after = judgeAfterDelete(t, flow);
      t.expect(!after.has(friendId), tr`friend.list no longer shows ${friendId}`, [...after]);
    },
  }),
  defineCheck({
    id: 'friend.approve/approve-adds-requester',
    title: 'friend.approve with approve true makes the requester a friend, as friend.list shows',
    level: 'must',
    rules: ['FRIEND-APPROVE-1', 'FRIEND-LIST-1', 'EVT-REQUEST-FLOW'],
    operations: ['friend.approve', 'friend.list'],
    helpers: ['friend.list'],
    needs: ['trigger'],
    holds: ['friend-requests'],
    async run(t: CheckContext) {
      const flow = await friendRequestFlow(t, true);
      const { requester, answer } = requireAnswer(t, flow);
      const judged = judgeAdded(t, flow);
      t.expectOk(answer, tr`friend.approve with approve true`);
      // The items say whose friends they are under `user` (§2); User-shaped ones are named as such.
      t.expect(judged.userShaped.length === 0, FRIEND_ITEMS_ARE_USERS, describeUserShaped(judged, requester));
      const { added } = judged;
      t.expect(
        added.length === 1,
        tr`friend.list shows exactly one new friend, ${requester ?? tr`the requester`}`,
        added,
      );
      if (requester) t.expect(added[0] === requester, tr`the new friend is ${requester}`, added);
    },
  }),
];

export default defineSuite('friends', checks);
