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
import { peerUndecided } from '../../src/runner/peer.js';
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
  findUndecidedCauses(checks, AT_MUST).map((cause) => [cause.kind, cause.subject, cause.checkIds]);

describe('the cause a skipped check shows (the states other parts of the checker write)', () => {
  it('the peer unreachable: grouped by the standing the proof found (its signature), never by its words', () => {
    const standing = (state: 'served-as-bot' | 'refused' | 'unproven', detail: string) => {
      const undecided = peerUndecided({ state, detail, exchanges: [] });
      return { undecided, reason: `could not be decided: ${undecided.state}` };
    };
    const peer = (id: string, state: 'served-as-bot' | 'refused' | 'unproven', detail: string) =>
      skipped(id, '', standing(state, detail));
    const causes = causesOf([
      peer('guild.member.mute/a', 'served-as-bot', "login.get as the peer answered the bot's user 1001"),
      // Worded as a refusal, yet the proof found it served as the bot: the standing decides, not the words.
      peer('channel.mute/b', 'served-as-bot', 'login.get as the peer answered HTTP 403 login not found'),
      peer('guild.member.mute/c', 'refused', 'login.get as the peer answered HTTP 403'),
      skipped('reaction.delete/d', PEER_MISSING),
      peer('channel.mute/h', 'unproven', 'login.get as the peer answered user 7'),
      // A state written before signatures (an older report): one cause, not a guess from its words.
      skipped('channel.mute/old', 'the peer is unreachable: served as the bot (…)', { clear: 'x' }),
    ]);
    expect(causes).toEqual([
      ['peer-unreachable', 'served as the bot', ['guild.member.mute/a', 'channel.mute/b']],
      ['peer-unreachable', 'refused', ['guild.member.mute/c']],
      ['peer-unreachable', 'none given', ['reaction.delete/d']],
      ['peer-unreachable', 'not proven another account', ['channel.mute/h']],
      ['peer-unreachable', 'unreachable', ['channel.mute/old']],
    ]);
  });

  it('an operation that refuses every request: grouped by operation and status', () => {
    // As suites/_lib/refusal-controls.ts words it.
    const refused = (id: string, operation: string, status: number) =>
      skipped(
        id,
        `${operation} without its required field was refused (HTTP 404), but the complete request of ${operation} was refused too: HTTP ${status} {"message":"method not found"}: a refusal proves nothing when the complete request is refused as well`,
        {
          clear: `make ${operation} accept a complete valid request`,
          operations: ['message.create', operation],
        },
      );
    const causes = findUndecidedCauses(
      [
        refused('guild.role.create/missing-required-field-is-refused', 'guild.role.create', 404),
        refused('guild.role.update/missing-required-field-is-refused', 'guild.role.update', 404),
        refused('guild.role.create/other', 'guild.role.create', 404),
        refused('reaction.create/missing-required-field-is-refused', 'reaction.create', 501),
        // Unnamed in the words: the check's own operation.
        skipped('friend.delete/x', 'the complete request was refused too: HTTP 501 Not Implemented', {
          clear: 'implement friend.delete',
          operations: ['friend.delete'],
        }),
        skipped(
          'message.update/x',
          'the complete request of message.update was answered 2xx without a result: HTTP 200 "ok"',
          {
            clear: 'answer the result',
          },
        ),
      ],
      AT_MUST,
    );
    // One cause per status however many operations refuse so: the server refuses whole operations alike.
    expect(causes.map((cause) => [cause.kind, cause.subject, cause.operations, cause.checkIds])).toEqual([
      [
        'operation-refused',
        'HTTP 404',
        ['guild.role.create', 'guild.role.update'],
        [
          'guild.role.create/missing-required-field-is-refused',
          'guild.role.update/missing-required-field-is-refused',
          'guild.role.create/other',
        ],
      ],
      [
        'operation-refused',
        'HTTP 501',
        ['friend.delete', 'reaction.create'],
        ['reaction.create/missing-required-field-is-refused', 'friend.delete/x'],
      ],
      ['operation-refused', '2xx without a result', ['message.update'], ['message.update/x']],
    ]);
    expect(causes[0].title).toBe(
      'guild.role.create, guild.role.update refuse every request, the complete valid one too (HTTP 404)',
    );
  });

  it('a helper operation missing: grouped by the helper, whatever the check under test', () => {
    const clear = 'offer the helper';
    const causes = findUndecidedCauses(
      [
        // As suites/_lib/offered.ts words it, and as a refusal control does.
        skipped(
          'channel.mute/a',
          'login.features omits channel.create, which this check only uses as a helper: no channel of the run to mute',
          { clear },
        ),
        skipped('channel.mute/b', 'the check needs the helper operation channel.create', {
          clear: 'make channel.mute accept a complete valid request',
        }),
        skipped(
          'guild.member.role.set/gives-role',
          'login.features omits guild.role.create, which this check only uses as a helper, and guild.role.list shows no role',
          { clear },
        ),
        skipped(
          'reaction.list/x',
          'no complete request of reaction.list could be sent: its helper message.create made nothing to act on (HTTP 500)',
          { clear },
        ),
      ],
      AT_MUST,
    );
    expect(
      causes.map((cause) => [cause.kind, cause.subject, cause.operations, cause.checkIds.length]),
    ).toEqual([
      ['helper-missing', 'channel.create', ['channel.create'], 2],
      ['helper-missing', 'guild.role.create', ['guild.role.create'], 1],
      ['helper-missing', 'message.create', ['message.create'], 1],
    ]);
    // The checks disagree on what clears them (each names its own operation): the cause's words, on the helper.
    // Offered (no features declared: every operation is): a helper that failed, never "offer it".
    expect(causes[0].decide).toMatch(/^a server change: channel\.create accepting a complete valid request/);
    expect(causes[1].decide).toBe(clear);
    // Never read as "not offered": that is only for the operation under test.
    expect(causes.some((cause) => cause.kind === 'not-offered')).toBe(false);
  });

  it('an event type that never came, the quota, and a state of the world', () => {
    expect(
      causesOf([
        skipped('events.stream/sn', 'waiting for a message-created event: none came within 5000 ms'),
        skipped('event.x/a', 'no guild-updated event observed during the run, and none could be caused: …'),
        skipped(
          'events.ws/resume-replays-missed',
          "precondition failed: no event with an sn reached the run's stream after sn 4: nothing was missed to replay",
        ),
        skipped('x/quota', "not run: stopped for the rate limit: POST guild.list: the target's rate limit …"),
        skipped('x/world', 'the bot was already a member of guild 3003 before its invitation', {
          clear: 'remove the bot from that guild on the platform',
        }),
      ]),
    ).toEqual([
      // The events that never came are one cause (the stream does not emit them), their types in its title.
      ['event-never-came', undefined, ['events.stream/sn', 'event.x/a', 'events.ws/resume-replays-missed']],
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
    expect(causes.map((cause) => [cause.kind, cause.checkIds.length, cause.counted])).toEqual([
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

/** The cause of kind `id` (and `subject`), which must be there. */
function causeOf(result: RunResult, id: string, subject?: string) {
  const cause = result.undecidedCauses?.find(
    (found) => found.kind === id && (subject === undefined || found.subject === subject),
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
  // Its checks by id, the first ones at least: a long list is counted, never wider than a screen.
  expect(block).toContain(cause.checkIds[0]);
  if (cause.checkIds.length > 12) expect(block).toMatch(/… and \d+ more/);
  expect(cause.checkIds.length).toBeGreaterThan(0);
  return cause;
}

describe('against the reference', () => {
  let bare: ReferenceServer;
  let withoutPeer: RunResult;
  let partial: RunResult;
  let requestsOnly: RunResult;
  let everyGuild: RunResult;
  let clean: RunResult;
  let servedAsBot: RunResult;
  let peerRefused: RunResult;
  let refuses400: RunResult;
  let helpersMissing: RunResult;
  beforeAll(async () => {
    bare = await startReference();
    const peerChecks = { grep: 'mute|peer|role\\.(set|unset)', includeExperimental: true, confirm: false };
    [servedAsBot, peerRefused, refuses400, helpersMissing] = await Promise.all([
      run({ embedded: true, tolerances: ['one-login-ignores-identity'], ...peerChecks }),
      run({ embedded: true, tolerances: ['one-login-refuses-others'], ...peerChecks }),
      run({ embedded: true, vacuity: 'refuses-400', includeExperimental: true, confirm: false }),
      run({
        embedded: true,
        tolerances: ['features-lack-helpers'],
        grep: '^(channel|guild\\.role)\\.(update|delete)/',
        includeExperimental: true,
        confirm: false,
      }),
    ]);
    [withoutPeer, partial, requestsOnly, everyGuild, clean] = await Promise.all([
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
      // The mute checks left out: a machine too busy for their short window leaves them undecided (the world's
      // cause, rightly), which a clean reference on an idle machine never shows.
      run({ embedded: true, grep: '^(?!.*mute)', confirm: false }),
    ]);
  }, 120_000);
  afterAll(() => bare?.close());

  it('the clean reference prints none', () => {
    expect(clean.checks.length).toBeGreaterThan(100);
    expect(clean.checks.filter((check) => check.status === 'skip').length).toBeGreaterThan(0);
    expect(clean.undecidedCauses).toBeUndefined();
    expect(undecidedBlock(clean)).toBe('');
    expect(String(renderMarkdown(clean, {}))).not.toContain('What was not decided');
    expect(String(renderHtml(clean, {}))).not.toContain('id="undecided-causes"');
  });

  it('no peer flags: the peer is unreachable (none given), with its checks', () => {
    const cause = expectPrinted(withoutPeer, 'peer-unreachable', 'none given');
    expect(cause.decide).toMatch(/--peer-token/);
    expect(cause.checkIds).toContain('guild.member.mute/blocks-peer-until-unmuted');
  });

  it('a peer served as the bot (tolerance one-login-ignores-identity): the peer unreachable, served as the bot', () => {
    const cause = expectPrinted(servedAsBot, 'peer-unreachable', 'served as the bot');
    expect(cause.checkIds).toEqual(
      expect.arrayContaining([
        'guild.member.mute/blocks-peer-until-unmuted',
        'channel.mute/blocks-peer-until-unmuted',
      ]),
    );
    expect(cause.decide).toMatch(/--peer-token/);
  });

  it('a peer refused (tolerance one-login-refuses-others): the peer unreachable, refused', () => {
    const cause = expectPrinted(peerRefused, 'peer-unreachable', 'refused');
    expect(cause.detail ?? cause.title).toMatch(/403|login not found/);
    expect(cause.checkIds).toContain('guild.member.mute/duration-is-milliseconds');
  });

  it('every operation refused (preset refuses-400): the refusing operations, by operation and status', () => {
    const refused = (refuses400.undecidedCauses ?? []).filter((cause) => cause.kind === 'operation-refused');
    expect(refused).toHaveLength(1);
    const list = expectPrinted(refuses400, 'operation-refused', 'HTTP 4xx');
    expect(list.operations.length).toBeGreaterThan(5);
    expect(list.title).toMatch(/refuse every request, the complete valid one too/);
    expect(list.checkIds).toContain('message.list/missing-required-field-is-refused');
    // A check whose control needs a helper refused as that operation is refused whole is held by the
    // operation's refusal: one cause however many checks it touched (issue 47).
    expect(list.checkIds).toContain('channel.mute/missing-required-field-is-refused');
  });

  it('a helper the login does not offer (tolerance features-lack-helpers): the helper missing, named', () => {
    const cause = expectPrinted(helpersMissing, 'helper-missing', 'channel.create');
    expect(cause.checkIds).toEqual(
      expect.arrayContaining(['channel.update/renames-channel', 'channel.delete/deletes-channel']),
    );
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
    expect(causes[0].kind).toBe('no-events');
    expect(validate('report', JSON.parse(JSON.stringify(withoutPeer)))).toEqual([]);
    const markdown = String(renderMarkdown(withoutPeer, {}));
    expect(markdown).toContain('### What was not decided, and why');
    expect(markdown.indexOf('What was not decided')).toBeLessThan(markdown.indexOf('| Level'));
    const html = String(renderHtml(withoutPeer, {}));
    for (const cause of causes) expect(html).toContain(`data-undecided-cause="${cause.id}"`);
    expect(html.indexOf('<div class="cards">')).toBeLessThan(html.indexOf('id="undecided-causes"'));
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
    const cause = expectPrinted(requestsOnly, 'event-never-came');
    for (const type of ['guild-updated', 'guild-removed']) expect(cause.title).toContain(type);
    expect(cause.detail).toMatch(/cannot cause 'guild-added': HTTP 501/);
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
