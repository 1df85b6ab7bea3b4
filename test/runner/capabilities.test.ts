/**
 * Issue 46 item 1, the pure part (src/runner/capabilities.ts): which Login is the bot's, which `features`
 * declare something, which source wins and who records it, and who the run acts as when the flags do not
 * say. No server needed; test/runner/capabilities-run.test.ts runs them over loopback.
 */
import { describe, expect, it } from 'vitest';
import {
  botLoginIn,
  chooseIdentity,
  declared,
  describeFeatures,
  describeIdentity,
  type LoginSeen,
  loginSeen,
  loginsIn,
  settleFeatures,
} from '../../src/runner/capabilities.js';

const ELEVEN = [
  'message.create',
  'message.get',
  'message.delete',
  'message.update',
  'channel.get',
  'channel.list',
  'channel.update',
  'channel.delete',
  'guild.get',
  'friend.list',
  'guild.member.get',
];
const login = (userId: string, features?: unknown, platform = 'p'): LoginSeen => ({
  platform,
  userId,
  ...(features === undefined ? {} : { features }),
});

describe('a Login as a source shows it', () => {
  it('reads user.id, else the older self_id or user_id, and the platform', () => {
    expect(loginSeen({ user: { id: '1' }, platform: 'p', features: [] })).toEqual({
      userId: '1',
      platform: 'p',
      features: [],
    });
    expect(loginSeen({ self_id: '2' })).toEqual({ userId: '2' });
    expect(loginSeen({ user_id: '3', user: { id: '' } })).toEqual({ userId: '3' });
    expect(loginSeen('login')).toBeUndefined();
    expect(loginSeen([{ user: { id: '1' } }])).toBeUndefined();
  });

  it('lists the logins of a READY or meta body, none of anything else', () => {
    expect(
      loginsIn({ logins: [{ user: { id: '1' } }, null, { self_id: '2' }] }).map((l) => l.userId),
    ).toEqual(['1', '2']);
    expect(loginsIn({ logins: {} })).toEqual([]);
    expect(loginsIn(undefined)).toEqual([]);
    expect(loginsIn('{}')).toEqual([]);
  });
});

describe('what a features list declares', () => {
  it('a list naming an operation declares it, flags kept', () => {
    expect(declared(['message.create', 'message.list.from'])).toEqual([
      'message.create',
      'message.list.from',
    ]);
  });
  it('a list of capability flags only, an empty list, or no list declares nothing', () => {
    expect(declared(['message.list.from'])).toBeUndefined();
    expect(declared([])).toBeUndefined();
    expect(declared('message.create')).toBeUndefined();
    expect(declared(['message.create', 7])).toBeUndefined();
    expect(declared(undefined)).toBeUndefined();
  });
});

describe('the bot’s login', () => {
  it('is the one of its user id; a single login stands for the bot; of several, none without the id', () => {
    const logins = [login('1'), login('2')];
    expect(botLoginIn(logins, '2')?.userId).toBe('2');
    expect(botLoginIn(logins, undefined)).toBeUndefined();
    expect(botLoginIn([login('9')], '1')?.userId).toBe('9');
    expect(botLoginIn(logins, '3')).toBeUndefined();
  });
});

describe('which source declares the features', () => {
  it('login.get alone (an HTTP-only server): its features, from login.get', () => {
    const settled = settleFeatures({ loginGet: login('1', ELEVEN) }, '1');
    expect(settled).toEqual({ features: ELEVEN, source: 'login.get', declaredBy: ['login.get'] });
    expect(describeFeatures(settled, ['meta', 'login.get'])).toBe('11 operations, from login.get');
  });

  it('meta alone, READY alone: the bot’s login of the list', () => {
    const logins = [login('1', ['message.create']), login('2', ELEVEN)];
    expect(settleFeatures({ meta: logins }, '2')).toEqual({
      features: ELEVEN,
      source: 'meta',
      declaredBy: ['meta'],
    });
    expect(settleFeatures({ ready: logins }, '1')).toEqual({
      features: ['message.create'],
      source: 'ready',
      declaredBy: ['ready'],
    });
  });

  it('several: READY wins, then meta, then login.get; each that declared is recorded, a difference said', () => {
    const settled = settleFeatures(
      { ready: [login('1', ELEVEN)], meta: [login('1', ['message.create'])], loginGet: login('1', ELEVEN) },
      '1',
    );
    expect(settled.source).toBe('ready');
    expect(settled.declaredBy).toEqual(['ready', 'meta', 'login.get']);
    expect(settled.disagree).toMatch(
      /READY 11 operations, meta 1 operation, login\.get 11 operations; READY's are taken/,
    );
    const same = settleFeatures({ meta: [login('1', ELEVEN)], loginGet: login('1', ELEVEN) }, '1');
    expect(same).toEqual({ features: ELEVEN, source: 'meta', declaredBy: ['meta', 'login.get'] });
    expect(describeFeatures(same, ['ready', 'meta', 'login.get'])).toBe(
      '11 operations, from meta (also declared by login.get)',
    );
  });

  it('none: no source declares (flags only, another login’s list): every operation offered, the banner says so', () => {
    const settled = settleFeatures(
      { ready: [login('1', ['message.list.from']), login('2', ELEVEN)], loginGet: login('1') },
      '1',
    );
    expect(settled).toEqual({ source: 'none' });
    expect(describeFeatures(settled, ['ready', 'meta', 'login.get'])).toBe(
      'none declared (READY, meta and login.get said nothing): every operation taken as offered',
    );
  });

  it('login.get naming another user than the bot (a server ignoring the headers) is not the bot’s', () => {
    expect(settleFeatures({ loginGet: login('2', ELEVEN) }, '1')).toEqual({ source: 'none' });
    expect(settleFeatures({ loginGet: { features: ELEVEN } }, '1').source).toBe('login.get');
  });
});

describe('who the run acts as', () => {
  const none = { source: 'none' as const, peerGiven: false };

  it('one login: the bot, no peer candidate', () => {
    expect(chooseIdentity(none, { ready: [login('1')] })).toEqual({
      selfId: '1',
      platform: 'p',
      source: 'ready',
      among: 1,
    });
  });

  it('several: the first is the bot, another of the same platform the peer candidate', () => {
    const choice = chooseIdentity(none, { meta: [login('1'), login('9', undefined, 'q'), login('2')] });
    expect(choice).toEqual({
      selfId: '1',
      platform: 'p',
      source: 'meta',
      among: 3,
      peerSelfId: '2',
      peerSource: 'meta',
    });
    expect(describeIdentity(choice)).toBe(
      'platform p, from meta, the first of 3 logins; --platform/--self-id choose another',
    );
  });

  it('READY before meta; --platform picks the first login of that platform', () => {
    const answers = { ready: [login('1'), login('5', undefined, 'q')], meta: [login('7')] };
    expect(chooseIdentity(none, answers).selfId).toBe('1');
    expect(chooseIdentity({ ...none, platform: 'q' }, answers)).toMatchObject({
      selfId: '5',
      platform: 'q',
      source: 'ready',
    });
  });

  it('flags win: the user id given keeps its source, its platform read from its login', () => {
    const choice = chooseIdentity(
      { selfId: '2', source: 'flags', peerGiven: false },
      { ready: [login('1'), login('2', undefined, 'q')] },
    );
    expect(choice).toEqual({ selfId: '2', platform: 'q', source: 'flags' });
    // Named the bot, not the peer: no candidate is chosen for the user.
    expect(
      chooseIdentity({ selfId: '1', source: 'flags', peerGiven: false }, { ready: [login('1'), login('2')] }),
    ).toEqual({ selfId: '1', platform: 'p', source: 'flags' });
  });

  it('a peer given: no candidate chosen', () => {
    const choice = chooseIdentity(
      { source: 'none', peerGiven: true, peerSource: 'flags' },
      { ready: [login('1'), login('2')] },
    );
    expect(choice.peerSelfId).toBeUndefined();
    expect(choice.peerSource).toBe('flags');
  });

  it('login.get alone names the bot; nothing named: source none, the advice says the flags', () => {
    expect(chooseIdentity(none, { loginGet: login('4') })).toMatchObject({
      selfId: '4',
      source: 'login.get',
    });
    const nobody = chooseIdentity(none, { ready: [{ platform: 'p' }] });
    expect(nobody).toEqual({ source: 'none' });
    expect(describeIdentity(nobody)).toMatch(/pass --platform and --self-id/);
  });
});
