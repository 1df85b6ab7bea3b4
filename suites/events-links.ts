/**
 * Events (§6), operation → event: the stated links (message.create/update/delete) and the links inferred
 * from the change an operation makes. The kick link and the request flows are in events-requests.ts. Events are correlated by the ids of what the check created; waits are bounded by
 * --event-timeout. Lifecycle, envelope and per-type validation are in events.ts.
 */
import type { OperationId } from '../spec/catalogue.js';
import { tr } from '../src/i18n/index.js';
import {
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
  type ObservedEvent,
} from '../src/runner/check.js';
import {
  type CreatedMessage,
  emojiIdOf,
  eventUserId,
  expectCausedEvent,
  makeChannel,
  makeMessage,
  makeReaction,
  makeRole,
  requireOk,
  resourceId,
  rolePayload,
  trackRoleAssignment,
} from './_lib/events.js';
import { idOf, statusOf, uniqueName } from './_lib/lists.js';

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
        cause: tr`message.create of ${message.id}`,
        type: 'message-created',
        carrying: tr`message.id ${message.id} and channel.id ${message.channelId}`,
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
      helpers: ['message.create'],
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
          cause: tr`message.${action} of ${message.id}`,
          type: `message-${action}d`,
          carrying: tr`message.id ${message.id} and channel.id ${message.channelId}`,
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
  /** What the check holds: the event cannot be told apart from the same event caused by its sharers. */
  holds?: CheckSpec['holds'];
  /** What it takes (t.acquire) only for its fallback. */
  acquires?: CheckSpec['acquires'];
  /** Prepares what the operation acts on and returns how to call it and how to recognise its event. */
  prepare(t: CheckContext): Promise<Prepared>;
  /** Where the target refuses the operation as prepared (4xx): prepares it another way (e.g. on the peer). */
  fallback?(t: CheckContext, refused: Prepared): Promise<Prepared>;
}

interface Prepared {
  fields: Record<string, unknown>;
  carrying: string;
  matches: (event: ObservedEvent) => boolean;
  /** Registers what the operation created (called before asserting anything). */
  track?: () => void;
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
      const emojiId = emojiIdOf(t);
      const fields = { channel_id: message.channelId, message_id: message.id, emoji_id: emojiId };
      return {
        fields,
        carrying: tr`message.id ${message.id} (when the event names the message) and emoji.id ${emojiId}`,
        matches: reactionOf(message.id, emojiId),
        track: () =>
          t.track({
            kind: 'reaction',
            label: tr`reaction ${emojiId} on message ${message.id}`,
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
        carrying: tr`message.id ${message.id} (when the event names the message) and emoji.id ${fields.emoji_id}`,
        matches: reactionOf(message.id, fields.emoji_id),
      };
    },
  },
  {
    operation: 'guild.member.role.set',
    event: 'guild-member-updated',
    experimental: true,
    // On the bot's own member record, held against the role refusal controls (the only other checks that
    // change it), so its event wait overlaps the mute windows. Where the bot cannot take the role, on the
    // peer's, held (guild-member-updated names only the member: a role check or a mute of the peer could
    // cause it too).
    holds: ['self-member-record'],
    acquires: ['peer-member-record'],
    async prepare(t) {
      const roleId = await makeRole(t, 'link-role-set');
      return t.sandbox.selfId ? roleOn(t, roleId, t.sandbox.selfId) : roleOnPeer(t, roleId);
    },
    fallback: (t, refused) => roleOnPeer(t, String(refused.fields.role_id)),
  },
];

/** guild.member.role.set of `roleId` on `userId` in the sandbox guild, and its event. */
function roleOn(t: CheckContext, roleId: string, userId: string): Prepared {
  const fields = { guild_id: t.sandbox.guildId, user_id: userId, role_id: roleId };
  return {
    fields,
    carrying: tr`guild.id ${t.sandbox.guildId} and user.id ${userId}`,
    matches: (event) => resourceId(event, 'guild') === t.sandbox.guildId && eventUserId(event) === userId,
    track: () => trackRoleAssignment(t, fields),
  };
}

/** The same on the peer, holding its member record (its role and mute checks would cause the event too). */
async function roleOnPeer(t: CheckContext, roleId: string): Promise<Prepared> {
  const peerId = t.sandbox.peerId;
  if (peerId === undefined)
    t.skip(
      tr`the bot cannot take a role, and there is no peer identity: no member whose roles the run may change`,
    );
  await t.acquire('peer-member-record');
  return roleOn(t, roleId, peerId);
}

/** A reaction event of `messageId`: by message.id when the event carries the message, else by the emoji. */
function reactionOf(messageId: string, emojiId: string) {
  return (event: ObservedEvent) => {
    const eventMessage = resourceId(event, 'message');
    return eventMessage !== undefined ? eventMessage === messageId : resourceId(event, 'emoji') === emojiId;
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
    ...(link.holds ? { holds: link.holds } : {}),
    ...(link.acquires ? { acquires: link.acquires } : {}),
    needs: ['events', ...(link.needs ?? [])],
    async run(t: CheckContext) {
      let prepared = await link.prepare(t);
      let mark = t.events.mark();
      let result = await t.call(link.operation, prepared.fields);
      if (link.fallback && result.status >= 400 && result.status < 500) {
        t.note(tr`${link.operation} as first prepared answered ${statusOf(result)}: tried another way`);
        prepared = await link.fallback(t, prepared);
        mark = t.events.mark();
        result = await t.call(link.operation, prepared.fields);
      }
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
      label: tr`channel ${id} in guild ${guildId}`,
      undo: ['channel.delete', { channel_id: id }],
    });
  } else {
    t.track({
      kind: 'role',
      label: tr`role ${id} in guild ${guildId}`,
      undo: ['guild.role.delete', { guild_id: guildId, role_id: id }],
    });
  }
}
const checks: CheckSpec[] = [...messageLinks, ...inferredLinks];

export default defineSuite('events', checks);
