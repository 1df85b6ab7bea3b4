/**
 * Reader faults: a read that cannot tell a member or a friend from a stranger (issue 41 item 3). Checks
 * that judge membership or friendship trust a reader only once it told them apart (suites/_lib/readers.ts).
 * Implemented in src/reference/operations/friends.ts (friendList) and members.ts (memberGet).
 */
import { defineFaults } from './define.js';

export const readersFaults = defineFaults([
  {
    id: 'friend-list-items-are-users',
    rules: ['FRIEND-LIST-1', 'RES-FRIEND'],
    description:
      'friend.list lists User objects (the id at the top level, no `user`) instead of Friend objects (§2: a Friend carries its user under `user`).',
    detectedBy: ['friend.list/walks-friends', 'friend.approve/approve-adds-requester'],
  },
  {
    id: 'member-get-answers-any-id',
    rules: ['MEMBER-GET-1'],
    description:
      'guild.member.get answers 200 with a member made from any user id, a member of the guild or not.',
    detectedBy: ['guild.member.get/refuses-a-non-member'],
  },
  {
    id: 'member-get-empty-200-unparseable',
    rules: ['MEMBER-GET-1'],
    description:
      'guild.member.get answers 200 with an empty body to a user id it cannot parse (not digits), and a member made from any other id, a member of the guild or not (issue 46: an empty 200 is no refusal).',
    detectedBy: ['guild.member.get/refuses-a-non-member'],
  },
]);
