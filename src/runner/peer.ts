/**
 * The peer proven distinct before any check acts as it (issue 41): a server that serves one login may
 * ignore the identity headers (§5 leaves them open: every request then acts as the bot) or refuse any
 * other identity. A check that took the bot's acts for the peer's would judge a mute by the wrong account,
 * so the run proves once, before the checks, that the peer identity is another account: its login.get (as
 * the peer) names the peer's user and not the bot's, or — where login.get names no one — a message it
 * creates carries the peer's user as author (§2 Message.user). Otherwise every check that needs the peer is
 * undecided with what came back, never failed nor blamed on an earlier run.
 */

import { type HttpClient, RequestError } from '../client/http.js';
import { tr } from '../i18n/index.js';
import type { Sandbox } from './check.js';
import type { Ledger } from './ledger.js';
import type { Exchange, Undecided } from './model.js';

/** What the run knows of its second identity: proven another account, or why not. */
export interface PeerStanding {
  /**
   * distinct: proven another account; served-as-bot: the peer's requests act as the bot; refused: the
   * server refuses the peer's identity; unproven: nothing the server answered tells whose the peer's acts
   * are; absent: no peer identity was given.
   */
  state: 'distinct' | 'served-as-bot' | 'refused' | 'unproven' | 'absent';
  /** One line: what came back, e.g. "login.get as the peer answered the bot's user 1001". */
  detail: string;
  /** The peer's user id as the proof saw it (e.g. learnt from login.get when only --peer-token was given). */
  userId?: string;
  /** The exchanges of the proof: the evidence of every check it leaves undecided. */
  exchanges: Exchange[];
}

/** The prefix of the undecided state of every check the peer could not serve, in English (causes group on its signature). */
export const PEER_UNREACHABLE = 'the peer is unreachable: ';

/** What decides the checks of an unreachable peer. */
const peerClear = (): string =>
  tr`run against a server that serves the peer’s own identity (its Satori-User-ID / X-Self-ID, or its token), or pass --peer-token with a token of a second login`;

/** The undecided verdict of a check that needs the peer while the peer is not proven distinct. */
export const peerUndecided = (standing: PeerStanding): Undecided => ({
  state: tr`the peer is unreachable: ${standing.detail}`,
  clear: peerClear(),
  signature: { kind: 'identity', pattern: standing.state },
});

/** A peer that checks may act as: proven distinct (or not asked about: no proof ran). */
export const peerUsable = (standing: PeerStanding | undefined): boolean =>
  standing === undefined || standing.state === 'distinct';

export interface PeerProofInput {
  client: HttpClient;
  /** Whether a peer identity was given (--peer-token or --peer-self-id, or the reference's). */
  given: boolean;
  selfId: string | undefined;
  peerId: string | undefined;
  /** Where the peer may post when login.get names no one (the sandbox channel). */
  channelId: string;
  /** Tracks the proof's message for deletion (as its poster), and settles it once deleted. */
  track: (messageId: string, as: 'self' | 'peer') => void;
  settle: (operation: string, fields: Record<string, unknown>) => void;
  /** login.get as the bot, where the run asked it already (src/runner/capabilities.ts): not asked again. */
  botLogin?: { result: Answer; exchanges: Exchange[] } | undefined;
  signal?: AbortSignal;
}

type Answer = { ok: boolean; status: number; text: string; body: unknown };

/** The user id a Login (§2) names: user.id, or the older self_id / user_id. */
const loginUserOf = (body: unknown): string | undefined => {
  const login = body as { user?: { id?: unknown }; self_id?: unknown; user_id?: unknown } | null;
  const id = login?.user?.id ?? login?.self_id ?? login?.user_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/** The author a created Message names (§2 Message.user, or its member's user); the first of an array. */
const authorOf = (body: unknown): string | undefined => {
  const message = (Array.isArray(body) ? body[0] : body) as {
    user?: { id?: unknown };
    member?: { user?: { id?: unknown } };
  } | null;
  const id = message?.user?.id ?? message?.member?.user?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/** One request of the proof, its exchanges kept; a transport failure is an answer with status 0. */
type Ask = (operation: string, fields: Record<string, unknown>, as: 'self' | 'peer') => Promise<Answer>;

interface Proof {
  input: PeerProofInput;
  ask: Ask;
  exchanges: Exchange[];
  /** An answer in a few words: 'HTTP 403 {"message":"login not found"}'. */
  answered: (result: Answer) => string;
  selfId: string | undefined;
}

/** Proves the peer distinct, once per run. Never throws for what the server answers. */
export async function provePeer(input: PeerProofInput): Promise<PeerStanding> {
  const exchanges: Exchange[] = [];
  if (!input.given)
    return {
      state: 'absent',
      detail: tr`no peer identity was given (--peer-token, --peer-self-id)`,
      exchanges,
    };
  const { client, signal } = input;
  const say = (text: string) => client.redactor.shorten(text.replace(/\s+/g, ' '), 60);
  const ask: Ask = async (operation, fields, as) => {
    try {
      const outcome = await client.call(operation, fields, { as, ...(signal ? { signal } : {}) });
      exchanges.push(...outcome.exchanges);
      return outcome.result as Answer;
    } catch (error) {
      if (!(error instanceof RequestError) || error.kind === 'aborted') throw error;
      exchanges.push(...error.exchanges);
      return { ok: false, status: 0, text: say(error.message), body: undefined };
    }
  };
  const answered = (result: Answer) =>
    result.status === 0 ? result.text : `HTTP ${result.status}${result.text ? ` ${say(result.text)}` : ''}`;
  // The family's login.get (de-facto conventions; §2 Login) names the login a request acts as.
  const peerLogin = await ask('login.get', {}, 'peer');
  const asPeer = loginUserOf(peerLogin.body);
  // The bot's own login: the control that tells a refusal of the peer from login.get refused to everyone,
  // and the bot's user id where the run was not told it.
  const botLogin =
    peerLogin.ok && asPeer !== undefined && input.selfId ? undefined : await askedOnce(input, exchanges, ask);
  const proof: Proof = {
    input,
    ask,
    exchanges,
    answered,
    selfId: input.selfId || (botLogin ? loginUserOf(botLogin.body) : undefined),
  };
  if (peerLogin.ok && asPeer !== undefined) return decide(proof, asPeer, tr`login.get as the peer answered`);
  if (!peerLogin.ok && botLogin?.ok)
    return {
      state: 'refused',
      detail: tr`login.get as the peer answered ${answered(peerLogin)} (as the bot: HTTP ${botLogin.status})`,
      exchanges,
    };
  const why = peerLogin.ok
    ? tr`login.get as the peer named no user`
    : tr`login.get: HTTP ${peerLogin.status} to the peer and the bot alike`;
  return proveByMessage(proof, why);
}

/** The bot's login.get: the run's answer where it asked already (its exchanges are evidence here too). */
async function askedOnce(input: PeerProofInput, exchanges: Exchange[], ask: Ask): Promise<Answer> {
  if (!input.botLogin) return ask('login.get', {}, 'self');
  exchanges.push(...input.botLogin.exchanges);
  return input.botLogin.result;
}

/** Whose user `shown` is: the peer's (distinct), the bot's, or neither; `why` ends the detail. */
function decide(proof: Proof, shown: string, what: string, why?: string): PeerStanding {
  const standing = decided(proof, shown, what);
  return why ? { ...standing, detail: `${standing.detail} (${why})` } : standing;
}

function decided(proof: Proof, shown: string, what: string): PeerStanding {
  const { input, selfId, exchanges } = proof;
  if (input.peerId !== undefined && shown === input.peerId && shown !== selfId)
    return { state: 'distinct', detail: tr`${what} the peer's user ${shown}`, userId: shown, exchanges };
  if (shown === selfId)
    return { state: 'served-as-bot', detail: tr`${what} the bot's user ${shown}`, exchanges };
  if (input.peerId === undefined && selfId !== undefined)
    return { state: 'distinct', detail: tr`${what} user ${shown}, not the bot`, userId: shown, exchanges };
  return {
    state: 'unproven',
    detail: tr`${what} user ${shown}, neither the peer (${input.peerId ?? tr`unknown`}) nor the bot (${selfId ?? tr`unknown`})`,
    exchanges,
  };
}

/**
 * Where login.get names no one: the peer posts in the sandbox channel (deleted at once, and in the
 * ledger) and the message's author (§2 Message.user) says whose act it was. A refused post is told apart:
 * a read as the peer refused too is the identity refused; the bot's post accepted where the peer's was
 * refused shows the server tells the two apart (the peer muted, perhaps: the mute checks restore it).
 */
async function proveByMessage(proof: Proof, why: string): Promise<PeerStanding> {
  const { input, ask, exchanges, answered } = proof;
  const channel = { channel_id: input.channelId };
  const post = (as: 'self' | 'peer') =>
    ask(
      'message.create',
      { ...channel, content: `conformance probe: who posts as the ${as === 'peer' ? 'peer' : 'bot'}` },
      as,
    );
  const posted = await post('peer');
  if (posted.ok) {
    await removeProbe(proof, posted, 'peer');
    const author = authorOf(posted.body);
    if (author !== undefined) return decide(proof, author, tr`message.create as the peer was posted by`, why);
    return {
      state: 'unproven',
      detail: tr`the peer's message names no author (§2 Message.user; ${why})`,
      exchanges,
    };
  }
  const read = await ask('guild.list', {}, 'peer');
  if (!read.ok) {
    // The bot's own read is the control: refused to the bot too, it tells nothing of the peer.
    const control = await ask('guild.list', {}, 'self');
    return {
      state: control.ok ? 'refused' : 'unproven',
      detail: tr`message.create as the peer answered ${answered(posted)}, guild.list as the peer HTTP ${read.status}${control.ok ? '' : tr` (as the bot too: HTTP ${control.status})`}`,
      exchanges,
    };
  }
  const bot = await post('self');
  if (bot.ok) {
    await removeProbe(proof, bot, 'self');
    return {
      state: 'distinct',
      detail: tr`message.create as the peer answered HTTP ${posted.status} where the bot's was accepted: the server tells them apart`,
      exchanges,
    };
  }
  return {
    state: 'unproven',
    detail: tr`message.create answered ${answered(posted)} to the peer, HTTP ${bot.status} to the bot (${why})`,
    exchanges,
  };
}

/** Deletes the proof's message at once (as its poster); the ledger keeps it until then. */
async function removeProbe(proof: Proof, created: Answer, as: 'self' | 'peer'): Promise<void> {
  for (const message of Array.isArray(created.body) ? created.body : [created.body]) {
    const id = (message as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') continue;
    const undo = { channel_id: proof.input.channelId, message_id: id };
    proof.input.track(id, as);
    if ((await proof.ask('message.delete', undo, as)).ok) proof.input.settle('message.delete', undo);
  }
}

/** Who proves the peer, in the ledger and the cleanup report (the proof's messages, deleted at once). */
export const PEER_PROOF = 'peer proof';

/**
 * The proof in a run's sandbox (its channel; its messages in the ledger until deleted). A peer proven
 * distinct whose user id the run was not told (only --peer-token) gets the one the proof saw.
 */
export async function provePeerInSandbox(run: {
  client: HttpClient;
  sandbox: Sandbox;
  ledger: Ledger;
  /** Who the run speaks as: a peer is given by its token or its user id. */
  target: { selfId?: string | undefined; peerToken?: string | undefined; peerSelfId?: string | undefined };
  signal?: AbortSignal;
  botLogin?: PeerProofInput['botLogin'];
}): Promise<PeerStanding> {
  const { sandbox, ledger, target } = run;
  const standing = await provePeer({
    client: run.client,
    given: Boolean(target.peerToken || target.peerSelfId),
    selfId: target.selfId || undefined,
    peerId: sandbox.peerId,
    channelId: sandbox.channelId,
    track: (messageId, as) =>
      ledger.add(
        {
          kind: 'message',
          label:
            as === 'peer'
              ? tr`peer message ${messageId} in channel ${sandbox.channelId}`
              : tr`bot message ${messageId} in channel ${sandbox.channelId}`,
          undo: ['message.delete', { channel_id: sandbox.channelId, message_id: messageId }],
          as,
        },
        PEER_PROOF,
      ),
    settle: (operation, fields) => ledger.settle(operation, fields),
    botLogin: run.botLogin,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  if (standing.state === 'distinct' && sandbox.peerId === undefined && standing.userId) {
    sandbox.peerId = standing.userId;
    sandbox.userId ??= standing.userId;
  }
  return standing;
}

/** The run's note on its peer (none when no peer was given: the skips say so). */
export const peerNote = (standing: PeerStanding): string | undefined =>
  standing.state === 'absent'
    ? undefined
    : standing.state === 'distinct'
      ? tr`the peer is another account: ${standing.detail}`
      : tr`the peer is unreachable (${standing.state}): ${standing.detail}; the checks that act as the peer are undecided (those that only name its user id run as the bot)`;
