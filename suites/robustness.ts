/**
 * Robustness: requests the interface must refuse (§4 required fields) and the HTTP conventions of the
 * protocol family (de-facto-conventions.md "HTTP", profile satori). The missing-field checks are
 * generated from spec/catalogue.ts, one per operation.
 *
 * Safety: a server that wrongly accepts a request missing a field must not be able to change anything
 * the run did not create. So each operation omits the field naming its target (a message, a user, a
 * role …) while the container ids are real, mutes carry duration 0 (a no-op) and answers are
 * approve false; the few messages needed are the check's own, and anything a wrong 2xx creates is tracked.
 *
 * A control for every refusal (issue 41): a check that passes because a request was refused passes only
 * where, in the same run, the same operation accepted a complete valid request (./_lib/refusal-controls.ts);
 * otherwise it is undecided, naming what the complete request got. A server refusing everything (404 to
 * every path, 501, 400 to any body) must not pass them.
 */
import type { OperationId } from '../spec/catalogue.js';
import { effectiveFields, type Operation, operations } from '../spec/catalogue.js';
import type { CallResult, CheckContext, CheckSpec } from '../src/runner/check.js';
import { defineCheck, defineSuite } from '../src/runner/check.js';
import { idOf, shorten, statusOf, uniqueName } from './_lib/lists.js';
import { uniqueContent } from './_lib/messages.js';
import { CONTROL_HOLDS, requireControl, requireOwnMessage } from './_lib/refusal-controls.js';

/** A client error: the refusal the de-facto conventions use for bad input. */
const isClientError = (result: CallResult): boolean => result.status >= 400 && result.status < 500;

/** Which required field each operation omits: the safest one (see the file comment). */
const OMITTED: Readonly<Record<string, string>> = {
  'message.create': 'content',
  'message.get': 'message_id',
  'message.delete': 'message_id',
  'message.update': 'content',
  'message.list': 'channel_id',
  'channel.get': 'channel_id',
  'channel.list': 'guild_id',
  'channel.create': 'data',
  'channel.update': 'channel_id',
  'channel.delete': 'channel_id',
  'channel.mute': 'channel_id',
  'user.channel.create': 'user_id',
  'guild.get': 'guild_id',
  'guild.list': 'next',
  'guild.approve': 'message_id',
  'guild.member.get': 'user_id',
  'guild.member.list': 'guild_id',
  'guild.member.kick': 'user_id',
  'guild.member.mute': 'user_id',
  'guild.member.approve': 'message_id',
  'guild.member.role.set': 'role_id',
  'guild.member.role.unset': 'role_id',
  'guild.role.list': 'guild_id',
  'guild.role.create': 'data',
  'guild.role.update': 'role_id',
  'guild.role.delete': 'role_id',
  'reaction.create': 'emoji_id',
  'reaction.delete': 'emoji_id',
  'reaction.clear': 'message_id',
  'reaction.list': 'emoji_id',
  'friend.delete': 'user_id',
  'friend.approve': 'message_id',
};

/** Operations whose request names a message the run created (one, shared, tracked). */
const NEEDS_OWN_MESSAGE = new Set(['message.update', 'reaction.create', 'reaction.delete', 'reaction.list']);

/** The variant in which `field` of `operation` is required, when it is required only in one. */
function requiringVariant(operation: Operation, name: string): { point: string; value: string } | undefined {
  const field = operation.fields.find((candidate) => candidate.name === name);
  if (!field || field.required || !field.variant) return undefined;
  const entry = Object.entries(field.variant.values).find(
    ([, change]) => change !== 'absent' && change.required,
  );
  return entry ? { point: field.variant.point, value: entry[0] } : undefined;
}

/** Real values for every field but the omitted one. */
async function fieldsWithout(
  t: CheckContext,
  operation: Operation,
  omitted: string,
): Promise<{ fields: Record<string, unknown>; omittedName: string }> {
  const effective = effectiveFields(operation, t.variants);
  // A payload field may be renamed by a variant ('data' → 'role', §4.8): omit it under its sent name.
  const original = operation.fields.filter((field) => field.name === omitted);
  const omittedName = effectiveFields({ ...operation, fields: original }, t.variants)[0]?.name ?? omitted;
  // One message for the run: each check only names it in a request that must be refused.
  // The helper made nothing: undecided naming it, never a failure of the operation under test (issue 41).
  const messageId = NEEDS_OWN_MESSAGE.has(operation.path)
    ? await requireOwnMessage(t, operation.path)
    : undefined;
  const values: Record<string, unknown> = {
    channel_id: t.sandbox.channelId,
    guild_id: t.sandbox.guildId,
    user_id: t.sandbox.selfId,
    message_id: messageId,
    content: uniqueContent('robustness'),
    emoji_id: 'conformance-emoji',
    duration: 0,
    approve: false,
    next: '',
  };
  const fields: Record<string, unknown> = {};
  for (const field of effective) {
    if (!field.required || field.name === omittedName) continue;
    if (field.type === 'Channel' || field.type === 'GuildRole') {
      // A payload changes nothing in the channel.update case (its channel_id is the omitted field).
      fields[field.name] = operation.path === 'channel.update' ? {} : { name: uniqueName('robustness') };
    } else {
      fields[field.name] = values[field.name];
    }
  }
  return { fields, omittedName };
}

/** Tracks whatever a wrong 2xx answer created, so the run still cleans up after a lax server. */
function trackWrongCreation(t: CheckContext, operation: string, result: CallResult): void {
  if (!result.ok) return;
  if (operation === 'message.create') {
    for (const item of Array.isArray(result.body) ? result.body : [result.body]) {
      const messageId = idOf(item);
      if (messageId === undefined) continue;
      t.track({
        kind: 'message',
        label: `message ${messageId} created without content`,
        undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: messageId }],
      });
    }
  }
  const createdId = idOf(result.body);
  if (operation === 'channel.create' && createdId !== undefined) {
    t.track({
      kind: 'channel',
      label: `channel ${createdId} created without data`,
      undo: ['channel.delete', { channel_id: createdId }],
    });
  }
  if (operation === 'guild.role.create' && createdId !== undefined) {
    t.track({
      kind: 'role',
      label: `role ${createdId} created without a payload`,
      undo: ['guild.role.delete', { guild_id: t.sandbox.guildId, role_id: createdId }],
    });
  }
}

function missingFieldCheck(operation: Operation): CheckSpec | undefined {
  const omitted = OMITTED[operation.path];
  if (omitted === undefined) return undefined;
  const variant = requiringVariant(operation, omitted);
  const required = operation.fields.some((field) => field.name === omitted && field.required);
  if (!required && !variant) return undefined;
  const operationsUsed: OperationId[] = NEEDS_OWN_MESSAGE.has(operation.path)
    ? ['message.create', operation.path]
    : [operation.path];
  const holds = CONTROL_HOLDS[operation.path];
  return defineCheck({
    id: `${operation.path}/missing-required-field-is-refused`,
    title: `${operation.path} without its required field ${omitted} is refused (not 2xx)`,
    level: 'should',
    rules: ['OP-REQUIRED-FIELDS'],
    operations: operationsUsed,
    helpers: operationsUsed.filter((used) => used !== operation.path),
    experimental: operation.experimental,
    ...(variant ? { variant } : {}),
    ...(holds ? { holds } : {}),
    async run(t: CheckContext) {
      const { fields, omittedName } = await fieldsWithout(t, operation, omitted);
      const result = await t.call(operation.path, fields);
      trackWrongCreation(t, operation.path, result);
      if (!result.ok)
        await requireControl(
          t,
          operation.path,
          `without '${omittedName}' it was refused: ${statusOf(result)}`,
        );
      // Any non-2xx is a refusal: §7 shows no status codes (whether it is a 4xx: http/missing-field-is-4xx).
      t.expect(
        !result.ok,
        `${operation.path} without '${omittedName}' (a required field, §4) is refused (not 2xx)`,
        statusOf(result),
      );
      if (result.status >= 500) t.note(`refused with ${statusOf(result)}; see http/missing-field-is-4xx`);
    },
  });
}

/** Reads that need only the sandbox ids: each must answer POST {base}/<operation> with JSON fields. */
const READS: [operation: OperationId, fields: (t: CheckContext) => Record<string, unknown>][] = [
  ['message.list', (t) => ({ channel_id: t.sandbox.channelId, limit: 1 })],
  ['channel.get', (t) => ({ channel_id: t.sandbox.channelId })],
  ['channel.list', (t) => ({ guild_id: t.sandbox.guildId })],
  ['guild.get', (t) => ({ guild_id: t.sandbox.guildId })],
  ['guild.list', () => ({})],
  ['guild.member.get', (t) => ({ guild_id: t.sandbox.guildId, user_id: t.sandbox.selfId })],
  ['guild.member.list', (t) => ({ guild_id: t.sandbox.guildId })],
  ['friend.list', () => ({})],
];

/** The first-page `next` of channel.list / guild.list where the variant makes it required (§4.8). */
const withListNext = (t: CheckContext, operation: string, fields: Record<string, unknown>) =>
  t.variants['list-next'] === 'required' && (operation === 'channel.list' || operation === 'guild.list')
    ? { ...fields, next: '' }
    : fields;

const contentTypeOf = (result: CallResult): string =>
  Object.entries(result.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';

/** Whether the run authenticates with a token (--token). */
const runHasToken = (t: CheckContext): boolean => t.config.hasToken;

const httpChecks: CheckSpec[] = [
  // §1 rules 1-2: POST {base_url}/<resource>.<action>, parameters as named fields.
  defineCheck({
    id: 'http/operations-answer-post-with-named-fields',
    title: 'Read operations answer 2xx to POST {base}/<operation> with their fields in a JSON object',
    level: 'must',
    rules: ['GEN-1', 'GEN-2'],
    operations: READS.map(([operation]) => operation),
    vacuousPassReason:
      'it claims only that operations are reached by POST with named fields: a server answering every request 2xx does that',
    async run(t: CheckContext) {
      for (const [operation, fields] of READS) {
        const result = await t.call(operation, withListNext(t, operation, fields(t)));
        t.expect(
          result.ok,
          `POST {base}/${operation} with JSON fields ${JSON.stringify(fields(t))} answers 2xx`,
          statusOf(result),
        );
      }
    },
  }),

  defineCheck({
    id: 'http/unknown-operation-is-404',
    title: 'POST to an operation path that does not exist answers 404',
    level: 'should',
    rules: ['CONV-HTTP-NOT-FOUND'],
    profile: 'satori',
    operations: [],
    async run(t: CheckContext) {
      const result = await t.call('conformance.no-such-operation', {});
      // The control: a 404 for every path (a skeleton that knows none) says nothing of unknown ones.
      if (result.status === 404)
        await requireControl(t, 'guild.list', `an unknown operation path answered ${statusOf(result)}`);
      t.expect(result.status === 404, 'an unknown operation path answers 404', statusOf(result));
    },
  }),

  defineCheck({
    id: 'http/result-is-json',
    title: 'A result is sent as JSON with Content-Type application/json',
    level: 'should',
    rules: ['CONV-HTTP-JSON'],
    profile: 'satori',
    operations: ['guild.list', 'channel.get'],
    vacuousPassReason:
      'it claims only that results are JSON with its content type: a server answering every request with a JSON object does that',
    async run(t: CheckContext) {
      for (const [operation, fields] of [
        ['guild.list', withListNext(t, 'guild.list', {})],
        ['channel.get', { channel_id: t.sandbox.channelId }],
      ] as const) {
        const result = await t.call(operation, fields);
        t.expectOk(result, operation);
        t.expect(
          /^application\/json\b/i.test(contentTypeOf(result)),
          `the ${operation} result has Content-Type application/json`,
          contentTypeOf(result) || '(no Content-Type)',
        );
        let parsed = true;
        try {
          JSON.parse(result.text);
        } catch {
          parsed = false;
        }
        t.expect(parsed, `the ${operation} result body is JSON`, shorten(result.text, 200));
      }
    },
  }),

  defineCheck({
    id: 'http/missing-or-wrong-token-is-refused',
    title: 'A request without the Bearer token, or with a wrong one, is refused with 401 or 403',
    level: 'should',
    rules: ['CONV-HTTP-AUTH'],
    profile: 'satori',
    operations: ['guild.list'],
    async run(t: CheckContext) {
      if (!runHasToken(t)) t.skip('the run has no token (--token): the server does not authenticate');
      const fields = withListNext(t, 'guild.list', {});
      const cases: [string, Record<string, string>][] = [
        ['without Authorization', { authorization: '' }],
        ['with a wrong Bearer token', { authorization: `Bearer ${uniqueName('wrong-token')}` }],
      ];
      for (const [what, headers] of cases) {
        const result = await t.call('guild.list', fields, { headers });
        if (!result.ok)
          await requireControl(t, 'guild.list', `guild.list ${what} was refused: ${statusOf(result)}`);
        t.expect(
          result.status === 401 || result.status === 403,
          `guild.list ${what} is refused with 401 or 403`,
          statusOf(result),
        );
      }
    },
  }),

  defineCheck({
    id: 'http/malformed-json-is-4xx',
    title: 'A malformed JSON body is refused with a 4xx, not a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    profile: 'satori',
    operations: ['message.list'],
    async run(t: CheckContext) {
      const rawBody = `{"channel_id": ${JSON.stringify(t.sandbox.channelId)}, "limit": `;
      const result = await t.call('message.list', {}, { rawBody });
      // Any refusal needs the control: a 5xx is a finding only where the complete request was accepted,
      // a 4xx a pass only there (a server refusing the operation altogether shows neither).
      if (!result.ok)
        await requireControl(t, 'message.list', `a truncated JSON body was refused: ${statusOf(result)}`);
      t.expect(
        isClientError(result),
        'message.list with a truncated JSON body answers 4xx',
        statusOf(result),
      );
    },
  }),

  defineCheck({
    id: 'http/missing-field-is-4xx',
    title:
      'A request missing a required field (message.get without message_id) is refused with a 4xx, not a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    profile: 'satori',
    operations: ['message.get'],
    async run(t: CheckContext) {
      const result = await t.call('message.get', { channel_id: t.sandbox.channelId });
      if (!result.ok)
        await requireControl(t, 'message.get', `without message_id it was refused: ${statusOf(result)}`);
      t.expect(isClientError(result), 'message.get without message_id answers 4xx', statusOf(result));
    },
  }),

  defineCheck({
    id: 'http/wrong-typed-field-is-4xx',
    title: 'A field of the wrong type (message_id as an object) is refused with a 4xx, not a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    profile: 'satori',
    operations: ['message.get'],
    async run(t: CheckContext) {
      const result = await t.call('message.get', {
        channel_id: t.sandbox.channelId,
        message_id: { id: 'conformance' },
      });
      if (!result.ok)
        await requireControl(t, 'message.get', `message_id as an object was refused: ${statusOf(result)}`);
      t.expect(
        isClientError(result),
        'message.get with message_id as an object answers 4xx',
        statusOf(result),
      );
    },
  }),

  defineCheck({
    id: 'http/unknown-id-is-4xx',
    title: 'An unknown message, channel or guild id is answered with a 4xx, not a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    operations: ['message.get', 'channel.get', 'guild.get'],
    profile: 'satori',
    async run(t: CheckContext) {
      const unknown = uniqueName('unknown-id');
      const cases: [OperationId, Record<string, unknown>][] = [
        ['message.get', { channel_id: t.sandbox.channelId, message_id: unknown }],
        ['channel.get', { channel_id: unknown }],
        ['guild.get', { guild_id: unknown }],
      ];
      for (const [operation, fields] of cases) {
        const result = await t.call(operation, fields);
        if (!result.ok)
          await requireControl(
            t,
            operation,
            `${operation} with an unknown id was refused: ${statusOf(result)}`,
          );
        t.expect(isClientError(result), `${operation} with an unknown id answers 4xx`, statusOf(result));
      }
    },
  }),
];

const checks: CheckSpec[] = [
  ...operations.flatMap((operation) => missingFieldCheck(operation) ?? []),
  ...httpChecks,
];

export default defineSuite('robustness', checks);
