/** zh-CN renderings of the phrases of src/fuzz/, src/events/, src/client/ and src/*.ts (src/i18n/phrase.ts), by English template. */
export const RUNNER_IO_PHRASES_ZH: Readonly<Record<string, string>> = {
  'response body exceeds the limit of {0} bytes ({1} bytes or more received); ':
    '响应体超出 {0} 字节的上限（已收到 {1} 字节或更多）；',
  'the implementation should not answer with bodies this large': '实现不应以这么大的响应体应答',
  'The target redirected off its base host (not followed: the token would go with it)':
    '目标重定向到基础主机之外（未跟随：令牌会随之发出）',
  'The target answered with a redirect (not followed)': '目标以重定向应答（未跟随）',
  '{0} answered HTTP {1} Location: {2}': '{0} 应答 HTTP {1}，Location：{2}',
  'The target answered with an HTML page (often a proxy or debug error page)':
    '目标应答了一个 HTML 页面（通常是代理或调试错误页）',
  '{0} answered HTTP {1} {2}': '{0} 应答 HTTP {1} {2}',
  '(no content-type)': '（无 content-type）',
  'The target sent a body declared as JSON that does not parse': '目标发送了声明为 JSON 但无法解析的响应体',
  '{0} answered HTTP {1} {2}: {3}': '{0} 应答 HTTP {1} {2}：{3}',
  "the checker's longest wait ({0} s)": '检查器的最长等待（{0} 秒）',
  '{0} {1}: request aborted while waiting for {2}': '{0} {1}：等待{2}时请求被中止',
  '{0} {1}: not sent: {2} asks to wait {3} s': '{0} {1}：未发送：{2}要求等待 {3} 秒',
  '{0}, past {1} ({2} s left)': '{0}，超过{1}（剩余 {2} 秒）',
  "The target's rate limit asked for a wait past the deadline: that request was not sent":
    '目标的速率限制要求等待到截止时间之后：该请求未发送',
  '{0} {1}: rate limited (HTTP 429, {2} attempts); ': '{0} {1}：被限流（HTTP 429，尝试 {2} 次）；',
  '{0} {1}: rate limited (HTTP 429, {2} attempt); ': '{0} {1}：被限流（HTTP 429，尝试 {2} 次）；',
  'the server asked Retry-After: {0}, ': '服务器要求的 Retry-After 为 {0}，',
  '(none)': '（无）',
  'the checker waits at most {0} s per retry and retries {1} times, so the request got no answer':
    '检查器每次重试最多等待 {0} 秒、重试 {1} 次，因此该请求没有得到应答',
  'The target rate-limited the checker (HTTP 429); the checks that got no answer are errors':
    '目标对检查器限流（HTTP 429）；未得到应答的检查记为错误',
  "the target's rate limit (HTTP 429)": '目标的速率限制（HTTP 429）',
  'the target is unresponsive ({0})': '目标无响应（{0}）',
  '{0} {1}: not sent: {2}': '{0} {1}：未发送：{2}',
  '{0} went unanswered for {1} ms earlier in this run (a hanging operation is tried once)':
    '{0} 在本次运行中早先 {1} 毫秒内未得到应答（挂起的操作只尝试一次）',
  '{0} operations in a row got no complete response within {1} ms: {2}':
    '连续 {0} 个操作在 {1} 毫秒内未得到完整响应：{2}',
  "The target sent a body larger than the checker's limit ({0} bytes); it was not read":
    '目标发送的响应体超过检查器的上限（{0} 字节），未读取',
  '{0} answered HTTP {1}: {2}': '{0} 应答 HTTP {1}：{2}',
  'request aborted (run interrupted or check timed out)': '请求被中止（运行被中断或检查超时）',
  'no complete response within {0} ms (raise --timeout if the server is slow)':
    '{0} 毫秒内没有完整响应（服务器较慢时请调大 --timeout）',
  'network error: {0}': '网络错误：{0}',
  "the target's rate limit (bucket '{0}')": "目标的速率限制（桶 '{0}'）",
  "the checker's budget of {0} (--rate-limit)": '检查器的预算 {0}（--rate-limit）',
  ' limit {0}': ' 上限 {0}',
  'rate limits seen: {0} buckets ({1}': '观察到的速率限制：{0} 个桶（{1}',
  'rate limits seen: {0} bucket ({1}': '观察到的速率限制：{0} 个桶（{1}',
  '{0}); {1} requests paced ': '{0}）；{1} 个请求被限速',
  '(their waits add up to {0} s), {1} refused with 429': '（等待合计 {0} 秒），{1} 个被 429 拒绝',
  '{0} is shorter than {1} characters: it is redacted where it appears whole, but pieces of so short a token cannot be told from ordinary text':
    '{0} 短于 {1} 个字符：完整出现时会被脱敏，但这么短的令牌的片段无法与普通文本区分',
  'Events name no login (login.user.id / self_id): not filtered.':
    '事件未指明登录（login.user.id / self_id）：不做过滤。',
  'An event listener threw: {0}': '事件监听器抛出异常：{0}',
  'An EVENT frame had no object body; it is kept with an empty type.':
    '一个 EVENT 帧没有对象形式的 body；保留它，类型为空。',
  'An EVENT body had no string type.': '一个 EVENT body 没有字符串类型的 type。',
  'Older event envelope: id instead of sn (read as sn).': '旧式事件信封：用 id 代替 sn（按 sn 读取）。',
  'Older event envelope: self_id and platform instead of login.':
    '旧式事件信封：用 self_id 和 platform 代替 login。',
  'READY came as op 0 before IDENTIFY (an EVENT frame with logins and no type), no READY (op 4)':
    'READY 在 IDENTIFY 之前以 op 0 发来（一个带 logins、没有 type 的 EVENT 帧），没有 READY（op 4）',
  'READY came as op 0 after IDENTIFY (an EVENT frame with logins and no type), no READY (op 4)':
    'READY 在 IDENTIFY 之后以 op 0 发来（一个带 logins、没有 type 的 EVENT 帧），没有 READY（op 4）',
  'Not connecting to {0}: the run was stopped': '不连接 {0}：运行已停止',
  "Invalid event WebSocket URL '{0}': {1}": "无效的事件 WebSocket URL '{0}'：{1}",
  'Could not open the event WebSocket at {0}: {1}. Check that the server is running and serves ':
    '无法打开位于 {0} 的事件 WebSocket：{1}。请检查服务器正在运行，并在',
  'events at {base}/events (or give the events URL explicitly).':
    '{base}/events 提供事件（或显式给出事件 URL）。',
  'no connection within {0} ms': '{0} 毫秒内未建立连接',
  'the run was stopped': '运行已停止',
  'the upgrade was answered with HTTP {0}': '升级请求得到 HTTP {0} 应答',
  "<a token of this run's own>": '<本次运行自己的一个令牌>',
  'Cannot listen for webhooks on {0}: {1}. Pick another host:port.':
    '无法在 {0} 上监听 webhook：{1}。请换一个 host:port。',
  "Invalid webhook listen address '{0}': expected host:port, e.g. 127.0.0.1:0.":
    "无效的 webhook 监听地址 '{0}'：应为 host:port，例如 127.0.0.1:0。",
  'The token the receiver was registered with is unknown: the Authorization of deliveries is not judged (pass --webhook-token).':
    '注册接收端时使用的令牌未知：不评判投递的 Authorization（请传入 --webhook-token）。',
  'The webhook deliveries flooded the checker': 'webhook 投递淹没了检查器',
  '{0}: up to {1} deliveries in one second ({2} in all); the checker keeps the latest {3} events and counts the rest':
    '{0}：一秒内最多 {1} 次投递（共 {2} 次）；检查器保留最近的 {3} 个事件，其余只计数',
  'A webhook delivery could not be read: {0}': '一次 webhook 投递无法读取：{0}',
  'A webhook delivery was not JSON (ignored).': '一次 webhook 投递不是 JSON（已忽略）。',
  'A webhook delivery lacked `Authorization: Bearer <token>`.':
    '一次 webhook 投递缺少 `Authorization: Bearer <token>`。',
  'A webhook delivery had no numeric Satori-Opcode header (read as EVENT).':
    '一次 webhook 投递没有数字形式的 Satori-Opcode 头（按 EVENT 读取）。',
  'Webhook deliveries with Satori-Opcode {0} (ignored).':
    '带有 Satori-Opcode {0} 的 webhook 投递（已忽略）。',
  'A webhook delivery body was not a JSON object (ignored).':
    '一次 webhook 投递的 body 不是 JSON 对象（已忽略）。',
  'more than {0} bytes': '超过 {0} 字节',
  'stopped while waiting for READY': '等待 READY 时已停止',
  'READY came as an EVENT frame (op 0), not as op 4 after IDENTIFY':
    'READY 以 EVENT 帧（op 0）发来，而不是在 IDENTIFY 之后以 op 4 发来',
  "{0}: {1}; its logins are read as READY's": '{0}：{1}；其中的 logins 按 READY 的读取',
  'The event stream never sent READY after IDENTIFY (the stream is read on: its events are judged)':
    '事件流在 IDENTIFY 之后从未发送 READY（仍继续读取事件流：其中的事件会被评判）',
  'The event stream flooded the checker': '事件流淹没了检查器',
  '{0}: up to {1} frames in one second ({2} frames, {3} characters in all{4}); the checker keeps the latest {5} events and counts the rest':
    '{0}：一秒内最多 {1} 帧（共 {2} 帧、{3} 个字符{4}）；检查器保留最近的 {5} 个事件，其余只计数',
  '; reading was paused in {0} second(s) at {1} frames per second': '；有 {0} 秒以每秒 {1} 帧的速度暂停读取',
  'The event stream sent frames that are not JSON {op, body}': '事件流发送了不是 JSON {op, body} 的帧',
  '{0}: {1} of {2} frames (ignored)': '{0}：{2} 帧中有 {1} 帧（已忽略）',
  'The event stream sent a frame over {0} bytes; the checker closed it (1009)':
    '事件流发送了超过 {0} 字节的帧；检查器已将其关闭（1009）',
  '{0}: later events are missed': '{0}：之后的事件将丢失',
  'The event WebSocket at {0} refused IDENTIFY (close 4004, authentication failed): check the token.':
    '位于 {0} 的事件 WebSocket 拒绝了 IDENTIFY（close 4004，认证失败）：请检查令牌。',
  'The event WebSocket at {0} closed with code {1} before READY: check the token and that the server speaks the Satori event protocol (IDENTIFY op 3 → READY op 4).':
    '位于 {0} 的事件 WebSocket 在 READY 之前以代码 {1} 关闭：请检查令牌，并确认服务器使用 Satori 事件协议（IDENTIFY op 3 → READY op 4）。',
  'No READY from the event WebSocket at {0} within {1} ms of IDENTIFY: check the token and that the server speaks the Satori event protocol (IDENTIFY op 3 → READY op 4).':
    'IDENTIFY 之后 {1} 毫秒内位于 {0} 的事件 WebSocket 没有发来 READY：请检查令牌，并确认服务器使用 Satori 事件协议（IDENTIFY op 3 → READY op 4）。',
  'READY carried no logins array.': 'READY 没有 logins 数组。',
  'No READY within the connection timeout: the stream is read on, and the events that arrive are judged{0}.':
    '连接超时内没有 READY：仍继续读取事件流，到达的事件会被评判{0}。',
  " (every login's: pass --self-id to keep one)": '（所有登录的事件：传入 --self-id 只保留一个）',
  'The server closed the event WebSocket (code {0}); later events are missed.':
    '服务器关闭了事件 WebSocket（代码 {0}）；之后的事件将丢失。',
  'The server sent a frame that is not JSON {op, body}.': '服务器发送了不是 JSON {op, body} 的帧。',
  'The server sent {0} frames (ignored).': '服务器发送了 {0} 帧（已忽略）。',
  'unknown op {0}': '未知 op {0}',
  'A PING was not answered with PONG before the next PING.':
    '一个 PING 在下一个 PING 之前没有得到 PONG 应答。',
  'internal error (a defect of the checker, not of the implementation): {0}; please report it on the chat-conformance issue tracker with the command you ran (DEBUG=chat-conformance prints the stack)':
    '内部错误（检查器的缺陷，而非被测实现的）：{0}；请带上你运行的命令，到 chat-conformance 的问题跟踪器报告（DEBUG=chat-conformance 会打印调用栈）',
  'accepted by {0} ({1})': '被 {0} 接受（{1}）',
  'no complete request of {0} was accepted in this run: {1}': '本次运行中 {0} 没有任何完整请求被接受：{1}',
  'none was sent': '一个也没有发送',
  'the fuzz makes none (it needs a pending request, a member, a friend or the peer, which the fuzz may not touch)':
    '模糊测试不构造它（它需要一个待处理的请求、一名成员、一位好友或对等账号，而模糊测试不能触碰这些）',
  'a control request': '一个对照请求',
  'reaction on message {0} ({1})': '消息 {0} 上的表态（{1}）',
  'internal: {0}': '内部错误：{0}',
  "--replay: no fuzz property '{0}' (the report is from another version?)":
    "--replay：没有名为 '{0}' 的模糊测试属性（报告来自其他版本？）",
  'features: no READY read ({0}); login.get and meta tell them':
    '功能：未读到 READY（{0}）；由 login.get 和 meta 告知',
  'the generated properties': '生成的属性',
  'the undo of {0} ledger entries': '撤销 {0} 个台账条目',
  '{0} missing': '缺少 {0}',
  'message {0}': '消息 {0}',
  'channel {0}': '频道 {0}',
  'role {0}': '角色 {0}',
  'a 4xx for {0}': '对 {0} 应答 4xx',
  'a refusal of {0}': '拒绝 {0}',
  "--budget must be a duration like 60s, 90000ms or 2m (got '{0}')":
    "--budget 必须是 60s、90000ms 或 2m 这样的时长（实际为 '{0}'）",
  '--replay {0}: cannot read it as JSON ({1}); pass the report.json of a fuzz run.':
    '--replay {0}：无法按 JSON 读取（{1}）；请传入一次模糊测试运行的 report.json。',
  '--replay {0}: not the report.json of a fuzz run (no fuzz section).':
    '--replay {0}：不是模糊测试运行的 report.json（没有 fuzz 部分）。',
  '--replay {0}: the report has no findings to replay.': '--replay {0}：报告中没有可重放的发现。',
  '{0} must be a whole number above 0 (got {1})': '{0} 必须是大于 0 的整数（实际为 {1}）',
  '--seed must be a whole number (got {0})': '--seed 必须是整数（实际为 {0}）',
  '{0}; observed {1} (shrunk in {2} steps; {3})': '{0}；实际为 {1}（经 {2} 步缩减；{3}）',
  'minimal input: {0}': '最小输入：{0}',
  'replay: conformance fuzz --replay report.json ({0})': '重放：conformance fuzz --replay report.json（{0}）',
  'held for {0} generated inputs ({1} runs of {2})': '对 {0} 个生成的输入成立（{2} 运行 {1} 次）',
  'no control': '没有对照',
  '{0}: it {1}, but {2}: a refusal proves nothing when the complete request is refused as well':
    '{0}：它{1}，但 {2}：完整请求也被拒绝时，拒绝不能证明任何事',
  'make {0} accept a complete valid request (or leave it out of login.features), then fuzz again':
    '让 {0} 接受一个完整的有效请求（或将它从 login.features 中去掉），然后重新进行模糊测试',
  'not counted: it {0}, but {1}; a refusal proves nothing without an accepted complete request':
    '不计入：它{0}，但{1}；没有被接受的完整请求，拒绝不能证明任何事',
  'control: a complete request of {0} was {1}': '对照：{0} 的一个完整请求已{1}',
  'not exercised: no generated input reached it in {0} runs': '未覆盖：{0} 次运行中没有生成的输入触及它',
  'the fuzz setup (its scratch channel)': '模糊测试准备（它的临时频道）',
  'channel {0} (fuzz scratch)': '频道 {0}（模糊测试临时频道）',
  'channel.create in the sandbox guild answered {0}: the channel properties need it':
    '沙盒群组中的 channel.create 应答 {0}：频道属性需要它',
  'the login does not offer channel.create (login.features): the channel properties need it':
    '登录不提供 channel.create（login.features）：频道属性需要它',
  'fuzz: no scratch channel ({0}){1}': '模糊测试：没有临时频道（{0}）{1}',
  '; messages go to the sandbox channel': '；消息发往沙盒频道',
  'the fuzz setup (its anchor message)': '模糊测试准备（它的锚点消息）',
  'message {0} (fuzz anchor)': '消息 {0}（模糊测试锚点）',
  'fuzz: {0} of an unknown id answered {1}: this server refuses bad input with 5xx, so a 5xx on a generated bad input is no finding':
    '模糊测试：对未知 ID 的 {0} 应答 {1}：该服务器以 5xx 拒绝错误输入，因此生成的错误输入得到 5xx 不算发现',
  '{0} answers 2xx': '{0} 应答 2xx',
  'deleted message {0} not listed': '已删除的消息 {0} 不在列表中',
  'listed: {0}': '列出了：{0}',
  'message {0} listed with content {1}': '消息 {0} 以内容 {1} 列出',
  'content {0}': '内容 {0}',
  'not listed': '未列出',
  'message.get of live message {0}': '对存活消息 {0} 的 message.get',
  'message.update of message {0}': '对消息 {0} 的 message.update',
  'message.delete of message {0}': '对消息 {0} 的 message.delete',
  'message.get of deleted message {0} is refused': '对已删除消息 {0} 的 message.get 被拒绝',
  'deleted channel {0} not listed': '已删除的频道 {0} 不在列表中',
  'channel.get of live channel {0}': '对存活频道 {0} 的 channel.get',
  'channel {0} listed with the name channel.get reads, {1}': '频道 {0} 以 channel.get 读到的名称 {1} 列出',
  'name {0}': '名称 {0}',
  'channel.delete of channel {0}': '对频道 {0} 的 channel.delete',
  'channel.get of deleted channel {0} is refused': '对已删除频道 {0} 的 channel.get 被拒绝',
  'a refusal with a 4xx, as this server refuses an unknown id': '以 4xx 拒绝，正如该服务器拒绝未知 ID 那样',
  'plain input {0} accepted (2xx)': '普通输入 {0} 被接受（2xx）',
  'a read-back': '一次回读',
  'message.get of message {0} answers 2xx': '对消息 {0} 的 message.get 应答 2xx',
  'message {0} in the latest pages of message.list with content {1}':
    '消息 {0} 出现在 message.list 最新的几页中，内容为 {1}',
  'content exactly {0}': '内容与 {0} 完全一致',
  'an array of Message': 'Message 数组',
  'message.create response': 'message.create 的应答',
  'a 2xx page': '一个 2xx 的分页',
  'a BidiList of Message': 'Message 的 BidiList',
  'message.list response': 'message.list 的应答',
  'a Channel': '一个 Channel',
  'channel.create response': 'channel.create 的应答',
  'channel {0} named {1}': '频道 {0} 名为 {1}',
  '{0} or {1}': '{0} 或 {1}',
  'Pass --base-url URL (the implementation to check) or --embedded.':
    '请传入 --base-url URL（被测实现）或 --embedded。',
  '--base-url and --embedded exclude each other: pass one of them.':
    '--base-url 与 --embedded 互斥：只传其中一个。',
  "--base-url '{0}' is not a URL: write it like http://127.0.0.1:5140/v1":
    "--base-url '{0}' 不是 URL：应写成 http://127.0.0.1:5140/v1 这样",
  '--base-url must be http:// or https:// (got {0})': '--base-url 必须是 http:// 或 https://（实际为 {0}）',
  '--fault only works with --embedded (faults are switched on in the embedded reference implementation).':
    '--fault 只能与 --embedded 一起使用（故障在内嵌的参考实现中开启）。',
  '--tolerate only works with --embedded (tolerances are switched on in the embedded reference implementation).':
    '--tolerate 只能与 --embedded 一起使用（容差在内嵌的参考实现中开启）。',
  '--latency only works with --embedded.': '--latency 只能与 --embedded 一起使用。',
  '--limit-bound must be a whole number above 0 (the largest page message.list returns)':
    '--limit-bound 必须是大于 0 的整数（message.list 返回的最大页）',
  '--emoji needs two or more emoji ids valid on the target, comma-separated, e.g. --emoji 👍,❤️':
    '--emoji 需要两个或更多在目标上有效的表情 ID，以逗号分隔，例如 --emoji 👍,❤️',
  "{0} must be {1} (got '{2}')": "{0} 必须是 {1}（实际为 '{2}'）",
  '{0} must be {1}': '{0} 必须是{1}',
  'a number of 0 or more': '大于等于 0 的数',
  'a positive number': '正数',
  "--suite '{0}' is unknown: use one of {1}": "--suite '{0}' 未知：请使用 {1} 之一",
  "--variant: unknown point '{0}'; points are {1}": "--variant：未知的变体点 '{0}'；变体点有 {1}",
  "--variant {0}: '{1}' is not one of {2}": "--variant {0}：'{1}' 不是 {2} 之一",
  '{0} must be a positive number': '{0} 必须是正数',
  '--concurrency must be a whole number': '--concurrency 必须是整数',
  '--dirty only works with --embedded (it seeds the embedded reference with leftovers).':
    '--dirty 只能与 --embedded 一起使用（它给内嵌参考实现预置残留数据）。',
  '--vacuous only works with --embedded (it replaces the embedded reference by a do-nothing server).':
    '--vacuous 只能与 --embedded 一起使用（它用一个什么都不做的服务器替换内嵌参考实现）。',
  'Pass --trigger-url or --trigger-command, not both.':
    '请传入 --trigger-url 或 --trigger-command，不要同时传两个。',
  "--webhook-listen must be HOST:PORT (got '{0}')": "--webhook-listen 必须是 HOST:PORT（实际为 '{0}'）",
  'faults are on: the verdict counts should-level and experimental checks (pass --level must to narrow it)':
    '已开启故障：判定计入 should 级别和实验性检查（传入 --level must 可缩小范围）',
  'the run deadline of {0} ms (--run-timeout) was reached': '已到达 {0} 毫秒的运行截止时间（--run-timeout）',
  '{0} check(s) in flight: {1}{2}': '{0} 项检查正在进行：{1}{2}',
  '{0} ({1}{2})': '{0}（{1}{2}）',
  ', waiting for {0}': '，正在等待{0}',
  'the run deadline (--run-timeout {0} ms)': '运行截止时间（--run-timeout {0} 毫秒）',
  'about {0} requests at {1}: about {2}': '约 {0} 个请求，速率 {1}：约 {2}',
  'event stream: {0}': '事件流：{0}',
  'registering the webhook failed: HTTP {0}': '注册 webhook 失败：HTTP {0}',
  'reference tolerances on: {0}': '已开启参考实现容差：{0}',
  'reference world dirty: {0}': '参考实现的世界有残留：{0}',
  'reference replaced by the do-nothing server {0}': '参考实现被替换为什么都不做的服务器 {0}',
  'the target is unresponsive: {0}': '目标无响应：{0}',
  'the event WebSocket and its READY ({0})': '事件 WebSocket 及其 READY（{0}）',
  'the webhook receiver': 'webhook 接收端',
  'The event stream never sent READY after IDENTIFY (event checks are skipped)':
    '事件流在 IDENTIFY 之后从未发送 READY（事件检查被跳过）',
  'event stream unavailable: {0}': '事件流不可用：{0}',
  'needs an event stream, but it could not be opened ({0}); check --events-url or use --events webhook':
    '需要事件流，但无法打开（{0}）；请检查 --events-url，或改用 --events webhook',
  'webhook receiver listening at {0}: register it with the implementation':
    'webhook 接收端正在 {0} 监听：请在被测实现中注册它',
  '{0} (with the token of --webhook-token)': '{0}（使用 --webhook-token 的令牌）',
  'no client': '没有客户端',
  'webhook registration of {0}': '{0} 的 webhook 注册',
  'webhook receiver {0} registered through meta/webhook.create (removed at the end)':
    'webhook 接收端 {0} 已通过 meta/webhook.create 注册（结束时移除）',
  '{0} (meta/webhook.create: {1})': '{0}（meta/webhook.create 的结果：{1}）',
  'not offered, HTTP {0}': '未提供，HTTP {0}',
  'refused, HTTP {0}': '被拒绝，HTTP {0}',
  'what the login offers and who the run acts as (meta, login.get at {0})':
    '登录提供哪些功能、运行以谁的身份行事（meta，位于 {0} 的 login.get）',
  'guild.list / channel.list at {0}': '位于 {0} 的 guild.list / channel.list',
  'the peer identity (is it another account?)': '对等身份（是否另一个账号？）',
  'the §4.8 variant probes': '§4.8 变体探测',
  'variant {0}': '变体 {0}',
  'estimate at the start: {0}': '开始时的估算：{0}',
  'could not be decided: {0}': '无法判定：{0}',
  'The run stopped before its checks: {0}. Check that the implementation answers at {1}, or raise --run-timeout.':
    '运行在检查之前停止：{0}。请检查被测实现在 {1} 有应答，或调大 --run-timeout。',
};
