/**
 * §4.6 reactions: create, delete, clear and list the users of one emoji.
 */
import { badRequest, type Fields, forbidden } from '../request.js';
import type { AnyChannel } from '../views.js';
import { ChannelType, type MessageRecord } from '../world.js';
import { type Handler, OperationBase } from './base.js';

export class ReactionOperations extends OperationBase {
  readonly handlers: Record<string, Handler> = {
    'reaction.create': (caller, f) => this.reactionCreate(caller, f),
    'reaction.delete': (caller, f) => this.reactionDelete(caller, f),
    'reaction.clear': (caller, f) => this.reactionClear(caller, f),
    'reaction.list': (caller, f) => this.reactionList(caller, f),
  };

  private reactionTarget(caller: string, f: Fields) {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const message = this.message(channel, f.string('message_id'));
    return { channel, message };
  }

  private emojiId(f: Fields, required: true): string;
  private emojiId(f: Fields, required: false): string | undefined;
  private emojiId(f: Fields, required: boolean): string | undefined {
    const emojiId = required ? f.string('emoji_id') : f.optionalString('emoji_id');
    if (emojiId === '') throw badRequest('emoji_id is empty; send an emoji id such as "thumbs-up".');
    return emojiId;
  }

  private emitReaction(
    type: string,
    channel: AnyChannel,
    message: MessageRecord,
    emojiId: string,
    userId: string,
    operation: string,
  ) {
    const messageView = this.views.message(message, channel);
    this.emit(
      type,
      {
        emoji: { id: emojiId },
        channel: messageView.channel,
        // Tolerance: the message beyond the required emoji is partial, its id only (§6 requires emoji alone).
        message: this.tolerate('reaction-event-message-partial') ? { id: message.id } : messageView,
        user: this.views.userById(userId),
        ...this.guildResource(channel),
      },
      this.channelAudience(channel),
      operation,
    );
  }

  private reactionCreate(caller: string, f: Fields): void {
    const { channel, message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, true);
    if (this.fault('reaction-create-no-op')) return;
    const users = this.world.reactionsOf(message.id).get(emojiId) ?? [];
    if (users.includes(caller)) return;
    this.world.reactionsOf(message.id).set(emojiId, [...users, caller]);
    this.emitReaction('reaction-added', channel, message, emojiId, caller, 'reaction.create');
  }

  /** Removing another user's reactions needs an admin role in the guild (never in a direct channel). */
  private mayModerate(caller: string, channel: AnyChannel): boolean {
    return channel.type !== ChannelType.DIRECT && this.world.isAdmin(channel.guildId, caller);
  }

  private reactionDelete(caller: string, f: Fields): void {
    const { channel, message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, true);
    const userId = f.optionalString('user_id');
    if (userId !== undefined) this.user(userId);
    if (userId !== undefined && userId !== caller && !this.mayModerate(caller, channel)) {
      throw forbidden(
        "reaction.delete: removing another user's reaction needs an admin role; omit user_id to remove yours.",
      );
    }
    if (this.fault('reaction-delete-no-op')) return;
    if (userId === undefined && this.fault('reaction-delete-needs-user-id')) return;
    // §4.6: without user_id, the current user's reaction is removed.
    // Fault reaction-delete-ignores-user-id: another user's user_id removes the caller's reaction instead.
    const target = this.fault('reaction-delete-ignores-user-id') ? caller : (userId ?? caller);
    const users = this.world.reactions.get(message.id)?.get(emojiId);
    if (!users?.includes(target)) return;
    users.splice(users.indexOf(target), 1);
    this.world.pruneReactions(message.id);
    this.emitReaction('reaction-removed', channel, message, emojiId, target, 'reaction.delete');
  }

  private reactionClear(caller: string, f: Fields): void {
    const { channel, message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, false);
    if (channel.type !== ChannelType.DIRECT && !this.mayModerate(caller, channel)) {
      throw forbidden('reaction.clear needs an admin role in the guild.');
    }
    if (this.fault('reaction-clear-no-op')) return;
    if (emojiId === undefined && this.fault('reaction-clear-needs-emoji-id')) return;
    const reactions = this.world.reactions.get(message.id);
    if (!reactions) return;
    // §4.6: without emoji_id, every reaction of the message is cleared.
    // Fault reaction-clear-ignores-emoji-id: emoji_id is ignored and every reaction is cleared.
    const clearsAll = emojiId === undefined || this.fault('reaction-clear-ignores-emoji-id');
    const cleared = [...reactions].filter(([id]) => clearsAll || id === emojiId);
    for (const [id] of cleared) reactions.delete(id);
    this.world.pruneReactions(message.id);
    for (const [id, users] of cleared) {
      for (const userId of users)
        this.emitReaction('reaction-removed', channel, message, id, userId, 'reaction.clear');
    }
  }

  private reactionList(caller: string, f: Fields): unknown {
    const { message } = this.reactionTarget(caller, f);
    const emojiId = this.emojiId(f, true);
    const next = f.optionalString('next') || undefined;
    const users = this.fault('reaction-list-empty')
      ? []
      : (this.world.reactions.get(message.id)?.get(emojiId) ?? []);
    return this.viewPage(this.listPage('reaction.list', users, next), (userId) =>
      this.views.userById(userId),
    );
  }
}
