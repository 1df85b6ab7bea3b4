/**
 * Cleanup while the run goes on (issue 11: no cleanup tail): what an ended check created — its channels,
 * its messages — is deleted in slots no check is waiting for, so that little is left to undo at the end.
 *
 * A delete during another check's list walk could make that walk skip an item (offsets shift), which
 * would be a false failure. So a check that calls a list operation reads that list until it ends, and a
 * delete that changes the list waits until the list has no reader; a read waits for deletes in flight.
 */
import { setMaxListeners } from 'node:events';
import type { Admission } from './admission.js';
import type { Ledger, LineWhileRunning, Undo } from './ledger.js';
import type { CleanupRecord } from './model.js';

type ListOperation = string;

/** Who reads which list, and the deletes in flight on each (readers first: a delete waits, never a walk). */
export class ListGuard {
  readonly #readers = new Map<ListOperation, Set<string>>();
  readonly #writers = new Map<ListOperation, number>();
  #changed = pulse();

  /** The check reads `list` from now until it ends (once a delete in flight on it is done). */
  async read(list: ListOperation, checkId: string): Promise<void> {
    while ((this.#writers.get(list) ?? 0) > 0) await this.#changed.promise;
    const readers = this.#readers.get(list) ?? new Set();
    readers.add(checkId);
    this.#readers.set(list, readers);
  }

  /** The check has ended: it reads nothing any more. */
  end(checkId: string): void {
    for (const readers of this.#readers.values()) readers.delete(checkId);
    this.#notify();
  }

  writable(list: ListOperation): boolean {
    return (this.#readers.get(list)?.size ?? 0) === 0;
  }

  beginWrite(list: ListOperation): void {
    this.#writers.set(list, (this.#writers.get(list) ?? 0) + 1);
  }

  endWrite(list: ListOperation): void {
    this.#writers.set(list, (this.#writers.get(list) ?? 1) - 1);
    this.#notify();
  }

  /** Resolves at the next change (a check ended, a delete done). */
  changed(): Promise<void> {
    return this.#changed.promise;
  }

  #notify(): void {
    const previous = this.#changed;
    this.#changed = pulse();
    previous.resolve();
  }
}

/** A promise resolved at the next notification. */
function pulse(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Workers (one per slot) that each take a slot only when no check waits for one, then undo one line an
 * ended check left (Ledger.takeWhileRunning) whose list has no reader.
 */
export class CleanupWhileRunning {
  readonly #ended = new Set<string>();
  readonly #stop = new AbortController();
  readonly #records: CleanupRecord[] = [];
  readonly #workers: Promise<void>[];

  constructor(
    private readonly ledger: Ledger,
    private readonly admission: Admission,
    private readonly guard: ListGuard,
    private readonly undo: Undo,
    /** Each undo's budget (the cleanup's, with a reserve for the quota it may have to wait for). */
    private readonly budgetMs: () => number,
  ) {
    // Each worker listens to the stop twice (its admission request, its wait for a change).
    setMaxListeners(2 * admission.slots + 10, this.#stop.signal);
    this.#workers = Array.from({ length: admission.slots }, () => this.#work());
  }

  /** The check has ended without error: what it created may go. */
  ended(checkId: string): void {
    this.#ended.add(checkId);
  }

  /** Stops taking lines, lets the undos in flight finish; what was undone. */
  async stop(): Promise<CleanupRecord[]> {
    this.#stop.abort();
    await Promise.all(this.#workers);
    return this.#records;
  }

  async #work(): Promise<void> {
    const stop = this.#stop.signal;
    const stopped = aborted(stop);
    while (!stop.aborted) {
      try {
        // Behind every check waiting for a slot, and counted as running (an exclusive check waits for it).
        await this.admission.request({
          claims: [],
          slot: true,
          priority: Number.MAX_SAFE_INTEGER,
          start: true,
          signal: stop,
        });
      } catch {
        return;
      }
      let taken: LineWhileRunning | undefined;
      try {
        taken = stop.aborted
          ? undefined
          : this.ledger.takeWhileRunning(this.#ended, (list) => this.guard.writable(list));
        if (taken) {
          this.guard.beginWrite(taken.list);
          try {
            this.#records.push(...(await this.ledger.undoWhileRunning(taken, this.undo, this.budgetMs())));
          } finally {
            this.guard.endWrite(taken.list);
          }
        }
      } finally {
        this.admission.release([], true);
        this.admission.finished(false);
      }
      if (!taken) await Promise.race([this.guard.changed(), stopped]);
    }
  }
}

const aborted = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
