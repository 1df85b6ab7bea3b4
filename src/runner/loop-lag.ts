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
