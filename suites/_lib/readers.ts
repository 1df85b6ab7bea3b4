/**
 * Readers proven before they are trusted: a check that judges membership, friendship or presence in a list
 * trusts an answer only when the reader, in this run, told a known member from a known stranger.
 * - guild.member.get: the current user is found (2xx) and a user id that never was a member is refused
 *   (any non-2xx). A get answering 200 for any id shows nothing by its 200; a get refusing the current user
 *   shows nothing by its refusals.
 * - guild.member.list, guild.list, channel.list: the list shows the one the run knows is there (the
 *   current user, the sandbox guild, the sandbox channel); a list of made-up items does not.
 * - friend.list: its items identify users under `user` (§2 Friend), not at the top level like a User.
 * Each proof is made once per run (t.shared); its exchanges are the evidence of every check that uses it.
 */
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import { idOf, type ListOperation, listedItems, userIdOf } from './lists.js';

/**
 * guild.member.get of `userId` in `guildId`, sent once per run (t.shared) for the checks that read that
 * member for what no check of the run changes (whether it is a member, its user, whether it shows roles):
 * guild.member.get/self and guild.list/only-member-guilds, guild.member.get/peer, the role checks and the
 * member reader's proof (memberReader).
 */
export const memberOnce = (t: CheckContext, guildId: string, userId: string): Promise<CallResult> =>
  t.shared(tr`guild.member.get of user ${userId} in guild ${guildId}`, (observer) =>
    observer.call('guild.member.get', { guild_id: guildId, user_id: userId }, { observes: true }),
  );

/** A user id no platform issues: never a member of any guild, never a friend. */
const NEVER_A_MEMBER = 'conformance-never-a-member-0000';

/** What the run's guild.member.get reader showed in the sandbox guild. */
export interface MemberReader {
  /** guild.member.get of the current user (undefined when its id is unknown). */
  member?: CallResult;
  /** guild.member.get of NEVER_A_MEMBER. */
  stranger: CallResult;
  strangerId: string;
  /** The current user was found: a refusal by this reader means something. */
  findsMember: boolean;
  /** The stranger was refused: a 2xx of this reader means something. */
  refusesStranger: boolean;
}

/** The run's proof of guild.member.get in the sandbox guild (once per run). */
export const memberReader = (t: CheckContext): Promise<MemberReader> =>
  t.shared(tr`the guild.member.get reader proof`, async (observer) => {
    const { guildId, selfId } = observer.sandbox;
    const stranger = await observer.call(
      'guild.member.get',
      { guild_id: guildId, user_id: NEVER_A_MEMBER },
      { observes: true },
    );
    // The current user's member is read once for the run (guild.member.get/self judges the same answer).
    const member = selfId ? await memberOnce(observer, guildId, selfId) : undefined;
    const memberUser = member ? userIdOf(member.body) : undefined;
    return {
      ...(member ? { member } : {}),
      stranger,
      strangerId: NEVER_A_MEMBER,
      // A 2xx without a member object (an empty body) finds nobody.
      findsMember:
        member?.ok === true &&
        typeof member.body === 'object' &&
        member.body !== null &&
        (memberUser === undefined || memberUser === selfId),
      // Only a non-2xx refuses: a 2xx with an empty body accepted the id (issue 46 item 4), whatever it sent.
      refusesStranger: !stranger.ok,
    };
  });

/** Why a 2xx of guild.member.get shows no membership, or undefined when the reader refused a stranger. */
export const presenceDoubt = (reader: MemberReader): string | undefined =>
  reader.refusesStranger
    ? undefined
    : tr`guild.member.get answered ${reader.stranger.status} for user ${reader.strangerId}, who was never a member: its 2xx does not show a membership`;

/** Why a refusal of guild.member.get shows no absence, or undefined when the reader found the current user. */
export const absenceDoubt = (reader: MemberReader): string | undefined => {
  if (reader.findsMember) return undefined;
  if (!reader.member)
    return tr`the current user id is unknown, so guild.member.get was never seen finding a member: its refusals do not show an absence`;
  return reader.member.ok
    ? tr`guild.member.get of the current user answered ${reader.member.status} with another member: its refusals do not show an absence`
    : tr`guild.member.get of the current user answered ${reader.member.status}: its refusals do not show an absence`;
};

/** The one the run knows each list shows: the current user, the sandbox guild, the sandbox channel. */
const KNOWN: Partial<
  Record<
    ListOperation,
    {
      of: (t: CheckContext) => string | undefined;
      key: (item: unknown) => string | undefined;
      what: () => string;
    }
  >
> = {
  'guild.member.list': {
    of: (t) => t.sandbox.selfId || undefined,
    key: userIdOf,
    what: () => tr`the current user`,
  },
  'guild.list': { of: (t) => t.sandbox.guildId, key: idOf, what: () => tr`the sandbox guild` },
  'channel.list': { of: (t) => t.sandbox.channelId, key: idOf, what: () => tr`the sandbox channel` },
};

/**
 * Whether a walked list shows the one the run knows is in it (KNOWN): undefined when it does, else why the
 * list is not proven to reflect the platform (items made up, or no way to know).
 */
export function listDoubt(
  t: CheckContext,
  operation: ListOperation,
  items: readonly unknown[],
): string | undefined {
  const known = KNOWN[operation];
  const id = known?.of(t);
  if (!known || id === undefined) return tr`${operation} has no item the run knows to be in it`;
  if (items.some((item) => known.key(item) === id)) return undefined;
  return tr`${operation} does not list ${known.what()} ${id}: its items are not shown to be the platform's`;
}

/** listDoubt of the run's one walk of `operation` (the walk listOnce judges). */
export const sharedListDoubt = async (
  t: CheckContext,
  operation: ListOperation,
  fields: Record<string, unknown>,
): Promise<string | undefined> => listDoubt(t, operation, await listedItems(t, operation, fields));

/**
 * The failure or finding for friend.list items shaped as Users (§2: a Friend carries its user under `user`),
 * in English: the text friendItemsAreUsers renders in the run's language.
 */
export const FRIEND_ITEMS_ARE_USERS =
  'friend.list items carry `id` at the top level: a Friend carries its user under `user`, §2';

/** FRIEND_ITEMS_ARE_USERS in the run's language (what a check states and notes). */
export const friendItemsAreUsers = (): string =>
  tr`friend.list items carry \`id\` at the top level: a Friend carries its user under \`user\`, §2`;

/** A friend.list item shaped as a User: an `id` at the top level and no `user`. */
export const looksLikeUser = (item: unknown): boolean =>
  idOf(item) !== undefined && (item as { user?: unknown } | null)?.user === undefined;

/**
 * Whether two walks of one list, made back to back with nothing changing it between, list the same items
 * (by `key`): undefined when they do, else what differs. A list of made-up items differs each time.
 */
export function unstableList(
  operation: string,
  first: readonly unknown[],
  second: readonly unknown[],
  key: (item: unknown) => string | undefined,
): string | undefined {
  const ids = (items: readonly unknown[]) =>
    new Set(items.map(key).filter((id): id is string => id !== undefined));
  const a = ids(first);
  const b = ids(second);
  const differ = [...a].filter((id) => !b.has(id)).concat([...b].filter((id) => !a.has(id)));
  if (differ.length === 0) return undefined;
  return tr`two walks of ${operation} made back to back list different items (${differ.slice(0, 5).join(', ')}): what it lists is not shown to be stored`;
}

/** The noun of a channel or a guild, in the run's language (the ids `channel`, `guild` stay in code). */
export const nounWord = (noun: 'channel' | 'guild'): string => (noun === 'channel' ? tr`channel` : tr`guild`);

/** An id no platform issues for a channel, guild or message: a get of it must find nothing. */
const NEVER_ISSUED = 'conformance-never-issued-0000';

/**
 * Whether `<noun>.get` (channel.get, guild.get) was shown, once per run, to find only what exists: its
 * answer to an id never issued. Undefined when it did not answer with an object of that id, else why its
 * answers carrying the id asked for show nothing.
 */
export async function getReaderDoubt(
  t: CheckContext,
  noun: 'channel' | 'guild',
): Promise<string | undefined> {
  const operation = `${noun}.get` as const;
  const stranger = await strangerGet(t, noun);
  // Only an answer made of the id asked for is a doubt: any other answer (a refusal, or a 2xx without
  // that id) shows that the reader's answers carrying an id are not made up from the id asked for.
  if (!stranger.ok || idOf(stranger.body) !== NEVER_ISSUED) return undefined;
  const word = nounWord(noun);
  return tr`${operation} answered ${stranger.status} for ${word} ${NEVER_ISSUED}, which never existed: an answer carrying the id asked for does not show the ${word}`;
}

/** `<noun>.get` of an id never issued, once per run (t.shared): the proof getReaderDoubt reads. */
const strangerGet = (t: CheckContext, noun: 'channel' | 'guild'): Promise<CallResult> =>
  t.shared(tr`the ${noun}.get reader proof`, (observer) =>
    observer.call(`${noun}.get`, { [`${noun}_id`]: NEVER_ISSUED }, { observes: true }),
  );

/**
 * The run's one read of an id never issued with `operation` and the fields of its complete request
 * (`fields`), where a reader proof is that read: channel.get and guild.get of NEVER_ISSUED, guild.member.get
 * of NEVER_A_MEMBER in the sandbox guild. Undefined for another read. A check judging how reads answer an
 * unknown id (http/unknown-id-is-4xx) judges that answer rather than sending the same request again.
 */
export async function neverIssuedRead(
  t: CheckContext,
  operation: string,
  fields: Record<string, unknown>,
): Promise<{ id: string; result: CallResult } | undefined> {
  if (operation === 'channel.get' || operation === 'guild.get') {
    const noun = operation === 'channel.get' ? 'channel' : 'guild';
    return { id: NEVER_ISSUED, result: await strangerGet(t, noun) };
  }
  if (operation === 'guild.member.get' && fields.guild_id === t.sandbox.guildId)
    return { id: NEVER_A_MEMBER, result: (await memberReader(t)).stranger };
  return undefined;
}
