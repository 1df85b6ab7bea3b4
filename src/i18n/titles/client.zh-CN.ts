/**
 * The zh-CN titles of the client scenarios (suites/client/), keyed by scenario id; the English title stays where the
 * scenario is defined. Rendered by titleOf (src/i18n/titles.ts).
 */
export const CLIENT_TITLES_ZH: Readonly<Record<string, string>> = {
  'client.events/ping-rate-steady-across-reconnects':
    '连接被断开两次后，客户端发送 PING 的频率不高于之前（没有残留的心跳在运行）',
  'client.events/reconnects-with-backoff': '连接被反复断开时，客户端会重连，且每次尝试之间有等待',
  'client.events/auth-close-not-retried-in-a-storm': '认证失败的关闭（4004）不会被风暴式地重试',
  'client.events/auth-refused-not-retried-at-a-fixed-interval':
    '被拒绝的令牌（4004）不会以固定间隔无休止地重试',
  'client.events/identify-carries-token': 'IDENTIFY 携带令牌，并在连接后 10 s 内发送',
  'client.events/ping-within-interval':
    '在心跳间隔（10 s，或 CONFORMANCE_HEARTBEAT_MS）内发送 PING，并持续发送',
  'client.events/resumes-with-last-sn': '连接意外断开后，客户端重连并以收到的最后一个 sn 恢复',
  'client.events/one-connection-per-login': '每个登录同一时间只有一个连接：重连取代已断开的连接',
  'client.events/each-event-once-across-replay': '在断开与重放之间，每个事件恰好投递一次',
  'client.events/overlapping-replay-delivered-once': '与客户端已有内容重叠的重放（至少一次投递）只投递一次',
  'client.events/unknown-opcode-ignored': '未知 opcode 的帧（以及 META）不会中断投递',
  'client.events/unknown-event-type-delivered-on': '未知类型的事件不会中断投递',
  'client.events/ready-with-several-logins': 'READY 带有多个登录时，客户端自身登录的事件得到投递',
  'client.events/events-right-after-ready': '紧随 READY 到达、客户端仍在识别身份时的事件也得到投递',
  'client.message.list/short-page-with-next-continues': '短于 limit 但带有 next 的页：客户端继续翻页',
  'client.channel.list/short-page-with-next-continues': '短于 limit 但带有 next 的页：客户端继续翻页',
  'client.guild.list/short-page-with-next-continues': '短于 limit 但带有 next 的页：客户端继续翻页',
  'client.guild.member.list/short-page-with-next-continues': '短于 limit 但带有 next 的页：客户端继续翻页',
  'client.guild.role.list/short-page-with-next-continues': '短于 limit 但带有 next 的页：客户端继续翻页',
  'client.friend.list/short-page-with-next-continues': '短于 limit 但带有 next 的页：客户端继续翻页',
  'client.reaction.list/short-page-with-next-continues': '短于 limit 但带有 next 的页：客户端继续翻页',
  'client.message.list/empty-page-with-next-continues': '带有 next 的空页：客户端继续翻页',
  'client.channel.list/empty-page-with-next-continues': '带有 next 的空页：客户端继续翻页',
  'client.guild.list/empty-page-with-next-continues': '带有 next 的空页：客户端继续翻页',
  'client.guild.member.list/empty-page-with-next-continues': '带有 next 的空页：客户端继续翻页',
  'client.guild.role.list/empty-page-with-next-continues': '带有 next 的空页：客户端继续翻页',
  'client.friend.list/empty-page-with-next-continues': '带有 next 的空页：客户端继续翻页',
  'client.reaction.list/empty-page-with-next-continues': '带有 next 的空页：客户端继续翻页',
  'client.message.list/empty-first-page-with-next-continues': '带有 next 的空首页：客户端继续翻页',
  'client.channel.list/empty-first-page-with-next-continues': '带有 next 的空首页：客户端继续翻页',
  'client.guild.list/empty-first-page-with-next-continues': '带有 next 的空首页：客户端继续翻页',
  'client.guild.member.list/empty-first-page-with-next-continues': '带有 next 的空首页：客户端继续翻页',
  'client.guild.role.list/empty-first-page-with-next-continues': '带有 next 的空首页：客户端继续翻页',
  'client.friend.list/empty-first-page-with-next-continues': '带有 next 的空首页：客户端继续翻页',
  'client.reaction.list/empty-first-page-with-next-continues': '带有 next 的空首页：客户端继续翻页',
  'client.message.list/full-page-without-next-stops': '不带 next 的满页：客户端停止，不再发出请求',
  'client.channel.list/full-page-without-next-stops': '不带 next 的满页：客户端停止，不再发出请求',
  'client.guild.list/full-page-without-next-stops': '不带 next 的满页：客户端停止，不再发出请求',
  'client.guild.member.list/full-page-without-next-stops': '不带 next 的满页：客户端停止，不再发出请求',
  'client.guild.role.list/full-page-without-next-stops': '不带 next 的满页：客户端停止，不再发出请求',
  'client.friend.list/full-page-without-next-stops': '不带 next 的满页：客户端停止，不再发出请求',
  'client.reaction.list/full-page-without-next-stops': '不带 next 的满页：客户端停止，不再发出请求',
  'client.message.list/null-next-stops': 'next: null 表示列表结束',
  'client.channel.list/null-next-stops': 'next: null 表示列表结束',
  'client.guild.list/null-next-stops': 'next: null 表示列表结束',
  'client.guild.member.list/null-next-stops': 'next: null 表示列表结束',
  'client.guild.role.list/null-next-stops': 'next: null 表示列表结束',
  'client.friend.list/null-next-stops': 'next: null 表示列表结束',
  'client.reaction.list/null-next-stops': 'next: null 表示列表结束',
  'client.message.list/opaque-token-passed-verbatim': '不是条目 id 的不透明令牌被原样传回',
  'client.channel.list/opaque-token-passed-verbatim': '不是条目 id 的不透明令牌被原样传回',
  'client.guild.list/opaque-token-passed-verbatim': '不是条目 id 的不透明令牌被原样传回',
  'client.guild.member.list/opaque-token-passed-verbatim': '不是条目 id 的不透明令牌被原样传回',
  'client.guild.role.list/opaque-token-passed-verbatim': '不是条目 id 的不透明令牌被原样传回',
  'client.friend.list/opaque-token-passed-verbatim': '不是条目 id 的不透明令牌被原样传回',
  'client.reaction.list/opaque-token-passed-verbatim': '不是条目 id 的不透明令牌被原样传回',
  'client.message.list/ends-after-one-item': '恰好只有一项的列表：只发一次请求',
  'client.channel.list/ends-after-one-item': '恰好只有一项的列表：只发一次请求',
  'client.guild.list/ends-after-one-item': '恰好只有一项的列表：只发一次请求',
  'client.guild.member.list/ends-after-one-item': '恰好只有一项的列表：只发一次请求',
  'client.guild.role.list/ends-after-one-item': '恰好只有一项的列表：只发一次请求',
  'client.friend.list/ends-after-one-item': '恰好只有一项的列表：只发一次请求',
  'client.reaction.list/ends-after-one-item': '恰好只有一项的列表：只发一次请求',
  'client.message.list/never-ending-token-not-repeated':
    '服务器永远返回同一个 next：客户端不会两次发送同一令牌',
  'client.channel.list/never-ending-token-not-repeated':
    '服务器永远返回同一个 next：客户端不会两次发送同一令牌',
  'client.guild.list/never-ending-token-not-repeated':
    '服务器永远返回同一个 next：客户端不会两次发送同一令牌',
  'client.guild.member.list/never-ending-token-not-repeated':
    '服务器永远返回同一个 next：客户端不会两次发送同一令牌',
  'client.guild.role.list/never-ending-token-not-repeated':
    '服务器永远返回同一个 next：客户端不会两次发送同一令牌',
  'client.friend.list/never-ending-token-not-repeated':
    '服务器永远返回同一个 next：客户端不会两次发送同一令牌',
  'client.reaction.list/never-ending-token-not-repeated':
    '服务器永远返回同一个 next：客户端不会两次发送同一令牌',
  'client.message.list/limit-above-bound-answered-short':
    'limit 超过上限时以较少消息应答且无错误：客户端既不失败也不重试',
  'client.message.list/walks-before-with-equal-prev-next':
    'message.list 从最新消息起按 before 顺序遍历，prev 与 next 相等',
};
