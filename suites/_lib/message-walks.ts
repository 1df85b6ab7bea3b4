/**
 * Helpers shared by the message.list pagination suites (pagination-defaults.ts, pagination.ts): the
 * page size of their walks and the ascending-order assertion (§4.1 rule 3).
 */
import type { CheckContext } from '../../src/runner/check.js';
import { createdAtDecrease, inRelativeOrder, type MessagePage, messageIdsOf } from './messages.js';

/** Page size of the walks: small, so that a few messages make several pages. */
export const WALK_LIMIT = 2;

/** The created ids present on a page, in page order. */
const mineOn = (page: MessagePage, created: readonly string[]): string[] =>
  messageIdsOf(page).filter((id) => created.includes(id));

/**
 * Asserts a page is in ascending order (§4.1 rule 3): the check's own messages in creation order, and
 * created_at never decreasing where present. Returns how many of the check's messages were on the page.
 */
export function expectAscending(
  t: CheckContext,
  page: MessagePage,
  created: readonly string[],
  what: string,
): number {
  const mine = mineOn(page, created);
  t.expect(
    inRelativeOrder(
      mine,
      [...mine].sort((a, b) => created.indexOf(a) - created.indexOf(b)),
    ),
    `${what}: the messages this check created one after the other are listed oldest first (order asc)`,
    `listed as ${mine.map((id) => `#${created.indexOf(id) + 1}`).join(', ')}`,
  );
  const decrease = createdAtDecrease(page.data);
  t.expect(
    decrease === undefined,
    `${what}: created_at never decreases along the page (order asc)`,
    decrease,
  );
  return mine.length;
}
