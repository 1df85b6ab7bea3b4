import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import messages from '../../suites/messages.js';
import { failing } from './harness.js';

/** Runs the messages suite against a fresh reference; statuses by check id, and whether the world is unchanged. */
const runMessages = async (faults: string[] = []) => {
  const reference = await startReference({ faults });
  try {
    const before = JSON.stringify(reference.snapshot());
    const result = await run({ reference, suites: ['messages'], events: 'none' });
    const statuses = Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
    const reasons = Object.fromEntries(result.checks.map((check) => [check.id, check.reason]));
    return { statuses, reasons, unchanged: JSON.stringify(reference.snapshot()) === before };
  } finally {
    await reference.close();
  }
};

describe('messages suite (§4.1)', () => {
  it('passes every check against the clean reference and leaves the world as it was', async () => {
    const { statuses, reasons, unchanged } = await runMessages();
    expect(Object.keys(statuses)).toHaveLength(messages.length);
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    expect(unchanged).toBe(true);
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
