/**
 * Events (§6): every event observed during the whole run validated against its §6 row, one check per
 * event type. The transport lifecycle and the envelope are in events-transport.ts; the operation → event
 * links in events-links.ts and events-requests.ts.
 */
import type { OperationId } from '../spec/catalogue.js';
import { events as eventCatalogue } from '../spec/events.js';
import { tr } from '../src/i18n/index.js';
import {
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
  type ObservedEvent,
} from '../src/runner/check.js';
import {
  cameUnderAnotherName,
  describeEvent,
  eventProblems,
  makeChannel,
  makeMessage,
  makeReaction,
  makeRole,
  requireOk,
  rolePayload,
  trackRoleAssignment,
  triggering,
  triggerMemberOf,
  triggerOwnGuild,
} from './_lib/events.js';
import { trackJoinedGuild } from './_lib/guild-invitations.js';
import { readGuildJoined } from './_lib/guild-membership.js';
import { eventSignature } from './_lib/judge.js';
import { uniqueName } from './_lib/lists.js';
import { requireOffered } from './_lib/offered.js';
import { receiveRequest, requesterAlreadyMember } from './_lib/requests.js';

// ── One passive check per §6 event: every observed event of the type, validated after all other checks ──

interface Cause {
  /** How the check causes one when the run observed none, in words (in the run's language). */
  how(): string;
  operations: OperationId[];
  experimental?: boolean;
  /** What causing it holds (src/runner/holds.ts): a request flow of the trigger, the peer's member record. */
  holds?: CheckSpec['holds'];
  /**
   * Those of `operations` that only make the subject (channel.create, guild.role.create) or a way the
   * trigger can replace: the event is judged whenever it arrives, however the login's features stand.
   */
  helpers?: OperationId[];
  /**
   * Its ways each check the helpers they call (a way the login does not offer passes to the next, e.g.
   * the trigger); otherwise the cause is not tried where login.features omits one of `operations`.
   */
  guardsItsWays?: true;
  /** Causes one event of the type (the check then validates the next event of the type it sees). */
  run(t: CheckContext, type: string): Promise<void>;
}

/** Answers a triggered request with approve false, so that nothing is left pending. */
const refuse = (t: CheckContext, operation: string, requestId: string) =>
  t.call(operation, { message_id: requestId, approve: false });

const messageCause = (action?: 'update' | 'delete'): Cause => ({
  how: () => (action ? tr`message.create then message.${action}` : 'message.create'),
  operations: ['message.create', ...(action ? [`message.${action}` as const] : [])],
  helpers: ['message.create', ...(action ? [`message.${action}` as const] : [])],
  async run(t, type) {
    const message = await makeMessage(t, `event-${type}`);
    const fields = { channel_id: message.channelId, message_id: message.id };
    if (action === 'update') await t.call('message.update', { ...fields, content: uniqueName('updated') });
    if (action === 'delete') await t.call('message.delete', fields);
  },
});

const channelCause = (action?: 'update' | 'delete'): Cause => ({
  how: () => (action ? tr`channel.create then channel.${action}` : 'channel.create'),
  operations: ['channel.create', ...(action ? [`channel.${action}` as const] : [])],
  helpers: ['channel.create', ...(action ? [`channel.${action}` as const] : [])],
  async run(t, type) {
    const channelId = await makeChannel(t, `event-${type}`);
    if (action === 'update')
      await t.call('channel.update', { channel_id: channelId, data: { name: uniqueName('renamed') } });
    if (action === 'delete') await t.call('channel.delete', { channel_id: channelId });
  },
});

const roleCause = (action?: 'update' | 'delete'): Cause => ({
  how: () => (action ? tr`guild.role.create then guild.role.${action}` : 'guild.role.create'),
  operations: ['guild.role.create', ...(action ? [`guild.role.${action}` as const] : [])],
  helpers: ['guild.role.create', ...(action ? [`guild.role.${action}` as const] : [])],
  experimental: true,
  async run(t, type) {
    const roleId = await makeRole(t, `event-${type}`);
    const fields = { guild_id: t.sandbox.guildId, role_id: roleId };
    if (action === 'update')
      await t.call('guild.role.update', { ...fields, ...rolePayload(t, { name: uniqueName('renamed') }) });
    if (action === 'delete') await t.call('guild.role.delete', fields);
  },
});

const reactionCause = (remove: boolean): Cause => ({
  how: () => (remove ? tr`reaction.create then reaction.delete` : 'reaction.create'),
  operations: ['message.create', 'reaction.create', ...(remove ? (['reaction.delete'] as const) : [])],
  helpers: ['message.create', 'reaction.create', ...(remove ? (['reaction.delete'] as const) : [])],
  experimental: true,
  async run(t, type) {
    const message = await makeMessage(t, `event-${type}`);
    const fields = await makeReaction(t, message);
    if (remove) await t.call('reaction.delete', fields);
  },
});

type GuildStep = 'added' | 'updated' | 'removed' | 'member-added' | 'member-updated' | 'member-removed';

/** How each guild event is caused: through the interface first, the trigger only for what no operation causes. */
const GUILD_STEPS: Record<GuildStep, () => string> = {
  added: () => tr`guild.approve of a guild-request (else the trigger guild-added)`,
  updated: () => tr`the trigger (guild-added, then guild-updated: only a guild the run made is renamed)`,
  removed: () =>
    tr`the trigger (guild-added, then guild-removed: a guild it could not leave is never joined)`,
  'member-added': () =>
    tr`guild.member.approve of a guild-member-request (else the trigger guild-member-added)`,
  'member-updated': () =>
    tr`guild.member.role.set of a role the check made on the peer (else the trigger guild-member-updated)`,
  'member-removed': () =>
    tr`guild.member.kick of a member the check admitted through guild.member.approve (else the trigger)`,
};

const GUILD_OPERATIONS: Record<GuildStep, OperationId[]> = {
  added: ['guild.approve'],
  updated: [],
  removed: [],
  'member-added': ['guild.member.approve'],
  'member-updated': ['guild.role.create', 'guild.member.role.set'],
  'member-removed': ['guild.member.approve', 'guild.member.kick'],
};

/**
 * Tries each way of causing an event in turn; a way that skips (its precondition is not met, or the
 * trigger cannot cause what it needs) passes to the next. Skips with every reason when none can.
 */
async function firstPossible(t: CheckContext, ways: Array<() => Promise<void>>): Promise<void> {
  const reasons: string[] = [];
  let undecided: { state: string; clear: string } | undefined;
  for (const way of ways) {
    try {
      return await way();
    } catch (error) {
      const name = (error as Error)?.name;
      if (name !== 'CheckSkip' && name !== 'CheckUndecided') throw error;
      // A way that found a state it cannot see through (e.g. the bot already in the inviting guild) makes
      // the check undecided when no other way works: the state decided it, not the target.
      if (name === 'CheckUndecided') undecided ??= error as unknown as { state: string; clear: string };
      reasons.push((error as Error).message);
    }
  }
  const unique = [...new Set(reasons)].join('; ');
  if (undecided) t.undecided(tr`${undecided.state}; ${unique}`, undecided.clear);
  t.skip(unique);
}

/** A guild the bot joins by approving an invitation (§4.3); tracked: the ledger leaves it (trigger guild-removed). */
async function joinGuildByApprove(t: CheckContext): Promise<string> {
  requireOffered(t, ['guild.approve']);
  const { requestId, guildId } = await receiveRequest(t, 'guild-request');
  if (guildId === undefined) t.skip(tr`the guild-request names no guild to join`);
  // A guild the bot is in already would show no guild-added, and its undo would leave a guild the run found.
  if ((await readGuildJoined(t, guildId, false)).joined)
    t.undecided(
      tr`the bot was already a member of the inviting guild ${guildId}`,
      tr`remove the bot from that guild on the platform, or let the trigger invite from a guild the bot is not in (or cause guild-added)`,
    );
  const approved = await t.call('guild.approve', { message_id: requestId, approve: true });
  trackJoinedGuild(t, guildId);
  requireOk(t, approved, tr`guild.approve with approve true`);
  return guildId;
}

/** A member the check admits to the sandbox guild (§4.4 guild.member.approve); tracked (undo kick). */
async function admitMemberByApprove(t: CheckContext): Promise<string> {
  requireOffered(t, ['guild.member.approve']);
  const guildId = t.sandbox.guildId;
  const { requestId, userId } = await receiveRequest(t, 'guild-member-request', { guild_id: guildId });
  if (userId === undefined) t.skip(tr`the guild-member-request names no requester`);
  // Only a member the check itself admits may be kicked again.
  const already = await requesterAlreadyMember(t, guildId)({ userId });
  if (already) t.skip(already);
  const approved = await t.call('guild.member.approve', { message_id: requestId, approve: true });
  t.track({
    kind: 'guild member',
    label: tr`member ${userId} of guild ${guildId} (added through guild.member.approve)`,
    undo: ['guild.member.kick', { guild_id: guildId, user_id: userId }],
  });
  requireOk(t, approved, tr`guild.member.approve with approve true`);
  return userId;
}

/** A role the check makes, set on the peer (§4.5); tracked (undo unset; the role is deleted too). */
async function setRoleOnPeer(t: CheckContext): Promise<void> {
  requireOffered(t, ['guild.role.create', 'guild.member.role.set']);
  const guildId = t.sandbox.guildId;
  const userId = t.sandbox.peerId ?? t.skip(tr`no peer identity to set a role on`);
  const roleId = await makeRole(t, 'event-member-updated');
  const fields = { guild_id: guildId, user_id: userId, role_id: roleId };
  const set = await t.call('guild.member.role.set', fields);
  trackRoleAssignment(t, fields);
  requireOk(t, set, 'guild.member.role.set');
}

/** What causing each step may hold: an invitation flow, a join-request flow, the peer's member record. */
const GUILD_STEP_HOLDS: Record<GuildStep, CheckSpec['holds']> = {
  added: ['guild-invitations'],
  updated: undefined,
  removed: undefined,
  'member-added': ['join-requests'],
  'member-updated': ['peer-member-record'],
  'member-removed': ['join-requests'],
};

/** guild-added / -updated / -removed and the member events: the interface first, then the trigger. */
const guildCause = (step: GuildStep): Cause => ({
  how: GUILD_STEPS[step],
  holds: GUILD_STEP_HOLDS[step],
  operations: GUILD_OPERATIONS[step],
  helpers: GUILD_OPERATIONS[step],
  guardsItsWays: true,
  async run(t) {
    switch (step) {
      case 'added':
        return firstPossible(t, [
          async () => {
            await joinGuildByApprove(t);
          },
          async () => {
            await triggerOwnGuild(t);
          },
        ]);
      case 'updated':
        await t.trigger('guild-updated', {
          guild_id: await triggerOwnGuild(t, 'guild-updated'),
          name: uniqueName('renamed'),
        });
        return;
      case 'removed':
        await t.trigger('guild-removed', { guild_id: await triggerOwnGuild(t, 'guild-removed') });
        return;
      case 'member-added':
        return firstPossible(t, [
          async () => {
            await admitMemberByApprove(t);
          },
          async () => {
            await triggerMemberOf(t, await triggerOwnGuild(t, 'guild-member-added'));
          },
        ]);
      case 'member-updated':
        return firstPossible(t, [
          () => setRoleOnPeer(t),
          async () => {
            const guildId = await triggerOwnGuild(t, 'guild-member-updated');
            const userId = await triggerMemberOf(t, guildId);
            await t.trigger('guild-member-updated', {
              guild_id: guildId,
              user_id: userId,
              nick: uniqueName('nick'),
            });
          },
        ]);
      case 'member-removed':
        return firstPossible(t, [
          async () => {
            requireOffered(t, ['guild.member.kick']);
            const userId = await admitMemberByApprove(t);
            const kicked = await t.call('guild.member.kick', {
              guild_id: t.sandbox.guildId,
              user_id: userId,
            });
            requireOk(t, kicked, tr`guild.member.kick of the member the check admitted`);
          },
          async () => {
            const guildId = await triggerOwnGuild(t, 'guild-member-removed');
            const userId = await triggerMemberOf(t, guildId);
            await t.trigger('guild-member-removed', { guild_id: guildId, user_id: userId });
          },
        ]);
    }
  },
});

const REQUEST_HOLDS = {
  'friend-request': 'friend-requests',
  'guild-request': 'guild-invitations',
  'guild-member-request': 'join-requests',
} as const;

const requestCause = (
  event: 'friend-request' | 'guild-request' | 'guild-member-request',
  answer: OperationId,
): Cause => ({
  how: () => tr`the trigger (${event}), answered with ${answer} approve false`,
  holds: [REQUEST_HOLDS[event]],
  operations: [answer],
  async run(t) {
    const request = await receiveRequest(
      t,
      event,
      event === 'guild-member-request' ? { guild_id: t.sandbox.guildId } : {},
    );
    await refuse(t, answer, request.requestId);
  },
});

const CAUSES: Record<string, Cause> = {
  'message-created': messageCause(),
  'message-updated': messageCause('update'),
  'message-deleted': messageCause('delete'),
  'channel-added': channelCause(),
  'channel-updated': channelCause('update'),
  'channel-removed': channelCause('delete'),
  'guild-added': guildCause('added'),
  'guild-updated': guildCause('updated'),
  'guild-removed': guildCause('removed'),
  'guild-request': requestCause('guild-request', 'guild.approve'),
  'guild-member-added': guildCause('member-added'),
  'guild-member-updated': guildCause('member-updated'),
  'guild-member-removed': guildCause('member-removed'),
  'guild-member-request': requestCause('guild-member-request', 'guild.member.approve'),
  'guild-role-created': roleCause(),
  'guild-role-updated': roleCause('update'),
  'guild-role-deleted': roleCause('delete'),
  'reaction-added': reactionCause(false),
  'reaction-removed': reactionCause(true),
  'friend-request': requestCause('friend-request', 'friend.approve'),
};

/**
 * Fails naming the other name when the change the check caused came under it (§6: "the change came as
 * `group-added`, not `guild-added`"); `events`: those that arrived since the check caused it.
 */
function expectNotRenamed(t: CheckContext, name: string, events: readonly ObservedEvent[]): void {
  const renamed = cameUnderAnotherName(events, name);
  t.expect(renamed === undefined, tr`the run's ${name} changes come as ${name} events (§6)`, renamed);
}

/**
 * Where the run has received no `name` event: causes one (cause.run) and waits for it. Ends the check
 * when the change came under another name (a failure naming it) or none came at all (a skip).
 */
async function causeOne(t: CheckContext, name: string, cause: Cause): Promise<void> {
  // True when said: the check came here with none of the run's events of the type, and skips only with none.
  // NO_EVENT_OBSERVED (src/runner/event-silence.ts) and the undecided causes read the event type from these
  // words, in English (englishOf) in any language.
  const what = tr`no ${name} event observed during the run`;
  // Caused and waited for already (e.g. by its emits check): waiting again would change nothing.
  const missedBy = t.events.missedBy(name);
  if (missedBy) {
    // What that check caused came, if at all, among the run's events: under another name, say so.
    expectNotRenamed(t, name, t.events.all());
    t.skip(tr`${what}: ${missedBy} caused one and waited ${t.events.timeoutMs} ms for it in vain`);
  }
  for (const hold of cause.holds ?? []) await t.acquire(hold);
  const mark = t.events.mark();
  await triggering(t, tr`${what}, and none could be caused`, async () => {
    if (!cause.guardsItsWays) requireOffered(t, cause.operations);
    await cause.run(t, name);
  });
  // Any event of the type will do: whichever check caused it, it is one the target sent.
  const caused = await t.events.tryWaitFor((event) => event.type === name, undefined, { type: name });
  if (caused || t.events.all().some((event) => event.type === name)) {
    t.note(tr`no ${name} event observed during the run: caused one by ${cause.how()}`);
    return;
  }
  expectNotRenamed(t, name, t.events.since(mark));
  t.skip(tr`${what}, and ${cause.how()} caused none within ${t.events.timeoutMs} ms: nothing to validate`);
}

const perEvent: CheckSpec[] = eventCatalogue.map((definition) => {
  const { name, requiredResources } = definition;
  const cause = CAUSES[name];
  return defineCheck({
    id: `event.${name}/required-resources`,
    title: `Every ${name} event of the run carries ${requiredResources.join(', ')} (§6) and matches its schema`,
    level: 'must',
    rules: [definition.rule, 'GEN-4'],
    operations: cause.operations,
    // Under test is the event; its helpers only cause one where the run observed none (issue 41).
    ...(cause.helpers ? { helpers: cause.helpers } : {}),
    ...(cause.experimental ? { experimental: true } : {}),
    needs: ['events'],
    // Taken only to cause an event: most runs observe one of each type and cause none.
    ...(cause.holds ? { acquires: cause.holds } : {}),
    phase: 'after',
    async run(t: CheckContext) {
      // Every event of the type the run has received when it is judged: those of the whole run, the ones
      // that arrived while the check caused and waited for one included (issue 46).
      const ofType = () => t.events.all().filter((event) => event.type === name);
      if (ofType().length === 0) await causeOne(t, name, cause);
      const observed = ofType();
      t.note(tr`${observed.length} ${name} event(s) received during the run`);
      const failing = observed
        .map((event) => ({ event, problems: eventProblems(t, event, name) }))
        .filter((entry) => entry.problems.length > 0);
      t.expect(
        failing.length === 0,
        tr`every ${name} event carries ${requiredResources.join(', ')}, each valid against its schema (§6, §1 rule 4)`,
        failing.length
          ? tr`${failing.length} of ${observed.length} do not; the first: ${failing[0].problems.slice(0, 5).join('; ')} in ${describeEvent(failing[0].event)}`
          : undefined,
        eventSignature(name, failing[0]?.problems ?? []),
      );
    },
  });
});

const checks: CheckSpec[] = perEvent;

export default defineSuite('events', checks);
