/**
 * Vacuity presets: servers that implement nothing. Each answers every interface request alike (or, for
 * `accepts-all`, with the right shape and no effect), has no event stream and a trigger that causes
 * nothing. They are not legal variations (tolerances) nor realistic deviations (faults): they prove the
 * dual of the fault matrix, that a pass means the behaviour happened. Under each, `npm run faults` (the
 * vacuity matrix) requires that no check passes at must or should unless it declares why such a server
 * satisfies its narrow claim (CheckDefinition.vacuousPassReason).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ConfigurationError } from '../../spec/errors.js';
import { INPUTS } from '../../spec/operation-inputs.js';
import { BASE_PATH, type Reply, readBody } from './http.js';

export const vacuityPresets = {
  'empty-object': 'Every request is answered 200 `{}`.',
  'not-implemented': 'Every request is answered 200 `{"message": "<operation> not implemented"}`.',
  'no-content': 'Every request is answered 204 with an empty body.',
  echo: 'Every request is answered 200 with its own JSON body.',
  'empty-list': 'Every request is answered 200 `{"data": []}`.',
  'accepts-all':
    'Accepts everything, changes nothing: every operation answers its right shape (lists empty, a get the ids it was asked, a create the fields it was sent with a fresh id, void operations `{}`) and nothing is stored.',
  ...refusingPresets(),
  'fabricates-reads':
    'Reads answer for any id: a get answers 200 with an object made from the ids it was asked (a member for any user id), a list answers items made up with fresh ids, a create echoes its fields with a fresh id; nothing is stored.',
} as const;

export type VacuityPreset = keyof typeof vacuityPresets;

export const vacuityPresetIds = Object.keys(vacuityPresets) as VacuityPreset[];

/** Refuses an unknown preset (ConfigurationError, exit 2) with the known ones. */
export function resolveVacuity(preset: string | undefined): VacuityPreset | undefined {
  if (preset === undefined) return undefined;
  if (preset in vacuityPresets) return preset as VacuityPreset;
  throw new ConfigurationError(
    `Unknown vacuity preset '${preset}'; use one of: ${vacuityPresetIds.join(', ')} (see \`conformance serve --list-vacuity\`).`,
  );
}

/** Answers any request, interface or trigger, as the preset does; the body is read but never refused. */
export async function answerVacuously(
  request: IncomingMessage,
  pathname: string,
  preset: VacuityPreset,
): Promise<Reply> {
  const raw = await readBody(request);
  let body: unknown;
  try {
    body = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    body = undefined;
  }
  const operation = pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length + 1) : pathname;
  const refused = refusal(preset, pathname.startsWith(`${BASE_PATH}/`) ? operation : undefined);
  if (refused) return refused;
  return vacuousReply(preset as Exclude<VacuityPreset, RefusingPreset>, operation, body);
}

/** The one answer of a do-nothing server to any request (operation: the path after the base). */
function vacuousReply(
  preset: Exclude<VacuityPreset, RefusingPreset>,
  operation: string,
  body: unknown,
): Reply {
  switch (preset) {
    case 'empty-object':
      return { status: 200, body: {} };
    case 'not-implemented':
      return { status: 200, body: { message: `${operation} not implemented` } };
    case 'no-content':
      return { status: 204, raw: '' };
    case 'echo':
      return { status: 200, body: body ?? {} };
    case 'empty-list':
      return { status: 200, body: { data: [] } };
    case 'accepts-all':
      return { status: 200, body: shapedAnswer(operation, fieldsOf(body)) };
    case 'fabricates-reads':
      return { status: 200, body: fabricatedAnswer(operation, fieldsOf(body)) };
  }
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** accepts-all: the shape the operation returns, made of what it was sent; nothing is stored. */
function shapedAnswer(operation: string, fields: Record<string, unknown>): unknown {
  const input = INPUTS.find((entry) => entry.path === operation);
  const shape = input?.response;
  if (operation === 'login.get') return { user: { id: randomUUID() }, status: 1, features: [] };
  if (!shape) return {};
  if (shape.kind === 'list' || shape.kind === 'bidi') return { data: [] };
  const payload = fieldsOf(fields.data);
  switch (shape.resource) {
    case 'Message': {
      const message = {
        id: text(fields.message_id) || randomUUID(),
        content: text(fields.content),
        channel: { id: text(fields.channel_id), type: 0 },
      };
      return shape.kind === 'array' ? [message] : message;
    }
    case 'Channel':
      return { ...payload, id: text(fields.channel_id) || randomUUID(), type: payload.type ?? 0 };
    case 'Guild':
      return { id: text(fields.guild_id) };
    case 'GuildMember':
      return { user: { id: text(fields.user_id) } };
    case 'GuildRole':
      return { ...payload, id: randomUUID() };
    default:
      return {};
  }
}

/**
 * Servers that refuse every operation (issue 41): a skeleton that answers 404 to every path, an adapter
 * that answers 501 to operations its login.features lists, one that answers 400 to any field it does not
 * know. A refusal of an incomplete request proves nothing there: the refusal checks need a control (the
 * complete request accepted) and are undecided without one.
 */
function refusingPresets() {
  return {
    'refuses-unknown-path':
      'Every interface request, login.get included, is answered 404 `{"message": "method not found"}` (a skeleton that knows no path).',
    'refuses-501':
      'login.get answers a login whose features list every operation; every other operation is answered 501 `{"message": "not implemented"}`, an unknown operation 404.',
    'refuses-400':
      'login.get answers a login whose features list every operation; every other interface request is answered 400 `{"message": "unknown field"}`, whatever its body.',
  } as const;
}

type RefusingPreset = keyof ReturnType<typeof refusingPresets>;

const isRefusing = (preset: VacuityPreset): preset is RefusingPreset => preset in refusingPresets();

/** A login listing every operation of §4, so that no check is "not offered" (the refusals are the point). */
const listingLogin = () => ({
  user: { id: randomUUID() },
  status: 1,
  features: INPUTS.map((entry) => entry.path),
});

/**
 * The answer of a refusing preset (operation: the interface operation, undefined for the trigger, which
 * answers 200 `{}` and causes nothing), else undefined.
 */
function refusal(preset: VacuityPreset, operation: string | undefined): Reply | undefined {
  if (!isRefusing(preset)) return undefined;
  if (operation === undefined) return { status: 200, body: {} };
  if (preset === 'refuses-unknown-path') return { status: 404, body: { message: 'method not found' } };
  if (operation === 'login.get') return { status: 200, body: listingLogin() };
  if (preset === 'refuses-400') return { status: 400, body: { message: 'unknown field' } };
  return INPUTS.some((entry) => entry.path === operation)
    ? { status: 501, body: { message: 'not implemented' } }
    : { status: 404, body: { message: 'method not found' } };
}

/** fabricates-reads: one made-up item of a resource, carrying the ids the request named. */
function fabricatedItem(resource: string, fields: Record<string, unknown>): unknown {
  const id = randomUUID();
  const user = { id, name: `user ${id.slice(0, 8)}` };
  switch (resource) {
    case 'Message':
      return { id, content: 'fabricated', channel: { id: text(fields.channel_id) || randomUUID(), type: 0 } };
    case 'Channel':
      return { id, type: 0, name: `channel ${id.slice(0, 8)}` };
    case 'Guild':
      return { id, name: `guild ${id.slice(0, 8)}` };
    case 'GuildMember':
      return { user, nick: user.name };
    case 'GuildRole':
      return { id, name: `role ${id.slice(0, 8)}` };
    case 'Friend':
      return { user, nick: user.name };
    default:
      return user;
  }
}

/**
 * fabricates-reads: a list of made-up items (fresh ids every time), a get (or an update) answering the
 * object it was asked for whatever the id, a create echoing its fields with a fresh id; nothing is stored.
 */
function fabricatedAnswer(operation: string, fields: Record<string, unknown>): unknown {
  const shape = INPUTS.find((entry) => entry.path === operation)?.response;
  if (operation === 'login.get' || !shape) return shapedAnswer(operation, fields);
  if (shape.kind === 'list' || shape.kind === 'bidi') {
    return { data: [1, 2, 3].map(() => fabricatedItem(shape.resource, fields)) };
  }
  const answer = shapedAnswer(operation, fields);
  if (shape.resource === 'GuildMember') {
    const userId = text(fields.user_id);
    return { user: { id: userId, name: `user ${userId}` }, nick: `user ${userId}` };
  }
  if (shape.resource === 'Guild')
    return { id: text(fields.guild_id), name: `guild ${text(fields.guild_id)}` };
  return answer;
}
