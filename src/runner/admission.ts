/**
 * Admission of checks and of their holds (issue 11: isolation by resource). A check starts when a slot is
 * free (--concurrency: checks sending requests at once) and its holds are compatible with what runs: a
 * hold taken `alone` excludes every other claim on it, `shared` claims coexist. Waiters are served in
 * priority order, and a waiter that cannot be served reserves its holds, so that a check waiting to hold
 * something alone is not starved by a stream of sharers. A check that is `exclusive` waits until nothing
 * else runs and keeps everything else out while it runs.
 */
import type { SlotLimit } from './concurrency.js';
import type { Hold } from './holds.js';

/** The target's long-term latency (ms) from which leads no longer go first (see #leadsGoFirst). */
const LEADS_FIRST_BELOW_MS = 50;

export interface Claim {
  hold: Hold;
  mode: 'alone' | 'shared';
}

export interface AdmissionRequest {
  claims: readonly Claim[];
  /** Whether the waiter takes a slot. */
  slot: boolean;
  /** Lower first. Requests of checks already running come before any check that has not started. */
  priority: number;
  /** A check start (counted as running until `finished`); false for a running check's own requests. */
  start: boolean;
  /** Starts only when no other check runs, and keeps every other check from starting meanwhile. */
  alone?: boolean;
  /** A check on the run's critical chain (see Lead). */
  lead?: Lead;
  signal?: AbortSignal;
}

/**
 * A check on the run's critical chain: it waits deliberately, and needs `needs` alone at some point.
 * Until every lead has come to its deliberate wait (or ended), only checks that claim something a lead
 * needs alone start besides the leads: they must be done before the lead can go on; the rest would only
 * slow the chain down.
 */
export class Lead {
  leading = true;
  constructor(readonly needs: readonly Hold[]) {}
}

interface Waiter extends AdmissionRequest {
  seq: number;
  resolve: () => void;
  reject: (reason: unknown) => void;
}

export class Admission {
  #slotsUsed = 0;
  #running = 0;
  #aloneRunning = false;
  readonly #holders = new Map<Hold, { mode: Claim['mode']; count: number }>();
  #waiters: Waiter[] = [];
  #seq = 0;
  readonly #leads = new Set<Lead>();

  /**
   * `stop` (the run's signal) rejects every waiter at once: one listener for the run, not one per waiter
   * (a run has more waiters than an AbortSignal's listener budget).
   */
  readonly #limit: number | SlotLimit;

  /** `limit`: a fixed number of slots, or a limit that moves (adaptive concurrency: concurrency.ts). */
  constructor(
    limit: number | SlotLimit,
    private readonly stop?: AbortSignal,
  ) {
    this.#limit = limit;
    // More slots: waiters may start now.
    if (typeof limit !== 'number') limit.subscribe(() => this.#pump());
    stop?.addEventListener(
      'abort',
      () => {
        const waiters = this.#waiters;
        this.#waiters = [];
        for (const waiter of waiters) waiter.reject(stop.reason);
      },
      { once: true },
    );
  }

  /** Slots now (checks sending requests at once). */
  get slots(): number {
    return Math.max(1, typeof this.#limit === 'number' ? this.#limit : this.#limit.current);
  }

  /** Resolves once the request is admitted (its claims taken, its slot used); rejects on abort or stop. */
  request(request: AdmissionRequest): Promise<void> {
    if (request.lead?.leading) this.#leads.add(request.lead);
    if (request.signal?.aborted) return Promise.reject(request.signal.reason);
    if (this.stop?.aborted) return Promise.reject(this.stop.reason);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { ...request, seq: this.#seq++, resolve, reject };
      const onAbort = () => {
        const at = this.#waiters.indexOf(waiter);
        if (at < 0) return;
        this.#waiters.splice(at, 1);
        reject(request.signal?.reason);
        this.#pump();
      };
      waiter.resolve = () => {
        request.signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      waiter.reject = (reason) => {
        request.signal?.removeEventListener('abort', onAbort);
        reject(reason);
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(waiter);
      this.#waiters.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
      this.#pump();
    });
  }

  /** Gives back claims and/or a slot taken by an admitted request. */
  release(claims: readonly Claim[], slot: boolean): void {
    for (const claim of claims) {
      const holder = this.#holders.get(claim.hold);
      if (!holder) continue;
      holder.count -= 1;
      if (holder.count <= 0) this.#holders.delete(claim.hold);
    }
    if (slot) this.#slotsUsed -= 1;
    this.#pump();
  }

  /** A lead has come to its deliberate wait, or ended, or will not start: it leads no more. */
  led(lead: Lead): void {
    if (!lead.leading) return;
    lead.leading = false;
    this.#leads.delete(lead);
    this.#pump();
  }

  /** A started check has ended (after releasing its claims and slot). */
  finished(alone: boolean): void {
    this.#running -= 1;
    if (alone) this.#aloneRunning = false;
    this.#pump();
  }

  /**
   * Leads go first while the target answers fast (or its speed is not known yet): the checker's CPU is
   * then what other checks would take from them. A slow target's round trips are not lengthened by other
   * checks' requests, and holding them back would leave the run idle.
   */
  #leadsGoFirst(): boolean {
    const latencyMs = typeof this.#limit === 'number' ? undefined : this.#limit.latencyMs;
    return latencyMs === undefined || latencyMs < LEADS_FIRST_BELOW_MS;
  }

  #compatible(claim: Claim): boolean {
    const holder = this.#holders.get(claim.hold);
    return !holder || (holder.mode === 'shared' && claim.mode === 'shared');
  }

  #pump(): void {
    const reserved = new Set<Hold>();
    let startsBlocked = this.#aloneRunning;
    const leading = new Set([...this.#leads].flatMap((lead) => lead.needs));
    const leadsFirst = this.#leads.size > 0 && this.#leadsGoFirst();
    for (const waiter of [...this.#waiters]) {
      if (waiter.start && startsBlocked) continue;
      const behindLeads =
        leadsFirst && !waiter.lead?.leading && !waiter.claims.some((claim) => leading.has(claim.hold));
      if (waiter.start && behindLeads) continue;
      if (waiter.alone) {
        // Nothing else may start behind an alone check: it waits for the running ones to end.
        if (this.#running === 0 && reserved.size === 0) this.#admit(waiter);
        startsBlocked = true;
        continue;
      }
      const free =
        (!waiter.slot || this.#slotsUsed < this.slots) &&
        waiter.claims.every((claim) => !reserved.has(claim.hold) && this.#compatible(claim));
      if (free) this.#admit(waiter);
      else for (const claim of waiter.claims) reserved.add(claim.hold);
    }
  }

  #admit(waiter: Waiter): void {
    this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
    for (const claim of waiter.claims) {
      const holder = this.#holders.get(claim.hold);
      if (holder) holder.count += 1;
      else this.#holders.set(claim.hold, { mode: claim.mode, count: 1 });
    }
    if (waiter.slot) this.#slotsUsed += 1;
    if (waiter.start) this.#running += 1;
    if (waiter.alone) this.#aloneRunning = true;
    waiter.resolve();
  }
}
