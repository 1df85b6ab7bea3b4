// DEFECT: a full page means "there is more" to it, so it asks again after a full page without next.
import { fetchPage, idOf, report } from './_protocol.mjs';

const LIMIT = 50;
const ids = [];
let page = await fetchPage({ limit: LIMIT });
for (let requests = 1; requests < 10; requests++) {
  ids.push(...page.data.map(idOf));
  if (page.next == null && page.data.length < LIMIT) break;
  page = await fetchPage(page.next == null ? { limit: LIMIT } : { next: page.next, limit: LIMIT });
}
report(ids);
