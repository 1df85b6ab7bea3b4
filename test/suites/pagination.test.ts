import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { InterceptedReply, InterceptedRequest } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { QUIET_FIXTURE_SIZE } from '../../suites/_lib/message-walks.js';
import paginationWalks from '../../suites/pagination.js';
import paginationDefaults from '../../suites/pagination-defaults.js';
import { failing, runAgainstReference } from './harness.js';

const LIMIT_BOUND = 100;
/** The checks of the pagination group, in its two suite files. */
const pagination = [...paginationDefaults, ...paginationWalks];

/** Runs the pagination suite against a fresh reference; statuses by check id, and whether the world is unchanged. */
const runPagination = (faults: string[] = [], options: { limitBound?: number } = {}) =>
  runAgainstReference(
    { faults, limitBound: LIMIT_BOUND },
    { suites: ['pagination'], ...(options.limitBound ? { limitBound: options.limitBound } : {}) },
  );

const id = (what: string) => `message.list/${what}`;

describe('pagination suite (message.list, §4.1 rules 1-6, §1 rules 5-6)', () => {
  it('passes every check against the clean reference and leaves the world as it was', async () => {
    const { statuses, reasons, unchanged } = await runPagination();
    expect(Object.keys(statuses)).toHaveLength(pagination.length);
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    expect(unchanged).toBe(true);
  });

  it('judges a list marker that leads to one empty last page at should level only', async () => {
    const { statuses } = await runPagination(['member-list-next-at-end']);
    expect(failing(statuses)).toEqual(['lists/no-marker-on-the-last-page']);
    expect(pagination.find((check) => check.id === 'lists/no-marker-on-the-last-page')?.level).toBe('should');
  });

  it('passes against the clean reference when the limit bound is known', async () => {
    const { statuses, reasons } = await runPagination([], { limitBound: LIMIT_BOUND });
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
  });

  it('detects a limit that is not clamped when the bound is known', async () => {
    const { statuses } = await runPagination(['message-list-limit-not-clamped'], { limitBound: LIMIT_BOUND });
    expect(failing(statuses)).toEqual([id('limit-above-bound-is-clamped')]);
  });

  it.concurrent.each([
    ['message-list-limit-over-bound-errors', ['limit-above-bound-is-clamped']],
    [
      'message-list-limit-ignored',
      ['small-limit-is-honoured', 'markers-absent-exactly-at-the-end', 'after-walk-reaches-the-latest'],
    ],
    ['message-list-default-limit-unbounded', ['default-limit']],
    [
      'message-list-next-always-present',
      ['markers-absent-exactly-at-the-end', 'no-next-on-the-last-page', 'after-walk-reaches-the-latest'],
    ],
    // A marker on a full last page loses nothing: only the should check fails (issue 9 item 7).
    ['message-list-page-length-end-signal', ['no-next-on-the-last-page']],
    ['message-list-prev-missing', ['returns-bidirectional-list']],
    ['message-list-items-without-user', ['returns-bidirectional-list']],
    ['message-list-rejects-order-asc', ['order-asc-is-accepted']],
    // In the quiet channel (a few messages) the order check sees its messages oldest first from either
    // end: only the checks of where a page starts fail.
    ['message-list-default-direction-after', ['no-next-starts-from-latest', 'direction-defaults-to-before']],
    [
      'message-list-order-follows-direction',
      ['no-next-starts-from-latest', 'order-defaults-to-asc', 'next-walk-visits-every-created-message'],
    ],
    [
      // Not after-walk-reaches-the-latest: a 'before' token's gap is the walks' to judge, not the 'after' walk's.
      'message-list-token-skips-one',
      [
        'next-walk-visits-every-created-message',
        'markers-absent-exactly-at-the-end',
        'no-next-on-the-last-page',
      ],
    ],
    [
      'message-list-token-inclusive',
      [
        'next-walk-visits-every-created-message',
        'markers-absent-exactly-at-the-end',
        'no-next-on-the-last-page',
      ],
    ],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const { statuses } = await runPagination([fault]);
    expect(failing(statuses).sort()).toEqual(expected.map(id).sort());
  });

  it.concurrent.each([
    ['message-list-starts-from-oldest', ['no-next-starts-from-latest', 'direction-defaults-to-before']],
    [
      'message-list-next-missing',
      ['next-walk-visits-every-created-message', 'markers-absent-exactly-at-the-end'],
    ],
    ['message-list-rejects-direction-before', ['direction-before-is-accepted']],
    ['message-list-default-order-desc', ['order-defaults-to-asc']],
  ])('fault %s fails (at least) %j', async (fault, expected) => {
    const { statuses } = await runPagination([fault]);
    expect(failing(statuses)).toEqual(expect.arrayContaining(expected.map(id)));
  });

  // Issue 21: one created object serves every check that only reads it.
  it("creates the quiet channel's messages once for all its readers, and walks it once", async () => {
    const created = new Map<string, number>();
    const firstPages = new Map<string, number>();
    const reference = await startReference({
      intercept: ({ operation, fields }) => {
        const channel = String(fields.channel_id);
        // The run's proof that the peer is another account posts once before any check (issue 41): not a reader's.
        const peerProof = String(fields.content).startsWith('conformance probe: who posts as');
        if (operation === 'message.create' && !peerProof)
          created.set(channel, (created.get(channel) ?? 0) + 1);
        // The first page of a walk towards the past at limit 2 (no token): one per walk.
        if (
          operation === 'message.list' &&
          fields.direction === 'before' &&
          fields.limit === 2 &&
          !fields.next
        )
          firstPages.set(channel, (firstPages.get(channel) ?? 0) + 1);
        return undefined;
      },
    });
    try {
      const result = await run({ reference, events: 'none', checks: pagination, confirm: false });
      expect(failing(Object.fromEntries(result.checks.map((c) => [c.id, c.status])))).toEqual([]);
      const quiet = (result.cleanup ?? []).find((record) => record.label.startsWith('quiet channel'));
      const quietId = quiet?.label.split(' ')[2] ?? '';
      expect(quietId).not.toBe('');
      expect(created.get(quietId)).toBe(QUIET_FIXTURE_SIZE);
      // Nothing posted in the sandbox channel: every reader read the fixture.
      expect(created.get(reference.sandbox.channelId) ?? 0).toBe(0);
      // The shared walk's first page, which the checks comparing it with other queries read too (issue 49).
      expect(firstPages.get(quietId)).toBe(1);
    } finally {
      await reference.close();
    }
  }, 60_000);

  // Walk once (issue 11): a walk in the sandbox channel never goes to the end of its history. channel.create
  // is refused, so that the checks work in the sandbox channel itself (no quiet or scratch channel).
  describe('in a sandbox channel with a long history (20 000 older messages)', () => {
    const HISTORY = 20_000;

    /** Runs `checks` against a reference seeded with HISTORY older messages; message.list requests to the sandbox channel. */
    const runDeep = async (
      checks: typeof pagination,
      intercept?: (request: InterceptedRequest) => InterceptedReply | undefined,
    ) => {
      let sandboxLists = 0;
      let sandboxChannel = '';
      const reference = await startReference({
        messages: HISTORY,
        intercept: (request) => {
          if (request.operation === 'channel.create')
            return { status: 403, body: { message: 'not allowed' } };
          if (request.operation === 'message.list' && request.fields.channel_id === sandboxChannel)
            sandboxLists++;
          return intercept?.(request);
        },
      });
      sandboxChannel = reference.sandbox.channelId;
      try {
        // One pass (no re-run alone): the test counts the pass's message.list requests.
        const result = await run({ reference, events: 'none', checks, confirm: false });
        return { result, sandboxLists };
      } finally {
        await reference.close();
      }
    };

    it('fails no check and walks no further than the messages the checks posted', async () => {
      const { result, sandboxLists } = await runDeep(pagination);
      const problems = result.checks.filter((check) => check.status === 'fail' || check.status === 'error');
      expect(problems).toEqual([]);
      // A few pages per check; walking the history to its end would take 10 000 at limit 2.
      expect(sandboxLists).toBeLessThan(50);
    }, 60_000);

    it('stops the next walk once it passes the messages before its own, when one of its messages never shows', async () => {
      const walk = pagination.filter((check) => check.id === id('next-walk-visits-every-created-message'));
      // The first of the 7 messages is answered but never stored: the walk cannot meet it.
      const { result, sandboxLists } = await runDeep(walk, ({ operation, fields }) =>
        operation === 'message.create' && /^conformance-walk-\S+ #1$/.test(String(fields.content))
          ? { body: [{ id: 'never-stored', content: fields.content }] }
          : undefined,
      );
      const [outcome] = result.checks;
      expect(outcome.status).toBe('fail');
      expect(outcome.reason).toContain('the walk had passed them; never listed: never-stored');
      // The latest messages before the check's, then 3 pages of its 6 stored ones and 1 of older ones.
      expect(sandboxLists).toBe(1 + 4);
    }, 60_000);
  });
});
