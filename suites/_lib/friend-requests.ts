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
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import { brief, idOf, judgeWalk, type RecordedWalk, recordedItems, recordWalk, userIdOf } from './lists.js';
import { friendItemsAreUsers, looksLikeUser } from './readers.js';
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
  t.shared(tr`one friend.approve ${approve} flow`, async (observer) => {
    const walking = recordWalk(observer, 'friend.list', {});
    let request: IncomingRequest;
    try {
      request = await freshRequest(
        observer,
        () => receiveRequest(observer, 'friend-request', {}, { onMissing: missingRequest }),
        async ({ userId }) =>
          userId && friendsIn(await walking).has(userId)
            ? tr`the requester ${userId} was already a friend before its request`
            : undefined,
        CLEAR.alreadyFriend(),
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
      label: tr`friend ${userId} (added by approving a request)`,
      undo: ['friend.delete', { user_id: userId }],
    });
  }
  for (const userId of made) {
    // An undo the check can do without (the ledger retries it): a refusal is noted, never its verdict.
    const result = await t.call('friend.delete', { user_id: userId }, { fallback: true });
    deleted.set(userId, result);
    if (!result.ok)
      t.note(tr`friend.delete of ${userId} answered ${result.status}: left to the run's cleanup`);
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

/** How the user clears a friend.list that cannot tell a friend from a stranger (see friend.approve/approve-adds-requester). */
const friendReaderClear = (): string =>
  tr`make friend.list list each friend as a Friend, its user under \`user\` (§2), and friend.approve true add the requester (see friend.approve/approve-adds-requester)`;

/** What the answer changed in friend.list, as the judging check sees it. */
export interface FriendsAdded {
  /** The user ids (`user.id`, §2 Friend) the walk after the answer lists and the walk before did not. */
  added: string[];
  /** Items of either walk shaped as a User (an `id` at the top level, no `user`): the list cannot tell. */
  userShaped: unknown[];
  /** The top-level ids the walk after lists and the walk before did not (what a User-shaped list shows). */
  addedById: string[];
}

const idsBy = (items: readonly unknown[], key: (item: unknown) => string | undefined): string[] =>
  items.map(key).filter((id): id is string => id !== undefined);

/**
 * The friends the answer made, as the judging check sees them: both walks judged in its context (every
 * page a 2xx list, each friend once), then the ids `after` lists and `before` did not.
 */
export function judgeAdded(t: CheckContext, flow: FriendFlow): FriendsAdded {
  const before = judgeWalk(t, flow.before!).items;
  const after = judgeWalk(t, flow.after!).items;
  const newIn = (key: (item: unknown) => string | undefined) => {
    const known = new Set(idsBy(before, key));
    return idsBy(after, key).filter((id) => !known.has(id));
  };
  return {
    added: newIn(userIdOf),
    userShaped: [...before, ...after].filter(looksLikeUser),
    addedById: newIn(idOf),
  };
}

/** What a User-shaped friend.list shows of the answer, for `observed`. */
export const describeUserShaped = (judged: FriendsAdded, requester: string | undefined): string =>
  requester && judged.addedById.includes(requester)
    ? tr`the list grew by an item with id ${requester} (the requester) at the top level and no user: ${brief(judged.userShaped.find((item) => idOf(item) === requester))}`
    : tr`e.g. ${brief(judged.userShaped[0])}`;

/**
 * Whether friend.list, in this run, told a new friend from a stranger: the approve true flow (the control,
 * observed once for the run) shows its requester in the walk after the answer and not before. Undefined
 * when it did, else why not. Its walks are read, not judged: their defects are the approve checks' to fail.
 */
export async function friendReaderDoubt(t: CheckContext): Promise<string | undefined> {
  const control = await friendRequestFlow(t, true);
  const { request, answer, before, after } = control;
  if (!request || !answer || !before || !after)
    return tr`the control, an approved friend request, could not be observed: ${control.missing ?? tr`no friend request`}`;
  const requester = request.userId;
  if (!requester) return tr`the control, an approved friend request, names no requester`;
  if (!answer.ok) return tr`the control, friend.approve with approve true, answered ${answer.status}`;
  const lists = (walk: RecordedWalk) => recordedItems(walk).some((item) => userIdOf(item) === requester);
  if (recordedItems(after).some(looksLikeUser)) return friendItemsAreUsers();
  if (lists(before) || !lists(after))
    return tr`friend.list did not show the approved requester ${requester} appear (listed before: ${lists(before)}, after: ${lists(after)}): it is not shown to tell a friend from a stranger`;
  return undefined;
}

/**
 * Judges a refused request (approve false): friend.list shows the requester (or, when unnamed, anyone)
 * added — a failure; or nothing added — a pass only when the reader was proven (friendReaderDoubt), else
 * the check is undecided with the reason.
 */
export async function judgeNoneAdded(t: CheckContext, flow: FriendFlow): Promise<void> {
  const requester = flow.request?.userId;
  const judged = judgeAdded(t, flow);
  const wrongly = requester ? judged.added.filter((id) => id === requester) : judged.added;
  t.expect(wrongly.length === 0, tr`friend.list shows no new friend after a refused request`, judged.added);
  if (judged.userShaped.length > 0)
    t.undecided(
      tr`friend.list items carry \`id\` at the top level: a Friend carries its user under \`user\`, §2; ${describeUserShaped(judged, requester)}`,
      friendReaderClear(),
    );
  const doubt = await friendReaderDoubt(t);
  if (doubt) t.undecided(tr`no new friend listed, but ${doubt}`, friendReaderClear());
  if (requester && judged.added.length > 0)
    t.note(
      tr`friend.list also lists ${judged.added.join(', ')}, not the requester: added meanwhile by others?`,
    );
}

/** The user ids of the walk after the deletes, judged in the judging check's context. */
export const judgeAfterDelete = (t: CheckContext, flow: FriendFlow): Set<string> =>
  new Set(idsBy(judgeWalk(t, flow.afterDelete!).items, userIdOf));
