/**
 * Faults that test the checker's safety as much as its verdicts (issue 49 item 6), implemented in
 * src/reference/operations/channels.ts and roles.ts behind `fault('<id>')`.
 */
import { defineFaults } from './define.js';

export const safetyFaults = defineFaults([
  {
    id: 'create-500-after-create',
    rules: ['CHAN-CREATE-1', 'ROLE-CREATE-1'],
    description:
      'channel.create and guild.role.create create the channel or role, then answer 500 (a failure after the write): the checker must find what it may have created, by the name it chose, and undo it or report it possibly created.',
  },
]);
