/**
 * Incoming requests (§6 guild-request, guild-member-request, friend-request), answered with guild.approve,
 * guild.member.approve and friend.approve, whose message_id is the request id (§4.3, §4.4, §4.7).
 *
 * The checker asks the trigger for a request, then reads the request from its EVENT: the request id is
 * the event's message.id, the guild and the requester its required resources (§6). The trigger's HTTP
 * answer is optional: when it names the request (request_id / message_id / id) the event is correlated
 * with it, and it fills in what a run without an event stream cannot read from an event.
 */
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext, ObservedEvent } from '../../src/runner/check.js';
import { saysNotServed, statusClass } from '../../src/runner/signature.js';
import { cameUnderAnotherName } from './events.js';
import { idOf, recordedItems, recordWalk, userIdOf } from './lists.js';
import { listDoubt, memberReader, presenceDoubt } from './readers.js';

export type RequestEvent = 'friend-request' | 'guild-request' | 'guild-member-request';

/** The operation that answers each request (its message_id is the request id, §4.3, §4.4, §4.7). */
export const ANSWER_OF = {
  'friend-request': 'friend.approve',
  'guild-request': 'guild.approve',
  'guild-member-request': 'guild.member.approve',
} as const;

/** The request id in a trigger's answer: `request_id`, or `message_id` / `id` as some triggers name it. */
export const requestIdOf = (answer: unknown): string | undefined => {
  const fields = (answer ?? {}) as Record<string, unknown>;
  for (const name of ['request_id', 'message_id', 'id']) {
    const value = fields[name];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
};

/** The requester's user id in a trigger's answer: `user_id`, or `user.id`. */
export const requesterIdOf = (answer: unknown): string | undefined => {
  const fields = (answer ?? {}) as { user_id?: unknown; user?: { id?: unknown } };
  if (typeof fields.user_id === 'string') return fields.user_id;
  return typeof fields.user?.id === 'string' ? fields.user.id : undefined;
};

/** The guild id in a trigger's answer: `guild_id`, or `guild.id`. */
const answerGuildIdOf = (answer: unknown): string | undefined => {
  const fields = (answer ?? {}) as { guild_id?: unknown; guild?: unknown };
  return typeof fields.guild_id === 'string' ? fields.guild_id : idOf(fields.guild);
};

/** The user of a request event: user.id, else member.user.id (§6: friend-request and guild-member-request). */
const eventRequesterOf = (event: ObservedEvent): string | undefined =>
  idOf(event.body?.user) ?? idOf(event.body?.member?.user);

/**
 * A request a flow could not read (no event, and a trigger answer without a request id): thrown by
 * receiveRequest's `onMissing`, it becomes the flow's `missing`, which each check that shares the flow
 * judges, instead of a skip of the one check that observed it.
 */
export class MissingRequest extends Error {}

export const missingRequest = (reason: string): never => {
  throw new MissingRequest(reason);
};

export interface IncomingRequest {
  requestId: string;
  /** The inviting guild (guild-request) or the guild asked to join (guild-member-request). */
  guildId?: string;
  /** The requester (friend-request, guild-member-request). */
  userId?: string;
  /** The request event, when the run's event stream delivered it. */
  event?: ObservedEvent;
}

/**
 * Whether `event` is the request the trigger was just asked for: of the type, not seen before the trigger
 * call, and — where the trigger's answer or payload names it — of the same request id or guild.
 */
const correlates =
  (
    type: RequestEvent,
    before: ReadonlySet<ObservedEvent>,
    answer: unknown,
    payload: Record<string, unknown>,
  ) =>
  (event: ObservedEvent): boolean => {
    if (event.type !== type || before.has(event)) return false;
    const answered = requestIdOf(answer);
    const messageId = idOf(event.body?.message);
    if (answered !== undefined && messageId !== undefined) return messageId === answered;
    const guildId = payload.guild_id;
    return typeof guildId !== 'string' || idOf(event.body?.guild) === guildId;
  };

/**
 * Asks the trigger for a request event and reads the request from the event (falling back to the trigger's
 * answer for what the event does not carry). Skips, with the reason, when the request id can be read from
 * neither. With `requireEvent` (checks of the event flow itself), a request event that never arrives
 * fails the check instead.
 */
export async function receiveRequest(
  t: CheckContext,
  type: RequestEvent,
  payload: Record<string, unknown> = {},
  options: {
    requireEvent?: boolean;
    /** What to do when the request id can be read from neither the event nor the answer (default: skip). */
    onMissing?: (reason: string) => never;
  } = {},
): Promise<IncomingRequest> {
  const before = new Set(t.events.available ? t.events.all() : []);
  const answer = await t.trigger(type, payload);
  // Waited for even when the run is interrupted: the request exists, and the cleanup must answer it.
  const event = t.events.available
    ? await t.events.tryWaitFor(correlates(type, before, answer, payload), undefined, { untilTimeout: true })
    : undefined;
  if (options.requireEvent) {
    const renamed = event
      ? undefined
      : cameUnderAnotherName(
          t.events.all().filter((seen) => !before.has(seen)),
          type,
        );
    const asked = requestIdOf(answer);
    const none = asked ? tr`no ${type} event with message.id ${asked} arrived` : tr`no ${type} event arrived`;
    t.expect(
      event !== undefined,
      tr`the triggered request causes a ${type} event within ${t.events.timeoutMs} ms (§6)`,
      renamed ? tr`${none}: ${renamed}` : none,
    );
  }
  const requestId = idOf(event?.body?.message) ?? requestIdOf(answer);
  if (requestId === undefined) {
    const missing: (reason: string) => never = options.onMissing ?? t.skip;
    missing(
      event
        ? tr`the ${type} event carries no message.id (the request id, §4.3) and the trigger's answer none either`
        : t.events.available
          ? tr`no ${type} event arrived within ${t.events.timeoutMs} ms and the trigger's answer names no request id: ${JSON.stringify(answer) ?? tr`empty`}`
          : tr`no event stream in this run and the trigger's answer names no request id: ${JSON.stringify(answer) ?? tr`empty`}`,
    );
  }
  // A request left pending is answered false at cleanup; any answer of the check settles it.
  const answerOperation = ANSWER_OF[type];
  t.track({
    kind: 'request',
    label: `${type} ${requestId}`,
    undo: [answerOperation, { message_id: requestId, approve: false }],
    settledBy: [answerOperation, { message_id: requestId }],
  });
  const guildId = idOf(event?.body?.guild) ?? answerGuildIdOf(answer);
  const userId = (event && eventRequesterOf(event)) ?? requesterIdOf(answer);
  return {
    requestId,
    ...(guildId === undefined ? {} : { guildId }),
    ...(userId === undefined ? {} : { userId }),
    ...(event === undefined ? {} : { event }),
  };
}

/** How the user clears a state that makes a request flow undecided (the checker undoes only its own doing). */
export const CLEAR = {
  alreadyFriend: (): string =>
    tr`remove that friend on the platform, or let the trigger send friend requests from a user who is not a friend`,
  alreadyMember: (): string =>
    tr`remove that user from the sandbox guild on the platform, or let the trigger send join requests from a user who is not a member`,
} as const;

/**
 * A request whose subject is still in the state the answer must change (no verdict from history):
 * `ask` causes a request, `stateOf` returns undefined when its subject is fresh, else the state found (e.g.
 * "the requester 1003 is already a friend"). A second request is asked for once; when that one is not
 * fresh either, the check is undecided, naming the state and `clear` (how the user clears it).
 */
export async function freshRequest<R>(
  t: CheckContext,
  ask: () => Promise<R>,
  stateOf: (request: R) => Promise<string | undefined>,
  clear: string,
): Promise<R> {
  const first = await ask();
  const state = await stateOf(first);
  if (state === undefined) return first;
  t.note(tr`${state}: an answer would not show; asking the trigger for another request`);
  const second = await ask();
  const again = await stateOf(second);
  if (again === undefined) return second;
  return t.undecided(again, clear);
}

/**
 * freshRequest's state of a join request: the requester already a member of `guildId`, as a proven reader
 * shows it (./readers.ts). guild.member.get's 2xx counts only where it refused a user who never was a
 * member; else guild.member.list decides where it lists the current user; where neither can tell, the
 * request is taken as fresh (noted), and the checks judge it from what can tell or are undecided.
 */
export const requesterAlreadyMember =
  (t: CheckContext, guildId: string) =>
  async ({ userId }: { userId: string }): Promise<string | undefined> => {
    // The reader's proof first (once per run): its read of the current user shows guild.member.get
    // serving, so that a refusal of the requester is an observation (context/calls.ts).
    const reader = await memberReader(t);
    const before = await t.call(
      'guild.member.get',
      { guild_id: guildId, user_id: userId },
      { observes: true },
    );
    if (!before.ok) return undefined;
    const state = tr`the requester ${userId} was already a member of guild ${guildId} before its request`;
    const getDoubt = presenceDoubt(reader);
    if (getDoubt === undefined) return state;
    const items = recordedItems(await recordWalk(t, 'guild.member.list', { guild_id: guildId }));
    const doubt = listDoubt(t, 'guild.member.list', items);
    if (doubt === undefined)
      return items.some((item) => userIdOf(item) === userId)
        ? tr`${state} (guild.member.list lists it)`
        : undefined;
    t.note(tr`whether the requester ${userId} was already a member is unknown: ${getDoubt}; ${doubt}`);
    return undefined;
  };

/**
 * The answer of a request flow (friend.approve, guild.approve, guild.member.approve): 2xx (§4.8). One saying
 * the operation is not served, where the login declares no features, shows nothing of the event flow: the
 * flow is undecided (the operation's own checks judge it). Where features offer it, the answer fails.
 */
export function expectAnswered(
  t: CheckContext,
  request: RequestEvent,
  answer: CallResult,
  approve: boolean,
): void {
  const operation = ANSWER_OF[request];
  if (!answer.ok && t.config.features === undefined && saysNotServed(answer))
    t.undecided(
      tr`${operation} answered HTTP ${answer.status}, as an operation not served does, and the login declares no features: the ${request} flow cannot be followed`,
      tr`the flow is judged where ${operation} is served (its own checks judge ${operation}); a server that lacks it: declare the operations it serves in the login's features`,
      { kind: 'helper-refused', operation, role: 'helper', status: statusClass(answer.status) },
    );
  t.expectOk(answer, tr`${operation} with approve ${approve}`);
}
