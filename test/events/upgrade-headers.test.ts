/**
 * Issue 32: the event WebSocket as deployed. The upgrade request carries --header and the token as
 * `Authorization: Bearer` (besides IDENTIFY), so a server that authenticates the upgrade only still opens.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { openWebSocketSource } from '../../src/events/ws.js';

let server: Server;
let sockets: WebSocketServer;
let url: string;
const upgrades: IncomingMessage['headers'][] = [];

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(404).end());
  sockets = new WebSocketServer({ server });
  // Authenticates by the upgrade's Authorization header only (IDENTIFY's token is not read).
  sockets.on('connection', (socket, request) => {
    upgrades.push(request.headers);
    if (request.headers.authorization !== 'Bearer tok-upgrade') return socket.close(1008, 'unauthorized');
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).op === 3) socket.send(JSON.stringify({ op: 4, body: { logins: [] } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/custom/path/stream`;
});

afterAll(async () => {
  for (const socket of sockets.clients) socket.terminate();
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the upgrade request', () => {
  it('carries the token as Authorization: Bearer and every --header, at any path', async () => {
    const source = await openWebSocketSource({
      kind: 'ws',
      url,
      token: 'tok-upgrade',
      headers: { 'x-extra': 'one' },
      connectTimeoutMs: 5000,
    });
    try {
      expect(source.ready).toBeDefined();
      expect(upgrades.at(-1)).toMatchObject({ authorization: 'Bearer tok-upgrade', 'x-extra': 'one' });
    } finally {
      await source.close();
    }
  });

  it("keeps the user's own Authorization header (--header) over the token's", async () => {
    await expect(
      openWebSocketSource({
        kind: 'ws',
        url,
        token: 'tok-upgrade',
        headers: { Authorization: 'Token other' },
        connectTimeoutMs: 2000,
      }),
    ).rejects.toThrow();
    expect(upgrades.at(-1)?.authorization).toBe('Token other');
  });
});
