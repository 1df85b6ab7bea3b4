/**
 * Messages (§4.1): message.create, message.get, message.update and message.delete. Every message is
 * created by the check itself (tracked, undo message.delete); only those are updated or deleted.
 */
import { tr } from '../src/i18n/index.js';
import {
  type CallResult,
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
} from '../src/runner/check.js';
import { idOf, statusOf } from './_lib/lists.js';
import {
  createMessage,
  expectCreated,
  listMessages,
  messageReadBack,
  uniqueContent,
} from './_lib/messages.js';
import { requireMessageRead } from './_lib/served.js';

/** Creates one message in the sandbox channel and returns its id and content. */
async function createOne(t: CheckContext, what: string): Promise<{ id: string; content: string }> {
  const content = uniqueContent(what);
  const created = await createMessage(t, content);
  return { id: created[created.length - 1].id, content };
}

/** message.get of a message in the sandbox channel, asserted 2xx and a valid Message. */
async function getMessage(t: CheckContext, messageId: string, what: string): Promise<Record<string, any>> {
  const result = await t.call('message.get', { channel_id: t.sandbox.channelId, message_id: messageId });
  return expectMessage(t, result, what);
}

/** A message.get answer asserted 2xx and a valid Message. */
function expectMessage(t: CheckContext, result: CallResult, what: string): Record<string, any> {
  t.expectOk(result, what);
  t.expectSchema('Message', result.body, tr`${what} result`);
  return result.body;
}

/**
 * The message of messageReadBack as the message.get and message.delete checks read it: created and
 * followed by a newer one (asserted as createMessage does), its id and content, and message.get's answer.
 */
async function readBack(t: CheckContext): Promise<{ id: string; content: string; got: CallResult }> {
  const seen = await messageReadBack(t);
  const created = expectCreated(t, seen.created);
  if (seen.newer) expectCreated(t, seen.newer);
  return {
    id: seen.id ?? created[created.length - 1].id,
    content: seen.content,
    got: seen.got as CallResult,
  };
}

/** Whether the latest page of message.list lists `messageId` (a reader, not under test here: no assertion). */
async function latestListed(t: CheckContext, messageId: string): Promise<boolean> {
  const page = await t.call('message.list', { channel_id: t.sandbox.channelId, limit: 50 });
  const data: unknown = page.ok ? page.body?.data : undefined;
  return Array.isArray(data) && data.some((message) => idOf(message) === messageId);
}

const checks: CheckSpec[] = [
  defineCheck({
    id: 'message.create/returns-the-sent-message',
    title:
      'message.create returns an array of valid Message objects carrying the content sent, and stores it',
    level: 'must',
    rules: ['MSG-CREATE-1', 'RES-MESSAGE', 'GEN-2'],
    operations: ['message.create', 'message.get', 'message.list'],
    helpers: ['message.get', 'message.list'],
    async run(t: CheckContext) {
      const seen = await messageReadBack(t);
      const { content } = seen;
      const created = expectCreated(t, seen.created);
      created.forEach((message, index) => {
        t.expectSchema('Message', message, tr`message.create result item ${index + 1}`);
      });
      const sent = created.find((message) => message.content === content);
      t.expect(
        sent !== undefined,
        tr`a Message returned by message.create has the content sent: ${JSON.stringify(content)}`,
        created.map((message) => message.content),
      );
      // "Sends a message" (§4.1): the message exists afterwards in channel_id.
      // Its refusal of the message just created is the observation (not stored), where message.get is
      // shown to serve (requireMessageRead); an unserved get shows nothing.
      const result = seen.got as CallResult;
      if (!result.ok)
        await requireMessageRead(
          t,
          tr`message.get of the created message ${sent.id} answered ${statusOf(result)}`,
        );
      t.expect(
        result.ok && result.body?.content === content,
        tr`message.get of the created message ${sent.id} answers 2xx with the content sent`,
        statusOf(result),
      );
    },
  }),

  defineCheck({
    id: 'message.get/returns-the-message',
    title: 'message.get returns the message asked for (not merely the latest), with its content',
    level: 'must',
    rules: ['MSG-GET-1', 'RES-MESSAGE'],
    operations: ['message.create', 'message.get'],
    helpers: ['message.create'],
    async run(t: CheckContext) {
      // A newer message follows it, so that a server answering with the latest message is caught.
      const sent = await readBack(t);
      const message = expectMessage(t, sent.got, 'message.get');
      t.expect(message.id === sent.id, tr`message.get returns the message with id ${sent.id}`, message.id);
      t.expect(
        message.content === sent.content,
        tr`message.get returns the content sent: ${JSON.stringify(sent.content)}`,
        message.content,
      );
    },
  }),

  // §4.1 message.get "Required resources: channel, user"; §1 rule 4.
  defineCheck({
    id: 'message.get/carries-channel-and-user',
    title: 'message.get returns the message with its channel (the channel asked for) and its user',
    level: 'must',
    rules: ['MSG-GET-2', 'GEN-4', 'RES-CHANNEL'],
    operations: ['message.create', 'message.get'],
    helpers: ['message.create'],
    async run(t: CheckContext) {
      const sent = await readBack(t);
      const message = expectMessage(t, sent.got, 'message.get');
      t.expect(
        message.channel !== undefined,
        tr`message.get result carries channel (a required resource)`,
        message,
      );
      t.expectSchema('Channel', message.channel, tr`message.get result channel`);
      t.expect(
        idOf(message.channel) === t.sandbox.channelId,
        tr`message.get result channel.id is the channel_id asked for (${t.sandbox.channelId})`,
        message.channel?.id,
      );
      t.expect(
        message.user !== undefined,
        tr`message.get result carries user (a required resource)`,
        message,
      );
      t.expectSchema('User', message.user, tr`message.get result user`);
    },
  }),

  defineCheck({
    id: 'message.update/changes-the-content',
    title: 'message.update replaces the content: message.get then returns the new content',
    level: 'must',
    rules: ['MSG-UPDATE-1'],
    operations: ['message.create', 'message.update', 'message.get'],
    helpers: ['message.create', 'message.get'],
    async run(t: CheckContext) {
      const sent = await createOne(t, 'update');
      const content = uniqueContent('updated');
      const result = await t.call('message.update', {
        channel_id: t.sandbox.channelId,
        message_id: sent.id,
        content,
      });
      t.expectOk(result, 'message.update');
      const message = await getMessage(t, sent.id, tr`message.get after message.update`);
      t.expect(
        message.content === content,
        tr`message.get after message.update returns the new content ${JSON.stringify(content)}`,
        message.content,
      );
    },
  }),

  defineCheck({
    id: 'message.delete/removes-the-message',
    title:
      'message.delete removes the message: message.get then answers 4xx, or message.list no longer has it',
    level: 'must',
    rules: ['MSG-DELETE-1'],
    operations: ['message.create', 'message.delete', 'message.get', 'message.list'],
    helpers: ['message.create', 'message.get', 'message.list'],
    async run(t: CheckContext) {
      // The run's message read back (messageReadBack), which no one reads once that observation is made.
      const sent = await readBack(t);
      const fields = { channel_id: t.sandbox.channelId, message_id: sent.id };
      // No verdict from history: the message is shown to exist before the delete removes it (by message.get,
      // else by the latest page of message.list).
      // Both reads of message.get are helpers with another way (message.list): unserved, the list decides.
      const before = await t.call('message.get', fields, { fallback: true });
      const shownByGet = before.ok && before.body?.content === sent.content;
      const shownByList = !shownByGet && (await latestListed(t, sent.id));
      const result = await t.call('message.delete', fields);
      // The operation under test refused a complete request for a message the bot just created: a failure
      // whatever the readers show (issue 41), never a skip.
      t.expectOk(result, 'message.delete');
      if (!shownByGet && !shownByList) {
        t.skip(
          tr`precondition failed: neither message.get (${statusOf(before)}) nor message.list shows the message just created (${sent.id}), so its removal cannot be observed (see message.create/returns-the-sent-message)`,
        );
      }
      const after = await t.call('message.get', fields, { fallback: true });
      if (shownByGet && after.status >= 400 && after.status < 500)
        return t.note(tr`message.get afterwards: ${statusOf(after)}`);
      // Some platforms keep deleted messages readable by id; the channel's history must not list it.
      const page = await listMessages(t, { limit: 50 }, tr`message.list after message.delete`);
      t.expect(
        !page.data.some((message) => message.id === sent.id),
        tr`after message.delete, message.get answers 4xx or the latest messages no longer include ${sent.id}`,
        tr`message.get: ${statusOf(after)}; message ${sent.id} is still in message.list`,
      );
    },
  }),
];

export default defineSuite('messages', checks);
