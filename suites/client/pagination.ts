/**
 * Client-mode pagination scenarios (`conformance client`): the checker serves these pages and judges the
 * client by its requests. §1 rule 6 / §4.1 rule 6: "A client decides whether more data exists from the
 * presence of prev or next. It must not use the length of data." Every page is valid: an honest server
 * may send each of them.
 *
 * Each shape is defined once and served on every list a client may walk (`onEveryList`): scenario id
 * `client.<operation>/<shape>`. Page sizes follow the `limit` the client itself sends (model.ts PageSize),
 * so a client asking for 1 or 2 items gets pages shorter than its own limit too.
 */
import { defineClientScenario, onEveryList } from '../../src/client-mode/model.js';
import { tr } from '../../src/i18n/index.js';

export default [
  ...onEveryList([
    {
      shape: 'short-page-with-next-continues',
      title: 'Pages shorter than the limit that carry next: the client continues',
      level: 'must',
      rules: ['CLIENT-GEN-6'],
      pages: ['short', 'short', 1],
      expectation: () =>
        tr`two pages one item short of the limit the client sent (50 when it sends none), each with next, then a last page of 1: the client follows each next and stops after the third`,
    },
    {
      shape: 'empty-page-with-next-continues',
      title: 'An empty page that carries next: the client continues',
      level: 'must',
      rules: ['CLIENT-GEN-6'],
      pages: [2, 0, 2],
      expectation: () =>
        tr`a page of 2 items (fewer when the client asks for fewer), an empty page with next, a last page: the client reaches the last page`,
    },
    {
      shape: 'empty-first-page-with-next-continues',
      title: 'An empty first page that carries next: the client continues',
      level: 'must',
      rules: ['CLIENT-GEN-6'],
      pages: [0, 2],
      expectation: () =>
        tr`the first page is empty but carries next: the client follows it to the page of items`,
    },
    {
      shape: 'full-page-without-next-stops',
      claimsAbsence: true,
      title: 'A full page without next: the client stops, with no further request',
      level: 'must',
      rules: ['CLIENT-GEN-6'],
      pages: ['limit', 'limit'],
      expectation: () =>
        tr`two pages of exactly the limit the client sent (50 when it sends none), the second without next: the client makes no third request`,
    },
    {
      shape: 'null-next-stops',
      claimsAbsence: true,
      title: 'next: null ends the list',
      level: 'must',
      rules: ['CLIENT-GEN-6'],
      pages: [3, 3],
      end: 'null',
      expectation: () =>
        tr`a page with next, then a page with \`next: null\` (and \`prev: null\` on message.list): the client stops there (null is not a token)`,
    },
    {
      shape: 'opaque-token-passed-verbatim',
      title: 'Opaque tokens that are not item ids are passed back verbatim',
      level: 'must',
      rules: ['CLIENT-GEN-6'],
      pages: [2, 2, 1],
      tokens: ['opaque:k9/+=~ é\u00a0"quoted"', 'b3BhcXVl#?&%2F%20 end '],
      expectation: () =>
        tr`tokens with slashes, plus signs, quotes, percent signs, non-ASCII and edge spaces: the client sends each back byte for byte`,
    },
    {
      shape: 'ends-after-one-item',
      claimsAbsence: true,
      title: 'A list of exactly one item: one request',
      level: 'must',
      rules: ['CLIENT-GEN-6'],
      pages: [1],
      expectation: () => tr`one page of one item without next: the client makes exactly one request`,
    },
    {
      shape: 'never-ending-token-not-repeated',
      // A client that never followed next could not send it twice: only one that did shows the guard.
      claimsAbsence: 'follows-next',
      title: 'A server that hands out the same next forever: the client does not send a token twice',
      level: 'should',
      rules: ['CLIENT-GEN-6'],
      pages: [1, 1],
      neverEnds: true,
      expectation: () =>
        tr`every page carries the same next (a server defect): a client with a loop guard stops instead of requesting that token a second time`,
    },
  ]),
  defineClientScenario({
    id: 'client.message.list/limit-above-bound-answered-short',
    title:
      'A limit above the bound answered with fewer messages and no error: the client neither fails nor retries',
    level: 'must',
    rules: ['CLIENT-MSG-LIST-6'],
    list: 'message',
    pages: [2, 2, 1],
    expectation: () =>
      tr`a server whose bound is 2 (§4.1 rule 5: the bound is used, no error): pages of 2, 2, 1 messages; the client follows next once per page, never repeating a request`,
  }),
  defineClientScenario({
    id: 'client.message.list/walks-before-with-equal-prev-next',
    title: 'message.list walks from the latest message in before order, prev and next equal',
    level: 'must',
    rules: ['CLIENT-MSG-LIST-6', 'CLIENT-GEN-6'],
    list: 'message',
    pages: [3, 3, 3, 1],
    expectation: () =>
      tr`four pages walking back from the latest message, prev equal to next on each but the last: the client sends no direction or before, and collects every message once`,
  }),
];
