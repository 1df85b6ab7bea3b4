import { describe, expect, it } from 'vitest';
import {
  probeBadToken,
  probeIdentify,
  probeIdentifyTimeout,
  probeInvalidFrame,
  probePing,
  probeResume,
  probeUnidentified,
} from '../../src/events/index.js';
import { APP_TOKEN, closedAfterEachTest, PEER, RawClient, RESOURCES, SELF } from './harness.js';

const { hub, closeAfterEach } = closedAfterEachTest();

/** Short bound for waits that a faulty server makes run out. */
const SHORT = 300;

describe('event WebSocket probes', () => {
  it('probeIdentify reports READY; probeBadToken reports the 4004 close (or READY under the fault)', async () => {
    const clean = await hub();
    const identified = await probeIdentify({ url: clean.eventsUrl, token: SELF.token, timeoutMs: 2000 });
    expect(identified.outcome === 'ready' && identified.ready.logins[0].user.id).toBe(SELF.id);
    expect(await probeBadToken({ url: clean.eventsUrl, timeoutMs: 2000 })).toMatchObject({
      outcome: 'closed',
      closed: { code: 4004 },
    });
    const faulty = await hub({ faults: ['ws-bad-token-accepted'] });
    expect((await probeBadToken({ url: faulty.eventsUrl, timeoutMs: 2000 })).outcome).toBe('ready');
  });

  it('probeIdentify: no READY is a timeout; READY sent as op 0 is reported as such, and is no event', async () => {
    const silent = await hub({ faults: ['ws-no-ready'] });
    expect(await probeIdentify({ url: silent.eventsUrl, token: SELF.token, timeoutMs: SHORT })).toEqual({
      outcome: 'timeout',
    });
    const unasked = await hub({ faults: ['ws-ready-unasked-op0'] });
    const answer = await probeIdentify({ url: unasked.eventsUrl, token: SELF.token, timeoutMs: SHORT });
    expect(answer).toMatchObject({ outcome: 'ready-as-event', beforeIdentify: expect.any(Boolean) });
    expect(answer.outcome === 'ready-as-event' && answer.ready.logins).toHaveLength(2);
    // The wrong token is still refused with 4004 although the op-0 READY came first.
    expect(await probeBadToken({ url: unasked.eventsUrl, timeoutMs: 2000 })).toMatchObject({
      outcome: 'closed',
      closed: { code: 4004 },
    });
    const unidentified = await probeUnidentified({ url: unasked.eventsUrl, timeoutMs: 2000, graceMs: SHORT });
    expect(unidentified).toMatchObject({ outcome: 'observed', events: [] });
    expect(unidentified.outcome === 'observed' && unidentified.frames.map((frame) => frame.op)).toEqual([0]);
  });

  it('probeBadToken sends the wrong token as the upgrade Authorization too, in place of the given one', async () => {
    const harness = await hub();
    const upgrades: (string | undefined)[] = [];
    harness.server.prependListener('upgrade', (request) => upgrades.push(request.headers.authorization));
    await probeBadToken({
      url: harness.eventsUrl,
      timeoutMs: 2000,
      headers: { Authorization: 'Bearer token-self', 'x-extra': 'kept' },
    });
    expect(upgrades).toEqual([expect.stringMatching(/^Bearer conformance-wrong-token-\d+$/)]);
  });

  it('probePing reports pong, or no-pong under the fault', async () => {
    expect(await probePing({ url: (await hub()).eventsUrl, token: SELF.token, timeoutMs: 2000 })).toEqual({
      outcome: 'pong',
    });
    const faulty = await hub({ faults: ['ws-no-pong'] });
    expect(await probePing({ url: faulty.eventsUrl, token: SELF.token, timeoutMs: SHORT })).toEqual({
      outcome: 'no-pong',
    });
    expect(await probePing({ url: faulty.eventsUrl, token: 'wrong', timeoutMs: 2000 })).toMatchObject({
      outcome: 'not-ready',
      identify: { outcome: 'closed', closed: { code: 4004 } },
    });
  });

  for (const faults of [[], ['ws-events-before-identify']]) {
    it(`probeUnidentified observes ${faults.length ? 'events under the fault' : 'no events'}`, async () => {
      const harness = await hub({ faults });
      const { client } = await RawClient.identified(harness.eventsUrl, { token: SELF.token });
      closeAfterEach(() => client.close());
      const result = await probeUnidentified({
        url: harness.eventsUrl,
        timeoutMs: 2000,
        graceMs: faults.length ? 2000 : 50,
        during: async () => {
          harness.hub.emit('guild-added', { guild: RESOURCES.guild });
          await client.nextEvent('guild-added');
        },
      });
      expect(result.outcome === 'observed' && result.events.length > 0).toBe(faults.length > 0);
    });
  }

  it('probeIdentifyTimeout and probeInvalidFrame report the close codes', async () => {
    const harness = await hub({ identifyTimeoutMs: 100 });
    expect(await probeIdentifyTimeout({ url: harness.eventsUrl, timeoutMs: 2000 })).toMatchObject({
      outcome: 'closed',
      closed: { code: 4000 },
    });
    expect(await probeInvalidFrame({ url: harness.eventsUrl, timeoutMs: 2000 })).toMatchObject({
      outcome: 'closed',
      closed: { code: 4000 },
    });
  });

  it('probeResume collects the replayed sns, or none under the fault', async () => {
    for (const faults of [[], ['ws-resume-ignored']]) {
      const harness = await hub({ faults });
      for (let i = 0; i < 3; i++) harness.hub.emit('guild-updated', { guild: RESOURCES.guild });
      const result = await probeResume({
        url: harness.eventsUrl,
        token: APP_TOKEN,
        selfId: PEER.id,
        sn: 2,
        untilSns: [4, 6],
        timeoutMs: faults.length ? SHORT : 2000,
      });
      expect(result.outcome === 'ready' && [result.sns, result.reachedUntil]).toEqual(
        faults.length ? [[], false] : [[4, 6], true],
      );
    }
  });

  it('probeResume waits for every missed sn: a replay paced behind a live event is not called missing', async () => {
    let identified!: () => void;
    const ready = new Promise<void>((resolve) => {
      identified = resolve;
    });
    const harness = await hub({
      tolerate: (id) => id === 'resume-replay-paced',
      onIdentified: () => identified(),
    });
    for (let i = 0; i < 3; i++) harness.hub.emit('guild-updated', { guild: RESOURCES.guild });
    const probe = probeResume({
      url: harness.eventsUrl,
      token: APP_TOKEN,
      selfId: PEER.id,
      sn: 2,
      untilSns: [4, 6],
      timeoutMs: 2000,
    });
    // A live event of the peer's login (sn 7) goes out before the paced replay of 4 and 6.
    await ready;
    harness.hub.emit('guild-updated', { guild: RESOURCES.guild }, { selfIds: [PEER.id] });
    const result = await probe;
    expect(result.outcome === 'ready' && [result.sns, result.reachedUntil]).toEqual([[7, 4, 6], true]);
  });

  it('a probe of an address nowhere reports connect-failed', async () => {
    const harness = await hub();
    const url = harness.eventsUrl;
    await harness.close();
    const result = await probePing({ url, token: SELF.token, timeoutMs: 2000 });
    expect(result.outcome).toBe('connect-failed');
  });
});
