/**
 * The embedded reference implementation (--embedded) and its fault catalogue. startReference itself
 * refuses unknown faults, variants and bounds with a ConfigurationError (exit 2).
 */
import type { FaultDefinition } from './reference/contract.js';
import { faultCatalogue } from './reference/index.js';

export { startReference as startEmbedded } from './reference/index.js';

/** The reference's fault catalogue (npm run faults). */
export const loadFaultCatalogue = (): readonly FaultDefinition[] => faultCatalogue;
