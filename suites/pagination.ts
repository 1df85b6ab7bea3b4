/**
 * message.list pagination, the walks (§4.1 rule 6, §1 rules 5-6): following next reaches every message
 * once, markers are present exactly while more data exists, and 'after' walks reach the latest. The
 * defaults and limits are in pagination-defaults.ts. The checks create the messages they reason about
 * (tracked) and recognise them by id, so other messages in the sandbox channel (history, other checks)
 * never decide a verdict. Walks use the checker's paginator, which follows markers only: the length of a
 * page is never an end signal.
 */
import { shown } from '../spec/brief.js';
import { tr } from '../src/i18n/index.js';
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import { expectAll, judgeLastPage } from './_lib/judge.js';
import {
  judgeWalk,
  type ListOperation,
  type RecordedWalk,
  sharedWalk,
  statusOf,
  walkServed,
} from './_lib/lists.js';
import {
  expectAscending,
  freshChannelWalked,
  messagesToRead,
  quietChannelWalk,
  WALK_LIMIT,
} from './_lib/message-walks.js';
import {
  chronologicalIds,
  createMessages,
  duplicatesOf,
  inRelativeOrder,
  listMessages,
  type MessageItem,
  messageIdsOf,
  walkMessages,
} from './_lib/messages.js';
import { offers } from './_lib/offered.js';
import { hasMore, type Walk } from './_lib/paginate.js';
import { listDoubt } from './_lib/readers.js';
import { answered, LIST_READS, listFields, probesOf } from './_lib/served.js';

/**
 * How many of the latest messages, read before a check posts its own, mark the place where a walk towards
 * the past has passed every message the check posted.
 */
const FENCE_SIZE = 5;
/**
 * A bound on the pages of the walk over the 7 created messages (4 pages at limit 2) in the sandbox
 * channel, for when the messages before them are gone too: it never walks a long history to its end.
 */
const MAX_WALK_PAGES = 50;

/** §4.1 rule 6, §1 rule 6: a walk towards the past listed every created message once, in creation order. */
function expectWalkVisits(t: CheckContext, created: readonly string[], walked: Walk<MessageItem>): void {
  const chronological = chronologicalIds(walked.pages);
  const missing = created.filter((id) => !chronological.includes(id));
  t.expect(
    missing.length === 0,
    tr`following next reaches every message created (next stays present while more data exists)`,
    walked.reachedEnd
      ? tr`after ${walked.pages.length} page(s) next was absent; never listed: ${missing.join(', ')}`
      : tr`after ${walked.pages.length} page(s) the walk had passed them; never listed: ${missing.join(', ')}`,
  );
  const duplicates = duplicatesOf(chronological);
  t.expect(duplicates.length === 0, tr`the walk lists no message twice`, duplicates.join('; '));
  t.expect(
    inRelativeOrder(chronological, created),
    tr`the walk lists the messages in the order they were created (pages newest first, each page oldest first)`,
    chronological.filter((id) => created.includes(id)).map((id) => `#${created.indexOf(id) + 1}`),
  );
}

/**
 * The lists lists/no-marker-on-the-last-page walks to their end, in the order it prefers them
 * (served.ts): not message.list, whose history may be long and whose last page its own checks judge in a
 * channel of the run's (message.list/no-next-on-the-last-page).
 */
const WALKED_LISTS = LIST_READS.filter((read) => read.operation !== 'message.list');
/** How many served lists are walked: enough to see the rule kept or broken, few enough to stay cheap. */
const LISTS_TO_WALK = 3;

/**
 * The run's one walk of each list the server serves (its first request answered 2xx with a page), in
 * WALKED_LISTS order, up to LISTS_TO_WALK; with what each list passed over answered or why it was not asked.
 */
async function servedWalks(
  t: CheckContext,
): Promise<{ walks: RecordedWalk[]; passedOver: string[]; asked: string[] }> {
  const walks: RecordedWalk[] = [];
  const passedOver: string[] = [];
  const asked: string[] = [];
  for (const { operation } of WALKED_LISTS) {
    if (walks.length >= LISTS_TO_WALK) break;
    if (!offers(t, operation)) {
      passedOver.push(tr`login.features omits ${operation} (not called)`);
      continue;
    }
    asked.push(operation);
    const walked = await sharedWalk(t, operation as ListOperation, listFields(t, operation));
    if (walkServed(walked)) walks.push(walked);
    else
      passedOver.push(
        walked.results[0] ? `${operation} ${answered(walked.results[0])}` : tr`${operation} no answer`,
      );
  }
  return { walks, passedOver, asked };
}

const checks: CheckSpec[] = [
  // §4.1 rule 6, §1 rule 6: following next reaches every message, once, in order.
  defineCheck({
    id: 'message.list/next-walk-visits-every-created-message',
    title: 'Following next (limit 2, before) from the latest visits every new message once, in order, no gap',
    level: 'must',
    rules: ['MSG-LIST-6', 'GEN-6'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      if (t.sandbox.quiet) {
        const created = await messagesToRead(t, 7, 'walk');
        expectWalkVisits(t, created, await quietChannelWalk(t));
        return;
      }
      // The sandbox channel may hold a long history: the walk stops at the oldest created message, or
      // once it meets a message older than all of them (one of the latest before the check posted).
      const older = messageIdsOf(
        await listMessages(
          t,
          { direction: 'before', limit: FENCE_SIZE },
          tr`message.list before the check posts`,
        ),
      );
      const created = await createMessages(t, 7, 'walk');
      const oldest = created[0];
      const walked = await walkMessages(
        t,
        { direction: 'before', limit: WALK_LIMIT },
        tr`message.list walk`,
        {
          until: (pages) => {
            const ids = messageIdsOf(pages[pages.length - 1]);
            return (
              ids.includes(oldest) || ids.some((id) => older.includes(id)) || pages.length >= MAX_WALK_PAGES
            );
          },
        },
      );
      expectWalkVisits(t, created, walked);
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
    helpers: ['channel.create', 'message.create', 'channel.delete'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const { channelId, created, walk: walked } = await freshChannelWalked(t, 5, 'end');
      const ids = chronologicalIds(walked.pages);
      const duplicates = duplicatesOf(ids);
      t.expect(duplicates.length === 0, tr`the walk lists no message twice`, duplicates.join('; '));
      const missing = created.filter((id) => !ids.includes(id));
      t.expect(
        missing.length === 0,
        tr`the walk to the end lists every message of the channel`,
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
        tr`a page of limit ${total - 1} in a channel of ${total} messages carries next (one older message remains)`,
        tr`${allButOne.data.length} message(s), next: ${shown(allButOne.next)}`,
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
    helpers: ['channel.create', 'message.create', 'channel.delete'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const { channelId, created, walk: walked } = await freshChannelWalked(t, 5, 'last-page');
      const listed = chronologicalIds(walked.pages);
      // The walk must hold what the check created, or its last page shows nothing about a last page.
      const unlisted = created.filter((id) => !listed.includes(id));
      t.expect(
        unlisted.length === 0,
        tr`the walk of the channel lists the ${created.length} messages just created`,
        tr`never listed: ${unlisted.join(', ')}`,
      );
      expectAll(t, [judgeLastPage(walked.pages)]);
      const total = listed.length;
      const whole = await listMessages(
        t,
        { direction: 'before', limit: total },
        tr`message.list limit ${total} (the whole channel)`,
        channelId,
      );
      t.expect(
        whole.data.length === total && !hasMore(whole, 'next'),
        tr`a full page holding all ${total} messages of the channel carries no next (nothing older exists)`,
        tr`${whole.data.length} message(s), next: ${shown(whole.next)}`,
      );
    },
  }),

  // §1 rule 6: the lists the checker walks end without a marker on their last page (should: a walker
  // loses nothing, it makes one request more). Data lost or an endless walk fail each list's own checks.
  defineCheck({
    id: 'lists/no-marker-on-the-last-page',
    title:
      'The lists the server serves (channels, guilds, members, friends …) carry no next on their last page',
    level: 'should',
    rules: ['GEN-6'],
    // Chosen at run time among the lists the server serves (served.ts): no list is under test by name.
    operations: [],
    probes: probesOf(WALKED_LISTS),
    // The guild, member and friend lists must not change meanwhile (request flows join, admit and leave).
    shares: ['guild-invitations', 'join-requests', 'friend-requests'],
    async run(t: CheckContext) {
      const { walks, passedOver, asked } = await servedWalks(t);
      if (asked.length === 0)
        t.skip(tr`login.features offers no list the check walks (${passedOver.join('; ')})`);
      if (walks.length === 0)
        t.undecided(
          tr`no list operation answered a complete request with a page: ${passedOver.join('; ')}`,
          tr`make one of ${asked.join(', ')} answer a complete request with a list page ({data, next}, §1 rule 5), then run again`,
        );
      const offenders: string[] = [];
      const doubts: string[] = [];
      let withItems = 0;
      for (const walked of walks) {
        const { items, pages, endsOnEmptyPage } = judgeWalk(t, walked);
        // A last page counts where the list showed the one the run knows is in it (not made-up items).
        const doubt = listDoubt(t, walked.operation, items);
        if (doubt === undefined) withItems++;
        else doubts.push(doubt);
        if (endsOnEmptyPage)
          offenders.push(tr`${walked.operation} (page ${pages.length - 1} of ${pages.length})`);
      }
      const over = passedOver.length ? tr`; passed over: ${passedOver.join('; ')}` : '';
      t.note(
        tr`judged on ${walks.map((walked) => walked.operation).join(', ')}: the lists this run saw served${over}`,
      );
      // Each list holds the sandbox (its guild, its channel, the current user): empty ones show no last page.
      if (withItems === 0 && offenders.length === 0) {
        t.undecided(
          tr`no list has a last page of the platform's data to judge: ${doubts.join('; ')}`,
          tr`see the walks-to-end checks of ${walks.map((walked) => walked.operation).join(', ')}`,
        );
      }
      t.expect(
        offenders.length === 0,
        tr`no list carries next on its last page: the page it leads to is never empty (§1 rule 6)`,
        tr`next led to an empty page in ${offenders.join(', ')}`,
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
    helpers: ['channel.create', 'message.create', 'channel.delete'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const { channelId, created, walk } = await freshChannelWalked(t, 5, 'after-walk', 'two pages');
      const newest = created[created.length - 1];
      // Two pages back (limit 2): the messages of page 1 are newer than anything page 2's token points at.
      const back = { pages: walk.pages.slice(0, 2) };
      const [latest, older] = back.pages;
      t.expect(
        older !== undefined && hasMore(older, 'next'),
        tr`pages 1 and 2 of 5 messages (limit 2, 'before') carry next`,
        tr`${back.pages.length} page(s); page 2 next: ${shown(older?.next)}`,
      );
      const token = older.next as string;
      const probe = await t.call('message.list', {
        channel_id: channelId,
        direction: 'after',
        limit: WALK_LIMIT,
        next: token,
      });
      if (!probe.ok)
        t.skip(tr`direction 'after' is refused (${statusOf(probe)}); the spec shows only 'before'`);
      // The probe is the walk's first page: not asked for again.
      const forward = await walkMessages(
        t,
        { direction: 'after', limit: WALK_LIMIT, next: token },
        tr`message.list direction 'after' walk`,
        { channelId, firstPage: probe },
      );
      const ids = forward.pages.flatMap(messageIdsOf);
      const last = forward.pages[forward.pages.length - 1];
      t.expect(
        forward.pages.length === 1 || last.data.length > 0,
        tr`walking 'after', next is present only while newer messages exist`,
        tr`page ${forward.pages.length}, reached through next, is empty`,
      );
      t.expect(
        duplicatesOf(ids).length === 0,
        tr`the 'after' walk lists no message twice`,
        duplicatesOf(ids),
      );
      const skipped = messageIdsOf(latest).filter((id) => !ids.includes(id));
      t.expect(
        skipped.length === 0,
        tr`walking 'after' from page 2's token lists every message of page 1 (all newer than that token)`,
        tr`never listed: ${skipped.join(', ')}`,
      );
      t.expect(
        inRelativeOrder(
          ids,
          created.filter((id) => ids.includes(id)),
        ),
        tr`the 'after' walk lists messages oldest first, page after page`,
        ids.map((id) => `#${created.indexOf(id) + 1}`),
      );
      const lastItem: MessageItem | undefined = last.data[last.data.length - 1] ?? forward.items.at(-1);
      t.expect(
        lastItem?.id === newest,
        tr`the 'after' walk ends with the newest message (${newest}) as its last item`,
        lastItem?.id,
      );
    },
  }),

  defineCheck({
    id: 'message.list/direction-before-is-accepted',
    title: "message.list accepts direction 'before' (answers 2xx with a list)",
    level: 'must',
    rules: ['RES-DIRECTION'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const created = await messagesToRead(t, 2, 'direction-before');
      const page = await listMessages(
        t,
        { direction: 'before', limit: 5 },
        "message.list direction 'before'",
      );
      // Accepted means answered with the channel's messages: the latest one created is on the latest page.
      const latest = created[created.length - 1];
      t.expect(
        messageIdsOf(page).includes(latest),
        tr`message.list direction 'before' (latest page, limit 5) lists the latest message created (${latest})`,
        messageIdsOf(page).join(', ') || tr`an empty page`,
      );
    },
  }),

  defineCheck({
    id: 'message.list/order-asc-is-accepted',
    title: "message.list accepts order 'asc' (answers 2xx with a list, oldest first)",
    level: 'must',
    rules: ['RES-ORDER'],
    operations: ['message.create', 'message.list'],
    helpers: ['message.create'],
    shares: ['quiet-channel'],
    async run(t: CheckContext) {
      const created = await messagesToRead(t, 2, 'order-asc');
      const page = await listMessages(t, { order: 'asc', limit: 5 }, "message.list order 'asc'");
      const judged = expectAscending(t, page, created, "message.list order 'asc'");
      // An order is shown only by messages on the page: the latest page holds the ones just created.
      t.expect(
        judged >= 2,
        tr`message.list order 'asc' (latest page, limit 5) lists at least two of the messages just created`,
        tr`${judged} listed`,
      );
    },
  }),
];

export default defineSuite('pagination', checks);
