/**
 * The 33 operations of spec §4 as written data (fields, return, required resources, experimental flag,
 * their own rule ids), one block per §4 subsection; spec/catalogue.ts derives the rest (section,
 * pagination, variant points, general rules, schemas) from it.
 */
import type {
  Field,
  FieldType,
  OperationGroup,
  ResourceKey,
  ResourceName,
  ResponseShape,
} from './operation-shape.js';
import type { RuleId } from './rules.js';

const field = (name: string, type: FieldType, required: boolean, description: string): Field => ({
  name,
  type,
  required,
  description,
});
const id = (name: string, description = `${name.replace(/_id$/, '')} id`) =>
  field(name, 'string', true, description);
const nextToken = (required = false) => field('next', 'string', required, 'pagination token');
const approveFields = [
  id('message_id', 'the request id'),
  field('approve', 'boolean', true, 'whether to approve'),
  field('comment', 'string', false, 'comment'),
];
const rolePayload = (): Field => ({
  ...field('data', 'GuildRole', true, 'role payload (which fields are required inside: not shown, §4.8)'),
  variant: { point: 'role-payload', values: { data: {}, role: { name: 'role' } } },
});
const channelPayload = () =>
  field('data', 'Channel', true, 'channel payload (which fields are required inside: not shown, §4.8)');
const listNext = (): Field => ({
  ...nextToken(false),
  variant: { point: 'list-next', values: { optional: { required: false }, required: { required: true } } },
});

export interface OperationInput<Path extends string = string> {
  path: Path;
  group: OperationGroup;
  summary: string;
  fields: Field[];
  response?: ResponseShape;
  requiredResources?: ResourceKey[];
  experimental?: boolean;
  /** Rules specific to this operation; the general ones (GEN-*, GAP-NO-RETURN …) are derived. */
  rules: RuleId[];
}

/** Keeps each path as a literal, so that OperationId below is the union of the 33 paths. */
const operationInputs = <const Path extends string>(inputs: OperationInput<Path>[]) => inputs;

const resource = (name: ResourceName): ResponseShape => ({ kind: 'resource', resource: name });
const list = (name: ResourceName): ResponseShape => ({ kind: 'list', resource: name });

export const INPUTS = operationInputs([
  // §4.1 Messages
  {
    path: 'message.create',
    group: 'messages',
    summary: 'Sends a message.',
    fields: [id('channel_id'), field('content', 'string', true, 'message content')],
    response: { kind: 'array', resource: 'Message' },
    rules: ['MSG-CREATE-1', 'EVT-LINK-MESSAGE'],
  },
  {
    path: 'message.get',
    group: 'messages',
    summary: 'Gets a message by id.',
    fields: [id('channel_id'), id('message_id')],
    response: resource('Message'),
    requiredResources: ['channel', 'user'],
    rules: ['MSG-GET-1', 'MSG-GET-2'],
  },
  {
    path: 'message.delete',
    group: 'messages',
    summary: 'Deletes a specific message.',
    fields: [id('channel_id'), id('message_id')],
    rules: ['MSG-DELETE-1', 'EVT-LINK-MESSAGE'],
  },
  {
    path: 'message.update',
    group: 'messages',
    summary: 'Edits a specific message.',
    fields: [id('channel_id'), id('message_id'), field('content', 'string', true, 'new message content')],
    rules: ['MSG-UPDATE-1', 'EVT-LINK-MESSAGE'],
  },
  {
    path: 'message.list',
    group: 'messages',
    summary: 'Lists messages in a channel.',
    fields: [
      id('channel_id'),
      {
        ...field(
          'message_id',
          'string',
          false,
          'message id (listed in one variant only; required-ness not shown)',
        ),
        variant: { point: 'message-list-id', values: { without: 'absent', with: {} } },
      },
      field('next', 'string', false, 'pagination token; null (absent) starts from the latest message'),
      field('direction', 'Direction', false, 'query direction, default before'),
      field('limit', 'number', false, 'page size, default the platform default (recommended 50)'),
      field('order', 'Order', false, 'result order, default asc'),
    ],
    response: { kind: 'bidi', resource: 'Message' },
    requiredResources: ['user'],
    rules: [
      'MSG-LIST-0',
      'MSG-LIST-1',
      'MSG-LIST-2',
      'MSG-LIST-3',
      'MSG-LIST-4',
      'MSG-LIST-5',
      'MSG-LIST-6',
      'MSG-LIST-LIMIT',
      'RES-DIRECTION',
      'RES-ORDER',
      'ERR-2',
      'LIMIT-1',
    ],
  },
  // §4.2 Channels
  {
    path: 'channel.get',
    group: 'channels',
    summary: 'Gets a channel.',
    fields: [id('channel_id')],
    response: resource('Channel'),
    rules: ['CHAN-GET-1'],
  },
  {
    path: 'channel.list',
    group: 'channels',
    summary: 'Lists all channels of a guild.',
    fields: [id('guild_id'), listNext()],
    response: list('Channel'),
    rules: ['CHAN-LIST-1'],
  },
  {
    path: 'channel.create',
    group: 'channels',
    summary: 'Creates a guild channel.',
    fields: [id('guild_id'), channelPayload()],
    response: resource('Channel'),
    rules: ['CHAN-CREATE-1', 'GAP-DATA-FIELDS', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'channel.update',
    group: 'channels',
    summary: 'Updates a guild channel.',
    fields: [id('channel_id'), channelPayload()],
    rules: ['CHAN-UPDATE-1', 'GAP-DATA-FIELDS', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'channel.delete',
    group: 'channels',
    summary: 'Deletes a guild channel.',
    fields: [id('channel_id')],
    rules: ['CHAN-DELETE-1', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'channel.mute',
    group: 'channels',
    summary: 'Mutes a guild channel; duration 0 unmutes it.',
    fields: [id('channel_id'), field('duration', 'number', true, 'milliseconds; 0 unmutes')],
    experimental: true,
    rules: ['CHAN-MUTE-1', 'CHAN-MUTE-2', 'LIMIT-DURATION-MS'],
  },
  {
    path: 'user.channel.create',
    group: 'channels',
    summary: 'Creates a direct-message channel.',
    fields: [id('user_id'), field('guild_id', 'string', false, 'guild id')],
    response: resource('Channel'),
    rules: ['USER-CHAN-CREATE-1'],
  },
  // §4.3 Guilds
  {
    path: 'guild.get',
    group: 'guilds',
    summary: 'Gets a guild.',
    fields: [id('guild_id')],
    response: resource('Guild'),
    rules: ['GUILD-GET-1'],
  },
  {
    path: 'guild.list',
    group: 'guilds',
    summary: 'Lists the guilds of which the current user is a member (partial Guild objects).',
    fields: [listNext()],
    response: list('Guild'),
    rules: ['GUILD-LIST-1', 'AUTH-2'],
  },
  {
    path: 'guild.approve',
    group: 'guilds',
    summary: 'Handles an invitation from a guild.',
    fields: approveFields,
    rules: ['GUILD-APPROVE-1', 'EVT-REQUEST-FLOW', 'EVT-LINK-INFERRED'],
  },
  // §4.4 Guild members
  {
    path: 'guild.member.get',
    group: 'members',
    summary: 'Gets a guild member.',
    fields: [id('guild_id'), id('user_id')],
    response: resource('GuildMember'),
    rules: ['MEMBER-GET-1'],
  },
  {
    path: 'guild.member.list',
    group: 'members',
    summary: 'Lists the members of a guild.',
    fields: [id('guild_id'), nextToken()],
    response: list('GuildMember'),
    rules: ['MEMBER-LIST-1'],
  },
  {
    path: 'guild.member.kick',
    group: 'members',
    summary: 'Kicks a user from the guild.',
    fields: [
      id('guild_id'),
      id('user_id'),
      field('permanent', 'boolean', false, 'true: the user is permanently barred from rejoining'),
    ],
    rules: ['MEMBER-KICK-1', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'guild.member.mute',
    group: 'members',
    summary: 'Mutes a user; duration 0 unmutes them.',
    fields: [id('guild_id'), id('user_id'), field('duration', 'number', true, 'milliseconds; 0 unmutes')],
    experimental: true,
    rules: ['MEMBER-MUTE-1', 'MEMBER-MUTE-2', 'LIMIT-DURATION-MS'],
  },
  {
    path: 'guild.member.approve',
    group: 'members',
    summary: 'Handles a guild join request.',
    fields: approveFields,
    rules: ['MEMBER-APPROVE-1', 'EVT-REQUEST-FLOW', 'EVT-LINK-INFERRED'],
  },
  // §4.5 Guild roles (experimental)
  {
    path: 'guild.member.role.set',
    group: 'roles',
    summary: 'Sets a role for a user in the guild.',
    fields: [id('guild_id'), id('user_id'), id('role_id')],
    experimental: true,
    rules: ['ROLE-SET-1', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'guild.member.role.unset',
    group: 'roles',
    summary: 'Removes a role from a user in the guild.',
    fields: [id('guild_id'), id('user_id'), id('role_id')],
    experimental: true,
    rules: ['ROLE-UNSET-1', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'guild.role.list',
    group: 'roles',
    summary: 'Lists the roles of a guild.',
    fields: [id('guild_id'), nextToken()],
    response: list('GuildRole'),
    experimental: true,
    rules: ['ROLE-LIST-1'],
  },
  {
    path: 'guild.role.create',
    group: 'roles',
    summary: 'Creates a guild role.',
    fields: [id('guild_id'), rolePayload()],
    response: resource('GuildRole'),
    experimental: true,
    rules: ['ROLE-CREATE-1', 'GAP-DATA-FIELDS', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'guild.role.update',
    group: 'roles',
    summary: 'Updates a guild role.',
    fields: [id('guild_id'), id('role_id'), rolePayload()],
    experimental: true,
    rules: ['ROLE-UPDATE-1', 'GAP-DATA-FIELDS', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'guild.role.delete',
    group: 'roles',
    summary: 'Deletes a guild role.',
    fields: [id('guild_id'), id('role_id')],
    experimental: true,
    rules: ['ROLE-DELETE-1', 'EVT-LINK-INFERRED'],
  },
  // §4.6 Reactions (experimental)
  {
    path: 'reaction.create',
    group: 'reactions',
    summary: 'Adds a reaction to a specific message.',
    fields: [id('channel_id'), id('message_id'), id('emoji_id')],
    experimental: true,
    rules: ['REACTION-CREATE-1', 'RES-EMOJI', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'reaction.delete',
    group: 'reactions',
    summary: 'Removes a reaction added by a user (default: the current user) from a message.',
    fields: [
      id('channel_id'),
      id('message_id'),
      id('emoji_id'),
      field('user_id', 'string', false, 'whose reaction; absent: the current user'),
    ],
    experimental: true,
    rules: ['REACTION-DELETE-1', 'REACTION-DELETE-2', 'AUTH-2', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'reaction.clear',
    group: 'reactions',
    summary: 'Clears a reaction (default: every reaction) from a message.',
    fields: [
      id('channel_id'),
      id('message_id'),
      field('emoji_id', 'string', false, 'which reaction; absent: all reactions'),
    ],
    experimental: true,
    rules: ['REACTION-CLEAR-1', 'REACTION-CLEAR-2', 'EVT-LINK-INFERRED'],
  },
  {
    path: 'reaction.list',
    group: 'reactions',
    summary: 'Lists the users who added a specific reaction to a message.',
    fields: [id('channel_id'), id('message_id'), id('emoji_id'), nextToken()],
    response: list('User'),
    experimental: true,
    rules: ['REACTION-LIST-1'],
  },
  // §4.7 Friends
  {
    path: 'friend.list',
    group: 'friends',
    summary: 'Lists friends.',
    fields: [nextToken()],
    response: list('Friend'),
    rules: ['FRIEND-LIST-1'],
  },
  {
    path: 'friend.delete',
    group: 'friends',
    summary: 'Removes a friend.',
    fields: [id('user_id')],
    rules: ['FRIEND-DELETE-1'],
  },
  {
    path: 'friend.approve',
    group: 'friends',
    summary: 'Handles a friend request.',
    fields: approveFields,
    rules: ['FRIEND-APPROVE-1', 'EVT-REQUEST-FLOW'],
  },
]);

/** Every operation path of §4 ('message.list' …): a check citing another fails to compile. */
export type OperationId = (typeof INPUTS)[number]['path'];
