/**
 * Helpers of the event suites (§6): reading event bodies, judging event names, probing the run's
 * WebSocket, and causing events through the interface or the trigger. Every thing created to cause an
 * event is tracked with the ledger at once; a failed precondition skips the check with the reason.
 */
import { events as eventCatalogue } from '../../spec/events.js';
import type { ProbeTarget } from '../../src/events/probes.js';
import { englishOf, tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext, ObservedEvent } from '../../src/runner/check.js';
import { snOf } from './judge.js';
import { brief, idOf, statusOf, uniqueName } from './lists.js';
import { postMessage } from './messages.js';
import { offers, requireOffered } from './offered.js';

/** The §6 event names, in table order. */
export const EVENT_NAMES: readonly string[] = eventCatalogue.map((definition) => definition.name);

/**
 * Names the protocol family uses beyond §6 (de-facto-conventions.md "Events"): observed, never failed.
 */
export const FAMILY_EVENT_NAMES: readonly string[] = [
  'guild-emoji-added',
  'guild-emoji-updated',
  'guild-emoji-deleted',
  'login-added',
  'login-removed',
  'login-updated',
  'interaction/button',
  'interaction/command',
  'internal',
];

/** Wrong names seen in the family for §6 events (some type definitions say reaction-deleted). */
export const KNOWN_ALIASES: Readonly<Record<string, string>> = {
  'reaction-deleted': 'reaction-removed',
  'reaction-created': 'reaction-added',
  'message-removed': 'message-deleted',
  'channel-created': 'channel-added',
  'channel-deleted': 'channel-removed',
  'guild-created': 'guild-added',
  'guild-deleted': 'guild-removed',
  'guild-member-deleted': 'guild-member-removed',
  'friend-requested': 'friend-request',
};

/** Levenshtein distance (small strings only). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The §6 name an observed type misspells, or undefined: a known alias, or within two edits of a §6 name.
 * §6 names themselves and the family's other names (login-added …) are not misspellings.
 */
export function misspellingOf(type: string): string | undefined {
  if (EVENT_NAMES.includes(type) || FAMILY_EVENT_NAMES.includes(type)) return undefined;
  if (KNOWN_ALIASES[type]) return KNOWN_ALIASES[type];
  const normalised = type.toLowerCase().replace(/[_\s]+/g, '-');
  if (EVENT_NAMES.includes(normalised)) return normalised;
  let best: { name: string; distance: number } | undefined;
  for (const name of EVENT_NAMES) {
    const distance = editDistance(normalised, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= 2 ? best.name : undefined;
}

/** The verbs of a change, by the §6 word they mean (a legacy name says `deleted` for `removed`, …). */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  added: 'added',
  created: 'added',
  joined: 'added',
  new: 'added',
  updated: 'updated',
  changed: 'updated',
  edited: 'updated',
  removed: 'removed',
  deleted: 'removed',
  left: 'removed',
  request: 'request',
  requested: 'request',
};

const wordsOf = (type: string): string[] => type.toLowerCase().split(/[-_./\s]+/);

/** What kind of change a name says by its last word ('guild-role-created' → 'added'), or undefined. */
const actionOf = (type: string): string | undefined => ACTION_WORDS[wordsOf(type).pop() ?? ''];

/**
 * Whether a name's subject adds words to a §6 subject ('guild-sticker-added' to guild): a change of
 * something more specific, which §6 does not name, rather than a §6 change named otherwise.
 */
const extendsASubject = (type: string): boolean => {
  const subject = wordsOf(type).slice(0, -1);
  return eventCatalogue.some((definition) => {
    const shown = wordsOf(definition.name).slice(0, -1);
    return shown.length < subject.length && shown.every((word) => subject.includes(word));
  });
};

/**
 * The §6 event an event of another name stands for, from what it carries (generalizes KNOWN_ALIASES to
 * names nobody listed, e.g. the legacy `group-added`): its name says the same kind of change (added,
 * updated, removed, request) and it carries every required resource of exactly one such §6 event with the
 * most of them. A §6 name, a family name, a name that says no change or one of something more specific
 * than a §6 subject ('guild-sticker-added') stands for nothing.
 */
export function standsFor(event: ObservedEvent): string | undefined {
  const { type } = event;
  if (EVENT_NAMES.includes(type) || FAMILY_EVENT_NAMES.includes(type)) return undefined;
  const action = actionOf(type);
  if (!action || extendsASubject(type) || typeof event.body !== 'object' || event.body === null)
    return undefined;
  const carries = (key: string) => typeof event.body[key] === 'object' && event.body[key] !== null;
  const fitting = eventCatalogue.filter(
    (definition) => actionOf(definition.name) === action && definition.requiredResources.every(carries),
  );
  const most = Math.max(0, ...fitting.map((definition) => definition.requiredResources.length));
  const best = fitting.filter((definition) => definition.requiredResources.length === most);
  return best.length === 1 ? best[0].name : undefined;
}

/** The §6 event an event of another name is, by its name (misspellingOf) or by what it carries (standsFor). */
export const meantEventOf = (event: ObservedEvent): string | undefined =>
  misspellingOf(event.type) ?? standsFor(event);

/**
 * Why no `name` event came though the change did, when it came under another name: "the change came as
 * `group-added`, not `guild-added` (§6)", else undefined. `events`: those the wait could have seen.
 */
export function cameUnderAnotherName(events: readonly ObservedEvent[], name: string): string | undefined {
  const others = [
    ...new Set(events.filter((event) => meantEventOf(event) === name).map((event) => event.type)),
  ];
  if (others.length === 0) return undefined;
  return tr`the change came as ${others.map((type) => `\`${type}\``).join(', ')}, not \`${name}\` (§6)`;
}

/**
 * The types of `events` that name a §6 event otherwise, as "'group-added' (×24) for 'guild-added'": a
 * misspelling (misspellingOf), or a name whose events stand for a §6 event (standsFor) that the run caused
 * and waited for in vain (`missedBy`) and never received under its own name.
 */
export function misnamedTypes(
  events: readonly ObservedEvent[],
  missedBy: (type: string) => string | undefined,
): string[] {
  const received = new Set(events.map((event) => event.type));
  const meant = new Map<string, { name: string; count: number }>();
  for (const event of events) {
    const spelt = misspellingOf(event.type);
    const stood = spelt ? undefined : standsFor(event);
    const name = spelt ?? (stood && !received.has(stood) && missedBy(stood) ? stood : undefined);
    if (!name) continue;
    const known = meant.get(event.type);
    meant.set(event.type, { name: known?.name ?? name, count: (known?.count ?? 0) + 1 });
  }
  return [...meant].map(([type, { name, count }]) => tr`'${type}' (×${count}) for '${name}'`);
}

/** The checks that cause the §6 events the run lacks (suites/events.ts): a judge of every event starts after them. */
export const EVENT_CAUSING_CHECKS: readonly string[] = eventCatalogue.map(
  (definition) => `event.${definition.name}/required-resources`,
);

/** The id of a top-level resource of an event body (event.message.id …), when it is a string. */
export const resourceId = (event: ObservedEvent, resource: string): string | undefined =>
  idOf(event.body?.[resource]);

/** The user id of an event: user.id, else member.user.id. */
export const eventUserId = (event: ObservedEvent): string | undefined =>
  idOf(event.body?.user) ?? idOf(event.body?.member?.user);

/** Problems of an event body against its §6 event schema (type + required resources, §1 rule 4). */
export const eventProblems = (t: CheckContext, event: ObservedEvent, name: string): string[] =>
  t.schemaProblems(`event:${name}`, event.body);

/** A short JSON rendering of an event for `observed`. */
export const describeEvent = (event: ObservedEvent | undefined): string => {
  if (!event) return tr`none`;
  return brief(event.body, 400);
};

/** The distinct types among events, for messages. */
export const typesOf = (events: readonly ObservedEvent[]): string =>
  events.length ? [...new Set(events.map((event) => event.type))].join(', ') : tr`none`;

/** The run's WebSocket as a probe target; skips when events come by webhook. */
export function wsProbeTarget(t: CheckContext): ProbeTarget & { selfId?: string } {
  const transport = t.events.transport;
  if (!transport) t.skip(tr`the event stream of this run does not say where it is: nothing to probe`);
  if (transport.kind !== 'ws') {
    t.skip(tr`events come by webhook in this run: the WebSocket lifecycle is checked with --events ws`);
  }
  return {
    url: transport.url,
    timeoutMs: t.events.timeoutMs,
    ...(transport.token === undefined ? {} : { token: transport.token }),
    ...(transport.selfId === undefined ? {} : { selfId: transport.selfId }),
    ...(transport.headers === undefined ? {} : { headers: transport.headers }),
  };
}

/** Skips with `reason` when an event that a precondition needs does not arrive within the event timeout. */
export async function awaitPrecondition(
  t: CheckContext,
  predicate: (event: ObservedEvent) => boolean,
  reason: string,
  /** The event's type: when a check of the run already waited for one in vain, the skip comes at once. */
  type?: string,
): Promise<ObservedEvent> {
  const seen = await t.events.tryWaitFor(predicate, 0);
  if (seen) return seen;
  const missedBy = type && t.events.missedBy(type);
  if (missedBy) t.skip(tr`precondition failed: ${reason} (${missedBy} waited for a ${type} event in vain)`);
  const event = await t.events.tryWaitFor(predicate, undefined, type ? { type } : {});
  if (!event) t.skip(tr`precondition failed: ${reason} within ${t.events.timeoutMs} ms (--event-timeout)`);
  return event;
}

/**
 * The event `matches` caused after `mark` (by this check, or by a shared observation another check made before this one started):
 * found among the events since the mark, else waited for (--event-timeout; a miss is recorded for `type`).
 */
export async function eventSince(
  t: CheckContext,
  mark: number,
  type: string,
  matches: (event: ObservedEvent) => boolean,
): Promise<ObservedEvent | undefined> {
  const wanted = (event: ObservedEvent) => event.type === type && matches(event);
  const seen = t.events.since(mark).find(wanted);
  if (seen) return seen;
  // None since the mark matches: only an event still to come can (not one from before the mark).
  const known = new Set(t.events.all());
  return t.events.tryWaitFor((event) => !known.has(event) && wanted(event), undefined, { type });
}

/**
 * Waits for the event an operation should have caused. Fails with what arrived instead: events of the
 * right type not matching (e.g. another message id), or none at all.
 */
export async function expectCausedEvent(
  t: CheckContext,
  options: {
    cause: string;
    type: string;
    /** What the event must carry, in words, e.g. 'message.id 123 and channel.id 4'. */
    carrying: string;
    matches: (event: ObservedEvent) => boolean;
    /** t.events.mark() taken before the operation. */
    mark: number;
  },
): Promise<ObservedEvent | undefined> {
  const { type, matches } = options;
  const event = await eventSince(t, options.mark, type, matches);
  const since = t.events.since(options.mark);
  const sameType = since.filter((candidate) => candidate.type === type);
  const renamed = cameUnderAnotherName(since, type);
  t.expect(
    event !== undefined,
    tr`${options.cause} causes a ${type} event carrying ${options.carrying} within ${t.events.timeoutMs} ms (§6)`,
    sameType.length
      ? tr`${sameType.length} ${type} event(s) arrived, none carrying ${options.carrying}; the first: ${describeEvent(sameType[0])}`
      : renamed
        ? tr`no ${type} event: ${renamed}`
        : tr`no ${type} event (types seen since the operation: ${typesOf(since)})`,
  );
  return event;
}

/** Runs `cause` and turns a missing trigger into a skip that says what could not be caused. */
export async function triggering<T>(t: CheckContext, what: string, cause: () => Promise<T>): Promise<T> {
  try {
    return await cause();
  } catch (error) {
    if ((error as Error)?.name === 'CheckSkip') t.skip(tr`${what}: ${(error as Error).message}`);
    throw error;
  }
}

/** A precondition call: skips (not fails) the check when it is refused; the operation's own checks report it. */
export function requireOk(t: CheckContext, result: CallResult, what: string): void {
  if (!result.ok) t.skip(tr`precondition failed: ${what} answered ${statusOf(result)}`);
}

// ── Causing events through the interface (each creation tracked with the ledger at once) ──────────

export interface CreatedMessage {
  id: string;
  channelId: string;
}

/** message.create in the sandbox channel; tracked (undo message.delete). Skips when refused. */
export async function makeMessage(t: CheckContext, what: string): Promise<CreatedMessage> {
  const channelId = t.sandbox.channelId;
  const { result, ids } = await postMessage(t, uniqueName(what), channelId);
  requireOk(t, result, 'message.create');
  if (ids.length === 0)
    t.skip(tr`precondition failed: message.create returned no message id: ${statusOf(result)}`);
  return { id: ids[ids.length - 1], channelId };
}

/** Whether an event carries an sn (the de-facto envelope, or the older `id` it normalises to). */
export const hasSn = (event: ObservedEvent): boolean => typeof snOf(event) === 'number';

/**
 * The events with an sn the run's stream receives after `before` (the events it had then): the first
 * `count` of them, whatever their type (issue 41: an sn check judges any event that arrives). Where fewer
 * have come already, causes some through the interface — message.create, then message.update of that
 * message (a server that emits no message-created may still emit message-updated; each answer is left
 * unjudged here) — and waits for them (--event-timeout); fewer when fewer come.
 */
export async function eventsWithSn(
  t: CheckContext,
  before: ReadonlySet<ObservedEvent>,
  count: number,
  what: string,
): Promise<ObservedEvent[]> {
  const fresh = () => t.events.all().filter((event) => !before.has(event) && hasSn(event));
  if (fresh().length >= count) return fresh().slice(0, count);
  const channelId = t.sandbox.channelId;
  const { ids } = await postMessage(t, uniqueName(what), channelId);
  const messageId = ids[ids.length - 1];
  if (messageId !== undefined && offers(t, 'message.update'))
    await t.call('message.update', {
      channel_id: channelId,
      message_id: messageId,
      content: uniqueName(`${what}-edited`),
    });
  while (fresh().length < count) {
    const seen = new Set(fresh());
    const next = await t.events.tryWaitFor((event) => !before.has(event) && !seen.has(event) && hasSn(event));
    if (!next) break;
  }
  return fresh().slice(0, count);
}

/** channel.create of a text channel in the sandbox guild; tracked (undo channel.delete). Skips when refused or not offered. */
export async function makeChannel(t: CheckContext, what: string): Promise<string> {
  requireOffered(t, ['channel.create']);
  const guildId = t.sandbox.guildId;
  const name = uniqueName(what);
  const result = await t.call('channel.create', { guild_id: guildId, data: { name, type: 0 } });
  const id = result.ok ? idOf(result.body) : undefined;
  if (id !== undefined) {
    t.track({
      kind: 'channel',
      label: tr`channel ${id} (${name}) in guild ${guildId}`,
      undo: ['channel.delete', { channel_id: id }],
    });
  }
  requireOk(t, result, 'channel.create');
  if (id === undefined)
    t.skip(tr`precondition failed: channel.create returned no Channel id: ${statusOf(result)}`);
  return id;
}

/** §4.8: the role payload of guild.role.create/update is `data` in one variant, `role` in the other. */
export const rolePayload = (t: CheckContext, role: Record<string, unknown>): Record<string, unknown> => ({
  [t.variants['role-payload'] === 'role' ? 'role' : 'data']: role,
});

/** guild.role.create in the sandbox guild; tracked (undo guild.role.delete). Skips when refused or not offered. */
export async function makeRole(t: CheckContext, what: string): Promise<string> {
  requireOffered(t, ['guild.role.create']);
  const guildId = t.sandbox.guildId;
  const name = uniqueName(what);
  const result = await t.call('guild.role.create', { guild_id: guildId, ...rolePayload(t, { name }) });
  const id = result.ok ? idOf(result.body) : undefined;
  if (id !== undefined) {
    t.track({
      kind: 'role',
      label: tr`role ${id} (${name}) in guild ${guildId}`,
      undo: ['guild.role.delete', { guild_id: guildId, role_id: id }],
    });
  }
  requireOk(t, result, 'guild.role.create');
  if (id === undefined)
    t.skip(tr`precondition failed: guild.role.create returned no role id: ${statusOf(result)}`);
  return id;
}

/** Tracks a role given to a member (undo: guild.member.role.unset with the same fields). */
export const trackRoleAssignment = (
  t: CheckContext,
  fields: { guild_id: string; user_id: string; role_id: string },
): void =>
  t.track({
    kind: 'role assignment',
    label: tr`role ${fields.role_id} of user ${fields.user_id} in guild ${fields.guild_id}`,
    undo: ['guild.member.role.unset', fields],
  });

/** The emoji of the reactions the event checks add: the first of --emoji, as the reactions suite uses. */
export const emojiIdOf = (t: CheckContext): string => t.config.emoji[0];

/** reaction.create by the current user on `message`; tracked (undo reaction.delete). Skips when refused. */
export async function makeReaction(
  t: CheckContext,
  message: CreatedMessage,
): Promise<Record<string, string>> {
  const emojiId = emojiIdOf(t);
  const fields = { channel_id: message.channelId, message_id: message.id, emoji_id: emojiId };
  const result = await t.call('reaction.create', fields);
  t.track({
    kind: 'reaction',
    label: tr`reaction ${emojiId} on message ${message.id}`,
    undo: ['reaction.delete', fields],
  });
  requireOk(t, result, 'reaction.create');
  return fields;
}

// ── Causing events through the trigger ──────────────────────────────────────────────────────────

/**
 * A guild made by the trigger (guild-added without guild_id: a new guild owned by the bot), tracked so that
 * the ledger removes it again (trigger guild-removed). The trigger's answer is no proof that the run made
 * it (issue 49 item 6): the guild must bear the unique name the run asked for, as the server shows it.
 */
export async function triggerOwnGuild(t: CheckContext, forEvent?: string): Promise<string> {
  let answer: unknown;
  const name = uniqueName('guild');
  try {
    answer = await t.trigger('guild-added', { name });
  } catch (error) {
    // Say which event the guild was for: a refused guild-added is not what the check was after. (No
    // trigger at all says so itself, once.)
    const message = (error as Error)?.message ?? '';
    if (
      forEvent === undefined ||
      (error as Error)?.name !== 'CheckSkip' ||
      englishOf(message).startsWith('needs a trigger')
    )
      throw error;
    return t.skip(
      tr`to cause ${forEvent} the run needs a guild of its own, made by the trigger's guild-added, and ${message}`,
    );
  }
  const guildId = (answer as { guild_id?: unknown } | null)?.guild_id;
  if (typeof guildId !== 'string') {
    t.skip(tr`the trigger's answer to guild-added carries no guild_id: ${JSON.stringify(answer)}`);
  }
  // What the trigger did is the run's to undo at once (a guild made, or joined), proof or not.
  t.track({
    kind: 'guild membership',
    label: tr`guild ${guildId} (made or joined by the trigger guild-added)`,
    undo: ['trigger:guild-removed', { guild_id: guildId }],
  });
  const shown = await guildAsShown(t, guildId as string);
  if (shown.name !== name && forEvent !== undefined)
    t.skip(
      tr`the trigger's guild-added answered guild ${guildId}, which ${shown.how} does not name ${name}: not a guild the run made, and ${forEvent} is caused only on a guild of the run's own`,
    );
  return guildId as string;
}

/** The guild's name as the server shows it: its guild-added event (no request), else guild.get. */
async function guildAsShown(t: CheckContext, guildId: string): Promise<{ name?: unknown; how: string }> {
  const event = t.events.available
    ? await t.events.tryWaitFor(
        (one) => one.type === 'guild-added' && idOf(one.body?.guild) === guildId,
        t.events.timeoutMs,
      )
    : undefined;
  if (event) return { name: event.body.guild?.name, how: tr`as its guild-added event shows it` };
  const read = await t.call('guild.get', { guild_id: guildId });
  const body = read.body as { name?: unknown } | null;
  return {
    ...(read.ok ? { name: body?.name } : {}),
    how: tr`as guild.get shows it (${statusOf(read)})`,
  };
}

/** Adds a user to a guild the run made (trigger guild-member-added), tracked (trigger guild-member-removed). */
export async function triggerMemberOf(t: CheckContext, guildId: string): Promise<string> {
  const userId = t.sandbox.userId ?? t.sandbox.peerId;
  if (userId === undefined) t.skip(tr`needs another user to add to a guild: pass --user or a peer identity`);
  await t.trigger('guild-member-added', { guild_id: guildId, user_id: userId });
  t.track({
    kind: 'guild member',
    label: tr`member ${userId} of guild ${guildId} (added by the trigger)`,
    undo: ['trigger:guild-member-removed', { guild_id: guildId, user_id: userId }],
  });
  return userId;
}
