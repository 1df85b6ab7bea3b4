/**
 * The embedded reference implementation (--embedded) and its fault catalogue. startReference itself
 * refuses unknown faults, variants and bounds with a ConfigurationError (exit 2).
 */
import type { FaultDefinition } from './reference/contract.js';
import { faultCatalogue } from './reference/index.js';

export { startReference as startEmbedded } from './reference/index.js';

/** The faults the checks detect (npm run faults): the catalogue less those only fuzz finds (foundBy). */
export const loadFaultCatalogue = (): readonly FaultDefinition[] =>
  faultCatalogue.filter((fault) => fault.foundBy !== 'fuzz');

/** The faults only `conformance fuzz` finds (scripts/fuzz-faults.ts proves it). */
export const loadFuzzFaults = (): readonly FaultDefinition[] =>
  faultCatalogue.filter((fault) => fault.foundBy === 'fuzz');
