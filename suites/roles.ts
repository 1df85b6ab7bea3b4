/**
 * Guild roles (§4.5, experimental: §1 rule 3). Every role the checks touch is one they created, with a
 * name unique to the run; the ledger deletes it (and unsets it from the peer) whatever happens.
 */
import { type CheckContext, type CheckSpec, defineCheck, defineSuite } from '../src/runner/check.js';
import { trackRoleAssignment } from './_lib/events.js';
import { idOf, listFresh, listOnce, uniqueName, userIdOf } from './_lib/lists.js';

/** §4.8: the role payload of guild.role.create/update is `data` in one variant, `role` in the other. */
const rolePayload = (t: CheckContext, role: Record<string, unknown>): Record<string, unknown> => ({
  [t.variants['role-payload'] === 'role' ? 'role' : 'data']: role,
});

interface RoleRecord {
  id?: unknown;
  name?: unknown;
}

/** Walks guild.role.list of the sandbox guild afresh (the checks change it), asserting every page. */
const listRoles = async (t: CheckContext): Promise<RoleRecord[]> =>
  (await listFresh(t, 'guild.role.list', { guild_id: t.sandbox.guildId })).items;

/**
 * Creates a role named `name` in the sandbox guild and registers it with the ledger at once. When the
 * check is not about creation (`purpose` set), a creation that fails or does not show in guild.role.list
 * skips it: the create check reports that failure.
 */
async function createRole(
  t: CheckContext,
  name: string,
  purpose?: string,
): Promise<{ id: string; body: unknown }> {
  const guildId = t.sandbox.guildId;
  const result = await t.call('guild.role.create', { guild_id: guildId, ...rolePayload(t, { name }) });
  const id = result.ok ? idOf(result.body) : undefined;
  if (id !== undefined) {
    t.track({
      kind: 'role',
      label: `role ${id} (${name}) in guild ${guildId}`,
      undo: ['guild.role.delete', { guild_id: guildId, role_id: id }],
    });
    if (purpose && !(await listRoles(t)).some((role) => role.id === id)) {
      t.skip(
        `precondition failed: the created role ${id} is not listed by guild.role.list, so ${purpose} cannot be tested (see guild.role.create/returns-listed-role)`,
      );
    }
    return { id, body: result.body };
  }
  if (result.ok) {
    // Created without an id in the answer: find it by its unique name so that the ledger still deletes it.
    const created = (await listRoles(t)).find((role) => role.name === name);
    const createdId = idOf(created);
    if (createdId !== undefined) {
      t.track({
        kind: 'role',
        label: `role ${createdId} (${name}) in guild ${guildId}`,
        undo: ['guild.role.delete', { guild_id: guildId, role_id: createdId }],
      });
    }
  }
  if (purpose) {
    t.skip(
      `precondition failed: guild.role.create answered ${result.status} without a role id, so ${purpose} cannot be tested (see guild.role.create/returns-listed-role)`,
    );
  }
  t.expectOk(result, 'guild.role.create');
  t.expect(false, 'guild.role.create returns a GuildRole with a string id (§4.5)', result.body);
}

/** The role ids of the peer in the sandbox guild, or undefined when guild.member.get shows no roles. */
async function peerRoleIds(
  t: CheckContext,
  what: string,
  skipUnlessMember = false,
): Promise<string[] | undefined> {
  const { guildId, peerId } = t.sandbox;
  const result = await t.call('guild.member.get', { guild_id: guildId, user_id: peerId });
  if (!result.ok && skipUnlessMember) {
    t.skip(
      `guild.member.get of the peer ${peerId} in guild ${guildId} answered ${result.status}: the peer must be a member of the sandbox guild (--guild) to be given a role`,
    );
  }
  t.expectOk(result, `guild.member.get of the peer ${what}`);
  const shownId = userIdOf(result.body);
  if (shownId !== undefined && shownId !== peerId) {
    t.skip(
      `guild.member.get for the peer ${peerId} returned the member ${shownId}, so the peer's roles cannot be observed (see the members checks)`,
    );
  }
  const roles = (result.body as { roles?: unknown } | undefined)?.roles;
  if (!Array.isArray(roles)) return undefined;
  return roles
    .map((role) => idOf(role) ?? (typeof role === 'string' ? role : undefined))
    .filter((id) => !!id) as string[];
}

const peerIdOrSkip = (t: CheckContext): string => {
  if (!t.sandbox.peerId) t.skip('needs a peer identity (--peer-token / --peer-self-id)');
  return t.sandbox.peerId;
};

const checks: CheckSpec[] = [
  // §4.5: guild.role.list is paginated (§1 rule 5) and holds GuildRole objects (§2).
  defineCheck({
    id: 'guild.role.list/walks-guild-roles',
    title: 'guild.role.list walks to its end and every item is a GuildRole',
    level: 'must',
    rules: ['ROLE-LIST-1', 'RES-ROLE', 'GEN-5'],
    operations: ['guild.role.list'],
    experimental: true,
    async run(t: CheckContext) {
      await listOnce(t, 'guild.role.list', { guild_id: t.sandbox.guildId }, { validate: true });
    },
  }),

  // §4.5: guild.role.list lists the roles of guild_id — not those of every guild the bot is in.
  defineCheck({
    id: 'guild.role.list/lists-only-that-guild',
    title: 'A role created in one guild is not listed by guild.role.list of another guild',
    level: 'must',
    rules: ['ROLE-LIST-1'],
    operations: ['guild.list', 'guild.role.create', 'guild.role.list'],
    experimental: true,
    // The guild list must not change meanwhile (an invitation flow joins and leaves a guild).
    shares: ['guild-invitations'],
    async run(t: CheckContext) {
      const guilds = await listOnce(t, 'guild.list', {});
      const otherGuild = guilds.items.map(idOf).find((id) => id !== undefined && id !== t.sandbox.guildId);
      if (!otherGuild)
        t.skip('needs the bot in a second guild besides the sandbox guild (guild.list shows one)');
      const { id } = await createRole(t, uniqueName('scoped-role'), 'the scoping of guild.role.list');
      // Fresh: the other guild's list must be read after the role exists.
      const others = await listFresh(t, 'guild.role.list', { guild_id: otherGuild });
      t.expect(
        !others.items.some((role) => role.id === id),
        `guild.role.list of guild ${otherGuild} does not list role ${id}, created in guild ${t.sandbox.guildId}`,
        others.items.map((role) => role.id),
      );
    },
  }),

  defineCheck({
    id: 'guild.role.create/returns-listed-role',
    title: 'guild.role.create returns a GuildRole with an id, listed afterwards with the name it was given',
    level: 'must',
    rules: ['ROLE-CREATE-1', 'RES-ROLE'],
    operations: ['guild.role.create', 'guild.role.list'],
    experimental: true,
    async run(t: CheckContext) {
      const name = uniqueName('role');
      const { id, body } = await createRole(t, name);
      t.expectSchema('GuildRole', body, 'guild.role.create result');
      t.note(`role payload field: ${t.variants['role-payload'] === 'role' ? 'role' : 'data'} (§4.8)`);
      const roles = await listRoles(t);
      const listed = roles.find((role) => role.id === id);
      t.expect(
        listed,
        `guild.role.list lists the created role ${id}`,
        roles.map((role) => role.id),
      );
      t.expect(listed.name === name, `the created role carries the name it was given, ${name}`, listed);
    },
  }),

  defineCheck({
    id: 'guild.role.update/renames-role',
    title: 'guild.role.update applies the new name, as guild.role.list shows',
    level: 'must',
    rules: ['ROLE-UPDATE-1'],
    operations: ['guild.role.create', 'guild.role.update', 'guild.role.list'],
    experimental: true,
    async run(t: CheckContext) {
      const { id } = await createRole(t, uniqueName('role'), 'guild.role.update');
      const renamed = uniqueName('renamed');
      const result = await t.call('guild.role.update', {
        guild_id: t.sandbox.guildId,
        role_id: id,
        ...rolePayload(t, { name: renamed }),
      });
      t.expectOk(result, 'guild.role.update');
      const listed = (await listRoles(t)).find((role) => role.id === id);
      t.expect(listed, `guild.role.list still lists the updated role ${id}`);
      t.expect(listed.name === renamed, `the role is renamed to ${renamed}`, listed);
    },
  }),

  defineCheck({
    id: 'guild.role.delete/removes-role',
    title: 'guild.role.delete removes the role from guild.role.list',
    level: 'must',
    rules: ['ROLE-DELETE-1'],
    operations: ['guild.role.create', 'guild.role.delete', 'guild.role.list'],
    experimental: true,
    async run(t: CheckContext) {
      const { id } = await createRole(t, uniqueName('role'), 'guild.role.delete');
      const result = await t.call('guild.role.delete', { guild_id: t.sandbox.guildId, role_id: id });
      t.expectOk(result, 'guild.role.delete');
      const roles = await listRoles(t);
      t.expect(
        !roles.some((role) => role.id === id),
        `guild.role.list no longer lists the deleted role ${id}`,
        roles.filter((role) => role.id === id),
      );
    },
  }),

  defineCheck({
    id: 'guild.member.role.set/gives-role',
    title: 'guild.member.role.set gives the role to the member, as guild.member.get shows',
    level: 'must',
    rules: ['ROLE-SET-1'],
    operations: ['guild.role.create', 'guild.member.role.set', 'guild.member.get'],
    experimental: true,
    needs: ['peer'],
    // Roles of the peer change its member record (guild-member-updated names only the member).
    shares: ['peer-member-record'],
    async run(t: CheckContext) {
      const peerId = peerIdOrSkip(t);
      const guildId = t.sandbox.guildId;
      if ((await peerRoleIds(t, 'before the change', true)) === undefined) {
        t.skip('guild.member.get shows no roles for the peer, so a role assignment cannot be observed');
      }
      const { id: roleId } = await createRole(t, uniqueName('role'), 'guild.member.role.set');
      const fields = { guild_id: guildId, user_id: peerId, role_id: roleId };
      const result = await t.call('guild.member.role.set', fields);
      trackRoleAssignment(t, fields);
      t.expectOk(result, 'guild.member.role.set');
      const roles = await peerRoleIds(t, 'after guild.member.role.set');
      t.expect(roles?.includes(roleId), `the peer's roles include ${roleId}`, roles);
    },
  }),

  defineCheck({
    id: 'guild.member.role.unset/removes-role',
    title: 'guild.member.role.unset takes the role from the member, as guild.member.get shows',
    level: 'must',
    rules: ['ROLE-UNSET-1'],
    operations: ['guild.role.create', 'guild.member.role.set', 'guild.member.role.unset', 'guild.member.get'],
    experimental: true,
    needs: ['peer'],
    // Roles of the peer change its member record (guild-member-updated names only the member).
    shares: ['peer-member-record'],
    async run(t: CheckContext) {
      const peerId = peerIdOrSkip(t);
      const guildId = t.sandbox.guildId;
      const { id: roleId } = await createRole(t, uniqueName('role'), 'guild.member.role.unset');
      const fields = { guild_id: guildId, user_id: peerId, role_id: roleId };
      const set = await t.call('guild.member.role.set', fields);
      trackRoleAssignment(t, fields);
      const before = set.ok ? await peerRoleIds(t, 'after guild.member.role.set') : undefined;
      if (!before?.includes(roleId)) {
        t.skip(
          `precondition failed: after guild.member.role.set (status ${set.status}) guild.member.get does not show role ${roleId} for the peer (see guild.member.role.set/gives-role)`,
        );
      }
      const result = await t.call('guild.member.role.unset', fields);
      t.expectOk(result, 'guild.member.role.unset');
      const after = await peerRoleIds(t, 'after guild.member.role.unset');
      t.expect(after && !after.includes(roleId), `the peer's roles no longer include ${roleId}`, after);
    },
  }),
];

export default defineSuite('roles', checks);
