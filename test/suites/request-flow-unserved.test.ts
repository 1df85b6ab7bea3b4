/**
 * The request flows (event.friend-request/approve-*, suites/events-requests.ts) on a server that does not
 * serve friend.approve (ReferenceOptions.unserved, a stub that throws: 500): where the login declares no
 * features, the answer shows nothing of the event flow (undecided; friend.approve's own checks judge it);
 * where its features offer friend.approve, the same answer fails (a true deviation, as
 * declared-operation-501).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { ReferenceOptions, ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import { loadChecks } from '../../src/runner/load.js';

const servers: ReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function flowChecks(options: ReferenceOptions) {
  const reference = await startReference(options);
  servers.push(reference);
  const checks = (await loadChecks()).filter((check) => check.id.startsWith('event.friend-request/'));
  const result = await run({ reference, checks, confirm: false, level: 'should' });
  return result.checks.filter((check) => check.id.startsWith('event.friend-request/approve-'));
}

describe('a request flow whose answer is not served', () => {
  it('no features declared anywhere: undecided, naming the operation', async () => {
    const checks = await flowChecks({ featuresIn: [], unserved: { 'friend.approve': '500' } });
    expect(checks.length).toBe(2);
    for (const check of checks) {
      expect(check.status).toBe('skip');
      expect(check.undecided?.state).toMatch(/friend\.approve answered HTTP 500/);
      expect(check.undecided?.signature).toMatchObject({ operation: 'friend.approve' });
    }
  });

  it('features that offer friend.approve: the same answer fails', async () => {
    const checks = await flowChecks({ unserved: { 'friend.approve': '500' } });
    expect(checks.length).toBe(2);
    for (const check of checks) {
      expect(check.status).toBe('fail');
      expect(check.reason).toMatch(/friend\.approve with approve (true|false): a 2xx status/);
    }
  });
});
