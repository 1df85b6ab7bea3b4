import { afterEach, describe, expect, it } from 'vitest';
import { openEventSource, openWebhookSource, type WebhookSource } from '../../src/events/index.js';
import type { ObservedEvent } from '../../src/runner/check.js';
import { type HubHarness, PEER, RESOURCES, SELF, startHub } from './harness.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hub(faults: string[] = []): Promise<HubHarness> {
  const harness = await startHub({ faults });
  cleanups.push(() => harness.close());
  return harness;
}

async function receiver(options: { registeredToken?: string; selfId?: string } = {}): Promise<WebhookSource> {
  const source = await openWebhookSource({ kind: 'webhook', listen: '127.0.0.1:0', ...options });
  cleanups.push(() => source.close());
  return source;
}

function nextEvent(source: WebhookSource, predicate: (event: ObservedEvent) => boolean, timeoutMs = 2000) {
  return new Promise<ObservedEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs);
    const unsubscribe = source.subscribe((event) => {
      if (!predicate(event)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
  });
}

describe('webhook event source', () => {
  it('receives the hub deliveries in order, checks the token and keeps the headers', async () => {
    const harness = await hub();
    const source = await receiver({ registeredToken: 'app-secret', selfId: SELF.id });
    expect(source.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    harness.hub.addWebhook(source.webhookUrl, { token: 'app-secret' });
    const last = nextEvent(source, (event) => event.type === 'guild-removed');
    harness.hub.emit('guild-added', { guild: RESOURCES.guild });
    // Last delivery for SELF only: when it arrives, every earlier one has (deliveries are in order).
    harness.hub.emit('guild-removed', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
    await last;
    expect(source.events().map((event) => [event.sn, event.type])).toEqual([
      [1, 'guild-added'],
      [3, 'guild-removed'],
    ]);
    const deliveries = source.deliveries();
    expect(deliveries.map((delivery) => [delivery.opcode, delivery.authorized])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    expect(source.notes()).toEqual([]);
  });

  it('notes deliveries without Authorization or Satori-Opcode, and older envelopes', async () => {
    const harness = await hub(['webhook-no-auth', 'webhook-no-opcode', 'event-envelope-legacy']);
    const source = await receiver({ registeredToken: 'app-secret', selfId: PEER.id });
    harness.hub.addWebhook(source.webhookUrl, { token: 'app-secret' });
    const arrived = nextEvent(source, () => true);
    harness.hub.emit('guild-added', { guild: RESOURCES.guild });
    const event = await arrived;
    expect([event.sn, event.body.self_id]).toEqual([2, PEER.id]);
    expect(source.deliveries()[0]).toMatchObject({ opcode: undefined, authorized: false });
    expect(source.notes()).toEqual(
      expect.arrayContaining([
        'A webhook delivery lacked `Authorization: Bearer <token>`.',
        'A webhook delivery had no numeric Satori-Opcode header (read as EVENT).',
        'Older event envelope: id instead of sn (read as sn).',
      ]),
    );
  });

  it('answers 405 to other methods, ignores non-JSON and META deliveries with a note', async () => {
    const source = await openEventSource({ kind: 'webhook', listen: '127.0.0.1:0' });
    cleanups.push(() => source.close());
    const url = source.webhookUrl!;
    expect((await fetch(url)).status).toBe(405);
    expect((await fetch(url, { method: 'POST', body: 'not json' })).status).toBe(200);
    const meta = await fetch(url, {
      method: 'POST',
      body: '{"logins": []}',
      headers: { 'satori-opcode': '5' },
    });
    expect(meta.status).toBe(200);
    expect(source.events()).toEqual([]);
    expect(source.notes()).toEqual([
      'A webhook delivery was not JSON (ignored).',
      'Webhook deliveries with Satori-Opcode 5 (ignored).',
      'The token the receiver was registered with is unknown: the Authorization of deliveries is not judged (pass --webhook-token).',
    ]);
  });

  it('rejects an invalid listen address with what to write', async () => {
    await expect(openWebhookSource({ kind: 'webhook', listen: 'nowhere' })).rejects.toThrow(
      /expected host:port/,
    );
  });
});
