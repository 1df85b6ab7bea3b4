/**
 * Events (§6), requests: the kick link of a member added through an approved join request, and the
 * request flows (a request event answered with its approve operation). Events are correlated by the ids
 * of what the check created; waits are bounded by --event-timeout. The other operation → event links are
 * in events-links.ts.
 */
import {
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
  type ObservedEvent,
} from '../src/runner/check.js';
import {
  describeEvent,
  eventProblems,
  eventUserId,
  expectCausedEvent,
  requireOk,
  resourceId,
} from './_lib/events.js';
import { readGuildJoined } from './_lib/guild-membership.js';
import { listFresh, userIdOf } from './_lib/lists.js';
import { type IncomingRequest, type RequestEvent, receiveRequest } from './_lib/requests.js';

// ── Join requests: a member the check adds through an approved request (the only one it may kick) ──

/** The ledger kicks a member the check added through an approved join request. */
const trackAddedMember = (t: CheckContext, userId: string): void =>
  t.track({
    kind: 'guild member',
    label: `member ${userId} of guild ${t.sandbox.guildId} (added through guild.member.approve)`,
    undo: ['guild.member.kick', { guild_id: t.sandbox.guildId, user_id: userId }],
  });

/**
 * Asks the trigger for a join request to the sandbox guild, read from its guild-member-request event;
 * `requireEvent` for the flow checks, whose subject is that event.
 */
async function joinRequest(
  t: CheckContext,
  requireEvent = false,
): Promise<IncomingRequest & { userId: string }> {
  const request = await receiveRequest(
    t,
    'guild-member-request',
    { guild_id: t.sandbox.guildId },
    { requireEvent },
  );
  const { userId } = request;
  if (userId === undefined) {
    t.skip('neither the guild-member-request event nor the trigger’s answer names the requester');
  }
  return { ...request, userId };
}

const kickLink = defineCheck({
  id: 'guild.member.kick/emits-guild-member-removed',
  title: 'guild.member.kick of a member the check added causes guild-member-removed (link inferred, §6)',
  level: 'should',
  rules: ['EVT-LINK-INFERRED'],
  operations: ['guild.member.approve', 'guild.member.kick'],
  needs: ['events', 'trigger'],
  holds: ['join-requests'],
  async run(t: CheckContext) {
    const guildId = t.sandbox.guildId;
    const request = await joinRequest(t);
    const approved = await t.call('guild.member.approve', { message_id: request.requestId, approve: true });
    const member = await t.call('guild.member.get', { guild_id: guildId, user_id: request.userId });
    if (member.ok || approved.ok) trackAddedMember(t, request.userId);
    requireOk(t, approved, 'guild.member.approve with approve true');
    requireOk(t, member, `guild.member.get of the approved requester ${request.userId}`);
    const mark = t.events.mark();
    const kicked = await t.call('guild.member.kick', { guild_id: guildId, user_id: request.userId });
    requireOk(t, kicked, 'guild.member.kick');
    // The flow is over and the event names this requester: the next join-request flow may start.
    t.release('join-requests');
    await expectCausedEvent(t, {
      cause: `guild.member.kick of ${request.userId}`,
      type: 'guild-member-removed',
      carrying: `guild.id ${guildId} and user.id ${request.userId}`,
      matches: (event) => resourceId(event, 'guild') === guildId && eventUserId(event) === request.userId,
      mark,
    });
  },
});

// ── Request flows (§6: request events answered with guild.approve / guild.member.approve / friend.approve) ──

/** Asks the trigger for a request; its event must arrive and carry its required resources (§6). */
async function expectRequestEvent(
  t: CheckContext,
  type: RequestEvent,
  payload: Record<string, unknown> = {},
): Promise<IncomingRequest> {
  const request = await receiveRequest(t, type, payload, { requireEvent: true });
  checkRequestEvent(t, type, request);
  return request;
}

/** The request's event carries its required resources (§6). */
function checkRequestEvent(t: CheckContext, type: RequestEvent, request: IncomingRequest): void {
  const problems = request.event ? eventProblems(t, request.event, type) : [];
  t.expect(
    problems.length === 0,
    `the ${type} event carries its required resources (§6)`,
    `${problems.join('; ')} in ${describeEvent(request.event)}`,
  );
}

/**
 * A follow-up event of an approve (guild-added, guild-member-added): noted, since the link is inferred, not
 * stated; its resources are judged with every other event of its type by event.<type>/required-resources.
 */
async function followUp(
  t: CheckContext,
  type: string,
  matches: (event: ObservedEvent) => boolean,
): Promise<void> {
  const event = await t.events.tryWaitFor((candidate) => candidate.type === type && matches(candidate));
  t.note(
    event
      ? `${type} followed the approval (validated by event.${type}/required-resources)`
      : `no ${type} followed the approval within ${t.events.timeoutMs} ms (the link is inferred, not stated)`,
  );
}

const friendIds = async (t: CheckContext): Promise<Set<string>> => {
  const { items } = await listFresh(t, 'friend.list', {});
  return new Set(items.map(userIdOf).filter((id): id is string => id !== undefined));
};

/** Leaves a guild joined through an approve (trigger guild-removed); a refusal is noted, not thrown. */
async function leaveGuild(t: CheckContext, guildId: string): Promise<void> {
  try {
    await t.trigger('guild-removed', { guild_id: guildId });
  } catch (error) {
    t.note(`could not leave guild ${guildId} through the trigger: ${(error as Error).message}`);
  }
}

const flowChecks: CheckSpec[] = [true, false].flatMap((approve) => {
  const verb = approve ? 'approve-true' : 'approve-false';
  return [
    defineCheck({
      id: `event.friend-request/${verb}`,
      title: approve
        ? 'A friend-request event arrives and friend.approve true makes the requester a friend'
        : 'A friend-request event arrives and friend.approve false adds no friend',
      level: 'must',
      rules: ['EVT-REQUEST-FLOW', 'FRIEND-APPROVE-1', 'EVT-FRIEND-REQUEST'],
      operations: ['friend.approve', 'friend.list', ...(approve ? (['friend.delete'] as const) : [])],
      needs: ['events', 'trigger'],
      holds: ['friend-requests'],
      async run(t: CheckContext) {
        const before = await friendIds(t);
        const request = await expectRequestEvent(t, 'friend-request');
        const requester = request.userId;
        if (requester && before.has(requester))
          t.skip(`the requester ${requester} is already a friend: nothing to observe`);
        const answer = await t.call('friend.approve', { message_id: request.requestId, approve });
        const added: string[] = [];
        try {
          const after = await friendIds(t);
          added.push(...[...after].filter((id) => !before.has(id)));
          for (const userId of added) {
            t.track({
              kind: 'friend',
              label: `friend ${userId} (added by approving a request)`,
              undo: ['friend.delete', { user_id: userId }],
            });
          }
          t.expectOk(answer, `friend.approve with approve ${approve}`);
          if (approve) {
            t.expect(
              requester ? added.includes(requester) : added.length === 1,
              `friend.list shows the requester ${requester ?? ''} as a new friend`,
              added,
            );
          } else {
            t.expect(added.length === 0, 'friend.list shows no new friend after a refused request', added);
          }
        } finally {
          // The requester must be a stranger again for the next friend-request (the ledger is the fallback).
          for (const userId of added) await t.call('friend.delete', { user_id: userId });
        }
      },
    }),

    defineCheck({
      id: `event.guild-request/${verb}`,
      title: approve
        ? 'A guild-request event arrives and guild.approve true joins the guild'
        : 'A guild-request event arrives and guild.approve false joins nothing',
      level: 'must',
      rules: ['EVT-REQUEST-FLOW', 'GUILD-APPROVE-1', 'EVT-GUILD-REQUEST'],
      operations: ['guild.approve', 'guild.list', ...(approve ? [] : (['guild.member.get'] as const))],
      needs: ['events', 'trigger'],
      holds: ['guild-invitations'],
      async run(t: CheckContext) {
        const request = await expectRequestEvent(t, 'guild-request');
        const guildId = request.guildId;
        if (guildId === undefined)
          t.skip('neither the guild-request event nor the trigger’s answer names the inviting guild');
        const mark = t.events.mark();
        const answer = await t.call('guild.approve', { message_id: request.requestId, approve });
        let joined: boolean | undefined;
        let how = '';
        try {
          ({ joined, how } = await readGuildJoined(t, guildId, approve));
        } finally {
          // Tracked unless it is sure that nothing was joined.
          if (joined !== false) {
            t.track({
              kind: 'guild membership',
              label: `membership of guild ${guildId} (joined through guild.approve)`,
              undo: ['trigger:guild-removed', { guild_id: guildId }],
            });
          }
        }
        try {
          t.expectOk(answer, `guild.approve with approve ${approve}`);
          t.expect(
            joined === approve,
            approve
              ? `guild.list lists ${guildId} after the approval`
              : `the current user is not a member of ${guildId} after the refusal (guild.member.get refuses it, or guild.list omits it)`,
            how,
          );
          if (approve) {
            await followUp(t, 'guild-added', (event) => resourceId(event, 'guild') === guildId);
          } else {
            const joinedEvent = t.events
              .since(mark)
              .find((event) => event.type === 'guild-added' && resourceId(event, 'guild') === guildId);
            t.expect(
              !joinedEvent,
              `no guild-added for ${guildId} after a refused invitation`,
              describeEvent(joinedEvent),
            );
          }
        } finally {
          // Leave again at once: the next invitation needs a guild the bot is not in. A trigger that cannot
          // cause guild-removed leaves it to the ledger, which reports it; the flow's verdict stands.
          if (joined) await leaveGuild(t, guildId);
        }
      },
    }),

    defineCheck({
      id: `event.guild-member-request/${verb}`,
      title: approve
        ? 'A guild-member-request event arrives and guild.member.approve true adds the member'
        : 'A guild-member-request event arrives and guild.member.approve false adds nobody',
      level: 'must',
      rules: ['EVT-REQUEST-FLOW', 'MEMBER-APPROVE-1', 'EVT-GUILD-MEMBER-REQUEST'],
      operations: [
        'guild.member.approve',
        'guild.member.get',
        ...(approve ? (['guild.member.kick'] as const) : []),
      ],
      needs: ['events', 'trigger'],
      holds: ['join-requests'],
      async run(t: CheckContext) {
        const guildId = t.sandbox.guildId;
        const request = await joinRequest(t, true);
        checkRequestEvent(t, 'guild-member-request', request);
        const before = await t.call('guild.member.get', { guild_id: guildId, user_id: request.userId });
        if (before.ok)
          t.skip(
            `the requester ${request.userId} is already a member of guild ${guildId}: nothing to observe`,
          );
        const answer = await t.call('guild.member.approve', { message_id: request.requestId, approve });
        const member = await t.call('guild.member.get', { guild_id: guildId, user_id: request.userId });
        if (member.ok) trackAddedMember(t, request.userId);
        try {
          t.expectOk(answer, `guild.member.approve with approve ${approve}`);
          t.expect(
            member.ok === approve,
            approve
              ? `guild.member.get finds the requester ${request.userId} after the approval`
              : `guild.member.get does not find the requester ${request.userId} after the refusal`,
            `HTTP ${member.status}`,
          );
          if (approve) {
            await followUp(
              t,
              'guild-member-added',
              (event) => resourceId(event, 'guild') === guildId && eventUserId(event) === request.userId,
            );
          }
        } finally {
          // Kick at once: the next join request needs the requester outside the guild (the ledger is the fallback).
          if (member.ok) await t.call('guild.member.kick', { guild_id: guildId, user_id: request.userId });
        }
      },
    }),
  ];
});

const checks: CheckSpec[] = [kickLink, ...flowChecks];

export default defineSuite('events', checks);
