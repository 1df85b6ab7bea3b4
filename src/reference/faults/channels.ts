/**
 * Channel faults added by the channels suite, implemented in src/reference/operations.ts (channelMute)
 * behind `fault('<id>')`.
 */
import type { FaultDefinition } from '../contract.js';

export const channelsFaults: FaultDefinition[] = [
  {
    id: 'channel-mute-not-implemented',
    rules: ['CHAN-MUTE-1'],
    description:
      'channel.mute answers 501 Not Implemented, as adapters that skip the experimental operations do.',
    detectedBy: ['channel.mute/accepts-duration'],
  },
];
