/** The fault catalogue of the reference implementation: HTTP faults, then event faults. */
import type { FaultDefinition } from '../contract.js';
import { channelsFaults } from './channels.js';
import { eventFaults } from './events.js';
import { httpFaults } from './http.js';
import { messagesFaults } from './messages.js';
import { reactionsFaults } from './reactions.js';

export const faultCatalogue: FaultDefinition[] = [
  ...httpFaults,
  ...eventFaults,
  ...reactionsFaults,
  ...messagesFaults,
  ...channelsFaults,
];
