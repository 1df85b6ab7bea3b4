// What every example client shares: the list to drain (from the `conformance client` environment) and
// one POST of the interface (§1 rule 1). Only the drain loops differ between the examples.
import http from 'node:http';

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

/**
 * Fetches one page of CONFORMANCE_LIST with these extra fields (e.g. { next }). node:http rather than
 * fetch: `conformance client` starts a process per scenario, and fetch's first request in a process costs
 * about a third of a CPU-second (undici compiles its HTTP parser), several times what the drain costs.
 */
export function fetchPage(extra = {}) {
  const list = env.CONFORMANCE_LIST;
  const body = JSON.stringify({ ...ids[list], ...extra });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${env.CONFORMANCE_BASE_URL}/${operations[list]}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${env.CONFORMANCE_TOKEN}`,
          'satori-platform': env.CONFORMANCE_PLATFORM,
          'satori-user-id': env.CONFORMANCE_SELF_ID,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          if (response.statusCode < 200 || response.statusCode > 299)
            reject(new Error(`${operations[list]} answered ${response.statusCode}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Members and friends are identified by their user. */
export const idOf = (item) => item.id ?? item.user.id;

/** The last stdout line `conformance client` reads, to check every item was collected exactly once. */
export const report = (collected) => console.log(JSON.stringify({ ids: collected }));
