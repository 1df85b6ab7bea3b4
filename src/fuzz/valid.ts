/**
 * Valid inputs (issue 23): what the schemas and the spec allow, with an emphasis on edges. The operation
 * succeeds, its result matches its schema, and what was written reads back the same through get and list.
 */

import fc from 'fast-check';
import { validate } from '../../spec/validate.js';
import { tr } from '../i18n/index.js';
import { formatProblems } from '../runner/schema.js';
import { saysNotServed } from '../runner/signature.js';
import type { CallResult } from '../wire.js';
import { isNot5xxRefusal } from './invalid.js';
import { type FuzzEnv, narrowOracle, type Oracle, oracle, refusalOracle } from './model.js';
import type { FuzzProperty } from './property.js';
import { content, name, sameText, show, type Text } from './text.js';
import { createdMessage, describe, type Trace } from './trace.js';

/** Why a do-nothing server satisfies the narrow oracles (Oracle.vacuousPassReason). */
const ANSWERS_2XX = 'it claims only a 2xx answer: a server answering every request 2xx does that';
const SHAPE =
  'it claims only the shape of the result: a server answering every operation with its right shape and storing nothing (accepts-all) does that';

/** Where generated messages go: the fuzz's own scratch channel, else the sandbox channel. */
export const messageChannel = (env: FuzzEnv): string => env.scratchChannelId ?? env.sandbox.channelId;

const refused4xx = (operation: string) =>
  refusalOracle(
    `fuzz.${operation}/refusal-is-4xx`,
    'should',
    ['CONV-HTTP-NO-5XX'],
    `${operation} refuses what it does not take with a 4xx, not a 5xx (when the server refuses bad input with 4xx)`,
  );

/** A refusal of edge input is legal; a 5xx for it is a finding only where the server refuses with 4xx. */
function judgeRefusal(env: FuzzEnv, trace: Trace, operation: string, result: CallResult): void {
  trace.judge(
    refused4xx(operation),
    isNot5xxRefusal(result.status, env),
    tr`a refusal with a 4xx, as this server refuses an unknown id`,
    () => describe(result),
  );
}

/**
 * The acceptance oracle of valid input: plain input accepted is its evidence, plain input refused its
 * failure. Edge input may be refused (a refusal of it is judged as a refusal only): it shows nothing of
 * acceptance, so it is never counted as a pass. Ends the run on any refusal.
 */
function judgeAcceptance(
  env: FuzzEnv,
  trace: Trace,
  operation: string,
  accepts: Oracle,
  input: Text,
  result: CallResult,
): void {
  const expected = tr`plain input ${show(input.text)} accepted (2xx)`;
  if (result.ok) {
    if (input.plain) trace.judge(accepts, true, expected, () => describe(result));
    return;
  }
  if (input.plain) trace.judge(accepts, false, expected, () => describe(result));
  judgeRefusal(env, trace, operation, result);
  trace.end('edge input refused');
}

/** Finds a message in the channel's latest pages (a few, walked by next). */
async function listed(
  trace: Trace,
  channelId: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  let next: string | undefined;
  for (let page = 0; page < 4; page++) {
    const result = await trace.call('message.list', { channel_id: channelId, ...(next ? { next } : {}) });
    if (!result.ok) return undefined;
    const data: unknown[] = Array.isArray(result.body?.data) ? result.body.data : [];
    const found = data.find((item: any) => item?.id === id);
    if (found) return found as Record<string, unknown>;
    next = typeof result.body?.next === 'string' ? result.body.next : undefined;
    if (!next) return undefined;
  }
  return undefined;
}

const CREATE = {
  accepts: narrowOracle(
    'fuzz.message.create/accepts-plain-content',
    'must',
    ['MSG-CREATE-1'],
    'message.create accepts plain content in any script (astral characters, combining marks, right-to-left …)',
    ANSWERS_2XX,
  ),
  refusal: refused4xx('message.create'),
  schema: narrowOracle(
    'fuzz.message.create/result-matches-schema',
    'must',
    ['MSG-CREATE-1'],
    'What message.create returns for generated content is an array of Message',
    SHAPE,
  ),
  get: oracle(
    'fuzz.message.get/reads-back-what-was-sent',
    'must',
    ['MSG-GET-1', 'MSG-CREATE-1'],
    'message.get reads back plain content as sent (up to Unicode normalisation)',
  ),
  list: {
    ...oracle(
      'fuzz.message.list/lists-what-get-reads',
      'must',
      ['MSG-LIST-0'],
      'message.list lists a created message with the content message.get reads',
    ),
    through: ['message.get'],
  },
  exact: {
    ...oracle(
      'fuzz.message.create/reads-back-exactly',
      'should',
      ['MSG-CREATE-1'],
      'Any accepted content reads back exactly as sent (content is message elements: a server may re-serialise, hence should)',
    ),
    through: ['message.get'],
  },
};

/** Reads a message back through get and list and judges it against what was sent. */
async function readBack(
  env: FuzzEnv,
  trace: Trace,
  channelId: string,
  id: string,
  sent: Text,
  oracles: { get: typeof CREATE.get; exact: typeof CREATE.exact },
): Promise<void> {
  const got = await trace.call('message.get', { channel_id: channelId, message_id: id });
  env.controls?.record('message.get', got, tr`a read-back`);
  // message.get only reads back here (its own oracle is CREATE.get): an answer saying it is not served, or
  // a 400 from a message.get never seen to answer 2xx, shows nothing of message.update, as a helper's in
  // the checks (src/runner/context/calls.ts).
  const unproven = got.status === 400 && env.controls?.acceptedBy('message.get') === undefined;
  if (oracles !== CREATE && !got.ok && (saysNotServed(got) || unproven))
    return trace.end(`message.get answered ${got.status}, as an operation not served does`);
  trace.judge(oracles.get, got.ok, tr`message.get of message ${id} answers 2xx`, () => describe(got));
  const read = got.body?.content;
  if (sent.plain)
    trace.judge(
      oracles.get,
      sameText(sent.text, read),
      tr`content ${show(sent.text)}`,
      () => tr`content ${show(read)}`,
    );
  const item = await listed(trace, channelId, id);
  trace.judge(
    CREATE.list,
    item !== undefined && item.content === read,
    tr`message ${id} in the latest pages of message.list with content ${show(read)}`,
    () => (item ? tr`content ${show(item.content)}` : tr`not listed`),
  );
  trace.judge(
    oracles.exact,
    read === sent.text,
    tr`content exactly ${show(sent.text)}`,
    () => tr`content ${show(read)}`,
  );
}

const messageCreate: FuzzProperty<Text> = {
  key: 'message.create/valid',
  operation: 'message.create',
  group: 'messages',
  mode: 'valid',
  experimental: false,
  oracles: Object.values(CREATE),
  arbitrary: content,
  branches: (input) => input.branches.map((branch) => `content:${branch}`),
  async run(env, input, trace) {
    const channelId = messageChannel(env);
    const created = await trace.call('message.create', { channel_id: channelId, content: input.text });
    env.controls?.record('message.create', created, 'message.create/valid');
    judgeAcceptance(env, trace, 'message.create', CREATE.accepts, input, created);
    const id = createdMessage(created.body)?.id;
    if (typeof id === 'string')
      trace.track({
        kind: 'message',
        label: tr`message ${id} in channel ${channelId}`,
        undo: ['message.delete', { channel_id: channelId, message_id: id }],
      });
    const problems = validate('response:message.create', created.body, env.variants);
    trace.judge(CREATE.schema, problems.length === 0, tr`an array of Message`, () =>
      formatProblems(tr`message.create response`, problems),
    );
    if (typeof id !== 'string') return trace.end('no id');
    await readBack(env, trace, channelId, id, input, CREATE);
  },
};

const UPDATE = {
  accepts: narrowOracle(
    'fuzz.message.update/accepts-plain-content',
    'must',
    ['MSG-UPDATE-1'],
    'message.update accepts plain content in any script',
    ANSWERS_2XX,
  ),
  refusal: refused4xx('message.update'),
  get: {
    ...oracle(
      'fuzz.message.update/update-reads-back',
      'must',
      ['MSG-UPDATE-1', 'MSG-GET-1'],
      'After message.update, message.get reads the new plain content (up to Unicode normalisation)',
    ),
    through: ['message.get'],
  },
  exact: {
    ...oracle(
      'fuzz.message.update/reads-back-exactly',
      'should',
      ['MSG-UPDATE-1'],
      'Any accepted new content reads back exactly as sent',
    ),
    through: ['message.get'],
  },
};

const messageUpdate: FuzzProperty<Text> = {
  key: 'message.update/valid',
  operation: 'message.update',
  group: 'messages',
  mode: 'valid',
  experimental: false,
  oracles: [...Object.values(UPDATE), CREATE.list],
  arbitrary: content,
  branches: (input) => input.branches.map((branch) => `content:${branch}`),
  async run(env, input, trace) {
    const channelId = messageChannel(env);
    const created = await trace.call('message.create', {
      channel_id: channelId,
      content: 'fuzz: before the update',
    });
    const id = createdMessage(created.body)?.id;
    if (!created.ok || typeof id !== 'string')
      return trace.end('message.create failed (fixed checks judge it)');
    trace.track({
      kind: 'message',
      label: tr`message ${id} in channel ${channelId}`,
      undo: ['message.delete', { channel_id: channelId, message_id: id }],
    });
    const updated = await trace.call('message.update', {
      channel_id: channelId,
      message_id: id,
      content: input.text,
    });
    env.controls?.record('message.update', updated, 'message.update/valid');
    judgeAcceptance(env, trace, 'message.update', UPDATE.accepts, input, updated);
    await readBack(env, trace, channelId, id, input, UPDATE);
  },
};

const LIST = {
  succeeds: narrowOracle(
    'fuzz.message.list/accepts-valid-parameters',
    'must',
    ['MSG-LIST-0', 'MSG-LIST-5', 'LIMIT-1'],
    'message.list answers 2xx to any positive limit (one over the bound is clamped, §4.1 rule 5), direction before and order asc',
    ANSWERS_2XX,
  ),
  schema: narrowOracle(
    'fuzz.message.list/result-matches-schema',
    'must',
    ['MSG-LIST-0'],
    'message.list answers a BidiList of Message for generated parameters',
    SHAPE,
  ),
};

interface ListInput {
  limit?: number;
  direction?: 'before';
  order?: 'asc';
}

const messageList: FuzzProperty<ListInput> = {
  key: 'message.list/valid',
  operation: 'message.list',
  group: 'messages',
  mode: 'valid',
  experimental: false,
  oracles: Object.values(LIST),
  arbitrary: () =>
    fc.record(
      {
        limit: fc.oneof(
          fc.integer({ min: 1, max: 200 }),
          fc.constantFrom(1, 2, 49, 50, 51, 99, 100, 101, 1000, 2 ** 31 - 1),
        ),
        direction: fc.constant('before' as const),
        order: fc.constant('asc' as const),
      },
      { requiredKeys: [] },
    ),
  branches: (input) => Object.keys(input).map((key) => `field:${key}`),
  async run(env, input, trace) {
    const result = await trace.call('message.list', { channel_id: env.sandbox.channelId, ...input });
    env.controls?.record('message.list', result, 'message.list/valid');
    trace.judge(LIST.succeeds, result.ok, tr`a 2xx page`, () => describe(result));
    const problems = validate('response:message.list', result.body, env.variants);
    trace.judge(LIST.schema, problems.length === 0, tr`a BidiList of Message`, () =>
      formatProblems(tr`message.list response`, problems),
    );
  },
};

const CHANNEL = {
  accepts: narrowOracle(
    'fuzz.channel.create/accepts-plain-name',
    'should',
    ['CHAN-CREATE-1'],
    'channel.create accepts a plain name in any script (platforms restrict names, hence should)',
    ANSWERS_2XX,
  ),
  refusal: refused4xx('channel.create'),
  schema: narrowOracle(
    'fuzz.channel.create/result-matches-schema',
    'must',
    ['CHAN-CREATE-1'],
    'What channel.create returns for a generated name is a Channel',
    SHAPE,
  ),
  get: oracle(
    'fuzz.channel.get/reads-what-create-returned',
    'must',
    ['CHAN-GET-1'],
    'channel.get reads the created channel with the name channel.create returned',
  ),
  exact: oracle(
    'fuzz.channel.create/name-reads-back-exactly',
    'should',
    ['CHAN-CREATE-1'],
    'The name reads back as sent (platforms normalise names, hence should)',
  ),
};

const channelCreate: FuzzProperty<Text> = {
  key: 'channel.create/valid',
  operation: 'channel.create',
  group: 'channels',
  mode: 'valid',
  experimental: false,
  oracles: Object.values(CHANNEL),
  arbitrary: () => name('fuzz'),
  branches: (input) => input.branches.map((branch) => `name:${branch}`),
  unavailable: (env) => env.channelsUnavailable,
  async run(env, input, trace) {
    const guildId = env.sandbox.guildId;
    const created = await trace.call('channel.create', {
      guild_id: guildId,
      data: { name: input.text, type: 0 },
    });
    env.controls?.record('channel.create', created, 'channel.create/valid');
    judgeAcceptance(env, trace, 'channel.create', CHANNEL.accepts, input, created);
    const id = created.body?.id;
    if (typeof id === 'string')
      trace.track({
        kind: 'channel',
        label: tr`channel ${id}`,
        undo: ['channel.delete', { channel_id: id }],
      });
    const problems = validate('response:channel.create', created.body, env.variants);
    trace.judge(CHANNEL.schema, problems.length === 0, tr`a Channel`, () =>
      formatProblems(tr`channel.create response`, problems),
    );
    if (typeof id !== 'string') return trace.end('no id');
    const got = await trace.call('channel.get', { channel_id: id });
    trace.judge(
      CHANNEL.get,
      got.ok && got.body?.id === id && got.body?.name === created.body.name,
      tr`channel ${id} named ${show(created.body.name)}`,
      () => describe(got),
    );
    trace.judge(
      CHANNEL.exact,
      got.body?.name === input.text,
      tr`name ${show(input.text)}`,
      () => tr`name ${show(got.body?.name)}`,
    );
    await trace.call('channel.delete', { channel_id: id });
  },
};

export const validProperties: FuzzProperty[] = [messageCreate, messageUpdate, messageList, channelCreate];
