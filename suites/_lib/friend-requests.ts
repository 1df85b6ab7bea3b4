/**
 * A friend request answered with friend.approve (§4.7, §6 friend-request), observed once per run for each
 * answer and judged by several checks (t.shared, as ./guild-invitations.ts):
 * - approve false: friend.approve/reject-adds-nobody and event.friend-request/approve-false;
 * - approve true, then friend.delete of the friend it made: friend.approve/approve-adds-requester,
 *   friend.delete/removes-friend and event.friend-request/approve-true.
 * Nothing is judged while observing: each check judges the recorded friend.list walks (judgeWalk).
 *
 * No verdict from history (docs/checking-a-server.md "Verdicts that do not depend on history"): friend.list is read BEFORE
 * the answer (in parallel with the request: asking for one adds no friend), and a requester already a
 * friend is replaced by another request (freshRequest). Only friends the flow made are deleted, at once:
 * the trigger's requester must be a stranger again for the next flow (the ledger is the fallback).
 */
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import { judgeWalk, type RecordedWalk, recordedItems, recordWalk, userIdOf } from './lists.js';
import {
  CLEAR,
  freshRequest,
  type IncomingRequest,
  MissingRequest,
  missingRequest,
  receiveRequest,
} from './requests.js';

export interface FriendFlow {
  /** Why no request could be read (no event, and a trigger answer without a request id). */
  missing?: string;
  request?: IncomingRequest;
  /** friend.list walked before the answer, and after it. */
  before?: RecordedWalk;
  answer?: CallResult;
  after?: RecordedWalk;
  /** approve true: friend.delete of each friend the answer made, then friend.list walked again. */
  deleted?: Map<string, CallResult>;
  afterDelete?: RecordedWalk;
}

/** The friend.approve flow answering `approve`, observed once for the run and judged by each sharer. */
export const friendRequestFlow = (t: CheckContext, approve: boolean): Promise<FriendFlow> =>
  t.shared(`one friend.approve ${approve} flow`, async (observer) => {
    const walking = recordWalk(observer, 'friend.list', {});
    let request: IncomingRequest;
    try {
      request = await freshRequest(
        observer,
        () => receiveRequest(observer, 'friend-request', {}, { onMissing: missingRequest }),
        async ({ userId }) =>
          userId && friendsIn(await walking).has(userId)
            ? `the requester ${userId} was already a friend before its request`
            : undefined,
        CLEAR.alreadyFriend,
      );
    } catch (error) {
      // Settled before the flow ends, so that no walk is left unawaited.
      await walking.catch(() => undefined);
      if (error instanceof MissingRequest) return { missing: error.message };
      throw error;
    }
    return answer(observer, approve, request, await walking);
  });

/** Answers, reads friend.list again, and deletes the friends the answer made (approve true: judged). */
async function answer(
  t: CheckContext,
  approve: boolean,
  request: IncomingRequest,
  before: RecordedWalk,
): Promise<FriendFlow> {
  const answered = await t.call('friend.approve', { message_id: request.requestId, approve });
  const after = await recordWalk(t, 'friend.list', {});
  const made = new Set(newFriends(before, after));
  // The requester may be a friend that friend.list does not show: deleted too (a 404 is noted).
  if (approve && answered.ok && request.userId) made.add(request.userId);
  const deleted = new Map<string, CallResult>();
  for (const userId of made) {
    t.track({
      kind: 'friend',
      label: `friend ${userId} (added by approving a request)`,
      undo: ['friend.delete', { user_id: userId }],
    });
  }
  for (const userId of made) {
    const result = await t.call('friend.delete', { user_id: userId });
    deleted.set(userId, result);
    if (!result.ok) t.note(`friend.delete of ${userId} answered ${result.status}: left to the run's cleanup`);
  }
  const flow: FriendFlow = { request, before, answer: answered, after };
  if (approve) {
    flow.deleted = deleted;
    flow.afterDelete = await recordWalk(t, 'friend.list', {});
  }
  return flow;
}

/** The user ids of a recorded friend.list walk. */
const friendsIn = (walk: RecordedWalk): Set<string> =>
  new Set(
    recordedItems(walk)
      .map(userIdOf)
      .filter((id): id is string => id !== undefined),
  );

/** The friends `after` lists that `before` did not. */
const newFriends = (before: RecordedWalk, after: RecordedWalk): string[] => {
  const known = friendsIn(before);
  return [...friendsIn(after)].filter((id) => !known.has(id));
};

/**
 * The friends the answer made, as the judging check sees them: both walks judged in its context (every
 * page a 2xx list, each friend once), then the ids `after` lists and `before` did not.
 */
export function judgeAdded(t: CheckContext, flow: FriendFlow): string[] {
  const ids = (walk: RecordedWalk) =>
    judgeWalk(t, walk)
      .items.map(userIdOf)
      .filter((id): id is string => id !== undefined);
  const known = new Set(ids(flow.before!));
  return ids(flow.after!).filter((id) => !known.has(id));
}

/** The user ids of the walk after the deletes, judged in the judging check's context. */
export const judgeAfterDelete = (t: CheckContext, flow: FriendFlow): Set<string> =>
  new Set(
    judgeWalk(t, flow.afterDelete!)
      .items.map(userIdOf)
      .filter((id): id is string => id !== undefined),
  );
