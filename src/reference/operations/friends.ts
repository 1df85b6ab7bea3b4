/**
 * §4.7 friends: list, delete and friend.approve.
 */
import { type Fields, HttpError } from '../request.js';
import { type Handler, OperationBase } from './base.js';

export class FriendOperations extends OperationBase {
  readonly handlers: Record<string, Handler> = {
    'friend.list': (caller, f) => this.friendList(caller, f),
    'friend.delete': (caller, f) => this.friendDelete(caller, f),
    'friend.approve': (caller, f) => this.friendApprove(caller, f),
  };

  private friendList(caller: string, f: Fields): unknown {
    const next = f.optionalString('next') || undefined;
    const friends = this.fault('friend-list-empty') ? [] : [...(this.world.friends.get(caller) ?? new Map())];
    return this.viewPage(this.listPage('friend.list', friends, next), ([userId, { nick }]) =>
      this.fault('friend-list-items-are-users')
        ? this.views.userById(userId)
        : this.views.friend(userId, nick),
    );
  }

  private friendDelete(caller: string, f: Fields): void {
    // Tolerance: a platform whose bots cannot unfriend; the bridge answers as for an unknown method.
    if (this.tolerate('friend-delete-refused')) throw new HttpError(404, 'not-found', 'method not found');
    const userId = f.string('user_id');
    if (!this.world.friends.get(caller)?.has(userId)) {
      throw this.notFound(`User '${userId}' is not your friend; see friend.list.`);
    }
    if (this.fault('friend-delete-no-op')) return;
    this.world.removeFriendship(caller, userId);
  }

  private friendApprove(caller: string, f: Fields): void {
    const { request, approve } = this.pendingRequest('friend.approve', 'friend', f);
    if (request.toUserId !== caller)
      throw this.notFound(`friend.approve: request '${request.id}' is not addressed to you.`);
    this.world.requests.delete(request.id);
    const adds = approve ? !this.fault('friend-approve-no-op') : this.fault('friend-approve-false-approves');
    if (adds) this.world.addFriendship(caller, request.fromUserId);
  }
}
