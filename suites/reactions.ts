/**
 * Reactions (§4.6, experimental: §1 rule 3). Every check reacts to a message it created in the sandbox
 * channel; the ledger removes the reactions and deletes the message whatever happens.
 */
import { tr } from '../src/i18n/index.js';
import {
  type CallResult,
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
} from '../src/runner/check.js';
import type { Identity } from '../src/runner/model.js';
import { idOf, listFresh, uniqueName } from './_lib/lists.js';
import { postMessage } from './_lib/messages.js';

/**
 * Two emoji ids the target accepts (--emoji; §2 does not show what an emoji id looks like). The reference
 * takes any id; real servers of the family often take unicode emoji, the default.
 */
const emojiOf = (t: CheckContext): [string, string] => [t.config.emoji[0], t.config.emoji[1]];

/**
 * The peer's user id when the peer may react as itself; undefined without a peer, or when the run could
 * not prove it another account (its reactions would be the bot's): the check then judges the bot's alone,
 * noted.
 */
function actingPeer(t: CheckContext): string | undefined {
  if (t.config.peerActs !== false) return t.sandbox.peerId;
  t.note(tr`the peer is unreachable (not proven another account): only the current user reacts`);
  return undefined;
}

interface ReactionTarget {
  channelId: string;
  messageId: string;
  /** What the check tests, for the reason of a skip. */
  purpose: string;
  /** Whether message.get was asked already (requireStored): asked at most once. */
  storedChecked?: boolean;
}

/**
 * Sends a message to react to and registers it with the ledger; a failure skips the check. Whether it is
 * stored is asked only where a reaction on it is refused or not shown (requireStored): a reaction shown
 * on it shows it is there.
 */
async function createMessage(t: CheckContext, purpose: string): Promise<ReactionTarget> {
  const channelId = t.sandbox.channelId;
  const { result } = await postMessage(t, uniqueName('reaction'), channelId);
  const messageId = result.ok && Array.isArray(result.body) ? idOf(result.body[0]) : undefined;
  if (messageId === undefined) {
    t.skip(
      tr`precondition failed: message.create answered ${result.status} without a message id, so ${purpose} cannot be tested`,
    );
  }
  return { channelId, messageId, purpose };
}

/**
 * The control of a reaction refused or not shown: the message reacted to is stored (message.get answers
 * 2xx), else the check skips (the message checks report it). Sent once, only after such an answer.
 */
async function requireStored(t: CheckContext, target: ReactionTarget): Promise<void> {
  if (target.storedChecked) return;
  target.storedChecked = true;
  const { channelId, messageId, purpose } = target;
  const stored = await t.call('message.get', { channel_id: channelId, message_id: messageId });
  if (!stored.ok) {
    t.skip(
      tr`precondition failed: message.get of the message just created answered ${stored.status}, so ${purpose} cannot be tested (see the message checks)`,
    );
  }
}

const reactionFields = (target: ReactionTarget, emojiId: string) => ({
  channel_id: target.channelId,
  message_id: target.messageId,
  emoji_id: emojiId,
});

/**
 * Adds `emojiId` as `as` and registers the undo. When `precondition` is set, a failure skips the check
 * (reaction.create/adds-own-reaction reports it); otherwise it fails.
 */
async function react(
  t: CheckContext,
  target: ReactionTarget,
  emojiId: string,
  as: Identity = 'self',
  precondition?: string,
): Promise<void> {
  const fields = reactionFields(target, emojiId);
  const result = await t.call('reaction.create', fields, as === 'peer' ? { as } : undefined);
  t.track({
    kind: 'reaction',
    label: tr`reaction ${emojiId} of ${as} on message ${target.messageId}`,
    undo: ['reaction.delete', fields],
    ...(as === 'peer' ? { as } : {}),
  });
  if (!result.ok) await requireStored(t, target);
  if (!result.ok && precondition) {
    t.skip(
      tr`precondition failed: reaction.create of ${emojiId} as ${as} answered ${result.status}, so ${precondition} cannot be tested (see reaction.create/adds-own-reaction)`,
    );
  }
  t.expectOk(result, tr`reaction.create of ${emojiId} as ${as}`);
}

/**
 * The ids of the users reaction.list shows for `emojiId`, walked to the end (from `first`, the answer to
 * its first request when already read).
 */
async function reactors(
  t: CheckContext,
  target: ReactionTarget,
  emojiId: string,
  first?: CallResult,
): Promise<string[]> {
  const { items } = await listFresh(t, 'reaction.list', reactionFields(target, emojiId), {
    ...(first ? { first } : {}),
  });
  return items.map(idOf).filter((id): id is string => id !== undefined);
}

/**
 * Like reactors(), for an emoji expected to have no reactions left: a 404 there (the reaction record is
 * gone) is read as nobody, with a note, since §4.6 does not say how an empty reaction is listed.
 */
async function remainingReactors(
  t: CheckContext,
  target: ReactionTarget,
  emojiId: string,
): Promise<string[]> {
  const probe = await t.call('reaction.list', reactionFields(target, emojiId));
  if (probe.status === 404) {
    t.note(tr`reaction.list of ${emojiId} answered 404 once its reactions were removed: read as no users`);
    return [];
  }
  // The probe is the walk's first page: not asked for again.
  return reactors(t, target, emojiId, probe);
}

/**
 * Adds each [emoji, identity] reaction, then confirms through reaction.list that they all show. A check
 * about removing reactions skips when they do not (reaction.create/adds-own-reaction reports that).
 */
async function setUpReactions(
  t: CheckContext,
  target: ReactionTarget,
  reactions: [emojiId: string, as: Identity][],
  purpose: string,
): Promise<void> {
  // Each identity's reactions one after another (a platform may limit one user's reactions per channel);
  // the two identities' at once.
  await Promise.all(
    (['self', 'peer'] as const).map(async (identity) => {
      for (const [emojiId, as] of reactions)
        if (as === identity) await react(t, target, emojiId, as, purpose);
    }),
  );
  const idOfIdentity = (as: Identity) => (as === 'peer' ? t.sandbox.peerId : t.sandbox.selfId);
  for (const emojiId of new Set(reactions.map(([id]) => id))) {
    const shown = await reactors(t, target, emojiId);
    const missing = reactions
      .filter(([id, as]) => id === emojiId && !shown.includes(idOfIdentity(as) ?? ''))
      .map(([, as]) => as);
    if (missing.length > 0) {
      await requireStored(t, target);
      t.skip(
        tr`precondition failed: after reaction.create, reaction.list of ${emojiId} does not show the reaction of ${missing.join(tr` and `)}, so ${purpose} cannot be tested (see reaction.create/adds-own-reaction)`,
      );
    }
  }
}

/**
 * reaction.clear with emoji_id (REACTION-CLEAR-1: that emoji only, the other left) and without
 * (REACTION-CLEAR-2: every emoji): one definition, the scope deciding the request and what must be gone.
 * The peer, when there is one, reacts with an emoji that must be cleared: clearing is for every user.
 */
function reactionClearCheck(scope: 'one-emoji' | 'all'): CheckSpec {
  const oneEmoji = scope === 'one-emoji';
  return defineCheck({
    id: oneEmoji ? 'reaction.clear/emoji-clears-that-emoji-only' : 'reaction.clear/without-emoji-clears-all',
    title: oneEmoji
      ? 'reaction.clear with emoji_id clears every reaction of that emoji and leaves the other emoji'
      : 'reaction.clear without emoji_id clears every reaction of the message',
    level: 'must',
    rules: [oneEmoji ? 'REACTION-CLEAR-1' : 'REACTION-CLEAR-2'],
    operations: ['message.create', 'reaction.create', 'reaction.clear', 'reaction.list'],
    helpers: ['message.create', 'reaction.create', 'reaction.list'],
    experimental: true,
    async run(t: CheckContext) {
      const [EMOJI, OTHER_EMOJI] = emojiOf(t);
      const target = await createMessage(t, 'reaction.clear');
      const peerEmoji = oneEmoji ? EMOJI : OTHER_EMOJI;
      const peerReaction: [string, Identity][] = actingPeer(t) ? [[peerEmoji, 'peer']] : [];
      await setUpReactions(
        t,
        target,
        [[EMOJI, 'self'], [OTHER_EMOJI, 'self'], ...peerReaction],
        'reaction.clear',
      );
      const result = await t.call('reaction.clear', {
        channel_id: target.channelId,
        message_id: target.messageId,
        ...(oneEmoji ? { emoji_id: EMOJI } : {}),
      });
      t.expectOk(result, oneEmoji ? tr`reaction.clear of ${EMOJI}` : tr`reaction.clear without emoji_id`);
      for (const emojiId of oneEmoji ? [EMOJI] : [EMOJI, OTHER_EMOJI]) {
        const left = await remainingReactors(t, target, emojiId);
        t.expect(left.length === 0, tr`no user reacts with ${emojiId} any more`, left);
      }
      if (oneEmoji) {
        const kept = await reactors(t, target, OTHER_EMOJI);
        t.expect(kept.includes(t.sandbox.selfId), tr`the ${OTHER_EMOJI} reaction is left in place`, kept);
      }
    },
  });
}

const checks: CheckSpec[] = [
  defineCheck({
    id: 'reaction.create/adds-own-reaction',
    title: 'reaction.create adds the current user’s reaction, which reaction.list then shows',
    level: 'must',
    rules: ['REACTION-CREATE-1', 'REACTION-LIST-1'],
    operations: ['message.create', 'reaction.create', 'reaction.list'],
    helpers: ['message.create', 'reaction.list'],
    experimental: true,
    async run(t: CheckContext) {
      const [EMOJI] = emojiOf(t);
      const target = await createMessage(t, 'reaction.create');
      await react(t, target, EMOJI);
      const users = await reactors(t, target, EMOJI);
      if (!users.includes(t.sandbox.selfId)) await requireStored(t, target);
      t.expect(users.includes(t.sandbox.selfId), tr`reaction.list of ${EMOJI} shows the current user`, users);
    },
  }),

  // §4.6: reaction.list is a paginated list (§1 rule 5) of User objects.
  defineCheck({
    id: 'reaction.list/walks-users',
    title: 'reaction.list walks to its end as a list of User objects',
    level: 'must',
    rules: ['REACTION-LIST-1', 'GEN-5'],
    operations: ['message.create', 'reaction.create', 'reaction.list'],
    helpers: ['message.create', 'reaction.create'],
    experimental: true,
    async run(t: CheckContext) {
      const [EMOJI] = emojiOf(t);
      const target = await createMessage(t, 'reaction.list');
      await react(t, target, EMOJI, 'self', 'reaction.list');
      const peerId = actingPeer(t);
      if (peerId) await react(t, target, EMOJI, 'peer', 'reaction.list');
      const { items } = await listFresh(t, 'reaction.list', reactionFields(target, EMOJI), {
        validate: true,
      });
      const expected = [t.sandbox.selfId, ...(peerId ? [peerId] : [])];
      const ids = items.map(idOf);
      const exactly = expected.every((id) => ids.includes(id)) && items.length === expected.length;
      if (!exactly) await requireStored(t, target);
      t.expect(
        exactly,
        tr`reaction.list of ${EMOJI} lists exactly the users who reacted: ${expected.join(', ')}`,
        ids,
      );
    },
  }),

  defineCheck({
    id: 'reaction.delete/removes-given-users-reaction',
    title: 'reaction.delete with user_id removes that user’s reaction and leaves the current user’s',
    level: 'must',
    rules: ['REACTION-DELETE-1'],
    operations: ['message.create', 'reaction.create', 'reaction.delete', 'reaction.list'],
    helpers: ['message.create', 'reaction.create', 'reaction.list'],
    experimental: true,
    needs: ['peer'],
    // The peer acts in the guild: a guild mute of the peer may block it.
    shares: ['peer-in-guild'],
    async run(t: CheckContext) {
      const [EMOJI] = emojiOf(t);
      const peerId = t.sandbox.peerId;
      if (!peerId) t.skip(tr`needs a peer identity (--peer-token / --peer-self-id)`);
      const target = await createMessage(t, 'reaction.delete');
      await setUpReactions(
        t,
        target,
        [
          [EMOJI, 'self'],
          [EMOJI, 'peer'],
        ],
        'reaction.delete',
      );
      const result = await t.call('reaction.delete', { ...reactionFields(target, EMOJI), user_id: peerId });
      t.expectOk(result, tr`reaction.delete with the peer’s user_id`);
      const users = await reactors(t, target, EMOJI);
      t.expect(!users.includes(peerId), tr`the peer ${peerId} no longer reacts with ${EMOJI}`, users);
      t.expect(users.includes(t.sandbox.selfId), tr`the current user’s reaction is left in place`, users);
    },
  }),

  defineCheck({
    id: 'reaction.delete/without-user-removes-own',
    title: 'reaction.delete without user_id removes the current user’s reaction and leaves others’',
    level: 'must',
    rules: ['REACTION-DELETE-2'],
    operations: ['message.create', 'reaction.create', 'reaction.delete', 'reaction.list'],
    helpers: ['message.create', 'reaction.create', 'reaction.list'],
    experimental: true,
    async run(t: CheckContext) {
      const [EMOJI] = emojiOf(t);
      const peerId = actingPeer(t);
      const target = await createMessage(t, 'reaction.delete');
      if (!peerId) t.note(tr`no peer identity: only the removal of the current user’s reaction is checked`);
      await setUpReactions(
        t,
        target,
        [[EMOJI, 'self'], ...(peerId ? [[EMOJI, 'peer'] as [string, Identity]] : [])],
        'reaction.delete',
      );
      const result = await t.call('reaction.delete', reactionFields(target, EMOJI));
      t.expectOk(result, tr`reaction.delete without user_id`);
      const users = await (peerId ? reactors(t, target, EMOJI) : remainingReactors(t, target, EMOJI));
      t.expect(!users.includes(t.sandbox.selfId), tr`the current user no longer reacts`, users);
      if (peerId) t.expect(users.includes(peerId), tr`the peer ${peerId}’s reaction is left in place`, users);
    },
  }),

  reactionClearCheck('one-emoji'),
  reactionClearCheck('all'),
];

export default defineSuite('reactions', checks);
