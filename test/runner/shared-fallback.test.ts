import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/index.js';
import type { CheckContext } from '../../src/runner/check.js';
import { testCheck } from './test-check.js';

/** One shared observation whose helper (message.create) the server does not serve. */
const message = (t: CheckContext, fallback: boolean) =>
  t.shared(
    'a message of the run',
    async (observer) => {
      const made = await observer.call('message.create', { channel_id: t.sandbox.channelId, content: 'x' });
      return made.ok;
    },
    { fallback },
  );

const needs = testCheck('needs', async (t: CheckContext) => {
  await message(t, false);
  t.expect(true, 'never reached: the helper was refused');
});
const passesOver = testCheck('passes-over', async (t: CheckContext) => {
  t.expect((await message(t, true)) === false, 'the refusal came back to the check');
});

describe('a shared observation is judged by each sharer as its own (Sharing.fallback)', () => {
  it.each([
    ['the needing check observes first', [needs, passesOver]],
    ['the passing-over check observes first', [passesOver, needs]],
  ])(
    '%s: the helper refused leaves the needing check undecided naming it; the other takes another way',
    async (_order, checks) => {
      const server = await startReference({ unserved: { 'message.create': '501' } });
      try {
        const result = await run({
          reference: server,
          events: 'none',
          checks,
          concurrency: 1,
          confirm: false,
        });
        const byId = new Map(result.checks.map((check) => [check.id, check]));
        const needing = byId.get('test/needs');
        expect(needing?.status).toBe('skip');
        expect(needing?.undecided?.state).toMatch(/^the helper message\.create answered HTTP 501 /);
        expect(needing?.undecided?.signature).toMatchObject({
          kind: 'helper-refused',
          operation: 'message.create',
          role: 'helper',
        });
        const over = byId.get('test/passes-over');
        expect(over?.status).toBe('pass');
        expect(over?.evidence?.notes?.join('\n')).toMatch(
          /the helper message\.create answered HTTP 501 .*: the check takes another way/,
        );
      } finally {
        await server.close();
      }
    },
  );
});
