/**
 * The zh-CN titles of the checks (suites/*.ts, defineCheck), keyed by check id; the English title stays
 * where the check is defined. Rendered by titleOf (src/i18n/titles.ts).
 */
export const CHECK_TITLES_ZH: Readonly<Record<string, string>> = {
  'channel.get/returns-channel': 'channel.get 返回沙盒频道，为一个 type 为 ChannelType 的 Channel',
  'channel.get/returns-the-channel-asked-for':
    '对 channel.list 列出的每个频道，channel.get 返回的正是该频道，而非其他频道',
  'channel.list/walks-to-end':
    'channel.list 逐页遍历该群组的频道直到末尾，每项都是有效的 Channel，且只出现一次',
  'channel.list/only-the-guilds-channels':
    'channel.list 只列出 guild_id 所指群组的频道：两个群组没有共同的频道',
  'channel.create/creates-channel':
    'channel.create 返回新建的 Channel，随后 channel.get 和 channel.list 都能看到它',
  'channel.update/renames-channel': 'channel.update 应用 data：改名后的频道读回时带有新名称',
  'channel.delete/deletes-channel': 'channel.delete 删除频道：channel.get 拒绝它，或 channel.list 不再列出它',
  'user.channel.create/direct-channel-with-peer':
    'user.channel.create 传入另一用户的 id（--user，否则为对等账号）时返回 DIRECT (1) 类型的 Channel',
  'channel.mute/accepts-duration':
    '对本次运行创建的频道调用 channel.mute 并给出以毫秒计的 duration，请求被接受',
  'channel.mute/duration-zero-is-accepted': 'duration 为 0（解除禁言）的 channel.mute 被接受，并解除禁言',
  'channel.mute/blocks-peer-until-unmuted': '频道禁言期间，对等账号无法在其中发言；duration 0 之后又可以发言',
  'channel.mute/refusal-is-4xx': '对等账号在被禁言频道中的 message.create 以 4xx 拒绝，而非服务器错误',
  'channel.mute/duration-is-milliseconds': '1500 ms 的频道禁言会生效，并在数秒内自行结束',
  'message.create/emits-message-created': 'message.create 触发 message-created 事件，携带新消息及其频道',
  'message.update/emits-message-updated': 'message.update 触发 message-updated 事件，携带该消息及其频道',
  'message.delete/emits-message-deleted': 'message.delete 触发 message-deleted 事件，携带该消息及其频道',
  'channel.create/emits-channel-added':
    'channel.create 为其所做的改动触发 channel-added 事件（关联为推断，§6）',
  'channel.update/emits-channel-updated':
    'channel.update 为其所做的改动触发 channel-updated 事件（关联为推断，§6）',
  'channel.delete/emits-channel-removed':
    'channel.delete 为其所做的改动触发 channel-removed 事件（关联为推断，§6）',
  'guild.role.create/emits-guild-role-created':
    'guild.role.create 为其所做的改动触发 guild-role-created 事件（关联为推断，§6）',
  'guild.role.update/emits-guild-role-updated':
    'guild.role.update 为其所做的改动触发 guild-role-updated 事件（关联为推断，§6）',
  'guild.role.delete/emits-guild-role-deleted':
    'guild.role.delete 为其所做的改动触发 guild-role-deleted 事件（关联为推断，§6）',
  'reaction.create/emits-reaction-added':
    'reaction.create 为其所做的改动触发 reaction-added 事件（关联为推断，§6）',
  'reaction.delete/emits-reaction-removed':
    'reaction.delete 为其所做的改动触发 reaction-removed 事件（关联为推断，§6）',
  'guild.member.role.set/emits-guild-member-updated':
    'guild.member.role.set 为其所做的改动触发 guild-member-updated 事件（关联为推断，§6）',
  'guild.member.kick/emits-guild-member-removed':
    '对本检查添加的成员调用 guild.member.kick 会触发 guild-member-removed（关联为推断，§6）',
  'event.friend-request/approve-true': '收到 friend-request 事件，friend.approve true 使请求者成为好友',
  'event.guild-request/approve-true': '收到 guild-request 事件，guild.approve true 加入该群组',
  'event.guild-member-request/approve-true':
    '收到 guild-member-request 事件，guild.member.approve true 添加该成员',
  'event.friend-request/approve-false': '收到 friend-request 事件，friend.approve false 不添加任何好友',
  'event.guild-request/approve-false': '收到 guild-request 事件，guild.approve false 不加入任何群组',
  'event.guild-member-request/approve-false':
    '收到 guild-member-request 事件，guild.member.approve false 不添加任何成员',
  'events.ws/ready-lists-logins': '携带令牌的 IDENTIFY 得到 READY 应答，其中 logins 为 Login 对象',
  'events.ws/ping-answered-with-pong': '已 IDENTIFY 的连接上发送 PING，得到 PONG 应答',
  'events.ws/wrong-token-refused': '使用错误令牌的 IDENTIFY 得不到 READY（该协议族以 4004 关闭连接）',
  'events.ws/no-events-before-identify': '尚未发送 IDENTIFY 的连接收不到任何事件',
  'events.ws/resume-replays-missed': '带 sn 的 IDENTIFY 会重放该 sn 之后发送的事件',
  'events.stream/sn-strictly-increases': 'WebSocket 上事件的 sn 在整个运行过程中严格递增',
  'events.stream/envelope-fields': '每个 EVENT 的主体都带有 sn、type、timestamp 和 login，资源位于顶层',
  'events.webhook/delivery-headers':
    '每次 webhook 投递都带有 Satori-Opcode 0，以及带注册接收端时所用令牌的 Authorization: Bearer',
  'events.names/known-types': '观察到的事件类型都不是 §6 事件名的拼写错误（其他类型以 info 列出）',
  'event.message-created/required-resources':
    '本次运行中的每个 message-created 事件都带有 channel、message、user（§6），并符合其 schema',
  'event.message-updated/required-resources':
    '本次运行中的每个 message-updated 事件都带有 channel、message、user（§6），并符合其 schema',
  'event.message-deleted/required-resources':
    '本次运行中的每个 message-deleted 事件都带有 channel、message、user（§6），并符合其 schema',
  'event.channel-added/required-resources':
    '本次运行中的每个 channel-added 事件都带有 guild、channel（§6），并符合其 schema',
  'event.channel-updated/required-resources':
    '本次运行中的每个 channel-updated 事件都带有 guild、channel（§6），并符合其 schema',
  'event.channel-removed/required-resources':
    '本次运行中的每个 channel-removed 事件都带有 guild、channel（§6），并符合其 schema',
  'event.guild-added/required-resources':
    '本次运行中的每个 guild-added 事件都带有 guild（§6），并符合其 schema',
  'event.guild-updated/required-resources':
    '本次运行中的每个 guild-updated 事件都带有 guild（§6），并符合其 schema',
  'event.guild-removed/required-resources':
    '本次运行中的每个 guild-removed 事件都带有 guild（§6），并符合其 schema',
  'event.guild-request/required-resources':
    '本次运行中的每个 guild-request 事件都带有 guild（§6），并符合其 schema',
  'event.guild-member-added/required-resources':
    '本次运行中的每个 guild-member-added 事件都带有 guild、member、user（§6），并符合其 schema',
  'event.guild-member-updated/required-resources':
    '本次运行中的每个 guild-member-updated 事件都带有 guild、member、user（§6），并符合其 schema',
  'event.guild-member-removed/required-resources':
    '本次运行中的每个 guild-member-removed 事件都带有 guild、member、user（§6），并符合其 schema',
  'event.guild-member-request/required-resources':
    '本次运行中的每个 guild-member-request 事件都带有 guild、member、user（§6），并符合其 schema',
  'event.guild-role-created/required-resources':
    '本次运行中的每个 guild-role-created 事件都带有 guild、role（§6），并符合其 schema',
  'event.guild-role-updated/required-resources':
    '本次运行中的每个 guild-role-updated 事件都带有 guild、role（§6），并符合其 schema',
  'event.guild-role-deleted/required-resources':
    '本次运行中的每个 guild-role-deleted 事件都带有 guild、role（§6），并符合其 schema',
  'event.reaction-added/required-resources':
    '本次运行中的每个 reaction-added 事件都带有 emoji（§6），并符合其 schema',
  'event.reaction-removed/required-resources':
    '本次运行中的每个 reaction-removed 事件都带有 emoji（§6），并符合其 schema',
  'event.friend-request/required-resources':
    '本次运行中的每个 friend-request 事件都带有 user（§6），并符合其 schema',
  'friend.list/walks-friends': 'friend.list 遍历到末尾，每一项都是 Friend',
  'friend.approve/reject-adds-nobody': 'approve 为 false 的 friend.approve 不添加任何好友',
  'friend.delete/removes-friend': 'friend.delete 删除一位好友（本检查通过同意请求添加的好友）',
  'friend.approve/approve-adds-requester':
    'approve 为 true 的 friend.approve 使请求者成为好友，friend.list 可以看到',
  'guild.get/returns-guild': 'guild.get 返回沙盒群组，为一个 Guild',
  'guild.get/returns-the-guild-asked-for':
    '对 guild.list 列出的每个群组，guild.get 返回的正是该群组，而非其他群组',
  'guild.list/walks-to-end': 'guild.list 逐页遍历当前用户的群组直到末尾，每项都是有效的 Guild，且只出现一次',
  'guild.list/only-member-guilds':
    'guild.list 只列出当前用户所在的群组（guild.member.get 在每个群组中都能找到它）',
  'guild.approve/approve-joins-guild':
    'approve 为 true 的 guild.approve 接受邀请：随后该群组出现在 guild.list 中',
  'guild.approve/reject-does-not-join':
    'approve 为 false 的 guild.approve 拒绝邀请：机器人不会加入（guild.member.get 或 guild.list 可以证实）',
  'guild.member.get/self': 'guild.member.get 返回当前用户，为沙盒群组的 GuildMember',
  'guild.member.get/peer':
    'guild.member.get 返回另一用户（--user，否则为对等账号），为沙盒群组的 GuildMember',
  'guild.member.get/refuses-a-non-member':
    '对从未加入该群组的用户调用 guild.member.get 会被拒绝，而不是返回一个成员',
  'guild.member.list/walks-to-end':
    'guild.member.list 逐页遍历该群组的成员直到末尾，每项都是有效的 GuildMember，且只出现一次',
  'guild.member.kick/removes-member': 'guild.member.kick 移除本检查添加的成员：它不再是该群组的成员',
  'guild.member.approve/approve-adds-member':
    'approve 为 true 的 guild.member.approve 接纳请求者：随后 guild.member.get 能找到它',
  'guild.member.list/lists-newest-member': '遍历到末尾的 guild.member.list 包含刚刚加入的成员',
  'guild.member.approve/reject-does-not-add':
    'approve 为 false 的 guild.member.approve 拒绝请求者：它不会成为成员',
  'guild.member.mute/blocks-peer-until-unmuted':
    '对等账号在群组中被禁言期间无法发言；duration 0 之后又可以发言',
  'guild.member.mute/refusal-is-4xx': '被禁言的对等账号的 message.create 以 4xx 拒绝，而非服务器错误',
  'guild.member.mute/duration-zero-is-accepted':
    '对对等账号调用 duration 为 0（解除禁言）的 guild.member.mute 被接受，并解除禁言',
  'guild.member.mute/duration-is-milliseconds': '1500 ms 的成员禁言会生效，并在数秒内自行结束',
  'message.create/returns-the-sent-message':
    'message.create 返回由有效 Message 对象组成的数组，含所发送的内容，并存储该消息',
  'message.get/returns-the-message': 'message.get 返回所请求的消息（而不只是最新一条）及其内容',
  'message.get/carries-channel-and-user': 'message.get 返回的消息带有其频道（即所请求的频道）和其用户',
  'message.update/changes-the-content': 'message.update 替换内容：随后 message.get 返回新内容',
  'message.delete/removes-the-message':
    'message.delete 删除消息：随后 message.get 返回 4xx，或 message.list 中不再有它',
  'message.list/returns-bidirectional-list':
    'message.list 返回 {data, prev, next}：带有 user 的有效 Message，中间页同时带有两个标记',
  'message.list/no-next-starts-from-latest':
    '不带 next 的 message.list 从最新消息开始：最新消息位于第一页的最后',
  'message.list/direction-defaults-to-before':
    "不带 direction 的 message.list 与 direction 为 'before' 时列出同一页，无论从最新消息还是从某个令牌开始",
  'message.list/order-defaults-to-asc':
    "不带 order 的 message.list 按从旧到新列出，无论 direction 缺省、为 'before' 还是（若被接受）'after'",
  'message.list/default-limit':
    '不带 limit 时，message.list 返回有界的默认页（建议 50，至多为上限），而非全部历史',
  'message.list/limit-above-bound-is-clamped':
    'limit 超过上限（bound+1、1000、2^31）的 message.list 以 2xx 应答，且至多返回上限条数',
  'message.list/small-limit-is-honoured': 'limit 为 3（以及 1）的 message.list 至多返回这么多条消息',
  'message.list/next-walk-visits-every-created-message':
    '从最新消息起沿 next（limit 2，before）遍历，每条新消息按顺序恰好访问一次，无遗漏',
  'message.list/markers-absent-exactly-at-the-end':
    '在新频道中，遍历到末尾时每条消息恰好列出一次，且末尾之前的满页带有 next',
  'message.list/no-next-on-the-last-page':
    '在新频道中，最后一页不带 next：既不是装下整个频道的满页，也没有以空页结束的遍历',
  'lists/no-marker-on-the-last-page': '服务器提供的各列表（频道、群组、成员、好友……）在最后一页不带 next',
  'message.list/after-walk-reaches-the-latest':
    "从较旧的令牌向后（direction 为 'after'）遍历会到达最新消息，此后 next 缺省",
  'message.list/direction-before-is-accepted':
    "message.list 接受 direction 为 'before'（以 2xx 应答并返回列表）",
  'message.list/order-asc-is-accepted': "message.list 接受 order 为 'asc'（以 2xx 应答并返回列表，从旧到新）",
  'reaction.create/adds-own-reaction': 'reaction.create 添加当前用户的表情回应，随后 reaction.list 可以看到',
  'reaction.list/walks-users': 'reaction.list 遍历到末尾，为由 User 对象组成的列表',
  'reaction.delete/removes-given-users-reaction':
    '带 user_id 的 reaction.delete 删除该用户的表情回应，保留当前用户的表情回应',
  'reaction.delete/without-user-removes-own':
    '不带 user_id 的 reaction.delete 删除当前用户的表情回应，保留其他人的表情回应',
  'reaction.clear/emoji-clears-that-emoji-only':
    '带 emoji_id 的 reaction.clear 清除该表情的所有回应，保留其他表情的回应',
  'reaction.clear/without-emoji-clears-all': '不带 emoji_id 的 reaction.clear 清除该消息的所有表情回应',
  'message.create/missing-required-field-is-refused':
    '缺少必填字段 content 的 message.create 被拒绝（非 2xx）',
  'message.get/missing-required-field-is-refused': '缺少必填字段 message_id 的 message.get 被拒绝（非 2xx）',
  'message.delete/missing-required-field-is-refused':
    '缺少必填字段 message_id 的 message.delete 被拒绝（非 2xx）',
  'message.update/missing-required-field-is-refused':
    '缺少必填字段 content 的 message.update 被拒绝（非 2xx）',
  'message.list/missing-required-field-is-refused':
    '缺少必填字段 channel_id 的 message.list 被拒绝（非 2xx）',
  'channel.get/missing-required-field-is-refused': '缺少必填字段 channel_id 的 channel.get 被拒绝（非 2xx）',
  'channel.list/missing-required-field-is-refused': '缺少必填字段 guild_id 的 channel.list 被拒绝（非 2xx）',
  'channel.create/missing-required-field-is-refused': '缺少必填字段 data 的 channel.create 被拒绝（非 2xx）',
  'channel.update/missing-required-field-is-refused':
    '缺少必填字段 channel_id 的 channel.update 被拒绝（非 2xx）',
  'channel.delete/missing-required-field-is-refused':
    '缺少必填字段 channel_id 的 channel.delete 被拒绝（非 2xx）',
  'channel.mute/missing-required-field-is-refused':
    '缺少必填字段 channel_id 的 channel.mute 被拒绝（非 2xx）',
  'user.channel.create/missing-required-field-is-refused':
    '缺少必填字段 user_id 的 user.channel.create 被拒绝（非 2xx）',
  'guild.get/missing-required-field-is-refused': '缺少必填字段 guild_id 的 guild.get 被拒绝（非 2xx）',
  'guild.list/missing-required-field-is-refused': '缺少必填字段 next 的 guild.list 被拒绝（非 2xx）',
  'guild.approve/missing-required-field-is-refused':
    '缺少必填字段 message_id 的 guild.approve 被拒绝（非 2xx）',
  'guild.member.get/missing-required-field-is-refused':
    '缺少必填字段 user_id 的 guild.member.get 被拒绝（非 2xx）',
  'guild.member.list/missing-required-field-is-refused':
    '缺少必填字段 guild_id 的 guild.member.list 被拒绝（非 2xx）',
  'guild.member.kick/missing-required-field-is-refused':
    '缺少必填字段 user_id 的 guild.member.kick 被拒绝（非 2xx）',
  'guild.member.mute/missing-required-field-is-refused':
    '缺少必填字段 user_id 的 guild.member.mute 被拒绝（非 2xx）',
  'guild.member.approve/missing-required-field-is-refused':
    '缺少必填字段 message_id 的 guild.member.approve 被拒绝（非 2xx）',
  'guild.member.role.set/missing-required-field-is-refused':
    '缺少必填字段 role_id 的 guild.member.role.set 被拒绝（非 2xx）',
  'guild.member.role.unset/missing-required-field-is-refused':
    '缺少必填字段 role_id 的 guild.member.role.unset 被拒绝（非 2xx）',
  'guild.role.list/missing-required-field-is-refused':
    '缺少必填字段 guild_id 的 guild.role.list 被拒绝（非 2xx）',
  'guild.role.create/missing-required-field-is-refused':
    '缺少必填字段 data 的 guild.role.create 被拒绝（非 2xx）',
  'guild.role.update/missing-required-field-is-refused':
    '缺少必填字段 role_id 的 guild.role.update 被拒绝（非 2xx）',
  'guild.role.delete/missing-required-field-is-refused':
    '缺少必填字段 role_id 的 guild.role.delete 被拒绝（非 2xx）',
  'reaction.create/missing-required-field-is-refused':
    '缺少必填字段 emoji_id 的 reaction.create 被拒绝（非 2xx）',
  'reaction.delete/missing-required-field-is-refused':
    '缺少必填字段 emoji_id 的 reaction.delete 被拒绝（非 2xx）',
  'reaction.clear/missing-required-field-is-refused':
    '缺少必填字段 message_id 的 reaction.clear 被拒绝（非 2xx）',
  'reaction.list/missing-required-field-is-refused':
    '缺少必填字段 emoji_id 的 reaction.list 被拒绝（非 2xx）',
  'friend.delete/missing-required-field-is-refused': '缺少必填字段 user_id 的 friend.delete 被拒绝（非 2xx）',
  'friend.approve/missing-required-field-is-refused':
    '缺少必填字段 message_id 的 friend.approve 被拒绝（非 2xx）',
  'http/operations-answer-post-with-named-fields':
    '读取类操作对 POST {base}/<operation> 且字段位于 JSON 对象中的请求以 2xx 应答；登录声明的操作无一拒绝这种形式',
  'http/unknown-operation-is-404': '向不存在的操作路径发送 POST 时应答 404',
  'http/result-is-json': '结果以 JSON 发送，Content-Type 为 application/json',
  'http/missing-or-wrong-token-is-refused': '不带 Bearer 令牌或令牌错误的请求以 401 或 403 拒绝',
  'http/malformed-json-is-4xx': '格式错误的 JSON 主体以 4xx 拒绝，而非 5xx',
  'http/missing-field-is-4xx': '缺少必填字段的读取请求以 4xx 拒绝，而非 5xx',
  'http/wrong-typed-field-is-4xx': '类型错误（为对象）的 id 字段以 4xx 拒绝，而非 5xx',
  'http/unknown-id-is-4xx': '服务器提供的每个读取操作对未知 id 以 4xx 应答，而非 2xx 或 5xx',
  'guild.role.list/walks-guild-roles': 'guild.role.list 遍历到末尾，每一项都是 GuildRole',
  'guild.role.list/lists-only-that-guild': '在一个群组中创建的角色不会出现在另一群组的 guild.role.list 中',
  'guild.role.create/returns-listed-role': 'guild.role.create 返回带 id 的 GuildRole，之后以所给名称列出',
  'guild.role.update/renames-role': 'guild.role.update 应用新名称，guild.role.list 可以看到',
  'guild.role.delete/removes-role': 'guild.role.delete 从 guild.role.list 中删除该角色',
  'guild.member.role.set/gives-role': 'guild.member.role.set 将角色赋予成员，guild.member.get 可以看到',
  'guild.member.role.unset/removes-role':
    'guild.member.role.unset 从成员身上移除角色，guild.member.get 可以看到',
};
