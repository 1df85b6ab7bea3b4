/**
 * Issue 46 item 1 end to end, over loopback against the reference composed as servers of other kinds
 * (ReferenceOptions.featuresIn, undeclared, eventTransports, the archetype http-only): the login's
 * features learned from READY, login.get or meta, whichever the server serves, recorded in report.json
 * (`capabilities`) and said in one banner line; the bot and a peer candidate learned from the logins
 * listed when only --base-url and --token are given; guild.list not offered sends the user to
 * --guild/--channel; and `conformance fuzz` judges no oracle of an operation not offered.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { fuzz } from '../../src/fuzz/index.js';
import { type RunOptions, runWithStats } from '../../src/index.js';
import type { ReferenceOptions, ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import { renderFirstContact } from '../../src/report/identities.js';
import type { RunResult } from '../../src/runner/model.js';

const servers: ReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});
const serve = async (options: ReferenceOptions = {}) => {
  const server = await startReference(options);
  servers.push(server);
  return server;
};

/** A run with its banner (as `conformance run` prints it) and the requests it sent by operation. */
async function runWithBanner(options: RunOptions) {
  let banner = '';
  const { result, stats } = await runWithStats({
    ...options,
    onRunStart: (start) => {
      if (start.firstContact) banner = renderFirstContact(start.firstContact);
    },
  });
  return { result, banner, requests: stats.requestsByOperation };
}

const line = (banner: string, row: string) =>
  banner.split('\n').find((text) => text.trimStart().startsWith(`${row} `)) ?? '';
const failing = (result: RunResult) =>
  result.checks.filter((check) => check.status === 'fail' || check.status === 'error');
const notOffered = (result: RunResult) => result.checks.filter((check) => check.notOffered);

/** The http-only archetype's operations: the ones its login.get declares. */
const HTTP_ONLY = [
  'channel.get',
  'channel.list',
  'channel.update',
  'channel.delete',
  'channel.mute',
  'user.channel.create',
  'guild.get',
  'guild.member.get',
  'guild.member.list',
  'friend.list',
  'friend.approve',
];

describe('features from login.get alone (an HTTP-only server, no event stream)', () => {
  it('checks of the other operations are not offered; report.json and the banner say where the 11 came from', async () => {
    const server = await serve({ archetype: 'http-only' });
    const { result, banner, requests } = await runWithBanner({ reference: server, events: 'none' });
    expect(validate('report', JSON.parse(JSON.stringify(result)))).toEqual([]);
    expect(result.capabilities).toMatchObject({ source: 'login.get', declaredBy: ['login.get'] });
    expect([...(result.capabilities?.features ?? [])].sort()).toEqual([...HTTP_ONLY].sort());
    expect(line(banner, 'features')).toMatch(
      /features +11 operations, from login\.get — \d+ checks not offered/,
    );
    // Not offered: exactly the checks with an operation under test outside the eleven.
    const outside = (operations: readonly string[]) => operations.some((op) => !HTTP_ONLY.includes(op));
    for (const check of notOffered(result)) expect(outside(check.operations), check.id).toBe(true);
    expect(notOffered(result).length).toBeGreaterThan(20);
    expect(notOffered(result).some((check) => check.id.startsWith('message.'))).toBe(true);
    // None of them failed: a check of an operation not offered is not counted, not blamed.
    for (const check of failing(result)) expect(outside(check.operations), check.id).toBe(false);
    // Asked once each: meta (a route miss here), then login.get as the bot, shared with the peer proof.
    expect(requests.meta).toBe(1);
    expect(requests['login.get']).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe('features from each source', () => {
  const others = (kept: string[]) =>
    ['friend.delete', 'guild.role.delete', 'reaction.clear'].filter((op) => !kept.includes(op));

  it('meta only (READY and login.get carry none): from meta', async () => {
    const server = await serve({ featuresIn: ['meta'], undeclared: others([]) });
    const { result, banner } = await runWithBanner({ reference: server, suites: ['friends'] });
    expect(result.capabilities).toMatchObject({ source: 'meta', declaredBy: ['meta'] });
    expect(result.capabilities?.features).not.toContain('friend.delete');
    expect(line(banner, 'features')).toMatch(/30 operations, from meta — [1-9]\d* checks? not offered/);
    expect(notOffered(result).length).toBeGreaterThan(0);
    for (const check of notOffered(result)) expect(check.operations).toContain('friend.delete');
  }, 60_000);

  it('READY only: from READY, and meta is not asked (READY named the bot’s features, the peer was given)', async () => {
    const server = await serve({ featuresIn: ['ready'], undeclared: others([]) });
    const { result, banner, requests } = await runWithBanner({ reference: server, suites: ['friends'] });
    expect(result.capabilities).toMatchObject({ source: 'ready', declaredBy: ['ready'] });
    expect(line(banner, 'features')).toMatch(/30 operations, from READY/);
    expect(requests.meta).toBeUndefined();
    // The one login.get is the peer proof's (as the peer): the bot's is not asked where READY said it.
    expect(requests['login.get']).toBe(1);
    expect(notOffered(result).length).toBeGreaterThan(0);
  }, 60_000);

  it('several (READY declares; meta asked for a peer candidate): READY wins, both are recorded', async () => {
    const server = await serve({ undeclared: others([]) });
    const { result, banner, requests } = await runWithBanner({
      baseUrl: server.baseUrl,
      token: server.identities.self.token,
      suites: ['friends'],
    });
    expect(result.capabilities).toMatchObject({ source: 'ready', declaredBy: ['ready', 'meta'] });
    expect(line(banner, 'features')).toMatch(/30 operations, from READY \(also declared by meta\)/);
    // login.get as the bot is not asked where READY and meta said it all.
    expect(requests.meta).toBe(1);
    expect(requests['login.get']).toBe(1);
  }, 60_000);

  it('none: no source declares any, every operation is offered, and the banner says so', async () => {
    const server = await serve({ featuresIn: [], undeclared: others([]) });
    const { result, banner } = await runWithBanner({ reference: server, suites: ['friends'] });
    expect(result.capabilities).toMatchObject({ source: 'none' });
    expect(result.capabilities?.features).toBeUndefined();
    expect(notOffered(result)).toEqual([]);
    expect(line(banner, 'features')).toMatch(
      /none declared \(READY, meta and login\.get said nothing\): every operation taken as offered — 0 checks not offered/,
    );
  }, 60_000);
});

describe('identity learned from the logins listed (only --base-url and --token)', () => {
  it('takes the first login as the bot and another as the peer, proves it, and conforms', async () => {
    const server = await serve();
    const { self, peer } = server.identities;
    const { result, banner } = await runWithBanner({
      baseUrl: server.baseUrl,
      token: self.token,
      events: 'none',
    });
    expect(result.capabilities?.identity).toEqual({
      platform: self.platform,
      selfId: self.userId,
      source: 'meta',
      peerSource: 'meta',
    });
    expect(result.identities?.peer.state).toBe('distinct');
    expect(failing(result).map((check) => `${check.id}: ${check.reason}`)).toEqual([]);
    expect(result.verdict).toBe('pass');
    expect(line(banner, 'bot')).toContain(
      `acts as user ${self.userId} (platform ${self.platform}, from meta, the first of 3 logins; --platform/--self-id choose another)`,
    );
    expect(line(banner, 'peer')).toContain(`user ${peer.userId}`);
    expect(line(banner, 'peer')).toMatch(
      /another login listed by meta; --peer-self-id\/--peer-token choose another/,
    );
  }, 90_000);

  it('READY lists every login and the server reads the identity headers on every route: the bot and peer from READY', async () => {
    // The family's plugin server: one app token hosts every login; a request names its login by header.
    const server = await serve({ tolerances: ['events-once-per-login', 'legacy-identity-headers'] });
    const { self, peer } = server.identities;
    const { result, banner } = await runWithBanner({ baseUrl: server.baseUrl, token: self.token });
    expect(result.capabilities?.identity).toEqual({
      platform: self.platform,
      selfId: self.userId,
      source: 'ready',
      peerSource: 'ready',
    });
    expect(result.sandbox?.peerId).toBe(peer.userId);
    expect(result.identities?.peer.state).toBe('distinct');
    expect(failing(result).map((check) => `${check.id}: ${check.reason}`)).toEqual([]);
    expect(line(banner, 'bot')).toContain(
      'from READY, the first of 3 logins; --platform/--self-id choose another',
    );
  }, 90_000);

  it('the flags given win over what the server lists', async () => {
    const server = await serve();
    const { self, third } = server.identities;
    const { result, banner } = await runWithBanner({
      baseUrl: server.baseUrl,
      token: self.token,
      selfId: self.userId,
      peerSelfId: third.userId,
      events: 'none',
      suites: ['friends'],
    });
    expect(result.capabilities?.identity).toEqual({
      platform: self.platform,
      selfId: self.userId,
      source: 'flags',
      peerSource: 'flags',
    });
    expect(result.sandbox?.peerId).toBe(third.userId);
    expect(line(banner, 'bot')).toContain('from the flags');
    expect(line(banner, 'peer')).not.toMatch(/another login listed/);
  }, 60_000);
});

describe('guild.list not offered: first contact says to name the sandbox', () => {
  const fails = async (options: ReferenceOptions) => {
    const server = await serve(options);
    const attempt = runWithBanner({
      baseUrl: server.baseUrl,
      token: server.identities.self.token,
      events: 'none',
    });
    return attempt.then(
      () => 'no error',
      (error: Error) => error.message,
    );
  };

  it('features omit it: no guild.list is asked, the message says --guild and --channel', async () => {
    expect(await fails({ undeclared: ['guild.list'] })).toMatch(
      /does not offer guild\.list \(its features, from meta, omit it\)\. Pass --guild and --channel/,
    );
  });

  it('it answers 501 or 500 (not served): the message says --guild and --channel too', async () => {
    for (const style of ['501', '500'] as const)
      expect(await fails({ unserved: { 'guild.list': style } }), style).toMatch(
        /or pass --guild and --channel/,
      );
  });
});

describe('conformance fuzz reads the same capabilities', () => {
  it('an operation not offered yields no failing property: its oracles are not offered', async () => {
    const server = await serve({ archetype: 'http-only' });
    const result = await fuzz({ reference: server, seed: 11, runs: 3, timeoutMs: 30_000 });
    expect(result.capabilities?.source).toBe('login.get');
    // The setup asks nothing the login does not offer (no scratch channel, no anchor message).
    expect((result.notes ?? []).join('\n')).toMatch(/the login does not offer channel\.create/);
    const ofOperation = (id: string) => /^fuzz\.([^/]+)\//.exec(id)?.[1] ?? '';
    for (const check of failing(result))
      expect(HTTP_ONLY.includes(ofOperation(check.id)), `${check.id}: ${check.reason}`).toBe(true);
    const skipped = notOffered(result).map((check) => check.id);
    for (const id of [
      'fuzz.message.create/accepts-plain-content',
      'fuzz.message.list/accepts-valid-parameters',
      'fuzz.message.create/succeeds-in-sequence',
    ])
      expect(skipped).toContain(id);
    expect(
      result.fuzz?.properties.some(
        (property) => property.operation === 'message.create' && property.runs > 0,
      ),
    ).toBe(false);
  }, 90_000);
});
