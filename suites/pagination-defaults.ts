/**
 * message.list defaults and limits (§4.1 rules 1-5, §7 rule 1, §8 rule 1): what a query without next,
 * direction, order or limit returns, and how a limit is honoured or clamped. The walks and their end
 * markers are in pagination.ts. The checks create the messages they reason about (tracked) and recognise
 * them by id, so other messages in the sandbox channel never decide a verdict.
 */
import { shown } from '../spec/brief.js';
import { tr } from '../src/i18n/index.js';
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import { statusOf } from './_lib/lists.js';
import {
  expectAscending,
  firstTwoPages,
  messagesToRead,
  quietPage,
  WALK_LIMIT,
} from './_lib/message-walks.js';
import {
  judgeMessagePage,
  limitBoundOf,
  listMessages,
  type MessagePage,
  messageIdsOf,
} from './_lib/messages.js';
import { hasMore } from './_lib/paginate.js';
import { requestOnce } from './_lib/served.js';

/** §4.1 rule 4, §8 rule 1: the recommended default page size. */
const RECOMMENDED_DEFAULT_LIMIT = 50;
/**
 * A default page holding a whole history longer than this is taken as unbounded: twice the recommended
 * default leaves room for platform defaults while still catching "no default at all".
 */
const UNBOUNDED_PAGE = 2 * RECOMMENDED_DEFAULT_LIMIT;

const sameIds = (a: MessagePage, b: MessagePage): boolean =>
  JSON.stringify(messageIdsOf(a)) === JSON.stringify(messageIdsOf(b));

/** The first page of a walk towards the past with WALK_LIMIT, and its next token (asserted present). */
async function tokenTowardsThePast(
  t: CheckContext,
  what: string,
  read?: MessagePage,
): Promise<string | undefined> {
  const first = read ?? (await listMessages(t, { direction: 'before', limit: WALK_LIMIT }, what));
  if (first.data.length > WALK_LIMIT) {
    // All of a small channel on one page: no older page to go to (the limit is judged by
    // message.list/small-limit-is-honoured, not here).
    t.note(
      tr`${what}: ${first.data.length} messages on a page of limit ${WALK_LIMIT}, no older page: the token part is not judged`,
    );
    return undefined;
  }
  t.expect(
    hasMore(first, 'next'),
    tr`${what}: the latest page carries next while older messages exist (§1 rule 6)`,
    `next: ${shown(first.next)}`,
  );
  return first.next as string;
}

const checks: CheckSpec[] = [
  // §4.1 message.list "Returns a bidirectional paginated list of Message objects. Required resource: user."
  defineCheck({
    id: 'message.list/returns-bidirectional-list',
    title:
      'message.list returns {data, prev, next}: valid Messages carrying user, and a middle page carries both markers',
    level: 'must',
    rules: ['MSG-LIST-0', 'GEN-5', 'GEN-4', 'RES-MESSAGE'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      // Five messages make a middle page (limit 2): newer and older data both exist around it.
      await messagesToRead(t, 5, 'bidi');
      const [first, middle] = await firstTwoPages(t);
      first.data.forEach((message, index) => {
        t.expectSchema('Message', message, tr`message.list item ${index + 1}`);
        t.expect(
          message.user !== undefined,
          tr`message.list item ${index + 1} carries user (the required resource of message.list)`,
          message,
        );
        t.expectSchema('User', message.user, tr`message.list item ${index + 1} user`);
      });
      if (first.data.length > WALK_LIMIT) {
        // The limit is judged by message.list/small-limit-is-honoured: no middle page to judge here.
        t.note(
          tr`page 1 holds ${first.data.length} messages at limit ${WALK_LIMIT}: the middle page is not judged`,
        );
        return;
      }
      t.expect(hasMore(first, 'next'), tr`page 1 of 5+ messages (limit 2) carries next`, first.next);
      t.expect(
        middle !== undefined && hasMore(middle, 'prev') && hasMore(middle, 'next'),
        tr`a middle page (messages exist on both sides) carries both prev and next: the list is bidirectional (§1 rule 5)`,
        `prev: ${shown(middle?.prev)}, next: ${shown(middle?.next)}`,
      );
    },
  }),

  // §4.1 rule 1: next defaults to null, the query then starts from the latest message.
  defineCheck({
    id: 'message.list/no-next-starts-from-latest',
    title:
      'message.list without next starts from the latest message: the newest message is on the first page, last',
    level: 'must',
    rules: ['MSG-LIST-1'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      // A page smaller than the channel (limit 2 of 3): the quiet channel holds few messages, and a page
      // holding all of them would look the same from either end.
      const created = await messagesToRead(t, 3, 'latest');
      const newest = created[created.length - 1];
      const page = await quietPage(t, { limit: WALK_LIMIT }, tr`message.list without next, limit 2`);
      const ids = messageIdsOf(page);
      const at = ids.indexOf(newest);
      t.expect(
        at >= 0,
        tr`the first page of message.list without next holds the message just created (${newest})`,
        tr`${ids.length} message(s), not including it`,
      );
      t.expect(
        at === ids.length - 1,
        tr`the newest message (${newest}) is the last item of the first page (order asc)`,
        tr`at position ${at + 1} of ${ids.length}, followed by ${ids.slice(at + 1).join(', ')}`,
      );
    },
  }),

  // §4.1 rule 2: direction defaults to before.
  defineCheck({
    id: 'message.list/direction-defaults-to-before',
    title:
      "message.list without direction lists the same page as direction 'before', from the latest and from a token",
    level: 'must',
    rules: ['MSG-LIST-2'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const created = await messagesToRead(t, 3, 'direction');
      const newest = created[created.length - 1];
      // Limit 2 of 3: a first page from the wrong end would miss the newest message.
      const plain = await quietPage(t, { limit: WALK_LIMIT }, tr`message.list without direction`);
      // Pages 1 and 2 of direction 'before' (limit 2): the quiet channel's walk where the run has one.
      const [before, second] = await firstTwoPages(t);
      t.expect(
        sameIds(plain, before),
        tr`without direction, the first page equals the page of direction 'before'`,
        tr`without: ${messageIdsOf(plain).join(', ')}; before: ${messageIdsOf(before).join(', ')}`,
      );
      t.expect(
        messageIdsOf(plain).includes(newest),
        tr`without direction, the first page is at the latest end (holds ${newest}, just created)`,
        messageIdsOf(plain).join(', '),
      );
      // From a token: the default direction applies to every request, not only the first.
      const token = await tokenTowardsThePast(t, "message.list direction 'before', limit 2", before);
      if (token === undefined) return;
      const tokenPlain = await quietPage(t, { limit: WALK_LIMIT, next: token }, 'message.list next=token');
      const tokenBefore =
        second ??
        (await listMessages(
          t,
          { limit: WALK_LIMIT, next: token, direction: 'before' },
          "message.list next=token direction 'before'",
        ));
      t.expect(
        sameIds(tokenPlain, tokenBefore),
        tr`with a next token and no direction, the page equals the page of direction 'before'`,
        tr`without: ${messageIdsOf(tokenPlain).join(', ')}; before: ${messageIdsOf(tokenBefore).join(', ')}`,
      );
    },
  }),

  // §4.1 rule 3: order defaults to asc, regardless of query direction.
  defineCheck({
    id: 'message.list/order-defaults-to-asc',
    title:
      "message.list without order lists oldest first, with direction absent, 'before' and (if accepted) 'after'",
    level: 'must',
    rules: ['MSG-LIST-3'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const created = await messagesToRead(t, 4, 'order');
      const plain = await listMessages(t, { limit: 10 }, tr`message.list without order`);
      t.expect(
        expectAscending(t, plain, created, tr`message.list without order`) === created.length,
        tr`the first page (limit 10) holds the ${created.length} messages just created`,
        messageIdsOf(plain).join(', '),
      );
      const before = await listMessages(
        t,
        { limit: 10, direction: 'before' },
        "message.list direction 'before'",
      );
      expectAscending(t, before, created, tr`message.list direction 'before' without order`);

      // 'after' is a de-facto value (the spec shows only 'before'): checked when the server accepts it.
      const [first, second] = await firstTwoPages(t);
      const token = await tokenTowardsThePast(t, "message.list direction 'before', limit 2", first);
      if (token === undefined) return;
      const pastPage =
        second ??
        (await listMessages(
          t,
          { direction: 'before', limit: WALK_LIMIT, next: token },
          tr`message.list direction 'before', page 2`,
        ));
      const afterFields = { direction: 'after', limit: 3, next: pastPage.next ?? token };
      const after = await t.call('message.list', { channel_id: t.sandbox.channelId, ...afterFields });
      if (!after.ok) {
        t.note(tr`direction 'after' is refused (${statusOf(after)}): order checked with 'before' only`);
        return;
      }
      // The answer just read is the page judged: not asked for again.
      const afterPage = judgeMessagePage(t, after, tr`message.list direction 'after' without order`);
      const judged = expectAscending(t, afterPage, created, tr`message.list direction 'after' without order`);
      const withDates = afterPage.data.filter((message) => typeof message.created_at === 'number').length;
      if (judged < 2 && withDates < 2) {
        t.note(tr`direction 'after' page: too few recognisable messages to judge its order`);
      }
    },
  }),

  // §4.1 rule 4, §8 rule 1: the default limit is the platform default (recommended 50).
  defineCheck({
    id: 'message.list/default-limit',
    title:
      'Without limit, message.list returns a bounded default page (recommended 50, at most the bound), not the whole history',
    level: 'should',
    rules: ['MSG-LIST-4'],
    operations: ['message.list'],
    async run(t: CheckContext) {
      // The run's one complete request of message.list (the read's probe and refusal control send it too).
      const page = judgeMessagePage(
        t,
        await requestOnce(t, 'message.list', { channel_id: t.sandbox.channelId }),
        tr`message.list without limit`,
      );
      const size = page.data.length;
      const more = hasMore(page, 'next');
      t.note(
        more
          ? tr`default page size: ${size} message(s), next present`
          : tr`default page size: ${size} message(s), next absent`,
      );
      if (!more && size <= RECOMMENDED_DEFAULT_LIMIT) {
        t.skip(
          tr`the sandbox channel holds only ${size} message(s): a default page size cannot be observed with ${RECOMMENDED_DEFAULT_LIMIT} or fewer; use a channel with more history (--channel)`,
        );
      }
      const bound = limitBoundOf(t);
      if (bound !== undefined) {
        t.expect(
          size <= bound,
          tr`the default page is not larger than the upper bound of limit (${bound})`,
          tr`${size} message(s)`,
        );
      }
      t.expect(
        more || size <= UNBOUNDED_PAGE,
        tr`without limit, message.list returns a default page, not the whole history (${size} messages, no next)`,
        tr`${size} message(s) and no next marker`,
      );
      if (size !== RECOMMENDED_DEFAULT_LIMIT) {
        t.note(tr`the default page size ${size} differs from the recommended 50 (a platform default may)`);
      }
    },
  }),

  // §4.1 rule 5, §7 rule 1, §8 rule 1: a limit above the bound is clamped, no error.
  defineCheck({
    id: 'message.list/limit-above-bound-is-clamped',
    title: 'message.list with limit above the bound (bound+1, 1000, 2^31) answers 2xx with at most the bound',
    level: 'must',
    rules: ['MSG-LIST-5'],
    operations: ['message.list'],
    async run(t: CheckContext) {
      const bound = limitBoundOf(t);
      const limits = [...(bound === undefined ? [] : [bound + 1]), 1000, 2 ** 31];
      const sizes: string[] = [];
      let clampSeen = false;
      for (const limit of limits) {
        const page = await listMessages(t, { limit }, `message.list limit ${limit}`);
        sizes.push(`limit ${limit} → ${page.data.length}`);
        // More data exists beyond a page smaller than the limit: the server cut it, which is the clamp.
        if (hasMore(page, 'next') && page.data.length < limit) clampSeen = true;
        if (bound !== undefined) {
          t.expect(
            page.data.length <= bound,
            tr`message.list with limit ${limit} returns at most the upper bound ${bound} (clamped)`,
            tr`${page.data.length} message(s)`,
          );
        }
      }
      t.note(tr`page sizes: ${sizes.join('; ')}`);
      if (!clampSeen) {
        t.undecided(
          tr`no page above the bound carried next: the sandbox channel ${t.sandbox.channelId} shows no more messages than one page holds (${sizes.join('; ')}), so no clamp could be observed`,
          bound === undefined
            ? tr`use a sandbox channel with more messages than the bound (--channel)`
            : tr`use a sandbox channel with more messages than the bound (${bound}) (--channel)`,
        );
      }
      if (bound === undefined)
        t.note(tr`upper bound unknown (--limit-bound): the clamp is judged by the next marker only`);
    },
  }),

  defineCheck({
    id: 'message.list/small-limit-is-honoured',
    title: 'message.list with limit 3 (and 1) returns at most that many messages',
    level: 'must',
    rules: ['MSG-LIST-LIMIT'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const created = await messagesToRead(t, 4, 'limit');
      const latest = created[created.length - 1];
      for (const limit of [3, 1]) {
        // 'before' named, so the latest page is asked for whatever the default direction (judged apart).
        const page = await listMessages(
          t,
          { limit, direction: 'before' },
          `message.list limit ${limit}, direction 'before'`,
        );
        t.expect(
          page.data.length <= limit,
          tr`message.list with limit ${limit} returns at most ${limit} message(s)`,
          tr`${page.data.length} message(s)`,
        );
        // A limit is honoured by a page of messages, not by an empty one: the latest page holds the latest.
        t.expect(
          messageIdsOf(page).includes(latest),
          tr`message.list with limit ${limit} lists the latest message created (${latest}) on the latest page`,
          messageIdsOf(page).join(', ') || tr`an empty page`,
        );
      }
    },
  }),
];

export default defineSuite('pagination', checks);
