/**
 * The family's login routes on the reference (de-facto conventions, "What a login offers, and where it
 * says so"): login.get answers the Login of the identity the request acts as, meta the server's logins;
 * ReferenceOptions.featuresIn says which of READY, login.get and meta carry `features`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openEventSource } from '../../src/events/index.js';
import type { ReferenceOptions, ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { call, ok } from './helpers.js';

const closing: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((server) => server.close()));
});
async function reference(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const server = await startReference(options);
  closing.push(server);
  return server;
}

async function readyLogins(server: ReferenceServer): Promise<any[]> {
  const source = await openEventSource({
    kind: 'ws',
    url: server.eventsUrl,
    token: server.identities.self.token,
    selfId: server.identities.self.userId,
    connectTimeoutMs: 3000,
  });
  try {
    return source.ready?.body.logins;
  } finally {
    await source.close();
  }
}

describe('login.get and meta', () => {
  it('login.get answers the login the request acts as; meta every login, features everywhere by default', async () => {
    const server = await reference();
    const bot = await ok(server, 'login.get');
    expect(bot).toMatchObject({ sn: 1, status: 1, platform: server.identities.self.platform });
    expect(bot.user.id).toBe(server.identities.self.userId);
    expect(bot.features).toContain('message.create');
    expect(bot.features).not.toContain('login.get');
    // The bot's token with the peer's user id acts as the peer (the app token hosts every login).
    const peer = await ok(
      server,
      'login.get',
      {},
      { headers: { 'satori-user-id': server.identities.peer.userId } },
    );
    expect(peer.user.id).toBe(server.identities.peer.userId);
    expect((await ok(server, 'login.get', {}, { as: 'peer' })).user.id).toBe(server.identities.peer.userId);
    const meta = await ok(server, 'meta');
    expect(meta.proxy_urls).toEqual([]);
    expect(meta.logins.map((login: any) => login.user.id)).toEqual(
      ['self', 'peer', 'third'].map((name) => server.identities[name as 'self'].userId),
    );
    expect(meta.logins.every((login: any) => Array.isArray(login.features))).toBe(true);
    expect((await readyLogins(server))[0].features).toEqual(bot.features);
    expect((await call(server, 'login.get', {}, { auth: false })).status).toBe(401);
  });

  it('featuresIn keeps features to the sources named; the others answer logins without them', async () => {
    const server = await reference({ featuresIn: ['login.get'] });
    expect((await ok(server, 'login.get')).features).toContain('channel.get');
    const meta = await ok(server, 'meta');
    expect(meta.logins.length).toBe(3);
    expect(meta.logins.some((login: any) => 'features' in login)).toBe(false);
    const [ready] = await readyLogins(server);
    expect(ready.user.id).toBe(server.identities.self.userId);
    expect('features' in ready).toBe(false);
  });

  it('declares features nowhere, or answers login.get and meta as unserved', async () => {
    const nowhere = await reference({ featuresIn: [] });
    expect('features' in (await ok(nowhere, 'login.get'))).toBe(false);
    const unserved = await reference({ unserved: { 'login.get': '404-text', meta: '501' } });
    expect((await call(unserved, 'login.get')).status).toBe(404);
    expect((await call(unserved, 'meta')).status).toBe(501);
    await expect(startReference({ featuresIn: ['socket' as never] })).rejects.toThrow(/no place/);
  });

  it('a server of one login lists only the bot in meta, and login.get answers the bot to the peer', async () => {
    const server = await reference({ tolerances: ['one-login-ignores-identity'] });
    expect((await ok(server, 'meta')).logins.map((login: any) => login.user.id)).toEqual([
      server.identities.self.userId,
    ]);
    expect((await ok(server, 'login.get', {}, { as: 'peer' })).user.id).toBe(server.identities.self.userId);
  });
});
