/**
 * Guilds (§4.3): guild.get, guild.list and guild.approve (answering a guild-request invitation, §6).
 * The invitation flows (./_lib/guild-invitations.ts) read the membership before the answer, and leave a
 * joined guild again (trigger guild-removed); they hold the guild invitations: the next needs the guild free.
 */
import { tr } from '../src/i18n/index.js';
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import { getEachListedCheck, getSandboxCheck } from './_lib/gets.js';
import { DECLINE_CHECKS, guildInvitationFlow } from './_lib/guild-invitations.js';
import { memberOnce } from './_lib/guild-membership.js';
import { idOf, listHas, listOnce, stillListed } from './_lib/lists.js';
import { memberReader, presenceDoubt } from './_lib/readers.js';

/** How the user clears a membership read no reader of the run was proven to tell. */
const readersClear = (): string =>
  tr`make guild.list list the sandbox guild, or guild.member.get find the current user (see guild.list/walks-to-end, guild.member.get/self)`;

/** Bounds the guild.member.get probes of a long guild.list. */
const MAX_GUILDS_PROBED = 20;

const checks: CheckSpec[] = [
  getSandboxCheck({
    noun: 'guild',
    title: 'guild.get returns the sandbox guild as a Guild',
    rules: ['GUILD-GET-1', 'RES-GUILD'],
    schema: 'Guild',
    sandboxId: (t) => t.sandbox.guildId,
    listFields: () => ({}),
  }),

  getEachListedCheck({
    noun: 'guild',
    rule: 'GUILD-GET-1',
    listFields: () => ({}),
    sandboxId: (t) => t.sandbox.guildId,
    maxGets: MAX_GUILDS_PROBED,
    noneReason: () => tr`the current user is in one guild only: nothing to compare with`,
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
        tr`guild.list includes the sandbox guild ${t.sandbox.guildId}`,
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
    helpers: ['guild.member.get'],
    // The guild list must not change meanwhile (an invitation flow joins and leaves a guild).
    shares: ['guild-invitations'],
    async run(t: CheckContext) {
      const selfId = t.sandbox.selfId || t.skip(tr`the current user id is unknown: pass --self-id`);
      const listed = await listOnce(t, 'guild.list', {});
      const guildIds = listed.items.map(idOf).filter((id) => id !== undefined);
      if (guildIds.length === 0) {
        // An empty list holds no guild of another user, and no evidence either: the sandbox guild exists.
        t.undecided(
          tr`guild.list lists no guild with an id, so no membership can be probed (the sandbox guild ${t.sandbox.guildId} is not among them)`,
          tr`see guild.list/walks-to-end: guild.list must list the sandbox guild`,
        );
      }
      if (guildIds.length > MAX_GUILDS_PROBED) {
        t.note(tr`probing the first ${MAX_GUILDS_PROBED} of ${guildIds.length} guilds`);
      }
      const refused = new Map<string, number>();
      // The sandbox guild first: its member read (the current user's, shared) shows guild.member.get
      // serving, so that a refusal in another guild is an observation (context/calls.ts).
      const sandboxFirst = [
        ...guildIds.filter((id) => id === t.sandbox.guildId),
        ...guildIds.filter((id) => id !== t.sandbox.guildId),
      ];
      for (const guildId of sandboxFirst.slice(0, MAX_GUILDS_PROBED)) {
        // The sandbox guild's answer is guild.member.get/self's too (sent once).
        const member =
          guildId === t.sandbox.guildId
            ? await memberOnce(t, guildId, selfId)
            : await t.call('guild.member.get', { guild_id: guildId, user_id: selfId }, { observes: true });
        if (!member.ok) refused.set(guildId, member.status);
      }
      // A guild another check of the run left since the shared walk is not held against the list.
      const notMember = await stillListed(t, 'guild.list', {}, [...refused.keys()], listed);
      // guild.member.get's 2xx shows a membership only where the same read refused a stranger.
      const doubt = presenceDoubt(await memberReader(t));
      if (notMember.length === 0 && doubt)
        t.undecided(
          tr`guild.member.get finds the current user in every listed guild, but ${doubt}`,
          tr`see guild.member.get/refuses-a-non-member`,
        );
      t.expect(
        notMember.length === 0,
        tr`the current user ${selfId} is a member of every guild guild.list returns`,
        tr`guild.member.get refuses it in ${notMember.map((id) => `${id} (HTTP ${refused.get(id)})`).join(', ')}`,
      );
    },
  }),

  defineCheck({
    id: 'guild.approve/approve-joins-guild',
    title: 'guild.approve with approve true accepts an invitation: the guild then appears in guild.list',
    level: 'must',
    rules: ['GUILD-APPROVE-1', 'EVT-REQUEST-FLOW'],
    operations: ['guild.approve', 'guild.list', 'guild.get'],
    helpers: ['guild.list', 'guild.get'],
    needs: ['trigger'],
    holds: ['guild-invitations'],
    // After the declines: where the bot cannot leave a joined guild, they could not observe a decline.
    startsAfter: DECLINE_CHECKS,
    async run(t: CheckContext) {
      const { missing, request, answer, joined, got } = await guildInvitationFlow(t, true);
      if (missing || !request || !answer || !joined) return t.skip(missing ?? tr`no invitation`);
      const { guildId } = request;
      t.expectOk(answer, tr`guild.approve with approve true`);
      t.expect(
        joined.joined,
        tr`guild.list includes guild ${guildId} after its invitation was approved`,
        joined.how,
      );
      t.expectOk(got!, tr`guild.get of the joined guild ${guildId}`);
      t.expect(idOf(got!.body) === guildId, tr`guild.get returns the joined guild ${guildId}`, got!.body);
    },
  }),

  defineCheck({
    id: 'guild.approve/reject-does-not-join',
    title:
      'guild.approve with approve false declines an invitation: the bot does not join (guild.member.get or guild.list shows it)',
    level: 'must',
    rules: ['GUILD-APPROVE-1', 'EVT-REQUEST-FLOW'],
    operations: ['guild.approve', 'guild.member.get', 'guild.list'],
    helpers: ['guild.member.get', 'guild.list'],
    needs: ['trigger'],
    holds: ['guild-invitations'],
    async run(t: CheckContext) {
      const { missing, request, answer, joined } = await guildInvitationFlow(t, false);
      if (missing || !request || !answer || !joined) return t.skip(missing ?? tr`no invitation`);
      t.expectOk(answer, tr`guild.approve with approve false`);
      if (!joined.joined && joined.doubt)
        t.undecided(tr`not seen joining guild ${request.guildId}, but ${joined.doubt}`, readersClear());
      t.expect(
        !joined.joined,
        tr`the current user is not a member of guild ${request.guildId} whose invitation was declined (guild.member.get refuses it, or guild.list omits it)`,
        joined.how,
      );
    },
  }),
];

export default defineSuite('guilds', checks);
