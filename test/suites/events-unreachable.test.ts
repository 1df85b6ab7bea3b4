/**
 * Robustness of the event suites: when the event endpoint does not exist, every event check ends as a
 * skip with the reason (or an error), the run finishes and nothing hangs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import type { RunResult } from '../../src/runner/model.js';

const runEvents = (reference: ReferenceServer, eventsUrl: string): Promise<RunResult> =>
  run({
    reference,
    eventsUrl,
    suites: ['events'],
    includeExperimental: true,
    level: 'should',
    eventTimeoutMs: 1000,
  });

/** Every event check is skipped with a reason that names the event stream; none passes, fails or errors. */
function expectAllSkippedForTheStream(result: RunResult, why: RegExp): void {
  expect(result.checks.length).toBeGreaterThan(40);
  for (const check of result.checks) {
    expect(check.status, `${check.id}: ${check.reason}`).toBe('skip');
    expect(check.reason).toMatch(/event stream/);
    expect(check.reason).toMatch(why);
  }
  expect(result.notes?.some((note) => note.startsWith('event stream unavailable'))).toBe(true);
}

describe('event suites without an event endpoint', () => {
  let reference: ReferenceServer;
  let plain: Server;
  let plainUrl: string;
  beforeAll(async () => {
    reference = await startReference();
    // A plain HTTP server that answers 404 to everything, the WebSocket upgrade of /events included.
    plain = createServer((_request, response) => response.writeHead(404).end('not found'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainUrl = `ws://127.0.0.1:${(plain.address() as AddressInfo).port}/v1/events`;
  });
  afterAll(async () => {
    await reference.close();
    plain.closeAllConnections();
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  });

  it('skips every event check with the reason when /events answers 404', async () => {
    expectAllSkippedForTheStream(await runEvents(reference, plainUrl), /HTTP 404/);
  });

  it('skips every event check with the reason when nothing listens at --events-url', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expectAllSkippedForTheStream(
      await runEvents(reference, `ws://127.0.0.1:${port}/v1/events`),
      /ECONNREFUSED/,
    );
  });

  it('skips every event check with the reason under --events none', async () => {
    const result = await run({ reference, events: 'none', suites: ['events'], includeExperimental: true });
    for (const check of result.checks) {
      expect(check.status, check.id).toBe('skip');
      expect(check.reason).toMatch(/--events none/);
    }
  });
});
