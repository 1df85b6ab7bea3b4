/**
 * The checker's own paginator. More data exists exactly when the marker is present (§1 rule 6, §4.1
 * rule 6): the length of `data` is never consulted, so a short page with `next` continues and a full
 * page without `next` ends.
 */
export interface Page<T = unknown> {
  data: T[];
  next?: string | null;
  prev?: string | null;
}

export type Marker = 'next' | 'prev';

export interface WalkOptions {
  /** Which marker to follow. */
  marker?: Marker;
  /** Guard against endless streams: stop with an error after this many pages. */
  maxPages?: number;
  /** Stop early (without error) once this returns true for the pages so far. */
  until?: (pages: readonly Page[]) => boolean;
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

/**
 * Follows `marker` from the first page until it is absent. `fetch(undefined)` asks for the first page,
 * `fetch(token)` for the page the token points at.
 */
export async function walk<T>(
  fetch: (token: string | undefined) => Promise<Page<T>>,
  options: WalkOptions = {},
): Promise<Walk<T>> {
  const { marker = 'next', maxPages = 1000, until } = options;
  const pages: Page<T>[] = [];
  const seenTokens = new Set<string>();
  let token: string | undefined;
  for (;;) {
    const page = await fetch(token);
    if (!page || !Array.isArray(page.data)) {
      throw new PaginationError(`page ${pages.length + 1} has no data array`);
    }
    pages.push(page);
    if (until?.(pages)) return { pages, items: pages.flatMap((p) => p.data), reachedEnd: false };
    if (!hasMore(page, marker)) return { pages, items: pages.flatMap((p) => p.data), reachedEnd: true };
    token = page[marker] as string;
    if (seenTokens.has(token)) {
      throw new PaginationError(
        `page ${pages.length} repeats the ${marker} token ${JSON.stringify(token)}: the walk loops`,
      );
    }
    seenTokens.add(token);
    if (pages.length >= maxPages) {
      throw new PaginationError(`still a ${marker} marker after ${maxPages} pages: the walk does not end`);
    }
  }
}
