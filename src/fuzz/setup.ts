/**
 * Before the properties: a scratch text channel of the fuzz's own (its messages are all the fuzz's, so
 * lists and invalid-input skeletons touch nothing else), an anchor message in it, and how the target
 * refuses ordinary bad input (the calibration that keeps 5xx-on-bad-input findings off servers whose
 * convention is 5xx, as published servers of the family are: de-facto conventions, HTTP).
 */

import type { HttpClient } from '../client/http.js';
import { tr } from '../i18n/index.js';
import type { Sandbox } from '../runner/check.js';
import type { Ledger } from '../runner/ledger.js';
import { Controls } from './controls.js';
import { UNKNOWN_ID } from './invalid.js';
import type { FuzzEnv } from './model.js';
import { createdMessage, describe } from './trace.js';

const OWNER = 'fuzz setup';

export async function prepareEnv(parts: {
  client: HttpClient;
  ledger: Ledger;
  sandbox: Sandbox;
  variants: Readonly<Record<string, string>>;
  limitBound?: number | undefined;
  emoji?: string | undefined;
  /** The operations the login's features declare (undefined: every one): the setup asks no other. */
  features?: ReadonlySet<string> | undefined;
  signal: AbortSignal;
  notes: string[];
}): Promise<FuzzEnv> {
  const { client, ledger, sandbox, signal, notes, features } = parts;
  const offered = (operation: string) => features === undefined || features.has(operation);
  const call = async (operation: string, fields: Record<string, unknown>) =>
    (await client.call(operation, fields, { signal })).result;
  const env: FuzzEnv = { ...parts, refusesWith5xx: false };
  const controls = new Controls(env);
  env.controls = controls;
  const channel = offered('channel.create')
    ? await call('channel.create', { guild_id: sandbox.guildId, data: { name: 'conformance-fuzz', type: 0 } })
    : undefined;
  // The setup's own complete requests are the first controls (controls.ts).
  if (channel) controls.record('channel.create', channel, tr`the fuzz setup (its scratch channel)`);
  const channelId = channel?.ok ? channel.body?.id : undefined;
  if (typeof channelId === 'string') {
    ledger.add(
      {
        kind: 'channel',
        label: tr`channel ${channelId} (fuzz scratch)`,
        undo: ['channel.delete', { channel_id: channelId }],
      },
      OWNER,
    );
    env.scratchChannelId = channelId;
  } else {
    env.channelsUnavailable = channel
      ? tr`channel.create in the sandbox guild answered ${describe(channel)}: the channel properties need it`
      : tr`the login does not offer channel.create (login.features): the channel properties need it`;
    notes.push(
      tr`fuzz: no scratch channel (${env.channelsUnavailable})${offered('message.create') ? tr`; messages go to the sandbox channel` : ''}`,
    );
  }
  const anchor = offered('message.create')
    ? await call('message.create', {
        channel_id: env.scratchChannelId ?? sandbox.channelId,
        content: 'conformance fuzz: anchor',
      })
    : undefined;
  if (anchor) controls.record('message.create', anchor, tr`the fuzz setup (its anchor message)`);
  const anchorId = createdMessage(anchor?.body)?.id;
  if (anchor?.ok && typeof anchorId === 'string') {
    const channelOfAnchor = env.scratchChannelId ?? sandbox.channelId;
    ledger.add(
      {
        kind: 'message',
        label: tr`message ${anchorId} (fuzz anchor)`,
        undo: ['message.delete', { channel_id: channelOfAnchor, message_id: anchorId }],
      },
      OWNER,
    );
    env.anchorMessageId = anchorId;
  }
  // How the target refuses an unknown id, asked of a read it offers (message.get, else channel.get).
  const unknown = offered('message.get')
    ? await call('message.get', { channel_id: sandbox.channelId, message_id: UNKNOWN_ID })
    : offered('channel.get')
      ? await call('channel.get', { channel_id: UNKNOWN_ID })
      : undefined;
  env.refusesWith5xx = (unknown?.status ?? 0) >= 500;
  if (env.refusesWith5xx)
    notes.push(
      tr`fuzz: ${offered('message.get') ? 'message.get' : 'channel.get'} of an unknown id answered ${unknown?.status}: this server refuses bad input with 5xx, so a 5xx on a generated bad input is no finding`,
    );
  return env;
}
