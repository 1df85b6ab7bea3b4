/** zh-CN renderings of the phrases of suites/channels.ts, suites/members.ts, suites/guilds.ts, suites/friends.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_GUILDS_PHRASES_ZH: Readonly<Record<string, string>> = {
  'channel.create returns a Channel with a string id': 'channel.create 返回带有字符串 id 的 Channel',
  'the run has no channel of its own to mute (channel.create, a helper here, made none)':
    '本次运行没有自己创建的频道可供禁言（channel.create 在此作为辅助操作，未创建任何频道）',
  'give a peer (--peer-token) that may post in the sandbox channel {0}':
    '提供一个可以在沙盒频道 {0} 中发言的对等账号（--peer-token）',
  '{0}: the mute would go to the sandbox channel {1}, and without a peer nothing shows it unmuted beforehand, so the run would change state it did not create':
    '{0}：禁言将作用于沙盒频道 {1}，而没有对等账号就无法证明它此前未被禁言，本次运行会改动并非由它创建的状态',
  "{0}, and the peer's post in the sandbox channel {1} is refused before any mute (HTTP {2}): the run mutes it only when it is found unmuted":
    '{0}，且在任何禁言之前对等账号在沙盒频道 {1} 中的发言就被拒绝（HTTP {2}）：本次运行只在确认该频道未被禁言时才会禁言它',
  'let the peer post in the sandbox channel {0}': '允许对等账号在沙盒频道 {0} 中发言',
  '{0}: the mute goes to the sandbox channel {1}, lifted afterwards (and by the ledger at the end)':
    '{0}：禁言作用于沙盒频道 {1}，之后会解除（运行结束时的清理也会解除它）',
  'guild {0} lists no channel besides the sandbox channel': '群组 {0} 除沙盒频道外没有列出其他频道',
  'channel.list of guild {0} includes the sandbox channel {1}': '群组 {0} 的 channel.list 包含沙盒频道 {1}',
  'the current user is in one guild only: nothing to compare with':
    '当前用户只在一个群组中：没有可比较的对象',
  'the two lists share no channel, but {0}': '两个列表没有共同的频道，但 {0}',
  'see channel.list/walks-to-end': '参见 channel.list/walks-to-end',
  'channel.list of guild {0} and of guild {1} share no channel':
    '群组 {0} 与群组 {1} 的 channel.list 没有共同的频道',
  'both list {0}': '两者都列出了 {0}',
  'channel.create result': 'channel.create 的结果',
  'channel.get of the new channel {0}': '对新频道 {0} 的 channel.get',
  'channel.get returns the new channel {0}': 'channel.get 返回新频道 {0}',
  'the new channel has the name it was created with ({0})': '新频道带有创建时给出的名称（{0}）',
  'channel.list of guild {0} includes the new channel {1}': '群组 {0} 的 channel.list 包含新频道 {1}',
  'channel.get of the updated channel {0}': '对已更新频道 {0} 的 channel.get',
  'channel.get shows the new name {0}': 'channel.get 显示新名称 {0}',
  'precondition failed: channel.list of guild {0} does not list the channel just created ({1}), so its removal cannot be observed (see channel.create/creates-channel)':
    '前置条件不满足：群组 {0} 的 channel.list 没有列出刚创建的频道（{1}），因此无法观察到它被删除（参见 channel.create/creates-channel）',
  'the deleted channel {0} is gone: channel.get answers 4xx or channel.list omits it':
    '已删除的频道 {0} 不复存在：channel.get 返回 4xx，或 channel.list 不再列出它',
  'channel.get answered {0} and channel.list still lists it':
    'channel.get 返回 {0}，且 channel.list 仍列出它',
  'after delete: channel.get answered {0}, channel.list lists it':
    '删除之后：channel.get 返回 {0}，channel.list 仍列出它',
  'after delete: channel.get answered {0}, channel.list omits it':
    '删除之后：channel.get 返回 {0}，channel.list 不再列出它',
  'needs another user: pass --user, or a peer identity (--peer-token / --peer-self-id)':
    '需要另一个用户：传入 --user，或提供对等账号（--peer-token / --peer-self-id）',
  'user.channel.create result': 'user.channel.create 的结果',
  'the direct-message channel has type DIRECT (1)': '私聊频道的 type 为 DIRECT (1)',
  'channel.mute with duration {0}': 'duration 为 {0} 的 channel.mute',
  'without a peer post before the mute its effect cannot be observed':
    '禁言前对等账号没有发言，无法观察禁言的效果',
  'the accepted channel.mute is in force: the peer’s message.create in the channel is refused':
    '被接受的 channel.mute 已生效：对等账号在该频道中的 message.create 被拒绝',
  'accepted (HTTP {0}) for {1} ms after the mute': '禁言后 {1} ms 内仍被接受（HTTP {0}）',
  'the peer’s message.create in the muted channel is refused (any non-2xx)':
    '对等账号在被禁言频道中的 message.create 被拒绝（任何非 2xx 状态）',
  'precondition failed: channel.mute answered {0}': '前置条件不满足：channel.mute 返回 {0}',
  'the mute had no effect (see channel.mute/blocks-peer-until-unmuted)':
    '禁言没有生效（参见 channel.mute/blocks-peer-until-unmuted）',
  'in the muted channel': '在被禁言的频道中',
  'no join request': '没有入群请求',
  'the approved requester {0} did not become a member ({1})': '已被同意的请求者 {0} 没有成为成员（{1}）',
  '{0}: guild.member.get refuses it or guild.member.list omits it':
    '{0}：guild.member.get 拒绝它，或 guild.member.list 没有列出它',
  'the current user id is unknown: pass --self-id': '当前用户的 id 未知：请传入 --self-id',
  'baseline: the peer’s last post in the sandbox channel in this run was accepted':
    '基线：本次运行中对等账号在沙盒频道的上一次发言已被接受',
  'needs another user of the guild: pass --user, or a peer identity (--peer-token / --peer-self-id)':
    '需要该群组的另一个用户：传入 --user，或提供对等账号（--peer-token / --peer-self-id）',
  'check that guild.member.list of guild {0} lists user {1} with its user (see guild.member.list/walks-to-end)':
    '确认群组 {0} 的 guild.member.list 列出用户 {1} 并带有其 user（参见 guild.member.list/walks-to-end）',
  'guild.member.list of guild {0} does not list user {1}: nothing but the user id it was asked for shows that guild.member.get returned that member':
    '群组 {0} 的 guild.member.list 没有列出用户 {1}：除了请求时给出的用户 id，没有任何东西表明 guild.member.get 返回的就是该成员',
  'guild.member.list of guild {0} does not list user {1}: nothing (the GuildMember carries no user.id, §2) shows that guild.member.get returned that member':
    '群组 {0} 的 guild.member.list 没有列出用户 {1}：没有任何东西（该 GuildMember 不带 user.id，§2）表明 guild.member.get 返回的就是该成员',
  'neither guild.member.get nor guild.member.list shows whose member it is':
    'guild.member.get 和 guild.member.list 都没有显示这是哪个用户的成员',
  'guild.member.list shows the member with no name nor nick: its user id is the evidence':
    'guild.member.list 显示的该成员既无 name 也无 nick：证据只有其用户 id',
  'guild.member.get returns the member guild.member.list shows for user {0}: {1} {2}':
    'guild.member.get 返回的成员与 guild.member.list 为用户 {0} 显示的一致：{1} {2}',
  'guild.member.get result': 'guild.member.get 的结果',
  'guild.member.get returns the member asked for (user {0})': 'guild.member.get 返回所请求的成员（用户 {0}）',
  'guild.member.get refused user {0}, but {1}': 'guild.member.get 拒绝了用户 {0}，但 {1}',
  'see guild.member.get/self': '参见 guild.member.get/self',
  'guild.member.get of user {0}, never a member of guild {1}, is refused (any non-2xx)':
    '对从未加入群组 {1} 的用户 {0} 调用 guild.member.get 被拒绝（任何非 2xx 状态）',
  'guild.member.list of guild {0} lists its members, the current user among them':
    '群组 {0} 的 guild.member.list 列出其成员，其中包括当前用户',
  'an empty list': '空列表',
  'no listed member carries user.id (user is optional, §2): the current user cannot be found in the list':
    '列出的成员都不带 user.id（user 是可选的，§2）：无法在列表中找到当前用户',
  'a server that sends GuildMember.user lets the checker find the current user':
    '服务器发送 GuildMember.user 时，检查器才能找到当前用户',
  'the current user id is unknown: it cannot be looked for in the list':
    '当前用户的 id 未知：无法在列表中查找它',
  'pass --self-id': '传入 --self-id',
  'guild.member.list of guild {0} includes the current user {1}':
    '群组 {0} 的 guild.member.list 包含当前用户 {1}',
  'the kicked user {0} is gone': '被踢出的用户 {0} 已不在群组中',
  'guild.member.approve with approve true': 'approve 为 true 的 guild.member.approve',
  'the approved requester {0} is a member: guild.member.get finds it (answers 2xx)':
    '已被同意的请求者 {0} 是成员：guild.member.get 能找到它（返回 2xx）',
  '{0}; {1}': '{0}；{1}',
  'guild.member.get result of the new member': '新成员的 guild.member.get 结果',
  'guild.member.list of guild {0}, followed while next is present, includes the new member {1}':
    '群组 {0} 的 guild.member.list 在带有 next 时继续翻页，包含新成员 {1}',
  '{0} members over {1} page(s), without {2}': '{1} 页共 {0} 个成员，其中没有 {2}',
  'guild.member.approve with approve false': 'approve 为 false 的 guild.member.approve',
  'the declined requester {0} is not a member': '被拒绝的请求者 {0} 不是成员',
  'guild.member.mute of the peer with duration {0}': '对对等账号调用 duration 为 {0} 的 guild.member.mute',
  'the muted peer’s message.create in the sandbox channel is refused (any non-2xx)':
    '被禁言的对等账号在沙盒频道中的 message.create 被拒绝（任何非 2xx 状态）',
  'precondition failed: guild.member.mute answered {0}': '前置条件不满足：guild.member.mute 返回 {0}',
  'the mute had no effect (see guild.member.mute/blocks-peer-until-unmuted)':
    '禁言没有生效（参见 guild.member.mute/blocks-peer-until-unmuted）',
  'while muted in the guild': '在群组中被禁言期间',
  'make guild.list list the sandbox guild, or guild.member.get find the current user (see guild.list/walks-to-end, guild.member.get/self)':
    '让 guild.list 列出沙盒群组，或让 guild.member.get 能找到当前用户（参见 guild.list/walks-to-end、guild.member.get/self）',
  'guild.list includes the sandbox guild {0}': 'guild.list 包含沙盒群组 {0}',
  'guild.list lists no guild with an id, so no membership can be probed (the sandbox guild {0} is not among them)':
    'guild.list 没有列出任何带 id 的群组，因此无法探测成员身份（沙盒群组 {0} 不在其中）',
  'see guild.list/walks-to-end: guild.list must list the sandbox guild':
    '参见 guild.list/walks-to-end：guild.list 必须列出沙盒群组',
  'probing the first {0} of {1} guilds': '在 {1} 个群组中只探测前 {0} 个',
  'guild.member.get finds the current user in every listed guild, but {0}':
    'guild.member.get 在每个列出的群组中都找到了当前用户，但 {0}',
  'see guild.member.get/refuses-a-non-member': '参见 guild.member.get/refuses-a-non-member',
  'the current user {0} is a member of every guild guild.list returns':
    '当前用户 {0} 是 guild.list 返回的每个群组的成员',
  'guild.member.get refuses it in {0}': 'guild.member.get 在这些群组中拒绝了它：{0}',
  'no invitation': '没有邀请',
  'guild.approve with approve true': 'approve 为 true 的 guild.approve',
  'guild.list includes guild {0} after its invitation was approved': '同意邀请后，guild.list 包含群组 {0}',
  'guild.get of the joined guild {0}': '对已加入群组 {0} 的 guild.get',
  'guild.get returns the joined guild {0}': 'guild.get 返回已加入的群组 {0}',
  'guild.approve with approve false': 'approve 为 false 的 guild.approve',
  'not seen joining guild {0}, but {1}': '未观察到加入群组 {0}，但 {1}',
  'the current user is not a member of guild {0} whose invitation was declined (guild.member.get refuses it, or guild.list omits it)':
    '当前用户不是已拒绝其邀请的群组 {0} 的成员（guild.member.get 拒绝它，或 guild.list 没有列出它）',
  'friend.list is empty (the bot has no friend): no Friend to judge; a friend added through friend.approve is judged by friend.approve/approve-adds-requester':
    'friend.list 为空（机器人没有好友）：没有可判定的 Friend；通过 friend.approve 添加的好友由 friend.approve/approve-adds-requester 判定',
  '{0} such item(s), e.g. {1}': '共 {0} 项这样的条目，例如 {1}',
  'no listed friend carries user.id (user is optional, §2): nothing shows whose friends they are':
    '列出的好友都不带 user.id（user 是可选的，§2）：无法看出这些好友分别是谁',
  'a server that sends Friend.user lets the checker tell the friends apart':
    '服务器发送 Friend.user 时，检查器才能区分各个好友',
  'run again while no one else changes the bot’s friends': '在没有其他人改动机器人好友时再运行一次',
  'friend.approve with approve false': 'approve 为 false 的 friend.approve',
  '{0}: it cannot show whether friend.delete removed the friend':
    '{0}：据此无法判断 friend.delete 是否删除了该好友',
  'see friend.list/walks-friends': '参见 friend.list/walks-friends',
  'precondition failed: friend.approve (status {0}) added {1} friend(s), so friend.delete cannot be tested (see friend.approve/approve-adds-requester)':
    '前置条件不满足：friend.approve（状态 {0}）添加了 {1} 位好友，因此无法测试 friend.delete（参见 friend.approve/approve-adds-requester）',
  'friend.delete of {0} was sent': '已发送对 {0} 的 friend.delete',
  'friend.list no longer shows {0}': 'friend.list 不再显示 {0}',
  'friend.approve with approve true': 'approve 为 true 的 friend.approve',
  'friend.list shows exactly one new friend, {0}': 'friend.list 恰好显示一位新好友：{0}',
  'the requester': '请求者',
  'the new friend is {0}': '新好友是 {0}',
  'one channel.mute cycle of a channel the run created': '对本次运行创建的频道进行一次 channel.mute 周期',
  'one guild.member.mute cycle of the peer': '对对端进行一次 guild.member.mute 周期',
  'the channel of the run’s own the mute cycle mutes': '禁言周期所禁言的、本次运行自己的频道',
  'one channel created in the sandbox guild': '在沙盒群组中创建的一个频道',
};
