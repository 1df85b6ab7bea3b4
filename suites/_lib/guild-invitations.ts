/**
 * A guild invitation answered with guild.approve (§4.3, §6 guild-request), observed once per run for each
 * answer and judged by two checks each: guild.approve/* (the membership) and event.guild-request/* (the
 * event flow). One flow per answer matters on servers whose trigger invites from one guild only and cannot
 * make the bot leave it again: a second approval could not show a join.
 *
 * No verdict from history (docs/checking-a-server.md "Verdicts that do not depend on history"): the bot's membership is read BEFORE the answer. A bot already in the
 * inviting guild (an earlier run's approval never left) is made to leave through the trigger (never the
 * sandbox guild), or another invitation is asked for; if neither helps, the checks are undecided.
 */
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext, ObservedEvent } from '../../src/runner/check.js';
import { type GuildJoined, readGuildJoined } from './guild-membership.js';
import { idOf } from './lists.js';
import { type IncomingRequest, MissingRequest, missingRequest, receiveRequest } from './requests.js';

export interface InvitationFlow {
  /** Why no request could be read (no event, and a trigger answer without a request id). */
  missing?: string;
  request?: IncomingRequest & { guildId: string };
  answer?: CallResult;
  /** The membership after the answer. */
  joined?: GuildJoined;
  /** approve true: guild.get of the joined guild, while still a member. */
  got?: CallResult;
  /** The run's event mark just before the answer (events the answer caused come after it). */
  mark?: number;
  /** approve true: the guild-added that followed, if any (the link is inferred, not stated). */
  followUp?: ObservedEvent;
  /** approve false: a guild-added for the guild after the refusal. */
  joinedEvent?: ObservedEvent;
}

/** The two declines run before the two approvals (check.ts startsAfter). */
export const DECLINE_CHECKS = ['guild.approve/reject-does-not-join', 'event.guild-request/approve-false'];

/** The guild.approve flow answering `approve`, observed once for the run and judged by each sharer. */
export const guildInvitationFlow = (t: CheckContext, approve: boolean): Promise<InvitationFlow> =>
  t.shared(tr`one guild.approve ${approve} flow`, async (observer) => {
    let request: InvitationFlow['request'];
    try {
      request = await invitationToAGuildNotJoined(observer);
    } catch (error) {
      if (error instanceof MissingRequest) return { missing: error.message };
      throw error;
    }
    const { guildId } = request;
    const mark = observer.events.mark();
    const answer = await observer.call('guild.approve', { message_id: request.requestId, approve });
    let joined: GuildJoined | undefined;
    try {
      joined = await readGuildJoined(observer, guildId, approve);
    } finally {
      // Tracked unless it is sure that nothing was joined (undo: trigger guild-removed): a listed guild
      // without an id might be the joined one.
      const mayHaveJoined = joined === undefined || joined.joined || (approve && !joined.allIdentified);
      if (mayHaveJoined) trackJoinedGuild(observer, guildId, joined?.joined === true);
    }
    const flow: InvitationFlow = { request, answer, joined, mark };
    try {
      if (approve && joined.joined) {
        flow.got = await observer.call('guild.get', { guild_id: guildId });
        if (observer.events.available) {
          const followUp = await observer.events.tryWaitFor(
            (event) => event.type === 'guild-added' && idOf(event.body?.guild) === guildId,
          );
          if (followUp) flow.followUp = followUp;
        }
      }
      if (!approve) {
        const joinedEvent = observer.events
          .since(mark)
          .find((event) => event.type === 'guild-added' && idOf(event.body?.guild) === guildId);
        if (joinedEvent) flow.joinedEvent = joinedEvent;
      }
    } finally {
      // Leave again at once: the next invitation needs a guild the bot is not in. A trigger that cannot
      // cause guild-removed leaves it to the ledger, which reports it; the verdicts stand.
      if (joined.joined) await leaveGuild(observer, guildId);
    }
    return flow;
  });

/**
 * An invitation from a guild the bot is not a member of, its membership read first. A bot already in the
 * inviting guild leaves it through the trigger (restoring the precondition), or a second invitation is
 * asked for; when both fail, the checks are undecided, naming the guild.
 */
async function invitationToAGuildNotJoined(t: CheckContext): Promise<IncomingRequest & { guildId: string }> {
  let state = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const request = await receiveRequest(t, 'guild-request', {}, { onMissing: missingRequest });
    const { guildId } = request;
    if (guildId === undefined) {
      return t.skip(tr`neither the guild-request event nor the trigger’s answer names the inviting guild`);
    }
    const before = await readGuildJoined(t, guildId, false);
    if (before.doubt)
      t.note(tr`whether the bot was in guild ${guildId} before its invitation is unknown: ${before.doubt}`);
    if (!before.joined) return { ...request, guildId };
    state = tr`the bot was already a member of guild ${guildId} before its invitation (${before.how})`;
    if (guildId === t.sandbox.guildId) break; // never leave the sandbox
    const left = await leaveGuild(t, guildId);
    if (left && !(await readGuildJoined(t, guildId, false)).joined) {
      t.note(
        tr`${state}: left by an earlier run? It left the guild through the trigger (guild-removed) first`,
      );
      return { ...request, guildId };
    }
    t.note(tr`${state}, and the trigger could not make it leave: asking for another invitation`);
  }
  return t.undecided(
    state,
    tr`remove the bot from that guild on the platform, or let the trigger invite from a guild the bot is not in (or cause guild-removed)`,
  );
}

/**
 * The ledger makes the bot leave a guild it joined through an approve, through the trigger: §4.3 offers no
 * way to leave a guild, so where the trigger cannot, it is left to do on the platform. `seen`: the run
 * read the bot in the guild (else it may never have joined, and nothing is left).
 */
export const trackJoinedGuild = (t: CheckContext, guildId: string, seen = true): void =>
  t.track({
    kind: 'guild membership',
    label: tr`membership of guild ${guildId} (joined through guild.approve)`,
    undo: ['trigger:guild-removed', { guild_id: guildId }],
    byHand: tr`no operation of the interface leaves a guild (§4.3): remove the bot from guild ${guildId} on the platform`,
    ...(seen ? {} : { unproven: tr`the run never read the bot as a member of guild ${guildId}` }),
  });

/** Leaves a guild through the trigger (guild-removed); false, noted, when the trigger refuses. */
async function leaveGuild(t: CheckContext, guildId: string): Promise<boolean> {
  try {
    await t.trigger('guild-removed', { guild_id: guildId });
    return true;
  } catch (error) {
    t.note(tr`could not leave guild ${guildId} through the trigger: ${(error as Error).message}`);
    return false;
  }
}
