/**
 * Walking the paginated list operations (§4) with the checker's paginator (./paginate.ts), and the
 * assertions every list check shares: each page is a 2xx list envelope (§1 rule 5), the marker ends the
 * walk (§1 rule 6), no item appears twice and, when asked, each page validates.
 *
 * Walk once: a full walk of a list (one operation with its fields, as one identity) is made once per run
 * and shared by every check that only reads it (listOnce, through t.shared: each sharer gets the walk's
 * exchanges as its evidence); a check that changed the list, or must see it after its own action, walks it
 * again for itself (listFresh). A walk is first recorded (its answers), then judged by each check that
 * reads it, in that check's own context: a defect of a shared walk fails every check that judges it.
 */
import { brief, shorten } from '../../spec/brief.js';
import type { Channel, Friend, Guild, GuildMember, GuildRole, Message, User } from '../../spec/types.js';
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext } from '../../src/runner/check.js';
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

export interface ListOptions {
  as?: Identity;
  /**
   * Validate every page against the operation's response schema ('response:<operation>': the list
   * envelope and its items). Off for walks that only look for an item, so they fail for their own reason.
   */
  validate?: boolean;
}

export interface FreshListOptions<T> extends ListOptions {
  /**
   * Stop at the first page holding an item for which this is true (the walk then has not reached the
   * end): for a check that looks for one item and needs no more of the list.
   */
  stopAt?: (item: T) => boolean;
  /** The answer to the walk's first request, already read (a probe): its page 1, not sent again. */
  first?: CallResult;
}

export interface ListAllResult<T> {
  items: T[];
  pages: Page<T>[];
  /** False when the walk stopped at `stopAt`. */
  reachedEnd: boolean;
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

/**
 * The identity of an item of each list, for the duplicate check and the endless-walk detection: members
 * and friends are users (§2 GuildMember, Friend); items without one (undefined) are not compared.
 */
const ITEM_KEY: Record<ListOperation, (item: unknown) => string | undefined> = {
  'message.list': idOf,
  'channel.list': idOf,
  'guild.list': idOf,
  'guild.member.list': userIdOf,
  'guild.role.list': idOf,
  'reaction.list': idOf,
  'friend.list': userIdOf,
};

/** A value as short JSON, for `observed` (cut at 300 characters). */
export { brief, shorten };

/** HTTP status and the start of the body, for `observed` and skip reasons. */
export const statusOf = (result: { status: number; text: string }): string =>
  `HTTP ${result.status} ${result.text ? shorten(result.text, 200) : tr`(empty body)`}`;

/**
 * The `next` field of the first request. Where the target follows the §4.8 variant in which `next` of
 * channel.list / guild.list is required, the first page is asked for with an empty token.
 */
const firstPageFields = (t: CheckContext, operation: string): Record<string, unknown> =>
  t.variants['list-next'] === 'required' && (operation === 'channel.list' || operation === 'guild.list')
    ? { next: '' }
    : {};

/**
 * The one walker of the message walks (./messages.ts): follows the marker with the checker's paginator
 * (walk), reading each page with `readPage` (which makes its own assertions on the page), and fails the
 * check when the walk does not end (§1 rule 6: a repeated token, or marker pages that add nothing).
 * `what` names the list in failures.
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
    t.expect(
      false,
      tr`${what} ends: ${marker} is absent once no more data exists (§1 rule 6)`,
      error.message,
    );
  }
}

/** The answers of one walk of a list, as sent, before any check judged them. */
export interface RecordedWalk {
  operation: ListOperation;
  /** Every answer in order; the walk stops at the first that is not a 2xx list page. */
  results: CallResult[];
  /** The marker was absent on the last page (not a stop at `until`, an unreadable page or no end). */
  reachedEnd: boolean;
  /** Why the walk does not end (§1 rule 6: a repeated token, or marker pages that add nothing). */
  endless?: string;
}

const isListPage = (body: unknown): body is Page =>
  typeof body === 'object' && body !== null && Array.isArray((body as Page).data);

/** Ends the recording at an answer that is not a 2xx list page: judging it fails the check. */
class UnreadablePage extends Error {}

/**
 * Walks `operation` with `fields` through t.call (so its requests are t's evidence), asserting nothing: a
 * fresh walk for a shared observation (t.shared), which may not assert; each check that reads it judges it
 * in its own context with judgeWalk, so a list defect fails only those checks.
 */
export async function recordWalk(
  t: CheckContext,
  operation: ListOperation,
  fields: Record<string, unknown>,
  as?: Identity,
  until?: (pages: readonly Page[]) => boolean,
  first?: CallResult,
): Promise<RecordedWalk> {
  const results: CallResult[] = [];
  const readPage = async (token: string | undefined): Promise<Page> => {
    const request =
      token === undefined ? { ...fields, ...firstPageFields(t, operation) } : { ...fields, next: token };
    const result =
      token === undefined && first ? first : await t.call(operation, request, as ? { as } : undefined);
    results.push(result);
    if (!result.ok || !isListPage(result.body)) throw new UnreadablePage();
    return result.body;
  };
  try {
    const { reachedEnd } = await walk(readPage, {
      key: ITEM_KEY[operation],
      ...(until ? { until } : {}),
    });
    return { operation, results, reachedEnd };
  } catch (error) {
    if (error instanceof UnreadablePage) return { operation, results, reachedEnd: false };
    if (error instanceof PaginationError)
      return { operation, results, reachedEnd: false, endless: error.message };
    throw error;
  }
}

/**
 * The assertions on a recorded walk, in page order: each answer a 2xx list object (GEN-5), valid when
 * `validate`, an end (GEN-6), no item twice. An empty last page reached through a marker is noted, not
 * failed (see ListAllResult.endsOnEmptyPage).
 */
export function judgeWalk<T>(judge: CheckContext, walked: RecordedWalk, validate = false): ListAllResult<T> {
  const { operation, results } = walked;
  results.forEach((result, index) => {
    const what = tr`${operation} page ${index + 1}`;
    judge.expectOk(result, what);
    judge.expect(
      isListPage(result.body),
      tr`${what} is a list object with a data array (§1 rule 5)`,
      brief(result.body),
    );
    if (validate) judge.expectSchema(`response:${operation}`, result.body, what);
  });
  if (walked.endless !== undefined) {
    judge.expect(
      false,
      tr`${operation} ends: next is absent once no more data exists (§1 rule 6)`,
      walked.endless,
    );
  }
  const pages = results.map((result) => result.body as Page<T>);
  const items = pages.flatMap((page) => page.data);
  const endsOnEmptyPage = walked.reachedEnd && pages.length > 1 && pages[pages.length - 1].data.length === 0;
  if (endsOnEmptyPage) {
    judge.note(tr`${operation}: page ${pages.length - 1} carried next, but the page it led to is empty`);
  }

  const key = ITEM_KEY[operation];
  const seen = new Map<string, number>();
  const duplicates: string[] = [];
  items.forEach((item, index) => {
    const itemKey = key(item);
    if (itemKey === undefined) return;
    const first = seen.get(itemKey);
    if (first === undefined) seen.set(itemKey, index + 1);
    else duplicates.push(tr`${itemKey} (items ${first} and ${index + 1})`);
  });
  judge.expect(
    duplicates.length === 0,
    tr`${operation} lists every item once across its ${pages.length} page(s)`,
    tr`listed more than once: ${duplicates.slice(0, 5).join(', ')}`,
  );
  judge.note(
    walked.reachedEnd || walked.endless !== undefined
      ? tr`${operation}: ${items.length} item(s) over ${pages.length} page(s)`
      : tr`${operation}: ${items.length} item(s) over the first ${pages.length} page(s), as far as the check needs`,
  );
  return { items, pages, reachedEnd: walked.reachedEnd, endsOnEmptyPage };
}

/**
 * A new walk of `operation` with `fields`, made by and for this check: for a check that changed the list
 * (created, deleted, approved …) or must see it after its own action. Judged like every walk (above).
 */
export async function listFresh<Op extends ListOperation, T extends ListItems[Op] = ListItems[Op]>(
  t: CheckContext,
  operation: Op,
  fields: Record<string, unknown>,
  options: FreshListOptions<T> = {},
): Promise<ListAllResult<T>> {
  const { as, validate = false, stopAt, first } = options;
  const stopsAt = stopAt as ((item: unknown) => boolean) | undefined;
  const until = stopsAt && ((pages: readonly Page[]) => pages[pages.length - 1].data.some(stopsAt));
  const walked = await recordWalk(t, operation, fields, as, until, first);
  return judgeWalk(t, walked, validate);
}

/** The items of a recorded walk's readable pages, unjudged (for what an observation must undo). */
export const recordedItems = (walked: RecordedWalk): unknown[] =>
  walked.results.flatMap((result) => (isListPage(result.body) ? result.body.data : []));

const describeList = (operation: string, fields: Record<string, unknown>): string =>
  Object.keys(fields).length === 0 ? operation : `${operation} ${JSON.stringify(fields)}`;

/**
 * The run's one full walk of `operation` with `fields` (as `as`), unjudged: made by the first check that
 * asks (t.shared), while concurrent and later callers await the same walk and get its exchanges as
 * evidence. Only for checks that change nothing in the list: the shared walk may predate a change another
 * check made.
 */
export const sharedWalk = (
  t: CheckContext,
  operation: ListOperation,
  fields: Record<string, unknown>,
  as?: Identity,
): Promise<RecordedWalk> =>
  t.shared(tr`walk of ${describeList(operation, fields)} as ${as ?? 'self'}`, (observer) =>
    recordWalk(observer, operation, fields, as),
  );

/** Whether a recorded walk's first request was answered 2xx with a list page: the list is served. */
export const walkServed = (walked: RecordedWalk): boolean => {
  const [first] = walked.results;
  return first?.ok === true && isListPage(first.body);
};

/**
 * The run's one full walk of `operation` with `fields` (sharedWalk), judged by this check: a defect fails
 * each check that judges it.
 */
export async function listOnce<Op extends ListOperation, T extends ListItems[Op] = ListItems[Op]>(
  t: CheckContext,
  operation: Op,
  fields: Record<string, unknown>,
  options: ListOptions = {},
): Promise<ListAllResult<T>> {
  const { as, validate = false } = options;
  const walked = await sharedWalk(t, operation, fields, as);
  t.note(
    tr`${describeList(operation, fields)}: judged the run's one walk of this list (${walked.results.length} request(s))`,
  );
  return judgeWalk(t, walked, validate);
}

/**
 * The items of the run's one walk of `operation` (the walk listOnce judges), unjudged: for a check that
 * looks an item up in the list as evidence of something else (e.g. what a get returned) and must not
 * fail for a defect of the list itself.
 */
export async function listedItems(
  t: CheckContext,
  operation: ListOperation,
  fields: Record<string, unknown>,
): Promise<unknown[]> {
  return recordedItems(await sharedWalk(t, operation, fields));
}

/**
 * The ones of `ids`, items of the run's shared walk `seen`, that a fresh walk still lists. For a check that
 * judged the shared walk and met a listed item that is gone (e.g. its get is refused): an item removed
 * since, by another check of the run, is then left out (noted) instead of judged as if the list still
 * showed it. The fresh walk stops once it lists them all, or one page past the last page that listed one
 * of them in `seen` (paging a list presumes its order holds between two walks), so that a long list is
 * not walked again.
 */
export async function stillListed(
  t: CheckContext,
  operation: ListOperation,
  fields: Record<string, unknown>,
  ids: readonly string[],
  seen: ListAllResult<unknown>,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const key = ITEM_KEY[operation];
  const wanted = new Set(ids);
  const lastPageOf = Math.max(
    ...seen.pages.map((page, index) =>
      page.data.some((item) => wanted.has(key(item) ?? '')) ? index + 1 : 0,
    ),
  );
  const listed = new Set<string>();
  const walked = await recordWalk(t, operation, fields, undefined, (pages) => {
    for (const item of pages[pages.length - 1].data) {
      const itemKey = key(item);
      if (itemKey !== undefined && wanted.has(itemKey)) listed.add(itemKey);
    }
    return listed.size === wanted.size || pages.length > lastPageOf;
  });
  judgeWalk(t, walked, false);
  const gone = ids.filter((id) => !listed.has(id));
  if (gone.length > 0) {
    t.note(
      tr`${describeList(operation, fields)}: ${gone.join(', ')} no longer listed by a fresh walk (${walked.results.length} page(s)): removed since the run's shared walk, not judged`,
    );
  }
  return ids.filter((id) => listed.has(id));
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
