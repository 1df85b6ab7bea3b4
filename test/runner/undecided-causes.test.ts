/**
 * What was not decided, and why (issue 43, src/runner/undecided-causes.ts): the skipped, undecided and
 * not-offered checks grouped by cause, ranked by how many checks each holds, each saying what would decide
 * them. Each kind on the reference (a run that produces it), and, for the states other parts of the
 * checker write (the peer proven distinct, a refusal's control, a helper operation), on hand-made results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { run } from '../../src/index.js';
import type { InterceptedRequest, ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import { renderConsole } from '../../src/report/console.js';
import { renderHtml } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { PEER_MISSING } from '../../src/runner/run.js';
import { findUndecidedCauses, readingOf } from '../../src/runner/undecided-causes.js';

const AT_MUST = { level: 'must', includeExperimental: false } as const;

/** A skipped check: `said` is its reason, or with `clear` its undecided state. */
const skipped = (
  id: string,
  said: string,
  extra: Partial<CheckResult> & { clear?: string } = {},
): CheckResult => {
  const { clear, ...rest } = extra;
  return {
    id,
    title: id,
    group: 'members',
    level: 'must',
    experimental: false,
    rules: [],
    operations: [],
    status: 'skip',
    reason: clear === undefined ? said : `could not be decided: ${said}`,
    durationMs: 1,
    ...(clear === undefined ? {} : { undecided: { state: said, clear } }),
    ...rest,
  };
};

const causesOf = (checks: CheckResult[]) =>
  findUndecidedCauses(checks, AT_MUST).map((cause) => [cause.id, cause.subject, cause.checkIds]);

describe('the cause a skipped check shows (the states other parts of the checker write)', () => {
  it('the peer unreachable: grouped on the stated prefix, sub-grouped by how', () => {
    const clear = 'pass --peer-token of another account';
    const causes = causesOf([
      skipped(
        'guild.member.mute/a',
        "the peer is unreachable: served as the bot (login.get as the peer answered the bot's user 1001)",
        { clear },
      ),
      skipped(
        'channel.mute/b',
        'the peer is unreachable: served as the bot (message.create as the peer was posted by 1001)',
        { clear },
      ),
      skipped('guild.member.mute/c', 'the peer is unreachable: refused (HTTP 403 "login not found")', {
        clear,
      }),
      skipped('reaction.delete/d', PEER_MISSING),
    ]);
    expect(causes).toEqual([
      ['peer-unreachable', 'served as the bot', ['guild.member.mute/a', 'channel.mute/b']],
      ['peer-unreachable', 'refused', ['guild.member.mute/c']],
      ['peer-unreachable', 'not given', ['reaction.delete/d']],
    ]);
    const [served] = findUndecidedCauses(
      [skipped('x', 'the peer is unreachable: served as the bot (…)', { clear })],
      AT_MUST,
    );
    // What the check says clears it is what decides it.
    expect(served).toMatchObject({
      title: 'The peer identity is unreachable: served as the bot',
      decide: clear,
    });
  });

  it('an operation that refuses every request: grouped by operation and status', () => {
    const refused = (id: string, operation: string, status: number) =>
      skipped(
        id,
        `${operation} refused the request without a required field, but the complete request was refused too: HTTP ${status} {"message":"method not found"}`,
        { clear: `make ${operation} accept a complete valid request`, operations: [operation] },
      );
    expect(
      causesOf([
        refused('guild.role.create/missing-required-field-is-refused', 'guild.role.create', 404),
        refused('guild.role.update/missing-required-field-is-refused', 'guild.role.update', 404),
        refused('guild.role.create/other', 'guild.role.create', 404),
        refused('reaction.create/missing-required-field-is-refused', 'reaction.create', 501),
      ]),
    ).toEqual([
      [
        'operation-refused',
        'guild.role.create HTTP 404',
        ['guild.role.create/missing-required-field-is-refused', 'guild.role.create/other'],
      ],
      [
        'operation-refused',
        'guild.role.update HTTP 404',
        ['guild.role.update/missing-required-field-is-refused'],
      ],
      [
        'operation-refused',
        'reaction.create HTTP 501',
        ['reaction.create/missing-required-field-is-refused'],
      ],
    ]);
  });

  it('a helper operation missing: grouped by the helper, whatever the check under test', () => {
    const helper = (id: string, op: string) =>
      skipped(id, `the check needs the helper operation ${op}, which login.features omits`, {
        clear: `implement ${op}`,
      });
    const causes = findUndecidedCauses(
      [
        helper('channel.mute/a', 'channel.create'),
        helper('channel.mute/b', 'channel.create'),
        helper('guild.member.role.set/gives-role', 'guild.role.create'),
      ],
      AT_MUST,
    );
    expect(causes.map((cause) => [cause.id, cause.subject, cause.operations, cause.checkIds.length])).toEqual(
      [
        ['helper-missing', 'channel.create', ['channel.create'], 2],
        ['helper-missing', 'guild.role.create', ['guild.role.create'], 1],
      ],
    );
    // Never read as "not offered": that is only for the operation under test.
    expect(causes.some((cause) => cause.id === 'not-offered')).toBe(false);
  });

  it('an event type that never came, the quota, and a state of the world', () => {
    expect(
      causesOf([
        skipped('events.stream/sn', 'waiting for a message-created event: none came within 5000 ms'),
        skipped('event.x/a', 'no guild-updated event observed during the run, and none could be caused: …'),
        skipped('x/quota', "not run: stopped for the rate limit: POST guild.list: the target's rate limit …"),
        skipped('x/world', 'the bot was already a member of guild 3003 before its invitation', {
          clear: 'remove the bot from that guild on the platform',
        }),
      ]),
    ).toEqual([
      ['event-never-came', 'message-created', ['events.stream/sn']],
      ['event-never-came', 'guild-updated', ['event.x/a']],
      ['quota', undefined, ['x/quota']],
      ['world', 'remove the bot from that guild on the platform', ['x/world']],
    ]);
  });

  it('leaves a skip with no known cause out, and never reads a pass, a failure or its id', () => {
    const other = skipped(
      'x/a',
      'events come by WebSocket in this run: webhook deliveries are checked with --events webhook',
    );
    const failing = { ...skipped('events.x/needs-a-trigger', PEER_MISSING), status: 'fail' as const };
    expect(readingOf(other)).toBeUndefined();
    expect(readingOf(failing)).toBeUndefined();
    expect(findUndecidedCauses([other, failing], AT_MUST)).toEqual([]);
  });

  it('ranks by the checks each holds, and counts those the verdict counts', () => {
    const causes = findUndecidedCauses(
      [
        skipped('a', 'needs a trigger to cause incoming events: pass --trigger-url URL'),
        skipped('b', PEER_MISSING),
        skipped('c', PEER_MISSING, { level: 'should' }),
      ],
      AT_MUST,
    );
    expect(causes.map((cause) => [cause.id, cause.checkIds.length, cause.counted])).toEqual([
      ['peer-unreachable', 2, 1],
      ['no-trigger', 1, 1],
    ]);
    expect(causes[1].decide).toMatch(/--trigger-url/);
  });
});

/** The console's "What was not decided" block: its numbered lines, each with what follows up to the next. */
function undecidedBlock(result: RunResult): string {
  const text = String(renderConsole(result, { color: false }));
  const start = text.indexOf('What was not decided, and why');
  return start < 0 ? '' : text.slice(start, text.indexOf('\n\n', start));
}

/** The cause of `id` (and `subject`), which must be there. */
function causeOf(result: RunResult, id: string, subject?: string) {
  const cause = result.undecidedCauses?.find(
    (found) => found.id === id && (subject === undefined || found.subject === subject),
  );
  expect(cause, `${id} ${subject ?? ''}`).toBeDefined();
  return cause!;
}

/** The cause is printed with its checks, and every check it holds said so. */
function expectPrinted(result: RunResult, id: string, subject?: string) {
  const cause = causeOf(result, id, subject);
  const block = undecidedBlock(result);
  expect(block).toContain(cause.title);
  expect(block).toContain(`decide: ${cause.decide}`);
  for (const checkId of cause.checkIds) expect(block).toContain(checkId);
  expect(cause.checkIds.length).toBeGreaterThan(0);
  return cause;
}

describe('against the reference', () => {
  let bare: ReferenceServer;
  let withoutPeer: RunResult;
  let partial: RunResult;
  let requestsOnly: RunResult;
  let everyGuild: RunResult;
  beforeAll(async () => {
    bare = await startReference();
    [withoutPeer, partial, requestsOnly, everyGuild] = await Promise.all([
      // No peer flags, no trigger, events off: what a first run against a server of one login looks like.
      run({
        baseUrl: bare.baseUrl,
        token: bare.identities.self.token,
        selfId: bare.identities.self.userId,
        events: 'none',
        confirm: false,
      }),
      run({ embedded: true, tolerances: ['partial-platform'], confirm: false }),
      run({ embedded: true, tolerances: ['trigger-requests-only'], grep: '^event\\.guild', confirm: false }),
      run({
        embedded: true,
        dirty: ['every-guild'],
        grep: '^(guild\\.approve/(approve|reject)|event\\.guild-request/approve)',
        confirm: false,
      }),
    ]);
  }, 120_000);
  afterAll(() => bare?.close());

  it('no peer flags: the peer is unreachable (not given), with its checks', () => {
    const cause = expectPrinted(withoutPeer, 'peer-unreachable', 'not given');
    expect(cause.decide).toMatch(/--peer-token/);
    expect(cause.checkIds).toContain('guild.member.mute/blocks-peer-until-unmuted');
  });

  it('--events none: no event stream, with its checks', () => {
    const cause = expectPrinted(withoutPeer, 'no-events');
    expect(cause.title).toMatch(/--events none/);
    expect(cause.checkIds).toContain('message.create/emits-message-created');
  });

  it('no trigger: the checks that need one', () => {
    const cause = expectPrinted(withoutPeer, 'no-trigger');
    expect(cause.decide).toMatch(/--trigger-url/);
    // Every check the run skipped for want of a trigger, and none other.
    const needing = withoutPeer.checks.filter((check) =>
      check.reason?.startsWith('needs a trigger to cause incoming events'),
    );
    expect(new Set(cause.checkIds)).toEqual(new Set(needing.map((check) => check.id)));
  });

  it('ranks the causes by the checks each holds, in every report, and report.json stays valid', () => {
    const causes = withoutPeer.undecidedCauses ?? [];
    const sizes = causes.map((cause) => cause.checkIds.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(causes[0].id).toBe('no-events');
    expect(validate('report', JSON.parse(JSON.stringify(withoutPeer)))).toEqual([]);
    const markdown = String(renderMarkdown(withoutPeer, {}));
    expect(markdown).toContain('### What was not decided, and why');
    expect(markdown.indexOf('What was not decided')).toBeLessThan(markdown.indexOf('| Level'));
    const html = String(renderHtml(withoutPeer, {}));
    for (const cause of causes) expect(html).toContain(`data-undecided-cause="${cause.id}"`);
    expect(html.indexOf('id="undecided-causes"')).toBeLessThan(html.indexOf('<div class="cards">'));
  });

  it('a login whose features omit operations (tolerance partial-platform): not offered, with the operations', () => {
    const cause = expectPrinted(partial, 'not-offered');
    expect(cause.counted).toBe(0);
    expect(cause.operations).toEqual(
      expect.arrayContaining(['friend.list', 'guild.approve', 'reaction.create']),
    );
    const notOffered = partial.checks.filter((check) => check.notOffered).map((check) => check.id);
    expect(new Set(cause.checkIds)).toEqual(new Set(notOffered));
  });

  it('a trigger that cannot cause guild-added (tolerance trigger-requests-only): the event types that never came', () => {
    for (const type of ['guild-updated', 'guild-removed']) {
      const cause = expectPrinted(requestsOnly, 'event-never-came', type);
      expect(cause.decide).toContain(type);
      expect(cause.detail).toMatch(/cannot cause 'guild-added': HTTP 501/);
    }
  });

  it('the bot already in every guild (dirty world every-guild): the world, with what clears it', () => {
    const cause = expectPrinted(everyGuild, 'world');
    expect(cause.title).toMatch(/cannot cause 'guild-request': HTTP 409/);
    const undecided = everyGuild.checks.filter((check) => check.undecided).map((check) => check.id);
    expect(new Set(cause.checkIds)).toEqual(new Set(undecided));
  });
});

describe('the platform quota (a 429 whose Retry-After the run deadline does not allow)', () => {
  it('holds the checks the run stopped before they ran or finished', async () => {
    const state = { refused: false };
    const reference = await startReference({
      intercept: (request: InterceptedRequest) => {
        if (request.operation !== 'message.get' || state.refused) return undefined;
        state.refused = true;
        return { status: 429, headers: { 'retry-after': '57' }, body: { message: 'Too many requests' } };
      },
    });
    try {
      const result = await run({
        reference,
        events: 'none',
        runTimeoutMs: 30_000,
        confirm: false,
        grep: '^message\\.',
      });
      expect(result.stopped?.rateLimited).toBe(true);
      const cause = expectPrinted(result, 'quota');
      expect(cause.decide).toMatch(/--rate-limit/);
      const stopped = result.checks.filter((check) =>
        /^not (run|finished): stopped for the rate limit/.test(check.reason ?? ''),
      );
      expect(stopped.length).toBeGreaterThan(0);
      expect(new Set(cause.checkIds)).toEqual(new Set(stopped.map((check) => check.id)));
    } finally {
      await reference.close();
    }
  }, 60_000);
});
