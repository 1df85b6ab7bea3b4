/**
 * §4.3 guilds: get, list and guild.approve (answering an invitation).
 */
import type { Fields } from '../request.js';
import { type Handler, OperationBase } from './base.js';

export class GuildOperations extends OperationBase {
  readonly handlers: Record<string, Handler> = {
    // Any existing guild may be read: an invited bot looks at the guild before guild.approve.
    'guild.get': (caller, f) => this.guildGet(caller, f),
    'guild.list': (caller, f) => this.guildList(caller, f),
    'guild.approve': (caller, f) => this.guildApprove(caller, f),
  };

  private guildGet(caller: string, f: Fields): unknown {
    const guild = this.guild(f.string('guild_id'));
    if (this.fault('guild-get-ignores-id')) {
      const first = [...this.world.guilds.values()].find((candidate) =>
        this.world.member(candidate.id, caller),
      );
      return this.views.guild(first ?? guild);
    }
    return this.views.guild(guild);
  }

  private guildList(caller: string, f: Fields): unknown {
    const next = this.listNext(f);
    const guilds = [...this.world.guilds.values()].filter(
      (guild) => this.fault('guild-list-includes-foreign') || this.world.member(guild.id, caller),
    );
    return this.viewPage(this.listPage('guild.list', guilds, next), (guild) => this.views.guild(guild));
  }

  private guildApprove(caller: string, f: Fields): void {
    const { request, approve } = this.pendingRequest('guild.approve', 'guild', f);
    if (request.toUserId !== caller)
      throw this.notFound(`guild.approve: request '${request.id}' is not addressed to you.`);
    const guild = this.guild(request.guildId);
    this.world.requests.delete(request.id);
    const joins = approve ? !this.fault('guild-approve-no-op') : this.fault('guild-approve-false-approves');
    if (joins) this.join(guild, caller, 'guild.approve');
  }
}
