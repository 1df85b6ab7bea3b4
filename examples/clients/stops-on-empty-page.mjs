// DEFECT: treats an empty page as the end, although it carries next.
import { fetchPage, idOf, report } from './_protocol.mjs';

const ids = [];
const sent = new Set();
let page = await fetchPage();
for (;;) {
  ids.push(...page.data.map(idOf));
  if (page.data.length === 0 || page.next == null || sent.has(page.next)) break;
  sent.add(page.next);
  page = await fetchPage({ next: page.next });
}
report(ids);
