/**
 * Whether the current user has joined a guild after a guild.approve (§4.3, §6 guild-request), read
 * without walking a big guild.list for every invitation (walk once, ./lists.ts): guild.list is walked
 * fresh only up to the guild, and a guild expected to be absent is first asked for with guild.member.get.
 */
import type { CallResult, CheckContext } from '../../src/runner/check.js';
import { idOf, listFresh, listHas } from './lists.js';

export interface GuildJoined {
  /** Whether the current user is in the guild, as observed. */
  joined: boolean;
  /** The guilds guild.list showed, when it was walked (undefined when guild.member.get settled it). */
  listedIds?: (string | undefined)[];
  /** Every listed guild carries an id (a guild without one might be the joined guild). */
  allIdentified: boolean;
  /** How it was observed, for `observed`. */
  how: string;
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
  if (!expected && selfId) {
    const got = await t.call('guild.member.get', { guild_id: guildId, user_id: selfId });
    const how = `guild.member.get of the current user ${selfId} in guild ${guildId} answered ${got.status}`;
    if (got.status >= 400 && got.status < 500) return { joined: false, allIdentified: true, how };
    t.note(`${how}: guild.list decides`);
  }
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
  return {
    joined,
    listedIds,
    allIdentified: listedIds.every((id) => id !== undefined),
    how: joined
      ? `guild.list lists guild ${guildId}`
      : `guild.list, walked to its end, does not list guild ${guildId} (${listedIds.length} guild(s) listed)`,
  };
}

/**
 * guild.member.get of `userId` in `guildId`, sent once per run (t.shared) for the checks that read that
 * member for what no check of the run changes (whether it is a member, its user, whether it shows roles):
 * guild.member.get/self and guild.list/only-member-guilds, guild.member.get/peer and the role checks.
 */
export const memberOnce = (t: CheckContext, guildId: string, userId: string): Promise<CallResult> =>
  t.shared(`guild.member.get of user ${userId} in guild ${guildId}`, (observer) =>
    observer.call('guild.member.get', { guild_id: guildId, user_id: userId }),
  );
