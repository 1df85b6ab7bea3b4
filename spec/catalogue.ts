/**
 * Operation catalogue: the 33 operations of spec §4 as data (path, group, fields, return, pagination,
 * required resources, experimental flag, §4.8 variant points, rule ids), and the request/response JSON
 * schemas built from that data. An independent reading of the spec: nothing here comes from src/reference.
 */
import type { RuleId } from './rules.js';
import { VARIANT_POINTS } from './variants.js';

export { VARIANT_POINTS };

import { type JsonSchema, loadSchemaFiles, SCHEMA_BASE, SCHEMA_SUFFIX } from './schema-files.js';

export type OperationGroup =
  | 'messages'
  | 'channels'
  | 'guilds'
  | 'members'
  | 'roles'
  | 'reactions'
  | 'friends';

export interface GroupInfo {
  name: OperationGroup;
  section: string;
  title: string;
  experimental: boolean;
}

/** The seven resource groups of §1, with their §4 section. */
export const groups: readonly GroupInfo[] = [
  { name: 'messages', section: '4.1', title: 'Messages', experimental: false },
  { name: 'channels', section: '4.2', title: 'Channels', experimental: false },
  { name: 'guilds', section: '4.3', title: 'Guilds', experimental: false },
  { name: 'members', section: '4.4', title: 'Guild members', experimental: false },
  { name: 'roles', section: '4.5', title: 'Guild roles', experimental: true },
  { name: 'reactions', section: '4.6', title: 'Reactions', experimental: true },
  { name: 'friends', section: '4.7', title: 'Friends', experimental: false },
];

/** Schema files that are resources (§2, plus the de-facto Login and the list envelopes). */
export type ResourceName =
  | 'Message'
  | 'Channel'
  | 'ChannelType'
  | 'Guild'
  | 'GuildMember'
  | 'Member'
  | 'GuildRole'
  | 'Friend'
  | 'User'
  | 'Emoji'
  | 'Direction'
  | 'Order'
  | 'Login'
  | 'List'
  | 'BidiList'
  | 'EventEnvelope';

/** A "Required resource" (§1 rule 4) as it appears on a result or event body. */
export type ResourceKey = 'channel' | 'guild' | 'user' | 'member' | 'message' | 'role' | 'emoji';

/** The schema a required resource is validated against. */
export const RESOURCE_SCHEMAS: Readonly<Record<ResourceKey, ResourceName>> = {
  channel: 'Channel',
  guild: 'Guild',
  user: 'User',
  member: 'GuildMember',
  message: 'Message',
  role: 'GuildRole',
  emoji: 'Emoji',
};

// ---------------------------------------------------------------------------------------------------------
// §4.8 variants

export type VariantPointName = keyof typeof VARIANT_POINTS;

export interface VariantPoint {
  name: VariantPointName;
  /** Possible values; the first is the default. */
  values: readonly string[];
  description: string;
  rule: RuleId;
  operations: readonly OperationId[];
}

/** The §4.8 variant points described (values from VARIANT_POINTS). */
export const variantPoints: readonly VariantPoint[] = [
  {
    name: 'message-list-id',
    values: VARIANT_POINTS['message-list-id'],
    description: 'message.list takes message_id in one variant and omits it in the other.',
    rule: 'VARIANT-MESSAGE-LIST-ID',
    operations: ['message.list'],
  },
  {
    name: 'list-next',
    values: VARIANT_POINTS['list-next'],
    description: 'next of channel.list and guild.list is optional in one variant and required in the other.',
    rule: 'VARIANT-LIST-NEXT',
    operations: ['channel.list', 'guild.list'],
  },
  {
    name: 'role-payload',
    values: VARIANT_POINTS['role-payload'],
    description:
      'The role payload field of guild.role.create/update is data in one variant and role in the other.',
    rule: 'VARIANT-ROLE-PAYLOAD',
    operations: ['guild.role.create', 'guild.role.update'],
  },
  {
    name: 'message-member',
    values: VARIANT_POINTS['message-member'],
    description: 'Message.member is typed GuildMember in one variant and Member in the other.',
    rule: 'VARIANT-MESSAGE-MEMBER',
    operations: ['message.create', 'message.get', 'message.list'],
  },
];

/** Selected variant values by point name; a missing point takes its default (first value). */
export type VariantSelection = Readonly<Partial<Record<VariantPointName, string>>>;

/** The value of `point` in `variants`, checked; throws on an unknown point or value. */
export function variantValue(
  point: VariantPointName,
  variants: Readonly<Record<string, string>> = {},
): string {
  const definition = variantPoints.find((candidate) => candidate.name === point)!;
  const value = variants[point] ?? definition.values[0];
  if (!definition.values.includes(value)) {
    throw new Error(
      `Unknown value '${value}' for variant point '${point}': use one of ${definition.values.join(', ')}.`,
    );
  }
  return value;
}

/** Refuses unknown variant point names (a typo would silently select the default). */
function checkVariantNames(variants: Readonly<Record<string, string>>): void {
  for (const name of Object.keys(variants)) {
    if (!variantPoints.some((point) => point.name === name)) {
      throw new Error(
        `Unknown variant point '${name}': use one of ${variantPoints.map((p) => p.name).join(', ')}.`,
      );
    }
  }
}

/**
 * Resources whose schema depends on a variant: in the 'Member' variant, Message.member refers to Member.
 * validate.ts registers each derived schema under `id`.
 */
export const resourceVariants = [
  {
    resource: 'Message' as ResourceName,
    point: 'message-member' as VariantPointName,
    value: 'Member',
    property: 'member',
    ref: 'Member' as ResourceName,
    id: `${SCHEMA_BASE}Message.message-member-Member.variant.json`,
  },
] as const;

/** The derived schemas of resourceVariants (built lazily from the schema files). */
export function variantResourceSchemas(): JsonSchema[] {
  const files = loadSchemaFiles();
  return resourceVariants.map((variant) => {
    const base = structuredClone(files.get(variant.resource)!);
    base.$id = variant.id;
    base.title = `${variant.resource} (${variant.point} = ${variant.value})`;
    base.properties[variant.property] = {
      ...base.properties[variant.property],
      $ref: `${variant.ref}${SCHEMA_SUFFIX}`,
    };
    return base;
  });
}

/** An absolute $ref to a resource schema, with the variants applied (e.g. Message with Member). */
export function resourceRef(name: ResourceName, variants: Readonly<Record<string, string>> = {}): JsonSchema {
  checkVariantNames(variants);
  const variant = resourceVariants.find(
    (candidate) => candidate.resource === name && variantValue(candidate.point, variants) === candidate.value,
  );
  return { $ref: variant ? variant.id : `${SCHEMA_BASE}${name}${SCHEMA_SUFFIX}` };
}

// ---------------------------------------------------------------------------------------------------------
// Operations

export type FieldType = 'string' | 'number' | 'boolean' | 'Channel' | 'GuildRole' | 'Direction' | 'Order';

/** How a field changes with a §4.8 variant: per value, renamed, re-required, or absent. */
export interface FieldVariant {
  point: VariantPointName;
  values: Readonly<Record<string, { name?: string; required?: boolean } | 'absent'>>;
}

export interface Field {
  name: string;
  type: FieldType;
  required: boolean;
  description: string;
  variant?: FieldVariant;
}

export type ResponseShape =
  /** One object. */
  | { kind: 'resource'; resource: ResourceName }
  /** A JSON array of objects. */
  | { kind: 'array'; resource: ResourceName }
  /** A paginated list {data, next?}. */
  | { kind: 'list'; resource: ResourceName }
  /** A bidirectional paginated list {data, prev?, next?}. */
  | { kind: 'bidi'; resource: ResourceName };

export interface Operation {
  /** e.g. 'message.list'; sent as POST {base_url}/message.list (§1 rule 1). */
  path: OperationId;
  group: OperationGroup;
  section: string;
  summary: string;
  fields: readonly Field[];
  /** null: the spec states no return (§4.8), any 2xx body is accepted. */
  response: ResponseShape | null;
  pagination: 'none' | 'list' | 'bidi';
  /** §1 rule 4: related objects the result must carry. */
  requiredResources: readonly ResourceKey[];
  /** 'result': on the returned object; 'items': on every item of data. */
  requiredResourcesOn: 'result' | 'items';
  /** §1 rule 3. */
  experimental: boolean;
  /** §4.8 variant points that change this operation's request or response. */
  variantPoints: readonly VariantPointName[];
  /** Rule ids of spec/rules.ts this operation is subject to. */
  rules: readonly RuleId[];
  /** The request schema with default variants (see requestSchema for others). */
  readonly request: JsonSchema;
}

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

interface OperationInput<Path extends string = string> {
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

const INPUTS = operationInputs([
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

/** Rules that follow from the shape of an operation rather than from its own text. */
function derivedRules(input: OperationInput, variants: readonly VariantPointName[]): RuleId[] {
  const derived: RuleId[] = ['GEN-1', 'GEN-2'];
  if (input.fields.some((f) => f.required)) derived.push('OP-REQUIRED-FIELDS');
  if (input.experimental) derived.push('GEN-3');
  if (input.requiredResources?.length) derived.push('GEN-4');
  if (input.response?.kind === 'list' || input.response?.kind === 'bidi') derived.push('GEN-5', 'GEN-6');
  if (!input.response) derived.push('GAP-NO-RETURN');
  for (const name of variants) derived.push(variantPoints.find((p) => p.name === name)!.rule);
  return derived;
}

function buildOperation(input: OperationInput<OperationId>): Operation {
  const group = groups.find((g) => g.name === input.group)!;
  const response = input.response ?? null;
  const pagination = response?.kind === 'list' ? 'list' : response?.kind === 'bidi' ? 'bidi' : 'none';
  const variants = variantPoints.filter((point) => point.operations.includes(input.path)).map((p) => p.name);
  const rules = [...new Set([...input.rules, ...derivedRules(input, variants)])];
  const operation: Operation = {
    path: input.path,
    group: input.group,
    section: group.section,
    summary: input.summary,
    fields: input.fields,
    response,
    pagination,
    requiredResources: input.requiredResources ?? [],
    requiredResourcesOn: pagination === 'none' ? 'result' : 'items',
    experimental: input.experimental ?? false,
    variantPoints: variants,
    rules,
    get request() {
      return requestSchema(operation);
    },
  };
  return operation;
}

/** The 33 operations of §4, in spec order. */
export const operations: readonly Operation[] = INPUTS.map(buildOperation);

const byPath = new Map<string, Operation>(operations.map((operation) => [operation.path, operation]));

/** Paths that look like `path` (same words, or small edit distance), best first. */
function nearMatches(path: string, candidates: readonly string[]): string[] {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0];
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const current = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length];
  };
  const words = new Set(path.toLowerCase().split(/[./-]/));
  return candidates
    .map((candidate) => ({
      candidate,
      score:
        distance(path.toLowerCase(), candidate) -
        2 * candidate.split(/[./-]/).filter((w) => words.has(w)).length,
    }))
    .filter(({ candidate, score }) => score <= Math.max(3, candidate.length / 3))
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

/** An unknown-name error listing the closest known names. */
export function unknownNameError(kind: string, name: string, known: readonly string[]): Error {
  const near = nearMatches(name.replace(/^\//, ''), known);
  const hint = near.length
    ? `did you mean ${near.map((n) => `'${n}'`).join(', ')}?`
    : `known: ${known.join(', ')}`;
  return new Error(`Unknown ${kind} '${name}': ${hint}`);
}

/** The operation with this path ('message.list', a leading '/' is accepted); throws with near matches. */
export function getOperation(path: string): Operation {
  const operation = byPath.get(path.replace(/^\//, ''));
  if (!operation) throw unknownNameError('operation', path, [...byPath.keys()]);
  return operation;
}

// ---------------------------------------------------------------------------------------------------------
// Schemas built from the data

const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Rewrites relative $refs of a schema file fragment to absolute ones, so it can be embedded anywhere. */
function absoluteRefs(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(absoluteRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = key === '$ref' && !/^[a-z]+:/.test(value) ? `${SCHEMA_BASE}${value}` : absoluteRefs(value);
  }
  return copy;
}

/** The payload schema of channel.create/update and guild.role.create/update: fields typed, none required (§4.8). */
function payloadSchema(name: ResourceName): JsonSchema {
  const file = loadSchemaFiles().get(name)!;
  return {
    type: 'object',
    description: `${name} payload: its fields are typed, none is required (which are: not shown, §4.8).`,
    properties: absoluteRefs(file.properties),
  };
}

function fieldSchema(input: Field): JsonSchema {
  switch (input.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return { type: input.type, description: input.description };
    case 'Direction':
    case 'Order':
      return { ...resourceRef(input.type), description: input.description };
    case 'Channel':
    case 'GuildRole':
      return payloadSchema(input.type);
  }
}

/** The fields of an operation as sent under these variants (renamed, re-required or dropped). */
export function effectiveFields(
  operation: Operation,
  variants: Readonly<Record<string, string>> = {},
): Field[] {
  checkVariantNames(variants);
  const result: Field[] = [];
  for (const input of operation.fields) {
    if (!input.variant) {
      result.push(input);
      continue;
    }
    const change = input.variant.values[variantValue(input.variant.point, variants)];
    if (change === 'absent') continue;
    result.push({ ...input, ...change });
  }
  return result;
}

/** JSON schema of the request body of `operation` under `variants`. Unknown fields are allowed. */
export function requestSchema(
  operation: Operation | string,
  variants: Readonly<Record<string, string>> = {},
): JsonSchema {
  const op = typeof operation === 'string' ? getOperation(operation) : operation;
  const fields = effectiveFields(op, variants);
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: `${op.path} request`,
    type: 'object',
    required: fields.filter((f) => f.required).map((f) => f.name),
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
  };
}

/** JSON schema of the response body of `operation` under `variants`; null when no return is stated (§4.8). */
export function responseSchema(
  operation: Operation | string,
  variants: Readonly<Record<string, string>> = {},
): JsonSchema | null {
  const op = typeof operation === 'string' ? getOperation(operation) : operation;
  if (!op.response) return null;
  const item = resourceRef(op.response.resource, variants);
  const title = `${op.path} response`;
  switch (op.response.kind) {
    case 'resource':
      return { $schema: JSON_SCHEMA_DIALECT, title, ...item };
    case 'array':
      return { $schema: JSON_SCHEMA_DIALECT, title, type: 'array', items: item };
    case 'list':
    case 'bidi':
      return { $schema: JSON_SCHEMA_DIALECT, title, ...listSchema(op.response.kind, item) };
  }
}

/** A paginated list (§1 rule 5) whose data items match `item`: the envelope schema plus typed items. */
export function listSchema(kind: 'list' | 'bidi', item: JsonSchema): JsonSchema {
  return {
    allOf: [
      resourceRef(kind === 'list' ? 'List' : 'BidiList'),
      { type: 'object', properties: { data: { type: 'array', items: item } } },
    ],
  };
}
