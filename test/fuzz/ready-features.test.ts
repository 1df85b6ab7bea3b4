/**
 * Issue 46: READY may be the only place a login declares its features (de-facto conventions, "What a login
 * offers"). The fuzz reads them as a run does (src/fuzz/index.ts readReady): an operation READY leaves
 * out is not offered, so its properties are not sent, never failed for the route miss it would get.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzz } from '../../src/fuzz/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';

let reference: ReferenceServer;
beforeAll(async () => {
  reference = await startReference({
    featuresIn: ['ready'],
    unserved: { 'login.get': '501', 'message.update': '404-json' },
    undeclared: ['message.update'],
  });
});
afterAll(async () => {
  await reference?.close();
});

describe('conformance fuzz: features declared in READY alone', () => {
  it('an operation READY leaves out is not fuzzed; one it lists is', async () => {
    const result = await fuzz({ reference, seed: 37, runs: 2, grep: '^message\\.(update|create)/valid$' });
    const update = result.checks.filter((check) => check.id.startsWith('fuzz.message.update/'));
    expect(update.length).toBeGreaterThan(0);
    for (const check of update) {
      expect(check.status).toBe('skip');
      expect(check.reason).toMatch(/not offer|features/i);
    }
    expect(
      result.checks.some((check) => check.id.startsWith('fuzz.message.create/') && check.status === 'pass'),
    ).toBe(true);
  });

  it('with events off, READY is not read: the route miss is what the fuzz sees', async () => {
    const result = await fuzz({
      reference,
      seed: 37,
      runs: 2,
      grep: '^message\\.update/valid$',
      events: 'none',
    });
    expect(
      result.checks.some((check) => check.id.startsWith('fuzz.message.update/') && check.status === 'fail'),
    ).toBe(true);
  });

  it('an oracle read through an operation the login does not offer is not judged (message.get)', async () => {
    const server = await startReference({
      unserved: { 'message.get': '500' },
      undeclared: ['message.get'],
    });
    try {
      const result = await fuzz({ reference: server, seed: 8, runs: 2, grep: '^message\\.update/valid$' });
      const readBack = result.checks.find((check) => check.id === 'fuzz.message.update/update-reads-back');
      expect(readBack?.status).toBe('skip');
      expect(readBack?.reason).toMatch(/not offered: login\.features omits message\.get/);
    } finally {
      await server.close();
    }
  });
});
