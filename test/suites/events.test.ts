/**
 * The event suites (suites/events*.ts) against the embedded reference: all pass over WebSocket and over
 * webhook, and representative faults make the checks that cite their rules fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';

/** Short event waits keep the fault runs fast (a missing event is waited for this long). */
const EVENT_TIMEOUT_MS = 1500;

const runEvents = (options: Parameters<typeof run>[0]): Promise<RunResult> =>
  run({
    suites: ['events'],
    includeExperimental: true,
    level: 'should',
    eventTimeoutMs: EVENT_TIMEOUT_MS,
    ...options,
  });

const byStatus = (result: RunResult, status: CheckResult['status']) =>
  result.checks.filter((check) => check.status === status).map((check) => check.id);

const problems = (result: RunResult) =>
  result.checks
    .filter((check) => check.status === 'fail' || check.status === 'error')
    .map((check) => `${check.id}: ${check.reason}`);

describe('event suites against the clean reference', () => {
  let reference: ReferenceServer;
  beforeAll(async () => {
    reference = await startReference();
  });
  afterAll(() => reference.close());

  it('pass over WebSocket (only the webhook check skips, with its reason)', async () => {
    const result = await runEvents({ reference });
    expect(problems(result)).toEqual([]);
    expect(byStatus(result, 'skip')).toEqual(['events.webhook/delivery-headers']);
    const skipped = result.checks.find((check) => check.status === 'skip');
    expect(skipped?.reason).toMatch(/--events webhook/);
    expect(byStatus(result, 'pass').length).toBeGreaterThanOrEqual(40);
    // Nothing left behind: each undone, or found gone when its undo came ('absent', seen once beside a busy
    // loop for a reaction whose message was gone): neither is left on the server.
    expect(result.cleanup?.filter((record) => !['undone', 'absent'].includes(record.status))).toEqual([]);
  });

  it('pass over webhook (the WebSocket lifecycle checks skip, with their reason)', async () => {
    const result = await runEvents({ reference, events: 'webhook' });
    expect(problems(result)).toEqual([]);
    const skipped = result.checks.filter((check) => check.status === 'skip');
    expect(skipped.map((check) => check.id).sort()).toEqual(
      [
        'events.stream/sn-strictly-increases',
        'events.ws/no-events-before-identify',
        'events.ws/ping-answered-with-pong',
        'events.ws/ready-lists-logins',
        'events.ws/resume-replays-missed',
        'events.ws/wrong-token-refused',
      ].sort(),
    );
    for (const check of skipped) expect(check.reason).toMatch(/webhook/);
    expect(byStatus(result, 'pass')).toContain('events.webhook/delivery-headers');
  });
});

describe('event suites against faults', () => {
  const cases: { fault: string; grep?: string; events?: 'webhook'; failing: string[] }[] = [
    { fault: 'ws-no-pong', grep: '^events\\.ws/', failing: ['events.ws/ping-answered-with-pong'] },
    {
      fault: 'ws-events-before-identify',
      grep: '^events\\.ws/',
      failing: ['events.ws/no-events-before-identify'],
    },
    // Issue 32: the stream without READY (op 4) is read on; only READY's check fails, at should.
    { fault: 'ws-no-ready', grep: '^events\\.ws/', failing: ['events.ws/ready-lists-logins'] },
    { fault: 'ws-ready-unasked-op0', grep: '^events\\.ws/', failing: ['events.ws/ready-lists-logins'] },
    { fault: 'ws-resume-ignored', grep: '^events\\.ws/', failing: ['events.ws/resume-replays-missed'] },
    { fault: 'event-sn-repeated', grep: 'sn-strictly', failing: ['events.stream/sn-strictly-increases'] },
    { fault: 'event-envelope-legacy', grep: 'envelope', failing: ['events.stream/envelope-fields'] },
    {
      fault: 'event-missing-on-message-create',
      grep: '^message\\.create/',
      failing: ['message.create/emits-message-created'],
    },
    {
      fault: 'event-missing-on-guild-member-kick',
      grep: 'guild\\.member\\.kick/',
      failing: ['guild.member.kick/emits-guild-member-removed'],
    },
    {
      fault: 'event-name-reaction-deleted',
      grep: 'reaction\\.delete/|events\\.names/',
      failing: ['events.names/known-types', 'reaction.delete/emits-reaction-removed'],
    },
    {
      fault: 'event-guild-updated-no-guild',
      grep: 'guild-updated/',
      failing: ['event.guild-updated/required-resources'],
    },
    {
      fault: 'friend-approve-no-op',
      grep: '^event\\.friend-request/',
      failing: ['event.friend-request/approve-true'],
    },
    {
      fault: 'webhook-no-auth',
      grep: 'webhook',
      events: 'webhook',
      failing: ['events.webhook/delivery-headers'],
    },
  ];

  // Side by side (vitest's maxConcurrency: five at a time), each against its own reference: most of a
  // run is waiting on its event windows.
  for (const { fault, grep, events, failing } of cases) {
    it.concurrent(`${fault} fails ${failing.join(', ')} and nothing else`, async () => {
      const reference = await startReference({ faults: [fault] });
      try {
        const result = await runEvents({
          reference,
          ...(grep ? { grep } : {}),
          ...(events ? { events } : {}),
        });
        expect(byStatus(result, 'error')).toEqual([]);
        expect(byStatus(result, 'fail').sort()).toEqual([...failing].sort());
        const cited = new Set(
          result.checks.filter((check) => check.status === 'fail').flatMap((c) => c.rules),
        );
        const rules = (await import('../../src/reference/index.js')).faultCatalogue.find(
          (f) => f.id === fault,
        )!.rules;
        expect(rules.some((rule) => cited.has(rule))).toBe(true);
      } finally {
        await reference.close();
      }
    });
  }
});

// Issue 9 items 3-4: the request is read from its event (message.id = request id); the trigger's answer
// is optional, and a trigger that can cause only the request events makes no check error or fail.
describe('request flows read from the events', () => {
  const FLOW_CHECKS = [
    'event.friend-request/approve-true',
    'event.friend-request/approve-false',
    'event.guild-request/approve-true',
    'event.guild-request/approve-false',
    'event.guild-member-request/approve-true',
    'event.guild-member-request/approve-false',
    'guild.approve/approve-joins-guild',
    'guild.approve/reject-does-not-join',
    'guild.member.approve/approve-adds-member',
    'guild.member.kick/removes-member',
    'guild.member.kick/emits-guild-member-removed',
    'friend.approve/approve-adds-requester',
  ];

  it.concurrent.each([['trigger-answers-nothing'], ['trigger-answers-id-only'], ['trigger-requests-only']])(
    'pass (not skip) when the reference tolerates %s',
    async (tolerance) => {
      const reference = await startReference({ tolerances: [tolerance] });
      try {
        const result = await run({
          reference,
          suites: ['events', 'guilds', 'members', 'friends'],
          includeExperimental: true,
          eventTimeoutMs: EVENT_TIMEOUT_MS,
        });
        expect(problems(result)).toEqual([]);
        const statuses = Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
        for (const id of FLOW_CHECKS) expect([id, statuses[id]]).toEqual([id, 'pass']);
        // A trigger that cannot cause an event skips with its answer, never errors.
        for (const check of result.checks.filter((entry) => entry.status === 'skip')) {
          expect(check.reason).not.toMatch(/^the trigger .* failed/);
        }
      } finally {
        await reference.close();
      }
    },
    60_000,
  );
});

describe('guild.member.role.set/emits-guild-member-updated', () => {
  const runRoleSetLink = (reference: ReferenceServer) =>
    run({
      reference,
      grep: 'guild.member.role.set/emits-guild-member-updated',
      includeExperimental: true,
      level: 'should',
      eventTimeoutMs: EVENT_TIMEOUT_MS,
    });

  it("sets the role on the bot's own member record (nothing else changes it), else on the peer's", async () => {
    const own = await startReference();
    const refusing = await startReference({
      // A platform where the bot may not take a role itself.
      intercept: ({ operation, fields, identity }) =>
        operation === 'guild.member.role.set' && fields.user_id === identity.userId
          ? { status: 403, body: { message: 'a bot may not take a role itself' } }
          : undefined,
    });
    try {
      const [onSelf, onPeer] = await Promise.all([runRoleSetLink(own), runRoleSetLink(refusing)]);
      expect(onSelf.checks.map((check) => check.status)).toEqual(['pass']);
      expect(onSelf.checks[0].evidence?.notes ?? []).toEqual([]);
      expect(onPeer.checks.map((check) => check.status)).toEqual(['pass']);
      expect(onPeer.checks[0].evidence?.notes).toContainEqual(expect.stringContaining('answered HTTP 403'));
    } finally {
      await Promise.all([own.close(), refusing.close()]);
    }
  });
});
