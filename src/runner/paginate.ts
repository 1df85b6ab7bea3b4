/**
 * The checker's own paginator. More data exists exactly when the marker is present (§1 rule 6, §4.1
 * rule 6): the length of `data` is never consulted, so a short page with `next` continues and a full
 * page without `next` ends.
 */
import { tr } from '../i18n/index.js';
export interface Page<T = unknown> {
  data: T[];
  next?: string | null;
  prev?: string | null;
}

export type Marker = 'next' | 'prev';

export interface WalkOptions<T = unknown> {
  /** Which marker to follow. */
  marker?: Marker;
  /**
   * Optional bound on the pages (no default: a big but honest list must be walked to its end). Endless
   * walks are detected by a repeated token, or by pages that add nothing (see `key`).
   */
  maxPages?: number;
  /** Identity of an item: a marker page whose keyed items were all seen before adds nothing. */
  key?: (item: T) => string | undefined;
  /** Stop early (without error) once this returns true for the pages so far. */
  until?: (pages: readonly Page<T>[]) => boolean;
}

export interface Walk<T> {
  pages: Page<T>[];
  items: T[];
  /** True when the walk ended because the marker was absent (not because of `until`). */
  reachedEnd: boolean;
}

export class PaginationError extends Error {
  override name = 'PaginationError';
}

/** True when the page says more data exists in the marker's direction. */
export const hasMore = (page: Page, marker: Marker = 'next'): boolean => {
  const token = page[marker];
  return typeof token === 'string' && token.length > 0;
};

/** Consecutive marker pages that add nothing new after which the walk is judged endless. */
const MAX_PAGES_WITHOUT_PROGRESS = 3;

/**
 * Follows `marker` from the first page until it is absent. `fetch(undefined)` asks for the first page,
 * `fetch(token)` for the page the token points at. A walk that does not end (§1 rule 6) is a
 * PaginationError: a token seen before (a loop), or several pages in a row that carry a marker but add
 * no new item (empty, or only items seen before) — never a page count an honest big list could reach.
 */
export async function walk<T>(
  fetch: (token: string | undefined) => Promise<Page<T>>,
  options: WalkOptions<T> = {},
): Promise<Walk<T>> {
  const { marker = 'next', maxPages, until, key } = options;
  const pages: Page<T>[] = [];
  const seenTokens = new Set<string>();
  const seenKeys = new Set<string>();
  let pagesWithoutProgress = 0;
  let token: string | undefined;
  for (;;) {
    const page = await fetch(token);
    if (!page || !Array.isArray(page.data)) {
      throw new PaginationError(tr`page ${pages.length + 1} has no data array`);
    }
    pages.push(page);
    if (until?.(pages)) return { pages, items: pages.flatMap((p) => p.data), reachedEnd: false };
    if (!hasMore(page, marker)) return { pages, items: pages.flatMap((p) => p.data), reachedEnd: true };
    token = page[marker] as string;
    let fresh = 0;
    for (const item of page.data) {
      const itemKey = key ? key(item) : undefined;
      if (itemKey === undefined) {
        if (!key) fresh += 1;
      } else if (!seenKeys.has(itemKey)) {
        seenKeys.add(itemKey);
        fresh += 1;
      }
    }
    pagesWithoutProgress = fresh === 0 ? pagesWithoutProgress + 1 : 0;
    if (pagesWithoutProgress >= MAX_PAGES_WITHOUT_PROGRESS) {
      throw new PaginationError(
        tr`${pagesWithoutProgress} pages in a row carry a ${marker} marker but no new item: the walk does not end`,
      );
    }
    if (seenTokens.has(token)) {
      throw new PaginationError(
        tr`page ${pages.length} repeats the ${marker} token ${JSON.stringify(token)}: the walk loops`,
      );
    }
    seenTokens.add(token);
    if (maxPages !== undefined && pages.length >= maxPages) {
      throw new PaginationError(tr`still a ${marker} marker after ${maxPages} pages: the walk does not end`);
    }
  }
}
