// What every example client shares: the list to drain (from the `conformance client` environment) and
// one POST of the interface (§1 rule 1). Only the drain loops differ between the examples.
const env = process.env;
const ids = {
  guild: {},
  friend: {},
  channel: { guild_id: env.CONFORMANCE_GUILD_ID },
  member: { guild_id: env.CONFORMANCE_GUILD_ID },
  role: { guild_id: env.CONFORMANCE_GUILD_ID },
  message: { channel_id: env.CONFORMANCE_CHANNEL_ID },
  reaction: {
    channel_id: env.CONFORMANCE_CHANNEL_ID,
    message_id: env.CONFORMANCE_MESSAGE_ID,
    emoji_id: env.CONFORMANCE_EMOJI_ID,
  },
};
const operations = {
  guild: 'guild.list',
  friend: 'friend.list',
  channel: 'channel.list',
  member: 'guild.member.list',
  role: 'guild.role.list',
  message: 'message.list',
  reaction: 'reaction.list',
};

/** Fetches one page of CONFORMANCE_LIST with these extra fields (e.g. { next }). */
export async function fetchPage(extra = {}) {
  const list = env.CONFORMANCE_LIST;
  const response = await fetch(`${env.CONFORMANCE_BASE_URL}/${operations[list]}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${env.CONFORMANCE_TOKEN}`,
      'satori-platform': env.CONFORMANCE_PLATFORM,
      'satori-user-id': env.CONFORMANCE_SELF_ID,
    },
    body: JSON.stringify({ ...ids[list], ...extra }),
  });
  if (!response.ok) throw new Error(`${operations[list]} answered ${response.status}`);
  return response.json();
}

/** Members and friends are identified by their user. */
export const idOf = (item) => item.id ?? item.user.id;

/** The last stdout line `conformance client` reads, to check every item was collected exactly once. */
export const report = (collected) => console.log(JSON.stringify({ ids: collected }));
