/**
 * The sandbox a run works in: the guild and text channel given (--guild/--channel) or discovered
 * (guild.list → first guild; channel.list → first text channel, type 0), and the identities' user ids.
 */

import { shorten } from '../../spec/brief.js';
import { type HttpClient, RequestError } from '../client/http.js';
import { tr } from '../i18n/index.js';
import type { Sandbox } from './check.js';
import { ConfigurationError, UnreachableError } from './errors.js';
import type { RunResult } from './model.js';
import { describeListAnswer } from './shapes.js';

/** What the user gave of the sandbox (--guild, --channel …); the rest is discovered. */
export type SandboxInput = Partial<NonNullable<RunResult['sandbox']>>;

const MAX_PAGES = 5;

/**
 * The first requests of a run also prove the implementation is reachable: a network failure or timeout
 * there is an UnreachableError (exit 3), not a failing check.
 */
export function unreachable(client: HttpClient, operation: string, error: RequestError): UnreachableError {
  const what =
    error.kind === 'body-limit'
      ? tr`${operation} answered with a body too large to read (${error.message})`
      : error.kind === 'rate-limited'
        ? tr`${error.message}; try again later or lower --concurrency`
        : tr`Cannot reach the implementation at ${client.baseUrl} (${error.message}). Check that it is running, ` +
          tr`that --base-url is right (including the version prefix, e.g. /v1), and that no firewall or proxy is in the way`;
  return new UnreachableError(tr`${what}.`, client.baseUrl, { cause: error });
}

async function call(
  client: HttpClient,
  operation: string,
  fields: Record<string, unknown>,
  signal?: AbortSignal,
) {
  try {
    return (await client.call(operation, fields, signal ? { signal } : {})).result;
  } catch (error) {
    if (error instanceof RequestError && error.kind !== 'aborted')
      throw unreachable(client, operation, error);
    throw error;
  }
}

type Answer = { status: number; text: string; headers: Record<string, string>; body: unknown };

/** What was wrong with an answer, in words a user can act on (issue 12: name the real cause). */
export function diagnose(operation: string, result: Answer): string {
  const type = result.headers['content-type'] ?? tr`(no content-type)`;
  const start = shorten(result.text, 200).replace(/\s+/g, ' ');
  if (result.status >= 300 && result.status < 400)
    return tr`${operation} answered a redirect (HTTP ${result.status}, Location: ${result.headers.location ?? tr`(none)`}); it was not followed: pass the final address as --base-url`;
  if (result.status === 429)
    return tr`${operation} answered HTTP 429 (rate limited; Retry-After: ${result.headers['retry-after'] ?? tr`(none)`})`;
  if (/html/i.test(type) || /^\s*</.test(result.text))
    return tr`${operation} answered HTTP ${result.status} with an HTML page (${type}), not the interface: is --base-url the API address (with its version prefix, e.g. /v1)? Page starts: ${start}`;
  if (/json/i.test(type) && typeof result.body === 'string')
    return tr`${operation} answered HTTP ${result.status} with a body declared ${type} that is not valid JSON: ${start}`;
  return tr`${operation} answered HTTP ${result.status} ${start}`;
}

/**
 * 401/403 is the user's to fix (exit 2), and so is a 404 (the server was reached: a base URL or a sandbox
 * to name); any other wrong answer is the target's (exit 3), with the flags that go around the operation
 * (`bypass`: naming the sandbox needs no discovery). A refusal or a wrong URL is not helped by them.
 */
const failure = (status: number, message: string, bypass: string): Error =>
  status === 401 || status === 403
    ? new ConfigurationError(tr`${message}. Check --token (and --platform/--self-id).`)
    : status === 404
      ? // Reached (issue 43): the operation is not there; the message names what to pass instead.
        new ConfigurationError(tr`${message}; pass ${bypass} to go on`)
      : new UnreachableError(tr`${message}; or pass ${bypass} to go on`, '');

/** What the run learned before discovery (src/runner/capabilities.ts): reused, not asked again. */
interface KnownBefore {
  /** The operations the login's features declare; undefined: every operation is offered. */
  offered?: ReadonlySet<string> | undefined;
  /** Where the features came from, in words (the advice names it). */
  featuresFrom?: string | undefined;
  /** login.get as the bot, as answered. */
  loginGet?: Answer;
}

/** Discovery cannot ask an operation the login does not offer: the user names the sandbox instead. */
const notOffered = (operation: string, learned: KnownBefore, pass: string): ConfigurationError =>
  new ConfigurationError(
    tr`Cannot discover the sandbox: the login does not offer ${operation} (its features${learned.featuresFrom ? tr`, from ${learned.featuresFrom},` : ''} omit it). Pass ${pass}.`,
  );

export async function resolveSandbox(
  client: HttpClient,
  input: SandboxInput,
  learned: KnownBefore = {},
  signal?: AbortSignal,
): Promise<{ sandbox: Sandbox; notes: string[] }> {
  const notes: string[] = [];
  const offers = (operation: string) => learned.offered === undefined || learned.offered.has(operation);
  let guildId = input.guildId;
  // A read-only operation the login offers proves the token before any check.
  const guilds = offers('guild.list') ? await call(client, 'guild.list', {}, signal) : undefined;
  if (!guildId) {
    if (!guilds) throw notOffered('guild.list', learned, tr`--guild and --channel`);
    if (guilds.status === 404) throw await answeredNotFound(client, guilds, learned, signal);
    if (!guilds.ok) {
      throw failure(
        guilds.status,
        tr`Cannot discover a sandbox guild: ${diagnose('guild.list', guilds)}`,
        tr`--guild and --channel`,
      );
    }
    const shape = describeListAnswer('guild.list', guilds);
    // A bare array still names guilds: take the first, and say the list is not a page (§1 rule 5).
    if (shape && !Array.isArray(guilds.body))
      throw new ConfigurationError(
        tr`Cannot discover a sandbox guild: ${shape}. Fix it, or pass --guild and --channel to go on.`,
      );
    if (shape) notes.push(shape);
    guildId = firstId(guilds.body);
    if (!guildId) {
      if (typeof guilds.body !== 'object' || guilds.body === null)
        throw failure(
          guilds.status,
          tr`Cannot discover a sandbox guild: ${diagnose('guild.list', guilds)} (not a JSON list)`,
          tr`--guild and --channel`,
        );
      throw new ConfigurationError(
        tr`Cannot discover a sandbox guild: guild.list answered ${Array.isArray(guilds.body) ? tr`an empty array` : tr`a page whose \`data\` array holds no guild with an id`}. Add the bot to a test guild, or pass --guild and --channel.`,
      );
    }
    notes.push(tr`sandbox guild discovered: ${guildId} (first of guild.list)`);
  }
  let channelId = input.channelId;
  if (!channelId && !offers('channel.list')) throw notOffered('channel.list', learned, '--channel');
  if (!channelId) {
    let next: string | undefined;
    for (let page = 0; page < MAX_PAGES && !channelId; page++) {
      const result = await call(
        client,
        'channel.list',
        { guild_id: guildId, ...(next ? { next } : {}) },
        signal,
      );
      if (!result.ok) {
        throw failure(
          result.status,
          tr`Cannot discover a sandbox channel in guild ${guildId}: ${diagnose('channel.list', result)}`,
          '--channel',
        );
      }
      const shape = describeListAnswer('channel.list', result);
      if (shape)
        throw new ConfigurationError(
          tr`Cannot discover a sandbox channel in guild ${guildId}: ${shape}. Fix it, or pass --channel to go on.`,
        );
      const data: any[] = result.body.data;
      channelId = data.find((channel) => channel?.type === 0 && typeof channel.id === 'string')?.id;
      next = typeof result.body?.next === 'string' && result.body.next ? result.body.next : undefined;
      if (!next) break;
    }
    if (!channelId) {
      throw new ConfigurationError(
        tr`Cannot discover a sandbox channel: guild ${guildId} has no text channel (type 0). Pass --channel.`,
      );
    }
    notes.push(tr`sandbox channel discovered: ${channelId} (first text channel of guild ${guildId})`);
  }
  if (!input.selfId) {
    notes.push(
      tr`the bot user id is unknown: pass --self-id (checks about the current user may fail or skip)`,
    );
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

/**
 * guild.list answered 404: the server was reached (not exit 3), and either the base URL is wrong or nothing
 * is implemented (issue 43). Another operation (the family's login.get) and the parent of the base URL,
 * without the token, say which: the message shows what each answered and what to fix (exit 2).
 */
async function answeredNotFound(
  client: HttpClient,
  guilds: Answer,
  learned: KnownBefore,
  signal?: AbortSignal,
): Promise<Error> {
  const brief = (result: Answer | undefined, error?: unknown) =>
    result
      ? `HTTP ${result.status}${result.text ? ` ${shorten(result.text, 120).replace(/\s+/g, ' ')}` : ''}`
      : tr`no answer (${(error as Error).message})`;
  // Asked before discovery (learnCapabilities): its answer is reused, not asked again.
  const login = await (learned.loginGet
    ? Promise.resolve({ result: learned.loginGet })
    : client.call('login.get', {}, signal ? { signal } : {})
  ).then(
    ({ result }) => ({ result, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  const parent = new URL('../', `${client.baseUrl.replace(/\/+$/, '')}/`).href;
  const above = await client.send(parent, 'GET', {}, undefined, signal).then(
    ({ result }) => ({ result, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  const every = login.result?.status === 404;
  return new ConfigurationError(
    tr`The implementation at ${client.baseUrl} was reached, but ${every ? tr`every operation asked (guild.list, login.get) answered 404` : tr`guild.list answered 404 (login.get: ${brief(login.result, login.error)})`}: ` +
      `${every ? tr`a wrong base URL, or nothing implemented yet.` : tr`guild.list is not implemented, or the base URL is wrong.`} ` +
      tr`${client.baseUrl}/guild.list answered ${brief(guilds)}; GET ${parent} answered ${brief(above.result, above.error)}. ` +
      (every
        ? tr`Pass the API base URL with its version prefix (e.g. --base-url http://host:5140/v1).`
        : tr`Pass the API base URL with its version prefix (e.g. --base-url http://host:5140/v1), or --guild and --channel to go on.`),
  );
}

const firstId = (body: any): string | undefined => {
  const data: any[] = Array.isArray(body?.data) ? body.data : Array.isArray(body) ? body : [];
  const id = data.find((item) => typeof item?.id === 'string')?.id;
  return id;
};
