import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { type EventSource, openEventSource, openWebSocketSource } from '../../src/events/index.js';
import type { ObservedEvent } from '../../src/runner/check.js';
import { freePort } from '../support/net.js';
import { APP_TOKEN, type HubHarness, PEER, RESOURCES, SELF, startHub } from './harness.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hub(options: Parameters<typeof startHub>[0] = {}): Promise<HubHarness> {
  const harness = await startHub(options);
  cleanups.push(() => harness.close());
  return harness;
}

async function open(url: string, options: { token?: string; selfId?: string; pingIntervalMs?: number } = {}) {
  const source = await openEventSource({ kind: 'ws', url, connectTimeoutMs: 2000, ...options });
  cleanups.push(() => source.close());
  return source;
}

/** Resolves with the next event the source delivers that matches, or rejects after timeoutMs. */
function nextEvent(source: EventSource, predicate: (event: ObservedEvent) => boolean, timeoutMs = 2000) {
  return new Promise<ObservedEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no matching event within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = source.subscribe((event) => {
      if (!predicate(event)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
  });
}

describe('WebSocket event source', () => {
  it('identifies, keeps READY and collects events in order', async () => {
    const harness = await hub();
    const source = await open(harness.eventsUrl, { token: SELF.token });
    expect(source.kind).toBe('ws');
    expect(source.ready?.body.logins.map((login: any) => login.user.id)).toEqual([SELF.id]);
    const arrived = nextEvent(source, (event) => event.type === 'guild-removed');
    harness.hub.emit('guild-added', { guild: RESOURCES.guild });
    harness.hub.emit('guild-removed', { guild: RESOURCES.guild });
    const last = await arrived;
    expect(source.events().map((event) => [event.sn, event.type])).toEqual([
      [1, 'guild-added'],
      [3, 'guild-removed'],
    ]);
    expect(last.body.guild).toEqual(RESOURCES.guild);
    expect(source.notes()).toEqual([]);
  });

  it('keeps only the events of selfId when one token hosts several logins', async () => {
    const harness = await hub();
    const source = await open(harness.eventsUrl, { token: APP_TOKEN, selfId: PEER.id });
    const arrived = nextEvent(source, (event) => event.type === 'guild-removed');
    harness.hub.emit('guild-added', { guild: RESOURCES.guild });
    harness.hub.emit('guild-removed', { guild: RESOURCES.guild });
    await arrived;
    expect(source.events().map((event) => event.body.login.user.id)).toEqual([PEER.id, PEER.id]);
  });

  it('normalises the older envelope (id → sn, self_id) and says so in the notes', async () => {
    const harness = await hub({ faults: ['event-envelope-legacy'] });
    const source = await open(harness.eventsUrl, { token: APP_TOKEN, selfId: SELF.id });
    const arrived = nextEvent(source, () => true);
    harness.hub.emit('guild-added', { guild: RESOURCES.guild }, { selfIds: [PEER.id] });
    harness.hub.emit('guild-updated', { guild: RESOURCES.guild });
    const event = await arrived;
    expect([event.sn, event.type, event.body.self_id]).toEqual([2, 'guild-updated', SELF.id]);
    expect(source.notes()).toEqual([
      'Older event envelope: id instead of sn (read as sn).',
      'Older event envelope: self_id and platform instead of login.',
    ]);
  });

  it('resumes from sn when asked', async () => {
    const harness = await hub();
    for (let i = 0; i < 3; i++)
      harness.hub.emit('guild-updated', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
    const resumed = await openWebSocketSource({
      kind: 'ws',
      url: harness.eventsUrl,
      token: SELF.token,
      connectTimeoutMs: 2000,
      sn: 1,
    });
    cleanups.push(() => resumed.close());
    const live = nextEvent(resumed, (event) => event.type === 'guild-removed');
    harness.hub.emit('guild-removed', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
    await live;
    expect(resumed.events().map((event) => event.sn)).toEqual([2, 3, 4]);
  });

  it('pings periodically and notes a server that never answers PONG', async () => {
    // 200 ms: a loopback PONG is far quicker even on a busy machine (the default period is 10 s).
    const clean = await open((await hub()).eventsUrl, { token: SELF.token, pingIntervalMs: 200 });
    const faulty = await open((await hub({ faults: ['ws-no-pong'] })).eventsUrl, {
      token: SELF.token,
      pingIntervalMs: 200,
    });
    await vi.waitFor(
      () => expect(faulty.notes()).toContain('A PING was not answered with PONG before the next PING.'),
      { timeout: 5_000 },
    );
    expect(clean.notes()).toEqual([]);
  });

  it('notes a READY without logins and a server closing the socket', async () => {
    const harness = await hub({ faults: ['ws-ready-no-logins'] });
    const source = await open(harness.eventsUrl, { token: SELF.token });
    expect(source.notes()).toEqual(['READY carried no logins array.']);
    await harness.hub.close();
    await vi.waitFor(() => expect(source.notes()).toHaveLength(2));
    expect(source.notes()[1]).toMatch(/closed the event WebSocket/);
  });

  it('rejects with what to check: bad token, nothing listening', async () => {
    const harness = await hub();
    await expect(open(harness.eventsUrl, { token: 'wrong' })).rejects.toThrow(/4004.*check the token/);

    // Nothing listens there (and the OS hands it to no listen(0) meanwhile: test/support/net.ts).
    const nowhere = `ws://127.0.0.1:${await freePort()}/v1/events`;
    await expect(open(nowhere)).rejects.toThrow(`Could not open the event WebSocket at ${nowhere}`);
  });

  it('reads on when IDENTIFY is never answered: READY is missing, a finding says what to check', async () => {
    const mute = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => new Promise((resolve) => mute.close(resolve)));
    cleanups.push(() => {
      for (const client of mute.clients) client.terminate();
    });
    await new Promise((resolve) => mute.once('listening', resolve));
    const muteUrl = `ws://127.0.0.1:${(mute.address() as AddressInfo).port}/events`;
    const source = await openEventSource({ kind: 'ws', url: muteUrl, connectTimeoutMs: 300 });
    cleanups.push(() => source.close());
    expect(source.ready).toBeUndefined();
    expect(source.findings?.()).toContainEqual(
      expect.objectContaining({
        id: 'events/no-ready',
        level: 'should',
        detail: expect.stringContaining(`No READY from the event WebSocket at ${muteUrl}`),
      }),
    );
    expect(source.eventCount()).toBe(0);
  });

  it('a stream that never sends READY still delivers its events (fault ws-no-ready)', async () => {
    const harness = await hub({ faults: ['ws-no-ready'] });
    const source = await openEventSource({
      kind: 'ws',
      url: harness.eventsUrl,
      token: SELF.token,
      selfId: SELF.id,
      connectTimeoutMs: 300,
    });
    cleanups.push(() => source.close());
    expect(source.ready).toBeUndefined();
    expect(source.findings?.().map((finding) => finding.id)).toEqual(['events/no-ready']);
    const arrived = nextEvent(source, (event) => event.type === 'guild-added');
    harness.hub.emit('guild-added', { guild: RESOURCES.guild });
    expect((await arrived).body.guild).toMatchObject({ id: RESOURCES.guild.id });
  });

  it('READY sent unasked as op 0 stands in for READY, is a finding, and is no event (fault ws-ready-unasked-op0)', async () => {
    const harness = await hub({ faults: ['ws-ready-unasked-op0'] });
    const source = await openEventSource({
      kind: 'ws',
      url: harness.eventsUrl,
      token: SELF.token,
      connectTimeoutMs: 300,
    });
    cleanups.push(() => source.close());
    expect(source.ready?.body.logins).toHaveLength(2); // both logins: sent before any token was read
    const [finding] = source.findings?.() ?? [];
    expect(finding).toMatchObject({ id: 'events/ready-as-event', level: 'should' });
    expect(finding.detail).toMatch(/READY came as op 0 (before|after) IDENTIFY/);
    expect(source.eventCount()).toBe(0);
    // An op-0 frame with an event body is an event, on the same socket.
    const arrived = nextEvent(source, (event) => event.type === 'guild-added');
    harness.hub.emit('guild-added', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
    await arrived;
    expect(source.events().map((event) => event.type)).toEqual(['guild-added']);
  });
});
