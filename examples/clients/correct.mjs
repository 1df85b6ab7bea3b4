// A correct client: follows `next` while present, passes it back verbatim, never sends a token twice.
import { fetchPage, idOf, report } from './_protocol.mjs';

const ids = [];
const sent = new Set();
let page = await fetchPage();
for (;;) {
  ids.push(...page.data.map(idOf));
  // §1 rule 6: more data exists while next is present, whatever the length of data.
  if (page.next == null || sent.has(page.next)) break;
  sent.add(page.next);
  page = await fetchPage({ next: page.next });
}
report(ids);
