/**
 * Message faults beyond src/reference/faults/http.ts: off-by-one pagination tokens (a gap, a repeat),
 * a handler that does not read its named fields from the JSON body, and a crash on a wrong-typed field.
 * Implemented in src/reference/operations/messages.ts (messageList, messageGet).
 */
import { defineFaults } from './define.js';

export const messagesFaults = defineFaults([
  {
    id: 'message-list-token-skips-one',
    rules: ['MSG-LIST-6', 'GEN-6'],
    description: "message.list with a 'before' token skips the message just below it: a walk has gaps.",
    detectedBy: [
      'message.list/next-walk-visits-every-created-message',
      'message.list/markers-absent-exactly-at-the-end',
    ],
  },
  {
    id: 'message-list-token-inclusive',
    rules: ['MSG-LIST-6', 'GEN-6'],
    description:
      "message.list with a 'before' token lists the token's own message again: a walk repeats one per page.",
    detectedBy: [
      'message.list/next-walk-visits-every-created-message',
      'message.list/markers-absent-exactly-at-the-end',
    ],
  },
  {
    id: 'message-list-ignores-body',
    rules: ['GEN-2'],
    description:
      'message.list reads its fields from the query string, not from the JSON body: it answers 400.',
    detectedBy: ['http/operations-answer-post-with-named-fields'],
  },
  {
    id: 'message-get-wrong-type-500',
    rules: ['CONV-HTTP-NO-5XX'],
    description: 'message.get crashes (500) when a field has the wrong type, e.g. message_id as an object.',
    detectedBy: ['http/wrong-typed-field-is-4xx'],
  },
  {
    id: 'message-delete-500',
    rules: ['MSG-DELETE-1'],
    description: 'message.delete answers 500 to every request and deletes nothing.',
    detectedBy: ['message.delete/removes-the-message'],
  },
  {
    id: 'message-list-direction-ignored',
    rules: ['GEN-6', 'MSG-LIST-6'],
    description:
      "message.list ignores `direction`: every page, 'after' and 'around' included, lists the messages before the token (or the latest).",
    detectedBy: ['message.list/after-walk-reaches-the-latest'],
  },
]);
