/** zh-CN renderings of the phrases of suites/_lib/ (src/i18n/phrase.ts), by English template. */
export const SUITES_LIB_PHRASES_ZH: Readonly<Record<string, string>> = {
  '{0} carries {1}': '{0} 带有 {1}',
  '{0} carries no {1}': '{0} 不带 {1}',
  '{0} item(s), {1}: {2}': '{0} 项，{1}：{2}',
  'the walk lists no item twice': '遍历中没有重复列出的项',
  'the walk to the end lists every item created': '遍历到末尾列出了创建的每一项',
  'next is present only while more data exists (§1 rule 6)': '仅当还有更多数据时才带有 next（§1 规则 6）',
  'page {0}, reached through next, is empty': '经由 next 到达的第 {0} 页为空',
  '{0} → {1} ({2} then {3})': '{0} → {1}（先 {2} 后 {3}）',
  'every EVENT body carries a numeric sn': '每个 EVENT 主体都带有数值型 sn',
  '{0} of {1} without: {2}': '{1} 个中有 {0} 个不带 sn：{2}',
  'each sn is greater than the one before it': '每个 sn 都大于前一个',
  '{0} break(s): {1}': '{0} 处中断：{1}',
  '{0}: a 2xx status (any body is accepted, §4.8)': '{0}：2xx 状态（任何主体都可接受，§4.8）',
  'and {0} more': '另有 {0} 项',
  'matches {0}': '符合 {0}',
  'does not match {0}': '不符合 {0}',
  'login.features omits {0}, which this check only uses as a helper':
    'login.features 未列出 {0}，而本检查只把它用作辅助操作',
  'login.features omits {0}, which this check only uses as a helper (not called)':
    'login.features 未列出 {0}，而本检查只把它用作辅助操作（未调用）',
  'nothing to fix in what the check judges: it is decided where the login offers its helpers':
    '所检查的内容无需修复：在登录提供其辅助操作的环境中即可判定',
  'message {0} (a refusal control)': '消息 {0}（拒绝检查的对照）',
  'the current user id is unknown (--self-id)': '当前用户 id 未知（--self-id）',
  'login.features omits message.create (not called)': 'login.features 未列出 message.create（未调用）',
  'message.create made nothing to act on ({0})': 'message.create 没有创建可供操作的对象（{0}）',
  'login.features omits {0} (not called)': 'login.features 未列出 {0}（未调用）',
  'judged on {0}: {1}': '基于 {0} 判定：{1}',
  'login.features offers no {0} ({1})': 'login.features 未提供任何{0}（{1}）',
  'no {0} answered a complete request: {1}': '没有任何{0}对完整请求作出应答：{1}',
  'serve one of {0} (a complete request answered 2xx), then run again':
    '让 {0} 之一提供服务（完整请求得到 2xx 应答），然后重新运行',
  'the reads this run saw served (a complete request answered 2xx)':
    '本次运行中观察到提供服务的读取操作（完整请求得到 2xx 应答）',
  '{0}; passed over: {1}': '{0}；略过：{1}',
  'message.list showed no message ({0})': 'message.list 未显示任何消息（{0}）',
  'control: message.get read message {0}, which message.list shows (2xx)':
    '对照：message.get 读取到了 message.list 显示的消息 {0}（2xx）',
  '{0}, but message.get read no message in this run: {1}':
    '{0}，但本次运行中 message.get 没有读取到任何消息：{1}',
  'message {0}, which message.list shows, got {1}': 'message.list 显示的消息 {0} 得到 {1}',
  'make message.get read a message of the channel (a complete request answered 2xx), then run again':
    '让 message.get 能读取该频道的消息（完整请求得到 2xx 应答），然后重新运行',
  '{0}, but no {1} answered a complete request: {2}': '{0}，但没有任何{1}对完整请求作出应答：{2}',
  'its helper {0}': '其辅助操作：{0}',
  'channel {0} (a refusal control)': '频道 {0}（拒绝检查的对照）',
  'nothing to fix in the operation under test: the control mutes, renames or deletes only a channel of the run':
    '被测操作无需修复：对照只会禁言、重命名或删除本次运行创建的频道',
  'role {0} (a refusal control)': '角色 {0}（拒绝检查的对照）',
  'no answer': '无应答',
  'its helper {0} made nothing to act on ({1})': '其辅助操作 {0} 没有创建可供操作的对象（{1}）',
  'the run has no peer identity to name (--peer-self-id)': '本次运行没有可指定的对端身份（--peer-self-id）',
  'no request arrived to answer': '没有收到可应答的请求',
  'no member to kick: the approval of a join request answered {0}':
    '没有可踢出的成员：批准加入请求得到的应答为 {0}',
  'no member to kick: the approval of a join request answered nothing':
    '没有可踢出的成员：批准加入请求没有得到应答',
  'no friend to delete: the approval of a friend request answered {0}':
    '没有可删除的好友：批准好友请求得到的应答为 {0}',
  'no friend to delete: the approval of a friend request answered nothing':
    '没有可删除的好友：批准好友请求没有得到应答',
  'reaction {0} (a refusal control)': '表态 {0}（拒绝检查的对照）',
  'role {0} of the bot (a refusal control)': '机器人的角色 {0}（拒绝检查的对照）',
  'no complete request of {0} is known to the run': '本次运行不知道 {0} 的完整请求',
  'no complete request of {0} could be sent: {1}': '无法发送 {0} 的完整请求：{1}',
  'the complete request of {0} was refused too: {1}': '{0} 的完整请求同样被拒绝：{1}',
  'control: {0} accepted a complete request in this run': '对照：{0} 在本次运行中接受了完整请求',
  '{0}, but no control: {1} (a refusal proves nothing without an accepted complete request)':
    '{0}，但没有对照：{1}（没有被接受的完整请求，拒绝就说明不了任何问题）',
  '{0}, but {1}: a refusal proves nothing when the complete request is refused as well':
    '{0}，但 {1}：完整请求同样被拒绝时，拒绝说明不了任何问题',
  'make {0} accept a complete valid request (or leave it out of login.features), then run again':
    '让 {0} 接受完整且有效的请求（或将其从 login.features 中去掉），然后重新运行',
  '{0} needs a message of the run to name, but {1}': '{0} 需要指定一条本次运行创建的消息，但 {1}',
  'make message.create accept a message in the sandbox channel, then run again':
    '让 message.create 能在沙箱频道中发送消息，然后重新运行',
  'the change came as {0}, not `{1}` (§6)': '该变更以 {0} 的形式到达，而不是 `{1}`（§6）',
  "'{0}' (×{1}) for '{2}'": "'{0}'（×{1}）应为 '{2}'",
  none: '无',
  'the event stream of this run does not say where it is: nothing to probe':
    '本次运行的事件流没有说明其地址：无可探测',
  'events come by webhook in this run: the WebSocket lifecycle is checked with --events ws':
    '本次运行的事件通过 webhook 到达：WebSocket 生命周期需用 --events ws 检查',
  'precondition failed: {0} ({1} waited for a {2} event in vain)':
    '前置条件未满足：{0}（{1} 等待 {2} 事件未果）',
  'precondition failed: {0} within {1} ms (--event-timeout)':
    '前置条件未满足：{0}（等待了 {1} ms，--event-timeout）',
  '{0} causes a {1} event carrying {2} within {3} ms (§6)':
    '{0} 在 {3} ms 内引发一个带有 {2} 的 {1} 事件（§6）',
  '{0} {1} event(s) arrived, none carrying {2}; the first: {3}':
    '收到 {0} 个 {1} 事件，均不带有 {2}；第一个：{3}',
  'no {0} event: {1}': '没有 {0} 事件：{1}',
  'no {0} event (types seen since the operation: {1})': '没有 {0} 事件（操作之后见到的类型：{1}）',
  '{0}: {1}': '{0}：{1}',
  'precondition failed: {0} answered {1}': '前置条件未满足：{0} 的应答为 {1}',
  'precondition failed: message.create returned no message id: {0}':
    '前置条件未满足：message.create 未返回消息 id：{0}',
  'channel {0} ({1}) in guild {2}': '群组 {2} 中的频道 {0}（{1}）',
  'precondition failed: channel.create returned no Channel id: {0}':
    '前置条件未满足：channel.create 未返回 Channel id：{0}',
  'role {0} ({1}) in guild {2}': '群组 {2} 中的角色 {0}（{1}）',
  'precondition failed: guild.role.create returned no role id: {0}':
    '前置条件未满足：guild.role.create 未返回角色 id：{0}',
  'role {0} of user {1} in guild {2}': '群组 {2} 中用户 {1} 的角色 {0}',
  'reaction {0} on message {1}': '消息 {1} 上的表态 {0}',
  "to cause {0} the run needs a guild of its own, made by the trigger's guild-added, and {1}":
    '要引发 {0}，本次运行需要一个由触发器的 guild-added 创建的自有群组，而 {1}',
  "the trigger's answer to guild-added carries no guild_id: {0}":
    '触发器对 guild-added 的应答不带 guild_id：{0}',
  'guild {0} (made or joined by the trigger guild-added)': '群组 {0}（由触发器 guild-added 创建或加入）',
  "the trigger's guild-added answered guild {0}, which {1} does not name {2}: not a guild the run made, and {3} is caused only on a guild of the run's own":
    '触发器的 guild-added 应答了群组 {0}，但据{1}，其名称不是 {2}：这不是本次运行创建的群组，而 {3} 只在本次运行自有的群组上引发',
  'as its guild-added event shows it': '其 guild-added 事件显示',
  'as guild.get shows it ({0})': 'guild.get 显示（{0}）',
  'needs another user to add to a guild: pass --user or a peer identity':
    '需要另一个用户来加入群组：请传入 --user 或对端身份',
  'member {0} of guild {1} (added by the trigger)': '群组 {1} 的成员 {0}（由触发器添加）',
  'peer message {0} in channel {1}': '频道 {1} 中对端的消息 {0}',
  'the peer could not post in channel {0} before any mute of this check: a mute left by an earlier run? Lifted with duration 0 ({1}), as §8 rule 4 allows':
    '在本检查的任何禁言之前，对端就无法在频道 {0} 中发言：是之前的运行遗留的禁言吗？已按 §8 规则 4 的允许以 duration 0 解除（{1}）',
  'no peer user id: nothing the run may lift': '没有对端用户 id：本次运行没有可以解除的禁言',
  "{0} duration 0 left the peer refused in channel {1}, and a {2} ms {3} that replaced the mute then freed it once it ended (the run's restore of the peer's posting)":
    '{0} duration 0 之后对端在频道 {1} 中仍被拒绝，而替换该禁言的 {2} ms {3} 结束后对端便恢复了发言（本次运行对对端发言能力的恢复）',
  "{0} with duration 0 lifts the peer's mute (§8 rule 4: 0 unmutes)":
    'duration 为 0 的 {0} 解除对端的禁言（§8 规则 4：0 表示解除禁言）',
  'the {0} effect could not be observed (no peer post before it): an unmute of it shows nothing':
    '无法观察到 {0} 的效果（此前没有对端发言）：对其解除禁言说明不了任何问题',
  'the {0} had no effect (see {1}): an unmute of it shows nothing':
    '{0} 没有效果（见 {1}）：对其解除禁言说明不了任何问题',
  'the peer cannot post in channel {0} before the mute (HTTP {1}) — {2}, so no mute effect can be seen':
    '禁言之前对端就无法在频道 {0} 中发言（HTTP {1}）——{2}，因此看不到任何禁言效果',
  'the peer cannot post in channel {0} before the mute (HTTP {1}), so no mute effect can be seen':
    '禁言之前对端就无法在频道 {0} 中发言（HTTP {1}），因此看不到任何禁言效果',
  'lift the peer’s mute on the platform, and any mute of the channel (the run lifts only the peer’s own guild mute), or pass another --channel or peer':
    '在平台上解除对端的禁言以及该频道的所有禁言（本次运行只解除对端自身的群组禁言），或传入其他 --channel 或对端',
  "the peer's message.create {0} is refused": '对端{0}发送的 message.create 被拒绝',
  'accepted (HTTP {0})': '被接受（HTTP {0}）',
  "the refusal of the peer's message.create {0} is a 4xx (a client error, not a server error)":
    '对端{0}发送的 message.create 被拒绝时返回 4xx（客户端错误，而非服务端错误）',
  'an earlier {0} duration 0 of this run left the peer refused':
    '本次运行之前的 {0} duration 0 之后对端仍被拒绝',
  '{0} with duration 0': 'duration 为 0 的 {0}',
  "{0} duration 0: the peer's posting could not be verified (no baseline)":
    '{0} duration 0：无法验证对端能否发言（没有基线）',
  "after {0} duration 0 the peer's message.create is accepted again (§8 rule 4: 0 unmutes)":
    '{0} duration 0 之后，对端的 message.create 重新被接受（§8 规则 4：0 表示解除禁言）',
  'still refused (HTTP {0}) {1} ms after the unmute': '解除禁言 {1} ms 后仍被拒绝（HTTP {0}）',
  'mute of channel {0}': '频道 {0} 的禁言',
  'mute of user {0} in guild {1}': '群组 {1} 中用户 {0} 的禁言',
  'no peer identity: configure --peer-token and/or --peer-self-id':
    '没有对端身份：请配置 --peer-token 和/或 --peer-self-id',
  "the peer's message.create was accepted (HTTP {0})": '对端的 message.create 被接受（HTTP {0}）',
  'run it again on a less busy machine or nearer the server (the mute and one message.create must take under {0} ms)':
    '请在负载较低或离服务器更近的机器上重新运行（禁言和一次 message.create 必须在 {0} ms 内完成）',
  'the peer was still refused {0} ms after the mute was answered (HTTP {1})':
    '禁言得到应答 {0} ms 后对端仍被拒绝（HTTP {1}）',
  'channel mute': '频道禁言',
  'member mute': '成员禁言',
  'the {0} ms {1} is in force {2} ms after it was set (the peer is refused)':
    '{0} ms 的{1}在设置后 {2} ms 时处于生效状态（对端被拒绝）',
  "the peer's first message.create came back {0} ms after the {1} was sent, past its {2} ms, and was accepted: whether the mute took effect cannot be seen":
    '对端的第一个 message.create 在{1}发出 {0} ms 后才返回，已超过其 {2} ms，且被接受：无法看出禁言是否生效',
  'a {0} of {1} ms (duration is milliseconds, §8 rule 4) ends within {2} ms':
    '{1} ms 的{0}（duration 单位为毫秒，§8 规则 4）在 {2} ms 内结束',
  'the {0} ms {1} was over {2} ms after it was answered ({3} probes)':
    '{0} ms 的{1}在得到应答 {2} ms 后结束（探测 {3} 次）',
  '(empty body)': '（空主体）',
  '{0} ends: {1} is absent once no more data exists (§1 rule 6)':
    '{0} 会结束：没有更多数据时不带 {1}（§1 规则 6）',
  '{0} page {1}': '{0} 第 {1} 页',
  '{0} is a list object with a data array (§1 rule 5)': '{0} 是带有 data 数组的列表对象（§1 规则 5）',
  '{0} ends: next is absent once no more data exists (§1 rule 6)':
    '{0} 会结束：没有更多数据时不带 next（§1 规则 6）',
  '{0}: page {1} carried next, but the page it led to is empty': '{0}：第 {1} 页带有 next，但它指向的页为空',
  '{0} (items {1} and {2})': '{0}（第 {1} 项和第 {2} 项）',
  '{0} lists every item once across its {1} page(s)': '{0} 在其 {1} 页中每一项只列出一次',
  'listed more than once: {0}': '被列出不止一次：{0}',
  '{0}: {1} item(s) over {2} page(s)': '{0}：{2} 页共 {1} 项',
  '{0}: {1} item(s) over the first {2} page(s), as far as the check needs':
    '{0}：前 {2} 页共 {1} 项（检查只需读到这里）',
  "{0}: judged the run's one walk of this list ({1} request(s))":
    '{0}：判定了本次运行对该列表的唯一一次遍历（{1} 个请求）',
  "{0}: {1} no longer listed by a fresh walk ({2} page(s)): removed since the run's shared walk, not judged":
    '{0}：新的遍历（{2} 页）不再列出 {1}：在本次运行的共享遍历之后已被移除，不予判定',
  'no {0} event with message.id {1} arrived': '没有收到 message.id 为 {1} 的 {0} 事件',
  'no {0} event arrived': '没有收到 {0} 事件',
  'the triggered request causes a {0} event within {1} ms (§6)': '触发的请求在 {1} ms 内引发 {0} 事件（§6）',
  "the {0} event carries no message.id (the request id, §4.3) and the trigger's answer none either":
    '{0} 事件不带 message.id（即请求 id，§4.3），触发器的应答也没有',
  "no {0} event arrived within {1} ms and the trigger's answer names no request id: {2}":
    '{1} ms 内没有收到 {0} 事件，且触发器的应答没有给出请求 id：{2}',
  empty: '空',
  "no event stream in this run and the trigger's answer names no request id: {0}":
    '本次运行没有事件流，且触发器的应答没有给出请求 id：{0}',
  'remove that friend on the platform, or let the trigger send friend requests from a user who is not a friend':
    '在平台上删除该好友，或让触发器从一个不是好友的用户发送好友请求',
  'remove that user from the sandbox guild on the platform, or let the trigger send join requests from a user who is not a member':
    '在平台上将该用户移出沙箱群组，或让触发器从一个不是成员的用户发送加入请求',
  '{0}: an answer would not show; asking the trigger for another request':
    '{0}：应答的效果将无法显现；请触发器再发一个请求',
  'the requester {0} was already a member of guild {1} before its request':
    '请求者 {0} 在发出请求之前就已是群组 {1} 的成员',
  '{0} (guild.member.list lists it)': '{0}（guild.member.list 列出了它）',
  'whether the requester {0} was already a member is unknown: {1}; {2}':
    '无法得知请求者 {0} 此前是否已是成员：{1}；{2}',
  '{0} answered HTTP {1}, as an operation not served does, and the login declares no features: the {2} flow cannot be followed':
    '{0} 的应答为 HTTP {1}，与不提供服务的操作一样，且登录未声明 features：无法跟踪 {2} 流程',
  '{0} with approve {1}': 'approve 为 {1} 的 {0}',
  "the flow is judged where {0} is served (its own checks judge {1}); a server that lacks it: declare the operations it serves in the login's features":
    '该流程在 {0} 提供服务时判定（{1} 由其自身的检查判定）；不具备该操作的服务器：请在登录的 features 中声明其提供的操作',
  'guild.member.get answered {0} for user {1}, who was never a member: its 2xx does not show a membership':
    'guild.member.get 对从未是成员的用户 {1} 的应答为 {0}：它的 2xx 不能表明成员身份',
  'the current user id is unknown, so guild.member.get was never seen finding a member: its refusals do not show an absence':
    '当前用户 id 未知，因此从未见到 guild.member.get 找到成员：它的拒绝不能表明不存在',
  'guild.member.get of the current user answered {0} with another member: its refusals do not show an absence':
    '对当前用户的 guild.member.get 应答为 {0}，返回的却是另一个成员：它的拒绝不能表明不存在',
  'guild.member.get of the current user answered {0}: its refusals do not show an absence':
    '对当前用户的 guild.member.get 应答为 {0}：它的拒绝不能表明不存在',
  'the current user': '当前用户',
  'the sandbox guild': '沙箱群组',
  'the sandbox channel': '沙箱频道',
  '{0} has no item the run knows to be in it': '{0} 中没有本次运行确知存在的项',
  "{0} does not list {1} {2}: its items are not shown to be the platform's":
    '{0} 未列出{1} {2}：无法表明其中的项来自平台',
  'friend.list items carry `id` at the top level: a Friend carries its user under `user`, §2':
    'friend.list 的项在顶层带有 `id`：Friend 应将其用户放在 `user` 下，§2',
  'two walks of {0} made back to back list different items ({1}): what it lists is not shown to be stored':
    '连续两次遍历 {0} 列出的项不同（{1}）：无法表明它列出的内容是存储下来的',
  '{0} answered {1} for {2} {3}, which never existed: an answer carrying the id asked for does not show the {4}':
    '{0} 对从未存在过的{2} {3} 的应答为 {1}：带有所请求 id 的应答不能表明该{4}存在',
  channel: '频道',
  guild: '群组',
  'the requester {0} was already a friend before its request': '请求者 {0} 在发出请求之前就已是好友',
  'friend {0} (added by approving a request)': '好友 {0}（通过批准请求添加）',
  "friend.delete of {0} answered {1}: left to the run's cleanup":
    '对 {0} 的 friend.delete 应答为 {1}：留给本次运行的清理处理',
  'make friend.list list each friend as a Friend, its user under `user` (§2), and friend.approve true add the requester (see friend.approve/approve-adds-requester)':
    '让 friend.list 将每个好友列为 Friend，其用户放在 `user` 下（§2），并让 approve 为 true 的 friend.approve 添加请求者（见 friend.approve/approve-adds-requester）',
  'the list grew by an item with id {0} (the requester) at the top level and no user: {1}':
    '列表多了一项，顶层 id 为 {0}（请求者）且没有 user：{1}',
  'e.g. {0}': '例如 {0}',
  'the control, an approved friend request, could not be observed: {0}':
    '无法观察到对照（一个被批准的好友请求）：{0}',
  'no friend request': '没有好友请求',
  'the control, an approved friend request, names no requester': '对照（一个被批准的好友请求）没有给出请求者',
  'the control, friend.approve with approve true, answered {0}':
    '对照（approve 为 true 的 friend.approve）的应答为 {0}',
  'friend.list did not show the approved requester {0} appear (listed before: {1}, after: {2}): it is not shown to tell a friend from a stranger':
    'friend.list 没有显示被批准的请求者 {0} 出现（之前是否列出：{1}，之后：{2}）：无法表明它能区分好友与陌生人',
  'friend.list shows no new friend after a refused request': '拒绝请求后 friend.list 不显示新的好友',
  'friend.list items carry `id` at the top level: a Friend carries its user under `user`, §2; {0}':
    'friend.list 的项在顶层带有 `id`：Friend 应将其用户放在 `user` 下，§2；{0}',
  'no new friend listed, but {0}': '没有列出新的好友，但 {0}',
  'friend.list also lists {0}, not the requester: added meanwhile by others?':
    'friend.list 还列出了 {0}，而不是请求者：是其间被他人添加的吗？',
  'neither the guild-request event nor the trigger’s answer names the inviting guild':
    'guild-request 事件和触发器的应答都没有给出发出邀请的群组',
  'whether the bot was in guild {0} before its invitation is unknown: {1}':
    '无法得知机器人在收到邀请之前是否已在群组 {0} 中：{1}',
  'the bot was already a member of guild {0} before its invitation ({1})':
    '机器人在收到邀请之前就已是群组 {0} 的成员（{1}）',
  '{0}: left by an earlier run? It left the guild through the trigger (guild-removed) first':
    '{0}：是之前的运行遗留的吗？已先通过触发器（guild-removed）退出该群组',
  '{0}, and the trigger could not make it leave: asking for another invitation':
    '{0}，且触发器无法让它退出：请求另一个邀请',
  'remove the bot from that guild on the platform, or let the trigger invite from a guild the bot is not in (or cause guild-removed)':
    '在平台上将机器人移出该群组，或让触发器从机器人不在的群组发出邀请（或引发 guild-removed）',
  'membership of guild {0} (joined through guild.approve)': '群组 {0} 的成员身份（通过 guild.approve 加入）',
  'no operation of the interface leaves a guild (§4.3): remove the bot from guild {0} on the platform':
    '接口中没有退出群组的操作（§4.3）：请在平台上将机器人移出群组 {0}',
  'the run never read the bot as a member of guild {0}': '本次运行从未读到机器人是群组 {0} 的成员',
  'could not leave guild {0} through the trigger: {1}': '无法通过触发器退出群组 {0}：{1}',
  'guild.member.get of the current user {0} in guild {1} answered {2}':
    '群组 {1} 中对当前用户 {0} 的 guild.member.get 应答为 {2}',
  '{0}: guild.list decides': '{0}：由 guild.list 决定',
  '{0} ({1}): guild.list decides': '{0}（{1}）：由 guild.list 决定',
  'guild.list lists guild {0}': 'guild.list 列出了群组 {0}',
  'guild.list, walked to its end, does not list guild {0} ({1} guild(s) listed)':
    '遍历到末尾的 guild.list 未列出群组 {0}（共列出 {1} 个群组）',
  'neither the guild-member-request event nor the trigger’s answer names the requester':
    'guild-member-request 事件和触发器的应答都没有给出请求者',
  'guild.member.get answered {0}': 'guild.member.get 的应答为 {0}',
  '{0} ({1}); guild.member.list lists the user': '{0}（{1}）；guild.member.list 列出了该用户',
  '{0} ({1}); guild.member.list omits the user': '{0}（{1}）；guild.member.list 未列出该用户',
  '{0} ({1}); guild-member-added arrived for the user': '{0}（{1}）；收到了该用户的 guild-member-added',
  'no guild-member-added for the user arrived': '没有收到该用户的 guild-member-added',
  'no reader of the run can tell whether user {0} is a member: {1}':
    '本次运行中没有读取操作能判断用户 {0} 是否为成员：{1}',
  'make guild.member.get refuse a user who is not a member, or guild.member.list list the current user (see guild.member.get/refuses-a-non-member)':
    '让 guild.member.get 拒绝非成员用户，或让 guild.member.list 列出当前用户（见 guild.member.get/refuses-a-non-member）',
  'member {0} of guild {1} (added through guild.member.approve)':
    '群组 {1} 的成员 {0}（通过 guild.member.approve 添加）',
  'member {0} of guild {1} (added by the trigger: guild.member.approve admitted nobody)':
    '群组 {1} 的成员 {0}（由触发器添加：guild.member.approve 没有接纳任何人）',
  'guild.member.approve admitted nobody: the trigger added the requester {0} to guild {1}':
    'guild.member.approve 没有接纳任何人：触发器将请求者 {0} 加入了群组 {1}',
  '{0} result': '{0} 的结果',
  '{0} returns the {1} asked for (id {2})': '{0} 返回所请求的{1}（id {2}）',
  '{0} does not list the sandbox {1} {2}: nothing but the id it was asked for shows that what {3} returned is that {4}':
    '{0} 未列出沙箱{1} {2}：除了所请求的 id，没有任何东西能表明 {3} 返回的就是该{4}',
  'check that {0} {1} lists the sandbox {2} (see the {3} checks)':
    '请确认 {0} {1} 列出了沙箱{2}（见 {3} 的检查）',
  '{0} returns the {1} {2} shows: name {3}': '{0} 返回 {2} 所显示的{1}：名称为 {3}',
  '{0} shows the sandbox {1} without a name: its id is the evidence':
    '{0} 显示的沙箱{1}没有名称：以其 id 为证据',
  'every {0} probed was removed since {1} listed it': '所探测的每个{0}在 {1} 列出之后都已被移除',
  '{0} of {1} {2}': '{1} {2} 的 {0}',
  'see {0} and {1}: {2} of an unknown id must find nothing':
    '见 {0} 和 {1}：对未知 id 的 {2} 必须找不到任何东西',
  'the token the receiver was registered with is not known (pass --webhook-token): Authorization is not judged ({0} of {1} deliveries carry no Bearer token)':
    '注册接收端时所用的令牌未知（请传入 --webhook-token）：不判定 Authorization（{1} 次投递中有 {0} 次不带 Bearer 令牌）',
  'the token the receiver was registered with is not known (pass --webhook-token): Authorization is not judged':
    '注册接收端时所用的令牌未知（请传入 --webhook-token）：不判定 Authorization',
  "{0} of {1} deliveries carry the app token, not the webhook's own (an older reading)":
    '{1} 次投递中有 {0} 次带的是应用令牌，而不是 webhook 自己的令牌（较旧的理解）',
  '{0} of {1} deliveries carry a Bearer token other than the one this run registered the receiver with: the server may keep an earlier registration of {2}':
    '{1} 次投递中有 {0} 次带有的 Bearer 令牌不是本次运行注册接收端时所用的：服务器可能保留了 {2} 的较早注册',
  'remove that registration ({base}/meta/webhook.delete {url}), or register the receiver yourself and pass --webhook-token':
    '删除该注册（{base}/meta/webhook.delete {url}），或自行注册接收端并传入 --webhook-token',
  'every delivery carries Authorization: Bearer <the token the receiver was registered with, --webhook-token>':
    '每次投递都带有 Authorization: Bearer <注册接收端时所用的令牌，即 --webhook-token>',
  'every delivery carries Authorization: Bearer <the token the receiver was registered with>':
    '每次投递都带有 Authorization: Bearer <注册接收端时所用的令牌>',
  '{0} of {1} do not (first: another Bearer token)': '{1} 次中有 {0} 次没有（第一次：另一个 Bearer 令牌）',
  '{0} of {1} do not (first: no Bearer token)': '{1} 次中有 {0} 次没有（第一次：没有 Bearer 令牌）',
  'message {0} in channel {1}': '频道 {1} 中的消息 {0}',
  'message.create returns an array of Message (§4.1)': 'message.create 返回 Message 数组（§4.1）',
  'every Message returned by message.create has a string id':
    'message.create 返回的每个 Message 都有字符串 id',
  'needs a fresh channel with a known number of messages, but channel.create in guild {0} answered {1} without a Channel id':
    '需要一个消息数量已知的新频道，但群组 {0} 中的 channel.create 应答为 {1}，且不带 Channel id',
  '{0}: {1} is a string token when present (§1 rule 5)': '{0}：{1} 出现时是字符串令牌（§1 规则 5）',
  '{0}: {1} is null (read as absent)': '{0}：{1} 为 null（视为不存在）',
  '{0}: every item is a Message with a string id': '{0}：每一项都是带字符串 id 的 Message',
  'item {0}: {1}': '第 {0} 项：{1}',
  '{0}, page {1}': '{0}，第 {1} 页',
  '{0} (positions {1})': '{0}（位置 {1}）',
  'item {0} ({1}, created_at {2}) comes after item {3} (created_at {4})':
    '第 {0} 项（{1}，created_at {2}）排在第 {3} 项（created_at {4}）之后',
  '{0}: the messages this check created one after the other are listed oldest first (order asc)':
    '{0}：本检查依次创建的消息按从旧到新的顺序列出（order asc）',
  'listed as {0}': '列出顺序为 {0}',
  '{0}: created_at never decreases along the page (order asc)': '{0}：created_at 在页内从不递减（order asc）',
  'message.list walk of the quiet channel': '安静频道的 message.list 遍历',
  'message.list walk of the quiet channel, on to the end': '安静频道的 message.list 遍历，一直到末尾',
  'message.list of channel {0}': '频道 {0} 的 message.list',
  '{0}: the check needs a channel whose every message it knows, and neither the direct channel with the peer nor the sandbox channel {1} ends within {2} pages of {3}':
    '{0}：本检查需要一个它知道其中每条消息的频道，而与对端的私聊频道和沙箱频道 {1} 都没有在 {2} 页（每页 {3} 条）内结束',
  'pass a --channel that holds fewer messages': '请传入消息更少的 --channel',
  'message.list walk of channel {0}': '频道 {0} 的 message.list 遍历',
  '{0}: the messages are read in channel {1}': '{0}：在频道 {1} 中读取这些消息',
  'message.list walk': 'message.list 遍历',
  'not asked': '未请求',
  'guild.member.get of user {0} in guild {1}': '群组 {1} 中用户 {0} 的 guild.member.get',
  'message.get of a message message.list shows': '对 message.list 列出的一条消息的 message.get',
  'one friend.approve {0} flow': '一次 friend.approve {0} 流程',
  'one guild.approve {0} flow': '一次 guild.approve {0} 流程',
  'one guild.member.approve {0} flow': '一次 guild.member.approve {0} 流程',
  'quiet channel: its messages': '安静频道：其中的消息',
  'quiet channel: its walk on to the end': '安静频道：一直遍历到末尾',
  'quiet channel: its walk to the oldest of its messages': '安静频道：遍历到其中最早的消息',
  'refusal control: a reaction of the run': '拒绝对照：本次运行的一个表情回应',
  'refusal control: a role of the run set on the bot and unset':
    '拒绝对照：本次运行的一个角色，设置到机器人上再取消',
  'refusal control: {0}': '拒绝对照：{0}',
  "restore the peer's posting in {0}": '恢复对端在 {0} 中的发言',
  'the complete request of {0} {1}': '{0} {1} 的完整请求',
  'the guild.member.get reader proof': 'guild.member.get 读取器证明',
  'walk of {0} as {1}': '以 {1} 身份遍历 {0}',
  'a message of the run': '本次运行的一条消息',
  'a channel of the run': '本次运行的一个频道',
  'a role of the run': '本次运行的一个角色',
  'the {0}.get reader proof': '{0}.get 读取器证明',
  'quiet channel: message.list {0}': '安静频道：message.list {0}',
  'one message created, a newer one after it, and message.get of the first':
    '创建的一条消息、其后一条更新的消息，以及对第一条的 message.get',
};
