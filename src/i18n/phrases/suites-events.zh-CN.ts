/** zh-CN renderings of the phrases of suites/events.ts, suites/events-transport.ts, suites/events-links.ts, suites/events-requests.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_EVENTS_PHRASES_ZH: Readonly<Record<string, string>> = {
  // suites/events.ts: how each event is caused, and the per-event checks
  'message.create then message.{0}': '先 message.create，再 message.{0}',
  'channel.create then channel.{0}': '先 channel.create，再 channel.{0}',
  'guild.role.create then guild.role.{0}': '先 guild.role.create，再 guild.role.{0}',
  'reaction.create then reaction.delete': '先 reaction.create，再 reaction.delete',
  'guild.approve of a guild-request (else the trigger guild-added)':
    '对 guild-request 执行 guild.approve（否则由触发器发出 guild-added）',
  'the trigger (guild-added, then guild-updated: only a guild the run made is renamed)':
    '触发器（先 guild-added，再 guild-updated：只重命名本次运行创建的群组）',
  'the trigger (guild-added, then guild-removed: a guild it could not leave is never joined)':
    '触发器（先 guild-added，再 guild-removed：无法退出的群组从不加入）',
  'guild.member.approve of a guild-member-request (else the trigger guild-member-added)':
    '对 guild-member-request 执行 guild.member.approve（否则由触发器发出 guild-member-added）',
  'guild.member.role.set of a role the check made on the peer (else the trigger guild-member-updated)':
    '在对等账号上执行 guild.member.role.set，设置本检查创建的角色（否则由触发器发出 guild-member-updated）',
  'guild.member.kick of a member the check admitted through guild.member.approve (else the trigger)':
    '对本检查经 guild.member.approve 接纳的成员执行 guild.member.kick（否则由触发器发出）',
  'the guild-request names no guild to join': 'guild-request 未指明要加入的群组',
  'the bot was already a member of the inviting guild {0}': '机器人已是发出邀请的群组 {0} 的成员',
  'remove the bot from that guild on the platform, or let the trigger invite from a guild the bot is not in (or cause guild-added)':
    '在平台上将机器人移出该群组，或让触发器从机器人不在的群组发出邀请（或使其发出 guild-added）',
  'the guild-member-request names no requester': 'guild-member-request 未指明请求者',
  'no peer identity to set a role on': '没有可设置角色的对等账号',
  'guild.member.kick of the member the check admitted': '对本检查接纳的成员执行 guild.member.kick',
  'the trigger ({0}), answered with {1} approve false': '触发器（{0}），并以 {1} approve false 应答',
  "the run's {0} changes come as {1} events (§6)": '本次运行中的 {0} 变更以 {1} 事件送达（§6）',
  'no {0} event observed during the run: caused one by {1}':
    '运行期间未观察到 {0} 事件：已触发一个，方式为 {1}',
  '{0} {1} event(s) received during the run': '运行期间收到 {0} 个 {1} 事件',
  'every {0} event carries {1}, each valid against its schema (§6, §1 rule 4)':
    '每个 {0} 事件都带有 {1}，且各自符合其 schema（§6，§1 规则 4）',
  '{0} of {1} do not; the first: {2} in {3}': '{1} 个中有 {0} 个不符合；第一个：{2}（见于 {3}）',

  // suites/events-transport.ts: the WebSocket lifecycle, the stream, the envelope, webhook deliveries
  'could not open a probe connection to the event WebSocket: {0}': '无法建立到事件 WebSocket 的探测连接：{0}',
  'the socket closed with {0} {1}': '连接以 {0} {1} 关闭',
  'no READY (the socket stayed open)': '没有 READY（连接保持打开）',
  'READY with {0} login(s) ({1})': 'READY，带 {0} 个登录（{1}）',
  'READY with no login(s) ({0})': 'READY，不带登录（{0}）',
  'READY with {0} login(s)': 'READY，带 {0} 个登录',
  'READY with no login(s)': 'READY，不带登录',
  'READY (op 4) after IDENTIFY (op 3) with the run token':
    '以本次运行的令牌发送 IDENTIFY（op 3）后收到 READY（op 4）',
  'READY carries logins: a non-empty array of Login': 'READY 带有 logins：非空的 Login 数组',
  'every READY login matches Login (sn, adapter, status; features where READY declares them)':
    'READY 中的每个登录都符合 Login（sn、adapter、status；READY 声明 features 时也包括 features）',
  'READY lists no login with user.id {0} (the identity the run acts as)':
    'READY 未列出 user.id 为 {0} 的登录（本次运行所用的身份）',
  'precondition failed: the probe socket got no READY ({0}); see events.ws/ready-lists-logins':
    '前置条件不满足：探测连接未收到 READY（{0}）；参见 events.ws/ready-lists-logins',
  'PONG (op 2) within {0} ms of PING (op 1)': '发送 PING（op 1）后 {0} ms 内收到 PONG（op 2）',
  'no PONG': '没有 PONG',
  'the run identifies without a token: any token may be accepted':
    '本次运行不带令牌进行 IDENTIFY：任何令牌都可能被接受',
  "precondition failed: the run's own IDENTIFY got no READY either (see events.ws/ready-lists-logins)":
    '前置条件不满足：本次运行自己的 IDENTIFY 也没有收到 READY（参见 events.ws/ready-lists-logins）',
  'no READY for a wrong token (close 4004, authentication failed)':
    '错误令牌得不到 READY（以 4004 关闭，认证失败）',
  'the upgrade was refused ({0}), not IDENTIFY with 4004':
    '拒绝的是连接升级（{0}），而不是以 4004 拒绝 IDENTIFY',
  "the socket closed with {0}, not the family's 4004": '连接以 {0} 关闭，而不是该协议族的 4004',
  'the socket stayed open without READY (the family closes it with 4004)':
    '连接保持打开且没有 READY（该协议族会以 4004 关闭它）',
  'no EVENT frame on a socket that never sent IDENTIFY': '从未发送 IDENTIFY 的连接上没有 EVENT 帧',
  '{0} EVENT frame(s), e.g. {1}': '{0} 个 EVENT 帧，例如 {1}',
  'resumed from sn {0} ({1}); missed: {2}': '从 sn {0}（{1}）恢复；错过的：{2}',
  'precondition failed: IDENTIFY with sn got no READY ({0}); see events.ws/ready-lists-logins':
    '前置条件不满足：带 sn 的 IDENTIFY 未收到 READY（{0}）；参见 events.ws/ready-lists-logins',
  'IDENTIFY {sn: {0}} replays the events with sn {1} (sent after {2})':
    'IDENTIFY {sn: {0}} 重放 sn 为 {1} 的事件（在 {2} 之后发送）',
  'missing sn {0}; replayed: {1}': '缺少 sn {0}；已重放：{1}',
  'missing sn {0}; replayed: nothing': '缺少 sn {0}；未重放任何事件',
  'no event observed during the run: caused one with message.create':
    '运行期间未观察到任何事件：已通过 message.create 触发了一个',
  '{0} events observed, sn {1} … {2}': '观察到 {0} 个事件，sn 从 {1} 到 {2}',
  '{0} of {1} events use the older envelope (id instead of sn, self_id/platform instead of login), as older servers of the family do':
    '{1} 个事件中有 {0} 个使用旧版信封（以 id 代替 sn，以 self_id/platform 代替 login），与该协议族的旧版服务器一样',
  'every EVENT body matches the de-facto envelope (sn, type, timestamp, login: Login)':
    '每个 EVENT 主体都符合事实标准的信封（sn、type、timestamp、login: Login）',
  '{0} of {1} do not ({2}); the first: {3} in {4}': '{1} 个中有 {0} 个不符合（{2}）；第一个：{3}（见于 {4}）',
  'events come by WebSocket in this run: webhook deliveries are checked with --events webhook':
    '本次运行的事件经由 WebSocket 送达：webhook 投递需用 --events webhook 检查',
  'every delivery carries the header Satori-Opcode: 0 (EVENT)':
    '每次投递都带有请求头 Satori-Opcode: 0（EVENT）',
  '{0} of {1} carry {2}': '{1} 个中有 {0} 个带有 {2}',
  'observed types: {0}': '观察到的类型：{0}',
  'types beyond the §6 table: {0}': '§6 表以外的类型：{0}',
  'every event named by its §6 identifier (kebab-case, exact)':
    '每个事件都以其 §6 标识符命名（kebab-case，完全一致）',

  // suites/events-links.ts: the operation → event links
  'message.create of {0}': 'message.create（消息 {0}）',
  'message.id {0} and channel.id {1}': 'message.id {0} 和 channel.id {1}',
  'message.{0} of {1}': 'message.{0}（消息 {1}）',
  'message.id {0} (when the event names the message) and emoji.id {1}':
    'message.id {0}（事件指明消息时）和 emoji.id {1}',
  'guild.id {0} and user.id {1}': 'guild.id {0} 和 user.id {1}',
  'the bot cannot take a role, and there is no peer identity: no member whose roles the run may change':
    '机器人无法获得角色，且没有对等账号：没有本次运行可以更改其角色的成员',
  '{0} as first prepared answered {1}: tried another way':
    '按最初准备的方式调用 {0} 得到 {1}：已改用另一种方式',
  'channel {0} in guild {1}': '群组 {1} 中的频道 {0}',
  'role {0} in guild {1}': '群组 {1} 中的角色 {0}',
  'the approved requester {0} was not kicked': '已批准的请求者 {0} 没有被踢出',
  'guild.member.kick of {0}': 'guild.member.kick（用户 {0}）',
  'the {0} event carries its required resources (§6)': '{0} 事件带有其必需的资源（§6）',
  '{0} in {1}': '{0}（见于 {1}）',
  'see guild.approve/reject-does-not-join': '参见 guild.approve/reject-does-not-join',
  'guild.list lists {0} after the approval': '批准后 guild.list 列出 {0}',
  'the current user is not a member of {0} after the refusal (guild.member.get refuses it, or guild.list omits it)':
    '拒绝后当前用户不是 {0} 的成员（guild.member.get 拒绝，或 guild.list 未列出）',
  'guild-added followed the approval (validated by event.guild-added/required-resources)':
    '批准后收到了 guild-added（由 event.guild-added/required-resources 验证）',
  'no guild-added followed the approval within {0} ms (the link is inferred, not stated)':
    '批准后 {0} ms 内没有收到 guild-added（该关联为推断，规范未明确规定）',
  'no guild-added for {0} after a refused invitation': '拒绝邀请后没有 {0} 的 guild-added',
  'see friend.approve/approve-adds-requester': '参见 friend.approve/approve-adds-requester',
  'friend.list shows the requester {0} as a new friend': 'friend.list 将请求者 {0} 显示为新好友',
  'the requester {0} is a member after the approval': '批准后请求者 {0} 是成员',
  'the requester {0} is not a member after the refusal': '拒绝后请求者 {0} 不是成员',
  'guild-member-added followed the approval (validated by event.guild-member-added/required-resources)':
    '批准后收到了 guild-member-added（由 event.guild-member-added/required-resources 验证）',
  'no guild-member-added followed the approval within {0} ms (the link is inferred, not stated)':
    '批准后 {0} ms 内没有收到 guild-member-added（该关联为推断，规范未明确规定）',
  'no event observed during the run, and message.create of {0} caused none':
    '本次运行中未观察到任何事件，且 message.create（消息 {0}）也未引发事件',
  'no {0} event observed during the run': '本次运行中未观察到 {0} 事件',
  '{0}, and none could be caused': '{0}，且无法引发',
  '{0}, and {1} caused none within {2} ms: nothing to validate':
    '{0}，且 {1} 在 {2} ms 内未引发该事件：没有可验证的内容',
  '{0}: {1} caused one and waited {2} ms for it in vain': '{0}：{1} 已引发一次并等待了 {2} ms，仍未收到',
};
