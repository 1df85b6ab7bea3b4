/**
 * Helpers shared by the message.list pagination suites (pagination-defaults.ts, pagination.ts): the
 * page size of their walks and the ascending-order assertion (§4.1 rule 3).
 */
import { tr } from '../../src/i18n/index.js';
import type { CheckContext } from '../../src/runner/check.js';
import {
  createdAtDecrease,
  createMessages,
  createScratchChannel,
  inRelativeOrder,
  listMessages,
  type MessageItem,
  type MessagePage,
  messageIdsOf,
  walkMessages,
} from './messages.js';
import { notOfferedHelper, offers } from './offered.js';
import { hasMore, type Walk } from './paginate.js';

/** Page size of the walks: small, so that a few messages make several pages. */
export const WALK_LIMIT = 2;

/** The created ids present on a page, in page order. */
const mineOn = (page: MessagePage, created: readonly string[]): string[] =>
  messageIdsOf(page).filter((id) => created.includes(id));

/**
 * Asserts a page is in ascending order (§4.1 rule 3): the check's own messages in creation order, and
 * created_at never decreasing where present. Returns how many of the check's messages were on the page.
 */
export function expectAscending(
  t: CheckContext,
  page: MessagePage,
  created: readonly string[],
  what: string,
): number {
  const mine = mineOn(page, created);
  t.expect(
    inRelativeOrder(
      mine,
      [...mine].sort((a, b) => created.indexOf(a) - created.indexOf(b)),
    ),
    tr`${what}: the messages this check created one after the other are listed oldest first (order asc)`,
    tr`listed as ${mine.map((id) => `#${created.indexOf(id) + 1}`).join(', ')}`,
  );
  const decrease = createdAtDecrease(page.data);
  t.expect(
    decrease === undefined,
    tr`${what}: created_at never decreases along the page (order asc)`,
    decrease,
  );
  return mine.length;
}

/**
 * The messages of the quiet channel's fixture: four pages at WALK_LIMIT, so that a middle page has data
 * on both sides even when a faulty token skips a message; as many as the longest reader needs.
 */
export const QUIET_FIXTURE_SIZE = 7;

/** A bound on the walk of the quiet channel: it holds the fixture and at most a platform's notice or two. */
const QUIET_WALK_PAGES = 20;

/**
 * The ids of the messages a pagination check reads, oldest first. In the run's quiet channel
 * (`t.sandbox.quiet`: nobody posts there while its readers run) one fixture is created once and read by
 * every check that shares the channel (issue 21: one created object serves every check that only reads
 * it). Elsewhere (the sandbox channel, the check run alone) the check creates `count` of its own.
 */
export function messagesToRead(t: CheckContext, count: number, what: string): Promise<string[]> {
  if (!t.sandbox.quiet) return createMessages(t, count, what);
  return t.shared(tr`quiet channel: its messages`, (observer) =>
    createMessages(observer, QUIET_FIXTURE_SIZE, 'quiet'),
  );
}

/**
 * The walk of the quiet channel towards the past (direction before, limit WALK_LIMIT) from its latest
 * message to the oldest of its fixture, made once for the checks that read it (after the fixture:
 * messagesToRead first). What lies beyond is walked apart (quietChannelWalkToTheEnd), so that a walk that
 * never ends fails only the checks that judge the end.
 */
export async function quietChannelWalk(t: CheckContext): Promise<Walk<MessageItem>> {
  const fixture = await messagesToRead(t, QUIET_FIXTURE_SIZE, 'quiet');
  return t.shared(tr`quiet channel: its walk to the oldest of its messages`, (observer) =>
    walkMessages(
      observer,
      { direction: 'before', limit: WALK_LIMIT },
      tr`message.list walk of the quiet channel`,
      {
        until: (pages) => messageIdsOf(pages[pages.length - 1]).includes(fixture[0]),
        maxPages: QUIET_WALK_PAGES,
      },
    ),
  );
}

/** The walk of the quiet channel to its end: quietChannelWalk, then on from its last page (made once). */
async function quietChannelWalkToTheEnd(t: CheckContext): Promise<Walk<MessageItem>> {
  const head = await quietChannelWalk(t);
  const last = head.pages[head.pages.length - 1];
  if (head.reachedEnd || typeof last?.next !== 'string') return head;
  const token = last.next;
  const rest = await t.shared(tr`quiet channel: its walk on to the end`, (observer) =>
    walkMessages(
      observer,
      { direction: 'before', limit: WALK_LIMIT, next: token },
      tr`message.list walk of the quiet channel, on to the end`,
      { maxPages: QUIET_WALK_PAGES },
    ),
  );
  return { ...rest, pages: [...head.pages, ...rest.pages], items: [...head.items, ...rest.items] };
}

/**
 * One message.list page with `fields` of the channel a pagination check reads: in the quiet channel (its
 * fixture does not change while its readers run) read once for every check that asks for the same page
 * (t.shared), elsewhere read by the check.
 */
export function quietPage(
  t: CheckContext,
  fields: Record<string, unknown>,
  what: string,
): Promise<MessagePage> {
  if (!t.sandbox.quiet) return listMessages(t, fields, what);
  const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  return t.shared(tr`quiet channel: message.list ${JSON.stringify(sorted)}`, (observer) =>
    listMessages(observer, fields, what),
  );
}

/**
 * Pages 1 and 2 of message.list towards the past (limit WALK_LIMIT): of the quiet channel's walk (read
 * once for the run), else read here; no page 2 when page 1 leads nowhere.
 */
export async function firstTwoPages(t: CheckContext): Promise<[MessagePage, MessagePage | undefined]> {
  if (t.sandbox.quiet) {
    const { pages } = await quietChannelWalk(t);
    return [pages[0], pages[1]];
  }
  const first = await listMessages(t, { direction: 'before', limit: WALK_LIMIT }, tr`message.list page 1`);
  if (first.data.length > WALK_LIMIT || !hasMore(first, 'next')) return [first, undefined];
  const next = { direction: 'before', limit: WALK_LIMIT, next: first.next };
  return [first, await listMessages(t, next, tr`message.list page 2`)];
}

/** A channel that holds nothing but the messages a check reads, and the walk of it to its end. */
export interface FreshChannel {
  channelId: string;
  /** Its messages, oldest first. */
  created: string[];
  walk: Walk<MessageItem>;
}

/**
 * Pages (of WALK_LIMIT) of the sandbox channel a check reads for its end where channel.create is not
 * offered: at most 20 messages, few enough for one page of any server's bound to hold them all.
 */
const SANDBOX_END_PAGES = 10;

/** The walk of `channelId` towards the past for at most `pages` pages of WALK_LIMIT. */
const walkAtMost = (t: CheckContext, channelId: string, pages: number, what: string) =>
  walkMessages(t, { direction: 'before', limit: WALK_LIMIT }, what, {
    channelId,
    until: (read) => read.length >= pages,
  });

/**
 * The channels a check may read to their end where channel.create is not offered: the direct channel of
 * the bot and the peer (the run's own accounts; user.channel.create only finds it), then the sandbox
 * channel. The first whose walk ends within SANDBOX_END_PAGES, with room for `count` more messages.
 */
async function shortChannel(t: CheckContext, count: number): Promise<string | undefined> {
  const candidates: string[] = [];
  if (t.sandbox.peerId !== undefined && offers(t, 'user.channel.create')) {
    const direct = await t.call('user.channel.create', { user_id: t.sandbox.peerId });
    const id: unknown = direct.ok ? direct.body?.id : undefined;
    if (typeof id === 'string') candidates.push(id);
  }
  candidates.push(t.sandbox.channelId);
  const room = SANDBOX_END_PAGES * WALK_LIMIT - count;
  for (const channelId of candidates) {
    const probe = await walkAtMost(t, channelId, SANDBOX_END_PAGES, tr`message.list of channel ${channelId}`);
    if (probe.reachedEnd && probe.items.length <= room) return channelId;
  }
  return undefined;
}

/**
 * Where the login does not offer channel.create (a helper here, issue 41): a channel the run may post in,
 * where the check runs alone (it shares 'quiet-channel', which the run has not), with `count` messages of
 * its own, walked for two pages (`needs` 'two pages': the sandbox channel) or to its end (a channel short
 * enough, shortChannel) — undecided, naming the helper, when no channel is.
 */
async function channelWithoutCreate(
  t: CheckContext,
  count: number,
  what: string,
  needs: 'end' | 'two pages',
): Promise<FreshChannel> {
  const channelId = needs === 'end' ? await shortChannel(t, count) : t.sandbox.channelId;
  if (channelId === undefined)
    t.undecided(
      tr`${notOfferedHelper('channel.create')}: the check needs a channel whose every message it knows, and neither the direct channel with the peer nor the sandbox channel ${t.sandbox.channelId} ends within ${SANDBOX_END_PAGES} pages of ${WALK_LIMIT}`,
      tr`pass a --channel that holds fewer messages`,
    );
  const created = await createMessages(t, count, what, channelId);
  const pages = needs === 'end' ? SANDBOX_END_PAGES : 2;
  const walk = await walkAtMost(t, channelId, pages, tr`message.list walk of channel ${channelId}`);
  t.note(tr`${notOfferedHelper('channel.create')}: the messages are read in channel ${channelId}`);
  return { channelId, created, walk };
}

/**
 * A fresh channel with messages, walked to its end (or, `needs` 'two pages', for its first two pages):
 * the quiet channel and its fixture (shared), or, where the run has none, a scratch channel of the check's
 * own with `count` messages (the check skips when channel.create gives none), or the sandbox channel where
 * the login does not offer channel.create.
 */
export async function freshChannelWalked(
  t: CheckContext,
  count: number,
  what: string,
  needs: 'end' | 'two pages' = 'end',
): Promise<FreshChannel> {
  if (t.sandbox.quiet) {
    const created = await messagesToRead(t, count, what);
    return { channelId: t.sandbox.channelId, created, walk: await quietChannelWalkToTheEnd(t) };
  }
  if (!offers(t, 'channel.create')) return channelWithoutCreate(t, count, what, needs);
  const channelId = await createScratchChannel(t, what);
  const created = await createMessages(t, count, what, channelId);
  const walk = await walkMessages(t, { direction: 'before', limit: WALK_LIMIT }, tr`message.list walk`, {
    channelId,
  });
  return { channelId, created, walk };
}
