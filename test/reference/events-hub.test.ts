import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  APP_TOKEN,
  closedAfterEachTest,
  login,
  PEER,
  RawClient,
  RESOURCES,
  SELF,
  startReceiver,
} from '../events/harness.js';

const { hub, closeAfterEach } = closedAfterEachTest();

async function identified(url: string, body: Record<string, unknown>) {
  const result = await RawClient.identified(url, body);
  closeAfterEach(() => result.client.close());
  return result;
}

async function connected(url: string) {
  const client = await RawClient.connect(url);
  closeAfterEach(() => client.close());
  return client;
}

describe('event hub WebSocket', () => {
  it('answers IDENTIFY with READY listing the logins of the token', async () => {
    const { eventsUrl } = await hub();
    const self = await identified(eventsUrl, { token: SELF.token });
    expect(self.ready).toEqual({ logins: [login(SELF.id)] });
    const app = await identified(eventsUrl, { token: APP_TOKEN });
    expect(app.ready.logins.map((each: any) => each.user.id)).toEqual([SELF.id, PEER.id]);
  });

  it('answers PING with PONG', async () => {
    const { eventsUrl } = await hub();
    const { client } = await identified(eventsUrl, { token: SELF.token });
    client.send({ op: 1 });
    expect((await client.next()).op).toBe(2);
  });

  it('closes with 4004 on a bad token and 4000 on invalid frames', async () => {
    const { eventsUrl } = await hub();
    const badToken = await connected(eventsUrl);
    badToken.send({ op: 3, body: { token: 'wrong' } });
    expect((await badToken.waitClosed()).code).toBe(4004);
    for (const invalid of ['not json', '{"body": {}}', '{"op": 9}', '[1]']) {
      const client = await connected(eventsUrl);
      client.send(invalid);
      expect((await client.waitClosed()).code, invalid).toBe(4000);
    }
  });

  it('sends nothing to a socket that has not identified and closes it after the identify timeout', async () => {
    const { hub: eventHub, eventsUrl } = await hub({ identifyTimeoutMs: 200 });
    const silent = await connected(eventsUrl);
    const { client: listener } = await identified(eventsUrl, { token: SELF.token });
    eventHub.emit('guild-added', { guild: RESOURCES.guild });
    await listener.nextEvent('guild-added');
    // The event went out before the close: had the silent socket received it, it would precede the close.
    expect((await silent.waitClosed()).code).toBe(4000);
    expect(silent.frames).toEqual([]);
  });

  it('sends the de-facto envelope with sn strictly increasing, once per login', async () => {
    const now = 1_700_000_000_000;
    const { hub: eventHub, eventsUrl } = await hub({ now: () => now });
    const { client } = await identified(eventsUrl, { token: APP_TOKEN });
    eventHub.emit('message-created', {
      channel: RESOURCES.channel,
      message: RESOURCES.message,
      user: RESOURCES.user,
    });
    eventHub.emit('guild-added', { guild: RESOURCES.guild }, { selfIds: [PEER.id] });
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push((await client.nextEvent()).body);
    expect(bodies[0]).toEqual({
      sn: 1,
      type: 'message-created',
      timestamp: now,
      login: login(SELF.id),
      channel: RESOURCES.channel,
      message: RESOURCES.message,
      user: RESOURCES.user,
    });
    expect(bodies.map((body) => [body.sn, body.type, body.login.user.id])).toEqual([
      [1, 'message-created', SELF.id],
      [2, 'message-created', PEER.id],
      [3, 'guild-added', PEER.id],
    ]);
  });

  it('delivers to each socket only the events of its logins', async () => {
    const { hub: eventHub, eventsUrl } = await hub();
    const { client: self } = await identified(eventsUrl, { token: SELF.token });
    eventHub.emit('guild-updated', { guild: RESOURCES.guild }, { selfIds: [PEER.id] });
    eventHub.emit('guild-removed', { guild: RESOURCES.guild });
    const first = await self.nextEvent();
    expect([first.body.type, first.body.login.user.id]).toEqual(['guild-removed', SELF.id]);
  });

  it('replays the events after sn on IDENTIFY with sn, before live events', async () => {
    const { hub: eventHub, eventsUrl } = await hub();
    const first = await identified(eventsUrl, { token: SELF.token });
    eventHub.emit('guild-added', { guild: RESOURCES.guild });
    const seen = (await first.client.nextEvent()).body.sn;
    first.client.close();
    eventHub.emit('guild-updated', { guild: RESOURCES.guild });
    eventHub.emit(
      'guild-updated',
      { guild: { ...RESOURCES.guild, name: 'Renamed' } },
      { selfIds: [PEER.id] },
    );
    eventHub.emit('guild-removed', { guild: RESOURCES.guild });
    const resumed = await identified(eventsUrl, { token: SELF.token, sn: seen });
    eventHub.emit('channel-added', { guild: RESOURCES.guild, channel: RESOURCES.channel });
    const received = [];
    for (let i = 0; i < 3; i++) received.push((await resumed.client.nextEvent()).body);
    expect(received.map((body) => body.type)).toEqual(['guild-updated', 'guild-removed', 'channel-added']);
    expect(received.every((body) => body.sn > seen && body.login.user.id === SELF.id)).toBe(true);
  });

  it('keeps only the last bufferSize events for resume', async () => {
    const { hub: eventHub, eventsUrl } = await hub({ bufferSize: 2 });
    for (let i = 0; i < 4; i++)
      eventHub.emit('guild-updated', { guild: { id: `g${i}` } }, { selfIds: [SELF.id] });
    const { client } = await identified(eventsUrl, { token: SELF.token, sn: 0 });
    eventHub.emit('guild-removed', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
    const sns = [];
    for (let i = 0; i < 3; i++) sns.push((await client.nextEvent()).body.sn);
    expect(sns).toEqual([3, 4, 5]);
  });

  it('refuses WebSocket upgrades outside {base}/events', async () => {
    const { origin } = await hub();
    const status = await new Promise<number | undefined>((resolve) => {
      const socket = new WebSocket(`${origin.replace('http', 'ws')}/v1/other`);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.once('error', () => resolve(undefined));
    });
    expect(status).toBe(404);
  });
});

describe('event hub webhooks', () => {
  it('POSTs each EVENT body in order with Satori-Opcode 0 and the bearer token', async () => {
    const { hub: eventHub } = await hub();
    const receiver = await startReceiver();
    closeAfterEach(() => receiver.close());
    eventHub.addWebhook(receiver.url, { token: 'app-secret' });
    for (const name of ['a', 'b', 'c'])
      eventHub.emit('guild-updated', { guild: { id: name } }, { selfIds: [SELF.id] });
    const deliveries = [];
    for (let i = 0; i < 3; i++) deliveries.push(await receiver.nextRequest());
    expect(deliveries.map((delivery) => delivery.body.guild.id)).toEqual(['a', 'b', 'c']);
    expect(deliveries[0].headers).toMatchObject({
      'satori-opcode': '0',
      authorization: 'Bearer app-secret',
      'content-type': 'application/json',
    });
    expect(deliveries[0].body).toMatchObject({ sn: 1, type: 'guild-updated', login: login(SELF.id) });
  });

  it('keeps delivering when one webhook fails, and stops after removeWebhook', async () => {
    const { hub: eventHub } = await hub();
    const dead = await startReceiver();
    const deadUrl = dead.url;
    await dead.close();
    const receiver = await startReceiver();
    closeAfterEach(() => receiver.close());
    eventHub.addWebhook(deadUrl);
    eventHub.addWebhook(receiver.url, { selfIds: [SELF.id] });
    eventHub.emit('guild-added', { guild: RESOURCES.guild });
    const first = await receiver.nextRequest();
    expect([first.body.type, first.body.login.user.id, first.headers.authorization]).toEqual([
      'guild-added',
      SELF.id,
      undefined,
    ]);
    expect(eventHub.removeWebhook(receiver.url)).toBe(true);
    eventHub.emit('guild-removed', { guild: RESOURCES.guild });
    eventHub.addWebhook(receiver.url);
    eventHub.emit('guild-updated', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
    // The removed period's event never arrives: the next delivery is the one after re-adding.
    expect((await receiver.nextRequest()).body.type).toBe('guild-updated');
  });
});
