/**
 * Issue 46 (a flag is honoured by every check that uses what it names): `--user` is the other user of
 * the checks that only need another user's id (the bot reads it, or opens a channel with it) —
 * guild.member.get/peer and user.channel.create — which then neither need the peer nor use its id.
 */
import { expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import type { CheckContext, CheckDefinition } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';

const OTHER_USER = '1100'; // a seeded member of the reference's sandbox guild, not the peer (1002)
const ONLY_AN_ID = /^(guild\.member\.get\/peer|user\.channel\.create\/direct-channel-with-peer)$/;

it('--user is the other user of the checks that only need its id', async () => {
  const sent: { check: string; operation: string; userId: unknown }[] = [];
  const watched = (check: CheckDefinition): CheckDefinition => ({
    ...check,
    run: (t) => {
      const watch = (inner: CheckContext): CheckContext => ({
        ...inner,
        call: (operation, fields, options) => {
          sent.push({ check: check.id, operation, userId: fields?.user_id });
          return inner.call(operation, fields, options);
        },
        shared: (key, observe) => inner.shared(key, (observer) => observe(watch(observer))),
      });
      return check.run(watch(t));
    },
  });
  const checks = (await loadChecks()).filter((check) => ONLY_AN_ID.test(check.id));
  expect(checks).toHaveLength(2);
  const server = await startReference({});
  try {
    const result = await run({ reference: server, checks: checks.map(watched), user: OTHER_USER });
    expect(Object.fromEntries(result.checks.map((check) => [check.id, check.status]))).toEqual(
      Object.fromEntries(checks.map((check) => [check.id, 'pass'])),
    );
    const asked = (operation: string) => sent.filter((call) => call.operation === operation);
    expect(asked('user.channel.create').map((call) => call.userId)).toEqual([OTHER_USER]);
    expect(asked('guild.member.get').map((call) => call.userId)).toContain(OTHER_USER);
    // The peer's id is asked of nobody here.
    expect(sent.filter((call) => call.userId === result.sandbox?.peerId)).toEqual([]);
  } finally {
    await server.close();
  }
});
