/**
 * Reaction faults beyond src/reference/faults/http.ts: the operation removes the wrong reactions, so the
 * "left in place" halves of the reaction checks (suites/reactions.ts) have a fault to catch.
 * Implemented in src/reference/operations/reactions.ts (reactionDelete, reactionClear).
 */
import { defineFaults } from './define.js';

export const reactionsFaults = defineFaults([
  {
    id: 'reaction-delete-ignores-user-id',
    rules: ['REACTION-DELETE-1'],
    description: "reaction.delete with another user's user_id removes the caller's own reaction instead.",
    detectedBy: ['reaction.delete/removes-given-users-reaction'],
  },
  {
    id: 'reaction-clear-ignores-emoji-id',
    rules: ['REACTION-CLEAR-1'],
    description: 'reaction.clear with emoji_id clears every reaction of the message, not only that emoji.',
    detectedBy: ['reaction.clear/emoji-clears-that-emoji-only'],
  },
]);
