/**
 * The fault catalogue of the reference implementation: HTTP faults, then event faults. FaultId is the
 * union of its ids, and every `fault('<id>')` switch takes a FaultId, so a misspelt id fails to compile.
 * Where a fault acts: ../README.md.
 */
import type { FaultDefinition } from '../contract.js';
import { channelsFaults } from './channels.js';
import { eventFaults } from './events.js';
import { fuzzFaults } from './fuzz.js';
import { httpFaults } from './http.js';
import { messagesFaults } from './messages.js';
import { reactionsFaults } from './reactions.js';

const catalogue = [
  ...httpFaults,
  ...eventFaults,
  ...reactionsFaults,
  ...messagesFaults,
  ...channelsFaults,
  ...fuzzFaults,
];

/** Every fault id of the catalogue. */
export type FaultId = (typeof catalogue)[number]['id'];

export const faultCatalogue: FaultDefinition<FaultId>[] = catalogue;

/** Is this fault switched on? Typed, so that only catalogue ids compile. */
export type FaultSwitch = (id: FaultId) => boolean;
