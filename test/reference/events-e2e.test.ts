/** Events end to end through the reference server: an operation over HTTP, its event over WS and webhook. */
import { afterEach, describe, expect, it } from 'vitest';
import { type EventSource, openEventSource, type WebhookSource } from '../../src/events/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { SEED } from '../../src/reference/world.js';
import type { ObservedEvent } from '../../src/runner/check.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function reference(faults: string[] = []): Promise<ReferenceServer> {
  const server = await startReference({ faults });
  cleanups.push(() => server.close());
  return server;
}

function nextEvent(source: EventSource, predicate: (event: ObservedEvent) => boolean, timeoutMs = 3000) {
  return new Promise<ObservedEvent>((resolve, reject) => {
    const found = source.events().find(predicate);
    if (found) return resolve(found);
    const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms`)), timeoutMs);
    const unsubscribe = source.subscribe((event) => {
      if (!predicate(event)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
  });
}

async function call(
  server: ReferenceServer,
  operation: string,
  fields: Record<string, unknown>,
): Promise<any> {
  const response = await fetch(`${server.baseUrl}/${operation}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.identities.self.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  expect(response.status, `${operation} answered ${response.status}`).toBe(200);
  return response.json();
}

describe('reference events end to end', () => {
  it('message.create over HTTP → message-created over WebSocket with the same message', async () => {
    const server = await reference();
    const source = await openEventSource({
      kind: 'ws',
      url: server.eventsUrl,
      token: server.identities.self.token,
      selfId: server.identities.self.userId,
      connectTimeoutMs: 3000,
    });
    cleanups.push(() => source.close());
    expect(source.ready?.body.logins.map((login: any) => login.user.id)).toEqual([
      server.identities.self.userId,
    ]);
    const [message] = await call(server, 'message.create', {
      channel_id: SEED.historyChannel,
      content: 'hello',
    });
    const event = await nextEvent(source, (each) => each.body.message?.id === message.id);
    expect(event.type).toBe('message-created');
    expect(event.body).toMatchObject({
      channel: { id: SEED.historyChannel },
      user: { id: expect.any(String) },
    });
    expect(event.body.login.user.id).toBe(server.identities.self.userId);
    expect(source.notes()).toEqual([]);
  });

  it('delivers the same event to a webhook registered through the control endpoint', async () => {
    const server = await reference();
    const hook = (await openEventSource({
      kind: 'webhook',
      listen: '127.0.0.1:0',
      registeredToken: server.identities.self.token,
    })) as WebhookSource;
    cleanups.push(() => hook.close());
    const registered = await fetch(`${server.controlUrl}/webhooks`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.identities.self.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url: hook.webhookUrl }),
    });
    expect(registered.status).toBe(200);
    const [message] = await call(server, 'message.create', {
      channel_id: SEED.historyChannel,
      content: 'hook',
    });
    const event = await nextEvent(hook, (each) => each.body.message?.id === message.id);
    expect(event.type).toBe('message-created');
    expect(hook.deliveries().every((delivery) => delivery.opcode === 0 && delivery.authorized)).toBe(true);
  });

  it('meta/webhook.create registers a receiver with its own token; webhook.delete removes it', async () => {
    const server = await reference();
    const hook = (await openEventSource({ kind: 'webhook', listen: '127.0.0.1:0' })) as WebhookSource;
    cleanups.push(() => hook.close());
    hook.registeredWith('the-webhooks-own-token', 'checker');
    expect(server.webhooks()).toEqual([]);
    expect(
      await call(server, 'meta/webhook.create', { url: hook.webhookUrl, token: 'the-webhooks-own-token' }),
    ).toEqual({});
    expect(server.webhooks()).toEqual([hook.webhookUrl]);
    const [first] = await call(server, 'message.create', { channel_id: SEED.historyChannel, content: 'one' });
    await nextEvent(hook, (each) => each.body.message?.id === first.id);
    expect(hook.deliveries()[0].headers.authorization).toBe('Bearer the-webhooks-own-token');
    expect(hook.deliveries()[0].authorized).toBe(true);

    expect(await call(server, 'meta/webhook.delete', { url: hook.webhookUrl })).toEqual({});
    expect(server.webhooks()).toEqual([]);
  });

  it('event-missing-on-message-create: the message is created, no event follows', async () => {
    const server = await reference(['event-missing-on-message-create']);
    const source = await openEventSource({
      kind: 'ws',
      url: server.eventsUrl,
      token: server.identities.self.token,
      connectTimeoutMs: 3000,
    });
    cleanups.push(() => source.close());
    const [created] = await call(server, 'message.create', {
      channel_id: SEED.historyChannel,
      content: 'quiet',
    });
    // message.update still emits: when its event arrives, a message-created would have arrived before it.
    await call(server, 'message.update', {
      channel_id: SEED.historyChannel,
      message_id: created.id,
      content: 'x',
    });
    await nextEvent(source, (each) => each.type === 'message-updated');
    expect(source.events().map((each) => each.type)).not.toContain('message-created');
  });
});
