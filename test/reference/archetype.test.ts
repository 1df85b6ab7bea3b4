/**
 * Archetypes of the reference (src/reference/archetype.ts): composed from a seed, one line each, and each
 * the server its ground truth says — what it serves and declares, how its events go, whom it takes — over
 * real HTTP and WebSockets; the preset http-only; `conformance serve --archetype-seed N`.
 */
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandIo } from '../../bin/commands/io.js';
import { registerServe } from '../../bin/commands/serve.js';
import { operations as operationCatalogue } from '../../spec/catalogue.js';
import { openEventSource } from '../../src/events/index.js';
import { drawArchetype, truthOf } from '../../src/reference/archetype.js';
import type { ReferenceOptions, ReferenceServer } from '../../src/reference/contract.js';
import { SEED, startReference } from '../../src/reference/index.js';
import { call, ok } from './helpers.js';

const closing: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((server) => server.close()));
});
async function reference(options: ReferenceOptions): Promise<ReferenceServer> {
  const server = await startReference(options);
  closing.push(server);
  return server;
}

const OPERATIONS = operationCatalogue.map((operation) => operation.path);

/** A complete valid request of each read the test probes, on the seeded world (no list: `next` is a variant). */
const READS: Record<string, Record<string, unknown>> = {
  'guild.get': { guild_id: SEED.guild1 },
  'channel.get': { channel_id: SEED.historyChannel },
  'guild.member.get': { guild_id: SEED.guild1, user_id: SEED.self },
};
/** Both pairs of identity headers, as the checker sends them (an archetype may read the older pair only). */
const AS_BOT = {
  headers: {
    'satori-platform': 'reference',
    'satori-user-id': SEED.self,
    'x-platform': 'reference',
    'x-self-id': SEED.self,
  },
};

describe('archetypes drawn from a seed', () => {
  it('draws the same server from the same seed, and different servers from different seeds', () => {
    const lines = Array.from({ length: 40 }, (_, seed) => truthOf(drawArchetype(seed)).describe());
    expect(truthOf(drawArchetype(7)).describe()).toBe(lines[7]);
    expect(new Set(lines).size).toBe(40);
    for (const line of lines) expect(line).not.toContain('\n');
    // The space is covered: every kind of each choice shows up in 40 seeds.
    const drawn = Array.from({ length: 40 }, (_, seed) => drawArchetype(seed));
    expect(new Set(drawn.map((choices) => choices.identity))).toEqual(
      new Set(['two-logins', 'ignores-identity', 'refuses-others', 'peer-user-only']),
    );
    expect(new Set(drawn.map((choices) => choices.eventTransports.join('+')))).toEqual(
      new Set(['ws+webhook', 'ws', 'webhook', '']),
    );
    expect(drawn.some((choices) => choices.featuresIn.length === 0)).toBe(true);
    expect(drawn.some((choices) => Object.keys(choices.eventAliases).length > 0)).toBe(true);
    expect(() => drawArchetype(-1)).toThrow(/whole number/);
  });

  it.each([3, 11, 26, 58])(
    'archetype %i serves, declares and refuses as its ground truth says',
    async (seed) => {
      const server = await reference({ archetypeSeed: seed });
      const truth = server.archetype!;
      expect(truth.describe()).toMatch(new RegExp(`^archetype ${seed}: serves \\d+/33`));
      for (const [operation, fields] of Object.entries(READS)) {
        const reply = await call(server, operation, fields, AS_BOT);
        if (truth.serves(operation)) expect(reply.status, `${operation}: ${reply.text}`).toBe(200);
        else expect(reply.status, operation).toBeGreaterThanOrEqual(400);
      }
      const login = await call(server, 'login.get', {}, AS_BOT);
      if (truth.featuresIn.includes('login.get'))
        expect(new Set(login.body.features)).toEqual(
          new Set(OPERATIONS.filter((operation) => truth.declares(operation))),
        );
      else if (login.status === 200) expect(login.body.features).toBeUndefined();
    },
  );

  it('refuses an unknown preset and reports the archetype in the server it started', async () => {
    await expect(startReference({ archetype: 'no-such' })).rejects.toThrow(/http-only/);
    const server = await reference({ archetypeSeed: 5, faults: ['unknown-id-500'] });
    expect(server.faults).toContain('unknown-id-500');
    expect(server.archetype?.describe()).toMatch(/^archetype 5:/);
  });
});

describe('the knobs archetypes are made of', () => {
  it('sends events under a legacy alias', async () => {
    const server = await reference({ eventAliases: { 'message-created': 'message-created-legacy' } });
    const source = await openEventSource({
      kind: 'ws',
      url: server.eventsUrl,
      token: server.identities.self.token,
      selfId: server.identities.self.userId,
      connectTimeoutMs: 3000,
    });
    try {
      const arrived = new Promise<string>((resolve) => source.subscribe((event) => resolve(event.type)));
      await ok(server, 'message.create', { channel_id: SEED.historyChannel, content: 'alias' });
      expect(await arrived).toBe('message-created-legacy');
    } finally {
      await source.close();
    }
  });

  it('has no event stream and no webhook registration where it has no transport', async () => {
    const server = await reference({ eventTransports: [] });
    await expect(
      openEventSource({
        kind: 'ws',
        url: server.eventsUrl,
        token: server.identities.self.token,
        connectTimeoutMs: 3000,
      }),
    ).rejects.toThrow();
    expect((await call(server, 'meta/webhook.create', { url: 'http://127.0.0.1:9/x' })).status).toBe(404);
  });

  it('sends absent optional fields and the User fields as null, or the User as its id alone', async () => {
    const nulls = await reference({ optionalFieldsNull: true, userFields: 'null' });
    // Channel 4003 is a category: it has no parent.
    expect((await ok(nulls, 'channel.get', { channel_id: '4003' })).parent_id).toBeNull();
    const [message] = await ok(nulls, 'message.create', { channel_id: SEED.historyChannel, content: 'n' });
    expect(message.user).toMatchObject({ id: SEED.self, nick: null, avatar: null });
    expect(message.updated_at).toBeNull();
    const bare = await reference({ userFields: 'id-only' });
    const [other] = await ok(bare, 'message.create', { channel_id: SEED.historyChannel, content: 'b' });
    expect(other.user).toEqual({ id: SEED.self });
  });

  it('hosts a peer that is a user but no login, and refuses other identities with the status chosen', async () => {
    const userOnly = await reference({ peer: 'user-only' });
    expect((await call(userOnly, 'login.get', {}, { as: 'peer' })).status).toBe(401);
    expect(
      (
        await call(
          userOnly,
          'login.get',
          {},
          { headers: { 'satori-user-id': userOnly.identities.peer.userId } },
        )
      ).status,
    ).toBe(403);
    expect((await ok(userOnly, 'meta')).logins.map((login: any) => login.user.id)).toEqual([
      SEED.self,
      SEED.third,
    ]);
    expect(
      (await ok(userOnly, 'guild.member.get', { guild_id: SEED.guild1, user_id: SEED.peer })).user.id,
    ).toBe(SEED.peer);
    const refusing = await reference({ tolerances: ['one-login-refuses-others'], refuseOthersWith: 404 });
    expect((await call(refusing, 'login.get', {}, { as: 'peer' })).status).toBe(404);
    expect((await call(refusing, 'login.get')).status).toBe(200);
  });
});

describe('the preset http-only', () => {
  it('serves 11 operations, declared in login.get alone; no events; the peer refused with 400; 500 for unknown ids', async () => {
    const server = await reference({ archetype: 'http-only' });
    const truth = server.archetype!;
    const served = OPERATIONS.filter((operation) => truth.serves(operation));
    expect(served).toHaveLength(11);
    expect(new Set((await ok(server, 'login.get')).features)).toEqual(new Set(served));
    expect((await call(server, 'meta')).status).toBe(404);
    expect(
      (await call(server, 'message.create', { channel_id: SEED.historyChannel, content: 'x' })).status,
    ).toBe(404);
    expect((await call(server, 'login.get', {}, { as: 'peer' })).status).toBe(400);
    expect((await call(server, 'channel.get', { channel_id: 'no-such-channel' })).status).toBe(500);
    expect(truth.eventTransports).toEqual([]);
    await expect(
      openEventSource({
        kind: 'ws',
        url: server.eventsUrl,
        token: server.identities.self.token,
        connectTimeoutMs: 3000,
      }),
    ).rejects.toThrow();
  });
});

describe('conformance serve --archetype-seed', () => {
  it('prints the archetype in one line beside the URLs and serves it', async () => {
    const printed: string[] = [];
    let listening: () => void = () => {};
    const banner = new Promise<void>((resolve) => {
      listening = resolve;
    });
    const io: CommandIo = {
      stdout: (text) => {
        printed.push(text);
        if (printed.join('').includes('Press Ctrl-C')) listening();
      },
      stderr: () => {},
      exit: () => {},
    };
    const controller = new AbortController();
    const program = new Command('conformance').exitOverride();
    registerServe(program, io, { signal: controller.signal });
    const running = program.parseAsync(['serve', '--port', '0', '--archetype-seed', '9'], { from: 'user' });
    await banner;
    const text = printed.join('');
    expect(text).toContain(`  archetype  ${truthOf(drawArchetype(9)).describe()}\n`);
    controller.abort();
    await running;
  });
});
