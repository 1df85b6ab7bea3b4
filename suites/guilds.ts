/**
 * Guilds (§4.3): guild.get, guild.list and guild.approve (answering a guild-request invitation, §6).
 * A guild joined through an approve is left again (trigger guild-removed) by the check itself, which runs
 * holding the guild invitations: the next invitation needs the guild free.
 */
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import { getEachListedCheck, getSandboxCheck } from './_lib/gets.js';
import { type GuildJoined, readGuildJoined } from './_lib/guild-membership.js';
import { idOf, listHas, listOnce, stillListed } from './_lib/lists.js';
import { receiveRequest } from './_lib/requests.js';

/** Bounds the guild.member.get probes of a long guild.list. */
const MAX_GUILDS_PROBED = 20;

/**
 * Asks the trigger for a guild invitation and reads it from the guild-request event (§6: guild; the
 * request id is message.id, §4.3), the trigger's answer filling in what no event carries.
 */
async function inviteToGuild(t: CheckContext): Promise<{ requestId: string; guildId: string }> {
  const { requestId, guildId } = await receiveRequest(t, 'guild-request');
  if (guildId === undefined) {
    t.skip('neither the guild-request event nor the trigger’s answer names the inviting guild');
  }
  return { requestId, guildId };
}

/**
 * Whether the bot is now a member of `guildId` (./_lib/guild-membership.ts), `expected` the outcome the
 * check expects. `mayHaveJoined` is true when it joined, and also when that cannot be told after an
 * approve (the walk failed, or a listed guild has no id): then the guild is tracked (undo: trigger
 * guild-removed) and left, so that nothing the run caused is left behind.
 */
async function readJoined(t: CheckContext, guildId: string, expected: boolean, approved: boolean) {
  let state: GuildJoined;
  try {
    state = await readGuildJoined(t, guildId, expected);
  } catch (error) {
    if (approved) trackJoinedGuild(t, guildId);
    throw error;
  }
  const mayHaveJoined = state.joined || (approved && !state.allIdentified);
  if (mayHaveJoined) trackJoinedGuild(t, guildId);
  return { ...state, mayHaveJoined };
}

/**
 * Leaves a guild joined through an approve once the check has looked (settling its ledger entry), so that
 * the next invitation finds it free. A failure is noted; the cleanup tries again.
 */
async function leaveJoinedGuild(t: CheckContext, guildId: string): Promise<void> {
  try {
    await t.trigger('guild-removed', { guild_id: guildId });
  } catch (error) {
    t.note(`could not leave guild ${guildId} through the trigger: ${(error as Error).message}`);
  }
}

/** The ledger makes the bot leave a guild it joined through an approve. */
const trackJoinedGuild = (t: CheckContext, guildId: string): void =>
  t.track({
    kind: 'guild membership',
    label: `membership of guild ${guildId} (joined through guild.approve)`,
    undo: ['trigger:guild-removed', { guild_id: guildId }],
  });

const checks: CheckSpec[] = [
  getSandboxCheck({
    noun: 'guild',
    title: 'guild.get returns the sandbox guild as a Guild',
    rules: ['GUILD-GET-1', 'RES-GUILD'],
    schema: 'Guild',
    sandboxId: (t) => t.sandbox.guildId,
  }),

  getEachListedCheck({
    noun: 'guild',
    rule: 'GUILD-GET-1',
    listFields: () => ({}),
    sandboxId: (t) => t.sandbox.guildId,
    maxGets: MAX_GUILDS_PROBED,
    noneReason: () => 'the current user is in one guild only: nothing to compare with',
    // A guild joined and left meanwhile by an invitation flow would not answer guild.get.
    shares: ['guild-invitations'],
  }),

  defineCheck({
    id: 'guild.list/walks-to-end',
    title: 'guild.list pages through the current user’s guilds to the end, each a valid Guild, each once',
    level: 'must',
    rules: ['GUILD-LIST-1', 'GEN-5', 'GEN-6', 'RES-GUILD'],
    operations: ['guild.list'],
    // The guild list must not change meanwhile (an invitation flow joins and leaves a guild).
    shares: ['guild-invitations'],
    async run(t: CheckContext) {
      const { items } = await listOnce(t, 'guild.list', {}, { validate: true });
      t.expect(
        listHas(items, t.sandbox.guildId),
        `guild.list includes the sandbox guild ${t.sandbox.guildId}`,
        items.map(idOf),
      );
    },
  }),

  defineCheck({
    id: 'guild.list/only-member-guilds',
    title: 'guild.list lists only guilds the current user is a member of (guild.member.get finds it in each)',
    level: 'must',
    rules: ['GUILD-LIST-1'],
    operations: ['guild.list', 'guild.member.get'],
    // The guild list must not change meanwhile (an invitation flow joins and leaves a guild).
    shares: ['guild-invitations'],
    async run(t: CheckContext) {
      const selfId = t.sandbox.selfId || t.skip('the current user id is unknown: pass --self-id');
      const listed = await listOnce(t, 'guild.list', {});
      const guildIds = listed.items.map(idOf).filter((id) => id !== undefined);
      if (guildIds.length > MAX_GUILDS_PROBED) {
        t.note(`probing the first ${MAX_GUILDS_PROBED} of ${guildIds.length} guilds`);
      }
      const refused = new Map<string, number>();
      for (const guildId of guildIds.slice(0, MAX_GUILDS_PROBED)) {
        const member = await t.call('guild.member.get', { guild_id: guildId, user_id: selfId });
        if (!member.ok) refused.set(guildId, member.status);
      }
      // A guild another check of the run left since the shared walk is not held against the list.
      const notMember = await stillListed(t, 'guild.list', {}, [...refused.keys()], listed);
      t.expect(
        notMember.length === 0,
        `the current user ${selfId} is a member of every guild guild.list returns`,
        `guild.member.get refuses it in ${notMember.map((id) => `${id} (HTTP ${refused.get(id)})`).join(', ')}`,
      );
    },
  }),

  defineCheck({
    id: 'guild.approve/approve-joins-guild',
    title: 'guild.approve with approve true accepts an invitation: the guild then appears in guild.list',
    level: 'must',
    rules: ['GUILD-APPROVE-1', 'EVT-REQUEST-FLOW'],
    operations: ['guild.approve', 'guild.list', 'guild.get'],
    needs: ['trigger'],
    holds: ['guild-invitations'],
    async run(t: CheckContext) {
      const { requestId, guildId } = await inviteToGuild(t);
      const approved = await t.call('guild.approve', { message_id: requestId, approve: true });
      const joined = await readJoined(t, guildId, true, approved.ok);
      try {
        t.expectOk(approved, 'guild.approve with approve true');
        t.expect(
          joined.joined,
          `guild.list includes guild ${guildId} after its invitation was approved`,
          joined.how,
        );
        const got = await t.call('guild.get', { guild_id: guildId });
        t.expectOk(got, `guild.get of the joined guild ${guildId}`);
        t.expect(idOf(got.body) === guildId, `guild.get returns the joined guild ${guildId}`, got.body);
      } finally {
        if (joined.mayHaveJoined) await leaveJoinedGuild(t, guildId);
      }
    },
  }),

  defineCheck({
    id: 'guild.approve/reject-does-not-join',
    title:
      'guild.approve with approve false declines an invitation: the bot does not join (guild.member.get or guild.list shows it)',
    level: 'must',
    rules: ['GUILD-APPROVE-1', 'EVT-REQUEST-FLOW'],
    operations: ['guild.approve', 'guild.member.get', 'guild.list'],
    needs: ['trigger'],
    holds: ['guild-invitations'],
    async run(t: CheckContext) {
      const { requestId, guildId } = await inviteToGuild(t);
      const declined = await t.call('guild.approve', { message_id: requestId, approve: false });
      const joined = await readJoined(t, guildId, false, false);
      // A wrongly joined guild is still this run's doing: leave it again.
      if (joined.joined) await leaveJoinedGuild(t, guildId);
      t.expectOk(declined, 'guild.approve with approve false');
      t.expect(
        !joined.joined,
        `the current user is not a member of guild ${guildId} whose invitation was declined (guild.member.get refuses it, or guild.list omits it)`,
        joined.how,
      );
    },
  }),
];

export default defineSuite('guilds', checks);
