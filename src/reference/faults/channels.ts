/**
 * Channel faults added by the channels suite, implemented in src/reference/operations/channels.ts
 * (channelMute) behind `fault('<id>')`.
 */
import { defineFaults } from './define.js';

export const channelsFaults = defineFaults([
  {
    id: 'channel-mute-not-implemented',
    rules: ['CHAN-MUTE-1'],
    description:
      'channel.mute answers 501 Not Implemented, as adapters that skip the experimental operations do.',
    detectedBy: ['channel.mute/accepts-duration'],
  },
]);
