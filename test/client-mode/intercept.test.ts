/** The reference's intercept hook (ReferenceOptions.intercept), over real HTTP. */
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { InterceptedRequest, ReferenceServer } from '../../src/reference/contract.js';
import { DEFAULT_TOKENS, startReference } from '../../src/reference/server.js';

let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (operation: string, fields: unknown, token: string = DEFAULT_TOKENS.self) =>
  fetch(`${server!.baseUrl}/${operation}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });

describe('ReferenceOptions.intercept', () => {
  it('answers authenticated requests it claims and lets the reference handle the rest', async () => {
    const seen: InterceptedRequest[] = [];
    server = await startReference({
      intercept: (request) => {
        seen.push(request);
        return request.operation === 'guild.list' ? { body: { data: [{ id: 'x' }] } } : undefined;
      },
    });
    expect(await (await post('guild.list', { next: 'tok' })).json()).toEqual({ data: [{ id: 'x' }] });
    const channels = await post('channel.list', { guild_id: server.sandbox.guildId });
    expect(channels.status).toBe(200);
    expect(((await channels.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(seen.map((request) => [request.operation, request.fields, request.identity.userId])).toEqual([
      ['guild.list', { next: 'tok' }, server.identities.self.userId],
      ['channel.list', { guild_id: server.sandbox.guildId }, server.identities.self.userId],
    ]);
    expect(seen[0].headers['content-type']).toBe('application/json');
    // Not consulted for a request the reference refuses first (an unknown token: 401).
    expect((await post('guild.list', {}, 'wrong-token')).status).toBe(401);
    expect(seen).toHaveLength(2);
  });

  it('interceptEvents takes over the sockets it claims; the reference serves the others', async () => {
    const taken: WebSocket[] = [];
    let claim = true;
    server = await startReference({
      interceptEvents: (socket) => {
        if (!claim || !(socket instanceof WebSocket)) return false;
        taken.push(socket);
        socket.send(JSON.stringify({ op: 4, body: { logins: [], scripted: true } }));
        return true;
      },
    });
    const firstFrame = async () => {
      const client = new WebSocket(server!.eventsUrl);
      const message = once(client, 'message');
      await once(client, 'open');
      client.send(JSON.stringify({ op: 3, body: { token: DEFAULT_TOKENS.self } }));
      const [data] = await message;
      client.terminate();
      return JSON.parse(String(data));
    };
    try {
      expect(await firstFrame()).toEqual({ op: 4, body: { logins: [], scripted: true } });
      expect(taken).toHaveLength(1);
      claim = false;
      const ready = await firstFrame();
      expect(ready.op).toBe(4);
      expect(ready.body.logins.map((login: { user: { id: string } }) => login.user.id)).toEqual([
        server.identities.self.userId,
      ]);
    } finally {
      // The reference leaves a socket it gave away alone, also on close: its taker ends it.
      for (const socket of taken) socket.terminate();
    }
  });
});
