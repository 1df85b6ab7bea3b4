/**
 * §4.4 members: get, list, kick, mute and guild.member.approve.
 */
import { AcceptedAnyway, badRequest, encodeToken, type Fields, forbidden } from '../request.js';
import { type Handler, OperationBase } from './base.js';

export class MemberOperations extends OperationBase {
  readonly handlers: Record<string, Handler> = {
    'guild.member.get': (caller, f) => this.memberGet(caller, f),
    'guild.member.list': (caller, f) => this.memberList(caller, f),
    'guild.member.kick': (caller, f) => this.memberKick(caller, f),
    'guild.member.mute': (caller, f) => this.memberMute(caller, f),
    'guild.member.approve': (caller, f) => this.memberApprove(caller, f),
  };

  private memberGet(caller: string, f: Fields): unknown {
    const guild = this.memberGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    // Fault (faults/readers.ts): an id the platform cannot parse is answered 200 with an empty body.
    if (this.fault('member-get-empty-200-unparseable') && !/^\d+$/.test(userId)) throw new AcceptedAnyway('');
    // A member made from the id asked for, whether or not the user is in the guild (or exists at all).
    if (
      (this.fault('member-get-answers-any-id') || this.fault('member-get-empty-200-unparseable')) &&
      !this.world.member(guild.id, userId)
    )
      return { user: this.views.userById(userId), joined_at: Date.now() };
    const member = this.member(guild.id, userId);
    if (this.fault('member-get-returns-caller'))
      return this.views.member(guild.id, this.member(guild.id, caller));
    return this.views.member(guild.id, member);
  }

  private memberList(caller: string, f: Fields): unknown {
    const guild = this.memberGuild(caller, f.string('guild_id'));
    const next = f.optionalString('next') || undefined;
    const members = [...this.world.membersOf(guild.id).values()];
    const page = this.viewPage(this.listPage('guild.member.list', members, next), (member) =>
      this.views.member(guild.id, member),
    );
    if (this.fault('member-list-plain-array')) return page.data;
    if (this.fault('member-list-next-missing')) delete page.next;
    if (this.fault('member-list-next-at-end')) page.next ??= encodeToken(members.length);
    return page;
  }

  private memberKick(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    const permanent = f.optionalBoolean('permanent') ?? false;
    this.member(guild.id, userId);
    if (userId === caller) throw badRequest('guild.member.kick: you cannot kick yourself.');
    if (userId === guild.ownerId) throw forbidden("guild.member.kick: the guild's owner cannot be kicked.");
    if (this.fault('member-kick-no-op')) return;
    this.leave(guild, userId, 'guild.member.kick');
    if (permanent) this.world.bans.add(this.world.banKey(guild.id, userId));
  }

  private memberMute(caller: string, f: Fields): void {
    const guild = this.adminGuild(caller, f.string('guild_id'));
    const userId = f.string('user_id');
    this.member(guild.id, userId);
    const duration = this.duration('guild.member.mute', f, 'member-mute-zero-rejected');
    this.applyMute(this.world.memberMutes, this.world.memberMuteKey(guild.id, userId), duration, {
      seconds: 'member-mute-seconds',
      zeroIgnored: 'member-mute-zero-ignored',
    });
  }

  private memberApprove(caller: string, f: Fields): void {
    const { request, approve } = this.pendingRequest('guild.member.approve', 'guild-member', f);
    if (!this.world.isAdmin(request.guildId, caller)) {
      throw this.notFound(`guild.member.approve: request '${request.id}' is for a guild you do not manage.`);
    }
    const guild = this.guild(request.guildId);
    this.world.requests.delete(request.id);
    const adds = approve ? !this.fault('member-approve-no-op') : this.fault('member-approve-false-approves');
    if (adds) this.join(guild, request.userId, 'guild.member.approve');
  }
}
