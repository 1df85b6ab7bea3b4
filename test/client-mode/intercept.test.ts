/** The reference's intercept hook (ReferenceOptions.intercept), over real HTTP. */
import { afterEach, describe, expect, it } from 'vitest';
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
});
