// DEFECT: builds the next token from the last item's id instead of passing the server's next back.
import { fetchPage, idOf, report } from './_protocol.mjs';

const ids = [];
let page = await fetchPage();
for (;;) {
  ids.push(...page.data.map(idOf));
  if (page.next == null || page.data.length === 0) break;
  page = await fetchPage({ next: idOf(page.data.at(-1)) });
}
report(ids);
