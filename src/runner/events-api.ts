/** t.events: an EventsApi over the run's EventSource. No sleeps: waitFor resolves on the subscribe callback. */

import type { EventSource } from '../events/source.js';
import { tr } from '../i18n/index.js';
import { LAG_ALLOWANCE_WINDOWS, measureLoopLag } from '../loop-lag.js';
import type { EventsApi, ObservedEvent } from './check.js';

export class EventWaitTimeout extends Error {
  override name = 'EventWaitTimeout';
  constructor(
    readonly what: string,
    readonly timeoutMs: number,
    readonly seen: ObservedEvent[],
    /** How long the wait lasted: longer than timeoutMs when the stream kept delivering (quietEnd). */
    readonly waitedMs = timeoutMs,
  ) {
    super(tr`no matching event within ${timeoutMs} ms: ${what}`);
  }
}

/** Thrown by waitFor when the run has no event stream (the check should have declared needs: ['events']). */
export class NoEventSourceError extends Error {
  override name = 'NoEventSourceError';
}

export interface EventsApiOptions {
  source?: EventSource;
  /** Why there is no source, for the skip reason. */
  unavailableReason: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Aborted only by the check's timeout, not by the run's interruption (waits `untilTimeout`). */
  timeoutSignal?: AbortSignal;
  /** Run-wide: event type → the check that waited for one in vain (tryWaitFor with a type). */
  missed?: Map<string, string>;
  /** The check this API belongs to. */
  checkId?: string;
  /** Runs a wait without holding the check's slot (the engine's; default: just wait). */
  idle?: <T>(wait: () => Promise<T>) => Promise<T>;
  /** Called when waitFor resolves or times out (an assertion of the check). */
  onWait?: (outcome: { event?: ObservedEvent; timeout?: EventWaitTimeout }) => void;
  /**
   * When the check times out (performance.now() time), asked when a wait would end: a wait that the stream
   * keeps busy goes on at most until shortly before it, so that it still ends as a timeout of the wait,
   * not of the check. It moves: the check's clock is lengthened by the checker's own lag (issue 34).
   */
  checkDeadline?: () => number;
}

/** What a wait leaves before the check's own deadline: enough to state the timeout as the check's failure. */
export const DEADLINE_MARGIN_MS = 250;

interface Wait {
  predicate: (event: ObservedEvent) => boolean;
  what: string;
  timeoutMs: number;
  /** Whether the outcome counts as an assertion of the check (waitFor) or not (tryWaitFor). */
  asserts: boolean;
  signal: AbortSignal;
}

/**
 * When a wait that began at `start` ends if nothing matches: `timeoutMs` after the last delivery of the
 * stream (any event: a transport that is still delivering a backlog is slow, not wrong), plus the lag of
 * the checker's own event loop meanwhile (a busy machine; at most LAG_ALLOWANCE_WINDOWS timeouts), and
 * never past `hardEnd`. A 0 timeout is "already received" and ends at once.
 */
export function quietEnd(
  start: number,
  lastDelivery: number,
  timeoutMs: number,
  hardEnd: number,
  lagMs = 0,
): number {
  if (timeoutMs <= 0) return start;
  const allowance = Math.min(lagMs, LAG_ALLOWANCE_WINDOWS * timeoutMs);
  return Math.max(
    start + timeoutMs,
    Math.min(Math.max(start, lastDelivery) + timeoutMs + allowance, hardEnd),
  );
}

export function createEventsApi(options: EventsApiOptions): EventsApi {
  const { source } = options;
  const startMark = source ? source.eventCount() : 0;
  const api: EventsApi = {
    available: source !== undefined,
    timeoutMs: options.timeoutMs,
    ...(source?.target
      ? {
          transport: {
            kind: source.kind,
            ...source.target,
            ...(source.ready ? { ready: source.ready.body } : {}),
          },
        }
      : {}),
    all: () => source?.events() ?? [],
    mark: () => source?.eventCount() ?? 0,
    since: (mark) => source?.eventsSince(mark) ?? [],
    // A timeout here is an answer, not an assertion: it neither counts nor fails the check.
    tryWaitFor: (predicate, timeoutMs, waitOptions) =>
      wait(
        predicate,
        tr`an optional event`,
        timeoutMs ?? options.timeoutMs,
        false,
        waitOptions?.untilTimeout ? (options.timeoutSignal ?? options.signal) : options.signal,
      ).catch((error) => {
        if (!(error instanceof EventWaitTimeout)) throw error;
        if (waitOptions?.type && options.checkId && !options.missed?.has(waitOptions.type))
          options.missed?.set(waitOptions.type, options.checkId);
        return undefined;
      }),
    missedBy: (type) => options.missed?.get(type),
    waitFor: (predicate, what, timeoutMs = options.timeoutMs) =>
      wait(predicate, what, timeoutMs, true, options.signal),
  };
  return api;

  function wait(
    predicate: (event: ObservedEvent) => boolean,
    what: string,
    timeoutMs: number,
    asserts: boolean,
    signal: AbortSignal,
  ): Promise<ObservedEvent> {
    if (!source) return Promise.reject(new NoEventSourceError(options.unavailableReason));
    // An event already received needs no wait; otherwise the wait sends nothing and gives back the slot.
    const seen = source.eventsSince(startMark).find((event) => predicate(event));
    if (seen) {
      if (asserts) options.onWait?.({ event: seen });
      return Promise.resolve(seen);
    }
    if (signal.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    const waiting = () => listen(source, startMark, options, { predicate, what, timeoutMs, asserts, signal });
    return options.idle ? options.idle(waiting) : waiting();
  }
}

/** Waits on the stream for `wait`: ends on a match, an abort, or quietEnd with nothing matching. */
function listen(
  source: EventSource,
  startMark: number,
  options: EventsApiOptions,
  { predicate, what, timeoutMs, asserts, signal }: Wait,
): Promise<ObservedEvent> {
  return new Promise<ObservedEvent>((resolve, reject) => {
    const start = performance.now();
    const hardEnd = () =>
      options.checkDeadline === undefined ? start + timeoutMs : options.checkDeadline() - DEADLINE_MARGIN_MS;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const lag = measureLoopLag();
    const finish = (event?: ObservedEvent, error?: Error) => {
      if (settled) return;
      settled = true;
      lag.stop();
      unsubscribe();
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (event) {
        if (asserts) options.onWait?.({ event });
        resolve(event);
      } else reject(error);
    };
    const test = (event: ObservedEvent) => {
      try {
        if (predicate(event)) finish(event);
      } catch (error) {
        finish(undefined, error as Error);
      }
    };
    // Subscribe first, then scan the buffer, so that an event arriving in between is not lost.
    const unsubscribe = source.subscribe(test);
    const expire = () => {
      if (settled) return;
      const end = quietEnd(start, source.lastDeliveryAt(), timeoutMs, hardEnd(), lag.lagMs());
      if (performance.now() < end) {
        timer = setTimeout(onTimer, end - performance.now());
        return;
      }
      const waitedMs = Math.round(performance.now() - start);
      const timeout = new EventWaitTimeout(what, timeoutMs, source.eventsSince(startMark), waitedMs);
      if (asserts) options.onWait?.({ timeout });
      finish(undefined, timeout);
    };
    // A timer that fires late (the checker's own event loop was busy) fires before the I/O that waited
    // with it is read: the decision waits one turn of the loop, so a delivery already here is seen first.
    const onTimer = () => setImmediate(expire);
    timer = setTimeout(onTimer, timeoutMs);
    const onAbort = () => finish(undefined, signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    for (const event of source.eventsSince(startMark)) {
      if (settled) break;
      test(event);
    }
  });
}
