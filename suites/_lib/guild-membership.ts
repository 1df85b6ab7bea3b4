/**
 * Whether the current user has joined a guild after a guild.approve (§4.3, §6 guild-request), read
 * without walking a big guild.list for every invitation (walk once, ./lists.ts): guild.list is walked
 * fresh only up to the guild, and a guild expected to be absent is first asked for with guild.member.get.
 */
import { tr } from '../../src/i18n/index.js';
import type { CheckContext } from '../../src/runner/check.js';
import { idOf, listFresh, listHas } from './lists.js';
import { requireOffered } from './offered.js';
import { absenceDoubt, listDoubt, memberReader } from './readers.js';

export interface GuildJoined {
  /** Whether the current user is in the guild, as observed. */
  joined: boolean;
  /** The guilds guild.list showed, when it was walked (undefined when guild.member.get settled it). */
  listedIds?: (string | undefined)[];
  /** Every listed guild carries an id (a guild without one might be the joined guild). */
  allIdentified: boolean;
  /** How it was observed, for `observed`. */
  how: string;
  /** Not joined, but no reader of the run was proven to tell (readers.ts): why. */
  doubt?: string;
}

/**
 * Reads whether the current user is in `guildId`, `expected` telling which outcome the check expects:
 * - joined: guild.list walked fresh, stopping at the page that lists the guild (to its end when none does);
 * - not joined: guild.member.get of the current user first — a 4xx refuses the membership (§4.4: a
 *   GuildMember of a guild the user is in), so guild.list need not be walked; otherwise guild.list
 *   walked to its end decides (§4.3: it lists the guilds the current user is a member of).
 */
export async function readGuildJoined(
  t: CheckContext,
  guildId: string,
  expected: boolean,
): Promise<GuildJoined> {
  const selfId = t.sandbox.selfId;
  const getDoubt = absenceDoubt(await memberReader(t));
  if (!expected && selfId) {
    const got = await t.call('guild.member.get', { guild_id: guildId, user_id: selfId }, { observes: true });
    const how = tr`guild.member.get of the current user ${selfId} in guild ${guildId} answered ${got.status}`;
    // A refusal counts where the same read found the current user in the sandbox guild.
    if (got.status >= 400 && got.status < 500 && getDoubt === undefined)
      return { joined: false, allIdentified: true, how };
    t.note(
      got.ok || getDoubt === undefined
        ? tr`${how}: guild.list decides`
        : tr`${how} (${getDoubt}): guild.list decides`,
    );
  }
  // Not offered: not sent, and the membership cannot be read (issue 46): undecided, not a failed walk.
  requireOffered(t, ['guild.list']);
  const { items } = await listFresh(
    t,
    'guild.list',
    {},
    {
      stopAt: (guild) => idOf(guild) === guildId,
    },
  );
  const listedIds = items.map(idOf);
  const joined = listHas(items, guildId);
  // A guild.list that omits the sandbox guild shows no absence either.
  const doubt = joined ? undefined : listDoubt(t, 'guild.list', items);
  return {
    joined,
    ...(doubt === undefined ? {} : { doubt }),
    listedIds,
    allIdentified: listedIds.every((id) => id !== undefined),
    how: joined
      ? tr`guild.list lists guild ${guildId}`
      : tr`guild.list, walked to its end, does not list guild ${guildId} (${listedIds.length} guild(s) listed)`,
  };
}

/** guild.member.get of a user once per run (./readers.ts, where the member reader's proof uses it). */
export { memberOnce } from './readers.js';
