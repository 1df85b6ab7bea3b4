/**
 * Issue 46 item 1: what the login offers and who the run acts as, learned from the server. The family
 * declares a login's `features` in three places, and a server may serve any of them and not the others
 * (de-facto conventions, "What a login offers, and where it says so"): READY's `logins` on the event
 * stream, `POST {base}/login.get` (the Login of the identity the headers name) and `POST {base}/meta`
 * (`{logins, proxy_urls}` for the whole server). Each is asked at most once, before the checks are
 * selected, and only while something is unknown; the same Logins tell the bot's platform and user id
 * where the flags do not (and a peer candidate: another login of the same platform). `conformance run`
 * and `conformance fuzz` read the one result.
 */

import { operations as operationCatalogue } from '../../spec/catalogue.js';
import { type HttpClient, RequestError } from '../client/http.js';
import { tr } from '../i18n/index.js';
import type { CallResult, Exchange } from '../wire.js';
import type { RunCapabilities } from './model.js';
import { unreachable } from './sandbox.js';

export type FeatureSource = NonNullable<RunCapabilities['declaredBy']>[number];
export type IdentitySource = NonNullable<RunCapabilities['identity']>['source'];

/** The spec's operations (§4), the names a `features` list may declare. */
const OPERATIONS: ReadonlySet<string> = new Set(operationCatalogue.map((operation) => operation.path));

/**
 * The order the sources are consulted and win in: READY (already received), meta (every login at once),
 * login.get (one identity's, asked only where the others did not say).
 */
const PRECEDENCE: readonly FeatureSource[] = ['ready', 'meta', 'login.get'];

/** A source's name in a sentence (in the run's language). */
export const sourceWords = (source: IdentitySource): string =>
  source === 'flags'
    ? tr`the flags`
    : source === 'reference'
      ? tr`the embedded reference`
      : source === 'none'
        ? tr`nowhere`
        : source === 'ready'
          ? 'READY'
          : source;

/** A Login (§2; de-facto `features`) as a source showed it. */
export interface LoginSeen {
  platform?: string;
  userId?: string;
  /** As given (unchecked): operations and capability flags. */
  features?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A Login from a body: its platform, its user (user.id, or the older self_id / user_id) and features. */
export function loginSeen(value: unknown): LoginSeen | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const login = value as {
    platform?: unknown;
    user?: { id?: unknown };
    self_id?: unknown;
    user_id?: unknown;
  };
  const userId = text(login.user?.id) ?? text(login.self_id) ?? text(login.user_id);
  const platform = text(login.platform);
  const features = (value as { features?: unknown }).features;
  return {
    ...(platform ? { platform } : {}),
    ...(userId ? { userId } : {}),
    ...(features === undefined ? {} : { features }),
  };
}

/** The Logins a READY or meta body lists (`{logins: Login[]}`); none when it lists none. */
export const loginsIn = (body: unknown): LoginSeen[] => {
  const logins = (body as { logins?: unknown } | null | undefined)?.logins;
  return Array.isArray(logins) ? logins.flatMap((login) => loginSeen(login) ?? []) : [];
};

/**
 * The `features` a login declares, when it declares any: a list of strings naming at least one operation.
 * A list of capability flags only (e.g. 'message.list.from') declares nothing.
 */
export function declared(features: unknown): string[] | undefined {
  if (!Array.isArray(features) || !features.every((feature) => typeof feature === 'string')) return undefined;
  return features.some((feature) => OPERATIONS.has(feature)) ? features : undefined;
}

/** The bot's login among `logins`: the one of its user id; a single login stands for the bot. */
export function botLoginIn(logins: readonly LoginSeen[], selfId: string | undefined): LoginSeen | undefined {
  return (
    (selfId === undefined ? undefined : logins.find((login) => login.userId === selfId)) ??
    (logins.length === 1 ? logins[0] : undefined)
  );
}

/** What each source answered (undefined: not served, refused, or no event stream). */
export interface SourceAnswers {
  ready?: LoginSeen[] | undefined;
  meta?: LoginSeen[] | undefined;
  loginGet?: LoginSeen | undefined;
}

/** The identity report.json records (capabilities.identity): the bot, where it came from, the peer's source. */
type RecordedIdentity = NonNullable<RunCapabilities['identity']>;

/** Who the run acts as, and the peer candidate, with where each came from. */
export type IdentityChoice = RecordedIdentity & {
  peerSelfId?: string;
  /** How many logins the list it came from held (banner: "the first of 2 logins"). */
  among?: number;
};

/**
 * What the run was told (flags, or the embedded reference), as report.json records it; `peerGiven`: a
 * peer was given (--peer-token, --peer-self-id, or the reference's), so no candidate is chosen.
 */
export type GivenIdentity = RecordedIdentity & { peerGiven: boolean };

/**
 * The bot where the run was not told it: the first login a list names (of --platform, when given); one
 * login is the bot. With no peer given, another login of the same platform is the peer candidate (the
 * peer proof, src/runner/peer.ts, still proves it another account); not where --self-id named the bot.
 */
export function chooseIdentity(given: GivenIdentity, answers: SourceAnswers): IdentityChoice {
  const lists: [IdentitySource, LoginSeen[]][] = [];
  if (answers.ready?.length) lists.push(['ready', answers.ready]);
  if (answers.meta?.length) lists.push(['meta', answers.meta]);
  if (answers.loginGet) lists.push(['login.get', [answers.loginGet]]);
  const peer = given.peerGiven && given.peerSource ? { peerSource: given.peerSource } : {};
  let choice: IdentityChoice;
  if (given.selfId) {
    // Told the user id: the platform, where not told, is the one of that login.
    const platform =
      given.platform ??
      lists.flatMap(([, logins]) => logins).find((login) => login.userId === given.selfId)?.platform;
    choice = { selfId: given.selfId, ...(platform ? { platform } : {}), source: given.source, ...peer };
  } else {
    const found = lists
      .map(([source, logins]) => {
        const named = logins.filter(
          (login) => login.userId && (!given.platform || login.platform === given.platform),
        );
        return { source, named, bot: named[0] };
      })
      .find((entry) => entry.bot);
    if (!found?.bot)
      return { ...(given.platform ? { platform: given.platform } : {}), source: 'none', ...peer };
    const platform = given.platform ?? found.bot.platform;
    choice = {
      selfId: found.bot.userId!,
      ...(platform ? { platform } : {}),
      source: found.source,
      among: found.named.length,
      ...peer,
    };
  }
  // A peer candidate only beside a bot learned here: a user who named the bot names the peer too.
  if (given.peerGiven || given.selfId) return choice;
  for (const [source, logins] of lists) {
    const other = logins.find(
      (login) =>
        login.userId &&
        login.userId !== choice.selfId &&
        (choice.platform === undefined || login.platform === undefined || login.platform === choice.platform),
    );
    if (other?.userId) return { ...choice, peerSelfId: other.userId, peerSource: source };
  }
  return choice;
}

/** "11 operations": how many operations (§4) a features list names. */
const operationsIn = (features: readonly string[]): string => {
  const count = features.filter((feature) => OPERATIONS.has(feature)).length;
  return count === 1 ? tr`${count} operation` : tr`${count} operations`;
};

/** The bot's login as each source shows it: login.get only when it names the bot (or no one). */
function botLogins(answers: SourceAnswers, selfId: string | undefined): Map<FeatureSource, LoginSeen> {
  const logins = new Map<FeatureSource, LoginSeen>();
  const { loginGet } = answers;
  if (loginGet && (loginGet.userId === undefined || selfId === undefined || loginGet.userId === selfId))
    logins.set('login.get', loginGet);
  for (const source of ['ready', 'meta'] as const) {
    const login = botLoginIn(answers[source] ?? [], selfId);
    if (login) logins.set(source, login);
  }
  return logins;
}

/**
 * The features the bot's login declares, from the first source in PRECEDENCE that declares any, with
 * every source that declared them; `source: 'none'` when none did (every operation is then offered).
 */
export function settleFeatures(
  answers: SourceAnswers,
  selfId: string | undefined,
): Omit<RunCapabilities, 'identity'> & { disagree?: string } {
  const logins = botLogins(answers, selfId);
  const declaredBy = PRECEDENCE.filter((source) => declared(logins.get(source)?.features) !== undefined);
  const winner = declaredBy[0];
  if (winner === undefined) return { source: 'none' };
  const features = declared(logins.get(winner)?.features)!;
  const count = (source: FeatureSource) => operationsIn(declared(logins.get(source)?.features)!);
  const same = (source: FeatureSource) => {
    const other = new Set(declared(logins.get(source)?.features));
    return features.every((feature) => other.has(feature)) && other.size === new Set(features).size;
  };
  const differing = declaredBy.filter((source) => !same(source));
  return {
    features: [...features],
    source: winner,
    declaredBy,
    ...(differing.length
      ? {
          disagree: tr`the sources declare different features: ${declaredBy.map((source) => `${sourceWords(source)} ${count(source)}`).join(', ')}; ${sourceWords(winner)}'s are taken`,
        }
      : {}),
  };
}

/** The operations (§4) a capabilities record declares, or undefined: every operation is offered. */
export const offeredOperations = (
  capabilities: RunCapabilities | undefined,
): ReadonlySet<string> | undefined => (capabilities?.features ? new Set(capabilities.features) : undefined);

/** The banner's line on features: "11 operations, from READY (also declared by meta)". */
export function describeFeatures(capabilities: RunCapabilities, asked: readonly FeatureSource[]): string {
  if (!capabilities.features) {
    const said = asked.map((source) => sourceWords(source));
    const listed =
      said.length > 1 ? tr`${said.slice(0, -1).join(', ')} and ${said.at(-1)}` : (said[0] ?? tr`no source`);
    return tr`none declared (${listed} said nothing): every operation taken as offered`;
  }
  const also = (capabilities.declaredBy ?? []).filter((source) => source !== capabilities.source);
  return tr`${operationsIn(capabilities.features)}, from ${sourceWords(capabilities.source)}${also.length ? tr` (also declared by ${also.map((source) => sourceWords(source)).join(', ')})` : ''}`;
}

/** The banner's words on the identity: "platform p, from READY, the first of 2 logins; --platform/--self-id …". */
export function describeIdentity(identity: IdentityChoice): string {
  const platform = identity.platform ? tr`platform ${identity.platform}, ` : '';
  if (identity.source === 'flags' || identity.source === 'reference')
    return tr`${platform}from ${sourceWords(identity.source)}`;
  if (identity.source === 'none')
    return tr`${platform}not named by any source: pass --platform and --self-id`;
  const among = identity.among && identity.among > 1 ? tr`, the first of ${identity.among} logins` : '';
  return tr`${platform}from ${sourceWords(identity.source)}${among}; --platform/--self-id choose another`;
}

/** An answer of the server to one ask, with its exchanges (evidence the peer proof reuses). */
export interface Asked {
  result: CallResult;
  exchanges: Exchange[];
}

/** What the run learned, and the answers it keeps for the later steps. */
export interface Learned {
  capabilities: RunCapabilities;
  identity: IdentityChoice;
  /** login.get as the bot, where it was asked (the peer proof and discovery reuse it: asked once). */
  loginGet?: Asked;
  /** The sources the run consulted (READY only where the stream sent one). */
  asked: FeatureSource[];
  notes: string[];
}

export interface LearnInput {
  client: HttpClient;
  /** READY's body, where the event stream sent one. */
  readyBody?: unknown;
  given: GivenIdentity;
  /** Puts the identity chosen so far on the client's headers (before login.get is asked as the bot). */
  adopt: (identity: IdentityChoice) => void;
  signal?: AbortSignal;
}

/**
 * Asks once. No connection or no answer in time is the first sign of an unreachable target (exit 3), as in
 * discovery; any other failure (a body too large, a rate limit) is an answer that told nothing (status 0):
 * discovery, which needs no meta nor login.get, decides.
 */
async function ask(client: HttpClient, operation: string, signal?: AbortSignal): Promise<Asked> {
  try {
    const outcome = await client.call(operation, {}, signal ? { signal } : {});
    return { result: outcome.result, exchanges: outcome.exchanges };
  } catch (error) {
    if (!(error instanceof RequestError) || error.kind === 'aborted') throw error;
    if (error.kind === 'network' || error.kind === 'timeout') throw unreachable(client, operation, error);
    const result = { ok: false, status: 0, headers: {}, body: undefined, text: error.message };
    return { result, exchanges: error.exchanges };
  }
}

const said = (operation: string, asked: Asked): string =>
  asked.result.status === 0
    ? tr`${operation}: no answer`
    : tr`${operation}: HTTP ${asked.result.status}${asked.result.ok ? '' : tr` (not served or refused)`}`;

/** The identity as report.json records it (the choice's working fields left out). */
const recorded = ({ peerSelfId: _peer, among: _among, ...identity }: IdentityChoice): RecordedIdentity =>
  identity;

/** Where the run took its identity from, when it was not told (a note; the banner says it too). */
function identityNotes(identity: IdentityChoice): string[] {
  const learned = (source: IdentitySource | undefined) =>
    source !== undefined && !['flags', 'reference', 'none'].includes(source);
  return [
    ...(learned(identity.source) && identity.selfId
      ? [tr`bot: user ${identity.selfId} (${describeIdentity(identity)})`]
      : []),
    ...(identity.peerSelfId && learned(identity.peerSource)
      ? [
          tr`peer candidate: user ${identity.peerSelfId}, another login listed by ${sourceWords(identity.peerSource!)} (--peer-self-id or --peer-token choose another); proven another account before use`,
        ]
      : []),
  ];
}

/**
 * Consults the sources in PRECEDENCE order, each once and only while something is unknown (the requests
 * of a run grow only where the server said less): READY's logins; meta, where they did not declare the
 * bot's features, name the bot, or name a peer candidate none was given; login.get as the bot, where
 * neither declared the features or named the bot. The identity chosen so far goes on the client's
 * headers before each ask (a server may read them on every route).
 */
export async function learnFromServer(input: LearnInput): Promise<Learned> {
  const { client, signal, given } = input;
  const ready = input.readyBody === undefined ? undefined : loginsIn(input.readyBody);
  const answers: SourceAnswers = { ready };
  let identity = chooseIdentity(given, answers);
  input.adopt(identity);
  const featuresKnown = () => settleFeatures(answers, identity.selfId).source !== 'none';
  const peerSought = () => !given.peerGiven && identity.peerSelfId === undefined;
  let meta: Asked | undefined;
  if (!featuresKnown() || !identity.selfId || peerSought()) {
    meta = await ask(client, 'meta', signal);
    if (meta.result.ok) answers.meta = loginsIn(meta.result.body);
    identity = chooseIdentity(given, answers);
    input.adopt(identity);
  }
  let loginGet: Asked | undefined;
  if (!featuresKnown() || !identity.selfId) {
    loginGet = await ask(client, 'login.get', signal);
    if (loginGet.result.ok) answers.loginGet = loginSeen(loginGet.result.body);
    if (identity.source === 'none') {
      identity = chooseIdentity(given, answers);
      input.adopt(identity);
    }
  }
  const { disagree, ...capabilities } = settleFeatures(answers, identity.selfId);
  const asked = PRECEDENCE.filter((source) =>
    source === 'ready'
      ? ready !== undefined
      : source === 'meta'
        ? meta !== undefined
        : loginGet !== undefined,
  );
  const answered = [
    ...(ready ? [tr`READY listed ${ready.length} login(s)`] : []),
    ...(meta ? [said('meta', meta)] : []),
    ...(loginGet ? [said('login.get', loginGet)] : []),
  ];
  const notes = [
    tr`features: ${describeFeatures(capabilities, asked)} (${answered.join('; ')})`,
    ...(disagree ? [tr`features: ${disagree}`] : []),
    ...identityNotes(identity),
  ];
  return {
    capabilities: {
      ...capabilities,
      identity: recorded(identity),
    },
    identity,
    ...(loginGet ? { loginGet } : {}),
    asked,
    notes,
  };
}
