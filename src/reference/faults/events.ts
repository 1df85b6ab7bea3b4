/**
 * Event faults of the reference implementation, implemented in src/reference/events/hub.ts.
 * Each breaks the rules it names; detectedBy is filled in as the event suites are written.
 */
import { eventRuleId } from '../../../spec/rules.js';
import type { FaultDefinition } from '../contract.js';

/** detectedBy: the event-suite checks (suites/events*.ts) that fail with the fault on over WebSocket. */
const fault = <Id extends string>(
  id: Id,
  rules: string[],
  description: string,
  detectedBy: string[] = [],
): FaultDefinition<Id> => ({
  id,
  rules,
  description,
  detectedBy,
});

/** §6 table: for each event, the required resource whose absence tells the most. */
const DROPPED_RESOURCE = [
  ['message-created', 'user'],
  ['message-updated', 'channel'],
  ['message-deleted', 'message'],
  ['channel-added', 'guild'],
  ['channel-updated', 'channel'],
  ['channel-removed', 'guild'],
  ['guild-added', 'guild'],
  ['guild-updated', 'guild'],
  ['guild-removed', 'guild'],
  ['guild-request', 'guild'],
  ['guild-member-added', 'member'],
  ['guild-member-updated', 'user'],
  ['guild-member-removed', 'user'],
  ['guild-member-request', 'member'],
  ['guild-role-created', 'role'],
  ['guild-role-updated', 'role'],
  ['guild-role-deleted', 'guild'],
  ['reaction-added', 'emoji'],
  ['reaction-removed', 'emoji'],
  ['friend-request', 'user'],
] as const;

/** The id of a resource fault, typed from the table: `event-<event>-no-<resource>`. */
type DroppedResourceFaultId<Pair = (typeof DROPPED_RESOURCE)[number]> = Pair extends readonly [
  infer Event extends string,
  infer Resource extends string,
]
  ? `event-${Event}-no-${Resource}`
  : never;

const droppedResourceId = (event: string, resource: string) =>
  `event-${event}-no-${resource}` as DroppedResourceFaultId;

const DROPPED_RESOURCE_FAULTS: ReadonlyMap<string, DroppedResourceFaultId> = new Map(
  DROPPED_RESOURCE.map(([event, resource]) => [`${event}/${resource}`, droppedResourceId(event, resource)]),
);

/** The fault that drops `resource` from `event` events, if the catalogue has one (events/hub.ts). */
export const droppedResourceFault = (event: string, resource: string): DroppedResourceFaultId | undefined =>
  DROPPED_RESOURCE_FAULTS.get(`${event}/${resource}`);

/** [operation, event, rule]: the operation's change no longer emits its event. */
const MISSING_LINKS = [
  ['message.create', 'message-created', 'EVT-LINK-MESSAGE'],
  ['message.update', 'message-updated', 'EVT-LINK-MESSAGE'],
  ['message.delete', 'message-deleted', 'EVT-LINK-MESSAGE'],
  ['channel.create', 'channel-added', 'EVT-LINK-INFERRED'],
  ['guild.role.create', 'guild-role-created', 'EVT-LINK-INFERRED'],
  ['reaction.create', 'reaction-added', 'EVT-LINK-INFERRED'],
  ['guild.member.kick', 'guild-member-removed', 'EVT-LINK-INFERRED'],
  ['channel.update', 'channel-updated', 'EVT-LINK-INFERRED'],
  ['channel.delete', 'channel-removed', 'EVT-LINK-INFERRED'],
  ['guild.role.update', 'guild-role-updated', 'EVT-LINK-INFERRED'],
  ['guild.role.delete', 'guild-role-deleted', 'EVT-LINK-INFERRED'],
  ['reaction.delete', 'reaction-removed', 'EVT-LINK-INFERRED'],
  ['guild.member.role.set', 'guild-member-updated', 'EVT-LINK-INFERRED'],
] as const;

/** 'guild.member.kick' → 'guild-member-kick', at the type level too. */
type Dashed<S extends string> = S extends `${infer Head}.${infer Tail}` ? `${Head}-${Dashed<Tail>}` : S;
const missingLinkId = <Operation extends string>(operation: Operation) =>
  `event-missing-on-${operation.replaceAll('.', '-')}` as `event-missing-on-${Dashed<Operation>}`;

export const eventFaults = [
  ...DROPPED_RESOURCE.map(([event, resource]) =>
    fault(
      droppedResourceId(event, resource),
      [eventRuleId(event), 'GEN-4'],
      `${event} events are sent without their required ${resource}.`,
      [`event.${event}/required-resources`],
    ),
  ),
  ...MISSING_LINKS.map(([operation, event, rule]) =>
    fault(
      missingLinkId(operation),
      [rule],
      `${operation} makes its change but emits no ${event} (triggered ${event} events still flow).`,
      [`${operation}/emits-${event}`],
    ),
  ),
  fault('event-name-message-create', ['EVT-NAMES'], "message-created is sent as 'message-create'.", [
    'events.names/known-types',
  ]),
  fault(
    'event-name-reaction-deleted',
    ['EVT-NAMES'],
    "reaction-removed is sent as 'reaction-deleted' (as some type definitions of the family say).",
    ['events.names/known-types'],
  ),
  fault(
    'event-names-legacy',
    ['EVT-NAMES'],
    "The guild events go out under the family's legacy names: guild-added as 'group-added', guild-updated as 'group-updated', guild-removed as 'group-deleted', and guild-member-added/-updated/-removed as 'group-member-added'/'-updated'/'-deleted' (issue 46).",
    ['events.names/known-types', 'event.guild-added/required-resources'],
  ),
  fault(
    'event-envelope-legacy',
    ['CONV-EVENT-ENVELOPE', 'CONV-WS-SN'],
    'EVENT bodies use the older envelope: id instead of sn, platform and self_id instead of login.',
    ['events.stream/envelope-fields'],
  ),
  fault(
    'event-sn-repeated',
    ['CONV-WS-SN'],
    'Every sn is sent twice (1, 1, 2, 2 …): not strictly increasing.',
    ['events.stream/sn-strictly-increases'],
  ),
  fault('event-sn-decreasing', ['CONV-WS-SN'], 'sn counts down from 999999 instead of up.', [
    'events.stream/sn-strictly-increases',
  ]),
  fault('ws-ready-no-logins', ['CONV-WS-READY'], 'READY is sent with an empty body, without logins.', [
    'events.ws/ready-lists-logins',
  ]),
  fault(
    'ws-no-ready',
    ['CONV-WS-READY'],
    'IDENTIFY is never answered with READY; the socket is identified all the same and events flow.',
    ['events.ws/ready-lists-logins'],
  ),
  fault(
    'ws-ready-unasked-op0',
    ['CONV-WS-READY'],
    "READY's body is sent unasked on connection as an EVENT (op 0, {logins}, no type), never as op 4; events flow after IDENTIFY.",
    ['events.ws/ready-lists-logins'],
  ),
  fault(
    'ws-identify-unanswered',
    ['CONV-WS-READY'],
    'IDENTIFY is taken and never answered: the socket stays open with no READY and no event.',
    ['events.ws/ready-lists-logins'],
  ),
  fault('ws-no-pong', ['CONV-WS-PING'], 'PING frames are never answered with PONG.', [
    'events.ws/ping-answered-with-pong',
  ]),
  fault(
    'ws-resume-ignored',
    ['CONV-WS-RESUME'],
    'IDENTIFY with sn is answered with READY but nothing is replayed.',
    ['events.ws/resume-replays-missed'],
  ),
  fault(
    'ws-events-before-identify',
    ['CONV-WS-IDENTIFY-FIRST'],
    'Sockets that have not identified receive every event.',
    ['events.ws/no-events-before-identify'],
  ),
  fault(
    'ws-bad-token-accepted',
    ['CONV-WS-AUTH'],
    'IDENTIFY with a wrong token is answered with READY (every login) instead of close 4004.',
    ['events.ws/wrong-token-refused'],
  ),
  // Only webhook deliveries can show these: the matrix runs them with --events webhook.
  {
    ...fault('webhook-no-opcode', ['CONV-WEBHOOK'], 'Webhook deliveries carry no Satori-Opcode header.'),
    runWith: { events: 'webhook' as const },
  },
  {
    ...fault('webhook-no-auth', ['CONV-WEBHOOK'], 'Webhook deliveries carry no Authorization header.'),
    runWith: { events: 'webhook' as const },
  },
];
