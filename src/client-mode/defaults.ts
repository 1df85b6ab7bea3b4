import { tr } from '../i18n/index.js';

/** Client-mode defaults, apart from run.ts: `conformance client --help` shows them without loading the run. */
export const CLIENT_DEFAULTS = {
  scenarioTimeoutMs: 15_000,
  /** --listen: a scenario is over when the client has been quiet this long after its first request. */
  idleMs: 2_000,
  /** CONFORMANCE_HEARTBEAT_MS: the heartbeat a client may honour in the event scenarios (de-facto 10 s). */
  heartbeatMs: 1_000,
} as const;

/**
 * What the machine's load leaves undecided (the clear of such an undecided in suites/client/events.ts):
 * run beside other scenarios, such a scenario is run again alone, as a serial run would have run it
 * (run.ts). Here, not in run.ts, so that the scenarios load without the engine.
 */
export const LOAD_CLEAR = 'run the client scenarios on a less busy machine';

/** LOAD_CLEAR in the language of the run in progress: what a scenario says (LOAD_CLEAR in English). */
export const loadClear = (): string => tr`run the client scenarios on a less busy machine`;

/** Whether an undecided's clear is the machine's load, said in English or in the run's language. */
export const isLoadClear = (clear: string | undefined): boolean =>
  clear !== undefined && (clear === LOAD_CLEAR || clear === loadClear());
