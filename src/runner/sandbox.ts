/**
 * The sandbox a run works in: the guild and text channel given (--guild/--channel) or discovered
 * (guild.list → first guild; channel.list → first text channel, type 0), and the identities' user ids.
 */
import { type HttpClient, RequestError } from '../client/http.js';
import type { Sandbox } from './check.js';
import { ConfigurationError, UnreachableError } from './errors.js';

export interface SandboxInput {
  guildId?: string;
  channelId?: string;
  selfId?: string;
  peerId?: string;
  userId?: string;
}

const MAX_PAGES = 5;

/**
 * The first request of a run also proves the implementation is reachable: a network failure or timeout
 * there is an UnreachableError (exit 3), not a failing check.
 */
async function firstCall(client: HttpClient, operation: string, fields: Record<string, unknown>) {
  try {
    return (await client.call(operation, fields)).result;
  } catch (error) {
    if (error instanceof RequestError && error.kind !== 'aborted') {
      throw new UnreachableError(
        `Cannot reach the implementation at ${client.baseUrl} (${error.message}). ` +
          'Check that it is running, that --base-url is right (including the version prefix, e.g. /v1), ' +
          'and that no firewall or proxy is in the way.',
        client.baseUrl,
        { cause: error },
      );
    }
    throw error;
  }
}

const describe = (result: { status: number; text: string }) =>
  `HTTP ${result.status} ${result.text.slice(0, 200)}`;

export async function resolveSandbox(
  client: HttpClient,
  input: SandboxInput,
): Promise<{ sandbox: Sandbox; notes: string[] }> {
  const notes: string[] = [];
  // Always probe with a read-only operation first: it proves reachability and the token.
  const guilds = await firstCall(client, 'guild.list', {});
  let guildId = input.guildId;
  if (!guildId) {
    if (!guilds.ok) {
      throw new ConfigurationError(
        `Cannot discover a sandbox guild: guild.list answered ${describe(guilds)}. ` +
          'Check --token (and --platform/--self-id), or pass --guild and --channel.',
      );
    }
    guildId = firstId(guilds.body);
    if (!guildId) {
      throw new ConfigurationError(
        'Cannot discover a sandbox guild: guild.list returned no guild. Add the bot to a test guild, or pass --guild and --channel.',
      );
    }
    notes.push(`sandbox guild discovered: ${guildId} (first of guild.list)`);
  }
  let channelId = input.channelId;
  if (!channelId) {
    let next: string | undefined;
    for (let page = 0; page < MAX_PAGES && !channelId; page++) {
      const { result } = await client.call('channel.list', { guild_id: guildId, ...(next ? { next } : {}) });
      if (!result.ok) {
        throw new ConfigurationError(
          `Cannot discover a sandbox channel: channel.list of guild ${guildId} answered ${describe(result)}. Pass --channel.`,
        );
      }
      const data: any[] = Array.isArray(result.body?.data) ? result.body.data : [];
      channelId = data.find((channel) => channel?.type === 0 && typeof channel.id === 'string')?.id;
      next = typeof result.body?.next === 'string' && result.body.next ? result.body.next : undefined;
      if (!next) break;
    }
    if (!channelId) {
      throw new ConfigurationError(
        `Cannot discover a sandbox channel: guild ${guildId} has no text channel (type 0). Pass --channel.`,
      );
    }
    notes.push(`sandbox channel discovered: ${channelId} (first text channel of guild ${guildId})`);
  }
  if (!input.selfId) {
    notes.push('the bot user id is unknown: pass --self-id (checks about the current user may fail or skip)');
  }
  return {
    sandbox: {
      guildId,
      channelId,
      selfId: input.selfId ?? '',
      ...(input.peerId ? { peerId: input.peerId } : {}),
      ...((input.userId ?? input.peerId) ? { userId: input.userId ?? input.peerId } : {}),
    },
    notes,
  };
}

const firstId = (body: any): string | undefined => {
  const data: any[] = Array.isArray(body?.data) ? body.data : Array.isArray(body) ? body : [];
  const id = data.find((item) => typeof item?.id === 'string')?.id;
  return id;
};
