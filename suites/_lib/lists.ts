/**
 * Walking a paginated list operation to its end with the checker's paginator (./paginate.ts), and the
 * assertions every list check shares: each page is a list envelope (§1 rule 5), the markers are present
 * exactly while more data exists (§1 rule 6), no item appears twice and, when asked, each page validates.
 */
import { brief, shorten } from '../../spec/brief.js';
import type { Channel, Friend, Guild, GuildMember, GuildRole, Message, User } from '../../spec/types.js';
import type { CheckContext } from '../../src/runner/check.js';
import type { Identity } from '../../src/runner/model.js';
import { type Page, PaginationError, type Walk, type WalkOptions, walk } from './paginate.js';

/**
 * The item of each list operation (§4), as spec/types.ts types it from the schemas. What a server sends
 * is checked only with `validate`: read fields defensively (idOf, userIdOf) unless the walk validated.
 */
export interface ListItems {
  'message.list': Message;
  'channel.list': Channel;
  'guild.list': Guild;
  'guild.member.list': GuildMember;
  'guild.role.list': GuildRole;
  'reaction.list': User;
  'friend.list': Friend;
}

export type ListOperation = keyof ListItems;

export interface ListAllOptions<T> {
  as?: Identity;
  /**
   * Validate every page against the operation's response schema ('response:<operation>': the list
   * envelope and its items). Off for walks that only look for an item, so they fail for their own reason.
   */
  validate?: boolean;
  /**
   * Identity of an item for the duplicate check; default its `id`. Items without one (undefined) are
   * not compared.
   */
  key?: (item: T) => string | undefined;
  /** An optional bound on the pages; none by default (a big honest list is walked to its end). */
  maxPages?: number;
}

export interface ListAllResult<T> {
  items: T[];
  pages: Page<T>[];
  /**
   * The last page was reached through a marker and is empty: the page before it carried a marker though
   * no more data existed. Harmless to a walker (one extra request), so judged at should level by
   * lists/no-marker-on-the-last-page, not by every walk.
   */
  endsOnEmptyPage: boolean;
}

/** The `id` of an item when it is a string. */
export const idOf = (item: unknown): string | undefined => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

/** The `user.id` of a GuildMember or Friend when present. */
export const userIdOf = (item: unknown): string | undefined => {
  const id = (item as { user?: { id?: unknown } } | null)?.user?.id;
  return typeof id === 'string' ? id : undefined;
};

/** A value as short JSON, for `observed` (cut at 300 characters). */
export { brief, shorten };

/** HTTP status and the start of the body, for `observed` and skip reasons. */
export const statusOf = (result: { status: number; text: string }): string =>
  `HTTP ${result.status} ${result.text ? shorten(result.text, 200) : '(empty body)'}`;

/**
 * The `next` field of the first request. Where the target follows the §4.8 variant in which `next` of
 * channel.list / guild.list is required, the first page is asked for with an empty token.
 */
const firstPageFields = (t: CheckContext, operation: string): Record<string, unknown> =>
  t.variants['list-next'] === 'required' && (operation === 'channel.list' || operation === 'guild.list')
    ? { next: '' }
    : {};

/**
 * The one walker of the suites: follows the marker with the checker's paginator (walk), reading each page
 * with `readPage` (which makes its own assertions on the page), and fails the check when the walk does not
 * end (§1 rule 6: a repeated token, or marker pages that add nothing). `what` names the list in failures.
 */
export async function walkList<T>(
  t: CheckContext,
  what: string,
  readPage: (token: string | undefined, pageNumber: number) => Promise<Page<T>>,
  options: WalkOptions<T> = {},
): Promise<Walk<T>> {
  let pageNumber = 0;
  try {
    return await walk((token) => readPage(token, ++pageNumber), options);
  } catch (error) {
    if (!(error instanceof PaginationError)) throw error;
    const marker = options.marker ?? 'next';
    t.expect(false, `${what} ends: ${marker} is absent once no more data exists (§1 rule 6)`, error.message);
  }
}

/**
 * Calls `operation` with `fields` page after page, following `next` until it is absent, and asserts on
 * the way: 2xx, a data array (GEN-5), optionally the response schema (`validate`), an end (GEN-6: no
 * repeated token, no run of pages that add nothing) and no duplicate item (by `key`). An empty last page
 * reached through a marker is reported in the result, not failed (see ListAllResult.endsOnEmptyPage).
 */
export async function listAll<Op extends ListOperation, T extends ListItems[Op] = ListItems[Op]>(
  t: CheckContext,
  operation: Op,
  fields: Record<string, unknown>,
  options: ListAllOptions<T> = {},
): Promise<ListAllResult<T>> {
  const { as, validate = false, key = idOf, maxPages } = options;
  const readPage = async (token: string | undefined, pageNumber: number): Promise<Page<T>> => {
    const what = `${operation} page ${pageNumber}`;
    const request =
      token === undefined ? { ...fields, ...firstPageFields(t, operation) } : { ...fields, next: token };
    const result = await t.call(operation, request, as ? { as } : undefined);
    t.expectOk(result, what);
    const body = result.body as Partial<Page<T>> | undefined;
    t.expect(
      typeof body === 'object' && body !== null && Array.isArray(body.data),
      `${what} is a list object with a data array (§1 rule 5)`,
      brief(result.body),
    );
    if (validate) t.expectSchema(`response:${operation}`, body, what);
    return body as Page<T>;
  };

  const { pages, items } = await walkList(t, operation, readPage, {
    key,
    ...(maxPages === undefined ? {} : { maxPages }),
  });
  const endsOnEmptyPage = pages.length > 1 && pages[pages.length - 1].data.length === 0;
  if (endsOnEmptyPage) {
    t.note(`${operation}: page ${pages.length - 1} carried next, but the page it led to is empty`);
  }

  const seen = new Map<string, number>();
  const duplicates: string[] = [];
  items.forEach((item, index) => {
    const itemKey = key(item);
    if (itemKey === undefined) return;
    const first = seen.get(itemKey);
    if (first === undefined) seen.set(itemKey, index + 1);
    else duplicates.push(`${itemKey} (items ${first} and ${index + 1})`);
  });
  t.expect(
    duplicates.length === 0,
    `${operation} lists every item once across its ${pages.length} page(s)`,
    `listed more than once: ${duplicates.slice(0, 5).join(', ')}`,
  );
  t.note(`${operation}: ${items.length} item(s) over ${pages.length} page(s)`);
  return { items, pages, endsOnEmptyPage };
}

/** Whether a walked list holds an item with this key. */
export const listHas = <T>(
  items: readonly T[],
  wanted: string,
  key: (item: T) => string | undefined = idOf,
) => items.some((item) => key(item) === wanted);

/** A name unique to this run, for things a check creates (so that they are recognisable and never collide). */
export const uniqueName = (what: string): string =>
  `conformance-${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
