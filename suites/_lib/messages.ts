/**
 * Messages as the message and pagination suites use them (§4.1): creating them tracked, reading
 * message.list pages with the envelope assertions (§1 rule 5), and walking them with the checker's
 * paginator (./paginate.ts), which decides "more data" from the markers only (§1 rule 6).
 */
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import { brief, idOf, statusOf, uniqueName, walkList } from './lists.js';
import type { Marker, Page, Walk } from './paginate.js';

export interface MessageItem {
  id: string;
  content?: unknown;
  created_at?: unknown;
  user?: unknown;
  channel?: unknown;
  [field: string]: unknown;
}

export type MessagePage = Page<MessageItem>;

/** Channel type TEXT (§2 ChannelType). */
const TEXT = 0;

/** A short text unique to this run, so that a check recognises its own messages. */
export const uniqueContent = (what: string): string => uniqueName(what);

/**
 * message.create (§4.1) of `content` in `channelId` (default: the sandbox channel), asserting nothing:
 * every message of the answer (an array, or one object on a 2xx) that has a string id is tracked (undo
 * message.delete) at once. Returns the answer and those ids, in order.
 */
export async function postMessage(
  t: CheckContext,
  content: string,
  channelId: string = t.sandbox.channelId,
): Promise<{ result: CallResult; ids: string[] }> {
  const result = await t.call('message.create', { channel_id: channelId, content });
  const returned: unknown[] = Array.isArray(result.body) ? result.body : result.ok ? [result.body] : [];
  const ids = returned.map(idOf).filter((id): id is string => id !== undefined);
  for (const id of ids) {
    t.track({
      kind: 'message',
      label: tr`message ${id} in channel ${channelId}`,
      undo: ['message.delete', { channel_id: channelId, message_id: id }],
    });
  }
  return { result, ids };
}

/**
 * postMessage, then asserts a 2xx answer with an array of at least one Message, each with a string id.
 * Returns the messages.
 */
export async function createMessage(
  t: CheckContext,
  content: string,
  channelId: string = t.sandbox.channelId,
): Promise<MessageItem[]> {
  const { result } = await postMessage(t, content, channelId);
  return expectCreated(t, result);
}

/**
 * The assertions of createMessage on a message.create answer (made here or by a shared observation): a
 * 2xx with an array of at least one Message, each with a string id. Returns the messages.
 */
export function expectCreated(t: CheckContext, result: CallResult): MessageItem[] {
  t.expectOk(result, 'message.create');
  t.expect(
    Array.isArray(result.body) && result.body.length > 0,
    tr`message.create returns an array of Message (§4.1)`,
    brief(result.body),
  );
  t.expect(
    result.body.every((item: unknown) => idOf(item) !== undefined),
    tr`every Message returned by message.create has a string id`,
    brief(result.body),
  );
  return result.body as MessageItem[];
}

/** One message of the run, a newer one after it, and message.get of the first (messageReadBack). */
interface ReadBack {
  content: string;
  created: CallResult;
  /** The message sent: the one answered with the content sent, else the last one answered. */
  id?: string;
  newer?: CallResult;
  /** The newer message's id: free once the observation is made (the message.delete control deletes it). */
  newerId?: string;
  got?: CallResult;
}

/**
 * One message created in the sandbox channel, a newer one after it (so that a server answering
 * message.get with the latest message is caught), then message.get of the first: made once per run
 * (t.shared) and judged by message.create/returns-the-sent-message (the create's answer, and the message
 * stored), message.get/returns-the-message (the message asked for) and message.get/carries-channel-and-user
 * (its resources). It asserts nothing: each check judges the answers it needs. Once it is made, its two
 * messages are read by no one: message.delete/removes-the-message deletes the first (observing it first),
 * the message.delete refusal control the newer one (./refusal-controls.ts).
 */
export const messageReadBack = (t: CheckContext): Promise<ReadBack> =>
  t.shared(tr`one message created, a newer one after it, and message.get of the first`, async (observer) => {
    const content = uniqueContent('create');
    const { result: created, ids } = await postMessage(observer, content);
    const items: unknown[] = Array.isArray(created.body) ? created.body : [];
    const sent = items.find((item) => (item as MessageItem | null)?.content === content);
    const id = idOf(sent) ?? ids.at(-1);
    if (!created.ok || id === undefined) return { content, created };
    const { result: newer, ids: newerIds } = await postMessage(observer, uniqueContent('get-newer'));
    // Its refusal of the message just created is an observation of message.create/returns-the-sent-message
    // where message.get is shown to serve (requireMessageRead); the get checks judge it as their own.
    const got = await observer.call(
      'message.get',
      { channel_id: observer.sandbox.channelId, message_id: id },
      { observes: true, fallback: true },
    );
    const newerId = newerIds.at(-1);
    return { content, created, id, newer, ...(newerId === undefined ? {} : { newerId }), got };
  });

/**
 * Creates `count` messages one after the other (so their order is known) and returns the id of each,
 * oldest first. A platform that splits one content into several messages is answered with the last id.
 */
export async function createMessages(
  t: CheckContext,
  count: number,
  what: string,
  channelId: string = t.sandbox.channelId,
): Promise<string[]> {
  const prefix = uniqueContent(what);
  const ids: string[] = [];
  for (let index = 1; index <= count; index++) {
    const created = await createMessage(t, `${prefix} #${index}`, channelId);
    ids.push(created[created.length - 1].id);
  }
  return ids;
}

/**
 * Creates a text channel in the sandbox guild for a check that needs an exact message count, tracked
 * (undo channel.delete). Skips the check when channel.create is refused: the check cannot count
 * messages in a shared channel.
 */
export async function createScratchChannel(t: CheckContext, what: string): Promise<string> {
  const name = uniqueName(what);
  const result = await t.call('channel.create', { guild_id: t.sandbox.guildId, data: { name, type: TEXT } });
  const channelId = result.ok ? idOf(result.body) : undefined;
  if (channelId !== undefined) {
    t.track({
      kind: 'channel',
      label: tr`channel ${channelId} (${name}) in guild ${t.sandbox.guildId}`,
      undo: ['channel.delete', { channel_id: channelId }],
    });
  }
  if (channelId === undefined) {
    t.skip(
      tr`needs a fresh channel with a known number of messages, but channel.create in guild ${t.sandbox.guildId} answered ${statusOf(result)} without a Channel id`,
    );
  }
  return channelId;
}

/** A pagination marker is a string when present; null is tolerated as absent (noted). */
function expectMarker(t: CheckContext, page: Record<string, unknown>, marker: Marker, what: string): void {
  const value = page[marker];
  t.expect(
    value === undefined || value === null || typeof value === 'string',
    tr`${what}: ${marker} is a string token when present (§1 rule 5)`,
    brief(value),
  );
  if (value === null) t.note(tr`${what}: ${marker} is null (read as absent)`);
}

/**
 * One message.list page of `channelId` (default: the sandbox channel) with `fields`: asserts a 2xx
 * answer, a data array of objects with a string id, and string markers (§1 rule 5).
 */
export async function listMessages(
  t: CheckContext,
  fields: Record<string, unknown>,
  what: string,
  channelId: string = t.sandbox.channelId,
): Promise<MessagePage> {
  const result = await t.call('message.list', { channel_id: channelId, ...fields });
  return judgeMessagePage(t, result, what);
}

/**
 * The assertions of listMessages on a message.list answer already read (e.g. a probe whose refusal the
 * check notes): a 2xx list object with a data array of objects with a string id, string markers.
 */
export function judgeMessagePage(t: CheckContext, result: CallResult, what: string): MessagePage {
  t.expectOk(result, what);
  const body = result.body as Record<string, unknown> | undefined;
  t.expect(
    typeof body === 'object' && body !== null && Array.isArray(body.data),
    tr`${what} is a list object with a data array (§1 rule 5)`,
    brief(result.body),
  );
  expectMarker(t, body, 'next', what);
  expectMarker(t, body, 'prev', what);
  const data = body.data as unknown[];
  const badIndex = data.findIndex((item) => idOf(item) === undefined);
  t.expect(
    badIndex === -1,
    tr`${what}: every item is a Message with a string id`,
    tr`item ${badIndex + 1}: ${brief(data[badIndex])}`,
  );
  return body as unknown as MessagePage;
}

export interface MessageWalkOptions {
  channelId?: string;
  marker?: Marker;
  /** Stop early once this is true for the pages so far (the walk then has not reached the end). */
  until?: (pages: readonly MessagePage[]) => boolean;
  maxPages?: number;
  /** The answer to the walk's first request, already read (a probe): judged as its page 1, not sent again. */
  firstPage?: CallResult;
}

/**
 * Walks message.list from its first page (`fields` without next) following `marker`, with the
 * checker's paginator. A token loop or a walk without end fails the check (§1 rule 6).
 */
export async function walkMessages(
  t: CheckContext,
  fields: Record<string, unknown>,
  what: string,
  options: MessageWalkOptions = {},
): Promise<Walk<MessageItem>> {
  const { channelId, marker = 'next', until, maxPages, firstPage } = options;
  const readPage = async (token: string | undefined, pageNumber: number) => {
    if (token === undefined && firstPage)
      return judgeMessagePage(t, firstPage, tr`${what}, page ${pageNumber}`);
    const request = token === undefined ? fields : { ...fields, next: token };
    return listMessages(t, request, tr`${what}, page ${pageNumber}`, channelId);
  };
  return walkList(t, what, readPage, {
    marker,
    until,
    key: (item) => item.id,
    ...(maxPages === undefined ? {} : { maxPages }),
  });
}

/** The ids of a page's messages, in the order given. */
export const messageIdsOf = (page: MessagePage): string[] => page.data.map((item) => item.id);

/**
 * The messages of a walk towards the past (direction before, each page ascending) in chronological
 * order: the pages reversed, each page kept as it is.
 */
export const chronologicalIds = (pages: readonly MessagePage[]): string[] =>
  [...pages].reverse().flatMap(messageIdsOf);

/** Ids that occur more than once, each with its positions (1-based), for `observed`. */
export function duplicatesOf(ids: readonly string[]): string[] {
  const positions = new Map<string, number[]>();
  ids.forEach((id, index) => {
    positions.set(id, [...(positions.get(id) ?? []), index + 1]);
  });
  return [...positions]
    .filter(([, at]) => at.length > 1)
    .map(([id, at]) => tr`${id} (positions ${at.join(', ')})`);
}

/** Whether `wanted` occurs in `ids` in this relative order (other ids may sit between them). */
export function inRelativeOrder(ids: readonly string[], wanted: readonly string[]): boolean {
  const positions = wanted.map((id) => ids.indexOf(id));
  return positions.every(
    (position, index) => position >= 0 && (index === 0 || position > positions[index - 1]),
  );
}

/**
 * The first place where created_at decreases along `items`, or undefined when it never does. Items
 * without a numeric created_at are not compared (the field is optional, §2).
 */
export function createdAtDecrease(items: readonly MessageItem[]): string | undefined {
  let previous: { index: number; at: number } | undefined;
  for (const [index, item] of items.entries()) {
    if (typeof item.created_at !== 'number') continue;
    if (previous && item.created_at < previous.at) {
      return tr`item ${index + 1} (${item.id}, created_at ${item.created_at}) comes after item ${previous.index + 1} (created_at ${previous.at})`;
    }
    previous = { index, at: item.created_at };
  }
  return undefined;
}

/** The upper bound of message.list limit when the run knows it (--limit-bound; the embedded reference's). */
export const limitBoundOf = (t: CheckContext): number | undefined => t.config.limitBound;
