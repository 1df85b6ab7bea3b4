/**
 * Operation catalogue: the 33 operations of spec §4 as data (path, group, fields, return, pagination,
 * required resources, experimental flag, §4.8 variant points, rule ids), and the request/response JSON
 * schemas built from that data (the operations as written are in spec/operation-inputs.ts). An independent reading of the spec: nothing here comes from src/reference.
 */
import { INPUTS, type OperationId, type OperationInput } from './operation-inputs.js';
import type {
  Field,
  OperationGroup,
  ResourceKey,
  ResourceName,
  ResponseShape,
  VariantPointName,
} from './operation-shape.js';
import type { RuleId } from './rules.js';
import { type JsonSchema, loadSchemaFiles, SCHEMA_BASE, SCHEMA_SUFFIX } from './schema-files.js';
import { VARIANT_POINTS } from './variants.js';

export type { OperationId } from './operation-inputs.js';
export { VARIANT_POINTS };

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
