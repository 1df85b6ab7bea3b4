/**
 * Who may call the reference: the three seeded logins (the bot, its peer, a bystander), their tokens, and
 * how a request's Bearer token and identity headers pick the login it acts as (de-facto conventions).
 */
import type { IncomingMessage } from 'node:http';
import { ConfigurationError } from '../../spec/errors.js';
import type { ReferenceIdentity } from './contract.js';
import type { FaultId } from './faults/index.js';
import { bearerToken, header } from './http.js';
import { HttpError } from './request.js';
import type { ToleranceId } from './tolerances/index.js';
import { PLATFORM, SEED, type World } from './world.js';

/**
 * The seeded identities' default tokens; `options.token` replaces the bot's. Public constants, but they
 * look like tokens (no words): a run redacts long pieces of its tokens, and 'reference' is a word.
 */
export const DEFAULT_TOKENS = {
  self: 'rf_7Qm2xKv9PdL4wZ8nB3tY',
  peer: 'rf_8Hs2Lq5nT1bW6yR3jK0e',
  third: 'rf_5Vn9Gd2Pz7Mc4Xt1Ra8u',
} as const;

/** The tokens of earlier versions, still accepted for the same identities (scripts that name them). */
const LEGACY_TOKENS = {
  self: 'reference-self-token',
  peer: 'reference-peer-token',
  third: 'reference-third-token',
} as const;

type IdentityName = 'self' | 'peer' | 'third';

export interface Identities {
  identities: Record<IdentityName, ReferenceIdentity>;
  /** Every accepted token (the current and the legacy ones) → its identity. */
  byToken: ReadonlyMap<string, ReferenceIdentity>;
  /** The logins the server hosts (the peer is none where it is a user only, ReferenceOptions.peer). */
  hosted: readonly ReferenceIdentity[];
  /** What tolerance one-login-refuses-others answers another identity (ReferenceOptions.refuseOthersWith). */
  refuseOthersWith: number;
}

/** The seeded logins of the world, with `token` (options.token) as the bot's when given. */
export function seedIdentities(
  world: World,
  token: string | undefined,
  { peerIsLogin = true, refuseOthersWith = 403 }: { peerIsLogin?: boolean; refuseOthersWith?: number } = {},
): Identities {
  const identity = (name: IdentityName, value: string): ReferenceIdentity => {
    const userId = SEED[name];
    return { token: value, userId, platform: PLATFORM, name: world.users.get(userId)!.name };
  };
  const identities = {
    self: identity('self', token ?? DEFAULT_TOKENS.self),
    peer: identity('peer', DEFAULT_TOKENS.peer),
    third: identity('third', DEFAULT_TOKENS.third),
  };
  const tokens = new Set(Object.values(identities).map((entry) => entry.token));
  if (tokens.size !== 3) throw new ConfigurationError('token must differ from the peer and third tokens.');
  const hosted = Object.values(identities).filter((entry) => peerIsLogin || entry !== identities.peer);
  const byToken = new Map(hosted.map((entry) => [entry.token, entry]));
  for (const name of ['self', 'peer', 'third'] as const)
    if ((name !== 'self' || token === undefined) && hosted.includes(identities[name]))
      byToken.set(LEGACY_TOKENS[name], identities[name]);
  return { identities, byToken, hosted, refuseOthersWith };
}

/** The identity a request acts as: its Bearer token, confirmed by the optional identity headers. */
export function authenticate(
  request: IncomingMessage,
  { identities, byToken, hosted, refuseOthersWith }: Identities,
  fault: (id: FaultId) => boolean,
  tolerate: (id: ToleranceId) => boolean,
): ReferenceIdentity {
  const token = bearerToken(request);
  const caller = token === undefined ? undefined : byToken.get(token);
  if (!caller) {
    if (fault('wrong-token-accepted')) return identities.self;
    throw new HttpError(
      tolerate('auth-403') ? 403 : 401,
      'unauthorized',
      token !== undefined
        ? 'The Bearer token is not known; send one printed by `conformance serve`.'
        : 'Send Authorization: Bearer <token> (the tokens are printed by `conformance serve`).',
    );
  }
  const oneLogin = oneLoginCaller(request, caller, identities.self, tolerate, refuseOthersWith);
  if (oneLogin) return oneLogin;
  // Fault (faults/http.ts): the newer identity headers name no login this server can find.
  if (
    fault('identity-headers-refused') &&
    (header(request, 'satori-platform') !== undefined || header(request, 'satori-user-id') !== undefined)
  ) {
    throw new HttpError(403, 'forbidden', 'login not found');
  }
  // De-facto: Satori-Platform/Satori-User-ID, older X-Platform/X-Self-ID; either pair, or both.
  const pairs = [
    ['satori-platform', 'satori-user-id'],
    ['x-platform', 'x-self-id'],
  ];
  if (tolerate('legacy-identity-headers')) {
    // Tolerance: an older server reads only the X-* pair and finds no bot without it.
    pairs.splice(0, 1);
    if (header(request, 'x-platform') === undefined || header(request, 'x-self-id') === undefined) {
      throw new HttpError(403, 'forbidden', 'Send X-Platform and X-Self-ID to pick the bot account.');
    }
  }
  // De-facto: the bot's token is the app's; it hosts every login of the server, and the user id
  // header picks one (the peer's login behind the bot's token). Another login's token is its own only.
  const logins = caller === identities.self ? hosted : [caller];
  let acting = caller;
  for (const [platformHeader, userHeader] of pairs) {
    const platform = header(request, platformHeader);
    const userId = header(request, userHeader);
    if (platform !== undefined && platform !== caller.platform) {
      throw new HttpError(
        403,
        'forbidden',
        `No bot on platform '${platform}' here; send ${platformHeader}: ${caller.platform}.`,
      );
    }
    if (userId === undefined) continue;
    const login = logins.find((entry) => entry.userId === userId);
    if (!login || (acting !== caller && login !== acting)) {
      throw new HttpError(
        403,
        'forbidden',
        `${userHeader} '${userId}' is not a login of this token (${logins.map((entry) => entry.userId).join(', ')}); send one of those, or the token of that user.`,
      );
    }
    acting = login;
  }
  return acting;
}

/**
 * Tolerances of a server that serves one login, the bot's (a bridge to a platform with one bot account):
 * `one-login-ignores-identity` acts as the bot for every known token and reads no identity header;
 * `one-login-refuses-others` answers `login not found` (403, or ReferenceOptions.refuseOthersWith) to the
 * peer's token or a header naming another user. Undefined: neither is on.
 */
function oneLoginCaller(
  request: IncomingMessage,
  caller: ReferenceIdentity,
  self: ReferenceIdentity,
  tolerate: (id: ToleranceId) => boolean,
  refuseWith: number,
): ReferenceIdentity | undefined {
  if (tolerate('one-login-ignores-identity')) return self;
  if (!tolerate('one-login-refuses-others')) return undefined;
  const named = [header(request, 'satori-user-id'), header(request, 'x-self-id')];
  if (caller !== self || named.some((userId) => userId !== undefined && userId !== self.userId))
    throw new HttpError(refuseWith, 'forbidden', 'login not found');
  return undefined;
}
