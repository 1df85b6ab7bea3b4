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
import { readersFaults } from './readers.js';
import { safetyFaults } from './safety.js';

const catalogue = [
  ...httpFaults,
  ...eventFaults,
  ...reactionsFaults,
  ...messagesFaults,
  ...channelsFaults,
  ...fuzzFaults,
  ...readersFaults,
  ...safetyFaults,
];

/** Every fault id of the catalogue. */
export type FaultId = (typeof catalogue)[number]['id'];

export const faultCatalogue: FaultDefinition<FaultId>[] = catalogue;

/**
 * Faults that go together (`--fault <preset>`): 'first-week' is a young server of another lineage —
 * every result in an envelope, errors answered 200, operations not implemented yet, READY sent unasked as
 * an EVENT (op 0) (issue 32: the causes "What to fix first" names).
 */
export const faultPresets = {
  'first-week': [
    'results-data-envelope',
    'errors-200-message-body',
    'declared-operation-501',
    'channel-mute-not-implemented',
    'ws-ready-unasked-op0',
  ],
} as const satisfies Record<string, readonly FaultId[]>;

/** Is this fault switched on? Typed, so that only catalogue ids compile. */
export type FaultSwitch = (id: FaultId) => boolean;
