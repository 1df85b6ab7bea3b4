/**
 * Every HTTP fault (all faults but the event hub's) shows its deviation on the wire: each probe returns true when it observes the
 * deviation, and must return true with the fault on and false on a clean server (so no probe passes
 * by default).
 */
import { describe, expect, it } from 'vitest';
import { hasRule } from '../../spec/rules.js';
import { eventFaults } from '../../src/reference/faults/events.js';
import { faultCatalogue, type ReferenceServer, SEED, startReference } from '../../src/reference/index.js';
import { call, control, ok } from './helpers.js';

type Probe = (server: ReferenceServer) => Promise<boolean>;

/** Every fault outside the event hub (those have their own probes in events-faults.test.ts) and fuzz's (test/fuzz). */
const wireFaults = faultCatalogue.filter(
  (fault) => !eventFaults.some((entry) => entry.id === fault.id) && fault.foundBy !== 'fuzz',
);

const G1 = SEED.guild1;
const HISTORY = SEED.historyChannel;
const list = (server: ReferenceServer, fields: Record<string, unknown> = {}) =>
  ok(server, 'message.list', { channel_id: HISTORY, ...fields });
const getMessage = (server: ReferenceServer, id = '7000001') =>
  ok(server, 'message.get', { channel_id: HISTORY, message_id: id });
const status = async (server: ReferenceServer, operation: string, fields: unknown, options = {}) =>
  (await call(server, operation, fields, options)).status;
const peerCanPost = async (server: ReferenceServer, channelId = '4002') =>
  (await status(server, 'message.create', { channel_id: channelId, content: 'x' }, { as: 'peer' })) === 200;
const memberStatus = (server: ReferenceServer, userId: string) =>
  status(server, 'guild.member.get', { guild_id: G1, user_id: userId });
const friendIds = async (server: ReferenceServer) =>
  (await ok(server, 'friend.list')).data.map((friend: any) => friend.user.id ?? friend.user);
const guildIds = async (server: ReferenceServer) =>
  (await ok(server, 'guild.list')).data.map((guild: any) => guild.id);
const roleIds = async (server: ReferenceServer) =>
  (await ok(server, 'guild.role.list', { guild_id: G1 })).data.map((role: any) => role.id);
const reactors = async (server: ReferenceServer, messageId: string, emojiId: string) =>
  (
    await ok(server, 'reaction.list', { channel_id: HISTORY, message_id: messageId, emoji_id: emojiId })
  ).data.map((user: any) => user.id);
const trigger = async (server: ReferenceServer, body: Record<string, unknown>) =>
  (await control(server, '/trigger', body)).body;
const state = async (server: ReferenceServer) => (await control(server, '/state', undefined, 'GET')).body;

/** A mute of `duration` ms ends later than `duration` after the call: the server read seconds. */
const muteLastsTooLong = async (
  server: ReferenceServer,
  operation: string,
  fields: Record<string, unknown>,
  readUntil: (snapshot: any) => number,
) => {
  const duration = 10_000;
  await ok(server, operation, { ...fields, duration });
  const after = Date.now();
  return readUntil(await state(server)) > after + duration;
};

/** Two pages of 2 walked by `next` differ from one page of 4: the token skips or repeats a message. */
const walkDiffersFromOnePage = async (server: ReferenceServer) => {
  const whole = (await list(server, { limit: 4 })).data.map((message: any) => message.id);
  const latest = await list(server, { limit: 2 });
  const before = await list(server, { limit: 2, next: latest.next });
  const walked = [...before.data, ...latest.data].map((message: any) => message.id);
  return JSON.stringify(walked) !== JSON.stringify(whole);
};

/** Reacts to a new message with each [emoji, identity]; returns the message id. */
const reactedMessage = async (server: ReferenceServer, reactions: [string, 'self' | 'peer'][]) => {
  const [message] = await ok(server, 'message.create', { channel_id: HISTORY, content: 'react to me' });
  for (const [emoji, as] of reactions) {
    await ok(
      server,
      'reaction.create',
      { channel_id: HISTORY, message_id: message.id, emoji_id: emoji },
      { as },
    );
  }
  return message.id as string;
};

const probes: Record<string, Probe> = {
  // Faults added with the suites (src/reference/faults/{messages,reactions,channels}.ts)
  'message-list-token-skips-one': walkDiffersFromOnePage,
  'message-list-token-inclusive': walkDiffersFromOnePage,
  'message-list-ignores-body': async (s) =>
    (await status(s, 'message.list', { channel_id: HISTORY })) === 400,
  'message-get-wrong-type-500': async (s) =>
    (await status(s, 'message.get', { channel_id: HISTORY, message_id: 5 })) === 500,
  'reaction-delete-ignores-user-id': async (s) => {
    const id = await reactedMessage(s, [
      ['thumbs-up', 'self'],
      ['thumbs-up', 'peer'],
    ]);
    await ok(s, 'reaction.delete', {
      channel_id: HISTORY,
      message_id: id,
      emoji_id: 'thumbs-up',
      user_id: s.identities.peer.userId,
    });
    return (await reactors(s, id, 'thumbs-up')).includes(s.identities.peer.userId);
  },
  'reaction-clear-ignores-emoji-id': async (s) => {
    const id = await reactedMessage(s, [
      ['thumbs-up', 'self'],
      ['heart', 'self'],
    ]);
    await ok(s, 'reaction.clear', { channel_id: HISTORY, message_id: id, emoji_id: 'thumbs-up' });
    return (await reactors(s, id, 'heart')).length === 0;
  },
  'channel-mute-not-implemented': async (s) =>
    (await status(s, 'channel.mute', { channel_id: '4002', duration: 1000 })) === 501,

  // message.list
  'message-list-limit-over-bound-errors': async (s) =>
    (await status(s, 'message.list', { channel_id: HISTORY, limit: 1000 })) === 400,
  'message-list-limit-not-clamped': async (s) => (await list(s, { limit: 150 })).data.length > 100,
  'message-list-limit-ignored': async (s) => (await list(s, { limit: 5 })).data.length !== 5,
  'message-list-default-limit-unbounded': async (s) => (await list(s)).data.length > 50,
  'message-list-next-always-present': async (s) => {
    const first = await list(s, { limit: 100 });
    return (await list(s, { limit: 100, next: first.next })).next !== undefined;
  },
  'message-list-next-missing': async (s) => (await list(s)).next === undefined,
  'message-list-page-length-end-signal': async (s) => {
    const first = await list(s, { limit: 80 });
    return (await list(s, { limit: 80, next: first.next })).next !== undefined;
  },
  'message-list-prev-missing': async (s) => (await list(s)).prev === undefined,
  'message-list-default-order-desc': async (s) => {
    const { data } = await list(s, { limit: 2 });
    return Number(data[0].id) > Number(data[1].id);
  },
  'message-list-order-follows-direction': async (s) => {
    const { data } = await list(s, { limit: 2, direction: 'before' });
    return Number(data[0].id) > Number(data[1].id);
  },
  'message-list-default-direction-after': async (s) => {
    const first = await list(s, { limit: 10, direction: 'before', order: 'asc' });
    const second = await list(s, { limit: 10, next: first.next, order: 'asc' });
    return Number(second.data[0].id) > Number(first.data[0].id);
  },
  'message-list-starts-from-oldest': async (s) =>
    (await list(s, { limit: 10 })).data.some((message: any) => message.id === '7000001'),
  'message-list-rejects-direction-before': async (s) =>
    (await status(s, 'message.list', { channel_id: HISTORY, direction: 'before' })) === 400,
  'message-list-rejects-order-asc': async (s) =>
    (await status(s, 'message.list', { channel_id: HISTORY, order: 'asc' })) === 400,
  'message-list-items-without-user': async (s) =>
    (await list(s, { limit: 5 })).data.some((message: any) => message.user === undefined),

  // messages
  'message-get-without-channel': async (s) => (await getMessage(s)).channel === undefined,
  'message-get-without-user': async (s) => (await getMessage(s)).user === undefined,
  'message-get-ignores-id': async (s) => (await getMessage(s)).id !== '7000001',
  'message-create-returns-object': async (s) =>
    !Array.isArray(await ok(s, 'message.create', { channel_id: '4002', content: 'x' })),
  'message-create-not-stored': async (s) => {
    const [message] = await ok(s, 'message.create', { channel_id: '4002', content: 'x' });
    return (await status(s, 'message.get', { channel_id: '4002', message_id: message.id })) === 404;
  },
  'message-update-no-op': async (s) => {
    const [message] = await ok(s, 'message.create', { channel_id: '4002', content: 'before' });
    await ok(s, 'message.update', { channel_id: '4002', message_id: message.id, content: 'after' });
    return (await ok(s, 'message.get', { channel_id: '4002', message_id: message.id })).content === 'before';
  },
  'message-delete-500': async (s) => {
    const answered = await status(s, 'message.delete', { channel_id: HISTORY, message_id: '7000001' });
    return (
      answered === 500 &&
      (await status(s, 'message.get', { channel_id: HISTORY, message_id: '7000001' })) === 200
    );
  },
  // 'after' and 'before' from the same token list the same page: the direction was not read.
  'message-list-direction-ignored': async (s) => {
    const latest = await list(s, { limit: 2 });
    const ids = (page: any) => JSON.stringify(page.data.map((message: any) => message.id));
    const before = await list(s, { limit: 2, next: latest.next, direction: 'before' });
    const after = await list(s, { limit: 2, next: latest.next, direction: 'after' });
    return ids(before) === ids(after);
  },
  'message-delete-no-op': async (s) => {
    await ok(s, 'message.delete', { channel_id: HISTORY, message_id: '7000001' });
    return (await status(s, 'message.get', { channel_id: HISTORY, message_id: '7000001' })) === 200;
  },

  // resource fields
  'message-id-missing': async (s) => (await getMessage(s)).id === undefined,
  'message-content-number': async (s) => typeof (await getMessage(s)).content === 'number',
  'message-created-at-string': async (s) => typeof (await getMessage(s)).created_at === 'string',
  'channel-id-number': async (s) =>
    typeof (await ok(s, 'channel.get', { channel_id: HISTORY })).id === 'number',
  'channel-type-string': async (s) =>
    typeof (await ok(s, 'channel.get', { channel_id: HISTORY })).type === 'string',
  'channel-type-discord-values': async (s) => (await ok(s, 'channel.get', { channel_id: '4003' })).type !== 2,
  'guild-id-missing': async (s) => (await ok(s, 'guild.get', { guild_id: G1 })).id === undefined,
  'guild-name-number': async (s) => typeof (await ok(s, 'guild.get', { guild_id: G1 })).name === 'number',
  'member-joined-at-string': async (s) =>
    typeof (await ok(s, 'guild.member.get', { guild_id: G1, user_id: SEED.self })).joined_at === 'string',
  'member-roles-ids': async (s) =>
    typeof (await ok(s, 'guild.member.get', { guild_id: G1, user_id: SEED.self })).roles[0] === 'string',
  'role-id-missing': async (s) => (await roleIds(s)).includes(undefined),
  'friend-user-string': async (s) => typeof (await ok(s, 'friend.list')).data[0].user === 'string',

  // channels
  'channel-get-ignores-id': async (s) => (await ok(s, 'channel.get', { channel_id: '4002' })).id !== '4002',
  'create-500-after-create': async (s) => {
    const before = (await roleIds(s)).length;
    const answered = await status(s, 'guild.role.create', { guild_id: G1, data: { name: 'made' } });
    return answered === 500 && (await roleIds(s)).length === before + 1;
  },
  'channel-create-returns-no-id': async (s) =>
    (await ok(s, 'channel.create', { guild_id: G1, data: { name: 'x' } })).id === undefined,
  'channel-list-all-guilds': async (s) =>
    (await ok(s, 'channel.list', { guild_id: G1 })).data.some((channel: any) => channel.id === '4005'),
  'channel-update-no-op': async (s) => {
    await ok(s, 'channel.update', { channel_id: '4002', data: { name: 'renamed' } });
    return (await ok(s, 'channel.get', { channel_id: '4002' })).name === 'random';
  },
  'channel-delete-no-op': async (s) => {
    await ok(s, 'channel.delete', { channel_id: '4002' });
    return (await status(s, 'channel.get', { channel_id: '4002' })) === 200;
  },
  'channel-mute-no-effect': async (s) => {
    await ok(s, 'channel.mute', { channel_id: '4002', duration: 60_000 });
    return peerCanPost(s);
  },
  'channel-mute-zero-ignored': async (s) => {
    await ok(s, 'channel.mute', { channel_id: '4002', duration: 60_000 });
    await ok(s, 'channel.mute', { channel_id: '4002', duration: 0 });
    return !(await peerCanPost(s));
  },
  'muted-post-500': async (s) => {
    await ok(s, 'channel.mute', { channel_id: '4002', duration: 60_000 });
    const posted = await status(s, 'message.create', { channel_id: '4002', content: 'x' }, { as: 'peer' });
    return posted === 500;
  },
  'channel-mute-zero-rejected': async (s) =>
    (await status(s, 'channel.mute', { channel_id: '4002', duration: 0 })) === 400,
  'channel-mute-seconds': (s) =>
    muteLastsTooLong(s, 'channel.mute', { channel_id: '4002' }, (snapshot) => snapshot.channelMutes['4002']),
  // A mute of 1 ms still in force a year on: it never ends.
  'channel-mute-timed-forever': async (s) => {
    await ok(s, 'channel.mute', { channel_id: '4002', duration: 1 });
    return (await state(s)).channelMutes['4002'] > Date.now() + 365 * 24 * 3_600_000;
  },
  'direct-channel-wrong-type': async (s) =>
    (await ok(s, 'user.channel.create', { user_id: SEED.peer })).type !== 1,

  // guilds and members
  'guild-get-ignores-id': async (s) =>
    (await ok(s, 'guild.get', { guild_id: SEED.guild2 })).id !== SEED.guild2,
  'member-get-returns-caller': async (s) =>
    (await ok(s, 'guild.member.get', { guild_id: G1, user_id: SEED.peer })).user.id !== SEED.peer,
  'guild-list-includes-foreign': async (s) => (await guildIds(s)).includes(SEED.outsideGuild),
  'guild-approve-no-op': async (s) => {
    const { request_id } = await trigger(s, { event: 'guild-request' });
    await ok(s, 'guild.approve', { message_id: request_id, approve: true });
    return !(await guildIds(s)).includes(SEED.outsideGuild);
  },
  'guild-approve-false-approves': async (s) => {
    const { request_id } = await trigger(s, { event: 'guild-request' });
    await ok(s, 'guild.approve', { message_id: request_id, approve: false });
    return (await guildIds(s)).includes(SEED.outsideGuild);
  },
  'member-approve-no-op': async (s) => {
    const { request_id } = await trigger(s, { event: 'guild-member-request', guild_id: G1 });
    await ok(s, 'guild.member.approve', { message_id: request_id, approve: true });
    return (await memberStatus(s, SEED.third)) === 404;
  },
  'member-approve-false-approves': async (s) => {
    const { request_id } = await trigger(s, { event: 'guild-member-request', guild_id: G1 });
    await ok(s, 'guild.member.approve', { message_id: request_id, approve: false });
    return (await memberStatus(s, SEED.third)) === 200;
  },
  'member-kick-no-op': async (s) => {
    await ok(s, 'guild.member.kick', { guild_id: G1, user_id: '1100' });
    return (await memberStatus(s, '1100')) === 200;
  },
  'member-mute-no-effect': async (s) => {
    await ok(s, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration: 60_000 });
    return peerCanPost(s);
  },
  'member-mute-zero-ignored': async (s) => {
    await ok(s, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration: 60_000 });
    await ok(s, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration: 0 });
    return !(await peerCanPost(s));
  },
  'member-mute-zero-rejected': async (s) =>
    (await status(s, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration: 0 })) === 400,
  'member-mute-seconds': (s) =>
    muteLastsTooLong(
      s,
      'guild.member.mute',
      { guild_id: G1, user_id: SEED.peer },
      (snapshot) => snapshot.memberMutes[`${G1}/${SEED.peer}`],
    ),
  'member-list-plain-array': async (s) => Array.isArray(await ok(s, 'guild.member.list', { guild_id: G1 })),
  'member-list-next-missing': async (s) =>
    (await ok(s, 'guild.member.list', { guild_id: G1 })).next === undefined,
  'member-list-next-at-end': async (s) => {
    let page = await ok(s, 'guild.member.list', { guild_id: G1 });
    for (let i = 0; i < 2; i += 1) page = await ok(s, 'guild.member.list', { guild_id: G1, next: page.next });
    return page.data.length === 5 && page.next !== undefined;
  },

  // roles
  'role-list-all-guilds': async (s) => (await roleIds(s)).includes('5004'),
  'role-set-no-op': async (s) => {
    await ok(s, 'guild.member.role.set', { guild_id: G1, user_id: SEED.peer, role_id: '5002' });
    const member = await ok(s, 'guild.member.get', { guild_id: G1, user_id: SEED.peer });
    return !member.roles.some((role: any) => role.id === '5002');
  },
  'role-unset-no-op': async (s) => {
    await ok(s, 'guild.member.role.unset', { guild_id: G1, user_id: SEED.peer, role_id: SEED.memberRole });
    const member = await ok(s, 'guild.member.get', { guild_id: G1, user_id: SEED.peer });
    return member.roles.some((role: any) => role.id === SEED.memberRole);
  },
  'role-create-no-op': async (s) => {
    const role = await ok(s, 'guild.role.create', { guild_id: G1, data: { name: 'new' } });
    return !(await roleIds(s)).includes(role.id);
  },
  'role-update-no-op': async (s) => {
    await ok(s, 'guild.role.update', { guild_id: G1, role_id: '5002', data: { name: 'renamed' } });
    const roles = (await ok(s, 'guild.role.list', { guild_id: G1 })).data;
    return roles.find((role: any) => role.id === '5002').name === 'moderator';
  },
  'role-delete-no-op': async (s) => {
    await ok(s, 'guild.role.delete', { guild_id: G1, role_id: '5002' });
    return (await roleIds(s)).includes('5002');
  },

  // reactions
  'reaction-create-no-op': async (s) => {
    await ok(s, 'reaction.create', { channel_id: HISTORY, message_id: '7000100', emoji_id: 'star' });
    return !(await reactors(s, '7000100', 'star')).includes(SEED.self);
  },
  'reaction-delete-no-op': async (s) => {
    const target = { channel_id: HISTORY, message_id: SEED.reactedMessage, emoji_id: SEED.reactedEmoji };
    await ok(s, 'reaction.delete', { ...target, user_id: SEED.peer });
    return (await reactors(s, SEED.reactedMessage, SEED.reactedEmoji)).includes(SEED.peer);
  },
  'reaction-delete-needs-user-id': async (s) => {
    await ok(s, 'reaction.delete', { channel_id: HISTORY, message_id: '7000149', emoji_id: 'smile' });
    return (await reactors(s, '7000149', 'smile')).includes(SEED.self);
  },
  'reaction-clear-no-op': async (s) => {
    await ok(s, 'reaction.clear', {
      channel_id: HISTORY,
      message_id: SEED.reactedMessage,
      emoji_id: 'heart',
    });
    return (await reactors(s, SEED.reactedMessage, 'heart')).length > 0;
  },
  'reaction-clear-needs-emoji-id': async (s) => {
    await ok(s, 'reaction.clear', { channel_id: HISTORY, message_id: SEED.reactedMessage });
    return (await reactors(s, SEED.reactedMessage, SEED.reactedEmoji)).length > 0;
  },
  'reaction-list-empty': async (s) =>
    (await reactors(s, SEED.reactedMessage, SEED.reactedEmoji)).length === 0,

  // friends
  'friend-list-empty': async (s) => (await ok(s, 'friend.list')).data.length === 0,
  'declared-operation-501': async (s) => (await call(s, 'friend.list', {})).status === 501,
  'friend-delete-no-op': async (s) => {
    await ok(s, 'friend.delete', { user_id: SEED.peer });
    return (await friendIds(s)).includes(SEED.peer);
  },
  'friend-approve-no-op': async (s) => {
    const { request_id } = await trigger(s, { event: 'friend-request' });
    await ok(s, 'friend.approve', { message_id: request_id, approve: true });
    return !(await friendIds(s)).includes(SEED.third);
  },
  'friend-approve-false-approves': async (s) => {
    const { request_id } = await trigger(s, { event: 'friend-request' });
    await ok(s, 'friend.approve', { message_id: request_id, approve: false });
    return (await friendIds(s)).includes(SEED.third);
  },

  // protocol
  'dotted-paths-not-found': async (s) =>
    (await status(s, 'guild.member.role.set', {
      guild_id: G1,
      user_id: SEED.peer,
      role_id: SEED.memberRole,
    })) === 404,
  'missing-field-500': async (s) => (await status(s, 'channel.get', {})) === 500,
  'missing-field-accepted': async (s) => (await status(s, 'channel.get', {})) === 200,
  'malformed-json-500': async (s) =>
    (await status(s, 'channel.get', undefined, { rawBody: '{"channel_id"' })) === 500,
  'unknown-id-500': async (s) => (await status(s, 'channel.get', { channel_id: 'nope' })) === 500,
  'unknown-operation-200': async (s) => (await status(s, 'message.send', {})) === 200,
  'wrong-token-accepted': async (s) =>
    (await status(s, 'guild.list', {}, { headers: { authorization: 'Bearer wrong' } })) === 200,
  'identity-headers-refused': async (s) => {
    const named = await status(
      s,
      'guild.list',
      {},
      {
        headers: {
          'satori-platform': s.identities.self.platform,
          'satori-user-id': s.identities.self.userId,
        },
      },
    );
    return named === 403 && (await status(s, 'guild.list', {})) === 200;
  },
  'results-text-plain': async (s) =>
    (await call(s, 'guild.get', { guild_id: G1 })).headers.get('content-type')?.startsWith('text/plain') ??
    false,
  'results-data-envelope': async (s) => {
    const guild = (await call(s, 'guild.get', { guild_id: G1 })).body;
    const page = (await call(s, 'guild.list', {})).body;
    return guild?.data?.id === G1 && Array.isArray(page?.data?.data);
  },
  'errors-200-message-body': async (s) => {
    const reply = await call(s, 'guild.get', { guild_id: 'no-such-guild' });
    return reply.status === 200 && typeof reply.body?.message === 'string';
  },
  // readers (issue 41)
  'friend-list-items-are-users': async (s) => {
    const [first] = (await ok(s, 'friend.list')).data;
    return typeof first?.id === 'string' && first.user === undefined;
  },
  'member-get-answers-any-id': async (s) => (await memberStatus(s, 'no-such-user')) === 200,
  // An id it cannot parse: 200 with an empty body; a well-formed stranger's: a member made up.
  'member-get-empty-200-unparseable': async (s) =>
    (await memberStatus(s, 'no-such-user')) === 200 && (await memberStatus(s, '999999')) === 200,
};

describe('fault catalogue', () => {
  it('has unique kebab-case ids, known rule ids and a description for every fault', () => {
    const ids = faultCatalogue.map((fault) => fault.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const fault of faultCatalogue) {
      expect(fault.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(fault.rules.length, fault.id).toBeGreaterThan(0);
      for (const rule of fault.rules) expect(hasRule(rule), `${fault.id}: ${rule}`).toBe(true);
      expect(fault.description.length, fault.id).toBeGreaterThan(20);
    }
  });

  it('has a probe for every HTTP fault, and no probe for an unknown fault', () => {
    expect(Object.keys(probes).sort()).toEqual(wireFaults.map((fault) => fault.id).sort());
  });

  it('expands a preset of faults (first-week)', async () => {
    const server = await startReference({ faults: ['first-week'] });
    try {
      expect(server.faults).toEqual(
        expect.arrayContaining(['results-data-envelope', 'errors-200-message-body']),
      );
      expect(server.faults).not.toContain('first-week');
    } finally {
      await server.close();
    }
  });

  it('switches several faults on together', async () => {
    const server = await startReference({ faults: ['message-id-missing', 'guild-id-missing'] });
    try {
      expect(server.faults).toEqual(['message-id-missing', 'guild-id-missing']);
      expect(await probes['message-id-missing'](server)).toBe(true);
      expect(await probes['guild-id-missing'](server)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe.each(wireFaults.map((fault) => [fault.id, fault.rules.join(', ')]))('fault %s (%s)', (id) => {
  it('shows its deviation on the wire, which a clean server does not', async () => {
    const [faulty, clean] = await Promise.all([startReference({ faults: [id] }), startReference()]);
    try {
      expect(await probes[id](faulty), 'deviation with the fault on').toBe(true);
      expect(await probes[id](clean), 'deviation on a clean server').toBe(false);
    } finally {
      await Promise.all([faulty.close(), clean.close()]);
    }
  });
});
