/**
 * The zh-CN titles of the fuzz oracles (src/fuzz/*.ts, oracle(...)), keyed by oracle id; the English title stays where
 * the oracle is defined. Rendered by titleOf (src/i18n/titles.ts).
 */
export const FUZZ_TITLES_ZH: Readonly<Record<string, string>> = {
  'fuzz.message.create/refuses-missing-field': '缺少必填字段的 message.create 被拒绝（非 2xx）',
  'fuzz.message.create/invalid-input-is-4xx':
    'message.create 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.message.get/refuses-missing-field': '缺少必填字段的 message.get 被拒绝（非 2xx）',
  'fuzz.message.get/invalid-input-is-4xx':
    'message.get 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.message.delete/refuses-missing-field': '缺少必填字段的 message.delete 被拒绝（非 2xx）',
  'fuzz.message.delete/invalid-input-is-4xx':
    'message.delete 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.message.update/refuses-missing-field': '缺少必填字段的 message.update 被拒绝（非 2xx）',
  'fuzz.message.update/invalid-input-is-4xx':
    'message.update 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.message.list/refuses-missing-field': '缺少必填字段的 message.list 被拒绝（非 2xx）',
  'fuzz.message.list/invalid-input-is-4xx':
    'message.list 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.channel.get/refuses-missing-field': '缺少必填字段的 channel.get 被拒绝（非 2xx）',
  'fuzz.channel.get/invalid-input-is-4xx':
    'channel.get 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.channel.list/refuses-missing-field': '缺少必填字段的 channel.list 被拒绝（非 2xx）',
  'fuzz.channel.list/invalid-input-is-4xx':
    'channel.list 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.channel.create/refuses-missing-field': '缺少必填字段的 channel.create 被拒绝（非 2xx）',
  'fuzz.channel.create/invalid-input-is-4xx':
    'channel.create 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.channel.update/refuses-missing-field': '缺少必填字段的 channel.update 被拒绝（非 2xx）',
  'fuzz.channel.update/invalid-input-is-4xx':
    'channel.update 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.channel.delete/refuses-missing-field': '缺少必填字段的 channel.delete 被拒绝（非 2xx）',
  'fuzz.channel.delete/invalid-input-is-4xx':
    'channel.delete 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.channel.mute/refuses-missing-field': '缺少必填字段的 channel.mute 被拒绝（非 2xx）',
  'fuzz.channel.mute/invalid-input-is-4xx':
    'channel.mute 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.user.channel.create/refuses-missing-field': '缺少必填字段的 user.channel.create 被拒绝（非 2xx）',
  'fuzz.user.channel.create/invalid-input-is-4xx':
    'user.channel.create 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.get/refuses-missing-field': '缺少必填字段的 guild.get 被拒绝（非 2xx）',
  'fuzz.guild.get/invalid-input-is-4xx':
    'guild.get 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.list/invalid-input-is-4xx':
    'guild.list 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.approve/refuses-missing-field': '缺少必填字段的 guild.approve 被拒绝（非 2xx）',
  'fuzz.guild.approve/invalid-input-is-4xx':
    'guild.approve 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.member.get/refuses-missing-field': '缺少必填字段的 guild.member.get 被拒绝（非 2xx）',
  'fuzz.guild.member.get/invalid-input-is-4xx':
    'guild.member.get 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.member.list/refuses-missing-field': '缺少必填字段的 guild.member.list 被拒绝（非 2xx）',
  'fuzz.guild.member.list/invalid-input-is-4xx':
    'guild.member.list 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.member.kick/refuses-missing-field': '缺少必填字段的 guild.member.kick 被拒绝（非 2xx）',
  'fuzz.guild.member.kick/invalid-input-is-4xx':
    'guild.member.kick 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.member.mute/refuses-missing-field': '缺少必填字段的 guild.member.mute 被拒绝（非 2xx）',
  'fuzz.guild.member.mute/invalid-input-is-4xx':
    'guild.member.mute 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.member.approve/refuses-missing-field': '缺少必填字段的 guild.member.approve 被拒绝（非 2xx）',
  'fuzz.guild.member.approve/invalid-input-is-4xx':
    'guild.member.approve 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.member.role.set/refuses-missing-field': '缺少必填字段的 guild.member.role.set 被拒绝（非 2xx）',
  'fuzz.guild.member.role.set/invalid-input-is-4xx':
    'guild.member.role.set 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.member.role.unset/refuses-missing-field':
    '缺少必填字段的 guild.member.role.unset 被拒绝（非 2xx）',
  'fuzz.guild.member.role.unset/invalid-input-is-4xx':
    'guild.member.role.unset 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.role.list/refuses-missing-field': '缺少必填字段的 guild.role.list 被拒绝（非 2xx）',
  'fuzz.guild.role.list/invalid-input-is-4xx':
    'guild.role.list 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.role.create/refuses-missing-field': '缺少必填字段的 guild.role.create 被拒绝（非 2xx）',
  'fuzz.guild.role.create/invalid-input-is-4xx':
    'guild.role.create 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.role.update/refuses-missing-field': '缺少必填字段的 guild.role.update 被拒绝（非 2xx）',
  'fuzz.guild.role.update/invalid-input-is-4xx':
    'guild.role.update 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.guild.role.delete/refuses-missing-field': '缺少必填字段的 guild.role.delete 被拒绝（非 2xx）',
  'fuzz.guild.role.delete/invalid-input-is-4xx':
    'guild.role.delete 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.reaction.create/refuses-missing-field': '缺少必填字段的 reaction.create 被拒绝（非 2xx）',
  'fuzz.reaction.create/invalid-input-is-4xx':
    'reaction.create 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.reaction.delete/refuses-missing-field': '缺少必填字段的 reaction.delete 被拒绝（非 2xx）',
  'fuzz.reaction.delete/invalid-input-is-4xx':
    'reaction.delete 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.reaction.clear/refuses-missing-field': '缺少必填字段的 reaction.clear 被拒绝（非 2xx）',
  'fuzz.reaction.clear/invalid-input-is-4xx':
    'reaction.clear 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.reaction.list/refuses-missing-field': '缺少必填字段的 reaction.list 被拒绝（非 2xx）',
  'fuzz.reaction.list/invalid-input-is-4xx':
    'reaction.list 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.friend.list/invalid-input-is-4xx':
    'friend.list 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.friend.delete/refuses-missing-field': '缺少必填字段的 friend.delete 被拒绝（非 2xx）',
  'fuzz.friend.delete/invalid-input-is-4xx':
    'friend.delete 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.friend.approve/refuses-missing-field': '缺少必填字段的 friend.approve 被拒绝（非 2xx）',
  'fuzz.friend.approve/invalid-input-is-4xx':
    'friend.approve 以 4xx 而非 5xx 拒绝无效输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.message.create/accepts-plain-content':
    'message.create 接受任意文字的纯文本内容（星界字符、组合符号、从右到左书写……）',
  'fuzz.message.create/refusal-is-4xx':
    'message.create 以 4xx 而非 5xx 拒绝它不接受的输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.message.create/result-matches-schema': 'message.create 对生成内容的返回是 Message 数组',
  'fuzz.message.get/reads-back-what-was-sent':
    'message.get 读回的纯文本内容与发送时一致（允许 Unicode 规范化差异）',
  'fuzz.message.list/lists-what-get-reads': 'message.list 列出所创建的消息，其内容与 message.get 读到的一致',
  'fuzz.message.create/reads-back-exactly':
    '任何被接受的内容读回时与发送时完全一致（内容是消息元素：服务器可能重新序列化，因此为 should）',
  'fuzz.message.update/accepts-plain-content': 'message.update 接受任意文字的纯文本内容',
  'fuzz.message.update/refusal-is-4xx':
    'message.update 以 4xx 而非 5xx 拒绝它不接受的输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.message.update/update-reads-back':
    'message.update 之后，message.get 读到新的纯文本内容（允许 Unicode 规范化差异）',
  'fuzz.message.update/reads-back-exactly': '任何被接受的新内容读回时与发送时完全一致',
  'fuzz.message.list/accepts-valid-parameters':
    'message.list 对任意正数 limit（超出上限 1 时截断，§4.1 规则 5）、direction 为 before 和 order 为 asc 都以 2xx 应答',
  'fuzz.message.list/result-matches-schema': 'message.list 对生成的参数返回 Message 的 BidiList',
  'fuzz.channel.create/accepts-plain-name':
    'channel.create 接受任意文字的纯文本名称（各平台会限制名称，因此为 should）',
  'fuzz.channel.create/refusal-is-4xx':
    'channel.create 以 4xx 而非 5xx 拒绝它不接受的输入（当服务器以 4xx 拒绝错误输入时）',
  'fuzz.channel.create/result-matches-schema': 'channel.create 对生成的名称返回的是一个 Channel',
  'fuzz.channel.get/reads-what-create-returned':
    'channel.get 读到所创建的频道，其名称与 channel.create 返回的一致',
  'fuzz.channel.create/name-reads-back-exactly':
    '名称读回时与发送时一致（各平台会规范化名称，因此为 should）',
  'fuzz.message.create/succeeds-in-sequence': '纯文本内容的 message.create 在任意操作序列中都成功',
  'fuzz.message.get/reads-the-latest-write': 'message.get 读到最后一次写入的内容（更新可见）',
  'fuzz.message.update/succeeds-in-sequence': '对自己消息的 message.update 在任意操作序列中都成功',
  'fuzz.message.delete/succeeds-in-sequence': '对自己消息的 message.delete 在任意操作序列中都成功',
  'fuzz.message.delete/deleted-is-gone': '已删除的消息不会被 message.get 读到',
  'fuzz.message.delete/deleted-is-not-listed': '已删除的消息不会被 message.list 列出',
  'fuzz.message.list/lists-live-messages': 'message.list 列出每条现存消息及其最新内容',
  'fuzz.channel.get/reads-live-channels': 'channel.get 能读到检查器创建且尚未删除的每个频道',
  'fuzz.channel.delete/succeeds-in-sequence': '对自己频道的 channel.delete 在任意操作序列中都成功',
  'fuzz.channel.delete/deleted-is-gone': '已删除的频道不会被 channel.get 读到',
  'fuzz.channel.delete/deleted-is-not-listed': '已删除的频道不会被 channel.list 列出',
  'fuzz.channel.list/agrees-with-get':
    'channel.list 列出每个现存频道，其名称与 channel.get 读到的一致（更新在两者中都可见）',
};
