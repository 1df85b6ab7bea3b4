/** The embedded reference implementation (contract: ./contract.ts). */
export * from './contract.js';
export { type FaultId, faultCatalogue } from './faults/index.js';
export { BASE_PATH, CONTROL_PATH, DEFAULT_LIMIT_BOUND, DEFAULT_TOKENS, startReference } from './server.js';
export {
  maskedFaults,
  resolveTolerances,
  type ToleranceDefinition,
  type ToleranceId,
  toleranceCatalogue,
  tolerancePresets,
} from './tolerances/index.js';
export { SEED } from './world.js';
