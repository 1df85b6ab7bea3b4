/**
 * The 33 operations of §4 over the in-memory world, one module per §4 group (as suites/ and the groups
 * of spec/catalogue.ts), written by hand from the spec (not from spec/catalogue: the server and the
 * checker are two independent readings). Each handler validates everything before it changes anything,
 * so a refused request never leaves a partial write. Where faults and tolerances act: ../README.md.
 */
import { type Handler, OperationBase, type OperationContext } from './base.js';
import { ChannelOperations } from './channels.js';
import { FriendOperations } from './friends.js';
import { GuildOperations } from './guilds.js';
import { MemberOperations } from './members.js';
import { MessageOperations } from './messages.js';
import { ReactionOperations } from './reactions.js';
import { RoleOperations } from './roles.js';

const GROUPS = [
  MessageOperations,
  ChannelOperations,
  GuildOperations,
  MemberOperations,
  RoleOperations,
  ReactionOperations,
  FriendOperations,
] as const;

/**
 * Every handler by operation name (in §4 order: it is also the de-facto feature list), plus the shared
 * lookups, events and membership changes the control endpoint (../control.ts) reuses.
 */
export class Operations extends OperationBase {
  readonly handlers: Readonly<Record<string, Handler>>;

  constructor(context: OperationContext) {
    super(context);
    this.handlers = Object.assign({}, ...GROUPS.map((Group) => new Group(context).handlers));
  }
}
