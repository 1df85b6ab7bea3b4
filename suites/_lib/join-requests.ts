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
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import { idOf, judgeWalk, type RecordedWalk, recordedItems, recordWalk, userIdOf } from './lists.js';
import { absenceDoubt, listDoubt, type MemberReader, memberReader, presenceDoubt } from './readers.js';
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
  /** What guild.member.get was shown to tell apart in this run (readers.ts). */
  reader?: MemberReader;
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
  t.shared(tr`one guild.member.approve ${approve} flow`, async (observer) => {
    const reader = await memberReader(observer);
    let request: JoinFlow['request'];
    try {
      request = await requestToJoin(observer);
    } catch (error) {
      if (error instanceof MissingRequest) return { missing: error.message, reader };
      throw error;
    }
    const flow = approve ? await admit(observer, reader, request) : await refuse(observer, reader, request);
    return { ...flow, reader };
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
      return t.skip(tr`neither the guild-member-request event nor the trigger’s answer names the requester`);
    }
    return { ...request, userId };
  };
  return freshRequest(t, ask, requesterAlreadyMember(t, guildId), CLEAR.alreadyMember());
}

/**
 * Approves, reads the member and the member list (at once: both after the answer), then kicks the member
 * it admitted and reads the membership again: the next flow needs the requester outside the guild.
 */
async function admit(
  t: CheckContext,
  reader: MemberReader,
  request: IncomingRequest & { userId: string },
): Promise<JoinFlow> {
  const { guildId } = t.sandbox;
  const { userId } = request;
  const mark = t.events.mark();
  // A helper of the kick and list checks with another way: where it admits nobody, the trigger adds the
  // requester (issue 46 item 2), so that they are decided on the operation they judge.
  const answer = await t.call(
    'guild.member.approve',
    { message_id: request.requestId, approve: true },
    { fallback: true },
  );
  // An accepted approval is tracked before anything else can fail (undo: kick), a refused one once seen.
  if (answer.ok) trackAddedMember(t, userId);
  else await addThroughTrigger(t, userId);
  const [member, listed] = await Promise.all([
    t.call('guild.member.get', { guild_id: guildId, user_id: userId }, { observes: true }),
    recordWalk(t, 'guild.member.list', { guild_id: guildId }),
  ]);
  const flow: JoinFlow = { request, mark, answer, member, listed };
  if (member.ok || lists(listed, userId)) {
    if (!answer.ok) trackAddedMember(t, userId);
    const kickMark = t.events.mark();
    const kicked = await kickAddedMember(t, userId);
    flow.kick = { kicked, mark: kickMark, after: await membership(t, reader, userId) };
  }
  return flow;
}

/** Refuses and reads the membership; a requester wrongly admitted is still this run's doing: kicked again. */
async function refuse(
  t: CheckContext,
  reader: MemberReader,
  request: IncomingRequest & { userId: string },
): Promise<JoinFlow> {
  const { userId } = request;
  const mark = t.events.mark();
  const answer = await t.call('guild.member.approve', { message_id: request.requestId, approve: false });
  const after = await membership(t, reader, userId);
  if ((after.get.ok && presenceDoubt(reader) === undefined) || lists(after.walk, userId)) {
    trackAddedMember(t, userId);
    await kickAddedMember(t, userId);
  }
  return { request, mark, answer, member: after.get, after };
}

/** guild.member.get of the user; guild.member.list walked too unless get refused it and can be trusted to. */
async function membership(t: CheckContext, reader: MemberReader, userId: string): Promise<Membership> {
  const { guildId } = t.sandbox;
  const get = await t.call('guild.member.get', { guild_id: guildId, user_id: userId }, { observes: true });
  if (!get.ok && absenceDoubt(reader) === undefined) return { get };
  return { get, walk: await recordWalk(t, 'guild.member.list', { guild_id: guildId }) };
}

/** Whether a recorded walk lists the user (on any page it read). */
const lists = (walk: RecordedWalk | undefined, userId: string): boolean =>
  walk !== undefined && recordedItems(walk).some((item) => userIdOf(item) === userId);

/** A membership as the proven readers show it: `member` undefined when none of them can tell. */
export interface Judged {
  member?: boolean;
  /** How it was observed (for `observed`), or why nothing could tell (for the undecided state). */
  how: string;
}

/**
 * Judges a membership in the judging check: guild.member.get where it was proven (its refusal once it
 * found the current user, its 2xx once it refused a stranger), else guild.member.list (judged as a walk)
 * where it lists the current user, else — for a membership expected to begin — a guild-member-added for
 * the user since `mark`. `member` is undefined, with every doubt, when none of them can tell.
 */
export function judgeMember(
  t: CheckContext,
  reader: MemberReader,
  state: { get: CallResult; walk?: RecordedWalk | undefined },
  userId: string,
  mark?: number,
): Judged {
  const { get } = state;
  const got = tr`guild.member.get answered ${get.status}`;
  const getDoubt = get.ok ? presenceDoubt(reader) : absenceDoubt(reader);
  if (getDoubt === undefined) return { member: get.ok, how: got };
  const doubts = [getDoubt];
  if (state.walk) {
    const { items } = judgeWalk(t, state.walk);
    const listed = items.some((item) => userIdOf(item) === userId);
    const doubt = listDoubt(t, 'guild.member.list', items);
    const how = listed
      ? tr`${got} (${getDoubt}); guild.member.list lists the user`
      : tr`${got} (${getDoubt}); guild.member.list omits the user`;
    if (doubt === undefined) return { member: listed, how };
    doubts.push(doubt);
  }
  if (mark !== undefined && t.events.available) {
    const added = t.events
      .since(mark)
      .find(
        (event) =>
          event.type === 'guild-member-added' &&
          idOf(event.body?.guild) === t.sandbox.guildId &&
          (idOf(event.body?.user) ?? idOf(event.body?.member?.user)) === userId,
      );
    if (added)
      return { member: true, how: tr`${got} (${getDoubt}); guild-member-added arrived for the user` };
    doubts.push(tr`no guild-member-added for the user arrived`);
  }
  return { how: tr`no reader of the run can tell whether user ${userId} is a member: ${doubts.join('; ')}` };
}

/** Whether the approved requester became a member (judgeMember of the admit flow's reads). */
export const judgeAdmitted = (t: CheckContext, flow: JoinFlow): Judged =>
  judgeMember(t, flow.reader!, { get: flow.member!, walk: flow.listed }, flow.request!.userId, flow.mark);

/** How the user clears a membership no reader can tell (the checks are undecided), in English: clearReader. */
export const CLEAR_READER =
  'make guild.member.get refuse a user who is not a member, or guild.member.list list the current user (see guild.member.get/refuses-a-non-member)';

/** CLEAR_READER in the run's language (what an undecided check says). */
export const clearReader = (): string =>
  tr`make guild.member.get refuse a user who is not a member, or guild.member.list list the current user (see guild.member.get/refuses-a-non-member)`;

/** The ledger kicks a member a join-request flow added through an approved request. */
const trackAddedMember = (t: CheckContext, userId: string): void =>
  t.track({
    kind: 'guild member',
    label: tr`member ${userId} of guild ${t.sandbox.guildId} (added through guild.member.approve)`,
    undo: ['guild.member.kick', { guild_id: t.sandbox.guildId, user_id: userId }],
  });

/**
 * Adds the requester, who is no member (freshRequest showed it), through the trigger's guild-member-added,
 * tracked (undo: kick); where the trigger cannot, nothing: the checks then say the requester was not admitted.
 */
async function addThroughTrigger(t: CheckContext, userId: string): Promise<void> {
  const { guildId } = t.sandbox;
  try {
    await t.trigger('guild-member-added', { guild_id: guildId, user_id: userId });
  } catch (error) {
    if (error instanceof Error && (error.name === 'CheckSkip' || error.name === 'CheckUndecided')) return;
    throw error;
  }
  t.track({
    kind: 'guild member',
    label: tr`member ${userId} of guild ${guildId} (added by the trigger: guild.member.approve admitted nobody)`,
    undo: ['guild.member.kick', { guild_id: guildId, user_id: userId }],
  });
  t.note(
    tr`guild.member.approve admitted nobody: the trigger added the requester ${userId} to guild ${guildId}`,
  );
}

const kickAddedMember = (t: CheckContext, userId: string): Promise<CallResult> =>
  t.call('guild.member.kick', { guild_id: t.sandbox.guildId, user_id: userId });
