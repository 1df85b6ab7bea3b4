/**
 * The clean reference implementation over real HTTP: every operation of §4, pagination at the ends,
 * clamping and defaults, mutes, approve flows through the control endpoint, bad input, concurrency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type ReferenceServer, SEED, startReference } from '../../src/reference/index.js';
import { allPages, call, control, ok, trigger, waitFor } from './helpers.js';

const G1 = SEED.guild1;
const G2 = SEED.guild2;
const HISTORY = SEED.historyChannel;

let server: ReferenceServer;
let initial: unknown;

beforeAll(async () => {
  server = await startReference();
  initial = server.snapshot();
});
afterAll(() => server.close());

const expectError = (reply: { status: number; body: any }, status: number) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toEqual({ code: expect.any(String), message: expect.any(String) });
  expect(reply.body.message.length).toBeGreaterThan(10);
};

describe('startup', () => {
  it('listens on 127.0.0.1 with a free port and the /v1 base path', () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(server.eventsUrl).toBe(`${server.baseUrl.replace('http', 'ws')}/events`);
    expect(server.identities.self.userId).toBe(SEED.self);
    expect(new Set(Object.values(server.identities).map((identity) => identity.token)).size).toBe(3);
  });

  it('refuses unknown faults, variants and bad bounds with a clear error', async () => {
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toThrow(
      /Unknown fault id: no-such-fault/,
    );
    await expect(startReference({ variants: { 'role-payload': 'x' as never } })).rejects.toThrow(
      /role-payload/,
    );
    await expect(startReference({ limitBound: 0 })).rejects.toThrow(/limitBound/);
  });

  it('seeds the same world every time', async () => {
    const other = await startReference({ port: 0 });
    try {
      expect(other.snapshot()).toEqual(initial);
    } finally {
      await other.close();
    }
  });
});

describe('protocol: auth, paths, bodies, errors', () => {
  it('answers 401 without a token or with a wrong one', async () => {
    expectError(await call(server, 'guild.list', {}, { auth: false }), 401);
    expectError(await call(server, 'guild.list', {}, { headers: { authorization: 'Bearer nope' } }), 401);
  });

  it('accepts identity headers of both styles naming the token user, 403 for another user', async () => {
    const self = server.identities.self;
    const headerSets: Record<string, string>[] = [
      { 'satori-platform': self.platform, 'satori-user-id': self.userId },
      { 'x-platform': self.platform, 'x-self-id': self.userId },
      {
        'satori-platform': self.platform,
        'satori-user-id': self.userId,
        'x-platform': self.platform,
        'x-self-id': self.userId,
      },
    ];
    for (const headers of headerSets) {
      expect((await call(server, 'guild.list', {}, { headers })).status).toBe(200);
    }
    expectError(await call(server, 'guild.list', {}, { headers: { 'satori-user-id': '9999' } }), 403);
    expectError(await call(server, 'guild.list', {}, { headers: { 'x-self-id': '9999' } }), 403);
    expectError(await call(server, 'guild.list', {}, { headers: { 'satori-platform': 'discord' } }), 403);
    // The peer's own token is its login only.
    const peerAsSelf = { 'satori-user-id': SEED.self };
    expectError(await call(server, 'guild.list', {}, { as: 'peer', headers: peerAsSelf }), 403);
    // Both pairs must name the same login.
    const split = { 'satori-user-id': SEED.peer, 'x-self-id': SEED.self };
    expectError(await call(server, 'guild.list', {}, { headers: split }), 403);
  });

  it("hosts every login behind the bot's token: the user id header picks the peer (de-facto conventions)", async () => {
    const fields = { channel_id: SEED.historyChannel, content: 'as the peer behind the bot token' };
    for (const headers of [{ 'satori-user-id': SEED.peer }, { 'x-self-id': SEED.peer }] as Record<
      string,
      string
    >[]) {
      const created = await call(server, 'message.create', fields, { headers });
      expect(created.status).toBe(200);
      const [message] = created.body;
      expect(message.user?.id ?? message.member?.user?.id).toBe(SEED.peer);
      // The seeded history stays as later tests expect it.
      const removed = { channel_id: SEED.historyChannel, message_id: message.id };
      expect((await call(server, 'message.delete', removed, { headers })).status).toBe(200);
    }
  });

  it('answers 404 to unknown operations (before auth) and 405 to other methods', async () => {
    expectError(await call(server, 'message.send', {}, { auth: false }), 404);
    expectError(await call(server, 'message.list', {}, { method: 'GET' }), 405);
    const put = await call(server, 'message.list', {}, { method: 'PUT' });
    expectError(put, 405);
    expect(put.headers.get('allow')).toBe('POST');
  });

  it('answers 400 to malformed JSON, non-object bodies and wrong-typed or missing fields', async () => {
    expectError(await call(server, 'channel.get', undefined, { rawBody: '{"channel_id":' }), 400);
    expectError(await call(server, 'channel.get', undefined, { rawBody: '["4001"]' }), 400);
    expectError(await call(server, 'channel.get', { channel_id: 4001 }), 400);
    expectError(await call(server, 'channel.get', {}), 400);
    expectError(await call(server, 'message.create', { channel_id: HISTORY }), 400);
    expectError(await call(server, 'guild.approve', { message_id: 'x', approve: 'yes' }), 400);
  });

  it('answers 404 to unknown ids and 403 to guilds the caller is not in', async () => {
    expectError(await call(server, 'channel.get', { channel_id: 'nope' }), 404);
    expectError(await call(server, 'guild.get', { guild_id: 'nope' }), 404);
    expectError(await call(server, 'message.get', { channel_id: HISTORY, message_id: 'nope' }), 404);
    expectError(await call(server, 'guild.member.get', { guild_id: G1, user_id: SEED.third }), 404);
    expectError(await call(server, 'channel.list', { guild_id: G1 }, { as: 'third' }), 403);
  });

  it('sends results as JSON and no-return operations as 200 {}', async () => {
    const reply = await call(server, 'guild.get', { guild_id: G1 });
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const [created] = await ok(server, 'message.create', { channel_id: '4002', content: 'to delete' });
    const deleted = await call(server, 'message.delete', { channel_id: '4002', message_id: created.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
  });

  it('never writes part of a refused request', async () => {
    const before = server.snapshot();
    expectError(
      await call(server, 'channel.create', { guild_id: G1, data: { name: 'x', parent_id: '4001' } }),
      400,
    );
    expectError(
      await call(server, 'channel.update', { channel_id: '4002', data: { name: 'renamed', type: 9 } }),
      400,
    );
    expectError(
      await call(server, 'guild.role.create', { guild_id: G1, data: { name: 'r', color: -1 } }),
      400,
    );
    expectError(
      await call(server, 'message.update', { channel_id: HISTORY, message_id: '7000001', content: 'x' }),
      403,
    );
    expect(server.snapshot()).toEqual(before);
  });
});

describe('message.list (§4.1)', () => {
  it('starts from the latest message, before, asc, 50 items, prev = next pointing back', async () => {
    const page = await ok(server, 'message.list', { channel_id: HISTORY });
    expect(page.data).toHaveLength(50);
    const ids = page.data.map((message: any) => Number(message.id));
    expect(ids.at(-1)).toBe(7_000_000 + SEED.historyLength);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(typeof page.next).toBe('string');
    expect(page.prev).toBe(page.next);
    for (const message of page.data)
      expect(message.user).toEqual(expect.objectContaining({ id: expect.any(String) }));
  });

  it('walks back to the oldest message; the marker is absent exactly at the end', async () => {
    const { items, pages } = await allPages(server, 'message.list', { channel_id: HISTORY });
    expect(pages).toBe(4); // 50 + 50 + 50 + 10
    const ids = new Set(items.map((message) => message.id));
    expect(ids.size).toBe(SEED.historyLength);
    expect(ids.has('7000001')).toBe(true);
  });

  it('omits the markers on a full last page, keeps them on a page that is not last', async () => {
    const first = await ok(server, 'message.list', { channel_id: HISTORY, limit: 80 });
    expect(first.data).toHaveLength(80);
    const last = await ok(server, 'message.list', { channel_id: HISTORY, limit: 80, next: first.next });
    expect(last.data).toHaveLength(80);
    expect(last.next).toBeUndefined();
    expect(last.prev).toBeUndefined();
  });

  it('walks forward with after; the marker is absent exactly at the newest end', async () => {
    const latest = await ok(server, 'message.list', { channel_id: HISTORY, limit: 100 }); // 61..160
    const around = await ok(server, 'message.list', {
      channel_id: HISTORY,
      limit: 10,
      next: latest.next,
      direction: 'around',
    }); // 56..65
    const pages: any[] = [];
    let next = around.next;
    while (next !== undefined && pages.length < 10) {
      const page = await ok(server, 'message.list', {
        channel_id: HISTORY,
        limit: 50,
        next,
        direction: 'after',
      });
      pages.push(page);
      next = page.next;
    }
    expect(pages.map((page) => page.data.length)).toEqual([50, 45]);
    expect(pages[0].prev).toBe(pages[0].next);
    expect(pages[1].data.at(-1).id).toBe('7000160');
  });

  it('clamps a limit above the bound to the bound, without an error', async () => {
    const page = await ok(server, 'message.list', { channel_id: HISTORY, limit: 1000 });
    expect(page.data).toHaveLength(100);
    const bounded = await startReference({ limitBound: 30 });
    try {
      expect((await ok(bounded, 'message.list', { channel_id: HISTORY, limit: 31 })).data).toHaveLength(30);
    } finally {
      await bounded.close();
    }
  });

  it('honours a limit below the bound and refuses limits that are not positive integers', async () => {
    expect((await ok(server, 'message.list', { channel_id: HISTORY, limit: 7 })).data).toHaveLength(7);
    for (const limit of [0, -1, 1.5, '10']) {
      expectError(await call(server, 'message.list', { channel_id: HISTORY, limit }), 400);
    }
  });

  it('goes after and around a token; order desc on request; asc whatever the direction', async () => {
    const first = await ok(server, 'message.list', { channel_id: HISTORY, limit: 10 });
    const back = await ok(server, 'message.list', { channel_id: HISTORY, limit: 10, next: first.next });
    const after = await ok(server, 'message.list', {
      channel_id: HISTORY,
      limit: 10,
      next: back.next,
      direction: 'after',
    });
    // after the oldest message of `back` (141): 142..151
    expect(after.data.map((m: any) => m.id)).toEqual(back.data.map((m: any) => String(Number(m.id) + 1)));
    expect(after.next).toBe(after.prev);
    const around = await ok(server, 'message.list', {
      channel_id: HISTORY,
      limit: 10,
      next: first.next,
      direction: 'around',
    });
    expect(around.data).toHaveLength(10);
    expect(around.prev).toBeDefined();
    expect(around.next).toBeDefined();
    expect(around.prev).not.toBe(around.next);
    const desc = await ok(server, 'message.list', { channel_id: HISTORY, limit: 10, order: 'desc' });
    expect(desc.data.map((m: any) => m.id)).toEqual(first.data.map((m: any) => m.id).reverse());
    const explicit = await ok(server, 'message.list', {
      channel_id: HISTORY,
      limit: 10,
      next: first.next,
      direction: 'before',
      order: 'asc',
    });
    expect(explicit.data.map((m: any) => m.id)).toEqual(back.data.map((m: any) => m.id));
  });

  it('refuses other directions without next, unknown values and foreign tokens', async () => {
    expectError(await call(server, 'message.list', { channel_id: HISTORY, direction: 'after' }), 400);
    expectError(await call(server, 'message.list', { channel_id: HISTORY, direction: 'sideways' }), 400);
    expectError(await call(server, 'message.list', { channel_id: HISTORY, order: 'random' }), 400);
    expectError(await call(server, 'message.list', { channel_id: HISTORY, next: 'not-a-token' }), 400);
  });
});

describe('messages (§4.1)', () => {
  it('create returns an array; get carries channel and user; update and delete work', async () => {
    const created = await ok(server, 'message.create', { channel_id: '4002', content: 'hello' });
    expect(Array.isArray(created)).toBe(true);
    const [message] = created;
    expect(message).toMatchObject({
      content: 'hello',
      user: { id: SEED.self },
      channel: { id: '4002', type: 0 },
    });
    const got = await ok(server, 'message.get', { channel_id: '4002', message_id: message.id });
    expect(got).toMatchObject({
      id: message.id,
      channel: { id: '4002' },
      user: { id: SEED.self },
      guild: { id: G1 },
    });
    expect(got.member).toMatchObject({ user: { id: SEED.self }, roles: expect.any(Array) });
    expect(typeof got.created_at).toBe('number');
    await ok(server, 'message.update', { channel_id: '4002', message_id: message.id, content: 'edited' });
    const edited = await ok(server, 'message.get', { channel_id: '4002', message_id: message.id });
    expect(edited.content).toBe('edited');
    expect(typeof edited.updated_at).toBe('number');
    await ok(server, 'message.delete', { channel_id: '4002', message_id: message.id });
    expectError(await call(server, 'message.get', { channel_id: '4002', message_id: message.id }), 404);
  });

  it('lets only the author edit, and the author or an admin delete', async () => {
    const [byPeer] = await ok(
      server,
      'message.create',
      { channel_id: '4002', content: 'peer says' },
      { as: 'peer' },
    );
    expectError(
      await call(server, 'message.update', { channel_id: '4002', message_id: byPeer.id, content: 'x' }),
      403,
    );
    const [bySelf] = await ok(server, 'message.create', { channel_id: '4002', content: 'self says' });
    expectError(
      await call(server, 'message.delete', { channel_id: '4002', message_id: bySelf.id }, { as: 'peer' }),
      403,
    );
    await ok(server, 'message.delete', { channel_id: '4002', message_id: byPeer.id });
    await ok(server, 'message.delete', { channel_id: '4002', message_id: bySelf.id });
  });

  it('loses no write under 200 concurrent message.create', async () => {
    const created: string[] = [];
    try {
      const replies = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call(server, 'message.create', { channel_id: '4002', content: `c${i}` }).then((reply) => {
            if (reply.status === 200) created.push(reply.body[0].id);
            return reply;
          }),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
      const ids = replies.map((reply) => reply.body[0].id);
      expect(new Set(ids).size).toBe(200);
      const found = await Promise.all(
        ids.map((id) => call(server, 'message.get', { channel_id: '4002', message_id: id })),
      );
      expect(found.map((reply) => [reply.status, reply.body.content])).toEqual(
        ids.map((_, i) => [200, `c${i}`]),
      );
    } finally {
      // Undone however it ended: 200 messages left behind would fail every snapshot comparison after it.
      // (The snapshot test at the end checks that they are gone.)
      await Promise.all(
        created.map((id) => call(server, 'message.delete', { channel_id: '4002', message_id: id })),
      );
    }
  });
});

describe('channels (§4.2)', () => {
  it('get, list, create, update, delete a guild channel', async () => {
    expect(await ok(server, 'channel.get', { channel_id: HISTORY })).toMatchObject({ id: HISTORY, type: 0 });
    const list = await ok(server, 'channel.list', { guild_id: G1 });
    expect(list.data.map((channel: any) => channel.type)).toEqual([0, 0, 2, 3]);
    expect(list.next).toBeUndefined();
    const created = await ok(server, 'channel.create', {
      guild_id: G1,
      data: { name: 'made', type: 0, parent_id: '4003' },
    });
    expect(created).toMatchObject({ id: expect.any(String), name: 'made', type: 0, parent_id: '4003' });
    await ok(server, 'channel.update', {
      channel_id: created.id,
      data: { name: 'renamed', parent_id: null },
    });
    const updated = await ok(server, 'channel.get', { channel_id: created.id });
    expect(updated.name).toBe('renamed');
    expect(updated.parent_id).toBeUndefined();
    await ok(server, 'channel.delete', { channel_id: created.id });
    expectError(await call(server, 'channel.get', { channel_id: created.id }), 404);
  });

  it('refuses direct channel types in guilds and management by plain members', async () => {
    expectError(await call(server, 'channel.create', { guild_id: G1, data: { type: 1 } }), 400);
    expectError(await call(server, 'channel.create', { guild_id: G1, data: { type: '0' } }), 400);
    expectError(await call(server, 'channel.create', { guild_id: G1, data: 'general' }), 400);
    expectError(
      await call(server, 'channel.create', { guild_id: G1, data: { name: 'x' } }, { as: 'peer' }),
      403,
    );
  });

  it('user.channel.create gives the same DIRECT channel for the same user', async () => {
    const first = await ok(server, 'user.channel.create', { user_id: SEED.peer });
    const again = await ok(server, 'user.channel.create', { user_id: SEED.peer, guild_id: G1 });
    expect(first).toMatchObject({ id: expect.any(String), type: 1 });
    expect(again.id).toBe(first.id);
    const fromPeer = await ok(server, 'user.channel.create', { user_id: SEED.self }, { as: 'peer' });
    expect(fromPeer.id).toBe(first.id);
    const [message] = await ok(server, 'message.create', { channel_id: first.id, content: 'dm' });
    expect(
      (await ok(server, 'message.get', { channel_id: first.id, message_id: message.id }, { as: 'peer' }))
        .content,
    ).toBe('dm');
    expectError(await call(server, 'channel.get', { channel_id: first.id }, { as: 'third' }), 403);
    await ok(server, 'message.delete', { channel_id: first.id, message_id: message.id });
    expectError(await call(server, 'user.channel.create', { user_id: 'nobody' }), 404);
  });
});

describe('mutes (§4.2, §4.4, §8 rule 4)', () => {
  const send = (as: 'self' | 'peer', channel = '4002') =>
    call(server, 'message.create', { channel_id: channel, content: 'muted?' }, { as });
  const clean = async (reply: { status: number; body: any }, channel = '4002') => {
    if (reply.status === 200)
      await ok(server, 'message.delete', { channel_id: channel, message_id: reply.body[0].id });
  };

  it('a muted member is refused with 403 until duration 0 unmutes', async () => {
    await ok(server, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration: 60_000 });
    expectError(await send('peer'), 403);
    expectError(await send('peer', HISTORY), 403);
    await ok(server, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration: 0 });
    const reply = await send('peer');
    expect(reply.status).toBe(200);
    await clean(reply);
  });

  it('a muted channel refuses everyone but admins until duration 0 unmutes', async () => {
    await ok(server, 'channel.mute', { channel_id: '4002', duration: 60_000 });
    expectError(await send('peer'), 403);
    const admin = await send('self');
    expect(admin.status).toBe(200);
    await clean(admin);
    const other = await send('peer', HISTORY);
    expect(other.status).toBe(200);
    await clean(other, HISTORY);
    await ok(server, 'channel.mute', { channel_id: '4002', duration: 0 });
    const reply = await send('peer');
    expect(reply.status).toBe(200);
    await clean(reply);
  });

  it('a short mute ends by itself after its milliseconds', async () => {
    // Long enough that the first post surely comes before it ends: a mute the server ignored fails here.
    const duration = 2_000;
    const mutedAt = Date.now();
    await ok(server, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration });
    await ok(server, 'channel.mute', { channel_id: HISTORY, duration });
    let last: { status: number; body: any } = await send('peer', HISTORY);
    expectError(last, 403);
    await waitFor(
      async () => {
        last = await send('peer', HISTORY);
        return last.status === 200;
      },
      10_000,
      'the mute to expire',
    );
    expect(Date.now() - mutedAt).toBeGreaterThanOrEqual(duration);
    await clean(last, HISTORY);
  });

  it('refuses negative and non-number durations, and muting by plain members', async () => {
    expectError(await call(server, 'channel.mute', { channel_id: '4002', duration: -1 }), 400);
    expectError(await call(server, 'channel.mute', { channel_id: '4002', duration: '100' }), 400);
    expectError(
      await call(server, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer, duration: -5 }),
      400,
    );
    expectError(await call(server, 'guild.member.mute', { guild_id: G1, user_id: SEED.peer }), 400);
    expectError(
      await call(server, 'channel.mute', { channel_id: '4002', duration: 10 }, { as: 'peer' }),
      403,
    );
  });
});

describe('guilds and members (§4.3, §4.4)', () => {
  it('guild.list lists only the guilds of the caller', async () => {
    expect((await ok(server, 'guild.list')).data.map((guild: any) => guild.id)).toEqual([G1, G2]);
    expect((await ok(server, 'guild.list', {}, { as: 'third' })).data.map((guild: any) => guild.id)).toEqual([
      G2,
    ]);
    expect(await ok(server, 'guild.get', { guild_id: G1 })).toMatchObject({
      id: G1,
      name: 'Reference Guild',
    });
  });

  it('guild.member.list pages through 45 members; get has roles', async () => {
    const { items, pages } = await allPages(server, 'guild.member.list', { guild_id: G1 });
    expect(pages).toBe(3);
    expect(items).toHaveLength(45);
    expect(new Set(items.map((member) => member.user.id)).size).toBe(45);
    const self = await ok(server, 'guild.member.get', { guild_id: G1, user_id: SEED.self });
    expect(self.roles.map((role: any) => role.id)).toContain(SEED.adminRole);
    expect(typeof self.joined_at).toBe('number');
  });

  it('guild.approve true joins the invited guild; the guild-removed trigger undoes it', async () => {
    const { request_id, guild_id } = await trigger(server, { event: 'guild-request' });
    expect(guild_id).toBe(SEED.outsideGuild);
    await ok(server, 'guild.approve', { message_id: request_id, approve: true, comment: 'thanks' });
    expect((await ok(server, 'guild.list')).data.map((guild: any) => guild.id)).toContain(guild_id);
    expectError(await call(server, 'guild.approve', { message_id: request_id, approve: true }), 404);
    await trigger(server, { event: 'guild-removed', guild_id });
    expect(server.snapshot()).toEqual(initial);
  });

  it('guild.approve false drops the invitation without joining', async () => {
    const { request_id, guild_id } = await trigger(server, { event: 'guild-request' });
    await ok(server, 'guild.approve', { message_id: request_id, approve: false });
    expect((await ok(server, 'guild.list')).data.map((guild: any) => guild.id)).not.toContain(guild_id);
    expect(server.snapshot()).toEqual(initial);
  });

  it('guild.member.approve adds the member; kick removes it, permanent stores a ban', async () => {
    const { request_id } = await trigger(server, { event: 'guild-member-request', guild_id: G1 });
    await ok(server, 'guild.member.approve', { message_id: request_id, approve: true });
    expect(await ok(server, 'guild.member.get', { guild_id: G1, user_id: SEED.third })).toMatchObject({
      user: { id: SEED.third },
    });
    await ok(server, 'guild.member.kick', { guild_id: G1, user_id: SEED.third });
    expectError(await call(server, 'guild.member.get', { guild_id: G1, user_id: SEED.third }), 404);
    expect(server.snapshot()).toEqual(initial);

    const again = await trigger(server, { event: 'guild-member-request', guild_id: G1 });
    await ok(server, 'guild.member.approve', { message_id: again.request_id, approve: true });
    await ok(server, 'guild.member.kick', { guild_id: G1, user_id: SEED.third, permanent: true });
    expect((server.snapshot() as any).bans).toEqual([`${G1}/${SEED.third}`]);
    // A banned requester named explicitly is refused; without user_id the next eligible user asks instead.
    expect(
      (
        await control(server, '/trigger', {
          event: 'guild-member-request',
          guild_id: G1,
          user_id: SEED.third,
        })
      ).status,
    ).toBe(409);
    const next = await trigger(server, { event: 'guild-member-request', guild_id: G1 });
    expect(next.user_id).not.toBe(SEED.third);
    await ok(server, 'guild.member.approve', { message_id: next.request_id, approve: false });
    await trigger(server, { event: 'guild-member-added', guild_id: G1, user_id: SEED.third });
    await trigger(server, { event: 'guild-member-removed', guild_id: G1, user_id: SEED.third });
    expect(server.snapshot()).toEqual(initial);
  });

  it('guild.member.approve false leaves the guild unchanged; kick refuses self and non-members', async () => {
    const { request_id } = await trigger(server, { event: 'guild-member-request', guild_id: G1 });
    await ok(server, 'guild.member.approve', { message_id: request_id, approve: false });
    expectError(await call(server, 'guild.member.get', { guild_id: G1, user_id: SEED.third }), 404);
    expectError(await call(server, 'guild.member.approve', { message_id: request_id, approve: true }), 404);
    expectError(await call(server, 'guild.member.kick', { guild_id: G1, user_id: SEED.self }), 400);
    expectError(await call(server, 'guild.member.kick', { guild_id: G1, user_id: SEED.third }), 404);
    expectError(
      await call(server, 'guild.member.kick', { guild_id: G1, user_id: '1100' }, { as: 'peer' }),
      403,
    );
    expect(server.snapshot()).toEqual(initial);
  });

  it('external triggers change the world and are undone exactly', async () => {
    const added = await trigger(server, { event: 'guild-added' });
    expect((await ok(server, 'guild.list')).data.map((guild: any) => guild.id)).toContain(added.guild_id);
    await trigger(server, { event: 'guild-removed', guild_id: added.guild_id });
    const updated = await trigger(server, { event: 'guild-updated', guild_id: G1, name: 'Renamed' });
    expect((await ok(server, 'guild.get', { guild_id: G1 })).name).toBe('Renamed');
    await trigger(server, { event: 'guild-updated', guild_id: G1, ...updated.previous });
    await trigger(server, { event: 'guild-member-removed', guild_id: G1, user_id: SEED.peer });
    expectError(await call(server, 'guild.member.get', { guild_id: G1, user_id: SEED.peer }), 404);
    await trigger(server, { event: 'guild-member-added', guild_id: G1, user_id: SEED.peer });
    const member = await trigger(server, {
      event: 'guild-member-updated',
      guild_id: G1,
      user_id: SEED.peer,
      nick: 'P',
    });
    expect((await ok(server, 'guild.member.get', { guild_id: G1, user_id: SEED.peer })).nick).toBe('P');
    await trigger(server, {
      event: 'guild-member-updated',
      guild_id: G1,
      user_id: SEED.peer,
      ...member.previous,
    });
    await trigger(server, { event: 'guild-removed', guild_id: G2 });
    await trigger(server, { event: 'guild-added', guild_id: G2 });
    expect(server.snapshot()).toEqual(initial);
    expect((await control(server, '/trigger', { event: 'nonsense' })).status).toBe(400);
    expect((await control(server, '/state', undefined, 'GET')).body).toEqual(initial);
  });
});

describe('roles (§4.5)', () => {
  it('create, update, list, set, unset, delete', async () => {
    const role = await ok(server, 'guild.role.create', {
      guild_id: G1,
      data: { name: 'tester', color: 255 },
    });
    expect(role).toMatchObject({ id: expect.any(String), name: 'tester' });
    await ok(server, 'guild.role.update', { guild_id: G1, role_id: role.id, data: { name: 'renamed' } });
    const { items } = await allPages(server, 'guild.role.list', { guild_id: G1 });
    expect(items.find((item) => item.id === role.id)?.name).toBe('renamed');
    await ok(server, 'guild.member.role.set', { guild_id: G1, user_id: SEED.peer, role_id: role.id });
    const withRole = await ok(server, 'guild.member.get', { guild_id: G1, user_id: SEED.peer });
    expect(withRole.roles.map((r: any) => r.id)).toContain(role.id);
    await ok(server, 'guild.member.role.unset', { guild_id: G1, user_id: SEED.peer, role_id: role.id });
    const without = await ok(server, 'guild.member.get', { guild_id: G1, user_id: SEED.peer });
    expect(without.roles.map((r: any) => r.id)).not.toContain(role.id);
    await ok(server, 'guild.role.delete', { guild_id: G1, role_id: role.id });
    const after = await allPages(server, 'guild.role.list', { guild_id: G1 });
    expect(after.items.map((item) => item.id)).not.toContain(role.id);
    expect(server.snapshot()).toEqual(initial);
  });

  it('refuses unknown roles and the payload of the other variant', async () => {
    expectError(
      await call(server, 'guild.member.role.set', { guild_id: G1, user_id: SEED.peer, role_id: '5004' }),
      404,
    );
    expectError(await call(server, 'guild.role.delete', { guild_id: G1, role_id: 'nope' }), 404);
    expectError(await call(server, 'guild.role.create', { guild_id: G1, role: { name: 'x' } }), 400);
  });
});

describe('reactions (§4.6)', () => {
  const target = { channel_id: HISTORY, message_id: '7000100' };

  it('create, list, delete without user_id (own), delete with user_id, clear one emoji and all', async () => {
    await ok(server, 'reaction.create', { ...target, emoji_id: 'star' });
    await ok(server, 'reaction.create', { ...target, emoji_id: 'star' }, { as: 'peer' });
    await ok(server, 'reaction.create', { ...target, emoji_id: 'moon' });
    const users = await ok(server, 'reaction.list', { ...target, emoji_id: 'star' });
    expect(users.data.map((user: any) => user.id)).toEqual([SEED.self, SEED.peer]);
    await ok(server, 'reaction.delete', { ...target, emoji_id: 'star' });
    expect(
      (await ok(server, 'reaction.list', { ...target, emoji_id: 'star' })).data.map((u: any) => u.id),
    ).toEqual([SEED.peer]);
    await ok(server, 'reaction.delete', { ...target, emoji_id: 'star', user_id: SEED.peer });
    expect((await ok(server, 'reaction.list', { ...target, emoji_id: 'star' })).data).toEqual([]);
    await ok(server, 'reaction.create', { ...target, emoji_id: 'star' });
    await ok(server, 'reaction.clear', { ...target, emoji_id: 'star' });
    expect((await ok(server, 'reaction.list', { ...target, emoji_id: 'star' })).data).toEqual([]);
    expect((await ok(server, 'reaction.list', { ...target, emoji_id: 'moon' })).data).toHaveLength(1);
    await ok(server, 'reaction.create', { ...target, emoji_id: 'star' });
    await ok(server, 'reaction.clear', target);
    expect((await ok(server, 'reaction.list', { ...target, emoji_id: 'moon' })).data).toEqual([]);
    expect(server.snapshot()).toEqual(initial);
  });

  it('reaction.list pages through 25 users', async () => {
    const { items, pages } = await allPages(server, 'reaction.list', {
      channel_id: HISTORY,
      message_id: SEED.reactedMessage,
      emoji_id: SEED.reactedEmoji,
    });
    expect(pages).toBe(2);
    expect(items).toHaveLength(25);
    expect(items[0]).toMatchObject({ id: SEED.peer, name: 'peer' });
  });

  it("refuses removing another user's reaction without admin", async () => {
    expectError(
      await call(server, 'reaction.delete', { ...target, emoji_id: 'x', user_id: SEED.self }, { as: 'peer' }),
      403,
    );
    expectError(await call(server, 'reaction.create', { ...target, message_id: 'nope', emoji_id: 'x' }), 404);
  });
});

describe('friends (§4.7)', () => {
  it('friend.list has peer; friend.approve true adds, friend.delete removes', async () => {
    const { items } = await allPages(server, 'friend.list', {});
    expect(items.map((friend) => friend.user.id)).toContain(SEED.peer);
    expect(items.map((friend) => friend.user.id)).not.toContain(SEED.third);
    const { request_id } = await trigger(server, { event: 'friend-request' });
    await ok(server, 'friend.approve', { message_id: request_id, approve: true });
    expect((await allPages(server, 'friend.list', {})).items.map((f) => f.user.id)).toContain(SEED.third);
    expectError(await call(server, 'friend.approve', { message_id: request_id, approve: true }), 404);
    await ok(server, 'friend.delete', { user_id: SEED.third });
    expect((await allPages(server, 'friend.list', {})).items.map((f) => f.user.id)).not.toContain(SEED.third);
    expectError(await call(server, 'friend.delete', { user_id: SEED.third }), 404);
    expect(server.snapshot()).toEqual(initial);
  });

  it('friend.approve false drops the request', async () => {
    const { request_id } = await trigger(server, { event: 'friend-request' });
    await ok(server, 'friend.approve', { message_id: request_id, approve: false });
    expect((await allPages(server, 'friend.list', {})).items.map((f) => f.user.id)).not.toContain(SEED.third);
    expect(server.snapshot()).toEqual(initial);
  });
});

describe('variants (§4.8)', () => {
  it("message-list-id: 'with' anchors on message_id, 'without' ignores it", async () => {
    const anchored = { channel_id: HISTORY, message_id: '7000011', limit: 5 };
    expect((await ok(server, 'message.list', anchored)).data.at(-1).id).toBe('7000160');
    const variant = await startReference({ variants: { 'message-list-id': 'with' } });
    try {
      const page = await ok(variant, 'message.list', anchored);
      expect(page.data.map((m: any) => m.id)).toEqual([
        '7000006',
        '7000007',
        '7000008',
        '7000009',
        '7000010',
      ]);
    } finally {
      await variant.close();
    }
  });

  it("list-next 'required': channel.list and guild.list need next ('' asks for the first page)", async () => {
    const variant = await startReference({ variants: { 'list-next': 'required' } });
    try {
      expectError(await call(variant, 'channel.list', { guild_id: G1 }), 400);
      expectError(await call(variant, 'guild.list', {}), 400);
      expect((await ok(variant, 'channel.list', { guild_id: G1, next: '' })).data).toHaveLength(4);
      expect((await ok(variant, 'guild.list', { next: '' })).data).toHaveLength(2);
    } finally {
      await variant.close();
    }
  });

  it("role-payload 'role' and message-member 'Member'", async () => {
    const variant = await startReference({
      variants: { 'role-payload': 'role', 'message-member': 'Member' },
    });
    try {
      expectError(await call(variant, 'guild.role.create', { guild_id: G1, data: { name: 'x' } }), 400);
      const role = await ok(variant, 'guild.role.create', { guild_id: G1, role: { name: 'x' } });
      await ok(variant, 'guild.role.update', { guild_id: G1, role_id: role.id, role: { name: 'y' } });
      const message = await ok(variant, 'message.get', { channel_id: HISTORY, message_id: '7000001' });
      expect(message.member.joined_at).toEqual(expect.any(Number));
      expect(message.member.user).toBeUndefined();
      expect(message.member.roles).toBeUndefined();
    } finally {
      await variant.close();
    }
  });
});

describe('events wiring', () => {
  it('delivers message-created over {base}/events to the identities in the guild', async () => {
    const socket = new WebSocket(server.eventsUrl);
    const frames: any[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ op: 3, body: { token: server.identities.peer.token } }));
    await waitFor(async () => frames.some((frame) => frame.op === 4), 5000, 'READY');
    const [message] = await ok(server, 'message.create', { channel_id: '4002', content: 'event me' });
    await waitFor(
      async () => frames.some((frame) => frame.op === 0 && frame.body.message?.id === message.id),
      5000,
      'message-created',
    );
    const event = frames.find((frame) => frame.op === 0 && frame.body.message?.id === message.id).body;
    expect(event).toMatchObject({
      type: 'message-created',
      channel: { id: '4002' },
      user: { id: SEED.self },
    });
    socket.close();
    await ok(server, 'message.delete', { channel_id: '4002', message_id: message.id });
  });

  it('registers a webhook through the control endpoint', async () => {
    expect((await control(server, '/webhooks', { url: 'not a url' })).status).toBe(400);
    expect((await control(server, '/webhooks', { url: 'http://127.0.0.1:9/hook' })).status).toBe(200);
    expect((await control(server, '/webhooks', { url: 'http://127.0.0.1:9/hook' }, 'DELETE')).body).toEqual({
      removed: true,
    });
  });
});

describe('latency', () => {
  it('delays interface responses but not the control endpoint', async () => {
    const slow = await startReference({ latencyMs: 30_000 });
    let answered = false;
    const pending = call(slow, 'guild.list').then(
      () => {
        answered = true;
      },
      () => {},
    );
    try {
      expect((await control(slow, '/state', undefined, 'GET')).status).toBe(200);
      expect(answered).toBe(false);
    } finally {
      await slow.close();
      await pending;
    }
  });
});

describe('snapshot', () => {
  it('is back to the seed after every test above undid its changes', () => {
    expect(server.snapshot()).toEqual(initial);
  });
});
