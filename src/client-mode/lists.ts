/**
 * The lists a client can be asked to drain (CONFORMANCE_LIST), the operation each one is, the id fields
 * it needs (§4) and the items client mode serves for it: valid objects of the §2 resource, with ids that
 * look nothing like the pagination tokens, so a client that builds `next` from an id is caught.
 */
import { SEED } from '../reference/world.js';

export const LIST_KINDS = ['message', 'channel', 'guild', 'member', 'role', 'friend', 'reaction'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The environment variable and request field of each id a list needs. */
export interface ListId {
  env: string;
  field: string;
  value: string;
}

export interface ListDefinition {
  operation: string;
  ids: ListId[];
  /** The i-th item of a scenario (i from 0), a valid object of the list's resource. */
  item(index: number): Record<string, unknown>;
  /** The id a client reports for an item: the item's id, or its user's id for members and friends. */
  idOf(item: Record<string, any>): string;
}

const guildId: ListId = { env: 'CONFORMANCE_GUILD_ID', field: 'guild_id', value: SEED.guild1 };
const channelId: ListId = { env: 'CONFORMANCE_CHANNEL_ID', field: 'channel_id', value: SEED.historyChannel };
const user = (index: number) => ({ id: String(81000 + index), name: `client-mode-user-${index}` });
const byId = (item: Record<string, any>) => String(item.id);
const byUserId = (item: Record<string, any>) => String(item.user.id);

export const LISTS: Record<ListKind, ListDefinition> = {
  message: {
    operation: 'message.list',
    ids: [channelId],
    item: (index) => ({
      id: String(91000 + index),
      content: `client-mode message ${index}`,
      user: user(index % 3),
      created_at: 1_704_067_200_000 + index * 60_000,
    }),
    idOf: byId,
  },
  channel: {
    operation: 'channel.list',
    ids: [guildId],
    item: (index) => ({ id: String(84000 + index), type: 0, name: `client-mode-${index}` }),
    idOf: byId,
  },
  guild: {
    operation: 'guild.list',
    ids: [],
    item: (index) => ({ id: String(83000 + index), name: `Client-mode guild ${index}` }),
    idOf: byId,
  },
  member: {
    operation: 'guild.member.list',
    ids: [guildId],
    item: (index) => ({ user: user(index), nick: `member ${index}`, joined_at: 1_704_067_200_000 }),
    idOf: byUserId,
  },
  role: {
    operation: 'guild.role.list',
    ids: [guildId],
    item: (index) => ({ id: String(85000 + index), name: `client-mode-role-${index}` }),
    idOf: byId,
  },
  friend: {
    operation: 'friend.list',
    ids: [],
    item: (index) => ({ user: user(index), nick: `friend ${index}` }),
    idOf: byUserId,
  },
  reaction: {
    operation: 'reaction.list',
    ids: [
      channelId,
      { env: 'CONFORMANCE_MESSAGE_ID', field: 'message_id', value: SEED.reactedMessage },
      { env: 'CONFORMANCE_EMOJI_ID', field: 'emoji_id', value: SEED.reactedEmoji },
    ],
    item: user,
    idOf: byId,
  },
};

export const isListKind = (value: string): value is ListKind =>
  (LIST_KINDS as readonly string[]).includes(value);
