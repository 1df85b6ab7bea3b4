/**
 * Invalid inputs (issue 23): a required field missing, a field of the wrong type, an unknown or malformed
 * id — one change to an otherwise valid request of each operation. Any refusal (non-2xx) conforms at must;
 * what is a finding is only what the conventions say, at should: a request missing a required field
 * answered 2xx (OP-REQUIRED-FIELDS), a 5xx where the server refuses ordinary bad input with a 4xx
 * (CONV-HTTP-NO-5XX). Safety: ids that name something real are only the fuzz's own scratch channel and
 * anchor message and, for reads and creates, the sandbox guild and the bot itself; every other id is unknown.
 */

import fc from 'fast-check';
import { effectiveFields, type Operation, operations } from '../../spec/catalogue.js';
import type { Field } from '../../spec/operation-shape.js';
import { tr } from '../i18n/index.js';
import { GROUPS, type Group } from '../runner/model.js';
import type { CallResult } from '../wire.js';
import { type FuzzEnv, refusalOracle } from './model.js';
import type { FuzzProperty } from './property.js';
import { show } from './text.js';
import { createdMessage, describe, type Trace } from './trace.js';

export type InvalidKind = 'missing' | 'wrong-type' | 'unknown-id' | 'malformed-id';

export interface InvalidInput {
  kind: InvalidKind;
  /** Which field (modulo the operation's fields under the target's variants). */
  field: number;
  wrong: unknown;
  malformed: string;
  unknown: string;
}

export const UNKNOWN_ID = 'fuzz-unknown-id';

const MALFORMED = [
  '',
  ' ',
  '../../x',
  'x'.repeat(2048),
  '\u0000',
  '%00',
  '-1',
  '0',
  'null',
  '{"$ne":null}',
  '\ud800',
  '1e999',
  '١٢٣',
];

const invalidInput = (): fc.Arbitrary<InvalidInput> =>
  fc.record({
    kind: fc.constantFrom<InvalidKind>('missing', 'wrong-type', 'unknown-id', 'malformed-id'),
    field: fc.nat({ max: 7 }),
    wrong: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
      fc.string({ maxLength: 5 }),
    ),
    malformed: fc.constantFrom(...MALFORMED),
    unknown: fc
      .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 12 })
      .map((hex) => `fuzz-unknown-${hex}`),
  });

/** Real ids a skeleton may use, per operation (everything else is unknown: nothing real can be changed). */
function realIds(env: FuzzEnv, path: string): Record<string, string | undefined> {
  const scratch = env.scratchChannelId;
  const anchor = scratch ? env.anchorMessageId : undefined;
  const guild = env.sandbox.guildId;
  const inScratch = { channel_id: scratch, message_id: anchor };
  const table: Record<string, Record<string, string | undefined>> = {
    'message.create': { channel_id: scratch },
    'message.get': inScratch,
    'message.update': inScratch,
    'message.delete': inScratch,
    'message.list': { channel_id: scratch },
    'channel.get': { channel_id: scratch },
    'channel.update': { channel_id: scratch },
    'channel.list': { guild_id: guild },
    'channel.create': { guild_id: guild },
    'guild.get': { guild_id: guild },
    'guild.member.get': { guild_id: guild, user_id: env.sandbox.selfId },
    'guild.member.list': { guild_id: guild },
    'guild.role.list': { guild_id: guild },
    'guild.role.create': { guild_id: guild },
    'reaction.create': inScratch,
    'reaction.list': inScratch,
    'reaction.clear': inScratch,
  };
  return table[path] ?? {};
}

/** A valid-looking value for a field (payloads that change nothing on updates). */
function skeletonValue(env: FuzzEnv, path: string, field: Field): unknown {
  if (field.type === 'string' && field.name.endsWith('_id'))
    return realIds(env, path)[field.name] ?? UNKNOWN_ID;
  switch (field.type) {
    case 'string':
      return field.name === 'next' ? '' : 'fuzz: invalid input';
    case 'number':
      return field.name === 'duration' ? 1000 : 10;
    case 'boolean':
      return false;
    case 'Direction':
      return 'before';
    case 'Order':
      return 'asc';
    case 'Channel':
      return path === 'channel.create' ? { name: 'fuzz-invalid', type: 0 } : {};
    case 'GuildRole':
      return path === 'guild.role.create' ? { name: 'fuzz-invalid' } : {};
  }
}

/** A value of another type than the field's. */
function wrongValue(field: Field, wrong: unknown): unknown {
  const kind =
    field.type === 'string' || field.type === 'Direction' || field.type === 'Order'
      ? 'string'
      : field.type === 'number' || field.type === 'boolean'
        ? field.type
        : 'object';
  const actual = wrong === null ? 'null' : Array.isArray(wrong) ? 'array' : typeof wrong;
  if (actual !== kind) return wrong;
  return kind === 'string' ? [wrong] : kind === 'object' ? JSON.stringify(wrong) : String(wrong);
}

/** The request: the skeleton with one change. */
export function invalidRequest(
  env: FuzzEnv,
  operation: Operation,
  input: InvalidInput,
): { fields: Record<string, unknown>; change: string; kind: InvalidKind } {
  const all = effectiveFields(operation, env.variants);
  const present = all.filter((field) => field.required);
  const fields: Record<string, unknown> = Object.fromEntries(
    present.map((field) => [field.name, skeletonValue(env, operation.path, field)]),
  );
  const field = all[input.field % all.length];
  const isId = field.type === 'string' && field.name.endsWith('_id');
  const kind: InvalidKind =
    (input.kind === 'missing' && !field.required) || (!isId && input.kind.endsWith('-id'))
      ? 'wrong-type'
      : input.kind;
  if (kind === 'missing') delete fields[field.name];
  else
    fields[field.name] =
      kind === 'wrong-type'
        ? wrongValue(field, input.wrong)
        : kind === 'unknown-id'
          ? input.unknown
          : input.malformed;
  const change =
    kind === 'missing' ? tr`${field.name} missing` : `${field.name} = ${show(fields[field.name])} (${kind})`;
  return { fields, change, kind };
}

/** What a create accepted anyway goes in the ledger. */
function trackCreated(trace: Trace, path: string, fields: Record<string, unknown>, result: CallResult): void {
  if (path === 'message.create') {
    const id = createdMessage(result.body)?.id;
    if (typeof id === 'string' && typeof fields.channel_id === 'string')
      trace.track({
        kind: 'message',
        label: tr`message ${id}`,
        undo: ['message.delete', { channel_id: fields.channel_id, message_id: id }],
      });
  }
  const id = result.body?.id;
  if (path === 'channel.create' && typeof id === 'string')
    trace.track({ kind: 'channel', label: tr`channel ${id}`, undo: ['channel.delete', { channel_id: id }] });
  if (path === 'guild.role.create' && typeof id === 'string')
    trace.track({
      kind: 'role',
      label: tr`role ${id}`,
      undo: ['guild.role.delete', { guild_id: fields.guild_id, role_id: id }],
    });
}

const groupOf = (operation: Operation): Group =>
  (GROUPS as readonly string[]).includes(operation.group) ? (operation.group as Group) : 'robustness';

function invalidProperty(operation: Operation): FuzzProperty<InvalidInput> {
  const path = operation.path;
  const missing = refusalOracle(
    `fuzz.${path}/refuses-missing-field`,
    'should',
    ['OP-REQUIRED-FIELDS'],
    `${path} without a required field is refused (non-2xx)`,
  );
  const no5xx = refusalOracle(
    `fuzz.${path}/invalid-input-is-4xx`,
    'should',
    ['CONV-HTTP-NO-5XX'],
    `${path} refuses invalid input with a 4xx, not a 5xx (when the server refuses bad input with 4xx)`,
  );
  return {
    key: `${path}/invalid`,
    operation: path,
    group: groupOf(operation),
    mode: 'invalid',
    experimental: operation.experimental,
    // An operation with no required field has nothing to leave out (one required only in a variant: not judged).
    oracles: operation.fields.some((field) => field.required) ? [missing, no5xx] : [no5xx],
    arbitrary: invalidInput,
    branches: (input) => [`invalid:${input.kind}`],
    async run(env, input, trace) {
      const request = invalidRequest(env, operation, input);
      const result = await trace.call(path, request.fields);
      if (result.ok) trackCreated(trace, path, request.fields, result);
      // Judged on refusals only: an accepted input is no refusal, 4xx or 5xx (the missing-field oracle
      // judges what must not be accepted), so a server answering everything 2xx never holds it.
      if (!result.ok)
        trace.judge(no5xx, isNot5xxRefusal(result.status, env), tr`a 4xx for ${request.change}`, () =>
          describe(result),
        );
      if (request.kind === 'missing' && operation.fields.some((field) => field.required))
        trace.judge(missing, !result.ok, tr`a refusal of ${request.change}`, () => describe(result));
    },
  };
}

/**
 * Not a 5xx refusal of the input: a status under 500, a server that refuses bad input with 5xx anyway, or
 * 501 — the adapter does not implement the operation at all (de-facto conventions: 501 "not implemented"),
 * which says nothing of how it would refuse bad input; whether it should implement it is the checks' job
 * (login.features).
 */
export const isNot5xxRefusal = (status: number, env: { refusesWith5xx: boolean }): boolean =>
  status < 500 || status === 501 || env.refusesWith5xx;

/** One invalid-input property per operation of §4. */
export const invalidProperties = (): FuzzProperty[] => operations.map(invalidProperty);
