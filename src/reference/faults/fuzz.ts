/**
 * Faults only generated inputs find (issue 23, `conformance fuzz`): no fixed check sends the content or the
 * sequence that shows them. `foundBy: 'fuzz'` takes them out of the check matrix of `npm run faults`;
 * scripts/fuzz-faults.ts proves each is found by `conformance fuzz` within its default budget.
 * Implemented in src/reference/operations/messages.ts and operations/channels.ts.
 */
import { defineFaults } from './define.js';

export const fuzzFaults = defineFaults([
  {
    id: 'message-content-combining-500',
    rules: ['MSG-CREATE-1'],
    description:
      'message.create crashes (500) on content holding a combining mark (U+0300–U+036F): a normaliser that throws.',
    foundBy: 'fuzz',
  },
  {
    id: 'message-content-astral-lost',
    rules: ['MSG-CREATE-1', 'MSG-UPDATE-1', 'MSG-GET-1'],
    description:
      "message.create and message.update store every character outside the Basic Multilingual Plane as '?' (a 3-byte UTF-8 column): the content does not read back.",
    foundBy: 'fuzz',
  },
  {
    id: 'message-list-keeps-deleted-updated',
    rules: ['MSG-DELETE-1', 'MSG-LIST-0'],
    description:
      'A message edited and then deleted is gone from message.get but still listed by message.list (a stale list cache).',
    foundBy: 'fuzz',
  },
  {
    id: 'channel-list-stale-after-update',
    rules: ['CHAN-UPDATE-1', 'CHAN-LIST-1'],
    description:
      "channel.list shows a channel's name from before its first channel.update; channel.get shows the new one.",
    foundBy: 'fuzz',
  },
]);
