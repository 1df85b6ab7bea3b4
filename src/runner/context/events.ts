/** t.events of one check: the run's event source, with its waits counted and recorded on the check. */
import { tr } from '../../i18n/index.js';
import type { EventsApi } from '../check.js';
import { createEventsApi, type EventsApiOptions, type EventWaitTimeout } from '../events-api.js';
import type { CheckEnvironment, CheckScheduling } from './environment.js';
import type { CheckState } from './state.js';
import type { CheckSignals } from './timing.js';

/** A waitFor is an assertion: its event is evidence, its timeout the check's failure (if it is the first). */
const recordWait =
  (state: CheckState): NonNullable<EventsApiOptions['onWait']> =>
  ({ event, timeout }) => {
    state.assertions++;
    if (event) state.events.push(event.body);
    if (timeout) {
      const seen = timeout.seen.map((e) => e.type);
      state.failed({
        expected: timeout.what,
        signature: { kind: 'event-missing', ...state.missedJustBefore() },
        observed: tr`no matching event within ${timeout.timeoutMs} ms${quietNote(timeout)} (${seen.length} other events since the check started${
          seen.length ? tr`: ${[...new Set(seen)].join(', ')}` : ''
        })`,
      });
    }
  };

/** Said when the wait outlasted its timeout because the stream was still delivering. */
const quietNote = (timeout: EventWaitTimeout): string =>
  timeout.waitedMs > timeout.timeoutMs + 100
    ? tr` of the stream's last delivery (waited ${(timeout.waitedMs / 1000).toFixed(1)} s while it delivered)`
    : '';

export function eventsFor(
  checkId: string,
  env: CheckEnvironment,
  state: CheckState,
  signals: CheckSignals,
  scheduling: CheckScheduling | undefined,
  checkDeadline: () => number,
): EventsApi {
  const signal = signals.check.signal;
  const api = createEventsApi({
    source: env.source,
    unavailableReason: env.eventsUnavailableReason,
    timeoutMs: env.eventTimeoutMs,
    signal,
    timeoutSignal: signals.requests.signal,
    missed: env.missedEvents,
    checkId,
    // An event wait sends nothing: it gives back the check's slot while it waits.
    ...(scheduling ? { idle: <T>(wait: () => Promise<T>) => scheduling.idle(wait, signal) } : {}),
    onWait: recordWait(state),
    checkDeadline,
  });
  // A typed wait that ended without its event is what a failure right after it observed (its signature).
  const tryWaitFor: EventsApi['tryWaitFor'] = async (predicate, timeoutMs, options) => {
    const event = await api.tryWaitFor(predicate, timeoutMs, options);
    if (!event && options?.type) state.missed(options.type);
    return event;
  };
  return { ...api, tryWaitFor };
}
