// DEFECT: ignores the end signal and pages until the server returns an empty page.
import { fetchPage, idOf, report } from './_protocol.mjs';

const ids = [];
let page = await fetchPage();
for (let requests = 1; page.data.length > 0 && requests < 10; requests++) {
  ids.push(...page.data.map(idOf));
  page = await fetchPage(page.next == null ? {} : { next: page.next });
}
report(ids);
