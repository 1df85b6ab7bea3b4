import { describe, expect, it } from 'vitest';
import messages from '../../suites/messages.js';
import { failing, runAgainstReference } from './harness.js';

/** Runs the messages suite against a fresh reference; statuses by check id, and whether the world is unchanged. */
const runMessages = (faults: string[] = []) => runAgainstReference({ faults }, { suites: ['messages'] });

describe('messages suite (§4.1)', () => {
  it('passes every check against the clean reference and leaves the world as it was', async () => {
    const { statuses, reasons, unchanged } = await runMessages();
    expect(Object.keys(statuses)).toHaveLength(messages.length);
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    expect(unchanged).toBe(true);
  });

  // Issue 49 item 2: the create, get and delete checks judge one message read back, in any order.
  it.each([1, 2])('creates the message they read once (seed %i)', async (seed) => {
    const contents: string[] = [];
    const { statuses, reasons } = await runAgainstReference(
      {
        intercept: ({ operation, fields }) => {
          if (operation === 'message.create') contents.push(String(fields.content));
          return undefined;
        },
      },
      { suites: ['messages'], seed, confirm: false },
    );
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    // One message read back and a newer one; the update check makes its own (it changes it).
    expect(contents.filter((content) => /^conformance-(create|get-newer)-/.test(content))).toHaveLength(2);
    expect(
      contents.filter((content) => /^conformance-(get|get-resources|delete)-[a-z0-9]+$/.test(content)),
    ).toEqual([]);
  });

  it.concurrent.each([
    ['message-get-without-channel', ['message.get/carries-channel-and-user']],
    ['message-get-without-user', ['message.get/carries-channel-and-user']],
    ['message-update-no-op', ['message.update/changes-the-content']],
    ['message-delete-no-op', ['message.delete/removes-the-message']],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const { statuses } = await runMessages([fault]);
    expect(failing(statuses).sort()).toEqual([...expected].sort());
  });

  it.concurrent.each([
    // Other checks fail too when a message another check created is the latest one (concurrency).
    ['message-get-ignores-id', ['message.get/returns-the-message']],
    ['message-create-returns-object', ['message.create/returns-the-sent-message']],
    ['message-create-not-stored', ['message.create/returns-the-sent-message']],
    [
      'message-content-number',
      ['message.create/returns-the-sent-message', 'message.get/returns-the-message'],
    ],
  ])('fault %s fails (at least) %j', async (fault, expected) => {
    const { statuses } = await runMessages([fault]);
    expect(failing(statuses)).toEqual(expect.arrayContaining(expected));
  });
});
