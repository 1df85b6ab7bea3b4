/** Starts the embedded reference implementation (--embedded) and exposes its fault catalogue. */
import type { FaultDefinition, ReferenceOptions, ReferenceServer } from '../reference/contract.js';
import { faultCatalogue, startReference } from '../reference/index.js';
import { ConfigurationError } from './errors.js';

export async function startEmbedded(options: ReferenceOptions): Promise<ReferenceServer> {
  const known = new Set(faultCatalogue.map((fault) => fault.id));
  const unknown = (options.faults ?? []).filter((id) => !known.has(id));
  if (unknown.length) {
    throw new ConfigurationError(
      `Unknown fault ${unknown.map((id) => `'${id}'`).join(', ')}: see \`npm run faults\` or src/reference/faults for the ids.`,
    );
  }
  try {
    return await startReference(options);
  } catch (error) {
    const message = (error as Error).message;
    if (/fault|variant|limit/i.test(message)) throw new ConfigurationError(message);
    throw error;
  }
}

/** The reference's fault catalogue (npm run faults). */
export const loadFaultCatalogue = (): readonly FaultDefinition[] => faultCatalogue;
