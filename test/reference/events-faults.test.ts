/** Every event fault shows on the wire, and the same scenario is clean without it. */
import { afterEach, describe, expect, it } from 'vitest';
import { getRule } from '../../spec/rules.js';
import { eventFaults } from '../../src/reference/faults/events.js';
import { type HubHarness, RawClient, RESOURCES, SELF, startHub, startReceiver } from '../events/harness.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hubWith(faults: string[]): Promise<HubHarness> {
  const harness = await startHub({ faults });
  cleanups.push(() => harness.close());
  return harness;
}

async function identified(url: string, body: Record<string, unknown> = { token: SELF.token }) {
  const result = await RawClient.identified(url, body);
  cleanups.push(() => result.client.close());
  return result;
}

/** A marker event: when it arrives, everything emitted before it for this socket has arrived too. */
const MARKER = 'guild-updated';
const emitMarker = (harness: HubHarness) => harness.hub.emit(MARKER, { guild: { id: 'marker' } });

/** Emits `type` with all of RESOURCES and returns the first EVENT body received. */
async function emitAndReceive(harness: HubHarness, type: string, operation?: string) {
  const { client } = await identified(harness.eventsUrl);
  harness.hub.emit(type, RESOURCES, { operation });
  emitMarker(harness);
  return (await client.nextEvent()).body;
}

const RESOURCE_FAULT = /^event-(.+)-no-(channel|guild|user|member|message|role|emoji)$/;
const LINK_OPERATION = /^event-missing-on-(.+)$/;

/**
 * One scenario per fault: `shows` returns what the wire shows under the fault; `clean` is the value the
 * same scenario shows without it (they must differ).
 */
type Scenario = (harness: HubHarness) => Promise<unknown>;
function scenarioFor(id: string): Scenario {
  const resourceFault = RESOURCE_FAULT.exec(id);
  if (resourceFault) {
    const [, type, resource] = resourceFault;
    return async (harness) => resource in (await emitAndReceive(harness, type));
  }
  const linkFault = LINK_OPERATION.exec(id);
  if (linkFault) {
    const operation =
      {
        'guild-role-create': 'guild.role.create',
        'guild-member-kick': 'guild.member.kick',
        'guild-role-update': 'guild.role.update',
        'guild-role-delete': 'guild.role.delete',
        'guild-member-role-set': 'guild.member.role.set',
      }[linkFault[1]] ?? linkFault[1].replace('-', '.');
    const type = {
      'message.create': 'message-created',
      'message.update': 'message-updated',
      'message.delete': 'message-deleted',
      'channel.create': 'channel-added',
      'guild.role.create': 'guild-role-created',
      'reaction.create': 'reaction-added',
      'guild.member.kick': 'guild-member-removed',
      'channel.update': 'channel-updated',
      'channel.delete': 'channel-removed',
      'guild.role.update': 'guild-role-updated',
      'guild.role.delete': 'guild-role-deleted',
      'reaction.delete': 'reaction-removed',
      'guild.member.role.set': 'guild-member-updated',
    }[operation];
    if (!type) throw new Error(`no event known for ${operation}`);
    return async (harness) => {
      // The operation's event is dropped, a triggered one (no operation) still flows.
      const caused = await emitAndReceive(harness, type, operation);
      const triggered = await emitAndReceive(harness, type);
      return [caused.type, triggered.type];
    };
  }
  const scenarios: Record<string, Scenario> = {
    'event-name-message-create': async (harness) => (await emitAndReceive(harness, 'message-created')).type,
    'event-name-reaction-deleted': async (harness) =>
      (await emitAndReceive(harness, 'reaction-removed')).type,
    'event-names-legacy': async (harness) => [
      (await emitAndReceive(harness, 'guild-added')).type,
      (await emitAndReceive(harness, 'guild-removed')).type,
    ],
    'event-envelope-legacy': async (harness) => {
      const body = await emitAndReceive(harness, 'guild-added');
      return {
        sn: body.sn,
        id: body.id,
        login: body.login?.user.id,
        self_id: body.self_id,
        platform: body.platform,
      };
    },
    'event-sn-repeated': async (harness) => snsOfFour(harness),
    'event-sn-decreasing': async (harness) => snsOfFour(harness),
    'ws-no-ready': handshake,
    'ws-ready-unasked-op0': handshake,
    'ws-identify-unanswered': handshake,
    'ws-ready-no-logins': async (harness) => 'logins' in (await identified(harness.eventsUrl)).ready,
    'ws-no-pong': async (harness) => {
      const { client } = await identified(harness.eventsUrl);
      client.send({ op: 1 });
      // Frames are handled in order: the READY to this second IDENTIFY comes after any PONG.
      client.send({ op: 3, body: { token: SELF.token } });
      const frames = [];
      for (let frame = await client.next(); frame.op !== 4; frame = await client.next())
        frames.push(frame.op);
      return frames;
    },
    'ws-resume-ignored': async (harness) => {
      harness.hub.emit('guild-added', { guild: RESOURCES.guild });
      const { client } = await identified(harness.eventsUrl, { token: SELF.token, sn: 0 });
      emitMarker(harness);
      return (await client.nextEvent()).body.type;
    },
    'ws-events-before-identify': async (harness) => {
      const silent = await RawClient.connect(harness.eventsUrl);
      cleanups.push(() => silent.close());
      const { client } = await identified(harness.eventsUrl);
      emitMarker(harness);
      await client.nextEvent(MARKER);
      // The server's reply to our close follows, on the same connection, any EVENT it sent before.
      silent.socket.close();
      await silent.waitClosed();
      return silent.frames.map((frame) => frame.op);
    },
    'ws-bad-token-accepted': async (harness) => {
      const client = await RawClient.connect(harness.eventsUrl);
      cleanups.push(() => client.close());
      client.send({ op: 3, body: { token: 'wrong' } });
      return client
        .next((frame) => frame.op === 4)
        .then(
          () => 'ready',
          () => `closed ${client.closed?.code}`,
        );
    },
    'webhook-no-opcode': async (harness) => (await delivery(harness)).headers['satori-opcode'],
    'webhook-no-auth': async (harness) => (await delivery(harness)).headers.authorization,
  };
  const scenario = scenarios[id];
  if (!scenario) throw new Error(`event fault '${id}' has no wire scenario in this test`);
  return scenario;
}

/**
 * The frames of a socket from its connection through IDENTIFY and one event: PING/PONG pairs fence the
 * hub's handling (frames are handled and answered in order), so nothing is waited for by time.
 */
async function handshake(harness: HubHarness) {
  const client = await RawClient.connect(harness.eventsUrl);
  cleanups.push(() => client.close());
  client.send({ op: 3, body: { token: SELF.token } });
  client.send({ op: 1 });
  await client.next((frame) => frame.op === 2);
  emitMarker(harness);
  client.send({ op: 1 });
  await client.next((frame) => frame.op === 2);
  return client.frames.map((frame) =>
    frame.op === 0
      ? `EVENT ${frame.body?.type ?? `without type: ${Object.keys(frame.body ?? {})}`}`
      : frame.op,
  );
}

async function snsOfFour(harness: HubHarness) {
  const { client } = await identified(harness.eventsUrl);
  for (let i = 0; i < 4; i++)
    harness.hub.emit('guild-updated', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
  const sns: number[] = [];
  for (let i = 0; i < 4; i++) sns.push((await client.nextEvent()).body.sn);
  return sns.every((sn, index) => index === 0 || sn > sns[index - 1]);
}

async function delivery(harness: HubHarness) {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  harness.hub.addWebhook(receiver.url, { token: 'app-secret' });
  harness.hub.emit('guild-added', { guild: RESOURCES.guild }, { selfIds: [SELF.id] });
  return receiver.nextRequest();
}

describe('event faults', () => {
  it('cite known rules and have unique ids', () => {
    expect(new Set(eventFaults.map((fault) => fault.id)).size).toBe(eventFaults.length);
    for (const fault of eventFaults)
      for (const rule of fault.rules) expect(() => getRule(rule)).not.toThrow();
  });

  it('drop one required resource for each of the twenty §6 events', () => {
    const events = eventFaults.map((fault) => RESOURCE_FAULT.exec(fault.id)?.[1]).filter(Boolean);
    expect(new Set(events).size).toBe(20);
  });

  it.each(eventFaults.map((fault) => [fault.id]))('%s shows on the wire', async (id) => {
    const scenario = scenarioFor(id);
    const clean = await scenario(await hubWith([]));
    const faulty = await scenario(await hubWith([id]));
    expect(faulty).not.toEqual(clean);
  });
});
