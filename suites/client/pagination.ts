/**
 * Client-mode scenarios (`conformance client`): the checker serves these pages and judges the client by
 * its requests. §1 rule 6 / §4.1 rule 6: "A client decides whether more data exists from the presence of
 * prev or next. It must not use the length of data." Every scenario's pages are valid: an honest server
 * may send each of them.
 */
import { defineClientScenario } from '../../src/client-mode/model.js';

export default [
  defineClientScenario({
    id: 'client.pagination/short-page-with-next-continues',
    title: 'Pages shorter than the page size that carry next: the client continues',
    level: 'must',
    rules: ['CLIENT-GEN-6'],
    list: 'guild',
    pages: [2, 1, 2],
    expectation:
      'three short pages (2, 1, 2 items), the first two with next: the client follows each next and stops after the third',
  }),
  defineClientScenario({
    id: 'client.message.list/full-page-without-next-stops',
    title: 'A full page without next: the client stops, with no further request',
    level: 'must',
    rules: ['CLIENT-MSG-LIST-6', 'CLIENT-GEN-6'],
    list: 'message',
    listFixed: true,
    pages: ['limit', 'limit'],
    expectation:
      'two pages of exactly `limit` messages (50 when the client sends none), the second without next: the client makes no third request',
  }),
  defineClientScenario({
    id: 'client.pagination/empty-page-with-next-continues',
    title: 'An empty page that carries next: the client continues',
    level: 'must',
    rules: ['CLIENT-GEN-6'],
    list: 'channel',
    pages: [2, 0, 2],
    expectation:
      'a page of 2 items, an empty page with next, a last page of 2: the client reaches the last page',
  }),
  defineClientScenario({
    id: 'client.pagination/null-next-stops',
    title: 'next: null ends the list',
    level: 'must',
    rules: ['CLIENT-GEN-6'],
    list: 'member',
    pages: [3, 3],
    end: 'null',
    expectation:
      'a page with next, then a page with `next: null`: the client stops there (null is not a token)',
  }),
  defineClientScenario({
    id: 'client.pagination/opaque-token-passed-verbatim',
    title: 'Opaque tokens that are not item ids are passed back verbatim',
    level: 'must',
    rules: ['CLIENT-GEN-6'],
    list: 'friend',
    pages: [2, 2, 1],
    tokens: ['opaque:k9/+=~ é\u00a0"quoted"', 'b3BhcXVl#?&%2F%20 end '],
    expectation:
      'tokens with slashes, plus signs, quotes, percent signs, non-ASCII and edge spaces: the client sends each back byte for byte',
  }),
  defineClientScenario({
    id: 'client.message.list/limit-above-bound-answered-short',
    title:
      'A limit above the bound answered with fewer messages and no error: the client neither fails nor retries',
    level: 'must',
    rules: ['CLIENT-MSG-LIST-6'],
    list: 'message',
    listFixed: true,
    pages: [2, 2, 1],
    expectation:
      'a server whose bound is 2 (§4.1 rule 5: the bound is used, no error): pages of 2, 2, 1 messages; the client follows next once per page, never repeating a request',
  }),
  defineClientScenario({
    id: 'client.message.list/walks-before-with-equal-prev-next',
    title: 'message.list walks from the latest message in before order, prev and next equal',
    level: 'must',
    rules: ['CLIENT-MSG-LIST-6', 'CLIENT-GEN-6'],
    list: 'message',
    listFixed: true,
    pages: [3, 3, 3, 1],
    expectation:
      'four pages walking back from the latest message, prev equal to next on each but the last: the client sends no direction or before, and collects every message once',
  }),
  defineClientScenario({
    id: 'client.pagination/ends-after-one-item',
    title: 'A list of exactly one item: one request',
    level: 'must',
    rules: ['CLIENT-GEN-6'],
    list: 'role',
    pages: [1],
    expectation: 'one page of one item without next: the client makes exactly one request',
  }),
  defineClientScenario({
    id: 'client.pagination/never-ending-token-not-repeated',
    title: 'A server that hands out the same next forever: the client does not send a token twice',
    level: 'should',
    rules: ['CLIENT-GEN-6'],
    list: 'reaction',
    pages: [1, 1],
    neverEnds: true,
    expectation:
      'every page carries the same next (a server defect): a client with a loop guard stops instead of requesting that token a second time',
  }),
];
