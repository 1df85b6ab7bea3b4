import type { FaultDefinition } from '../contract.js';

/** Keeps the literal ids of a fault list, so that FaultId (./index.ts) is their union. */
export const defineFaults = <Id extends string>(faults: FaultDefinition<Id>[]): FaultDefinition<Id>[] =>
  faults;
