/** Client-mode defaults, apart from run.ts: `conformance client --help` shows them without loading the run. */
export const CLIENT_DEFAULTS = {
  scenarioTimeoutMs: 15_000,
  /** --listen: a scenario is over when the client has been quiet this long after its first request. */
  idleMs: 2_000,
  /** CONFORMANCE_HEARTBEAT_MS: the heartbeat a client may honour in the event scenarios (de-facto 10 s). */
  heartbeatMs: 1_000,
} as const;
