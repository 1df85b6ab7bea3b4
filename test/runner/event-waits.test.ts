/**
 * An event wait ends when the stream has gone quiet for the event timeout, not at a fixed time after it
 * began (issue 34 item 0): a server whose webhook queue lags behind a burst is slow, not wrong. The wait is
 * still bounded by the check's own deadline. Real reference, real webhook deliveries over loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventSource } from '../../src/events/index.js';
import type { EventSource } from '../../src/events/source.js';
import { LAG_ALLOWANCE_WINDOWS, measureLoopLag } from '../../src/loop-lag.js';
import { type ReferenceServer, SEED, startReference } from '../../src/reference/index.js';
import type { ObservedEvent } from '../../src/runner/check.js';
import { PausableTimer } from '../../src/runner/context/timing.js';
import { createEventsApi, EventWaitTimeout, quietEnd } from '../../src/runner/events-api.js';
import { ok } from '../reference/helpers.js';

/** More messages than the lagging queue delivers within one event timeout (25 ms each, tolerance). */
const BURST = 60;
const EVENT_TIMEOUT_MS = 400;
/**
 * Well short of the burst's backlog (a delivery per login in the guild, 25 ms apart at least: over 3 s on
 * a quiet machine, longer on a busy one).
 */
const CHECK_DEADLINE_MS = 2_000;

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReference({ tolerances: ['webhook-delivery-lagging'] });
});
afterAll(() => server.close());

/** A webhook receiver registered with the reference, and a burst of messages whose events queue up. */
async function burstBehindLaggingQueue() {
  const selfId = server.identities.self.userId;
  const source = await openEventSource({ kind: 'webhook', listen: '127.0.0.1:0', selfId });
  await fetch(`${server.controlUrl}/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.identities.self.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: source.webhookUrl }),
  });
  const contents = Array.from({ length: BURST }, (_, index) => `burst ${index} ${Math.random()}`);
  await Promise.all(
    contents.map((content) => ok(server, 'message.create', { channel_id: SEED.historyChannel, content })),
  );
  const isLast = (event: ObservedEvent) => event.body.message?.content === contents.at(-1);
  return { source, isLast };
}

describe('the checker measures its own event-loop lag', () => {
  it('counts the time its loop was blocked as lag', async () => {
    const lag = measureLoopLag();
    try {
      await new Promise((resolve) => setTimeout(resolve, 60));
      const block = performance.now() + 300;
      while (performance.now() < block);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(lag.lagMs()).toBeGreaterThanOrEqual(250);
    } finally {
      lag.stop();
    }
  });

  it("lengthens a check's timeout by that lag, as a request's is (else the check's would come first)", async () => {
    const began = performance.now();
    let timer: PausableTimer | undefined;
    const fired = new Promise<number>((resolve) => {
      timer = new PausableTimer(100, () => resolve(performance.now()));
    });
    // Due at 100 ms, but the checker cannot run for 300 ms.
    const block = performance.now() + 300;
    while (performance.now() < block);
    const at = await fired;
    expect(timer?.lengthenedMs).toBeGreaterThanOrEqual(200);
    expect(at - began).toBeGreaterThanOrEqual(300 + 200);
  });

  it("moves the check's deadline as an event wait sees it by that lag; paused, it stands still", async () => {
    const timer = new PausableTimer(2_000, () => {});
    try {
      const fixedEnd = performance.now() + 2_000;
      const block = performance.now() + 300;
      while (performance.now() < block);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(timer.expectedEnd() - fixedEnd).toBeGreaterThanOrEqual(200);
      const resume = timer.pause();
      const whilePaused = timer.expectedEnd();
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(timer.expectedEnd() - whilePaused).toBeGreaterThanOrEqual(50);
      resume();
    } finally {
      timer.clear();
    }
  });
});

/** t.events over `source`, as a check whose deadline is `checkDeadline` sees it. */
const eventsOver = (source: EventSource, checkDeadline: () => number) =>
  createEventsApi({
    source,
    unavailableReason: '',
    timeoutMs: EVENT_TIMEOUT_MS,
    signal: new AbortController().signal,
    checkDeadline,
  });

describe('event waits end when the stream goes quiet', () => {
  it('quietEnd: the timeout counts from the last delivery, within the hard end; 0 is "already received"', () => {
    expect(quietEnd(0, 0, 500, 10_000)).toBe(500);
    expect(quietEnd(0, 800, 500, 10_000)).toBe(1_300);
    expect(quietEnd(0, 9_800, 500, 10_000)).toBe(10_000);
    // A hard end sooner than the timeout never shortens the wait below the timeout itself.
    expect(quietEnd(0, 0, 500, 200)).toBe(500);
    expect(quietEnd(0, 100, 0, 10_000)).toBe(0);
    // The checker's own lag lengthens the wait, up to LAG_ALLOWANCE_WINDOWS timeouts.
    expect(quietEnd(0, 0, 500, 10_000, 700)).toBe(1_200);
    expect(quietEnd(0, 0, 500, 10_000, 60_000)).toBe(500 + LAG_ALLOWANCE_WINDOWS * 500);
    expect(quietEnd(0, 0, 500, 1_000, 60_000)).toBe(1_000);
  });

  it('finds an event that comes behind a backlog longer than the event timeout', async () => {
    const { source, isLast } = await burstBehindLaggingQueue();
    try {
      const started = performance.now();
      const events = eventsOver(source, () => started + 30_000);
      const event = await events.waitFor(isLast, 'the last message of the burst');
      expect(event.body.message.content).toMatch(new RegExp(`^burst ${BURST - 1} `));
      // The backlog took longer than one event timeout to arrive: a fixed wait would have given up.
      expect(performance.now() - started).toBeGreaterThan(EVENT_TIMEOUT_MS);
    } finally {
      await source.close();
    }
  });

  it('gives up before the check deadline although the stream keeps delivering', async () => {
    const { source, isLast } = await burstBehindLaggingQueue();
    try {
      const started = performance.now();
      const events = eventsOver(source, () => started + CHECK_DEADLINE_MS);
      const outcome = await events.waitFor(() => false, 'an event that never comes').catch((error) => error);
      expect(outcome).toBeInstanceOf(EventWaitTimeout);
      expect(outcome.waitedMs).toBeGreaterThanOrEqual(EVENT_TIMEOUT_MS);
      // Ended as a timeout of the wait at the check's deadline while the stream still delivered: the
      // backlog's last event had not come. Decided from the events, not from the deadline's timer racing
      // its margin: a starved loop delays the backlog's paced deliveries as much as that timer.
      expect(outcome.seen.length).toBeGreaterThan(0);
      expect((outcome as EventWaitTimeout).seen.some(isLast)).toBe(false);
    } finally {
      await source.close();
    }
  });

  it("reads the check deadline when it would end, not when it began (the check's clock moves)", async () => {
    const { source } = await burstBehindLaggingQueue();
    try {
      const started = performance.now();
      let deadline = started + EVENT_TIMEOUT_MS;
      const moved = setTimeout(() => {
        deadline = started + CHECK_DEADLINE_MS;
      }, EVENT_TIMEOUT_MS / 2);
      const outcome = await eventsOver(source, () => deadline)
        .waitFor(() => false, 'an event that never comes')
        .catch((error) => error);
      clearTimeout(moved);
      expect(outcome).toBeInstanceOf(EventWaitTimeout);
      // Still delivering at the first deadline: the wait went on towards the moved one.
      expect(outcome.waitedMs).toBeGreaterThan(EVENT_TIMEOUT_MS * 2);
    } finally {
      await source.close();
    }
  });
});
