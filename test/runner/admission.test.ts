/**
 * Admission (src/runner/admission.ts): slots and holds, served in priority order without starvation.
 * Pure bookkeeping, tested directly; the engine tests (engine.test.ts "scheduling") run real checks.
 */
import { describe, expect, it } from 'vitest';
import { Admission, type AdmissionRequest, type Claim, Lead } from '../../src/runner/admission.js';

const alone: Claim = { hold: 'join-requests', mode: 'alone' };
const shared: Claim = { hold: 'join-requests', mode: 'shared' };

/** Requests admission and reports whether it has been admitted so far. */
function track(admission: Admission, request: Partial<AdmissionRequest>) {
  const state = { admitted: false };
  const admitted = admission
    .request({ claims: [], slot: false, priority: 0, start: false, ...request })
    .then(() => {
      state.admitted = true;
    });
  return Object.assign(state, { done: admitted });
}

/** Lets promise callbacks run (admission resolves promises; their .then runs in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('admission', () => {
  it('admits sharers together, a holder only alone, and a waiting holder before later sharers', async () => {
    const admission = new Admission(8);
    const first = track(admission, { claims: [shared], priority: 0 });
    const second = track(admission, { claims: [shared], priority: 1 });
    const holder = track(admission, { claims: [alone], priority: 2 });
    const late = track(admission, { claims: [shared], priority: 3 });
    await settle();
    expect([first.admitted, second.admitted, holder.admitted, late.admitted]).toEqual([
      true,
      true,
      false,
      false, // behind the waiting holder: no starvation
    ]);
    admission.release([shared], false);
    await settle();
    expect(holder.admitted).toBe(false);
    admission.release([shared], false);
    await settle();
    expect([holder.admitted, late.admitted]).toEqual([true, false]);
    admission.release([alone], false);
    await settle();
    expect(late.admitted).toBe(true);
  });

  it('holds a slot per request that takes one, and serves the freed slot in priority order', async () => {
    const admission = new Admission(1);
    const running = track(admission, { slot: true, start: true, priority: 5 });
    const low = track(admission, { slot: true, start: true, priority: 9 });
    const high = track(admission, { slot: true, start: true, priority: 1 });
    await settle();
    expect([running.admitted, low.admitted, high.admitted]).toEqual([true, false, false]);
    admission.release([], true);
    await settle();
    expect([high.admitted, low.admitted]).toEqual([true, false]);
  });

  it('starts an alone check only when nothing runs, and nothing else while it runs', async () => {
    const admission = new Admission(8);
    const running = track(admission, { slot: true, start: true, priority: 0 });
    const lonely = track(admission, { slot: true, start: true, alone: true, priority: 1 });
    const after = track(admission, { slot: true, start: true, priority: 2 });
    await settle();
    expect([running.admitted, lonely.admitted, after.admitted]).toEqual([true, false, false]);
    admission.release([], true);
    admission.finished(false);
    await settle();
    expect([lonely.admitted, after.admitted]).toEqual([true, false]);
    // The alone check's own requests (a slot back after an event wait) are still served.
    admission.release([], true);
    const back = track(admission, { slot: true, start: false, priority: -1 });
    await settle();
    expect([back.admitted, after.admitted]).toEqual([true, false]);
    admission.release([], true);
    admission.finished(true);
    await settle();
    expect(after.admitted).toBe(true);
  });

  it('drops a waiter whose signal aborts, and serves the next one', async () => {
    const admission = new Admission(8);
    track(admission, { claims: [alone] });
    const controller = new AbortController();
    const aborted = admission.request({
      claims: [alone],
      slot: false,
      priority: 1,
      start: false,
      signal: controller.signal,
    });
    const next = track(admission, { claims: [alone], priority: 2 });
    controller.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');
    admission.release([alone], false);
    await settle();
    expect(next.admitted).toBe(true);
  });
});

describe('the critical chain first (Lead)', () => {
  const peer: Claim = { hold: 'peer-in-guild', mode: 'shared' };

  it('starts besides the leads only checks that claim what a lead needs alone, until each lead has led', async () => {
    const admission = new Admission(8);
    // A lead shares the peer at first and needs it alone later (a baseline, then a mute window).
    const lead = new Lead(['peer-in-guild']);
    const leadStart = track(admission, { claims: [peer], slot: true, start: true, priority: 0, lead });
    const sharer = track(admission, { claims: [peer], slot: true, start: true, priority: 1 });
    const rest = track(admission, { slot: true, start: true, priority: 2 });
    // A running check's own request (after an event wait) is never held back.
    const ownRequest = track(admission, { slot: true, start: false, priority: -1 });
    await settle();
    expect([leadStart.admitted, sharer.admitted, rest.admitted, ownRequest.admitted]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    // Started is not enough: the rest waits until the lead comes to its deliberate wait.
    admission.led(lead);
    await settle();
    expect(rest.admitted).toBe(true);
  });

  it('lets the rest start when no lead is leading', async () => {
    const admission = new Admission(2);
    const done = new Lead(['peer-in-guild']);
    admission.led(done);
    const rest = track(admission, { slot: true, start: true, priority: 3 });
    await settle();
    expect(rest.admitted).toBe(true);
  });
});
