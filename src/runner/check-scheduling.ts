/**
 * The engine's side of one running check (context.ts CheckScheduling): the slot and the holds it has, what
 * it gives back while it waits (an event, a hold) and takes again after, and what it gives back when it ends.
 */
import type { Admission, Claim, Lead } from './admission.js';
import type { CheckDefinition } from './check.js';
import type { ListGuard } from './cleanup-while-running.js';
import type { CheckScheduling } from './context/environment.js';
import type { Hold } from './holds.js';

/** A check's holds as claims: alone for what it holds, shared for what it shares. */
export const claimsOf = (check: CheckDefinition): Claim[] => [
  ...(check.holds ?? []).map((hold): Claim => ({ hold, mode: 'alone' })),
  ...(check.shares ?? []).map((hold): Claim => ({ hold, mode: 'shared' })),
];

/**
 * How a check may take a hold later (t.acquire): in the mode asked for, if it declared the hold so (alone:
 * holds or acquires; shared: shares, or any of them — sharing asks for less); unasked, alone if it may.
 */
function modeOf(check: CheckDefinition, hold: Hold, asked?: Claim['mode']): Claim['mode'] | undefined {
  const alone = check.holds?.includes(hold) || check.acquires?.includes(hold);
  const shared = alone || check.shares?.includes(hold);
  if (asked === 'shared') return shared ? 'shared' : undefined;
  if (asked === 'alone' || alone) return alone ? 'alone' : undefined;
  return shared ? 'shared' : undefined;
}

/** How long a check held a hold, by mode (its own time: less its waits behind other checks meanwhile). */
export type HeldTime = (hold: Hold, mode: Claim['mode'], ms: number) => void;

/** A claim the check has, since when, and how long it has waited behind other checks since. */
interface Held {
  claim: Claim;
  since: number;
  queuedMs: number;
}

export class AdmittedCheck implements CheckScheduling {
  readonly #held = new Map<Hold, Held>();
  #slot = true;

  /**
   * `queued` wraps each wait for the admission of a check already running (its time counts as queued);
   * `heldTime` is told how long each hold was held, in which mode, when it is given back.
   */
  constructor(
    private readonly check: CheckDefinition,
    claims: readonly Claim[],
    private readonly admission: Admission,
    private readonly lists: ListGuard,
    private readonly queued: (admitted: Promise<void>) => Promise<void>,
    private readonly lead?: Lead,
    private readonly heldTime?: HeldTime,
  ) {
    for (const claim of claims) this.#take(claim);
  }

  #take(claim: Claim): void {
    this.#held.set(claim.hold, { claim, since: performance.now(), queuedMs: 0 });
  }

  /** Gives the hold back, telling how long it was held. */
  #giveBack(held: Held): Claim {
    this.#held.delete(held.claim.hold);
    this.heldTime?.(held.claim.hold, held.claim.mode, performance.now() - held.since - held.queuedMs);
    return held.claim;
  }

  /** A wait behind other checks: the holds kept meanwhile are not the check's own time. */
  async #queue(admitted: Promise<void>): Promise<void> {
    const from = performance.now();
    try {
      await this.queued(admitted);
    } finally {
      for (const held of this.#held.values()) held.queuedMs += performance.now() - Math.max(from, held.since);
    }
  }

  reading(list: string): Promise<void> {
    return this.lists.read(list, this.check.id);
  }

  waitsDeliberately(): void {
    if (this.lead) this.admission.led(this.lead);
  }

  release(hold: Hold): void {
    const held = this.#held.get(hold);
    if (!held) return;
    this.admission.release([this.#giveBack(held)], false);
  }

  async acquire(hold: Hold, signal: AbortSignal, asked?: Claim['mode']): Promise<void> {
    if (this.#held.has(hold)) return;
    const mode = modeOf(this.check, hold, asked);
    if (!mode)
      throw new Error(
        `${this.check.id} acquires '${hold}'${asked ? ` ${asked}` : ''}, which it does not declare`,
      );
    const claim: Claim = { hold, mode };
    // Never wait for a hold while keeping a slot: its holder may need a slot to finish.
    await this.idle(
      () =>
        this.#queue(
          this.admission.request({ claims: [claim], slot: false, priority: -1, start: false, signal }),
        ),
      signal,
    );
    this.#take(claim);
  }

  async idle<T>(wait: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (!this.#slot) return wait();
    this.#slot = false;
    this.admission.release([], true);
    try {
      return await wait();
    } finally {
      await this.#queue(
        this.admission.request({ claims: [], slot: true, priority: -1, start: false, signal }),
      ).then(
        () => {
          this.#slot = true;
        },
        () => undefined,
      );
    }
  }

  /** The check has ended: what it holds and its slot go back, and its list reads end. */
  end(alone: boolean): void {
    if (this.lead) this.admission.led(this.lead);
    this.lists.end(this.check.id);
    this.admission.release(
      [...this.#held.values()].map((held) => this.#giveBack(held)),
      this.#slot,
    );
    this.admission.finished(alone);
  }
}
