// DEFECT: stops only when next is absent, so `next: null` is sent back as if it were a token.
import { fetchPage, idOf, report } from './_protocol.mjs';

const ids = [];
let page = await fetchPage();
for (let requests = 1; requests < 10; requests++) {
  ids.push(...page.data.map(idOf));
  if (!('next' in page)) break;
  page = await fetchPage({ next: page.next });
}
report(ids);
