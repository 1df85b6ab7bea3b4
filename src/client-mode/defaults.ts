/** Client-mode defaults, apart from run.ts: `conformance client --help` shows them without loading the run. */
export const CLIENT_DEFAULTS = {
  scenarioTimeoutMs: 15_000,
  /** --listen: a scenario is over when the client has been quiet this long after its first request. */
  idleMs: 2_000,
} as const;
