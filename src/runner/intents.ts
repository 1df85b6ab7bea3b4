/**
 * The creates the ledger follows from the moment they are sent (issue 49 items 6, 7): what each one
 * makes, how that is undone once the answer named it, and where to look for it by the unique name the
 * run chose when the answer is unknown (a 5xx, a timeout, a run killed before it came). A thing counts
 * as the run's own only when the run's own call made it: the answer named it, or the list shows the
 * name the run chose (`conformance-…`, suites/_lib/lists.ts uniqueName), which nobody else chose.
 */

import { getOperation } from '../../spec/catalogue.js';
import { tr } from '../i18n/index.js';
import type { LedgerEntry } from './check.js';
import type { JournalIntent } from './journal.js';

type Fields = Record<string, unknown>;

/** A name only this run chose: no one else's thing bears it. */
const RUN_NAME = /^conformance-\S+-[0-9a-z]{8,}(\s|$)/;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

interface CreateRule {
  kind: string;
  /** The undo of what the call made; `id` from its answer (undefined: the fields say all). */
  undo(fields: Fields, id: string | undefined): [string, Fields] | undefined;
  /** The list that shows it and the run's unique name in it, when one is there to look for. */
  lookup?(fields: Fields): { list: string; fields: Fields; name: string; nameOf: (item: Fields) => unknown };
}

const objectOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null ? (value as Fields) : {};

/** Where a create (§4.8 variants: `data` or `role`) carries the new thing's name. */
const payloadName = (fields: Fields): string | undefined =>
  text(objectOf(fields.data).name) ?? text(objectOf(fields.role).name);

const RULES: Record<string, CreateRule> = {
  'message.create': {
    kind: 'message',
    undo: (fields, id) =>
      id === undefined ? undefined : ['message.delete', { channel_id: fields.channel_id, message_id: id }],
    lookup: (fields) => ({
      list: 'message.list',
      fields: { channel_id: fields.channel_id },
      name: text(fields.content) ?? '',
      nameOf: (item) => item.content,
    }),
  },
  'channel.create': {
    kind: 'channel',
    undo: (_fields, id) => (id === undefined ? undefined : ['channel.delete', { channel_id: id }]),
    lookup: (fields) => ({
      list: 'channel.list',
      fields: { guild_id: fields.guild_id },
      name: payloadName(fields) ?? '',
      nameOf: (item) => item.name,
    }),
  },
  'guild.role.create': {
    kind: 'role',
    undo: (fields, id) =>
      id === undefined ? undefined : ['guild.role.delete', { guild_id: fields.guild_id, role_id: id }],
    lookup: (fields) => ({
      list: 'guild.role.list',
      fields: { guild_id: fields.guild_id },
      name: payloadName(fields) ?? '',
      nameOf: (item) => item.name,
    }),
  },
  // Undone by the same fields: no id, nothing to look for.
  'reaction.create': { kind: 'reaction', undo: (fields) => ['reaction.delete', fields] },
  'guild.member.role.set': {
    kind: 'role assignment',
    undo: (fields) => ['guild.member.role.unset', fields],
  },
  'channel.mute': {
    kind: 'channel mute',
    undo: (fields) =>
      Number(fields.duration) > 0
        ? ['channel.mute', { channel_id: fields.channel_id, duration: 0 }]
        : undefined,
  },
  'guild.member.mute': {
    kind: 'member mute',
    undo: (fields) =>
      Number(fields.duration) > 0
        ? ['guild.member.mute', { guild_id: fields.guild_id, user_id: fields.user_id, duration: 0 }]
        : undefined,
  },
};

/** Whether `fields` give every field `operation` requires whatever the variant (§4): an undo that can be sent. */
const namesEveryRequired = ([operation, fields]: [string, Fields]): boolean =>
  getOperation(operation).fields.every(
    (field) => !field.required || field.variant !== undefined || fields[field.name] !== undefined,
  );

/** Whether the ledger follows `operation` from the moment it is sent. */
export const followsCreate = (operation: string, fields: Fields): boolean => {
  const rule = RULES[operation];
  if (!rule) return false;
  // Followed when it can be found again by a name of the run's: one without (an invalid input the run
  // expects refused) is judged by its answer, tracked by its check. One whose fields undo nothing (a mute
  // of duration 0) makes nothing, and one lacking a field its undo needs (a request the run sent without
  // a required field, expecting it refused) names nothing to undo: its check tracks what it made.
  if (rule.lookup) return RUN_NAME.test(rule.lookup(fields).name);
  const undo = rule.undo(fields, undefined);
  return undo !== undefined && namesEveryRequired(undo);
};

/** The id an answer gives the created thing (a Message[] answer of message.create: its first). */
export function createdIdOf(body: unknown): string | undefined {
  const value = Array.isArray(body) ? body[0] : body;
  const id = objectOf(value).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The ledger entry of an intent whose thing is known (its id, or fields that say all); else undefined. */
export function entryOfIntent(intent: JournalIntent, id = intent.createdId): LedgerEntry | undefined {
  const rule = RULES[intent.operation];
  const undo = rule?.undo(intent.fields, id);
  if (!rule || !undo) return undefined;
  const what = id === undefined ? JSON.stringify(intent.fields) : id;
  return {
    kind: rule.kind,
    label:
      intent.state === 'answered'
        ? tr`${rule.kind} ${what} (${intent.operation} by ${intent.checkId}, answered)`
        : tr`${rule.kind} ${what} (${intent.operation} by ${intent.checkId}, possibly created)`,
    undo,
    ...(intent.as ? { as: intent.as } : {}),
  };
}

/** Where to look for what an intent may have made, by the run's unique name; undefined when nowhere. */
export function lookupOfIntent(
  intent: JournalIntent,
): ReturnType<NonNullable<CreateRule['lookup']>> | undefined {
  const lookup = RULES[intent.operation]?.lookup?.(intent.fields);
  return lookup && RUN_NAME.test(lookup.name) ? lookup : undefined;
}

/** Whether `entry` undoes what `intent` made (same operation; the intent's undo fields among its own). */
export function undoesIntent(entry: LedgerEntry, intent: JournalIntent): boolean {
  const own = entryOfIntent(intent);
  if (!own || own.undo[0] !== entry.undo[0]) return false;
  return Object.entries(own.undo[1]).every(
    ([key, value]) => JSON.stringify(entry.undo[1][key]) === JSON.stringify(value),
  );
}
