/**
 * State the checks of one run share. Keyed by the run's config object (t.config), which the runner builds
 * once per run and hands unchanged to every check of it: the state is gone with the run, and two runs never
 * see each other's. Not by t.sandbox: a check that holds the quiet channel gets a sandbox of its own.
 */
import type { CheckContext } from '../../src/runner/check.js';

/** A getter of this run's state, created on first use. */
export function perRun<State>(create: () => State): (t: CheckContext) => State {
  const states = new WeakMap<object, State>();
  return (t) => {
    let state = states.get(t.config);
    if (state === undefined) {
      state = create();
      states.set(t.config, state);
    }
    return state;
  };
}
