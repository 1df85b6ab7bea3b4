/**
 * §4.1 messages: create, get, update, delete and the bidirectional message.list.
 */
import { badRequest, decodeToken, encodeToken, type Fields, forbidden, HttpError } from '../request.js';
import type { Json } from '../views.js';
import { type ChannelRecord, ChannelType, type MessageRecord } from '../world.js';
import { type Handler, OperationBase } from './base.js';

/** §4.1 rule 4: the service's own default page of message.list. */
export const DEFAULT_MESSAGE_LIMIT = 50;

const DIRECTIONS = ['before', 'after', 'around'] as const;
type Direction = (typeof DIRECTIONS)[number];

/** The slice [start, end) of a channel's n messages a page shows, and its direction. */
interface ListWindow {
  direction: Direction;
  start: number;
  end: number;
  n: number;
}

export class MessageOperations extends OperationBase {
  readonly handlers: Record<string, Handler> = {
    'message.create': (caller, f) => this.messageCreate(caller, f),
    'message.get': (caller, f) => this.messageGet(caller, f),
    'message.delete': (caller, f) => this.messageDelete(caller, f),
    'message.update': (caller, f) => this.messageUpdate(caller, f),
    'message.list': (caller, f) => this.messageList(caller, f),
  };

  private messageCreate(caller: string, f: Fields): unknown {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const content = f.string('content');
    if (channel.type === ChannelType.CATEGORY || channel.type === ChannelType.VOICE) {
      throw badRequest(
        `Channel '${channel.id}' is not a text channel; send messages to a channel of type 0.`,
      );
    }
    if (content === '') throw badRequest('message.create: content is empty; send some text.');
    // Fault (faults/fuzz.ts): a normaliser that throws on a combining mark.
    if (this.fault('message-content-combining-500') && /[\u0300-\u036f]/.test(content))
      throw new HttpError(500, 'internal', 'RangeError: Invalid normalization form');
    if (channel.type !== ChannelType.DIRECT) this.refuseWhenMuted(caller, channel);
    const now = this.context.now();
    const message: MessageRecord = {
      id: this.world.newId(''),
      seq: this.world.newSeq(),
      channelId: channel.id,
      authorId: caller,
      content: this.stored(content),
      createdAt: now,
    };
    if (!this.fault('message-create-not-stored')) this.world.addMessage(message);
    const view = this.views.message(message, channel);
    this.emit(
      'message-created',
      { channel: view.channel, message: view, user: view.user, ...this.guildResource(channel) },
      this.channelAudience(channel),
      'message.create',
    );
    return this.fault('message-create-returns-object') ? view : [view];
  }

  /** §4.2/§4.4 mutes: a muted member, or anyone but an admin in a muted channel, may not send. */
  private refuseWhenMuted(caller: string, channel: ChannelRecord): void {
    // Fault (faults/channels.ts): the refusal is a server error instead of a 4xx.
    const refuse = this.fault('muted-post-500')
      ? (message: string) => new HttpError(500, 'internal', message)
      : forbidden;
    const now = this.context.now();
    const memberKey = this.world.memberMuteKey(channel.guildId, caller);
    const memberUntil = this.world.activeUntil(this.world.memberMutes.get(memberKey), now);
    if (memberUntil !== undefined && !this.fault('member-mute-no-effect')) {
      throw refuse(
        `You are muted in guild '${channel.guildId}' until ${new Date(memberUntil).toISOString()}; ` +
          'wait, or have an admin call guild.member.mute with duration 0.',
      );
    }
    const channelUntil = this.world.activeUntil(this.world.channelMutes.get(channel.id), now);
    if (
      channelUntil !== undefined &&
      !this.world.isAdmin(channel.guildId, caller) &&
      !this.fault('channel-mute-no-effect')
    ) {
      throw refuse(
        `Channel '${channel.id}' is muted until ${new Date(channelUntil).toISOString()}; ` +
          'wait, or have an admin call channel.mute with duration 0.',
      );
    }
  }

  private messageGet(caller: string, f: Fields): unknown {
    const channel = this.channelFor(caller, f.string('channel_id'));
    let messageId: string;
    try {
      messageId = f.string('message_id');
    } catch (error) {
      // Fault (faults/messages.ts): a wrong-typed field crashes the handler instead of a 400.
      if (this.fault('message-get-wrong-type-500') && f.has('message_id')) {
        throw new HttpError(500, 'internal', 'TypeError: messageId.trim is not a function');
      }
      throw error;
    }
    let message = this.message(channel, messageId);
    if (this.fault('message-get-ignores-id')) message = this.channelMessages(channel.id).at(-1) ?? message;
    const view = this.views.message(message, channel);
    if (this.fault('message-get-without-channel')) delete view.channel;
    if (this.fault('message-get-without-user')) delete view.user;
    return view;
  }

  private messageUpdate(caller: string, f: Fields): void {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const message = this.message(channel, f.string('message_id'));
    const content = f.string('content');
    if (content === '') throw badRequest('message.update: content is empty; send the new text.');
    if (message.authorId !== caller) {
      throw forbidden(`Only the author may edit message '${message.id}'; edit a message you sent.`);
    }
    if (this.fault('message-update-no-op')) return;
    message.content = this.stored(content);
    message.updatedAt = Math.max(this.context.now(), message.createdAt);
    const view = this.views.message(message, channel);
    this.emit(
      'message-updated',
      { channel: view.channel, message: view, user: view.user, ...this.guildResource(channel) },
      this.channelAudience(channel),
      'message.update',
    );
  }

  private messageDelete(caller: string, f: Fields): void {
    const channel = this.channelFor(caller, f.string('channel_id'));
    const message = this.message(channel, f.string('message_id'));
    const mayDelete =
      message.authorId === caller ||
      (channel.type !== ChannelType.DIRECT && this.world.isAdmin(channel.guildId, caller));
    if (!mayDelete) {
      throw forbidden(`Only the author or a guild admin may delete message '${message.id}'.`);
    }
    if (this.fault('message-delete-no-op')) return;
    // Fault (faults/messages.ts): a delete that crashes, deleting nothing.
    if (this.fault('message-delete-500'))
      throw new HttpError(500, 'internal', "TypeError: Cannot read properties of null (reading 'delete')");
    const view = this.views.message(message, channel);
    // Fault (faults/fuzz.ts): an edited message leaves message.get but stays in the list.
    if (this.fault('message-list-keeps-deleted-updated') && message.updatedAt !== undefined)
      this.world.messages.delete(message.id);
    else this.world.removeMessage(message);
    this.emit(
      'message-deleted',
      { channel: view.channel, message: view, user: view.user, ...this.guildResource(channel) },
      this.channelAudience(channel),
      'message.delete',
    );
  }

  /** Content as stored. Fault (faults/fuzz.ts): a 3-byte UTF-8 column keeps '?' for astral characters. */
  private stored(content: string): string {
    return this.fault('message-content-astral-lost')
      ? content.replace(/[\u{10000}-\u{10ffff}]/gu, '?')
      : content;
  }

  /**
   * §4.1 message.list: a bidirectional page. Tokens anchor on a message's seq. With 'before', prev and
   * next are the same token pointing back; 'after', both forward; 'around', prev back and next forward.
   * A marker is present exactly when more messages exist that way (§1 rule 6), whatever the page length.
   */
  private messageList(caller: string, f: Fields): unknown {
    // Fault (faults/messages.ts): fields read from the query string, so the JSON body's are never seen.
    if (this.fault('message-list-ignores-body')) {
      throw badRequest("message.list needs the field 'channel_id' in the query string.");
    }
    const channel = this.channelFor(caller, f.string('channel_id'));
    const next = f.optionalString('next') || undefined;
    const anchorId =
      this.context.variants['message-list-id'] === 'with' ? f.optionalString('message_id') : undefined;
    const limit = this.messageLimit(f);
    // Fault (faults/messages.ts): direction is read, validated and then ignored (the default, before).
    const asked = this.direction(f);
    const explicitDirection = this.fault('message-list-direction-ignored') ? undefined : asked;
    const explicitOrder = this.order(f);
    const items = this.channelMessages(channel.id);
    const anchorSeq =
      next !== undefined
        ? decodeToken('message.list', next)
        : anchorId !== undefined
          ? this.message(channel, anchorId).seq
          : undefined;
    const window =
      anchorSeq === undefined
        ? this.latestWindow(items.length, limit, explicitDirection)
        : this.anchoredWindow(items, anchorSeq, limit, explicitDirection);
    const result = this.pageMarkers(items, window, limit);
    const order = explicitOrder ?? this.defaultOrder(window.direction);
    result.data = items.slice(window.start, window.end).map((message) => {
      const view = this.views.message(message, channel);
      if (this.fault('message-list-items-without-user')) delete view.user;
      return view;
    });
    if (order === 'desc') result.data.reverse();
    return result;
  }

  /** §4.1 rule 1: without next the query starts from the latest message, direction before only. */
  private latestWindow(n: number, limit: number, explicitDirection: Direction | undefined): ListWindow {
    // What other directions mean there is not shown (§7 rule 2): this server refuses them.
    if (
      explicitDirection !== undefined &&
      explicitDirection !== 'before' &&
      !this.tolerate('message-list-direction-without-next')
    ) {
      throw badRequest(
        `message.list: direction '${explicitDirection}' needs a next token (or a message_id); without one ` +
          "the list starts from the latest message and only 'before' applies (§4.1 rule 1).",
      );
    }
    const defaultAfter = this.fault('message-list-default-direction-after');
    const direction: Direction = explicitDirection ?? (defaultAfter ? 'after' : 'before');
    const fromOldest =
      this.fault('message-list-starts-from-oldest') || (defaultAfter && explicitDirection === undefined);
    if (fromOldest) return { direction: 'after', start: 0, end: Math.min(n, limit), n };
    // Tolerance message-list-direction-without-next: nothing is newer than the latest message.
    if (explicitDirection === 'after') return { direction, start: n, end: n, n };
    return { direction, start: Math.max(0, n - limit), end: n, n };
  }

  /** The page next to the anchor's seq, in the direction asked (default before). */
  private anchoredWindow(
    items: MessageRecord[],
    anchorSeq: number,
    limit: number,
    explicitDirection: Direction | undefined,
  ): ListWindow {
    const direction: Direction =
      explicitDirection ?? (this.fault('message-list-default-direction-after') ? 'after' : 'before');
    const n = items.length;
    const at = firstIndex(items, (m) => m.seq >= anchorSeq);
    if (direction === 'before') {
      let end = at;
      // Faults (faults/messages.ts): an off-by-one token skips the message below it, or repeats its own.
      if (this.fault('message-list-token-skips-one')) end = Math.max(0, at - 1);
      if (this.fault('message-list-token-inclusive')) end = Math.min(n, at + 1);
      return { direction, start: Math.max(0, end - limit), end, n };
    }
    if (direction === 'after') {
      const start = firstIndex(items, (m) => m.seq > anchorSeq);
      return { direction, start, end: Math.min(n, start + limit), n };
    }
    const end = Math.min(n, Math.max(0, at - Math.floor(limit / 2)) + limit);
    return { direction, start: Math.max(0, end - limit), end, n };
  }

  /**
   * Tokens anchor on a message's seq. With 'before', prev and next are the same token pointing back;
   * 'after', both forward; 'around', prev back and next forward. A marker is present exactly when more
   * messages exist that way (§1 rule 6), whatever the page length.
   */
  private pageMarkers(
    items: MessageRecord[],
    { direction, start, end, n }: ListWindow,
    limit: number,
  ): { data: Json[]; prev?: string; next?: string } {
    const length = end - start;
    const backToken = length > 0 ? encodeToken(items[start].seq) : undefined;
    const forwardToken = length > 0 ? encodeToken(items[end - 1].seq) : undefined;
    let moreBack = start > 0;
    let moreForward = end < n;
    if (this.fault('message-list-page-length-end-signal')) {
      moreBack = moreForward = length === limit;
    }
    const result: { data: Json[]; prev?: string; next?: string } = { data: [] };
    if (direction === 'before' && moreBack) result.prev = result.next = backToken;
    if (direction === 'after' && moreForward) result.prev = result.next = forwardToken;
    if (direction === 'around') {
      if (moreBack) result.prev = backToken;
      if (moreForward) result.next = forwardToken;
    }
    if (this.fault('message-list-next-always-present')) {
      const fallback = (direction === 'after' ? forwardToken : backToken) ?? encodeToken(0);
      result.prev ??= fallback;
      result.next ??= fallback;
    }
    if (this.fault('message-list-next-missing')) delete result.next;
    if (this.fault('message-list-prev-missing')) delete result.prev;
    return result;
  }

  private messageLimit(f: Fields): number {
    const limit = f.optionalNumber('limit');
    if (limit === undefined) {
      return this.fault('message-list-default-limit-unbounded')
        ? Number.POSITIVE_INFINITY
        : DEFAULT_MESSAGE_LIMIT;
    }
    if (!Number.isInteger(limit) || limit <= 0) {
      throw badRequest(
        `message.list: limit must be a positive integer, got ${limit}; omit it for the default of ${DEFAULT_MESSAGE_LIMIT}.`,
      );
    }
    if (this.fault('message-list-limit-ignored')) return DEFAULT_MESSAGE_LIMIT;
    if (limit > this.context.limitBound) {
      if (this.fault('message-list-limit-over-bound-errors')) {
        throw badRequest(`message.list: limit must be at most ${this.context.limitBound}.`);
      }
      // §4.1 rule 5: the bound is used and no error is returned.
      if (!this.fault('message-list-limit-not-clamped')) return this.context.limitBound;
    }
    return limit;
  }

  private direction(f: Fields): Direction | undefined {
    const direction = f.optionalString('direction');
    if (direction === undefined) return undefined;
    if (
      !(DIRECTIONS as readonly string[]).includes(direction) ||
      (direction === 'before' && this.fault('message-list-rejects-direction-before')) ||
      (direction !== 'before' && this.tolerate('message-list-before-only'))
    ) {
      throw badRequest(
        `message.list: direction '${direction}' is not supported; send 'before', 'after' or 'around'.`,
      );
    }
    return direction as Direction;
  }

  private order(f: Fields): 'asc' | 'desc' | undefined {
    const order = f.optionalString('order');
    if (order === undefined) return undefined;
    if (
      (order !== 'asc' && order !== 'desc') ||
      (order === 'asc' && this.fault('message-list-rejects-order-asc'))
    ) {
      throw badRequest(`message.list: order '${order}' is not supported; send 'asc' or 'desc'.`);
    }
    return order;
  }

  /** §4.1 rule 3: asc whatever the direction. */
  private defaultOrder(direction: Direction): 'asc' | 'desc' {
    if (this.fault('message-list-default-order-desc')) return 'desc';
    if (this.fault('message-list-order-follows-direction') && direction === 'before') return 'desc';
    return 'asc';
  }
}

function firstIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  const index = items.findIndex(predicate);
  return index === -1 ? items.length : index;
}
