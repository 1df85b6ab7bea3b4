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

/** How a check may take a hold later (t.acquire): as it declared it, else not at all. */
function modeOf(check: CheckDefinition, hold: Hold): Claim['mode'] | undefined {
  if (check.holds?.includes(hold) || check.acquires?.includes(hold)) return 'alone';
  return check.shares?.includes(hold) ? 'shared' : undefined;
}

export class AdmittedCheck implements CheckScheduling {
  readonly #held: Map<Hold, Claim>;
  #slot = true;

  /**
   * `queued` wraps each wait for the admission of a check already running (its time counts as queued).
   */
  constructor(
    private readonly check: CheckDefinition,
    claims: readonly Claim[],
    private readonly admission: Admission,
    private readonly lists: ListGuard,
    private readonly queued: (admitted: Promise<void>) => Promise<void>,
    private readonly lead?: Lead,
  ) {
    this.#held = new Map(claims.map((claim) => [claim.hold, claim]));
  }

  reading(list: string): Promise<void> {
    return this.lists.read(list, this.check.id);
  }

  waitsDeliberately(): void {
    if (this.lead) this.admission.led(this.lead);
  }

  release(hold: Hold): void {
    const claim = this.#held.get(hold);
    if (!claim) return;
    this.#held.delete(hold);
    this.admission.release([claim], false);
  }

  async acquire(hold: Hold, signal: AbortSignal): Promise<void> {
    if (this.#held.has(hold)) return;
    const mode = modeOf(this.check, hold);
    if (!mode) throw new Error(`${this.check.id} acquires '${hold}', which it does not declare`);
    const claim: Claim = { hold, mode };
    // Never wait for a hold while keeping a slot: its holder may need a slot to finish.
    await this.idle(
      () =>
        this.queued(
          this.admission.request({ claims: [claim], slot: false, priority: -1, start: false, signal }),
        ),
      signal,
    );
    this.#held.set(hold, claim);
  }

  async idle<T>(wait: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (!this.#slot) return wait();
    this.#slot = false;
    this.admission.release([], true);
    try {
      return await wait();
    } finally {
      await this.queued(
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
    this.admission.release([...this.#held.values()], this.#slot);
    this.admission.finished(alone);
  }
}
