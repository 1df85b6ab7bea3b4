/**
 * message.list pagination (§4.1 rules 1-6, §1 rules 5-6, §7 rule 1, §8 rule 1). The checks create the
 * messages they reason about (tracked) and recognise them by id, so other messages in the sandbox
 * channel (history, other checks) never decide a verdict. Walks use the checker's paginator, which
 * follows markers only: the length of a page is never an end signal.
 */
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import { idOf, type ListOperation, listAll, statusOf, userIdOf } from './_lib/lists.js';
import {
  chronologicalIds,
  createdAtDecrease,
  createMessages,
  createScratchChannel,
  duplicatesOf,
  inRelativeOrder,
  limitBoundOf,
  listMessages,
  type MessageItem,
  type MessagePage,
  messageIdsOf,
  walkMessages,
} from './_lib/messages.js';
import { hasMore } from './_lib/paginate.js';

/** §4.1 rule 4, §8 rule 1: the recommended default page size. */
const RECOMMENDED_DEFAULT_LIMIT = 50;
/**
 * A default page holding a whole history longer than this is taken as unbounded: twice the recommended
 * default leaves room for platform defaults while still catching "no default at all".
 */
const UNBOUNDED_PAGE = 2 * RECOMMENDED_DEFAULT_LIMIT;
/** Page size of the walks: small, so that a few messages make several pages. */
const WALK_LIMIT = 2;

const sameIds = (a: MessagePage, b: MessagePage): boolean =>
  JSON.stringify(messageIdsOf(a)) === JSON.stringify(messageIdsOf(b));

/** The created ids present on a page, in page order. */
const mineOn = (page: MessagePage, created: readonly string[]): string[] =>
  messageIdsOf(page).filter((id) => created.includes(id));

/**
 * Asserts a page is in ascending order (§4.1 rule 3): the check's own messages in creation order, and
 * created_at never decreasing where present. Returns how many of the check's messages were on the page.
 */
function expectAscending(
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

/** The first page of a walk towards the past with WALK_LIMIT, and its next token (asserted present). */
async function tokenTowardsThePast(t: CheckContext, what: string): Promise<string> {
  const first = await listMessages(t, { direction: 'before', limit: WALK_LIMIT }, what);
  t.expect(
    hasMore(first, 'next'),
    `${what}: the latest page carries next while older messages exist (§1 rule 6)`,
    `next: ${JSON.stringify(first.next)}`,
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
    async run(t: CheckContext) {
      // Five messages make a middle page (limit 2): newer and older data both exist around it.
      await createMessages(t, 5, 'bidi');
      const first = await listMessages(t, { direction: 'before', limit: WALK_LIMIT }, 'message.list page 1');
      first.data.forEach((message, index) => {
        t.expectSchema('Message', message, `message.list item ${index + 1}`);
        t.expect(
          message.user !== undefined,
          `message.list item ${index + 1} carries user (the required resource of message.list)`,
          message,
        );
        t.expectSchema('User', message.user, `message.list item ${index + 1} user`);
      });
      t.expect(hasMore(first, 'next'), 'page 1 of 5+ messages (limit 2) carries next', first.next);
      const middle = await listMessages(
        t,
        { direction: 'before', limit: WALK_LIMIT, next: first.next },
        'message.list page 2',
      );
      t.expect(
        hasMore(middle, 'prev') && hasMore(middle, 'next'),
        'a middle page (messages exist on both sides) carries both prev and next: the list is bidirectional (§1 rule 5)',
        `prev: ${JSON.stringify(middle.prev)}, next: ${JSON.stringify(middle.next)}`,
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
    // Alone: a message another check creates meanwhile would be the latest instead.
    exclusive: true,
    async run(t: CheckContext) {
      const created = await createMessages(t, 2, 'latest');
      const newest = created[created.length - 1];
      const page = await listMessages(t, {}, 'message.list without next');
      const ids = messageIdsOf(page);
      const at = ids.indexOf(newest);
      t.expect(
        at >= 0,
        `the first page of message.list without next holds the message just created (${newest})`,
        `${ids.length} message(s), not including it`,
      );
      t.expect(
        at === ids.length - 1,
        `the newest message (${newest}) is the last item of the first page (order asc)`,
        `at position ${at + 1} of ${ids.length}, followed by ${ids.slice(at + 1).join(', ')}`,
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
    // Alone: the latest page must not change between the requests it compares.
    exclusive: true,
    async run(t: CheckContext) {
      const created = await createMessages(t, 3, 'direction');
      const newest = created[created.length - 1];
      const plain = await listMessages(t, { limit: 5 }, 'message.list without direction');
      const before = await listMessages(
        t,
        { limit: 5, direction: 'before' },
        "message.list direction 'before'",
      );
      t.expect(
        sameIds(plain, before),
        "without direction, the first page equals the page of direction 'before'",
        `without: ${messageIdsOf(plain).join(', ')}; before: ${messageIdsOf(before).join(', ')}`,
      );
      t.expect(
        messageIdsOf(plain).includes(newest),
        `without direction, the first page is at the latest end (holds ${newest}, just created)`,
        messageIdsOf(plain).join(', '),
      );
      // From a token: the default direction applies to every request, not only the first.
      const token = await tokenTowardsThePast(t, "message.list direction 'before', limit 2");
      const tokenPlain = await listMessages(t, { limit: WALK_LIMIT, next: token }, 'message.list next=token');
      const tokenBefore = await listMessages(
        t,
        { limit: WALK_LIMIT, next: token, direction: 'before' },
        "message.list next=token direction 'before'",
      );
      t.expect(
        sameIds(tokenPlain, tokenBefore),
        "with a next token and no direction, the page equals the page of direction 'before'",
        `without: ${messageIdsOf(tokenPlain).join(', ')}; before: ${messageIdsOf(tokenBefore).join(', ')}`,
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
    // Alone: the check's messages must stay the latest ones while it reads them.
    exclusive: true,
    async run(t: CheckContext) {
      const created = await createMessages(t, 4, 'order');
      const plain = await listMessages(t, { limit: 10 }, 'message.list without order');
      t.expect(
        expectAscending(t, plain, created, 'message.list without order') === created.length,
        'the first page (limit 10) holds the 4 messages just created',
        messageIdsOf(plain).join(', '),
      );
      const before = await listMessages(
        t,
        { limit: 10, direction: 'before' },
        "message.list direction 'before'",
      );
      expectAscending(t, before, created, "message.list direction 'before' without order");

      // 'after' is a de-facto value (the spec shows only 'before'): checked when the server accepts it.
      const token = await tokenTowardsThePast(t, "message.list direction 'before', limit 2");
      const pastPage = await listMessages(
        t,
        { direction: 'before', limit: WALK_LIMIT, next: token },
        "message.list direction 'before', page 2",
      );
      const afterFields = { direction: 'after', limit: 3, next: pastPage.next ?? token };
      const after = await t.call('message.list', { channel_id: t.sandbox.channelId, ...afterFields });
      if (!after.ok) {
        t.note(`direction 'after' is refused (${statusOf(after)}): order checked with 'before' only`);
        return;
      }
      const afterPage = await listMessages(t, afterFields, "message.list direction 'after' without order");
      const judged = expectAscending(t, afterPage, created, "message.list direction 'after' without order");
      const withDates = afterPage.data.filter((message) => typeof message.created_at === 'number').length;
      if (judged < 2 && withDates < 2) {
        t.note("direction 'after' page: too few recognisable messages to judge its order");
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
      const page = await listMessages(t, {}, 'message.list without limit');
      const size = page.data.length;
      const more = hasMore(page, 'next');
      t.note(`default page size: ${size} message(s), next ${more ? 'present' : 'absent'}`);
      if (!more && size <= RECOMMENDED_DEFAULT_LIMIT) {
        t.skip(
          `the sandbox channel holds only ${size} message(s): a default page size cannot be observed with ` +
            `${RECOMMENDED_DEFAULT_LIMIT} or fewer; use a channel with more history (--channel)`,
        );
      }
      const bound = limitBoundOf(t);
      if (bound !== undefined) {
        t.expect(
          size <= bound,
          `the default page is not larger than the upper bound of limit (${bound})`,
          `${size} message(s)`,
        );
      }
      t.expect(
        more || size <= UNBOUNDED_PAGE,
        `without limit, message.list returns a default page, not the whole history (${size} messages, no next)`,
        `${size} message(s) and no next marker`,
      );
      if (size !== RECOMMENDED_DEFAULT_LIMIT) {
        t.note(`the default page size ${size} differs from the recommended 50 (a platform default may)`);
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
      for (const limit of limits) {
        const page = await listMessages(t, { limit }, `message.list limit ${limit}`);
        sizes.push(`limit ${limit} → ${page.data.length}`);
        if (bound !== undefined) {
          t.expect(
            page.data.length <= bound,
            `message.list with limit ${limit} returns at most the upper bound ${bound} (clamped)`,
            `${page.data.length} message(s)`,
          );
        }
      }
      t.note(`page sizes: ${sizes.join('; ')}`);
      if (bound === undefined)
        t.note('upper bound unknown (--limit-bound): only the absence of an error is checked');
    },
  }),

  defineCheck({
    id: 'message.list/small-limit-is-honoured',
    title: 'message.list with limit 3 (and 1) returns at most that many messages',
    level: 'must',
    rules: ['MSG-LIST-LIMIT'],
    operations: ['message.create', 'message.list'],
    async run(t: CheckContext) {
      await createMessages(t, 4, 'limit');
      for (const limit of [3, 1]) {
        const page = await listMessages(t, { limit }, `message.list limit ${limit}`);
        t.expect(
          page.data.length <= limit,
          `message.list with limit ${limit} returns at most ${limit} message(s)`,
          `${page.data.length} message(s)`,
        );
      }
    },
  }),

  // §4.1 rule 6, §1 rule 6: following next reaches every message, once, in order.
  defineCheck({
    id: 'message.list/next-walk-visits-every-created-message',
    title:
      'Following next (limit 2, before) from the latest visits 7 new messages once each, in order, no gap',
    level: 'must',
    rules: ['MSG-LIST-6', 'GEN-6'],
    operations: ['message.create', 'message.list'],
    // Alone: a message another check posts between the created ones would hide a skipped one.
    exclusive: true,
    async run(t: CheckContext) {
      const created = await createMessages(t, 7, 'walk');
      const oldest = created[0];
      const walked = await walkMessages(t, { direction: 'before', limit: WALK_LIMIT }, 'message.list walk', {
        until: (pages) => pages.some((page) => messageIdsOf(page).includes(oldest)),
      });
      const chronological = chronologicalIds(walked.pages);
      const missing = created.filter((id) => !chronological.includes(id));
      t.expect(
        missing.length === 0,
        'following next reaches every message created (next stays present while more data exists)',
        `after ${walked.pages.length} page(s) next was absent; never listed: ${missing.join(', ')}`,
      );
      const duplicates = duplicatesOf(chronological);
      t.expect(duplicates.length === 0, 'the walk lists no message twice', duplicates.join('; '));
      t.expect(
        inRelativeOrder(chronological, created),
        'the walk lists the messages in the order they were created (pages newest first, each page oldest first)',
        chronological.filter((id) => created.includes(id)).map((id) => `#${created.indexOf(id) + 1}`),
      );
    },
  }),

  // §1 rule 6, §4.1 rule 6: markers are present while more data exists, whatever the page length. A marker
  // missing while data remains loses data (must); a marker on the last page is judged apart (should).
  defineCheck({
    id: 'message.list/markers-absent-exactly-at-the-end',
    title:
      'In a fresh channel, the walk to the end lists every message once and next is present on a full page before the end',
    level: 'must',
    rules: ['GEN-6', 'MSG-LIST-6'],
    operations: ['channel.create', 'message.create', 'message.list', 'channel.delete'],
    async run(t: CheckContext) {
      const channelId = await createScratchChannel(t, 'pagination');
      const created = await createMessages(t, 5, 'end', channelId);
      const walked = await walkMessages(t, { direction: 'before', limit: WALK_LIMIT }, 'message.list walk', {
        channelId,
      });
      const ids = chronologicalIds(walked.pages);
      const duplicates = duplicatesOf(ids);
      t.expect(duplicates.length === 0, 'the walk lists no message twice', duplicates.join('; '));
      const missing = created.filter((id) => !ids.includes(id));
      t.expect(
        missing.length === 0,
        'the walk to the end lists every message of the channel',
        missing.join(', '),
      );
      // The channel may hold more than the check's messages (e.g. a platform's "channel created" notice).
      const total = ids.length;
      const allButOne = await listMessages(
        t,
        { direction: 'before', limit: total - 1 },
        `message.list limit ${total - 1}`,
        channelId,
      );
      t.expect(
        hasMore(allButOne, 'next'),
        `a page of limit ${total - 1} in a channel of ${total} messages carries next (one older message remains)`,
        `${allButOne.data.length} message(s), next: ${JSON.stringify(allButOne.next)}`,
      );
    },
  }),

  defineCheck({
    id: 'message.list/no-next-on-the-last-page',
    title:
      'In a fresh channel, the last page carries no next: not a full page holding the whole channel, and no walk ends on an empty page',
    level: 'should',
    rules: ['GEN-6', 'MSG-LIST-6'],
    operations: ['channel.create', 'message.create', 'message.list', 'channel.delete'],
    async run(t: CheckContext) {
      const channelId = await createScratchChannel(t, 'last-page');
      await createMessages(t, 5, 'last', channelId);
      const walked = await walkMessages(t, { direction: 'before', limit: WALK_LIMIT }, 'message.list walk', {
        channelId,
      });
      const last = walked.pages[walked.pages.length - 1];
      t.expect(
        walked.pages.length === 1 || last.data.length > 0,
        'next is present only while more data exists (§1 rule 6)',
        `page ${walked.pages.length}, reached through next, is empty`,
      );
      const total = chronologicalIds(walked.pages).length;
      const whole = await listMessages(
        t,
        { direction: 'before', limit: total },
        `message.list limit ${total} (the whole channel)`,
        channelId,
      );
      t.expect(
        whole.data.length === total && !hasMore(whole, 'next'),
        `a full page holding all ${total} messages of the channel carries no next (nothing older exists)`,
        `${whole.data.length} message(s), next: ${JSON.stringify(whole.next)}`,
      );
    },
  }),

  // §1 rule 6: the lists the checker walks end without a marker on their last page (should: a walker
  // loses nothing, it makes one request more). Data lost or an endless walk fail each list's own checks.
  defineCheck({
    id: 'lists/no-marker-on-the-last-page',
    title: 'guild.list, channel.list and guild.member.list carry no next on their last page',
    level: 'should',
    rules: ['GEN-6'],
    operations: ['guild.list', 'channel.list', 'guild.member.list'],
    async run(t: CheckContext) {
      const guildId = t.sandbox.guildId;
      const walks: Array<[ListOperation, Record<string, unknown>]> = [
        ['guild.list', {}],
        ['channel.list', { guild_id: guildId }],
        ['guild.member.list', { guild_id: guildId }],
      ];
      const offenders: string[] = [];
      for (const [operation, fields] of walks) {
        const key = operation === 'guild.member.list' ? userIdOf : idOf;
        const { pages, endsOnEmptyPage } = await listAll(t, operation, fields, { key });
        if (endsOnEmptyPage) offenders.push(`${operation} (page ${pages.length - 1} of ${pages.length})`);
      }
      t.expect(
        offenders.length === 0,
        'no list carries next on its last page: the page it leads to is never empty (§1 rule 6)',
        `next led to an empty page in ${offenders.join(', ')}`,
      );
    },
  }),

  // De-facto (conventions "message.list"): with 'after', next points forward and is absent at the latest.
  defineCheck({
    id: 'message.list/after-walk-reaches-the-latest',
    title:
      "Walking forward (direction 'after') from an older token reaches the newest message, then next is absent",
    level: 'should',
    rules: ['GEN-6', 'MSG-LIST-6'],
    profile: 'satori',
    operations: ['channel.create', 'message.create', 'message.list', 'channel.delete'],
    async run(t: CheckContext) {
      const channelId = await createScratchChannel(t, 'after-walk');
      const created = await createMessages(t, 5, 'after', channelId);
      const newest = created[created.length - 1];
      // Two pages back (limit 2): the messages of page 1 are newer than anything page 2's token points at.
      const back = await walkMessages(
        t,
        { direction: 'before', limit: WALK_LIMIT },
        "message.list 'before' walk",
        {
          channelId,
          until: (pages) => pages.length === 2,
        },
      );
      const [latest, older] = back.pages;
      t.expect(
        older !== undefined && hasMore(older, 'next'),
        "pages 1 and 2 of 5 messages (limit 2, 'before') carry next",
        `${back.pages.length} page(s); page 2 next: ${JSON.stringify(older?.next)}`,
      );
      const token = older.next as string;
      const probe = await t.call('message.list', {
        channel_id: channelId,
        direction: 'after',
        limit: WALK_LIMIT,
        next: token,
      });
      if (!probe.ok)
        t.skip(`direction 'after' is refused (${statusOf(probe)}); the spec shows only 'before'`);
      const forward = await walkMessages(
        t,
        { direction: 'after', limit: WALK_LIMIT, next: token },
        "message.list direction 'after' walk",
        { channelId },
      );
      const ids = forward.pages.flatMap(messageIdsOf);
      const last = forward.pages[forward.pages.length - 1];
      t.expect(
        forward.pages.length === 1 || last.data.length > 0,
        "walking 'after', next is present only while newer messages exist",
        `page ${forward.pages.length}, reached through next, is empty`,
      );
      t.expect(duplicatesOf(ids).length === 0, "the 'after' walk lists no message twice", duplicatesOf(ids));
      const skipped = messageIdsOf(latest).filter((id) => !ids.includes(id));
      t.expect(
        skipped.length === 0,
        "walking 'after' from page 2's token lists every message of page 1 (all newer than that token)",
        `never listed: ${skipped.join(', ')}`,
      );
      t.expect(
        inRelativeOrder(
          ids,
          created.filter((id) => ids.includes(id)),
        ),
        "the 'after' walk lists messages oldest first, page after page",
        ids.map((id) => `#${created.indexOf(id) + 1}`),
      );
      const lastItem: MessageItem | undefined = last.data[last.data.length - 1] ?? forward.items.at(-1);
      t.expect(
        lastItem?.id === newest,
        `the 'after' walk ends with the newest message (${newest}) as its last item`,
        lastItem?.id,
      );
    },
  }),

  defineCheck({
    id: 'message.list/direction-before-is-accepted',
    title: "message.list accepts direction 'before' (answers 2xx with a list)",
    level: 'must',
    rules: ['RES-DIRECTION'],
    operations: ['message.list'],
    async run(t: CheckContext) {
      await listMessages(t, { direction: 'before', limit: 5 }, "message.list direction 'before'");
    },
  }),

  defineCheck({
    id: 'message.list/order-asc-is-accepted',
    title: "message.list accepts order 'asc' (answers 2xx with a list, oldest first)",
    level: 'must',
    rules: ['RES-ORDER'],
    operations: ['message.create', 'message.list'],
    async run(t: CheckContext) {
      const created = await createMessages(t, 2, 'order-asc');
      const page = await listMessages(t, { order: 'asc', limit: 5 }, "message.list order 'asc'");
      expectAscending(t, page, created, "message.list order 'asc'");
    },
  }),
];

export default defineSuite('pagination', checks);
