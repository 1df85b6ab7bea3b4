/**
 * ReferenceOptions.unserved: an operation answered as servers of the family answer one they do not serve
 * (a route miss before authentication, 405/501/500/400 after it), the rest of the server unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, SEED, startReference } from '../../src/reference/index.js';
import { call } from './helpers.js';

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReference({
    unserved: {
      'channel.create': '404-text',
      'guild.list': '404-json',
      'friend.list': '501',
      'channel.mute': '400',
    },
  });
});
afterAll(() => server.close());

describe('unserved operations', () => {
  it('answers each unserved operation in its style and serves the others', async () => {
    const created = await call(server, 'channel.create', { guild_id: SEED.guild1, data: { name: 'x' } });
    expect(created.status).toBe(404);
    expect(created.text).toBe('Not Found');
    const guilds = await call(server, 'guild.list', {});
    expect(guilds.status).toBe(404);
    expect(guilds.body.message).toMatch(/Cannot POST/);
    expect((await call(server, 'friend.list', {})).status).toBe(501);
    expect(
      (await call(server, 'channel.mute', { channel_id: SEED.historyChannel, duration: 0 })).status,
    ).toBe(400);
    const channels = await call(server, 'channel.list', { guild_id: SEED.guild1 });
    expect(channels.status).toBe(200);
    expect(channels.body.data.length).toBeGreaterThan(0);
  });

  it('refuses an unknown operation or style with a clear error', async () => {
    await expect(startReference({ unserved: { 'no.such': '501' } })).rejects.toThrow(/no operation/);
    await expect(startReference({ unserved: { 'guild.list': '418' as never } })).rejects.toThrow(/one of/);
  });
});
