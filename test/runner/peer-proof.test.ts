/**
 * The peer proof (src/runner/peer.ts) on each kind of answer a server gives, over real HTTP against a
 * scripted server: who a request acts as is read from its identity headers (Satori-User-ID), as the
 * family's servers do, and each case changes what the server makes of the peer's.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { type PeerStanding, provePeer } from '../../src/runner/peer.js';

const BOT = '1001';
const PEER = '1002';

type Reply = [status: number, body: unknown];
/** The scripted server: operation and acting user id → reply. */
let answer: (operation: string, actingAs: string | undefined) => Reply = () => [404, {}];
const sent: string[] = [];

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on('end', () => {
      const operation = (request.url ?? '').replace(/^\/v1\//, '');
      const actingAs = request.headers['satori-user-id'] as string | undefined;
      sent.push(`${operation} as ${actingAs}`);
      const [status, body] = answer(operation, actingAs);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const login = (userId: string): Reply => [200, { sn: 1, status: 1, user: { id: userId } }];
const message = (author: string): Reply => [200, [{ id: `m-${author}`, content: 'x', user: { id: author } }]];

async function prove(peerId: string | undefined): Promise<PeerStanding & { tracked: string[] }> {
  sent.length = 0;
  const client = new HttpClient({
    baseUrl,
    self: { token: 'tok-peer-proof-00000000', selfId: BOT },
    peer: peerId ? { selfId: peerId } : { token: 'tok-peer-own-000000000' },
  });
  const tracked: string[] = [];
  try {
    const standing = await provePeer({
      client,
      given: true,
      selfId: BOT,
      peerId,
      channelId: '4001',
      track: (id, as) => tracked.push(`${id} by ${as}`),
      settle: () => undefined,
    });
    return { ...standing, tracked };
  } finally {
    await client.close();
  }
}

describe('the peer proof', () => {
  it('login.get as the peer naming the peer: distinct, in one request', async () => {
    answer = (operation, as) => (operation === 'login.get' ? login(as ?? BOT) : [404, {}]);
    const standing = await prove(PEER);
    expect(standing).toMatchObject({ state: 'distinct', userId: PEER });
    expect(sent).toEqual([`login.get as ${PEER}`]);
  });

  it('login.get as the peer naming the bot: served as the bot', async () => {
    answer = (operation) => (operation === 'login.get' ? login(BOT) : [404, {}]);
    const standing = await prove(PEER);
    expect(standing.state).toBe('served-as-bot');
    expect(standing.detail).toBe(`login.get as the peer answered the bot's user ${BOT}`);
  });

  it('only a peer token: the user login.get names is learnt, when it is not the bot', async () => {
    answer = (operation, as) => (operation === 'login.get' ? login(as ? BOT : '2002') : [404, {}]);
    expect(await prove(undefined)).toMatchObject({ state: 'distinct', userId: '2002' });
  });

  it('login.get refused to the peer while the bot gets its login: refused, with the answer', async () => {
    answer = (operation, as) =>
      operation === 'login.get'
        ? as === PEER
          ? [403, { message: 'login not found' }]
          : login(BOT)
        : [404, {}];
    const standing = await prove(PEER);
    expect(standing.state).toBe('refused');
    expect(standing.detail).toMatch(
      /^login\.get as the peer answered HTTP 403 .*login not found.*\(as the bot: HTTP 200\)$/,
    );
  });

  it('no login.get: the author of the peer’s message decides, and the message is tracked', async () => {
    answer = (operation, as) =>
      operation === 'message.create'
        ? message(as ?? BOT)
        : operation === 'message.delete'
          ? [200, {}]
          : [404, {}];
    const standing = await prove(PEER);
    expect(standing.state).toBe('distinct');
    expect(standing.tracked).toEqual([`m-${PEER} by peer`]);
    expect(sent).toContain(`message.delete as ${PEER}`);
    answer = (operation) => (operation === 'message.create' ? message(BOT) : [404, {}]);
    expect((await prove(PEER)).state).toBe('served-as-bot');
  });

  it('the peer’s post refused, its read accepted and the bot’s post accepted: the server tells them apart', async () => {
    answer = (operation, as) =>
      operation === 'message.create'
        ? as === PEER
          ? [403, { message: 'muted' }]
          : message(BOT)
        : operation === 'guild.list'
          ? [200, { data: [] }]
          : [404, {}];
    expect((await prove(PEER)).state).toBe('distinct');
  });

  it('404 to everything: unproven, never "refused" (the bot’s read fails too)', async () => {
    answer = () => [404, { message: 'not found' }];
    const standing = await prove(PEER);
    expect(standing.state).toBe('unproven');
    expect(standing.detail).toMatch(/\(as the bot too: HTTP 404\)/);
    expect(standing.exchanges.length).toBe(sent.length);
  });
});
