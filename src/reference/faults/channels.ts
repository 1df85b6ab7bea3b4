/**
 * Channel faults added by the channels suite, implemented in src/reference/operations/channels.ts
 * (channelMute) and operations/messages.ts (refuseWhenMuted) behind `fault('<id>')`.
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
  {
    id: 'muted-post-500',
    rules: ['CHAN-MUTE-1', 'MEMBER-MUTE-1'],
    description:
      "A muted sender's message.create is refused with 500 instead of a 4xx (the mute itself works).",
    detectedBy: ['channel.mute/refusal-is-4xx', 'guild.member.mute/refusal-is-4xx'],
  },
  {
    id: 'channel-mute-timed-forever',
    rules: ['LIMIT-DURATION-MS', 'CHAN-MUTE-1'],
    description: 'channel.mute with any duration > 0 mutes the channel for good (duration 0 still unmutes).',
    detectedBy: ['channel.mute/duration-is-milliseconds'],
  },
]);
