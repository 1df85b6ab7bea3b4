/**
 * State the checks of one run share. Keyed by the run's sandbox object, which the runner creates once per
 * run and hands to every check of it: the state is gone with the run, and two runs never see each other's.
 */
import type { CheckContext } from '../../src/runner/check.js';

/** A getter of this run's state, created on first use. */
export function perRun<State>(create: () => State): (t: CheckContext) => State {
  const states = new WeakMap<object, State>();
  return (t) => {
    let state = states.get(t.sandbox);
    if (state === undefined) {
      state = create();
      states.set(t.sandbox, state);
    }
    return state;
  };
}
