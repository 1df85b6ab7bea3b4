/**
 * Stateful sequences (issue 23) with fast-check's model-based testing (fc.commands + fc.asyncModelRun):
 * random create → get → update → list → delete → get … over what the fuzz creates only (messages in its
 * scratch channel, channels in the sandbox guild). The model is what the checker did; the oracles: deleted
 * objects are gone from get and list, live ones are listed as get reads them, updates are visible, and
 * every operation on the checker's own object with plain input succeeds.
 */

import fc from 'fast-check';
import { tr } from '../i18n/index.js';
import { type FuzzEnv, narrowOracle, type Oracle, oracle } from './model.js';
import type { FuzzProperty } from './property.js';
import { plainText, sameText, show, type Text } from './text.js';
import { createdMessage, describe, type Trace } from './trace.js';
import { messageChannel } from './valid.js';

interface Item {
  id: string;
  /** Messages: the content last written; channels: the name last read. */
  text: string | undefined;
  deleted: boolean;
}

interface Model {
  items: Item[];
}

interface Real {
  env: FuzzEnv;
  trace: Trace;
}

const live = (model: Model) => model.items.filter((item) => !item.deleted);
const gone = (model: Model) => model.items.filter((item) => item.deleted);
const pick = <T>(items: T[], index: number): T => items[index % items.length];

/** A command: its precondition, its action and its name in a reproduction. */
function command(
  name: string,
  check: (model: Model) => boolean,
  run: (model: Model, real: Real) => Promise<void>,
): fc.AsyncCommand<Model, Real> {
  return { check, run, toString: () => name };
}

/** Every item of a list walked by next (bounded), or undefined when a page is refused. */
async function walk(
  real: Real,
  operation: string,
  fields: Record<string, unknown>,
  /** Enough seen (message.list: every live message, which are the newest, so the walk ends early). */
  enough: (items: any[]) => boolean = () => false,
): Promise<any[] | undefined> {
  const items: any[] = [];
  const firstNext =
    operation === 'channel.list' && real.env.variants['list-next'] === 'required' ? { next: '' } : {};
  let next: Record<string, unknown> = firstNext;
  for (let page = 0; page < 20; page++) {
    const result = await real.trace.call(operation, { ...fields, ...next });
    if (!result.ok) return undefined;
    if (Array.isArray(result.body?.data)) items.push(...result.body.data);
    if (typeof result.body?.next !== 'string' || result.body.next === '' || enough(items)) return items;
    next = { next: result.body.next };
  }
  return items;
}

/**
 * Why a do-nothing server satisfies the oracles judged by a 2xx alone (Oracle.vacuousPassReason); what
 * the sequences read back (reads-the-latest-write, deleted-is-gone, lists-live-…) is judged by the others.
 */
const ANSWERS_2XX = 'it claims only a 2xx answer: a server answering every request 2xx does that';

const M = {
  create: narrowOracle(
    'fuzz.message.create/succeeds-in-sequence',
    'must',
    ['MSG-CREATE-1'],
    'message.create of plain content succeeds in any sequence',
    ANSWERS_2XX,
  ),
  get: oracle(
    'fuzz.message.get/reads-the-latest-write',
    'must',
    ['MSG-GET-1', 'MSG-UPDATE-1'],
    'message.get reads what was last written (updates are visible)',
  ),
  update: narrowOracle(
    'fuzz.message.update/succeeds-in-sequence',
    'must',
    ['MSG-UPDATE-1'],
    "message.update of one's own message succeeds in any sequence",
    ANSWERS_2XX,
  ),
  delete: narrowOracle(
    'fuzz.message.delete/succeeds-in-sequence',
    'must',
    ['MSG-DELETE-1'],
    "message.delete of one's own message succeeds in any sequence",
    ANSWERS_2XX,
  ),
  gone: oracle(
    'fuzz.message.delete/deleted-is-gone',
    'must',
    ['MSG-DELETE-1'],
    'A deleted message is not read by message.get',
  ),
  goneFromList: oracle(
    'fuzz.message.delete/deleted-is-not-listed',
    'must',
    ['MSG-DELETE-1', 'MSG-LIST-0'],
    'A deleted message is not listed by message.list',
  ),
  listed: oracle(
    'fuzz.message.list/lists-live-messages',
    'must',
    ['MSG-LIST-0'],
    'message.list lists every live message with its latest content',
  ),
};

const judgeOk = (
  real: Real,
  check: Oracle,
  what: string,
  result: { ok: boolean } & Parameters<typeof describe>[0],
) => real.trace.judge(check, result.ok, tr`${what} answers 2xx`, () => describe(result));

/** message.list: deleted messages are not listed, live ones are, with their latest content. */
function messageListCommand(): fc.Arbitrary<fc.AsyncCommand<Model, Real>> {
  return fc.constant(
    command(
      'message.list',
      (model) => model.items.length > 0,
      async (model, real) => {
        const wanted = live(model).map((item) => item.id);
        const listed = await walk(real, 'message.list', { channel_id: messageChannel(real.env) }, (items) =>
          wanted.every((id) => items.some((entry) => entry?.id === id)),
        );
        if (!listed) return real.trace.end('message.list refused (fixed checks judge it)');
        const byId = new Map(listed.map((entry) => [entry?.id, entry]));
        for (const item of gone(model))
          real.trace.judge(
            M.goneFromList,
            !byId.has(item.id),
            tr`deleted message ${item.id} not listed`,
            () => tr`listed: ${show(byId.get(item.id))}`,
          );
        for (const item of live(model))
          real.trace.judge(
            M.listed,
            sameText(item.text ?? '', byId.get(item.id)?.content),
            tr`message ${item.id} listed with content ${show(item.text)}`,
            () => (byId.has(item.id) ? tr`content ${show(byId.get(item.id)?.content)}` : tr`not listed`),
          );
      },
    ),
  );
}

/** The message commands: create, get, update, delete, get of a deleted one, list. */
function messageCommands(): fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] {
  const text = plainText(4);
  const index = fc.nat({ max: 9 });
  return [
    text.map((content: Text) =>
      command(
        `message.create ${show(content.text)}`,
        () => true,
        async (model, real) => {
          const channelId = messageChannel(real.env);
          const result = await real.trace.call('message.create', {
            channel_id: channelId,
            content: content.text,
          });
          judgeOk(real, M.create, 'message.create', result);
          const id = createdMessage(result.body)?.id;
          if (typeof id !== 'string') return real.trace.end('no id (fixed checks judge it)');
          real.trace.track({
            kind: 'message',
            label: tr`message ${id}`,
            undo: ['message.delete', { channel_id: channelId, message_id: id }],
          });
          model.items.push({ id, text: content.text, deleted: false });
        },
      ),
    ),
    index.map((i) =>
      command(
        `message.get #${i}`,
        (model) => live(model).length > 0,
        async (model, real) => {
          const item = pick(live(model), i);
          const result = await real.trace.call('message.get', {
            channel_id: messageChannel(real.env),
            message_id: item.id,
          });
          judgeOk(real, M.get, tr`message.get of live message ${item.id}`, result);
          real.trace.judge(
            M.get,
            sameText(item.text ?? '', result.body?.content),
            tr`content ${show(item.text)}`,
            () => tr`content ${show(result.body?.content)}`,
          );
        },
      ),
    ),
    fc.tuple(index, text).map(([i, content]) =>
      command(
        `message.update #${i} ${show(content.text)}`,
        (model) => live(model).length > 0,
        async (model, real) => {
          const item = pick(live(model), i);
          const result = await real.trace.call('message.update', {
            channel_id: messageChannel(real.env),
            message_id: item.id,
            content: content.text,
          });
          judgeOk(real, M.update, tr`message.update of message ${item.id}`, result);
          item.text = content.text;
        },
      ),
    ),
    index.map((i) =>
      command(
        `message.delete #${i}`,
        (model) => live(model).length > 0,
        async (model, real) => {
          const item = pick(live(model), i);
          const result = await real.trace.call('message.delete', {
            channel_id: messageChannel(real.env),
            message_id: item.id,
          });
          judgeOk(real, M.delete, tr`message.delete of message ${item.id}`, result);
          item.deleted = true;
        },
      ),
    ),
    index.map((i) =>
      command(
        `message.get (deleted) #${i}`,
        (model) => gone(model).length > 0,
        async (model, real) => {
          const item = pick(gone(model), i);
          const result = await real.trace.call('message.get', {
            channel_id: messageChannel(real.env),
            message_id: item.id,
          });
          real.trace.judge(M.gone, !result.ok, tr`message.get of deleted message ${item.id} is refused`, () =>
            describe(result),
          );
        },
      ),
    ),
    messageListCommand(),
  ];
}

const C = {
  get: narrowOracle(
    'fuzz.channel.get/reads-live-channels',
    'must',
    ['CHAN-GET-1'],
    'channel.get reads every channel the checker created and has not deleted',
    ANSWERS_2XX,
  ),
  delete: narrowOracle(
    'fuzz.channel.delete/succeeds-in-sequence',
    'must',
    ['CHAN-DELETE-1'],
    "channel.delete of one's own channel succeeds in any sequence",
    ANSWERS_2XX,
  ),
  gone: oracle(
    'fuzz.channel.delete/deleted-is-gone',
    'must',
    ['CHAN-DELETE-1'],
    'A deleted channel is not read by channel.get',
  ),
  goneFromList: oracle(
    'fuzz.channel.delete/deleted-is-not-listed',
    'must',
    ['CHAN-DELETE-1', 'CHAN-LIST-1'],
    'A deleted channel is not listed by channel.list',
  ),
  listed: oracle(
    'fuzz.channel.list/agrees-with-get',
    'must',
    ['CHAN-LIST-1', 'CHAN-UPDATE-1'],
    'channel.list lists every live channel with the name channel.get reads (updates are visible in both)',
  ),
};

/** channel.list: deleted channels are not listed, live ones are, named as channel.get reads them. */
function channelListCommand(): fc.Arbitrary<fc.AsyncCommand<Model, Real>> {
  return fc.constant(
    command(
      'channel.list',
      (model) => model.items.length > 0,
      async (model, real) => {
        const listed = await walk(real, 'channel.list', { guild_id: real.env.sandbox.guildId });
        if (!listed) return real.trace.end('channel.list refused (fixed checks judge it)');
        const byId = new Map(listed.map((entry) => [entry?.id, entry]));
        for (const item of gone(model))
          real.trace.judge(
            C.goneFromList,
            !byId.has(item.id),
            tr`deleted channel ${item.id} not listed`,
            () => tr`listed: ${show(byId.get(item.id))}`,
          );
        for (const item of live(model)) {
          const got = await real.trace.call('channel.get', { channel_id: item.id });
          judgeOk(real, C.get, tr`channel.get of live channel ${item.id}`, got);
          const entry = byId.get(item.id);
          real.trace.judge(
            C.listed,
            entry !== undefined && entry.name === got.body?.name,
            tr`channel ${item.id} listed with the name channel.get reads, ${show(got.body?.name)}`,
            () => (entry ? tr`name ${show(entry.name)}` : tr`not listed`),
          );
        }
      },
    ),
  );
}

/** The channel commands: create (at most 4 live), get, update, delete, get of a deleted one, list. */
function channelCommands(): fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] {
  const channelName = plainText(2).map((text) => `fuzz-${text.text}`);
  const index = fc.nat({ max: 9 });
  return [
    channelName.map((name) =>
      command(
        `channel.create ${show(name)}`,
        (model) => live(model).length < 4,
        async (model, real) => {
          const result = await real.trace.call('channel.create', {
            guild_id: real.env.sandbox.guildId,
            data: { name, type: 0 },
          });
          // A refused name is legal (platforms restrict names): nothing was created.
          const id = result.body?.id;
          if (!result.ok || typeof id !== 'string') return;
          real.trace.track({
            kind: 'channel',
            label: tr`channel ${id}`,
            undo: ['channel.delete', { channel_id: id }],
          });
          model.items.push({ id, text: undefined, deleted: false });
        },
      ),
    ),
    index.map((i) =>
      command(
        `channel.get #${i}`,
        (model) => live(model).length > 0,
        async (model, real) => {
          const item = pick(live(model), i);
          const result = await real.trace.call('channel.get', { channel_id: item.id });
          judgeOk(real, C.get, tr`channel.get of live channel ${item.id}`, result);
        },
      ),
    ),
    fc.tuple(index, channelName).map(([i, name]) =>
      command(
        `channel.update #${i} ${show(name)}`,
        (model) => live(model).length > 0,
        async (model, real) => {
          const item = pick(live(model), i);
          await real.trace.call('channel.update', { channel_id: item.id, data: { name } });
        },
      ),
    ),
    index.map((i) =>
      command(
        `channel.delete #${i}`,
        (model) => live(model).length > 0,
        async (model, real) => {
          const item = pick(live(model), i);
          const result = await real.trace.call('channel.delete', { channel_id: item.id });
          judgeOk(real, C.delete, tr`channel.delete of channel ${item.id}`, result);
          item.deleted = true;
        },
      ),
    ),
    index.map((i) =>
      command(
        `channel.get (deleted) #${i}`,
        (model) => gone(model).length > 0,
        async (model, real) => {
          const item = pick(gone(model), i);
          const result = await real.trace.call('channel.get', { channel_id: item.id });
          real.trace.judge(C.gone, !result.ok, tr`channel.get of deleted channel ${item.id} is refused`, () =>
            describe(result),
          );
        },
      ),
    ),
    channelListCommand(),
  ];
}

/** Deletes a live item of a sequence (the ledger entry settles; a failure is left to the cleanup). */
async function undoNow(
  env: FuzzEnv,
  operation: 'message.create' | 'channel.create',
  id: string,
): Promise<void> {
  const [undo, fields] =
    operation === 'message.create'
      ? ['message.delete', { channel_id: messageChannel(env), message_id: id }]
      : ['channel.delete', { channel_id: id }];
  const outcome = await env.client.call(undo, fields, { signal: env.signal }).catch(() => undefined);
  if (outcome?.result.ok) env.ledger.settle(undo, fields);
}

/** The replay path of a shrunk sequence, from its printed form (fast-check appends it). */
export const replayPathOf = (printed: string): string | undefined =>
  /replayPath="([^"]*)"/.exec(printed)?.[1];

function sequenceProperty(
  key: string,
  operation: 'message.create' | 'channel.create',
  oracles: Oracle[],
  commands: () => fc.Arbitrary<fc.AsyncCommand<Model, Real>>[],
): FuzzProperty<Iterable<fc.AsyncCommand<Model, Real>>> {
  return {
    key,
    operation,
    group: operation === 'message.create' ? 'messages' : 'channels',
    mode: 'stateful',
    experimental: false,
    oracles,
    // Creates weigh three times the others: most commands need something to act on.
    arbitrary: (replayPath) => {
      const [create, ...rest] = commands();
      return fc.commands([create, create, create, ...rest], {
        maxCommands: 16,
        size: 'medium',
        ...(replayPath ? { replayPath } : {}),
      });
    },
    branches: (sequence) => [
      ...new Set([...sequence].map((step) => `command:${String(step).split(' ')[0]}`)),
    ],
    ...(operation === 'channel.create' ? { unavailable: (env: FuzzEnv) => env.channelsUnavailable } : {}),
    async run(env, sequence, trace) {
      const model: Model = { items: [] };
      try {
        await fc.asyncModelRun(() => ({ model, real: { env, trace } }), sequence);
      } finally {
        // What the sequence left goes now (not in the evidence): lists stay short, quotas untouched.
        await Promise.all(live(model).map((item) => undoNow(env, operation, item.id)));
      }
    },
  };
}

export const statefulProperties = (): FuzzProperty[] => [
  sequenceProperty('messages/sequence', 'message.create', Object.values(M), messageCommands),
  sequenceProperty('channels/sequence', 'channel.create', Object.values(C), channelCommands),
];
