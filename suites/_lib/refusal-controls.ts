/**
 * The positive control of a refusal check (issue 41, "a control for every negative claim"): a refusal of
 * an incomplete or malformed request proves nothing when the same operation refuses the complete one too
 * (a skeleton answering 404 to every path, an adapter answering 501 to what its login.features lists, or
 * 400 to any field it does not know). So each refusal check asks, once per operation and run (t.shared),
 * whether the operation accepted a complete valid request (any 2xx: a 2xx is never a refusal); without
 * that, the check is undecided, naming what the control got. The control of a read is the run's one
 * complete request of it (./served.ts), which the generic checks probe too.
 *
 * Safety: a control changes only what the run created (its own message, channel and role, each tracked
 * and undone), lifts at most the peer's own mute (duration 0), and for the requests it cannot make
 * alone (the approvals, a kick, a friend.delete) reuses the one flow per run the request suites observe
 * anyway (./guild-invitations.ts, ./join-requests.ts, ./friend-requests.ts).
 */
import type { OperationId } from '../../spec/catalogue.js';
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import type { Hold } from '../../src/runner/holds.js';
import { statusClass } from '../../src/runner/signature.js';
import { friendRequestFlow } from './friend-requests.js';
import { guildInvitationFlow } from './guild-invitations.js';
import { joinRequestFlow } from './join-requests.js';
import { idOf, uniqueName } from './lists.js';
import { messageReadBack, uniqueContent } from './messages.js';
import { offers, requireOffered } from './offered.js';
import { answered, completeFields as complete, ownMessage, probeRead, READS, requestOnce } from './served.js';

/** What the control of one operation observed. */
interface Control {
  /** The complete request's answer, when one could be sent. */
  result?: CallResult;
  /** Why no complete request could be sent: a helper refused (the message or role to name …). */
  missing?: string;
  /**
   * Why none could be sent in this setup: a capability the run lacks (no peer identity configured, no
   * request the trigger caused), as the checks of those flows skip; not a state of the target.
   */
  unavailable?: string;
  /** What would let the control be sent, where that is not the operation itself (a helper not offered). */
  clear?: string;
}

type Observe = (t: CheckContext) => Promise<Control>;

/**
 * The control of a read (served.ts READS): the run's one complete request of it, the same observation the
 * generic checks probe (a read is served, or not, once for the run).
 */
const read =
  (operation: OperationId): Observe =>
  async (t) => {
    const probe = await probeRead(t, operation);
    if (probe.result) return { result: probe.result };
    // What the read names is made by a helper of the control (message.get: the run's message).
    const after = READS.find((candidate) => candidate.operation === operation)?.after;
    return { missing: after ? tr`its helper ${probe.missing}` : probe.missing };
  };

/** A channel of the run's own in the sandbox guild (tracked). */
const ownChannel = (t: CheckContext, what = tr`a channel of the run`): Promise<Control & { id?: string }> =>
  t.shared(tr`refusal control: ${what}`, async (observer) => {
    const result = await observer.call(
      'channel.create',
      complete(
        observer,
        'channel.create',
        { guild_id: observer.sandbox.guildId },
        {
          name: uniqueName('control'),
          type: 0,
        },
      ),
    );
    const id = result.ok ? idOf(result.body) : undefined;
    if (id !== undefined)
      observer.track({
        kind: 'channel',
        label: tr`channel ${id} (a refusal control)`,
        undo: ['channel.delete', { channel_id: id }],
      });
    return { result, ...(id !== undefined ? { id } : {}) };
  });

/**
 * The run's channel as a helper of another operation's control: not made where login.features omits
 * channel.create (issue 41: a helper outside the features is not called), which leaves that control missing.
 */
const helperChannel = (t: CheckContext, what?: string): Promise<Control & { id?: string }> =>
  offers(t, 'channel.create')
    ? ownChannel(t, what)
    : Promise.resolve({
        missing: tr`login.features omits ${'channel.create'}, which this check only uses as a helper (not called)`,
        clear: tr`nothing to fix in the operation under test: the control mutes, renames or deletes only a channel of the run`,
      });

/** A role of the run's own in the sandbox guild (tracked). */
const ownRole = (t: CheckContext, what = tr`a role of the run`): Promise<Control & { id?: string }> =>
  t.shared(tr`refusal control: ${what}`, async (observer) => {
    const guildId = observer.sandbox.guildId;
    const result = await observer.call(
      'guild.role.create',
      complete(observer, 'guild.role.create', { guild_id: guildId }, { name: uniqueName('control') }),
    );
    const id = result.ok ? idOf(result.body) : undefined;
    if (id !== undefined)
      observer.track({
        kind: 'role',
        label: tr`role ${id} (a refusal control)`,
        undo: ['guild.role.delete', { guild_id: guildId, role_id: id }],
      });
    return { result, ...(id !== undefined ? { id } : {}) };
  });

/** Runs `then` on what a helper made, or says why the helper made nothing. */
async function using(
  made: Control & { id?: string },
  helper: string,
  then: (id: string) => Promise<Control>,
): Promise<Control> {
  if (made.id !== undefined) return then(made.id);
  if (made.missing !== undefined && made.result === undefined)
    return { missing: made.missing, ...(made.clear ? { clear: made.clear } : {}) };
  const got = made.result ? answered(made.result) : tr`no answer`;
  return { missing: tr`its helper ${helper} made nothing to act on (${got})` };
}

/** The message controls: the run's own message, named with the sandbox channel. */
const onMessage =
  (operation: OperationId, values: (t: CheckContext, messageId: string) => Record<string, unknown>) =>
  async (t: CheckContext): Promise<Control> =>
    using(await ownMessage(t), 'message.create', async (id) => ({
      result: await t.call(operation, complete(t, operation, values(t, id))),
    }));

const inChannel = (t: CheckContext, messageId: string) => ({
  channel_id: t.sandbox.channelId,
  message_id: messageId,
});

const withEmoji = (t: CheckContext, messageId: string) => ({
  ...inChannel(t, messageId),
  emoji_id: t.config.emoji[0],
});

/** The peer's user id, else a control that says so. */
const peerOf = (t: CheckContext): string | undefined => t.sandbox.peerId;

const noPeer = (): Control => ({ unavailable: tr`the run has no peer identity to name (--peer-self-id)` });

/** A request flow's answer as a control: the flow's own request, or why none arrived. */
const flowAnswer = (flow: { missing?: string; answer?: CallResult }): Control =>
  flow.answer ? { result: flow.answer } : { unavailable: flow.missing ?? tr`no request arrived to answer` };

const CONTROLS: Partial<Record<OperationId, Observe>> = {
  ...Object.fromEntries(READS.map(({ operation }) => [operation, read(operation)])),
  'message.create': async (t) => ownMessage(t),
  'message.update': onMessage('message.update', (t, id) => ({
    ...inChannel(t, id),
    content: uniqueContent('control'),
  })),
  // The newer message of the run's one message read back (./messages.ts), which no one reads once that
  // observation is made: deleted here, it needs neither a message of its own nor a cleanup.
  'message.delete': async (t) => {
    const { created, newer, newerId } = await messageReadBack(t);
    const made = { result: newer ?? created, ...(newerId === undefined ? {} : { id: newerId }) };
    return using(made, 'message.create', async (id) => ({
      result: await t.call('message.delete', inChannel(t, id)),
    }));
  },
  'channel.create': async (t) => ownChannel(t),
  'channel.update': async (t) =>
    using(await helperChannel(t), 'channel.create', async (id) => ({
      result: await t.call(
        'channel.update',
        complete(t, 'channel.update', { channel_id: id }, { name: uniqueName('control') }),
      ),
    })),
  // The run's control channel, once the controls that rename and mute it are made (a helper here: their
  // answers are noted, never judged): deleted here, it needs neither a channel of its own nor a cleanup.
  'channel.delete': async (t) => {
    for (const operation of ['channel.update', 'channel.mute'] as const)
      if (offers(t, operation))
        await t.shared(tr`refusal control: ${operation}`, CONTROLS[operation] as Observe, { fallback: true });
    return using(await helperChannel(t), 'channel.create', async (id) => ({
      result: await t.call('channel.delete', { channel_id: id }),
    }));
  },
  // Duration 0 on a channel of the run's own: a complete request that changes nothing the run did not make.
  'channel.mute': async (t) =>
    using(await helperChannel(t), 'channel.create', async (id) => ({
      result: await t.call('channel.mute', { channel_id: id, duration: 0 }),
    })),
  'user.channel.create': async (t) => {
    const peerId = peerOf(t);
    return peerId === undefined
      ? noPeer()
      : // The one request user.channel.create/direct-channel-with-peer judges too (it only finds the channel).
        { result: await requestOnce(t, 'user.channel.create', { user_id: peerId }) };
  },
  'guild.approve': async (t) => flowAnswer(await guildInvitationFlow(t, false)),
  'guild.member.kick': async (t) => {
    const flow = await joinRequestFlow(t, true);
    if (flow.kick) return { result: flow.kick.kicked };
    if (flow.missing) return { unavailable: flow.missing };
    return {
      missing: flow.answer
        ? tr`no member to kick: the approval of a join request answered ${answered(flow.answer)}`
        : tr`no member to kick: the approval of a join request answered nothing`,
    };
  },
  // Duration 0 lifts the peer's own mute, the one guild-wide change a run may make (docs/safety).
  'guild.member.mute': async (t) => {
    const peerId = peerOf(t);
    if (peerId === undefined) return noPeer();
    return {
      result: await t.call('guild.member.mute', {
        guild_id: t.sandbox.guildId,
        user_id: peerId,
        duration: 0,
      }),
    };
  },
  'guild.member.approve': async (t) => flowAnswer(await joinRequestFlow(t, false)),
  'guild.member.role.set': async (t) => (await roleSetAndUnset(t)).set,
  'guild.member.role.unset': async (t) => (await roleSetAndUnset(t)).unset,
  'guild.role.create': async (t) => ownRole(t),
  'guild.role.update': async (t) =>
    using(await ownRole(t), 'guild.role.create', async (id) => ({
      result: await t.call(
        'guild.role.update',
        complete(
          t,
          'guild.role.update',
          { guild_id: t.sandbox.guildId, role_id: id },
          {
            name: uniqueName('control'),
          },
        ),
      ),
    })),
  'guild.role.delete': async (t) =>
    using(await ownRole(t, 'a role of the run to delete'), 'guild.role.create', async (id) => ({
      result: await t.call('guild.role.delete', { guild_id: t.sandbox.guildId, role_id: id }),
    })),
  'reaction.create': async (t) => ownReaction(t),
  'reaction.delete': async (t) =>
    using(await ownReaction(t), 'reaction.create', async (messageId) => ({
      result: await t.call('reaction.delete', withEmoji(t, messageId)),
    })),
  'reaction.clear': onMessage('reaction.clear', inChannel),
  'reaction.list': onMessage('reaction.list', withEmoji),
  'friend.delete': async (t) => {
    const flow = await friendRequestFlow(t, true);
    const deleted = [...(flow.deleted?.values() ?? [])][0];
    if (deleted) return { result: deleted };
    if (flow.missing) return { unavailable: flow.missing };
    return {
      missing: flow.answer
        ? tr`no friend to delete: the approval of a friend request answered ${answered(flow.answer)}`
        : tr`no friend to delete: the approval of a friend request answered nothing`,
    };
  },
  'friend.approve': async (t) => flowAnswer(await friendRequestFlow(t, false)),
};

/** The run's reaction on its own message (the reaction.create control; tracked). */
const ownReaction = (t: CheckContext): Promise<Control & { id?: string }> =>
  t.shared(tr`refusal control: a reaction of the run`, async (observer) => {
    const made = await ownMessage(observer);
    if (made.id === undefined)
      return { missing: (await using(made, 'message.create', async () => ({}))).missing };
    const fields = withEmoji(observer, made.id);
    const result = await observer.call('reaction.create', fields);
    if (result.ok)
      observer.track({
        kind: 'reaction',
        label: tr`reaction ${fields.emoji_id} (a refusal control)`,
        undo: ['reaction.delete', fields],
      });
    return { result, ...(result.ok ? { id: made.id } : {}) };
  });

/** The run's own role given to the bot and taken back (the role.set and role.unset controls). */
const roleSetAndUnset = (t: CheckContext): Promise<{ set: Control; unset: Control }> =>
  t.shared(tr`refusal control: a role of the run set on the bot and unset`, async (observer) => {
    const role = await ownRole(observer);
    if (role.id === undefined) {
      const missing = await using(role, 'guild.role.create', async () => ({}));
      return { set: missing, unset: missing };
    }
    const fields = { guild_id: observer.sandbox.guildId, user_id: observer.sandbox.selfId, role_id: role.id };
    const set = await observer.call('guild.member.role.set', fields);
    if (set.ok)
      observer.track({
        kind: 'role assignment',
        label: tr`role ${role.id} of the bot (a refusal control)`,
        undo: ['guild.member.role.unset', fields],
      });
    const unset = await observer.call('guild.member.role.unset', fields);
    return { set: { result: set }, unset: { result: unset } };
  });

/** What the flows the controls reuse hold (src/runner/holds.ts): a check using one declares the same. */
export const CONTROL_HOLDS: Partial<Record<OperationId, Hold[]>> = {
  'guild.approve': ['guild-invitations'],
  'guild.member.kick': ['join-requests'],
  'guild.member.approve': ['join-requests'],
  'guild.member.mute': ['peer-in-guild', 'peer-member-record'],
  'friend.delete': ['friend-requests'],
  'friend.approve': ['friend-requests'],
  // The control sets and unsets a role on the bot: its guild-member-updated events name the bot.
  'guild.member.role.set': ['self-member-record'],
  'guild.member.role.unset': ['self-member-record'],
};

/**
 * The answer of a complete request that was not accepted, or undefined when it was: any 2xx (a 2xx is never
 * a refusal, issue 46 item 4: an empty or error-looking body on a 2xx is acceptance; what it returned is
 * judged by the operation's own checks).
 */
const notAccepted = (result: CallResult): string | undefined => (result.ok ? undefined : answered(result));

/** The control of `operation` for this run: undefined when accepted, else what it got (one line). */
async function controlProblem(
  t: CheckContext,
  operation: OperationId,
): Promise<{ undecided: string; clear?: string; status?: number } | { unavailable: string } | undefined> {
  const observe = CONTROLS[operation];
  if (!observe) return { unavailable: tr`no complete request of ${operation} is known to the run` };
  const control = await t.shared(tr`refusal control: ${operation}`, observe);
  if (control.unavailable !== undefined) return { unavailable: control.unavailable };
  if (!control.result)
    return {
      undecided: tr`no complete request of ${operation} could be sent: ${control.missing}`,
      ...(control.clear ? { clear: control.clear } : {}),
    };
  const refused = notAccepted(control.result);
  return refused
    ? {
        undecided: tr`the complete request of ${operation} was refused too: ${refused}`,
        status: control.result.status,
      }
    : undefined;
}

/**
 * Ends the check undecided unless `operation` accepted a complete valid request in this run: a refusal
 * is a verdict only where acceptance was observed. Where the run cannot send the control at all (no peer
 * configured, no request the trigger caused) the check skips with the reason instead, as the checks of
 * those flows do. Call it after the refusal was seen (the verdict is the refusal's), before passing.
 */
export async function requireControl(
  t: CheckContext,
  operation: OperationId,
  refusal: string,
): Promise<void> {
  const problem = await controlProblem(t, operation);
  if (problem === undefined) {
    t.note(tr`control: ${operation} accepted a complete request in this run`);
    return;
  }
  // A capability the run lacks (as the flow's own checks skip): not counted, with the reason.
  if ('unavailable' in problem)
    t.skip(
      tr`${refusal}, but no control: ${problem.unavailable} (a refusal proves nothing without an accepted complete request)`,
    );
  t.undecided(
    tr`${refusal}, but ${problem.undecided}: a refusal proves nothing when the complete request is refused as well`,
    problem.clear ??
      tr`make ${operation} accept a complete valid request (or leave it out of login.features), then run again`,
    // The operation refused whole, as data (its cause, src/runner/undecided-causes.ts).
    ...(problem.status === undefined
      ? []
      : ([{ kind: 'status', operation, role: 'under-test', status: statusClass(problem.status) }] as const)),
  );
}

/** The run's own message for a check that must name one; undecided naming the helper when it made none. */
export async function requireOwnMessage(t: CheckContext, operation: OperationId): Promise<string> {
  // Not offered: not sent, and nothing to fix in what the check judges (issue 46).
  requireOffered(t, ['message.create']);
  const made = await ownMessage(t);
  if (made.id !== undefined) return made.id;
  return t.undecided(
    tr`${operation} needs a message of the run to name, but ${(await using(made, 'message.create', async () => ({}))).missing}`,
    tr`make message.create accept a message in the sandbox channel, then run again`,
  );
}
