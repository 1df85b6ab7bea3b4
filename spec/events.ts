/**
 * Event catalogue: the 20 events of spec §6 with their trigger, required resources, rule id and the
 * operations linked to them ('stated' by §6, 'inferred' from what the operation changes, or 'answers'
 * for the request events), and the event body schemas of the de-facto envelope (resources at top level).
 */
import { getOperation, RESOURCE_SCHEMAS, resourceRef, unknownNameError } from './catalogue.js';
import type { ResourceKey } from './operation-shape.js';
import { type EventName, eventRuleId, type RuleId } from './rules.js';
import type { JsonSchema } from './schema-files.js';

export interface EventLink {
  operation: string;
  /** 'stated': §6 names the link; 'inferred': the operation makes the change; 'answers': it answers the request. */
  kind: 'stated' | 'inferred' | 'answers';
  /** When the link only holds for some calls, e.g. 'approve = true'. */
  condition?: string;
}

export interface EventDefinition {
  /** kebab-case identifier (§6). */
  name: string;
  trigger: string;
  requiredResources: readonly ResourceKey[];
  /** The rule of this §6 row (e.g. EVT-MESSAGE-CREATED). */
  rule: RuleId;
  links: readonly EventLink[];
}

const stated = (operation: string): EventLink => ({ operation, kind: 'stated' });
const inferred = (operation: string, condition?: string): EventLink =>
  condition ? { operation, kind: 'inferred', condition } : { operation, kind: 'inferred' };
const answers = (operation: string): EventLink => ({ operation, kind: 'answers' });

const event = (
  name: EventName,
  trigger: string,
  requiredResources: ResourceKey[],
  links: EventLink[] = [],
): EventDefinition => ({ name, trigger, requiredResources, rule: eventRuleId(name), links });

const APPROVED = 'approve = true';

/** The 20 events of §6, in table order. */
export const events: readonly EventDefinition[] = [
  event(
    'message-created',
    'a message is created',
    ['channel', 'message', 'user'],
    [stated('message.create')],
  ),
  event(
    'message-updated',
    'a message is updated',
    ['channel', 'message', 'user'],
    [stated('message.update')],
  ),
  event(
    'message-deleted',
    'a message is deleted',
    ['channel', 'message', 'user'],
    [stated('message.delete')],
  ),
  event(
    'channel-added',
    'a channel is created or becomes visible to the SDK',
    ['guild', 'channel'],
    [inferred('channel.create')],
  ),
  event('channel-updated', 'a channel is updated', ['guild', 'channel'], [inferred('channel.update')]),
  event(
    'channel-removed',
    'a channel is deleted or becomes invisible to the SDK',
    ['guild', 'channel'],
    [inferred('channel.delete')],
  ),
  event(
    'guild-added',
    'a guild is created or becomes visible to the SDK',
    ['guild'],
    [inferred('guild.approve', APPROVED)],
  ),
  event('guild-updated', 'a guild is updated', ['guild']),
  event('guild-removed', 'a guild is deleted or becomes invisible to the SDK', ['guild']),
  event(
    'guild-request',
    'a new guild invitation is received (answered with guild.approve)',
    ['guild'],
    [answers('guild.approve')],
  ),
  event(
    'guild-member-added',
    'a guild member is added',
    ['guild', 'member', 'user'],
    [inferred('guild.member.approve', APPROVED)],
  ),
  event(
    'guild-member-updated',
    'guild member information is updated',
    ['guild', 'member', 'user'],
    [inferred('guild.member.role.set'), inferred('guild.member.role.unset')],
  ),
  event(
    'guild-member-removed',
    'a guild member is removed',
    ['guild', 'member', 'user'],
    [inferred('guild.member.kick')],
  ),
  event(
    'guild-member-request',
    'a new guild join request is received (answered with guild.member.approve)',
    ['guild', 'member', 'user'],
    [answers('guild.member.approve')],
  ),
  event('guild-role-created', 'a guild role is created', ['guild', 'role'], [inferred('guild.role.create')]),
  event('guild-role-updated', 'a guild role is updated', ['guild', 'role'], [inferred('guild.role.update')]),
  event('guild-role-deleted', 'a guild role is deleted', ['guild', 'role'], [inferred('guild.role.delete')]),
  event('reaction-added', 'a reaction is added', ['emoji'], [inferred('reaction.create')]),
  event(
    'reaction-removed',
    'a reaction is removed',
    ['emoji'],
    [inferred('reaction.delete'), inferred('reaction.clear')],
  ),
  event(
    'friend-request',
    'a new friend request is received (answered with friend.approve)',
    ['user'],
    [answers('friend.approve')],
  ),
];

// Every linked operation must exist: a typo here would silently drop a link.
for (const definition of events) for (const link of definition.links) getOperation(link.operation);

const byName = new Map(events.map((definition) => [definition.name, definition]));

/** The event with this name; throws with near matches on an unknown name. */
export function getEvent(name: string): EventDefinition {
  const definition = byName.get(name);
  if (!definition) throw unknownNameError('event', name, [...byName.keys()]);
  return definition;
}

/** The events an operation is linked to, with the kind of link. */
export function eventsOf(operation: string): { event: string; link: EventLink }[] {
  const path = getOperation(operation).path;
  return events.flatMap((definition) =>
    definition.links
      .filter((link) => link.operation === path)
      .map((link) => ({ event: definition.name, link })),
  );
}

/**
 * Schema of an event body in the de-facto envelope: `type` is the event name and every required resource
 * sits at the top level, valid against its resource schema. Other envelope fields are left to 'envelope'.
 */
export function eventSchema(name: string, variants: Readonly<Record<string, string>> = {}): JsonSchema {
  const definition = getEvent(name);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${name} event`,
    type: 'object',
    required: ['type', ...definition.requiredResources],
    properties: {
      type: { type: 'string', const: name },
      ...Object.fromEntries(
        definition.requiredResources.map((key) => [key, resourceRef(RESOURCE_SCHEMAS[key], variants)]),
      ),
    },
  };
}
