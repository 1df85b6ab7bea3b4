/**
 * §4.5 roles: a member's roles (set, unset) and the guild's roles (list, create, update, delete).
 */
import { badRequest, type Fields, HttpError } from '../request.js';
import { type Handler, OperationBase } from './base.js';

export class RoleOperations extends OperationBase {
  readonly handlers: Record<string, Handler> = {
    'guild.member.role.set': (caller, f) => this.memberRole(caller, f, 'set'),
    'guild.member.role.unset': (caller, f) => this.memberRole(caller, f, 'unset'),
    'guild.role.list': (caller, f) => this.roleList(caller, f),
    'guild.role.create': (caller, f) => this.roleCreate(caller, f),
    'guild.role.update': (caller, f) => this.roleUpdate(caller, f),
    'guild.role.delete': (caller, f) => this.roleDelete(caller, f),
  };

  private memberRole(caller: string, f: Fields, action: 'set' | 'unset'): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    const roleId = f.string('role_id');
    const member = this.member(guild.id, userId);
    const role = this.world.roles.get(roleId);
    if (!role || role.guildId !== guild.id) {
      throw this.notFound(`No role '${roleId}' in guild '${guild.id}'; see guild.role.list.`);
    }
    if (this.fault(action === 'set' ? 'role-set-no-op' : 'role-unset-no-op')) return;
    const has = member.roleIds.includes(roleId);
    if (action === 'set' && !has) member.roleIds.push(roleId);
    else if (action === 'unset' && has) member.roleIds.splice(member.roleIds.indexOf(roleId), 1);
    else return;
    this.emit(
      'guild-member-updated',
      this.memberResources(guild, member),
      this.guildAudience(guild.id),
      `guild.member.role.${action}`,
    );
  }

  private roleList(caller: string, f: Fields): unknown {
    const guild = this.memberGuild(caller, f.string('guild_id'));
    const next = f.optionalString('next') || undefined;
    const roles = this.fault('role-list-all-guilds')
      ? [...this.world.roles.values()]
      : this.world.rolesOf(guild.id);
    return this.viewPage(this.listPage('guild.role.list', roles, next), (role) => this.views.role(role));
  }

  /** §4.8 'role-payload': the GuildRole is sent as `data` or as `role`. */
  private rolePayload(operation: string, f: Fields) {
    const field = this.context.variants['role-payload'];
    const payload = f.object(field);
    const { name, color } = payload;
    if (name !== undefined && (typeof name !== 'string' || name === '')) {
      throw badRequest(`${operation}: ${field}.name must be a non-empty string.`);
    }
    if (color !== undefined && !(typeof color === 'number' && Number.isInteger(color) && color >= 0)) {
      throw badRequest(`${operation}: ${field}.color must be a non-negative integer (0xRRGGBB).`);
    }
    return { name: name as string | undefined, color: color as number | undefined };
  }

  private role(guildId: string, roleId: string) {
    const role = this.world.roles.get(roleId);
    if (!role || role.guildId !== guildId) {
      throw this.notFound(`No role '${roleId}' in guild '${guildId}'; see guild.role.list.`);
    }
    return role;
  }

  private roleCreate(caller: string, f: Fields): unknown {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const payload = this.rolePayload('guild.role.create', f);
    const role = {
      id: this.world.newId(''),
      guildId: guild.id,
      name: payload.name ?? 'new role',
      admin: false,
      ...(payload.color === undefined ? {} : { color: payload.color }),
    };
    if (!this.fault('role-create-no-op')) this.world.roles.set(role.id, role);
    const view = this.views.role(role);
    this.emit(
      'guild-role-created',
      { guild: this.views.guild(guild), role: view },
      this.guildAudience(guild.id),
      'guild.role.create',
    );
    if (this.fault('create-500-after-create'))
      throw new HttpError(500, 'internal', 'Error: audit log write timed out');
    return view;
  }

  private roleUpdate(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const role = this.role(guild.id, f.string('role_id'));
    const payload = this.rolePayload('guild.role.update', f);
    if (this.fault('role-update-no-op')) return;
    if (payload.name !== undefined) role.name = payload.name;
    if (payload.color !== undefined) role.color = payload.color;
    this.emit(
      'guild-role-updated',
      { guild: this.views.guild(guild), role: this.views.role(role) },
      this.guildAudience(guild.id),
      'guild.role.update',
    );
  }

  private roleDelete(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const role = this.role(guild.id, f.string('role_id'));
    if (this.fault('role-delete-no-op')) return;
    this.world.roles.delete(role.id);
    for (const member of this.world.membersOf(guild.id).values()) {
      member.roleIds = member.roleIds.filter((roleId) => roleId !== role.id);
    }
    this.emit(
      'guild-role-deleted',
      { guild: this.views.guild(guild), role: this.views.role(role) },
      this.guildAudience(guild.id),
      'guild.role.delete',
    );
  }
}
