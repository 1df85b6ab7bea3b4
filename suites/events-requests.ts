/**
 * Events (§6), requests: the kick link of a member added through an approved join request, and the
 * request flows (a request event answered with its approve operation). Events are correlated by the ids
 * of what the check created; waits are bounded by --event-timeout. The other operation → event links are
 * in events-links.ts.
 */
import { tr } from '../src/i18n/index.js';
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import {
  describeEvent,
  eventProblems,
  eventSince,
  eventUserId,
  expectCausedEvent,
  requireOk,
  resourceId,
} from './_lib/events.js';
import { describeUserShaped, friendRequestFlow, judgeAdded, judgeNoneAdded } from './_lib/friend-requests.js';
import { DECLINE_CHECKS, guildInvitationFlow } from './_lib/guild-invitations.js';
import { CLEAR_READER, joinRequestFlow, judgeAdmitted, judgeMember } from './_lib/join-requests.js';
import { FRIEND_ITEMS_ARE_USERS } from './_lib/readers.js';
import { expectAnswered, type IncomingRequest, type RequestEvent } from './_lib/requests.js';

// ── Join requests: the kick of the member the admit flow added (the only one it may kick) ──

const kickLink = defineCheck({
  id: 'guild.member.kick/emits-guild-member-removed',
  title: 'guild.member.kick of a member the check added causes guild-member-removed (link inferred, §6)',
  level: 'should',
  rules: ['EVT-LINK-INFERRED'],
  operations: ['guild.member.approve', 'guild.member.kick'],
  helpers: ['guild.member.approve'],
  needs: ['events', 'trigger'],
  holds: ['join-requests'],
  async run(t: CheckContext) {
    const guildId = t.sandbox.guildId;
    const flow = await joinRequestFlow(t, true);
    const { missing, request, answer, member, kick } = flow;
    if (!request || !answer || !member) return t.skip(missing ?? tr`no join request`);
    requireOk(t, answer, tr`guild.member.approve with approve true`);
    const admitted = judgeAdmitted(t, flow);
    if (admitted.member === undefined) t.undecided(admitted.how, CLEAR_READER);
    if (!admitted.member)
      t.skip(tr`the approved requester ${request.userId} did not become a member (${admitted.how})`);
    if (!kick) return t.skip(tr`the approved requester ${request.userId} was not kicked`);
    requireOk(t, kick.kicked, 'guild.member.kick');
    // The flow is over and the event names this requester: the next join-request flow may start.
    t.release('join-requests');
    await expectCausedEvent(t, {
      cause: tr`guild.member.kick of ${request.userId}`,
      type: 'guild-member-removed',
      carrying: tr`guild.id ${guildId} and user.id ${request.userId}`,
      matches: (event) => resourceId(event, 'guild') === guildId && eventUserId(event) === request.userId,
      mark: kick.mark,
    });
  },
});

// ── Request flows (§6: request events answered with guild.approve / guild.member.approve / friend.approve) ──

/** The request's event carries its required resources (§6). */
/** The flow's trigger caused its request event (§6): else what the flow saw instead. */
function expectRequestEvent(
  t: CheckContext,
  type: RequestEvent,
  flow: { request?: IncomingRequest; missing?: string },
): void {
  t.expect(
    flow.request?.event !== undefined,
    tr`the triggered request causes a ${type} event within ${t.events.timeoutMs} ms (§6)`,
    // English in every language: EVENT_NEVER_CAME (src/runner/causes.ts) reads "observed no <type> event".
    flow.missing ?? `no ${type} event with message.id ${flow.request?.requestId}`,
  );
}

function checkRequestEvent(t: CheckContext, type: RequestEvent, request: IncomingRequest): void {
  const problems = request.event ? eventProblems(t, request.event, type) : [];
  t.expect(
    problems.length === 0,
    tr`the ${type} event carries its required resources (§6)`,
    tr`${problems.join('; ')} in ${describeEvent(request.event)}`,
  );
}

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
    helpers: ['guild.list', ...(approve ? [] : (['guild.member.get'] as const))],
    needs: ['events', 'trigger'],
    holds: ['guild-invitations'],
    // After the declines: where the bot cannot leave a joined guild, they could not observe a decline.
    ...(approve ? { startsAfter: DECLINE_CHECKS } : {}),
    async run(t: CheckContext) {
      const flow = await guildInvitationFlow(t, approve);
      expectRequestEvent(t, 'guild-request', flow);
      const { request, answer, joined } = flow;
      if (!request || !answer || !joined) return t.skip(tr`no invitation`);
      checkRequestEvent(t, 'guild-request', request);
      const { guildId } = request;
      expectAnswered(t, 'guild-request', answer, approve);
      if (!approve && !joined.joined && joined.doubt && !flow.joinedEvent)
        t.undecided(
          tr`not seen joining guild ${guildId}, but ${joined.doubt}`,
          tr`see guild.approve/reject-does-not-join`,
        );
      t.expect(
        joined.joined === approve,
        approve
          ? tr`guild.list lists ${guildId} after the approval`
          : tr`the current user is not a member of ${guildId} after the refusal (guild.member.get refuses it, or guild.list omits it)`,
        joined.how,
      );
      if (approve) {
        t.note(
          flow.followUp
            ? tr`guild-added followed the approval (validated by event.guild-added/required-resources)`
            : tr`no guild-added followed the approval within ${t.events.timeoutMs} ms (the link is inferred, not stated)`,
        );
      } else {
        t.expect(
          !flow.joinedEvent,
          tr`no guild-added for ${guildId} after a refused invitation`,
          describeEvent(flow.joinedEvent),
        );
      }
    },
  });
}

/**
 * The friend-request flow: the event arrives, and friend.approve changes friend.list as answered (§4.7,
 * §6); judged on the flow observed once per answer (./_lib/friend-requests.ts), which the friends checks
 * judge too.
 */
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
    // friend.list observes, friend.delete only undoes the friendship: helpers (issue 46 item 2).
    helpers: ['friend.list', ...(approve ? (['friend.delete'] as const) : [])],
    needs: ['events', 'trigger'],
    holds: ['friend-requests'],
    async run(t: CheckContext) {
      const flow = await friendRequestFlow(t, approve);
      expectRequestEvent(t, 'friend-request', flow);
      const { request, answer } = flow;
      if (!request || !answer) return t.skip(tr`no friend request`);
      checkRequestEvent(t, 'friend-request', request);
      const requester = request.userId;
      expectAnswered(t, 'friend-request', answer, approve);
      if (!approve) return judgeNoneAdded(t, flow);
      const judged = judgeAdded(t, flow);
      // A User-shaped list cannot show the requester as a friend (friend.approve/approve-adds-requester fails it).
      if (judged.userShaped.length > 0)
        t.undecided(
          tr`${FRIEND_ITEMS_ARE_USERS}; ${describeUserShaped(judged, requester)}`,
          tr`see friend.approve/approve-adds-requester`,
        );
      const { added } = judged;
      t.expect(
        requester ? added.includes(requester) : added.length === 1,
        tr`friend.list shows the requester ${requester ?? ''} as a new friend`,
        added,
      );
    },
  });
}

/**
 * The join-request flow: the event arrives, and guild.member.approve changes the membership as answered
 * (§4.4, §6); judged on the flow observed once per answer (./_lib/join-requests.ts), which the members
 * checks judge too.
 */
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
    helpers: ['guild.member.get', ...(approve ? (['guild.member.kick'] as const) : [])],
    needs: ['events', 'trigger'],
    holds: ['join-requests'],
    async run(t: CheckContext) {
      const guildId = t.sandbox.guildId;
      const flow = await joinRequestFlow(t, approve);
      expectRequestEvent(t, 'guild-member-request', flow);
      const { request, answer, member, mark } = flow;
      if (!request || !answer || !member || mark === undefined) return t.skip(tr`no join request`);
      checkRequestEvent(t, 'guild-member-request', request);
      expectAnswered(t, 'guild-member-request', answer, approve);
      // Judged by the readers the run proved (guild.member.get, guild.member.list, guild-member-added).
      const judged = approve
        ? judgeAdmitted(t, flow)
        : judgeMember(t, flow.reader!, flow.after!, request.userId);
      if (judged.member === undefined) t.undecided(judged.how, CLEAR_READER);
      t.expect(
        judged.member === approve,
        approve
          ? tr`the requester ${request.userId} is a member after the approval`
          : tr`the requester ${request.userId} is not a member after the refusal`,
        judged.how,
      );
      if (approve) {
        // The flow is over: the next join-request flow need not wait for this note.
        t.release('join-requests');
        const added = await eventSince(
          t,
          mark,
          'guild-member-added',
          (event) => resourceId(event, 'guild') === guildId && eventUserId(event) === request.userId,
        );
        t.note(
          added
            ? tr`guild-member-added followed the approval (validated by event.guild-member-added/required-resources)`
            : tr`no guild-member-added followed the approval within ${t.events.timeoutMs} ms (the link is inferred, not stated)`,
        );
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
