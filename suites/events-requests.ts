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
import { DECLINE_CHECKS, guildInvitationFlow } from './_lib/guild-invitations.js';
import { listFresh, userIdOf } from './_lib/lists.js';
import {
  CLEAR,
  freshRequest,
  type IncomingRequest,
  type RequestEvent,
  receiveRequest,
  requesterAlreadyMember,
} from './_lib/requests.js';

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
    // Only a member the check itself admits may be kicked: the requester must not be one already.
    const request = await freshRequest(
      t,
      () => joinRequest(t),
      requesterAlreadyMember(t, guildId),
      CLEAR.alreadyMember,
    );
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

/**
 * The guild-request flow: judged on the invitation flow observed once per answer (./_lib/guild-invitations.ts),
 * which guild.approve/* judges too.
 */
function guildRequestFlowCheck(approve: boolean): CheckSpec {
  return defineCheck({
    id: `event.guild-request/${approve ? 'approve-true' : 'approve-false'}`,
    title: approve
      ? 'A guild-request event arrives and guild.approve true joins the guild'
      : 'A guild-request event arrives and guild.approve false joins nothing',
    level: 'must',
    rules: ['EVT-REQUEST-FLOW', 'GUILD-APPROVE-1', 'EVT-GUILD-REQUEST'],
    operations: ['guild.approve', 'guild.list', ...(approve ? [] : (['guild.member.get'] as const))],
    needs: ['events', 'trigger'],
    holds: ['guild-invitations'],
    // After the declines: where the bot cannot leave a joined guild, they could not observe a decline.
    ...(approve ? { startsAfter: DECLINE_CHECKS } : {}),
    async run(t: CheckContext) {
      const flow = await guildInvitationFlow(t, approve);
      t.expect(
        flow.request?.event !== undefined,
        `the triggered request causes a guild-request event within ${t.events.timeoutMs} ms (§6)`,
        flow.missing ?? `no guild-request event with message.id ${flow.request?.requestId}`,
      );
      const { request, answer, joined } = flow;
      if (!request || !answer || !joined) return t.skip('no invitation');
      checkRequestEvent(t, 'guild-request', request);
      const { guildId } = request;
      t.expectOk(answer, `guild.approve with approve ${approve}`);
      t.expect(
        joined.joined === approve,
        approve
          ? `guild.list lists ${guildId} after the approval`
          : `the current user is not a member of ${guildId} after the refusal (guild.member.get refuses it, or guild.list omits it)`,
        joined.how,
      );
      if (approve) {
        t.note(
          flow.followUp
            ? 'guild-added followed the approval (validated by event.guild-added/required-resources)'
            : `no guild-added followed the approval within ${t.events.timeoutMs} ms (the link is inferred, not stated)`,
        );
      } else {
        t.expect(
          !flow.joinedEvent,
          `no guild-added for ${guildId} after a refused invitation`,
          describeEvent(flow.joinedEvent),
        );
      }
    },
  });
}

/** The friend-request flow: the event arrives, and friend.approve changes friend.list as answered (§4.7, §6). */
function friendRequestFlowCheck(approve: boolean): CheckSpec {
  const verb = approve ? 'approve-true' : 'approve-false';
  return defineCheck({
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
      const request = await freshRequest(
        t,
        () => expectRequestEvent(t, 'friend-request'),
        async ({ userId }) =>
          userId && before.has(userId)
            ? `the requester ${userId} was already a friend before its request`
            : undefined,
        CLEAR.alreadyFriend,
      );
      const requester = request.userId;
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
  });
}

/** The join-request flow: the event arrives, and guild.member.approve changes the membership as answered (§4.4, §6). */
function memberRequestFlowCheck(approve: boolean): CheckSpec {
  const verb = approve ? 'approve-true' : 'approve-false';
  return defineCheck({
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
      const request = await freshRequest(
        t,
        () => joinRequest(t, true),
        requesterAlreadyMember(t, guildId),
        CLEAR.alreadyMember,
      );
      checkRequestEvent(t, 'guild-member-request', request);
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
  });
}

const flowChecks: CheckSpec[] = [true, false].flatMap((approve) => [
  friendRequestFlowCheck(approve),
  guildRequestFlowCheck(approve),
  memberRequestFlowCheck(approve),
]);

const checks: CheckSpec[] = [kickLink, ...flowChecks];

export default defineSuite('events', checks);
