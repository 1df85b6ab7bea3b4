// DEFECT (should level): follows next correctly but has no loop guard, so a server that repeats a token
// keeps it requesting forever (`conformance client` ends such a loop with an end page).
import { fetchPage, idOf, report } from './_protocol.mjs';

const ids = [];
let page = await fetchPage();
for (;;) {
  ids.push(...page.data.map(idOf));
  if (page.next == null) break;
  page = await fetchPage({ next: page.next });
}
report(ids);
