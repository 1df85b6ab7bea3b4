/**
 * Detection of the §4.8 variant points (spec/catalogue.ts VARIANT_POINTS) before the checks run.
 * Probes read pre-existing data only; the one that must write (role-payload) creates temporary roles with
 * names unique to the run and deletes them again, returning what is left to undo when that fails.
 */

import { shorten } from '../../spec/brief.js';
import { VARIANT_POINTS } from '../../spec/catalogue.js';
import type { VariantPointName as VariantPoint } from '../../spec/operation-shape.js';
import { tr } from '../i18n/index.js';
import type { CallResult } from '../wire.js';
import type { LedgerEntry, Sandbox } from './check.js';
import { ConfigurationError } from './errors.js';
import { PaginationError, walk } from './paginate.js';
import { describeListAnswer } from './shapes.js';

const idOf = (item: unknown): string | undefined => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

/** A role name unique to this run, so detection never touches a role it did not create. */
const uniqueName = (what: string): string =>
  `conformance-${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;

/** Sends one operation as the bot (POST {base}/<operation>); never throws on an HTTP status. */
export type VariantCall = (operation: string, fields?: Record<string, unknown>) => Promise<CallResult>;

export interface VariantDetection {
  /** One value per point of VARIANT_POINTS: given, detected, or the default (first value). */
  variants: Record<string, string>;
  /** How each value was decided, for the report. */
  notes: string[];
  /** What detection created and could not delete: the run's ledger must undo it. */
  undo: LedgerEntry[];
}

type Detector = (
  call: VariantCall,
  sandbox: Sandbox,
  detection: VariantDetection,
) => Promise<string | undefined>;

const pointsInOrder = Object.keys(VARIANT_POINTS) as VariantPoint[];

/**
 * Decides every variant point: a `given` value (--variant) wins; otherwise it is detected; when detection
 * cannot decide, the default (the first value) is used. Each decision is explained in `notes`.
 */
export async function detectVariants(
  call: VariantCall,
  sandbox: Sandbox,
  given: Readonly<Record<string, string | undefined>> = {},
): Promise<VariantDetection> {
  const detection: VariantDetection = { variants: {}, notes: [], undo: [] };
  // A wrong --variant stops the run before any probe.
  for (const point of pointsInOrder) {
    const values: readonly string[] = VARIANT_POINTS[point];
    const chosen = given[point];
    if (chosen !== undefined && !values.includes(chosen)) {
      throw new ConfigurationError(
        tr`Unknown value '${chosen}' for variant ${point}: use one of ${values.join(', ')}.`,
      );
    }
  }
  // The points are independent: detected at once (issue 21: a shorter chain at any latency), each with
  // notes of its own, reported in the points' order.
  const decided = await Promise.all(pointsInOrder.map((point) => decide(point, call, sandbox, given[point])));
  for (const [index, point] of pointsInOrder.entries()) {
    detection.variants[point] = decided[index].value;
    detection.notes.push(...decided[index].notes);
    detection.undo.push(...decided[index].undo);
  }
  return detection;
}

/** One point: given, detected, or the default; with its notes and what detection left to undo. */
async function decide(
  point: VariantPoint,
  call: VariantCall,
  sandbox: Sandbox,
  chosen: string | undefined,
): Promise<{ value: string; notes: string[]; undo: LedgerEntry[] }> {
  const values: readonly string[] = VARIANT_POINTS[point];
  const own: VariantDetection = { variants: {}, notes: [], undo: [] };
  if (chosen !== undefined) return { value: chosen, notes: [tr`${point}: ${chosen} (given)`], undo: [] };
  let detected: string | undefined;
  try {
    detected = await detectors[point](call, sandbox, own);
  } catch (error) {
    own.notes.push(tr`${point}: detection failed (${(error as Error).message})`);
  }
  const value = detected ?? values[0];
  own.notes.push(
    detected === undefined
      ? tr`${point}: ${value} (default: not detected)`
      : tr`${point}: ${value} (detected)`,
  );
  return { value, notes: own.notes, undo: own.undo };
}

const describeStatus = (result: CallResult): string =>
  `${result.status}${result.text ? ` ${shorten(result.text, 120)}` : ''}`;

/**
 * 'list-next': channel.list without next answers 2xx where next is optional. Where it is required, the
 * same call refused (4xx) succeeds once an empty next is sent — which also rules out a refusal for
 * another reason (an unknown guild, missing rights).
 */
const detectListNext: Detector = async (call, sandbox, { notes }) => {
  const without = await call('channel.list', { guild_id: sandbox.guildId });
  if (without.ok) return 'optional';
  const withNext = await call('channel.list', { guild_id: sandbox.guildId, next: '' });
  notes.push(
    tr`list-next: channel.list without next answered ${describeStatus(without)}; with an empty next ${describeStatus(withNext)}`,
  );
  return without.status >= 400 && without.status < 500 && withNext.ok ? 'required' : undefined;
};

const messageIds = (body: unknown): string[] | undefined => {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.map(idOf).filter((id): id is string => id !== undefined) : undefined;
};

/**
 * 'message-list-id': message.list with message_id set to the oldest message of the latest page. Where the
 * field exists the result is anchored there and changes; where it does not, the field is ignored (or
 * refused) and the result is the latest page again.
 */
const detectMessageListId: Detector = async (call, sandbox, { notes }) => {
  const latest = await call('message.list', { channel_id: sandbox.channelId });
  const latestIds = latest.ok ? messageIds(latest.body) : undefined;
  if (!latestIds || latestIds.length < 2) {
    const shape = latest.ok ? describeListAnswer('message.list', latest) : undefined;
    notes.push(
      shape
        ? tr`message-list-id: not detected: ${shape}`
        : tr`message-list-id: message.list of channel ${sandbox.channelId} ${latestIds ? tr`gave ${latestIds.length} message(s)` : tr`answered HTTP ${latest.status}`}; two messages are needed to compare`,
    );
    return undefined;
  }
  const anchor = latestIds[0];
  const anchored = await call('message.list', { channel_id: sandbox.channelId, message_id: anchor });
  if (!anchored.ok) {
    notes.push(tr`message-list-id: message.list with message_id answered ${describeStatus(anchored)}`);
    return anchored.status >= 400 && anchored.status < 500 ? 'without' : undefined;
  }
  const anchoredIds = messageIds(anchored.body) ?? [];
  const same = anchoredIds.length === latestIds.length && anchoredIds.every((id, i) => id === latestIds[i]);
  notes.push(
    same
      ? tr`message-list-id: message.list with message_id ${anchor} gave the latest page again`
      : tr`message-list-id: message.list with message_id ${anchor} gave another page`,
  );
  return same ? 'without' : 'with';
};

/**
 * What sets a full GuildMember (§2) apart from the lighter Member of the other variant: the member's own
 * user object and roles. Member keeps only nick/avatar/joined_at, the author being Message.user.
 */
const GUILD_MEMBER_ONLY_FIELDS = ['user', 'roles'];

/** How many of the latest messages message-member looks at for one that carries a member. */
const MEMBER_PROBES = 5;

/** 'message-member': the shape of Message.member as message.get returns it. */
const detectMessageMember: Detector = async (call, sandbox, { notes }) => {
  const latest = await call('message.list', { channel_id: sandbox.channelId });
  const ids = latest.ok ? messageIds(latest.body) : undefined;
  if (!ids || ids.length === 0) {
    const shape = latest.ok ? describeListAnswer('message.list', latest) : undefined;
    notes.push(
      shape
        ? tr`message-member: not detected: ${shape}`
        : latest.ok
          ? tr`message-member: no message in channel ${sandbox.channelId} to look at`
          : tr`message-member: message.list of channel ${sandbox.channelId} answered ${describeStatus(latest)}`,
    );
    return undefined;
  }
  // The latest messages first; a message whose author left the guild carries no member, so look at a few.
  let member: unknown;
  let lastStatus = 0;
  for (const messageId of ids.slice(-MEMBER_PROBES).reverse()) {
    const message = await call('message.get', { channel_id: sandbox.channelId, message_id: messageId });
    lastStatus = message.status;
    member = message.ok ? (message.body as { member?: unknown } | null)?.member : undefined;
    if (typeof member === 'object' && member !== null) break;
  }
  if (typeof member !== 'object' || member === null) {
    notes.push(
      tr`message-member: message.get of the ${Math.min(ids.length, MEMBER_PROBES)} latest message(s) shows no member object (last status ${lastStatus})`,
    );
    return undefined;
  }
  // A field given as null is absent (§2 `T?`): a Member with `user: null` is no GuildMember.
  const fields = Object.keys(member).filter((field) => (member as Record<string, unknown>)[field] !== null);
  notes.push(tr`message-member: Message.member has the fields ${fields.join(', ') || tr`(none)`}`);
  return fields.some((field) => GUILD_MEMBER_ONLY_FIELDS.includes(field)) ? 'GuildMember' : 'Member';
};

interface Role {
  id: string;
  name?: unknown;
}

/** Every role of the guild, or undefined when guild.role.list cannot be walked. */
async function listRoles(call: VariantCall, guildId: string): Promise<Role[] | undefined> {
  try {
    const { items } = await walk<unknown>(async (next) => {
      const result = await call(
        'guild.role.list',
        next === undefined ? { guild_id: guildId } : { guild_id: guildId, next },
      );
      if (!result.ok) throw new PaginationError(tr`guild.role.list answered ${result.status}`);
      return result.body;
    });
    return items.filter((role): role is Role => idOf(role) !== undefined);
  } catch (error) {
    if (error instanceof PaginationError) return undefined;
    throw error;
  }
}

/**
 * Deletes the roles detection created and reads the list again: a role still listed (the delete failed or
 * did nothing) is handed to the ledger through `undo`.
 */
async function deleteRoles(
  call: VariantCall,
  guildId: string,
  roles: readonly Role[],
  undo: LedgerEntry[],
  notes: string[],
): Promise<void> {
  await Promise.all(roles.map((role) => call('guild.role.delete', { guild_id: guildId, role_id: role.id })));
  const left = await listRoles(call, guildId);
  for (const role of roles) {
    if (left && !left.some((listed) => listed.id === role.id)) continue;
    notes.push(
      tr`role-payload: the temporary role ${role.id} could not be deleted; the run's cleanup retries`,
    );
    undo.push({
      kind: 'role',
      label: tr`role ${role.id} created to detect the role payload`,
      undo: ['guild.role.delete', { guild_id: guildId, role_id: role.id }],
    });
  }
}

/**
 * 'role-payload': creates a role named under `data`, then (if the name did not apply) under `role`, and
 * reads the name back from guild.role.list. Every role that appeared is deleted again; a role that cannot
 * be deleted is handed to the ledger through `undo`.
 */
const detectRolePayload: Detector = async (call, sandbox, { notes, undo }) => {
  const guildId = sandbox.guildId;
  for (const field of VARIANT_POINTS['role-payload']) {
    const before = await listRoles(call, guildId);
    if (!before) {
      notes.push(tr`role-payload: guild.role.list cannot be walked, so a created role cannot be read back`);
      return undefined;
    }
    const name = uniqueName(`variant-${field}`);
    const created = await call('guild.role.create', { guild_id: guildId, [field]: { name } });
    const after = (await listRoles(call, guildId)) ?? [];
    const known = new Set(before.map((role) => role.id));
    const appeared = after.filter((role) => !known.has(role.id));
    const answeredId = created.ok ? idOf(created.body) : undefined;
    if (
      answeredId !== undefined &&
      !appeared.some((role) => role.id === answeredId) &&
      !known.has(answeredId)
    ) {
      appeared.push({ id: answeredId });
    }
    if (appeared.length > 0) await deleteRoles(call, guildId, appeared, undo, notes);
    if (appeared.some((role) => role.name === name)) return field;
    notes.push(
      appeared.length === 0
        ? tr`role-payload: guild.role.create with ${field} answered ${describeStatus(created)}; no role appeared`
        : tr`role-payload: guild.role.create with ${field} answered ${describeStatus(created)}; the name did not apply`,
    );
  }
  return undefined;
};

const detectors: Record<VariantPoint, Detector> = {
  'message-list-id': detectMessageListId,
  'list-next': detectListNext,
  'role-payload': detectRolePayload,
  'message-member': detectMessageMember,
};
