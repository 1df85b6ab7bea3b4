/**
 * The positive control of the refusal oracles (issue 41): `refuses-missing-field`, `invalid-input-is-4xx`
 * and `refusal-is-4xx` hold when a request is refused — which proves nothing where the operation refuses
 * the complete request too (a skeleton answering 404 to every path, 501 to what login.features lists, 400
 * to any field it does not know). Such an oracle passes only for an operation that accepted a complete
 * valid request in the same run (any 2xx: a 2xx is never a refusal): taken from the valid-input phase and the
 * setup (the scratch channel, the anchor message) where they sent one, else sent once at the end of the
 * generation (`settle`). Without it the oracle is undecided (the complete request was refused too) or not
 * counted (the fuzz can make no complete request of it), with the reason.
 *
 * Safety, as the invalid inputs (invalid.ts): a control names only the fuzz's own scratch channel, anchor
 * message, roles and messages it creates (each in the ledger), and reads of the sandbox guild and the bot;
 * never the peer nor the sandbox channel's messages. The approvals, a kick, a friend.delete, a peer mute or
 * a direct channel need what the fuzz may not touch: their refusal oracles are not counted.
 */

import type { OperationId } from '../../spec/catalogue.js';
import { tr } from '../i18n/index.js';
import type { CallResult } from '../wire.js';
import type { FuzzEnv, RefusalControls } from './model.js';
import { createdMessage, describe } from './trace.js';

const OWNER = 'fuzz control';

type Send = (operation: OperationId, fields: Record<string, unknown>) => Promise<CallResult>;

/** What a helper made (its id), or why it made nothing. */
type Made = { id: string } | { missing: string };

/**
 * Why a complete request was not accepted, or undefined when it was: any 2xx (a 2xx is never a refusal,
 * issue 46 item 4: an empty or error-looking body on a 2xx is acceptance; what it returned is judged by
 * the valid-input oracles).
 */
const notAccepted = (result: CallResult): string | undefined =>
  // English in every language: the undecided causes read `the complete request of … was refused too`.
  result.ok ? undefined : `was refused too: ${describe(result)}`;

export class Controls implements RefusalControls {
  private readonly accepted = new Map<string, string>();
  private readonly refused = new Map<string, string>();
  private readonly missing = new Map<string, string>();
  private readonly made = new Map<string, Promise<Made>>();

  constructor(readonly env: FuzzEnv) {}

  /** A complete valid request of `operation` sent by `by` (the valid phase, the setup): its answer. */
  record(operation: string, result: CallResult, by: string): void {
    const problem = notAccepted(result);
    if (problem === undefined) this.accepted.set(operation, tr`accepted by ${by} (${describe(result)})`);
    else if (!this.refused.has(operation)) this.refused.set(operation, problem);
  }

  /** Undefined when `operation` accepted a complete request in this run; else why no refusal is a verdict. */
  problem(operation: string): { undecided: boolean; reason: string } | undefined {
    if (this.accepted.has(operation)) return undefined;
    const refused = this.refused.get(operation);
    if (refused) return { undecided: true, reason: `the complete request of ${operation} ${refused}` };
    return {
      undecided: false,
      reason: tr`no complete request of ${operation} was accepted in this run: ${this.missing.get(operation) ?? tr`none was sent`}`,
    };
  }

  /** How the control of `operation` was observed, for a pass's evidence. */
  acceptedBy(operation: string): string | undefined {
    return this.accepted.get(operation);
  }

  /** Sends the control of each operation that has none yet (after the generation, before the cleanup). */
  async settle(operations: Iterable<string>): Promise<void> {
    for (const operation of new Set(operations)) {
      if (this.accepted.has(operation) || this.env.signal.aborted) continue;
      const request = REQUESTS[operation as OperationId];
      if (!request) {
        this.missing.set(
          operation,
          tr`the fuzz makes none (it needs a pending request, a member, a friend or the peer, which the fuzz may not touch)`,
        );
        continue;
      }
      const outcome = await request(this.send, this).catch((error: Error) => error.message);
      if (typeof outcome === 'string') this.missing.set(operation, outcome);
      else if (outcome) this.record(operation, outcome, tr`a control request`);
    }
  }

  private readonly send: Send = async (operation, fields) => {
    const { result } = await this.env.client.call(operation, fields, { signal: this.env.signal });
    if (result.ok) this.env.ledger.settle(operation, fields);
    return result;
  };

  /** Where the controls' messages go: the fuzz's scratch channel, else the sandbox channel (valid.ts). */
  channel(): string {
    return this.env.scratchChannelId ?? this.env.sandbox.channelId;
  }

  guild(): string {
    return this.env.sandbox.guildId;
  }

  emoji(): string {
    return this.env.emoji ?? '👍';
  }

  /** One thing of `kind` made once (tracked), e.g. the role the role controls act on. */
  own(kind: 'message' | 'channel' | 'role', key: string = kind): Promise<Made> {
    const before = this.made.get(key);
    if (before) return before;
    const making = this.make(kind);
    this.made.set(key, making);
    return making;
  }

  private async make(kind: 'message' | 'channel' | 'role'): Promise<Made> {
    const guildId = this.guild();
    const [operation, fields]: [OperationId, Record<string, unknown>] =
      kind === 'message'
        ? ['message.create', { channel_id: this.channel(), content: 'conformance fuzz: a control' }]
        : kind === 'channel'
          ? ['channel.create', { guild_id: guildId, data: { name: 'conformance-fuzz-control', type: 0 } }]
          : [
              'guild.role.create',
              { guild_id: guildId, ...rolePayload(this.env, 'conformance-fuzz-control') },
            ];
    const result = await this.send(operation, fields);
    this.record(operation, result, tr`a control request`);
    const id = kind === 'message' ? createdMessage(result.body)?.id : result.body?.id;
    if (!result.ok || typeof id !== 'string')
      return { missing: tr`its helper ${operation} made nothing to act on (${describe(result)})` };
    const undo: [string, Record<string, unknown>] =
      kind === 'message'
        ? ['message.delete', { channel_id: this.channel(), message_id: id }]
        : kind === 'channel'
          ? ['channel.delete', { channel_id: id }]
          : ['guild.role.delete', { guild_id: guildId, role_id: id }];
    this.env.ledger.add({ kind, label: `${kind} ${id} (${OWNER})`, undo }, OWNER);
    return { id };
  }
}

/** The role payload under the name the target's variant gives it (§4.8 role-payload: 'data' or 'role'). */
const rolePayload = (env: FuzzEnv, name: string): Record<string, unknown> => ({
  [env.variants['role-payload'] === 'role' ? 'role' : 'data']: { name },
});

/** The `next` a list needs where the target's variant makes it required (§4.8 list-next). */
const firstPage = (env: FuzzEnv): Record<string, unknown> =>
  env.variants['list-next'] === 'required' ? { next: '' } : {};

/** A control: its answer, why it could not be sent, or undefined when its helper recorded it (a create). */
type Request = (send: Send, controls: Controls) => Promise<CallResult | string | undefined>;

/** Acts on what `kind` made, or says why there is nothing to act on. */
const on =
  (
    kind: 'message' | 'channel' | 'role',
    act: (id: string, send: Send, c: Controls) => Promise<CallResult>,
    key?: string,
  ): Request =>
  async (send, controls) => {
    const made = await controls.own(kind, key);
    return 'id' in made ? act(made.id, send, controls) : made.missing;
  };

/** A create's control is the helper's own create (recorded by Controls.make). */
const ownResult =
  (kind: 'message' | 'channel' | 'role'): Request =>
  async (_send, controls) => {
    const made = await controls.own(kind);
    return 'id' in made ? undefined : made.missing;
  };

/** The run's reaction on a message of its own (tracked): reaction.create's control, and delete's helper. */
const reactionFields = (id: string, c: Controls) => ({
  channel_id: c.channel(),
  message_id: id,
  emoji_id: c.emoji(),
});

/** The complete request of each operation the fuzz may send (see the file comment for the rest). */
const REQUESTS: Partial<Record<OperationId, Request>> = {
  'message.get': on('message', (id, send, c) =>
    send('message.get', { channel_id: c.channel(), message_id: id }),
  ),
  'message.update': on('message', (id, send, c) =>
    send('message.update', { channel_id: c.channel(), message_id: id, content: 'conformance fuzz: updated' }),
  ),
  'message.delete': on(
    'message',
    (id, send, c) => send('message.delete', { channel_id: c.channel(), message_id: id }),
    'message to delete',
  ),
  'message.list': (send, c) => send('message.list', { channel_id: c.channel() }),
  'channel.get': (send, c) => send('channel.get', { channel_id: c.channel() }),
  'channel.list': (send, c) => send('channel.list', { guild_id: c.guild(), ...firstPage(c.env) }),
  'channel.update': on('channel', (id, send) =>
    send('channel.update', { channel_id: id, data: { name: 'conformance-fuzz-renamed' } }),
  ),
  'channel.delete': on(
    'channel',
    (id, send) => send('channel.delete', { channel_id: id }),
    'channel to delete',
  ),
  'channel.mute': on('channel', (id, send) => send('channel.mute', { channel_id: id, duration: 0 })),
  'guild.get': (send, c) => send('guild.get', { guild_id: c.guild() }),
  'guild.list': (send, c) => send('guild.list', firstPage(c.env)),
  'guild.member.get': (send, c) =>
    send('guild.member.get', { guild_id: c.guild(), user_id: c.env.sandbox.selfId }),
  'guild.member.list': (send, c) => send('guild.member.list', { guild_id: c.guild() }),
  'guild.member.role.set': on('role', (id, send, c) =>
    send('guild.member.role.set', { guild_id: c.guild(), user_id: c.env.sandbox.selfId, role_id: id }),
  ),
  'guild.member.role.unset': on('role', (id, send, c) =>
    send('guild.member.role.unset', { guild_id: c.guild(), user_id: c.env.sandbox.selfId, role_id: id }),
  ),
  'guild.role.list': (send, c) => send('guild.role.list', { guild_id: c.guild() }),
  'guild.role.update': on('role', (id, send, c) =>
    send('guild.role.update', {
      guild_id: c.guild(),
      role_id: id,
      ...rolePayload(c.env, 'conformance-fuzz-renamed'),
    }),
  ),
  'guild.role.delete': on(
    'role',
    (id, send, c) => send('guild.role.delete', { guild_id: c.guild(), role_id: id }),
    'role to delete',
  ),
  'reaction.create': on('message', async (id, send, c) => {
    const fields = reactionFields(id, c);
    const result = await send('reaction.create', fields);
    if (result.ok)
      c.env.ledger.add(
        {
          kind: 'reaction',
          label: tr`reaction on message ${id} (${OWNER})`,
          undo: ['reaction.delete', fields],
        },
        OWNER,
      );
    return result;
  }),
  // Deletes a reaction it made first (on a message of its own): a delete of nothing may be refused.
  'reaction.delete': on(
    'message',
    async (id, send, c) => {
      const added = await send('reaction.create', reactionFields(id, c));
      c.record('reaction.create', added, tr`a control request`);
      return added.ok ? send('reaction.delete', reactionFields(id, c)) : added;
    },
    'message to react on and unreact',
  ),
  'reaction.list': on('message', (id, send, c) =>
    send('reaction.list', { channel_id: c.channel(), message_id: id, emoji_id: c.emoji() }),
  ),
  'reaction.clear': on('message', (id, send, c) =>
    send('reaction.clear', { channel_id: c.channel(), message_id: id }),
  ),
  'friend.list': (send) => send('friend.list', {}),
  'message.create': ownResult('message'),
  'channel.create': ownResult('channel'),
  'guild.role.create': ownResult('role'),
};
