// A generated pagination client (scripts/faults/client-archetypes.ts): one program whose habits come from
// its arguments, `key=value` each, so that a seed composes a client with known behaviour:
//   end=markers|short-page|empty-page|full-page   more data while: next is present (§1 rule 6); next is
//                present and the page is full; next is present and the page has items; next is present or
//                the page is full (then it asks again without next)
//   token=verbatim|from-last-id|trimmed   the next request's token: the server's next as given; the last
//                item's id; the server's next with its edge spaces trimmed
//   guard=yes|no  a loop guard: never send a token twice
//   limit=none|N  the limit it sends (none: the server's default)
// It drains CONFORMANCE_LIST (at most 20 requests) and prints the ids it collected.
import { fetchPage, idOf, report } from '../_protocol.mjs';

const habits = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split(/=(.*)/s).slice(0, 2)));
const limit = habits.limit && habits.limit !== 'none' ? Number(habits.limit) : undefined;
const pageLimit = limit ?? 50;
const withLimit = (fields) => (limit === undefined ? fields : { ...fields, limit });

const more = (page) => {
  const marked = page.next != null;
  if (habits.end === 'short-page') return marked && page.data.length >= pageLimit;
  if (habits.end === 'empty-page') return marked && page.data.length > 0;
  if (habits.end === 'full-page') return marked || page.data.length >= pageLimit;
  return marked;
};

const tokenAfter = (page) => {
  if (page.next == null) return undefined;
  if (habits.token === 'from-last-id') return page.data.length ? idOf(page.data.at(-1)) : undefined;
  if (habits.token === 'trimmed') return page.next.trim();
  return page.next;
};

const ids = [];
const sent = new Set();
let page = await fetchPage(withLimit({}));
for (let requests = 1; requests < 20; requests++) {
  ids.push(...page.data.map(idOf));
  if (!more(page)) break;
  const token = tokenAfter(page);
  if (token !== undefined && habits.guard === 'yes' && sent.has(token)) break;
  if (token !== undefined) sent.add(token);
  // With no token to send (no next, or no item to take an id from), a length-driven client asks again.
  if (token === undefined && habits.token === 'from-last-id' && page.next != null) break;
  page = await fetchPage(withLimit(token === undefined ? {} : { next: token }));
}
report(ids);
