/** zh-CN renderings of the phrases of suites/pagination.ts, suites/pagination-defaults.ts, suites/messages.ts (src/i18n/phrase.ts), by English template. */
export const SUITES_PAGINATION_PHRASES_ZH: Readonly<Record<string, string>> = {
  'following next reaches every message created (next stays present while more data exists)':
    '沿 next 翻页能到达创建的每条消息（仍有更多数据时 next 一直存在）',
  'after {0} page(s) next was absent; never listed: {1}': '{0} 页之后 next 已不存在；从未列出：{1}',
  'after {0} page(s) the walk had passed them; never listed: {1}': '{0} 页之后遍历已越过它们；从未列出：{1}',
  'the walk lists no message twice': '遍历中没有重复列出的消息',
  'the walk lists the messages in the order they were created (pages newest first, each page oldest first)':
    '遍历按创建顺序列出消息（页由新到旧，每页内由旧到新）',
  '{0} no answer': '{0} 无应答',
  'message.list before the check posts': '检查发消息之前的 message.list',
  'the walk to the end lists every message of the channel': '遍历到末尾列出了频道的每条消息',
  'a page of limit {0} in a channel of {1} messages carries next (one older message remains)':
    '在有 {1} 条消息的频道中，limit 为 {0} 的一页带有 next（还剩一条更早的消息）',
  '{0} message(s), next: {1}': '{0} 条消息，next：{1}',
  'the walk of the channel lists the {0} messages just created': '频道的遍历列出了刚创建的 {0} 条消息',
  'never listed: {0}': '从未列出：{0}',
  'message.list limit {0} (the whole channel)': 'message.list limit {0}（整个频道）',
  'a full page holding all {0} messages of the channel carries no next (nothing older exists)':
    '容纳频道全部 {0} 条消息的满页不带 next（不存在更早的消息）',
  'login.features offers no list the check walks ({0})': 'login.features 未提供本检查遍历的任何列表（{0}）',
  'no list operation answered a complete request with a page: {0}':
    '没有列表操作以一页数据应答完整的请求：{0}',
  'make one of {0} answer a complete request with a list page ({data, next}, §1 rule 5), then run again':
    '让 {0} 之一以列表页（{data, next}，§1 规则 5）应答完整的请求，然后重新运行',
  '{0} (page {1} of {2})': '{0}（第 {1} 页，共 {2} 页）',
  '; passed over: {0}': '；跳过：{0}',
  'judged on {0}: the lists this run saw served{1}': '依据 {0} 判定：本次运行中看到服务端提供的列表{1}',
  "no list has a last page of the platform's data to judge: {0}": '没有哪个列表有可供判定的平台数据末页：{0}',
  'see the walks-to-end checks of {0}': '参见 {0} 的遍历到末尾检查',
  'no list carries next on its last page: the page it leads to is never empty (§1 rule 6)':
    '没有列表在末页带 next：它指向的页从不为空（§1 规则 6）',
  'next led to an empty page in {0}': '{0} 中 next 指向了空页',
  "pages 1 and 2 of 5 messages (limit 2, 'before') carry next":
    "5 条消息的第 1、2 页（limit 2，'before'）带有 next",
  '{0} page(s); page 2 next: {1}': '{0} 页；第 2 页的 next：{1}',
  "direction 'after' is refused ({0}); the spec shows only 'before'":
    "direction 'after' 被拒绝（{0}）；规范只给出了 'before'",
  "message.list direction 'after' walk": "message.list direction 'after' 遍历",
  "walking 'after', next is present only while newer messages exist":
    "以 'after' 遍历时，仅当还有更新的消息时才带有 next",
  "the 'after' walk lists no message twice": "'after' 遍历中没有重复列出的消息",
  "walking 'after' from page 2's token lists every message of page 1 (all newer than that token)":
    "从第 2 页的 token 以 'after' 遍历，列出了第 1 页的每条消息（都比该 token 新）",
  "the 'after' walk lists messages oldest first, page after page": "'after' 遍历逐页由旧到新列出消息",
  "the 'after' walk ends with the newest message ({0}) as its last item":
    "'after' 遍历以最新的消息（{0}）作为最后一项结束",
  "message.list direction 'before' (latest page, limit 5) lists the latest message created ({0})":
    "message.list direction 'before'（最新一页，limit 5）列出了最后创建的消息（{0}）",
  'an empty page': '空页',
  "message.list order 'asc' (latest page, limit 5) lists at least two of the messages just created":
    "message.list order 'asc'（最新一页，limit 5）至少列出了刚创建的消息中的两条",
  '{0} listed': '列出了 {0} 条',
  '{0}: {1} messages on a page of limit {2}, no older page: the token part is not judged':
    '{0}：limit 为 {2} 的一页上有 {1} 条消息，没有更早的页：不判定 token 部分',
  '{0}: the latest page carries next while older messages exist (§1 rule 6)':
    '{0}：存在更早的消息时，最新一页带有 next（§1 规则 6）',
  'message.list page 1': 'message.list 第 1 页',
  'message.list page 2': 'message.list 第 2 页',
  'message.list item {0}': 'message.list 第 {0} 项',
  'message.list item {0} carries user (the required resource of message.list)':
    'message.list 第 {0} 项带有 user（message.list 的必需资源）',
  'message.list item {0} user': 'message.list 第 {0} 项的 user',
  'page 1 holds {0} messages at limit {1}: the middle page is not judged':
    'limit 为 {1} 时第 1 页有 {0} 条消息：不判定中间页',
  'page 1 of 5+ messages (limit 2) carries next': '5 条以上消息的第 1 页（limit 2）带有 next',
  'a middle page (messages exist on both sides) carries both prev and next: the list is bidirectional (§1 rule 5)':
    '中间页（两侧都有消息）同时带有 prev 和 next：列表是双向的（§1 规则 5）',
  'message.list without next, limit 2': '不带 next 的 message.list，limit 2',
  'the first page of message.list without next holds the message just created ({0})':
    '不带 next 的 message.list 的第一页包含刚创建的消息（{0}）',
  '{0} message(s), not including it': '{0} 条消息，不含该消息',
  'the newest message ({0}) is the last item of the first page (order asc)':
    '最新的消息（{0}）是第一页的最后一项（order asc）',
  'at position {0} of {1}, followed by {2}': '位于第 {0} 位（共 {1} 项），其后是 {2}',
  'message.list without direction': '不带 direction 的 message.list',
  "without direction, the first page equals the page of direction 'before'":
    "不带 direction 时，第一页与 direction 'before' 的那一页相同",
  'without: {0}; before: {1}': '不带 direction：{0}；before：{1}',
  'without direction, the first page is at the latest end (holds {0}, just created)':
    '不带 direction 时，第一页位于最新一端（包含刚创建的 {0}）',
  "with a next token and no direction, the page equals the page of direction 'before'":
    "带 next token 而不带 direction 时，该页与 direction 'before' 的那一页相同",
  'message.list without order': '不带 order 的 message.list',
  'the first page (limit 10) holds the {0} messages just created':
    '第一页（limit 10）包含刚创建的 {0} 条消息',
  "message.list direction 'before' without order": "不带 order 的 message.list direction 'before'",
  "message.list direction 'before', page 2": "message.list direction 'before'，第 2 页",
  "direction 'after' is refused ({0}): order checked with 'before' only":
    "direction 'after' 被拒绝（{0}）：只用 'before' 检查顺序",
  "message.list direction 'after' without order": "不带 order 的 message.list direction 'after'",
  "direction 'after' page: too few recognisable messages to judge its order":
    "direction 'after' 的页：可识别的消息太少，无法判定其顺序",
  'message.list without limit': '不带 limit 的 message.list',
  'default page size: {0} message(s), next present': '默认页大小：{0} 条消息，带有 next',
  'default page size: {0} message(s), next absent': '默认页大小：{0} 条消息，没有 next',
  'the sandbox channel holds only {0} message(s): a default page size cannot be observed with {1} or fewer; use a channel with more history (--channel)':
    '沙箱频道只有 {0} 条消息：消息数不超过 {1} 时无法观察默认页大小；请使用历史消息更多的频道（--channel）',
  'the default page is not larger than the upper bound of limit ({0})': '默认页不大于 limit 的上限（{0}）',
  '{0} message(s)': '{0} 条消息',
  'without limit, message.list returns a default page, not the whole history ({0} messages, no next)':
    '不带 limit 时，message.list 返回默认页，而不是全部历史（{0} 条消息，没有 next）',
  '{0} message(s) and no next marker': '{0} 条消息，且没有 next 标记',
  'the default page size {0} differs from the recommended 50 (a platform default may)':
    '默认页大小 {0} 与推荐值 50 不同（平台默认值可以不同）',
  'message.list with limit {0} returns at most the upper bound {1} (clamped)':
    'limit 为 {0} 的 message.list 最多返回上限 {1} 条（被截到上限）',
  'page sizes: {0}': '各页大小：{0}',
  'no page above the bound carried next: the sandbox channel {0} shows no more messages than one page holds ({1}), so no clamp could be observed':
    '没有超出上限的页带有 next：沙箱频道 {0} 的消息不超过一页的容量（{1}），因此观察不到截断',
  'use a sandbox channel with more messages than the bound (--channel)':
    '使用消息数多于上限的沙箱频道（--channel）',
  'use a sandbox channel with more messages than the bound ({0}) (--channel)':
    '使用消息数多于上限（{0}）的沙箱频道（--channel）',
  'upper bound unknown (--limit-bound): the clamp is judged by the next marker only':
    '上限未知（--limit-bound）：只凭 next 标记判定截断',
  'message.list with limit {0} returns at most {1} message(s)':
    'limit 为 {0} 的 message.list 最多返回 {1} 条消息',
  'message.list with limit {0} lists the latest message created ({1}) on the latest page':
    'limit 为 {0} 的 message.list 在最新一页列出了最后创建的消息（{1}）',
  'message.create result item {0}': 'message.create 结果的第 {0} 项',
  'a Message returned by message.create has the content sent: {0}':
    'message.create 返回的某个 Message 带有所发送的内容：{0}',
  'message.get of the created message {0} answered {1}': '对已创建消息 {0} 的 message.get 应答了 {1}',
  'message.get of the created message {0} answers 2xx with the content sent':
    '对已创建消息 {0} 的 message.get 以 2xx 应答，并带有所发送的内容',
  'message.get returns the message with id {0}': 'message.get 返回 id 为 {0} 的消息',
  'message.get returns the content sent: {0}': 'message.get 返回所发送的内容：{0}',
  'message.get result carries channel (a required resource)': 'message.get 的结果带有 channel（必需资源）',
  'message.get result channel': 'message.get 结果的 channel',
  'message.get result channel.id is the channel_id asked for ({0})':
    'message.get 结果的 channel.id 是所请求的 channel_id（{0}）',
  'message.get result carries user (a required resource)': 'message.get 的结果带有 user（必需资源）',
  'message.get result user': 'message.get 结果的 user',
  'message.get after message.update': 'message.update 之后的 message.get',
  'message.get after message.update returns the new content {0}':
    'message.update 之后的 message.get 返回新内容 {0}',
  'precondition failed: neither message.get ({0}) nor message.list shows the message just created ({1}), so its removal cannot be observed (see message.create/returns-the-sent-message)':
    '前置条件不满足：message.get（{0}）和 message.list 都没有显示刚创建的消息（{1}），因此无法观察它是否被删除（见 message.create/returns-the-sent-message）',
  'message.get afterwards: {0}': '之后的 message.get：{0}',
  'message.list after message.delete': 'message.delete 之后的 message.list',
  'after message.delete, message.get answers 4xx or the latest messages no longer include {0}':
    'message.delete 之后，message.get 应答 4xx，或最新的消息中不再包含 {0}',
  'message.get: {0}; message {1} is still in message.list': 'message.get：{0}；消息 {1} 仍在 message.list 中',
};
