/**
 * The checker's own scheduling delay: how late its event loop ran a short repeating timer, added up. A
 * time window judged on a busy machine (an event wait, issue 34) is lengthened by the lag measured while
 * it was open: time the checker could not run is not time the server had to answer in.
 */
const TICK_MS = 25;

let sampler: NodeJS.Timeout | undefined;
let users = 0;
let lastTick = 0;
/** Lag added up since the process started measuring (ms). */
let totalLagMs = 0;

function tick(): void {
  const now = performance.now();
  totalLagMs += Math.max(0, now - lastTick - TICK_MS);
  lastTick = now;
}

/** Starts measuring; the returned function gives the lag since this call, and `stop` ends this use. */
export function measureLoopLag(): { lagMs: () => number; stop: () => void } {
  if (users++ === 0) {
    lastTick = performance.now();
    sampler = setInterval(tick, TICK_MS);
    sampler.unref();
  }
  const from = totalLagMs;
  let stopped = false;
  return {
    lagMs: () => totalLagMs - from,
    stop: () => {
      if (stopped) return;
      stopped = true;
      if (--users === 0) {
        clearInterval(sampler);
        sampler = undefined;
      }
    },
  };
}

/** The most a time window is lengthened for the checker's own lag, in windows. */
export const LAG_ALLOWANCE_WINDOWS = 3;

/**
 * Calls `fire` once `timeoutMs` of the time the checker could run have passed: `timeoutMs` after now plus
 * the event-loop lag measured meanwhile (at most LAG_ALLOWANCE_WINDOWS × timeoutMs more). A late timer
 * first lets the I/O that waited with it in. Returns the cancel function.
 */
export function lagAwareTimer(timeoutMs: number, fire: () => void): () => void {
  const start = performance.now();
  const lag = measureLoopLag();
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const cancel = () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    lag.stop();
  };
  const decide = () => {
    const allowance = Math.min(lag.lagMs(), LAG_ALLOWANCE_WINDOWS * timeoutMs);
    const left = start + timeoutMs + allowance - performance.now();
    if (left > 0) {
      timer = setTimeout(onTimer, left);
      return;
    }
    cancel();
    fire();
  };
  const onTimer = () => {
    immediate = setImmediate(decide);
  };
  timer = setTimeout(onTimer, timeoutMs);
  return cancel;
}

/** A timeout signal by lagAwareTimer (a response already here is read before the abort). */
export function lagAwareTimeout(timeoutMs: number): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const dispose = lagAwareTimer(timeoutMs, () =>
    controller.abort(new DOMException(`no response within ${timeoutMs} ms`, 'TimeoutError')),
  );
  return { signal: controller.signal, dispose };
}
