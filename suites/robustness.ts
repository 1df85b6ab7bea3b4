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
import { tr } from '../src/i18n/index.js';
import { SAYS_NO_ROUTE } from '../src/runner/causes.js';
import type { CallResult, CheckContext, CheckSpec } from '../src/runner/check.js';
import { defineCheck, defineSuite } from '../src/runner/check.js';
import { errorBodyText, parseBody } from '../src/runner/shapes.js';
import { type PartialSignature, statusClass } from '../src/runner/signature.js';
import { idOf, shorten, statusOf, uniqueName } from './_lib/lists.js';
import { uniqueContent } from './_lib/messages.js';
import { neverIssuedRead } from './_lib/readers.js';
import { CONTROL_HOLDS, requireControl, requireOwnMessage } from './_lib/refusal-controls.js';
import {
  answered,
  describeUnserved,
  ID_READS,
  probesOf,
  READS,
  type Read,
  requireServed,
  type Served,
  servedReads,
} from './_lib/served.js';

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
        label: tr`message ${messageId} created without content`,
        undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: messageId }],
      });
    }
  }
  const createdId = idOf(result.body);
  if (operation === 'channel.create' && createdId !== undefined) {
    t.track({
      kind: 'channel',
      label: tr`channel ${createdId} created without data`,
      undo: ['channel.delete', { channel_id: createdId }],
    });
  }
  if (operation === 'guild.role.create' && createdId !== undefined) {
    t.track({
      kind: 'role',
      label: tr`role ${createdId} created without a payload`,
      undo: ['guild.role.delete', { guild_id: t.sandbox.guildId, role_id: createdId }],
    });
  }
}

/** The reads (served.ts), whose request without a field changes nothing: made once per run. */
const READ_PATHS: ReadonlySet<string> = new Set(READS.map((read) => read.operation));

/**
 * `operation` without its `omitted` field, sent (tracking what a wrong 2xx created) and answered. A read's
 * is one observation of the run, judged by its missing-field check and by http/missing-field-is-4xx.
 */
async function requestWithout(
  t: CheckContext,
  operation: Operation,
  omitted: string,
): Promise<{ omittedName: string; result: CallResult }> {
  const send = async (sender: CheckContext) => {
    const { fields, omittedName } = await fieldsWithout(sender, operation, omitted);
    const result = await sender.call(operation.path, fields);
    trackWrongCreation(sender, operation.path, result);
    return { omittedName, result };
  };
  if (!READ_PATHS.has(operation.path)) return send(t);
  const { guildId, channelId } = t.sandbox;
  return t.shared(tr`${operation.path} without ${omitted} (guild ${guildId}, channel ${channelId})`, send);
}

/** The field a read's missing-field request omits, where the target's variants make it required. */
function requiredOmission(
  t: CheckContext,
  path: string,
): { operation: Operation; omitted: string } | undefined {
  const omitted = OMITTED[path];
  const operation = operations.find((candidate) => candidate.path === path);
  if (omitted === undefined || !operation) return undefined;
  const required = effectiveFields(operation, t.variants).some(
    (field) => field.name === omitted && field.required,
  );
  return required ? { operation, omitted } : undefined;
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
      const { omittedName, result } = await requestWithout(t, operation, omitted);
      if (!result.ok)
        await requireControl(
          t,
          operation.path,
          tr`without '${omittedName}' it was refused: ${statusOf(result)}`,
        );
      // Any non-2xx is a refusal: §7 shows no status codes (whether it is a 4xx: http/missing-field-is-4xx).
      t.expect(
        !result.ok,
        tr`${operation.path} without '${omittedName}' (a required field, §4) is refused (not 2xx)`,
        statusOf(result),
      );
      if (result.status >= 500) t.note(tr`refused with ${statusOf(result)}; see http/missing-field-is-4xx`);
    },
  });
}

const contentTypeOf = (result: CallResult): string =>
  Object.entries(result.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';

/** Whether the run authenticates with a token (--token). */
const runHasToken = (t: CheckContext): boolean => t.config.hasToken;

/** Statuses that refuse the request's form: not taken by POST (405), its JSON fields not read (400, 415, 422). */
const FORM_REFUSALS: ReadonlySet<number> = new Set([400, 405, 415, 422]);

/** A bare "not found" page: a route miss, not an unknown id (which names what was not found). */
const BARE_NOT_FOUND = /^\W*(404\W*)?(page )?not found\W*$/i;

/**
 * An answer that refuses the request's form — not found at its path (a 404 naming the route, or bare),
 * not taken by POST, its JSON fields not read — where the login declares the read: §1 rules 1-2 broken.
 * Other refusals of a declared read (a 404 of the thing asked for, 403, 501, 5xx) are not about the
 * form; its own checks judge them.
 */
function refusesForm(result: CallResult): boolean {
  if (FORM_REFUSALS.has(result.status)) return true;
  if (result.status !== 404) return false;
  const said = (errorBodyText(parseBody(result.text)) ?? result.text).trim();
  return said === '' || BARE_NOT_FOUND.test(said) || SAYS_NO_ROUTE.test(said);
}

/** `fields` with the field `name` replaced by `value`. */
const withField = (fields: Record<string, unknown>, name: string, value: unknown) => ({
  ...fields,
  [name]: value,
});

/**
 * The signature of a judgement of several reads: the first read it found wrong and its answer, so that
 * the cause names the operation the judgement saw (not whichever was asked last).
 */
const firstRead = (wrong: readonly { operation: string; result?: CallResult }[]): PartialSignature => {
  const [first] = wrong;
  // A refusal answered 2xx with an error body is the errors-as-success fault (§7), whichever read showed it.
  if (first?.result?.ok && errorBodyText(parseBody(first.result.text)) !== undefined)
    return { kind: 'wrapping', pattern: 'error-body', operation: first.operation, role: 'under-test' };
  return {
    kind: 'status',
    ...(first ? { operation: first.operation, role: 'under-test' } : {}),
    ...(first?.result ? { status: statusClass(first.result.status) } : {}),
  };
};

/**
 * Sends each served read of `reads` once more with `change` to its fields and asserts every answer is a
 * 4xx (CONV-HTTP-NO-5XX): the failure names each read and what it answered (a 2xx or a 5xx).
 */
async function expectEachRefusedWith4xx(
  t: CheckContext,
  reads: readonly Served[],
  what: string,
  change: (served: Served) => Promise<CallResult>,
): Promise<void> {
  const offenders: { operation: string; result: CallResult }[] = [];
  for (const served of reads) {
    const result = await change(served);
    if (!isClientError(result)) offenders.push({ operation: served.operation, result });
  }
  t.expect(
    offenders.length === 0,
    tr`each read the server serves (${reads.map((read) => read.operation).join(', ')}) answers ${what} with a 4xx`,
    offenders.map(({ operation, result }) => `${operation} ${answered(result)}`).join('; '),
    firstRead(offenders),
  );
}

/** The reads that take an id in `names` and are served (their complete request answered 2xx). */
const servedIdReads = (t: CheckContext) => requireServed(t, tr`read that names an id`, ID_READS);

/** The reads a generic check may choose as its probe (CheckDefinition.probes). */
const READ_PROBES = probesOf(READS);

/**
 * The generic checks of the HTTP conventions judge reads the run saw served (served.ts), never a fixed
 * operation: a server that does not serve one leaves it out, and such a check is undecided only when no
 * served read has the shape it needs. Each declares the reads it may choose as its probes: it judges
 * those it calls, and one the login does not offer is passed over (never "not offered").
 */
const httpChecks: CheckSpec[] = [
  // §1 rules 1-2: POST {base_url}/<resource>.<action>, parameters as named fields.
  defineCheck({
    id: 'http/operations-answer-post-with-named-fields',
    title:
      'Read operations answer 2xx to POST {base}/<operation> with their fields in a JSON object; none the login declares refuses that form',
    level: 'must',
    rules: ['GEN-1', 'GEN-2'],
    operations: [],
    probes: READ_PROBES,
    vacuousPassReason:
      'it claims only that operations are reached by POST with named fields: a server answering every request 2xx does that',
    async run(t: CheckContext) {
      const declared = t.config.features;
      // Every read the login declares is judged; where it declares none, the first the server serves.
      const found = await servedReads(t, READS, declared ? undefined : 1);
      // A read of what a helper made (message.get) may be refused because the helper's result is not there.
      const refusedForm = found.unserved.filter(
        (probe) =>
          probe.result &&
          refusesForm(probe.result) &&
          declared?.has(probe.operation) &&
          READS.some((read) => read.operation === probe.operation && read.after === undefined),
      );
      if (refusedForm.length === 0) await requireServed(t, tr`read`, READS, { count: 1 });
      const others = found.unserved.filter((unserved) => !refusedForm.includes(unserved));
      if (others.length)
        t.note(
          tr`not judged (no refusal of the request's form by a read login.features declares): ${describeUnserved({ ...found, unserved: others })}`,
        );
      t.expect(
        refusedForm.length === 0,
        tr`every read login.features declares answers 2xx to POST {base}/<operation> with its fields in a JSON object (§1 rules 1-2)`,
        describeUnserved({ served: [], unserved: refusedForm, notOffered: [] }),
        firstRead(refusedForm),
      );
      for (const served of found.served)
        t.expect(
          served.result.ok,
          tr`POST {base}/${served.operation} with JSON fields ${JSON.stringify(served.fields)} answers 2xx`,
          answered(served.result),
        );
    },
  }),

  defineCheck({
    id: 'http/unknown-operation-is-404',
    title: 'POST to an operation path that does not exist answers 404',
    level: 'should',
    rules: ['CONV-HTTP-NOT-FOUND'],
    profile: 'satori',
    operations: [],
    probes: READ_PROBES,
    async run(t: CheckContext) {
      const result = await t.call('conformance.no-such-operation', {});
      // The control: a 404 for every path (a skeleton that knows none) says nothing of unknown ones.
      if (result.status === 404)
        await requireServed(t, tr`read`, READS, {
          count: 1,
          seen: tr`an unknown operation path answered ${statusOf(result)}`,
        });
      t.expect(result.status === 404, tr`an unknown operation path answers 404`, statusOf(result));
    },
  }),

  defineCheck({
    id: 'http/result-is-json',
    title: 'A result is sent as JSON with Content-Type application/json',
    level: 'should',
    rules: ['CONV-HTTP-JSON'],
    profile: 'satori',
    operations: [],
    probes: READ_PROBES,
    vacuousPassReason:
      'it claims only that results are JSON with its content type: a server answering every request with a JSON object does that',
    async run(t: CheckContext) {
      // Two reads the server serves: their complete requests answered 2xx, with a result to judge.
      for (const { operation, result } of await requireServed(t, tr`read`, READS, { count: 2 })) {
        t.expect(
          /^application\/json\b/i.test(contentTypeOf(result)),
          tr`the ${operation} result has Content-Type application/json`,
          contentTypeOf(result) || tr`(no Content-Type)`,
        );
        let parsed = true;
        try {
          JSON.parse(result.text);
        } catch {
          parsed = false;
        }
        t.expect(parsed, tr`the ${operation} result body is JSON`, shorten(result.text, 200));
      }
    },
  }),

  defineCheck({
    id: 'http/missing-or-wrong-token-is-refused',
    title: 'A request without the Bearer token, or with a wrong one, is refused with 401 or 403',
    level: 'should',
    rules: ['CONV-HTTP-AUTH'],
    profile: 'satori',
    operations: [],
    probes: READ_PROBES,
    async run(t: CheckContext) {
      if (!runHasToken(t)) t.skip(tr`the run has no token (--token): the server does not authenticate`);
      // The control: the same read, with the token, was served.
      const [{ operation, fields }] = await requireServed(t, tr`read`, READS, { count: 1 });
      const cases: [string, Record<string, string>][] = [
        [tr`${operation} without Authorization is refused with 401 or 403`, { authorization: '' }],
        [
          tr`${operation} with a wrong Bearer token is refused with 401 or 403`,
          { authorization: `Bearer ${uniqueName('wrong-token')}` },
        ],
      ];
      for (const [expected, headers] of cases) {
        const result = await t.call(operation, fields, { headers });
        t.expect(result.status === 401 || result.status === 403, expected, statusOf(result));
      }
    },
  }),

  defineCheck({
    id: 'http/malformed-json-is-4xx',
    title: 'A malformed JSON body is refused with a 4xx, not a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    profile: 'satori',
    operations: [],
    probes: READ_PROBES,
    async run(t: CheckContext) {
      // The control: the same read, its body whole, was served (a 4xx is a pass, a 5xx a finding, only there).
      const [{ operation, fields }] = await requireServed(t, tr`read`, READS, { count: 1 });
      const whole = JSON.stringify(fields);
      const rawBody = `${whole.slice(0, -1)}${whole === '{}' ? '' : ','} "limit": `;
      const result = await t.call(operation, {}, { rawBody });
      t.expect(
        isClientError(result),
        tr`${operation} with a truncated JSON body answers 4xx`,
        statusOf(result),
      );
    },
  }),

  defineCheck({
    id: 'http/missing-field-is-4xx',
    title: 'A read missing a required field is refused with a 4xx, not a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    profile: 'satori',
    operations: [],
    probes: READ_PROBES,
    async run(t: CheckContext) {
      const withRequired = READS.filter((read) => requiredOmission(t, read.operation) !== undefined);
      const reads = await requireServed(t, tr`read with a required field`, withRequired);
      // The request each read's missing-field check sends (one observation of the run).
      await expectEachRefusedWith4xx(t, reads, tr`a request missing a required field`, async (served) => {
        const { operation, omitted } = requiredOmission(t, served.operation)!;
        return (await requestWithout(t, operation, omitted)).result;
      });
    },
  }),

  defineCheck({
    id: 'http/wrong-typed-field-is-4xx',
    title: 'An id field of the wrong type (an object) is refused with a 4xx, not a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    profile: 'satori',
    operations: [],
    probes: READ_PROBES,
    async run(t: CheckContext) {
      await expectEachRefusedWith4xx(t, await servedIdReads(t), tr`its id as an object`, (served) =>
        t.call(served.operation, withField(served.fields, idField(served), { id: 'conformance' })),
      );
    },
  }),

  defineCheck({
    id: 'http/unknown-id-is-4xx',
    title: 'Each read the server serves answers an unknown id with a 4xx, not a 2xx or a 5xx',
    level: 'should',
    rules: ['CONV-HTTP-NO-5XX'],
    profile: 'satori',
    operations: [],
    probes: READ_PROBES,
    async run(t: CheckContext) {
      // Each control: the read answered 2xx to the id the run knows; the unknown id is new to the run.
      const unknown = uniqueName('unknown-id');
      const reads = await servedIdReads(t);
      // A read whose reader proof asked for an id never issued already (readers.ts) is judged on that
      // answer: the same request, sent once for the run.
      const proofs = new Map<Served, { id: string; result: CallResult } | undefined>();
      for (const served of reads)
        proofs.set(served, await neverIssuedRead(t, served.operation, served.fields));
      const ids = [unknown, ...new Set([...proofs.values()].flatMap((proof) => (proof ? [proof.id] : [])))];
      await expectEachRefusedWith4xx(
        t,
        reads,
        tr`an id never issued (${ids.join(', ')})`,
        async (served) =>
          proofs.get(served)?.result ??
          t.call(served.operation, withField(served.fields, idField(served), unknown)),
      );
    },
  }),
];

/** The field of a served read that names the one thing it reads (served.ts Read.names). */
const idField = (served: Served): string =>
  (ID_READS.find((read: Read) => read.operation === served.operation) as Read & { names: string }).names;

const checks: CheckSpec[] = [
  ...operations.flatMap((operation) => missingFieldCheck(operation) ?? []),
  ...httpChecks,
];

export default defineSuite('robustness', checks);
