/**
 * Client scenarios side by side (`conformance client --concurrency N`, issue 42 item 4): each running
 * scenario has a slot — its own reference server (its own port) and its own client process — and a slot
 * runs its scenarios one after another. Results are kept by the scenario's place in the run, so the
 * report lists them as a serial run would, whatever order they finished in.
 */
import { availableParallelism } from 'node:os';
import type { ClientSuite } from './model.js';

/** No default runs more scenarios at once than this: a client process each, a server each. */
export const CONCURRENCY_BOUND = 16;

/**
 * Scenarios run at once per core, by what a suite's client costs while its scenario runs:
 * - pagination: the client's whole life is the scenario (start-up, a few loopback requests, exit), and
 *   start-up is CPU (an interpreted SDK pays it each time): two per core keep the cores busy while one
 *   waits on its loopback or its exit, and more only queue for the CPU;
 * - events: the client idles between heartbeats for seconds (the scenario's waits are the checker's
 *   timers, not CPU): eight per core runs the whole suite (13 scenarios on 2 cores) at once, so its wall
 *   is about its longest scenario. A time window judged beside others widens by the checker's measured
 *   stalls (events/lag.ts), and a scenario the stalls left undecided is run again alone (run.ts).
 */
export const PER_CORE: Record<ClientSuite, number> = { pagination: 2, events: 8 };

/** The default --concurrency of a suite on this machine: cores × PER_CORE, at least 2, at most the bound. */
export function defaultConcurrency(suite: ClientSuite, cores = availableParallelism()): number {
  return Math.min(CONCURRENCY_BOUND, Math.max(2, cores * PER_CORE[suite]));
}

/**
 * A client's start-up is CPU (an interpreted SDK loads for a second or more), and a scenario's clock runs
 * from its start: many clients starting at once on few cores would each take several times as long to
 * connect, and eat into their scenarios' time. So at most `permits` (the cores) start at once: a start
 * holds its permit until the client shows up (its first request or connection), its scenario ends, or
 * STARTUP_CAP_MS have passed (a client that never shows up holds up the others no longer).
 */
export const STARTUP_CAP_MS = 2_000;

export class StartGate {
  private readonly waiting: (() => void)[] = [];

  constructor(private permits = availableParallelism()) {}

  /** Waits for a permit; the returned function gives it back (once, whoever calls it first). */
  async enter(capMs = STARTUP_CAP_MS): Promise<() => void> {
    if (this.permits > 0) this.permits--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      const next = this.waiting.shift();
      if (next) next();
      else this.permits++;
    };
    const timer = setTimeout(release, capMs);
    return release;
  }
}

export interface SlotRun<T> {
  /** Each job's result at its index (undefined: never started, the run was stopped first). */
  results: (T | undefined)[];
  /** Whether another job ran at any moment while this one did. */
  beside: boolean[];
}

/**
 * Runs jobs 0…count-1, at most `limit` at once, starting them in index order; `job(index, slot)` gets the
 * slot (0…limit-1) it runs in, which no other running job has, and `started` to call once it is under
 * way (with a `gate`, a job starts once it has a permit, and gives it back by `started` at the latest
 * when it ends). `stop()` is asked before each start. `onDone(index, result, beside)` is called as each
 * job ends.
 */
export async function runInSlots<T>(
  count: number,
  limit: number,
  job: (index: number, slot: number, started: () => void) => Promise<T>,
  options: {
    stop?: () => boolean;
    gate?: StartGate;
    onDone?: (index: number, result: T, beside: boolean) => void;
  } = {},
): Promise<SlotRun<T>> {
  const results: (T | undefined)[] = new Array(count).fill(undefined);
  const beside: boolean[] = new Array(count).fill(false);
  const running = new Set<number>();
  let next = 0;
  const worker = async (slot: number) => {
    while (next < count && !options.stop?.()) {
      const started = options.gate ? await options.gate.enter() : () => {};
      if (next >= count || options.stop?.()) {
        started();
        break;
      }
      const index = next++;
      if (running.size > 0) {
        beside[index] = true;
        for (const other of running) beside[other] = true;
      }
      running.add(index);
      try {
        results[index] = await job(index, slot, started);
      } finally {
        started();
        running.delete(index);
      }
      options.onDone?.(index, results[index] as T, beside[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, (_, slot) => worker(slot)));
  return { results, beside };
}

/**
 * Hands results on in index order, each once it and every one before it are final (a serial run's
 * order, whatever order they finish in). `flushAll` hands on what is left, skipping gaps (not run).
 */
export class InOrder<T> {
  private readonly final: (T | undefined)[];
  private emitted = 0;

  constructor(
    count: number,
    private readonly emit: (result: T) => void,
  ) {
    this.final = new Array(count).fill(undefined);
  }

  settle(index: number, result: T): void {
    this.final[index] = result;
    while (this.emitted < this.final.length && this.final[this.emitted] !== undefined)
      this.emit(this.final[this.emitted++] as T);
  }

  flushAll(): void {
    for (; this.emitted < this.final.length; this.emitted++) {
      const result = this.final[this.emitted];
      if (result !== undefined) this.emit(result);
    }
  }
}
