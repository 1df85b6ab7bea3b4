// Drives a real client no one here wrote: @satorijs/adapter-satori on @satorijs/core (the Koishi/Satori
// SDK). It connects like any Satori app (HTTP base + token, WebSocket READY for its logins), then drains
// CONFORMANCE_LIST with the SDK's own iterators (bot.getGuildIter() …), which paginate through the protocol.
import SatoriAdapter from '@satorijs/adapter-satori';
import { Context, HTTP } from '@satorijs/core';

const env = process.env;
const iterators = {
  guild: (bot) => bot.getGuildIter(),
  friend: (bot) => bot.getFriendIter(),
  channel: (bot) => bot.getChannelIter(env.CONFORMANCE_GUILD_ID),
  member: (bot) => bot.getGuildMemberIter(env.CONFORMANCE_GUILD_ID),
  role: (bot) => bot.getGuildRoleIter(env.CONFORMANCE_GUILD_ID),
  message: (bot) => bot.getMessageIter(env.CONFORMANCE_CHANNEL_ID),
  reaction: (bot) =>
    bot.getReactionIter(env.CONFORMANCE_CHANNEL_ID, env.CONFORMANCE_MESSAGE_ID, env.CONFORMANCE_EMOJI_ID),
};

const ctx = new Context();
ctx.plugin(HTTP);
// The adapter appends /v1/<operation> itself.
ctx.plugin(SatoriAdapter, {
  endpoint: env.CONFORMANCE_BASE_URL.replace(/\/v1\/?$/, ''),
  token: env.CONFORMANCE_TOKEN,
});
// The adapter creates a bot per READY login and gives it its HTTP client right after construction (the
// same tick), so the bot is checked once that synchronous work is done.
const bot = await new Promise((resolve) => {
  ctx.on('bot-added', (candidate) =>
    queueMicrotask(() => {
      if (candidate.selfId === env.CONFORMANCE_SELF_ID && candidate.http) resolve(candidate);
    }),
  );
  ctx.start();
});
const ids = [];
for await (const item of iterators[env.CONFORMANCE_LIST](bot)) ids.push(item.id ?? item.user.id);
console.log(JSON.stringify({ ids }));
// Exit without ctx.stop(): the SDK's bot disposal throws there (not what is judged); exiting closes the socket.
process.exit(0);
