/**
 * Issue 32: a run whose event stream delivers nothing never ends CONFORMS. A socket that accepts IDENTIFY
 * and never answers READY (nor sends any event) leaves the event checks undecided: NO VERDICT, naming the
 * transport problem; --events none is how a user leaves events out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { renderConsole } from '../../src/report/console.js';
import { nothingCountedReason } from '../../src/runner/summary.js';

let reference: ReferenceServer;
let silent: Server;
let sockets: WebSocketServer;
let silentUrl: string;
let identified = 0;

beforeAll(async () => {
  reference = await startReference();
  silent = createServer((_request, response) => response.writeHead(404).end());
  sockets = new WebSocketServer({ server: silent });
  // Accepts the connection and IDENTIFY, and never answers anything.
  sockets.on('connection', (socket) =>
    socket.on('message', (data) => {
      if (/"op"\s*:\s*3/.test(String(data))) identified++;
    }),
  );
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `ws://127.0.0.1:${(silent.address() as AddressInfo).port}/v1/events`;
});

afterAll(async () => {
  for (const socket of sockets.clients) socket.terminate();
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
  await reference.close();
});

describe('an event stream that delivers nothing', () => {
  it('accepts IDENTIFY, never sends READY nor an event: never CONFORMS at must', async () => {
    const result = await run({
      reference,
      eventsUrl: silentUrl,
      // With a suite that passes: before issue 32 this run ended CONFORMS, the event checks skipped.
      suites: ['events', 'guilds'],
      level: 'must',
      eventTimeoutMs: 1000,
      confirm: false,
    });
    expect(identified).toBeGreaterThan(0);
    expect(result.checks.some((check) => check.level === 'must' && check.status === 'pass')).toBe(true);
    expect(result.verdict).toBe('pass'); // nothing failed …
    const reason = nothingCountedReason(result);
    // … but the must checks that needed the stream are undecided: NO VERDICT, naming the transport.
    expect(reason).toMatch(
      /must checks? could not be decided: the event WebSocket at \S+ never sent READY and delivered no event/,
    );
    const mustEventChecks = result.checks.filter(
      (check) => check.group === 'events' && check.level === 'must' && !check.experimental,
    );
    expect(mustEventChecks.length).toBeGreaterThan(0);
    for (const check of mustEventChecks)
      expect(check.undecided, `${check.id} ${check.status} ${check.reason}`).toBeDefined();
    expect(String(renderConsole(result, { color: false }))).toMatch(/NO VERDICT at level must/);
    expect(String(renderConsole(result, { color: false }))).not.toMatch(/CONFORMS at level/);
  }, 120_000);

  it('--events none opts out: the event checks are plain skips, nothing undecided', async () => {
    const result = await run({ reference, events: 'none', suites: ['events'], confirm: false });
    for (const check of result.checks) expect(check.undecided, check.id).toBeUndefined();
  });
});
