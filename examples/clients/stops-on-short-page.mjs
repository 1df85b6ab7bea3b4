// DEFECT: stops when a page is shorter than the page size it assumes, although the page carries next.
import { fetchPage, idOf, report } from './_protocol.mjs';

const PAGE_SIZE = 50;
const ids = [];
let page = await fetchPage();
for (;;) {
  ids.push(...page.data.map(idOf));
  if (!page.next || page.data.length < PAGE_SIZE) break;
  page = await fetchPage({ next: page.next });
}
report(ids);
