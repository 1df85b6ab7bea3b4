/** zh-CN renderings of the phrases of suites/robustness.ts, suites/roles.ts, suites/reactions.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_ROBUSTNESS_PHRASES_ZH: Readonly<Record<string, string>> = {
  // suites/robustness.ts
  'message {0} created without content': '未带 content 创建的消息 {0}',
  'channel {0} created without data': '未带 data 创建的频道 {0}',
  'role {0} created without a payload': '未带载荷创建的角色 {0}',
  "without '{0}' it was refused: {1}": "缺少 '{0}' 时被拒绝：{1}",
  "{0} without '{1}' (a required field, §4) is refused (not 2xx)":
    "缺少 '{1}'（必填字段，§4）的 {0} 被拒绝（非 2xx）",
  'refused with {0}; see http/missing-field-is-4xx': '以 {0} 拒绝；参见 http/missing-field-is-4xx',
  'each read the server serves ({0}) answers {1} with a 4xx':
    '服务器提供的每个读取操作（{0}）对{1}都以 4xx 应答',
  'read that names an id': '指定 id 的读取操作',
  read: '读取操作',
  "not judged (no refusal of the request's form by a read login.features declares): {0}":
    '未判定（不属于 login.features 所声明读取操作对请求形式的拒绝）：{0}',
  'every read login.features declares answers 2xx to POST {base}/<operation> with its fields in a JSON object (§1 rules 1-2)':
    'login.features 声明的每个读取操作，对以 JSON 对象携带其字段的 POST {base}/<operation> 都应答 2xx（§1 规则 1-2）',
  'POST {base}/{0} with JSON fields {1} answers 2xx': '带 JSON 字段 {1} 的 POST {base}/{0} 应答 2xx',
  'an unknown operation path answered {0}': '未知的操作路径应答了 {0}',
  'an unknown operation path answers 404': '未知的操作路径应答 404',
  'the {0} result has Content-Type application/json': '{0} 结果的 Content-Type 为 application/json',
  '(no Content-Type)': '（无 Content-Type）',
  'the {0} result body is JSON': '{0} 结果的主体是 JSON',
  'the run has no token (--token): the server does not authenticate':
    '本次运行没有令牌（--token）：服务器不做认证',
  '{0} without Authorization is refused with 401 or 403': '不带 Authorization 的 {0} 以 401 或 403 拒绝',
  '{0} with a wrong Bearer token is refused with 401 or 403': '带错误 Bearer 令牌的 {0} 以 401 或 403 拒绝',
  '{0} with a truncated JSON body answers 4xx': '带截断 JSON 主体的 {0} 应答 4xx',
  'read with a required field': '带必填字段的读取操作',
  'a request missing a required field': '缺少必填字段的请求',
  'its id as an object': 'id 为对象的请求',
  'an id never issued ({0})': '从未签发的 id（{0}）',
  'precondition failed: guild.role.create answered {0} without a role id, so {1} cannot be tested (see guild.role.create/returns-listed-role)':
    '前置条件不满足：guild.role.create 应答 {0} 但未带角色 id，因此无法测试 {1}（参见 guild.role.create/returns-listed-role）',
  'precondition failed: the created role {0} is not listed by guild.role.list, so {1} cannot be tested (see guild.role.create/returns-listed-role)':
    '前置条件不满足：guild.role.list 未列出创建的角色 {0}，因此无法测试 {1}（参见 guild.role.create/returns-listed-role）',
  'guild.member.get of the peer {0} in guild {1} answered {2}: the peer must be a member of the sandbox guild (--guild) to be given a role':
    '群组 {1} 中对等账号 {0} 的 guild.member.get 应答 {2}：对等账号须是沙盒群组（--guild）的成员才能被赋予角色',
  'guild.member.get of the peer {0}': '对等账号的 guild.member.get（{0}）',
  "guild.member.get for the peer {0} returned the member {1}, so the peer's roles cannot be observed (see the members checks)":
    '对等账号 {0} 的 guild.member.get 返回了成员 {1}，因此无法观察对等账号的角色（参见成员相关检查）',
  'a role assignment': '角色分配',
  'needs a peer identity (--peer-token / --peer-self-id)': '需要第二个身份（--peer-token / --peer-self-id）',
  'guild.role.list of guild {0} is empty: no GuildRole to judge; a created role is judged by guild.role.create/returns-listed-role':
    '群组 {0} 的 guild.role.list 为空：没有可判定的 GuildRole；创建的角色由 guild.role.create/returns-listed-role 判定',
  'run again while no one else changes the guild’s roles': '请在无人修改该群组角色时再次运行',
  'needs the bot in a second guild besides the sandbox guild (guild.list shows one)':
    '需要机器人在沙盒群组之外还加入第二个群组（guild.list 只显示一个）',
  'the scoping of guild.role.list': 'guild.role.list 的范围限定',
  'guild.role.list of guild {0} does not list role {1}, created in guild {2}':
    '群组 {0} 的 guild.role.list 不列出在群组 {2} 中创建的角色 {1}',
  'guild.role.create returns a GuildRole with a string id (§4.5)':
    'guild.role.create 返回带字符串 id 的 GuildRole（§4.5）',
  'guild.role.create result': 'guild.role.create 的结果',
  'role payload field: {0} (§4.8)': '角色载荷字段：{0}（§4.8）',
  'guild.role.list lists the created role {0}': 'guild.role.list 列出创建的角色 {0}',
  'the created role carries the name it was given, {0}': '创建的角色带有所给的名称 {0}',
  'guild.role.list still lists the updated role {0}': 'guild.role.list 仍列出更新后的角色 {0}',
  'the role is renamed to {0}': '角色被重命名为 {0}',
  'guild.role.list no longer lists the deleted role {0}': 'guild.role.list 不再列出已删除的角色 {0}',
  'before the change': '变更之前',
  'guild.member.get shows no roles for the peer, so a role assignment cannot be observed':
    'guild.member.get 未显示对等账号的角色，因此无法观察角色分配',
  'after guild.member.role.set': 'guild.member.role.set 之后',
  "the peer's roles include {0}": '对等账号的角色包含 {0}',
  'precondition failed: after guild.member.role.set (status {0}) guild.member.get does not show role {1} for the peer (see guild.member.role.set/gives-role)':
    '前置条件不满足：guild.member.role.set（状态 {0}）之后，guild.member.get 未显示对等账号带有角色 {1}（参见 guild.member.role.set/gives-role）',
  'after guild.member.role.unset': 'guild.member.role.unset 之后',
  "the peer's roles no longer include {0}": '对等账号的角色不再包含 {0}',

  // suites/reactions.ts
  'the peer is unreachable (not proven another account): only the current user reacts':
    '对等账号不可达（未证实为另一个账号）：只有当前用户添加表情回应',
  'precondition failed: message.create answered {0} without a message id, so {1} cannot be tested':
    '前置条件不满足：message.create 应答 {0} 但未带消息 id，因此无法测试 {1}',
  'precondition failed: message.get of the message just created answered {0}, so {1} cannot be tested (see the message checks)':
    '前置条件不满足：对刚创建消息的 message.get 应答 {0}，因此无法测试 {1}（参见消息相关检查）',
  'reaction {0} of {1} on message {2}': '消息 {2} 上 {1} 的表情回应 {0}',
  'precondition failed: reaction.create of {0} as {1} answered {2}, so {3} cannot be tested (see reaction.create/adds-own-reaction)':
    '前置条件不满足：以 {1} 身份对 {0} 的 reaction.create 应答 {2}，因此无法测试 {3}（参见 reaction.create/adds-own-reaction）',
  'reaction.create of {0} as {1}': '以 {1} 身份对 {0} 的 reaction.create',
  'reaction.list of {0} answered 404 once its reactions were removed: read as no users':
    '{0} 的表情回应被移除后，reaction.list 应答 404：视为没有用户',
  'precondition failed: after reaction.create, reaction.list of {0} does not show the reaction of {1}, so {2} cannot be tested (see reaction.create/adds-own-reaction)':
    '前置条件不满足：reaction.create 之后，{0} 的 reaction.list 未显示 {1} 的表情回应，因此无法测试 {2}（参见 reaction.create/adds-own-reaction）',
  ' and ': ' 和 ',
  'reaction.clear of {0}': '对 {0} 的 reaction.clear',
  'reaction.clear without emoji_id': '不带 emoji_id 的 reaction.clear',
  'no user reacts with {0} any more': '不再有用户以 {0} 做出表情回应',
  'the {0} reaction is left in place': '{0} 的表情回应保持不变',
  'reaction.list of {0} shows the current user': '{0} 的 reaction.list 显示当前用户',
  'reaction.list of {0} lists exactly the users who reacted: {1}':
    '{0} 的 reaction.list 恰好列出做出表情回应的用户：{1}',
  'reaction.delete with the peer’s user_id': '带对等账号 user_id 的 reaction.delete',
  'the peer {0} no longer reacts with {1}': '对等账号 {0} 不再以 {1} 做出表情回应',
  'the current user’s reaction is left in place': '当前用户的表情回应保持不变',
  'no peer identity: only the removal of the current user’s reaction is checked':
    '没有第二个身份：只检查当前用户表情回应的移除',
  'reaction.delete without user_id': '不带 user_id 的 reaction.delete',
  'the current user no longer reacts': '当前用户不再有表情回应',
  'the peer {0}’s reaction is left in place': '对等账号 {0} 的表情回应保持不变',
  'one guild.member.role.set and unset of the peer': '对对端进行一次 guild.member.role.set 与 unset',
  'one role created in the sandbox guild': '在沙盒群组中创建的一个角色',
  '{0} without {1} (guild {2}, channel {3})': '不带 {1} 的 {0}（群组 {2}，频道 {3}）',
};
