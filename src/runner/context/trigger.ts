/** t.trigger: asks the run's trigger to make the target emit an event (a skip when there is none). */
import { tr } from '../../i18n/index.js';
import type { CheckContext } from '../check.js';
import { TriggerTimeoutError, TriggerUnsupportedError } from '../trigger.js';
import type { CheckEnvironment } from './environment.js';
import { CheckSkip, type CheckState, CheckUndecided } from './state.js';
import type { CheckSignals } from './timing.js';

export function triggerFor(
  env: CheckEnvironment,
  state: CheckState,
  signals: CheckSignals,
): CheckContext['trigger'] {
  return async (event: string, payload: Record<string, unknown> = {}) => {
    if (!env.trigger) throw new CheckSkip(env.triggerUnavailableReason);
    const { signal } = signals.check;
    if (signal.aborted) throw signal.reason;
    try {
      // Like a create under way, a trigger call is not aborted by an interruption: what it causes is
      // then known, and tracked.
      const response = await env.trigger.fire(event, payload, signals.requests.signal);
      state.notes.push(tr`triggered ${event} (${env.trigger.description})`);
      // A check that undoes through the trigger itself settles the matching ['trigger:<event>', …] entry.
      env.ledger.settle(`trigger:${event}`, payload);
      return response;
    } catch (error) {
      if (error instanceof TriggerUnsupportedError) {
        // A state of the world blocks the event: undecided, so that the run never says CONFORMS over it.
        if (error.blockedByState) {
          throw new CheckUndecided(
            error.message,
            tr`clear the state the trigger names on the platform (the checker undoes only its own doing), or let the trigger cause '${event}' from another subject`,
          );
        }
        throw new CheckSkip(error.message);
      }
      // The trigger's own deadline: whether it caused the event is unknown, which shows nothing of the
      // target: undecided, never an error of the check.
      if (error instanceof TriggerTimeoutError)
        throw new CheckUndecided(
          tr`${error.message}: what it caused is unknown`,
          tr`make the trigger answer '${event}' sooner (a busy machine slows it too), then run again`,
        );
      throw error;
    }
  };
}
