/**
 * Events (§6), operation → event: the stated links (message.create/update/delete), the links inferred
 * from the change an operation makes, and the request flows (a request event answered with its approve
 * operation). Events are correlated by the ids of what the check created; waits are bounded by
 * --event-timeout. Lifecycle, envelope and per-type validation are in events.ts.
 */
import type { OperationId } from '../spec/catalogue.js';
import {
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
  type ObservedEvent,
} from '../src/runner/check.js';
import {
  type CreatedMessage,
  describeEvent,
  eventProblems,
  eventUserId,
  expectCausedEvent,
  makeChannel,
  makeMessage,
  makeReaction,
  makeRole,
  requireOk,
  resourceId,
  rolePayload,
} from './_lib/events.js';
import { idOf, listAll, listHas, uniqueName, userIdOf } from './_lib/lists.js';
import { type IncomingRequest, type RequestEvent, receiveRequest } from './_lib/requests.js';

const sameMessage = (message: CreatedMessage) => (event: ObservedEvent) =>
  resourceId(event, 'message') === message.id && resourceId(event, 'channel') === message.channelId;

// ── Stated links (§6: message.create, message.update and message.delete correspond to …) ────────────

const messageLinks: CheckSpec[] = [
  defineCheck({
    id: 'message.create/emits-message-created',
    title: 'message.create causes a message-created event carrying the new message and its channel',
    level: 'must',
    rules: ['EVT-LINK-MESSAGE'],
    operations: ['message.create'],
    needs: ['events'],
    async run(t: CheckContext) {
      const mark = t.events.mark();
      const message = await makeMessage(t, 'link-create');
      await expectCausedEvent(t, {
        cause: `message.create of ${message.id}`,
        type: 'message-created',
        carrying: `message.id ${message.id} and channel.id ${message.channelId}`,
        matches: sameMessage(message),
        mark,
      });
    },
  }),
  ...(['update', 'delete'] as const).map((action) =>
    defineCheck({
      id: `message.${action}/emits-message-${action}d`,
      title: `message.${action} causes a message-${action}d event carrying the message and its channel`,
      level: 'must',
      rules: ['EVT-LINK-MESSAGE'],
      operations: ['message.create', `message.${action}`],
      needs: ['events'],
      async run(t: CheckContext) {
        const message = await makeMessage(t, `link-${action}`);
        const fields = { channel_id: message.channelId, message_id: message.id };
        const mark = t.events.mark();
        const result = await t.call(
          `message.${action}`,
          action === 'update' ? { ...fields, content: uniqueName('edited') } : fields,
        );
        requireOk(t, result, `message.${action}`);
        await expectCausedEvent(t, {
          cause: `message.${action} of ${message.id}`,
          type: `message-${action}d`,
          carrying: `message.id ${message.id} and channel.id ${message.channelId}`,
          matches: sameMessage(message),
          mark,
        });
      },
    }),
  ),
];

// ── Inferred links (the operation makes the change the event announces) ───────────────────────────

interface InferredLink {
  operation: OperationId;
  event: string;
  experimental?: boolean;
  needs?: CheckSpec['needs'];
  /** Run alone: the event cannot be told apart from the same event caused by concurrent checks. */
  exclusive?: boolean;
  /** Prepares what the operation acts on and returns how to call it and how to recognise its event. */
  prepare(t: CheckContext): Promise<{
    fields: Record<string, unknown>;
    carrying: string;
    matches: (event: ObservedEvent) => boolean;
    /** Registers what the operation created (called before asserting anything). */
    track?: () => void;
  }>;
}

const byId = (resource: string, id: string) => (event: ObservedEvent) => resourceId(event, resource) === id;

const INFERRED: InferredLink[] = [
  {
    operation: 'channel.create',
    event: 'channel-added',
    async prepare(t) {
      const name = uniqueName('link-channel');
      return {
        fields: { guild_id: t.sandbox.guildId, data: { name, type: 0 } },
        carrying: `channel.name ${name}`,
        matches: (event) => event.body?.channel?.name === name,
      };
    },
  },
  {
    operation: 'channel.update',
    event: 'channel-updated',
    async prepare(t) {
      const channelId = await makeChannel(t, 'link-update');
      return {
        fields: { channel_id: channelId, data: { name: uniqueName('renamed') } },
        carrying: `channel.id ${channelId}`,
        matches: byId('channel', channelId),
      };
    },
  },
  {
    operation: 'channel.delete',
    event: 'channel-removed',
    async prepare(t) {
      const channelId = await makeChannel(t, 'link-delete');
      return {
        fields: { channel_id: channelId },
        carrying: `channel.id ${channelId}`,
        matches: byId('channel', channelId),
      };
    },
  },
  {
    operation: 'guild.role.create',
    event: 'guild-role-created',
    experimental: true,
    async prepare(t) {
      const name = uniqueName('link-role');
      return {
        fields: { guild_id: t.sandbox.guildId, ...rolePayload(t, { name }) },
        carrying: `role.name ${name}`,
        matches: (event) => event.body?.role?.name === name,
      };
    },
  },
  {
    operation: 'guild.role.update',
    event: 'guild-role-updated',
    experimental: true,
    async prepare(t) {
      const roleId = await makeRole(t, 'link-update');
      return {
        fields: {
          guild_id: t.sandbox.guildId,
          role_id: roleId,
          ...rolePayload(t, { name: uniqueName('renamed') }),
        },
        carrying: `role.id ${roleId}`,
        matches: byId('role', roleId),
      };
    },
  },
  {
    operation: 'guild.role.delete',
    event: 'guild-role-deleted',
    experimental: true,
    async prepare(t) {
      const roleId = await makeRole(t, 'link-delete');
      return {
        fields: { guild_id: t.sandbox.guildId, role_id: roleId },
        carrying: `role.id ${roleId}`,
        matches: byId('role', roleId),
      };
    },
  },
  {
    operation: 'reaction.create',
    event: 'reaction-added',
    experimental: true,
    async prepare(t) {
      const message = await makeMessage(t, 'link-reaction');
      const fields = { channel_id: message.channelId, message_id: message.id, emoji_id: 'thumbs-up' };
      return {
        fields,
        carrying: `message.id ${message.id} (when the event names the message) and emoji.id thumbs-up`,
        matches: reactionOf(message.id),
        track: () =>
          t.track({
            kind: 'reaction',
            label: `reaction thumbs-up on message ${message.id}`,
            undo: ['reaction.delete', fields],
          }),
      };
    },
  },
  {
    operation: 'reaction.delete',
    event: 'reaction-removed',
    experimental: true,
    async prepare(t) {
      const message = await makeMessage(t, 'link-unreact');
      const fields = await makeReaction(t, message);
      return {
        fields,
        carrying: `message.id ${message.id} (when the event names the message) and emoji.id thumbs-up`,
        matches: reactionOf(message.id),
      };
    },
  },
  {
    operation: 'guild.member.role.set',
    event: 'guild-member-updated',
    experimental: true,
    needs: ['peer'],
    // guild-member-updated names the member, not the role: role checks on the peer would match too.
    exclusive: true,
    async prepare(t) {
      const peerId = t.sandbox.peerId;
      if (peerId === undefined)
        t.skip('needs the peer identity: its roles are the only ones the run may change');
      const roleId = await makeRole(t, 'link-role-set');
      const fields = { guild_id: t.sandbox.guildId, user_id: peerId, role_id: roleId };
      return {
        fields,
        carrying: `guild.id ${t.sandbox.guildId} and user.id ${peerId}`,
        matches: (event) => resourceId(event, 'guild') === t.sandbox.guildId && eventUserId(event) === peerId,
        track: () =>
          t.track({
            kind: 'role assignment',
            label: `role ${roleId} of user ${peerId} in guild ${t.sandbox.guildId}`,
            undo: ['guild.member.role.unset', fields],
          }),
      };
    },
  },
];

/** A reaction event of `messageId`: by message.id when the event carries the message, else by the emoji. */
function reactionOf(messageId: string) {
  return (event: ObservedEvent) => {
    const eventMessage = resourceId(event, 'message');
    return eventMessage !== undefined
      ? eventMessage === messageId
      : resourceId(event, 'emoji') === 'thumbs-up';
  };
}

const inferredLinks: CheckSpec[] = INFERRED.map((link) =>
  defineCheck({
    id: `${link.operation}/emits-${link.event}`,
    title: `${link.operation} causes a ${link.event} event for what it changed (link inferred, §6)`,
    level: 'should',
    rules: ['EVT-LINK-INFERRED'],
    operations: [link.operation],
    ...(link.experimental ? { experimental: true } : {}),
    ...(link.exclusive ? { exclusive: true } : {}),
    needs: ['events', ...(link.needs ?? [])],
    async run(t: CheckContext) {
      const prepared = await link.prepare(t);
      const mark = t.events.mark();
      const result = await t.call(link.operation, prepared.fields);
      prepared.track?.();
      if (link.operation === 'channel.create' || link.operation === 'guild.role.create')
        trackCreated(t, link, result.body);
      requireOk(t, result, link.operation);
      await expectCausedEvent(t, {
        cause: link.operation,
        type: link.event,
        carrying: prepared.carrying,
        matches: prepared.matches,
        mark,
      });
    },
  }),
);

/** Tracks the channel or role a create link check made (its id comes with the answer). */
function trackCreated(t: CheckContext, link: InferredLink, body: unknown): void {
  const id = idOf(body);
  if (id === undefined) return;
  const guildId = t.sandbox.guildId;
  if (link.operation === 'channel.create') {
    t.track({
      kind: 'channel',
      label: `channel ${id} in guild ${guildId}`,
      undo: ['channel.delete', { channel_id: id }],
    });
  } else {
    t.track({
      kind: 'role',
      label: `role ${id} in guild ${guildId}`,
      undo: ['guild.role.delete', { guild_id: guildId, role_id: id }],
    });
  }
}

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
  // The trigger's requester is one user: join-request checks must not interleave.
  exclusive: true,
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
  const { items } = await listAll(t, 'friend.list', {}, { key: userIdOf });
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

const guildListed = async (t: CheckContext, guildId: string): Promise<boolean> =>
  listHas((await listAll(t, 'guild.list', {})).items, guildId);

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
      exclusive: true,
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
      operations: ['guild.approve', 'guild.list'],
      needs: ['events', 'trigger'],
      exclusive: true,
      async run(t: CheckContext) {
        const request = await expectRequestEvent(t, 'guild-request');
        const guildId = request.guildId;
        if (guildId === undefined)
          t.skip('neither the guild-request event nor the trigger’s answer names the inviting guild');
        const mark = t.events.mark();
        const answer = await t.call('guild.approve', { message_id: request.requestId, approve });
        let joined: boolean | undefined;
        try {
          joined = await guildListed(t, guildId);
        } finally {
          // Tracked unless guild.list shows for sure that nothing was joined.
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
              : `guild.list does not list ${guildId} after the refusal`,
            joined ? 'listed' : 'not listed',
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
      exclusive: true,
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

const checks: CheckSpec[] = [...messageLinks, ...inferredLinks, kickLink, ...flowChecks];

export default defineSuite('events', checks);
