/** A check's signals and its run within the check timeout and the run's interruption. */
import { tr } from '../../i18n/index.js';
import { LAG_ALLOWANCE_WINDOWS, measureLoopLag } from '../../loop-lag.js';
import type { CheckContext, CheckDefinition } from '../check.js';
import type { ExecuteOptions } from './environment.js';
import { CheckTimeout } from './state.js';

export interface CheckSignals {
  /** t.signal: aborted by the check timeout, the run's interruption, or the end of the check. */
  check: AbortController;
  /**
   * In-flight requests are aborted only by the check timeout: on an interruption a create that is under
   * way must still deliver its response, so that the check can track what it created before it stops.
   */
  requests: AbortController;
  /** The check timeout's clock, once the check runs: stopped while a request waits for quota. */
  clock?: PausableTimer;
}

/**
 * A timeout that stands still while paused (a request waiting for the target's rate limit or the own
 * budget: that wait is the quota's, not the check's). Pauses nest; each resume is called once.
 * Like a request's timeout, it is lengthened by the checker's own event-loop lag (src/loop-lag.ts, at
 * most LAG_ALLOWANCE_WINDOWS timeouts more): on a busy machine a request's timeout, lengthened so, must
 * still come before its check's — else a hanging operation is never noted as such (issue 34).
 */
export class PausableTimer {
  #leftMs: number;
  #since = 0;
  #timer: NodeJS.Timeout | undefined;
  #pauses = 0;
  #cleared = false;
  readonly #lag = measureLoopLag();
  readonly #maxAllowanceMs: number;
  #grantedMs = 0;

  constructor(
    ms: number,
    private readonly fire: () => void,
  ) {
    this.#leftMs = ms;
    this.#maxAllowanceMs = LAG_ALLOWANCE_WINDOWS * ms;
    this.#arm();
  }

  #arm(): void {
    this.#since = performance.now();
    this.#timer = setTimeout(() => this.#expire(), Math.max(0, this.#leftMs));
  }

  /** The lag measured since the start that the timeout allows for (at most LAG_ALLOWANCE_WINDOWS of it). */
  #allowanceMs(): number {
    return Math.min(this.#lag.lagMs(), this.#maxAllowanceMs);
  }

  /** The time is up unless lag measured since the start is not yet allowed for: then that much more. */
  #expire(): void {
    this.#timer = undefined;
    const allowance = this.#allowanceMs();
    if (allowance > this.#grantedMs) {
      this.#leftMs = allowance - this.#grantedMs;
      this.#grantedMs = allowance;
      this.#arm();
      return;
    }
    this.#lag.stop();
    this.fire();
  }

  /**
   * When it would fire (performance.now() time) if nothing changed from now: what is left, plus the lag
   * measured so far and not yet granted. Paused, the clock stands still: what is left counts from now.
   */
  expectedEnd(): number {
    const now = performance.now();
    const running = this.#timer !== undefined;
    const leftMs = running ? this.#leftMs - (now - this.#since) : this.#leftMs;
    const ungrantedMs = Math.max(0, this.#allowanceMs() - this.#grantedMs);
    return now + Math.max(0, leftMs) + ungrantedMs;
  }

  /** How much longer than asked the timeout ran for the checker's own lag (ms). */
  get lengthenedMs(): number {
    return this.#grantedMs;
  }

  /** Stops the clock until the returned resume is called. */
  pause(): () => void {
    if (this.#pauses++ === 0 && this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#leftMs -= performance.now() - this.#since;
    }
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      if (--this.#pauses === 0 && !this.#cleared) this.#arm();
    };
  }

  clear(): void {
    this.#cleared = true;
    clearTimeout(this.#timer);
    this.#lag.stop();
  }
}

/** How the check's run ended: returned, or threw (an assertion, a skip, the timeout, an interruption…). */
export type Ending = { threw: false } | { threw: true; thrown: unknown };

export function checkSignals(): CheckSignals {
  return { check: new AbortController(), requests: new AbortController() };
}

/**
 * Runs the check until it settles, times out or the run is interrupted; then aborts t.signal. The check
 * may keep running after a timeout: options.onSettled lets the run wait for it before the cleanup.
 */
export async function runWithin(
  check: CheckDefinition,
  context: CheckContext,
  signals: CheckSignals,
  options: ExecuteOptions,
): Promise<Ending> {
  const controller = signals.check;
  const onRunAbort = () => controller.abort(options.signal?.reason ?? new Error('run interrupted'));
  options.signal?.addEventListener('abort', onRunAbort, { once: true });
  let timer: PausableTimer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = new PausableTimer(options.timeoutMs, () => {
      const lengthened = timer?.lengthenedMs ?? 0;
      const error = new CheckTimeout(
        tr`the check did not finish within ${options.timeoutMs} ms (waits for quota not counted${
          lengthened >= 1
            ? tr`; ${Math.round(lengthened)} ms more for the checker's own lag on a busy machine`
            : ''
        })`,
      );
      signals.requests.abort(error);
      controller.abort(error);
      reject(error);
    });
  });
  signals.clock = timer;
  const interrupted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  const running = Promise.resolve().then(() => check.run(context));
  options.onSettled?.(running.catch(() => undefined));
  try {
    await Promise.race([running, timeout, interrupted]);
    return { threw: false };
  } catch (error) {
    return { threw: true, thrown: error };
  } finally {
    timer?.clear();
    options.signal?.removeEventListener('abort', onRunAbort);
    if (!controller.signal.aborted) controller.abort(new Error('check finished'));
  }
}
