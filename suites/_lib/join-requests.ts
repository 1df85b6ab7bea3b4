/**
 * A join request to the sandbox guild answered with guild.member.approve (§4.4, §6 guild-member-request),
 * observed once per run for each answer and judged by several checks (t.shared, as ./guild-invitations.ts):
 * - approve false: guild.member.approve/reject-does-not-add and event.guild-member-request/approve-false;
 * - approve true, then the kick of the member it admitted: guild.member.approve/approve-adds-member,
 *   guild.member.list/lists-newest-member, guild.member.kick/removes-member,
 *   guild.member.kick/emits-guild-member-removed and event.guild-member-request/approve-true.
 * Two flows instead of seven keep the join-request hold short. Nothing is judged while observing: each
 * check judges what the flow recorded (its walks through judgeWalk), so a defect fails only its checks.
 *
 * No verdict from history (docs/checking-a-server.md "Verdicts that do not depend on history"): the requester's membership
 * is read BEFORE the answer (freshRequest); only a member the flow itself admitted is kicked.
 */
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import { judgeWalk, type RecordedWalk, recordedItems, recordWalk, userIdOf } from './lists.js';
import {
  CLEAR,
  freshRequest,
  type IncomingRequest,
  MissingRequest,
  missingRequest,
  receiveRequest,
  requesterAlreadyMember,
} from './requests.js';

/** Whether a user is a member: guild.member.get, and guild.member.list only when get does not refuse it. */
export interface Membership {
  get: CallResult;
  /** guild.member.list walked to its end, when get did not refuse the user (4xx). */
  walk?: RecordedWalk;
}

export interface JoinFlow {
  /** Why no request could be read (no event, and a trigger answer without a request id). */
  missing?: string;
  request?: IncomingRequest & { userId: string };
  /** The run's event mark just before the answer (events the answer caused come after it). */
  mark?: number;
  answer?: CallResult;
  /** guild.member.get of the requester after the answer. */
  member?: CallResult;
  /** approve true: guild.member.list walked to its end after the answer. */
  listed?: RecordedWalk;
  /** approve true, the requester a member: its kick, the mark before it, the membership after it. */
  kick?: { kicked: CallResult; mark: number; after: Membership };
  /** approve false: the membership after the refusal. */
  after?: Membership;
}

/** The guild.member.approve flow answering `approve`, observed once for the run and judged by each sharer. */
export const joinRequestFlow = (t: CheckContext, approve: boolean): Promise<JoinFlow> =>
  t.shared(`one guild.member.approve ${approve} flow`, async (observer) => {
    let request: JoinFlow['request'];
    try {
      request = await requestToJoin(observer);
    } catch (error) {
      if (error instanceof MissingRequest) return { missing: error.message };
      throw error;
    }
    return approve ? admit(observer, request) : refuse(observer, request);
  });

/**
 * A join request to the sandbox guild from a user who is not a member yet, read from its event (the
 * requester is its user, the request id its message.id); a requester already a member is replaced by a
 * second request, else the checks are undecided (freshRequest).
 */
function requestToJoin(t: CheckContext): Promise<IncomingRequest & { userId: string }> {
  const guildId = t.sandbox.guildId;
  const ask = async () => {
    const request = await receiveRequest(
      t,
      'guild-member-request',
      { guild_id: guildId },
      { onMissing: missingRequest },
    );
    const { userId } = request;
    if (userId === undefined) {
      return t.skip('neither the guild-member-request event nor the trigger’s answer names the requester');
    }
    return { ...request, userId };
  };
  return freshRequest(t, ask, requesterAlreadyMember(t, guildId), CLEAR.alreadyMember);
}

/**
 * Approves, reads the member and the member list (at once: both after the answer), then kicks the member
 * it admitted and reads the membership again: the next flow needs the requester outside the guild.
 */
async function admit(t: CheckContext, request: IncomingRequest & { userId: string }): Promise<JoinFlow> {
  const { guildId } = t.sandbox;
  const { userId } = request;
  const mark = t.events.mark();
  const answer = await t.call('guild.member.approve', { message_id: request.requestId, approve: true });
  // An accepted approval is tracked before anything else can fail (undo: kick), a refused one once seen.
  if (answer.ok) trackAddedMember(t, userId);
  const [member, listed] = await Promise.all([
    t.call('guild.member.get', { guild_id: guildId, user_id: userId }),
    recordWalk(t, 'guild.member.list', { guild_id: guildId }),
  ]);
  const flow: JoinFlow = { request, mark, answer, member, listed };
  if (member.ok || lists(listed, userId)) {
    if (!answer.ok) trackAddedMember(t, userId);
    const kickMark = t.events.mark();
    const kicked = await kickAddedMember(t, userId);
    flow.kick = { kicked, mark: kickMark, after: await membership(t, userId) };
  }
  return flow;
}

/** Refuses and reads the membership; a requester wrongly admitted is still this run's doing: kicked again. */
async function refuse(t: CheckContext, request: IncomingRequest & { userId: string }): Promise<JoinFlow> {
  const { userId } = request;
  const mark = t.events.mark();
  const answer = await t.call('guild.member.approve', { message_id: request.requestId, approve: false });
  const after = await membership(t, userId);
  if (after.get.ok || lists(after.walk, userId)) {
    trackAddedMember(t, userId);
    await kickAddedMember(t, userId);
  }
  return { request, mark, answer, member: after.get, after };
}

/** guild.member.get of the user; guild.member.list walked only when get does not refuse it (4xx). */
async function membership(t: CheckContext, userId: string): Promise<Membership> {
  const { guildId } = t.sandbox;
  const get = await t.call('guild.member.get', { guild_id: guildId, user_id: userId });
  if (refuses(get)) return { get };
  return { get, walk: await recordWalk(t, 'guild.member.list', { guild_id: guildId }) };
}

const refuses = (result: CallResult): boolean => result.status >= 400 && result.status < 500;

/** Whether a recorded walk lists the user (on any page it read). */
const lists = (walk: RecordedWalk | undefined, userId: string): boolean =>
  walk !== undefined && recordedItems(walk).some((item) => userIdOf(item) === userId);

/**
 * Judges a membership after a kick or a refusal, in the judging check: the user is gone when
 * guild.member.get refuses it (4xx), or else when guild.member.list (judged as a walk) omits it.
 */
export function judgeAbsent(
  t: CheckContext,
  state: Membership,
  userId: string,
): { absent: boolean; how: string } {
  if (refuses(state.get) || !state.walk)
    return { absent: refuses(state.get), how: `guild.member.get answered ${state.get.status}` };
  const { items } = judgeWalk(t, state.walk);
  const listed = items.some((item) => userIdOf(item) === userId);
  return {
    absent: !listed,
    how: `guild.member.get answered ${state.get.status}; guild.member.list ${listed ? 'lists' : 'omits'} the user`,
  };
}

/** The ledger kicks a member a join-request flow added through an approved request. */
const trackAddedMember = (t: CheckContext, userId: string): void =>
  t.track({
    kind: 'guild member',
    label: `member ${userId} of guild ${t.sandbox.guildId} (added through guild.member.approve)`,
    undo: ['guild.member.kick', { guild_id: t.sandbox.guildId, user_id: userId }],
  });

const kickAddedMember = (t: CheckContext, userId: string): Promise<CallResult> =>
  t.call('guild.member.kick', { guild_id: t.sandbox.guildId, user_id: userId });
