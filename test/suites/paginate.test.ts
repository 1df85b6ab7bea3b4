import { describe, expect, it } from 'vitest';
import { hasMore, type Page, PaginationError, walk } from '../../suites/_lib/paginate.js';

/** A server that serves fixed pages keyed by token; the first page has key ''. */
const pagesByToken = (pages: Record<string, Page<number>>) => {
  const requested: (string | undefined)[] = [];
  const fetch = async (token: string | undefined) => {
    requested.push(token);
    const page = pages[token ?? ''];
    if (!page) throw new Error(`no page for ${token}`);
    return page;
  };
  return { fetch, requested };
};

describe('paginator decides from markers only (§1 rule 6)', () => {
  it('continues after a short page that carries next', async () => {
    const { fetch } = pagesByToken({ '': { data: [1], next: 'a' }, a: { data: [2, 3] } });
    const result = await walk(fetch);
    expect(result.items).toEqual([1, 2, 3]);
    expect(result.reachedEnd).toBe(true);
  });

  it('stops after a full page without next', async () => {
    const full = Array.from({ length: 50 }, (_, i) => i);
    const { fetch, requested } = pagesByToken({ '': { data: full } });
    const result = await walk(fetch);
    expect(result.pages).toHaveLength(1);
    expect(requested).toEqual([undefined]);
  });

  it('continues after an empty page that carries next', async () => {
    const { fetch } = pagesByToken({ '': { data: [], next: 'a' }, a: { data: [7] } });
    expect((await walk(fetch)).items).toEqual([7]);
  });

  it('treats null and empty-string markers as absent', () => {
    expect(hasMore({ data: [1], next: null })).toBe(false);
    expect(hasMore({ data: [1], next: '' })).toBe(false);
    expect(hasMore({ data: [], next: 'x' })).toBe(true);
  });

  it('follows prev when asked', async () => {
    const { fetch } = pagesByToken({ '': { data: [3], prev: 'p', next: 'n' }, p: { data: [2] } });
    expect((await walk(fetch, { marker: 'prev' })).items).toEqual([3, 2]);
  });

  it('refuses a token loop instead of walking forever', async () => {
    const { fetch } = pagesByToken({ '': { data: [1], next: 'a' }, a: { data: [2], next: 'a' } });
    await expect(walk(fetch)).rejects.toThrow(PaginationError);
  });

  it('walks a long honest list to its end: no default page cap', async () => {
    let n = 0;
    const long = async () => (n < 5000 ? { data: [n], next: `t${++n}` } : { data: [n] });
    const result = await walk(long);
    expect(result).toMatchObject({ reachedEnd: true });
    expect(result.pages).toHaveLength(5001);
  });

  it('judges endless a run of marker pages that add no new item (fresh tokens, same items)', async () => {
    let n = 0;
    const same = async () => ({ data: [1], next: `t${++n}` });
    await expect(walk(same, { key: String })).rejects.toThrow(/no new item/);
    expect(n).toBeLessThan(10);
  });

  it('judges endless a run of empty pages with fresh markers', async () => {
    let n = 0;
    const empty = async () => ({ data: [], next: `t${++n}` });
    await expect(walk(empty)).rejects.toThrow(/no new item/);
  });

  it('stops at maxPages when asked and the marker never disappears', async () => {
    let n = 0;
    const endless = async () => ({ data: [n], next: `t${++n}` });
    await expect(walk(endless, { maxPages: 5 })).rejects.toThrow(/after 5 pages/);
  });

  it('stops early on until() without claiming the end', async () => {
    const { fetch } = pagesByToken({ '': { data: [1], next: 'a' }, a: { data: [2], next: 'b' } });
    const result = await walk(fetch, { until: (pages) => pages.length === 2 });
    expect(result).toMatchObject({ items: [1, 2], reachedEnd: false });
  });
});
