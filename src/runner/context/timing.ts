/** A check's signals and its run within the check timeout and the run's interruption. */
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
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CheckTimeout(`the check did not finish within ${options.timeoutMs} ms`);
      signals.requests.abort(error);
      controller.abort(error);
      reject(error);
    }, options.timeoutMs);
  });
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
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onRunAbort);
    if (!controller.signal.aborted) controller.abort(new Error('check finished'));
  }
}
