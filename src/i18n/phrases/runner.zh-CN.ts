/** zh-CN renderings of the phrases of src/runner/ (but causes; src/i18n/phrase.ts), by English template. The rest of the runner's area: ./runner-io.zh-CN.ts. */
export const RUNNER_PHRASES_ZH: Readonly<Record<string, string>> = {
  'The baseline file looks like JSON but does not parse ({0}). ':
    '基线文件看起来是 JSON，但无法解析（{0}）。',
  'Write a JSON array of check ids, {"expectedFailures": [...]}, or one check id per line.':
    '请写一个检查 ID 的 JSON 数组、{"expectedFailures": [...]}，或每行一个检查 ID。',
  'The baseline JSON must be an array of check id strings or {"expectedFailures": ["<check id>", …]}.':
    '基线 JSON 必须是检查 ID 字符串的数组，或 {"expectedFailures": ["<check id>", …]}。',
  '{0} baseline entry is stale (the check now passes): ': '{0} 个基线条目已过时（该检查现已通过）：',
  '{0} baseline entries are stale (the check now passes): ': '{0} 个基线条目已过时（这些检查现已通过）：',
  '{0}; remove it from the expected-failures file so the baseline only shrinks.':
    '{0}；请将它从预期失败文件中移除，让基线只减不增。',
  '{0}; remove them from the expected-failures file so the baseline only shrinks.':
    '{0}；请将它们从预期失败文件中移除，让基线只减不增。',
  'the flags': '命令行参数',
  'the embedded reference': '内嵌参考实现',
  nowhere: '无处',
  '{0} operation': '{0} 个操作',
  '{0} operations': '{0} 个操作',
  "the sources declare different features: {0}; {1}'s are taken": '各来源声明的功能不同：{0}；采用 {1} 的',
  '{0} and {1}': '{0} 和 {1}',
  'no source': '没有来源',
  'none declared ({0} said nothing): every operation taken as offered':
    '未声明（{0} 什么也没说）：所有操作都视为已提供',
  '{0}, from {1}{2}': '{0}，来自 {1}{2}',
  ' (also declared by {0})': '（{0} 也有声明）',
  'platform {0}, ': '平台 {0}，',
  '{0}from {1}': '{0}来自 {1}',
  '{0}not named by any source: pass --platform and --self-id':
    '{0}没有任何来源指明：请传入 --platform 和 --self-id',
  ', the first of {0} logins': '，{0} 个登录中的第一个',
  '{0}from {1}{2}; --platform/--self-id choose another': '{0}来自 {1}{2}；可用 --platform/--self-id 另选',
  '{0}: no answer': '{0}：无应答',
  '{0}: HTTP {1}{2}': '{0}：应答 HTTP {1}{2}',
  ' (not served or refused)': '（未提供或被拒绝）',
  'bot: user {0} ({1})': '机器人：用户 {0}（{1}）',
  'peer candidate: user {0}, another login listed by {1} (--peer-self-id or --peer-token choose another); proven another account before use':
    '对等候选：用户 {0}，{1} 列出的另一个登录（可用 --peer-self-id 或 --peer-token 另选）；使用前先证明它是另一个账号',
  'READY listed {0} login(s)': 'READY 列出了 {0} 个登录',
  'features: {0} ({1})': '功能：{0}（{1}）',
  'features: {0}': '功能：{0}',
  'concurrency: adaptive (--concurrency N fixes it), started at {0}, ranged {1}–{2}, ':
    '并发：自适应（--concurrency N 可固定），起始 {0}，范围 {1}–{2}，',
  'ended at {0}; lowered {1} {2} on 429, ': '结束于 {0}；因 429 下调 {1} {2}，',
  time: '次',
  times: '次',
  '{0} on timeouts, ': '因超时下调 {0} 次，',
  "held back {0} {1} on rising latency, {2} while the checker's own event loop lagged":
    '因延迟上升暂缓 {0} {1}，因检查器自身事件循环滞后暂缓 {2} 次',
  'not re-run alone: it judges every event of the whole run': '未单独重跑：它评判整次运行的每个事件',
  'not re-run alone: the confirmation budget ({0}) ran out': '未单独重跑：确认预算（{0}）已用完',
  'not re-run alone: it took {0} in the main pass, more than the {1} left of the confirmation budget ({2})':
    '未单独重跑：它在主轮中用了 {0}，超过确认预算（{2}）剩余的 {1}',
  '{0} matches {1}': '{0} 符合 {1}',
  ': it is not served': '：该操作未提供服务',
  ': a server error': '：服务器错误',
  'the check': '该检查',
  "leave it out of the login's features so that checks needing it say so without sending it":
    '将它从登录的 features 中去掉，让需要它的检查直接说明，而不发送它',
  "declare the operations it serves in the login's features (login.get, or READY's logins)":
    '在登录的 features 中声明它提供的操作（login.get，或 READY 的 logins）',
  'nothing to fix in {0}: the check is decided where the login offers {1}':
    '{0} 中没有需要修复的：在登录提供 {1} 的地方即可判定该检查',
  '{0} is only a helper of {1} here (not judged): make it answer this complete request with 2xx, or, where the server does not serve it, {2}':
    '{0} 在这里只是 {1} 的辅助操作（不被评判）：让它以 2xx 应答这个完整请求；若服务器不提供它，则{2}',
  '{0}: the check takes another way': '{0}：该检查改走另一条路',
  'login.features omits {0}, which this check only uses as a helper (not sent)':
    'login.features 没有 {0}，而该检查只把它用作辅助操作（未发送）',
  'the helper {0} got no answer ({1})': '辅助操作 {0} 没有得到应答（{1}）',
  'the helper {0} answered {1}': '辅助操作 {0} 应答了 {1}',
  'no matching event within {0} ms{1} ({2} other events since the check started{3})':
    '{0} 毫秒内没有匹配的事件{1}（检查开始以来有 {2} 个其他事件{3}）',
  ': {0}': '：{0}',
  " of the stream's last delivery (waited {0} s while it delivered)":
    '（自事件流最后一次投递起算；它仍在投递时共等待了 {0} 秒）',
  'expected {0}; observed {1}': '预期 {0}；实际 {1}',
  'the check made no assertion, so it cannot pass (a defect of the check)':
    '该检查没有做任何断言，因此不能通过（检查本身的缺陷）',
  'the run stopped before the check finished: {0}': '检查完成前运行已停止：{0}',
  'the run was interrupted before the check finished': '检查完成前运行被中断',
  'the check threw: {0}': '检查抛出异常：{0}',
  '{0} exchanges in the middle of the check are not kept as evidence':
    '检查过程中段的 {0} 次交互未作为证据保留',
  'observed once for the run by {0} ({1}), judged here too': '由 {0} 为本次运行观察一次（{1}），在此一并评判',
  'the check did not finish within {0} ms (waits for quota not counted{1})':
    '检查未在 {0} 毫秒内完成（不计等待配额的时间{1}）',
  "; {0} ms more for the checker's own lag on a busy machine":
    '；因机器繁忙、检查器自身滞后，额外给了 {0} 毫秒',
  'triggered {0} ({1})': '已触发 {0}（{1}）',
  "clear the state the trigger names on the platform (the checker undoes only its own doing), or let the trigger cause '{0}' from another subject":
    "在平台上清除触发器指出的状态（检查器只撤销它自己做的事），或让触发器从另一个对象引发 '{0}'",
  '{0}: what it caused is unknown': '{0}：不知道它引发了什么',
  "make the trigger answer '{0}' sooner (a busy machine slows it too), then run again":
    "让触发器更快地应答 '{0}'（机器繁忙也会拖慢它），然后重新运行",
  'the event WebSocket at {0} never sent READY and delivered no event during the whole run':
    '位于 {0} 的事件 WebSocket 在整次运行中从未发送 READY，也没有投递任何事件',
  'check the handshake (IDENTIFY op 3 → READY op 4, the token, --header) and --events-url, or leave events out with --events none':
    '检查握手（IDENTIFY op 3 → READY op 4、令牌、--header）和 --events-url，或用 --events none 不检查事件',
  'No webhook delivery arrived during the whole run (the event checks are undecided)':
    '整次运行中没有收到任何 webhook 投递（事件检查无法判定）',
  'the run registered {0} through {base}/meta/webhook.create with {1}, yet nothing was delivered there: check that the implementation can reach that address (--webhook-listen HOST:PORT) and delivers to a webhook registered so':
    '运行已通过 {base}/meta/webhook.create 以 {1} 注册了 {0}，但没有任何投递到达：请检查被测实现能否访问该地址（--webhook-listen HOST:PORT），并会向这样注册的 webhook 投递',
  "register {0} with the implementation (the family's {base}/meta/webhook.create {url, token}) and run again":
    '在被测实现中注册 {0}（该协议族的 {base}/meta/webhook.create {url, token}），然后重新运行',
  'no webhook delivery arrived at {0} during the whole run{1}': '整次运行中 {0} 没有收到任何 webhook 投递{1}',
  ' (registered through {base}/meta/webhook.create with {0})':
    '（已通过 {base}/meta/webhook.create 以 {0} 注册）',
  'register {0} with the implementation, or leave events out with --events none':
    '在被测实现中注册 {0}，或用 --events none 不检查事件',
  'no matching event within {0} ms: {1}': '{0} 毫秒内没有匹配的事件：{1}',
  'an optional event': '一个可选事件',
  'the WebSocket {0}{1}': 'WebSocket 连接 {0}{1}',
  ' (READY received)': '（已收到 READY）',
  ' (no READY)': '（没有 READY）',
  'the webhook receiver {0}': 'webhook 接收端 {0}',
  'user {0} (not proven)': '用户 {0}（未证明）',
  'none given': '未提供',
  'another login listed by {0}; --peer-self-id/--peer-token choose another':
    '{0} 列出的另一个登录；可用 --peer-self-id/--peer-token 另选',
  '{0} {1} ({2} by {3}, answered)': '{0} {1}（{3} 调用 {2}，已应答）',
  '{0} {1} ({2} by {3}, possibly created)': '{0} {1}（{3} 调用 {2}，可能已创建）',
  '{0}: a run against {1} (started {2}, process {3}{4})':
    '{0}：一次针对 {1} 的运行（开始于 {2}，进程 {3}{4}）',
  ', ended with undos that failed': '，结束时有撤销失败',
  ', interrupted': '，被中断',
  '  undo {0} ({1}, by {2}): {3} {4}': '  撤销 {0}（{1}，由 {2} 创建）：{3} {4}',
  '  undo what {0} made (by {1}): {2} {3}': '  撤销 {0} 创建的对象（由 {1}）：{2} {3}',
  '  look for what {0} may have made (by {1}, {2}): {3}': '  查找 {0} 可能创建的对象（由 {1}，{2}）：{3}',
  'no trigger given to the cleanup (--trigger-url or --trigger-command)':
    '清理没有可用的触发器（--trigger-url 或 --trigger-command）',
  'An interrupted run against {0} left {1} thing(s) it created or may have created ({2}); this run does not touch them. Undo exactly those: conformance cleanup --out {3} --base-url {4} --yes\n':
    '一次被中断的、针对 {0} 的运行留下了 {1} 个它创建或可能创建的对象（{2}）；本次运行不会触碰它们。要恰好撤销这些：conformance cleanup --out {3} --base-url {4} --yes\n',
  'the run ended before its answer': '运行在得到应答前结束',
  'answered {0} without an id': '应答 {0}，但没有 ID',
  'answered {0}': '应答 {0}',
  'the cleanup budget was spent': '清理预算已用完',
  'not attempted: the cleanup budget of {0} ms was spent': '未尝试：{0} 毫秒的清理预算已用完',
  'the cleanup budget of {0} ms was spent before the undo finished': '撤销完成前 {0} 毫秒的清理预算已用完',
  '; perhaps nothing is left: {0}': '；也许已经什么都不剩：{0}',
  'possibly created: {0} {1}': '可能已创建：{0} {1}',
  'possibly created by {0} ({1}), not found: {2}': '可能由 {0} 创建（{1}），未找到：{2}',
  'looked for by its unique name ({0}): nothing found, nothing to undo':
    '已按其唯一名称查找（{0}）：未找到，无需撤销',
  '{0} ({1}), created by {2}': '{0}（{1}），由 {2} 创建',
  "# the cleanup's undo failed: {0}": '# 清理的撤销失败：{0}',
  'it is undone through the trigger (event {0} {1}), not through an operation of the interface':
    '它通过触发器撤销（事件 {0} {1}），而不是通过接口的操作',
  '{0} {1} cannot undo it on this server': '{0} {1} 无法在该服务器上撤销它',
  'undo it on the platform: {0}': '在平台上撤销它：{0}',
  '# no command: {0}; {1}': '# 没有命令：{0}；{1}',
  '# What a conformance run created and had not undone yet (newest first). If the run could not':
    '# 一次 conformance 运行创建了、尚未撤销的对象（最新的在前）。如果运行未能',
  '# finish its cleanup, run these commands with TOKEN (and PEER_TOKEN) set to delete it by hand.':
    '# 完成清理，请设置 TOKEN（以及 PEER_TOKEN）后运行这些命令，手动删除它们。',
  '# An entry with no command is one no operation of the interface undoes: its comment says what to do.':
    '# 没有命令的条目是接口中没有操作可以撤销的：它的注释说明了怎么做。',
  '# {0} entry left': '# 剩余 {0} 个条目',
  '# {0} entries left': '# 剩余 {0} 个条目',
  ', {0} of them by hand only': '，其中 {0} 个只能手动处理',
  'look for it on the platform by its name': '在平台上按名称查找它',
  'The suites folder {0} does not exist.': '套件目录 {0} 不存在。',
  '{0} must default-export an array of checks (CheckDefinition[])':
    '{0} 必须默认导出一个检查数组（CheckDefinition[]）',
  "{0}: id must be '<operation|area>/<what>' in kebab-case":
    "{0}：id 必须是 kebab-case 的 '<operation|area>/<what>'",
  '{0}: duplicate check id': '{0}：检查 ID 重复',
  "{0}: unknown group '{1}'": "{0}：未知分组 '{1}'",
  '{0}: unknown level': '{0}：未知级别',
  "{0}: unknown rule id '{1}' (see spec/rules.ts)": "{0}：未知规则 ID '{1}'（见 spec/rules.ts）",
  '{0}: run must be a function': '{0}：run 必须是函数',
  'Invalid check definitions:\n  {0}': '无效的检查定义：\n  {0}',
  "{0}: starts after '{1}', an after-phase check (it would never start)":
    "{0}：在 '{1}' 之后开始，而那是一个 after 阶段的检查（它永远不会开始）",
  '{0}: startsAfter forms a cycle': '{0}：startsAfter 形成了循环',
  'page {0} has no data array': '第 {0} 页没有 data 数组',
  '{0} pages in a row carry a {1} marker but no new item: the walk does not end':
    '连续 {0} 页带有 {1} 标记却没有新项：遍历不会结束',
  'page {0} repeats the {1} token {2}: the walk loops': '第 {0} 页重复了 {1} 令牌 {2}：遍历陷入循环',
  'still a {0} marker after {1} pages: the walk does not end': '{1} 页之后仍有 {0} 标记：遍历不会结束',
  'run against a server that serves the peer’s own identity (its Satori-User-ID / X-Self-ID, or its token), or pass --peer-token with a token of a second login':
    '针对一个能提供对等账号自身身份（它的 Satori-User-ID / X-Self-ID，或它的令牌）的服务器运行，或用 --peer-token 传入第二个登录的令牌',
  'the peer is unreachable: {0}': '对等账号不可达：{0}',
  'no peer identity was given (--peer-token, --peer-self-id)':
    '没有提供对等身份（--peer-token、--peer-self-id）',
  'login.get as the peer answered': '以对等身份调用的 login.get 应答了',
  'login.get as the peer answered {0} (as the bot: HTTP {1})':
    '以对等身份调用的 login.get 应答了 {0}（以机器人身份：HTTP {1}）',
  'login.get as the peer named no user': '以对等身份调用的 login.get 没有指明用户',
  'login.get: HTTP {0} to the peer and the bot alike': 'login.get：对等账号和机器人都得到 HTTP {0}',
  "{0} the peer's user {1}": '{0}对等账号的用户 {1}',
  "{0} the bot's user {1}": '{0}机器人的用户 {1}',
  '{0} user {1}, not the bot': '{0}用户 {1}，不是机器人',
  '{0} user {1}, neither the peer ({2}) nor the bot ({3})':
    '{0}用户 {1}，既不是对等账号（{2}）也不是机器人（{3}）',
  unknown: '未知',
  'message.create as the peer was posted by': '以对等身份调用 message.create 发出的消息，发送者是',
  "the peer's message names no author (§2 Message.user; {0})":
    '对等账号的消息没有指明作者（§2 Message.user；{0}）',
  'message.create as the peer answered {0}, guild.list as the peer HTTP {1}{2}':
    '以对等身份调用的 message.create 应答了 {0}，以对等身份调用的 guild.list 应答 HTTP {1}{2}',
  ' (as the bot too: HTTP {0})': '（以机器人身份也是：HTTP {0}）',
  "message.create as the peer answered HTTP {0} where the bot's was accepted: the server tells them apart":
    '以对等身份调用的 message.create 应答 HTTP {0}，而机器人的被接受：服务器能区分二者',
  'message.create answered {0} to the peer, HTTP {1} to the bot ({2})':
    'message.create 对对等账号应答 {0}，对机器人应答 HTTP {1}（{2}）',
  'bot message {0} in channel {1}': '频道 {1} 中机器人的消息 {0}',
  'the peer is another account: {0}': '对等账号是另一个账号：{0}',
  'the peer is unreachable ({0}): {1}; the checks that act as the peer are undecided (those that only name its user id run as the bot)':
    '对等账号不可达（{0}）：{1}；以对等身份行事的检查无法判定（只引用其用户 ID 的检查以机器人身份运行）',
  'quiet channel {0} ({1}) in guild {2}': '群组 {2} 中的安静频道 {0}（{1}）',
  'changes data the checker did not create: pass --allow-destructive to run it (on a test server only)':
    '会改动不是检查器创建的数据：传入 --allow-destructive 才运行它（只在测试服务器上）',
  'the event stream delivered nothing: {0}': '事件流没有投递任何事件：{0}',
  'fix the event transport (--events-url, --header, the IDENTIFY/READY handshake, or the webhook registration), or leave events out with --events none':
    '修复事件传输（--events-url、--header、IDENTIFY/READY 握手，或 webhook 注册），或用 --events none 不检查事件',
  'not run: {0}': '未运行：{0}',
  '{0} answered with a body too large to read ({1})': '{0} 应答的响应体太大，无法读取（{1}）',
  '{0}; try again later or lower --concurrency': '{0}；请稍后再试，或调低 --concurrency',
  'Cannot reach the implementation at {0} ({1}). Check that it is running, ':
    '无法访问位于 {0} 的被测实现（{1}）。请检查它正在运行、',
  'that --base-url is right (including the version prefix, e.g. /v1), and that no firewall or proxy is in the way':
    '--base-url 正确（包括版本前缀，例如 /v1），且没有防火墙或代理阻挡',
  '{0}.': '{0}。',
  '{0} answered a redirect (HTTP {1}, Location: {2}); it was not followed: pass the final address as --base-url':
    '{0} 应答了重定向（HTTP {1}，Location：{2}）；未跟随：请把最终地址作为 --base-url 传入',
  '{0} answered HTTP 429 (rate limited; Retry-After: {1})': '{0} 应答 HTTP 429（被限流；Retry-After：{1}）',
  '{0} answered HTTP {1} with an HTML page ({2}), not the interface: is --base-url the API address (with its version prefix, e.g. /v1)? Page starts: {3}':
    '{0} 应答 HTTP {1}，是一个 HTML 页面（{2}），而不是接口：--base-url 是 API 地址吗（带版本前缀，例如 /v1）？页面开头：{3}',
  '{0} answered HTTP {1} with a body declared {2} that is not valid JSON: {3}':
    '{0} 应答 HTTP {1}，响应体声明为 {2}，但不是有效的 JSON：{3}',
  '{0}. Check --token (and --platform/--self-id).': '{0}。请检查 --token（以及 --platform/--self-id）。',
  '{0}; pass {1} to go on': '{0}；传入 {1} 即可继续',
  '{0}; or pass {1} to go on': '{0}；或传入 {1} 即可继续',
  'Cannot discover the sandbox: the login does not offer {0} (its features{1} omit it). Pass {2}.':
    '无法发现沙盒：登录不提供 {0}（它的 features{1} 没有它）。请传入 {2}。',
  ', from {0},': '（来自 {0}）',
  '--guild and --channel': '--guild 和 --channel',
  'Cannot discover a sandbox guild: {0}': '无法发现沙盒群组：{0}',
  'Cannot discover a sandbox guild: {0}. Fix it, or pass --guild and --channel to go on.':
    '无法发现沙盒群组：{0}。请修复，或传入 --guild 和 --channel 继续。',
  'Cannot discover a sandbox guild: {0} (not a JSON list)': '无法发现沙盒群组：{0}（不是 JSON 列表）',
  'Cannot discover a sandbox guild: guild.list answered {0}. Add the bot to a test guild, or pass --guild and --channel.':
    '无法发现沙盒群组：guild.list 应答了{0}。请把机器人加入一个测试群组，或传入 --guild 和 --channel。',
  'an empty array': '一个空数组',
  'a page whose `data` array holds no guild with an id': '一个 `data` 数组中没有带 ID 的群组的分页',
  'sandbox guild discovered: {0} (first of guild.list)': '发现沙盒群组：{0}（guild.list 的第一个）',
  'Cannot discover a sandbox channel in guild {0}: {1}': '无法在群组 {0} 中发现沙盒频道：{1}',
  'Cannot discover a sandbox channel in guild {0}: {1}. Fix it, or pass --channel to go on.':
    '无法在群组 {0} 中发现沙盒频道：{1}。请修复，或传入 --channel 继续。',
  'Cannot discover a sandbox channel: guild {0} has no text channel (type 0). Pass --channel.':
    '无法发现沙盒频道：群组 {0} 没有文字频道（type 0）。请传入 --channel。',
  'sandbox channel discovered: {0} (first text channel of guild {1})':
    '发现沙盒频道：{0}（群组 {1} 的第一个文字频道）',
  'the bot user id is unknown: pass --self-id (checks about the current user may fail or skip)':
    '机器人的用户 ID 未知：请传入 --self-id（与当前用户有关的检查可能失败或跳过）',
  'no answer ({0})': '无应答（{0}）',
  'The implementation at {0} was reached, but {1}: ': '已访问到位于 {0} 的被测实现，但{1}：',
  'every operation asked (guild.list, login.get) answered 404':
    '询问的每个操作（guild.list、login.get）都应答 404',
  'guild.list answered 404 (login.get: {0})': 'guild.list 应答 404（login.get：{0}）',
  'a wrong base URL, or nothing implemented yet.': '基础 URL 错误，或尚未实现任何操作。',
  'guild.list is not implemented, or the base URL is wrong.': 'guild.list 尚未实现，或基础 URL 错误。',
  '{0}/guild.list answered {1}; GET {2} answered {3}. ': '{0}/guild.list 应答 {1}；GET {2} 应答 {3}。',
  'Pass the API base URL with its version prefix (e.g. --base-url http://host:5140/v1).':
    '请传入带版本前缀的 API 基础 URL（例如 --base-url http://host:5140/v1）。',
  'Pass the API base URL with its version prefix (e.g. --base-url http://host:5140/v1), or --guild and --channel to go on.':
    '请传入带版本前缀的 API 基础 URL（例如 --base-url http://host:5140/v1），或传入 --guild 和 --channel 继续。',
  '{0} is sent as null: optional fields are omitted, not null':
    '{0} 以 null 发送：可选字段应省略，而不是 null',
  'first seen in {0} at {1}; a null is read as absent, so no must check fails on it (§2 types optional fields T?)':
    '首次见于 {0} 的 {1}；null 按缺省读取，因此没有 must 检查因它失败（§2 将可选字段写作 T?）',
  "{0} does not match the family's conventions (the spec does not show it, §2)":
    '{0} 不符合该协议族的惯例（规范未展示，§2）',
  'first seen in {0}: {1}': '首次见于 {0}：{1}',
  '; and {0} more': '；另有 {0} 项',
  'does not match {0}: {1}{2}': '不符合 {0}：{1}{2}',
  '; ': '；',
  'the {0} object': '{0} 对象',
  'the {0} array': '{0} 数组',
  'the {0} list': '{0} 列表',
  '{0} is under `{1}`: the result is wrapped in an envelope': '{0} 位于 `{1}` 之下：结果被包在一层信封里',
  'the {0} array is at `{1}`: the page is wrapped one level too deep (§1 rule 5)':
    '{0} 数组位于 `{1}`：分页被多包了一层（§1 规则 5）',
  'the body is a bare array: a page is an object with a `data` array and its markers (§1 rule 5)':
    '响应体是裸数组：分页应是带 `data` 数组及其标记的对象（§1 规则 5）',
  'the {0} array is under `{1}`, not `data` (§1 rule 5)':
    '{0} 数组位于 `{1}` 之下，而不是 `data`（§1 规则 5）',
  'the body is an error ("{0}") answered with a success status': '响应体是一个以成功状态应答的错误（"{0}"）',
  '{0} is sent as a JSON string holding it, not as JSON': '{0} 以包含它的 JSON 字符串发送，而不是 JSON',
  '{0} answered {1}, but {2}': '{0} 应答 {1}，但{2}',
  '{0} answered an object whose `{1}` is an object, not an array: the list is wrapped one level too deep (§1 rule 5)':
    '{0} 应答的对象中 `{1}` 是对象而不是数组：列表被多包了一层（§1 规则 5）',
  '{0} answered an object with its array under `{1}`, not `data` (§1 rule 5)':
    '{0} 应答的对象把数组放在 `{1}` 之下，而不是 `data`（§1 规则 5）',
  '{0} answered HTTP {1} with an error body: "{2}" (an error answered with a success status)':
    '{0} 应答 HTTP {1}，响应体是错误："{2}"（以成功状态应答的错误）',
  '{0} answered a bare JSON array, not a page object {"data": [...], "next": …} (§1 rule 5)':
    '{0} 应答了裸 JSON 数组，而不是分页对象 {"data": [...], "next": …}（§1 规则 5）',
  'no `data`': '没有 `data`',
  '`data` {0}': '`data` 为 {0}',
  '{0} answered an object with {1}, not a `data` array (keys: {2}; §1 rule 5)':
    '{0} 应答的对象带有{1}，而不是 `data` 数组（键：{2}；§1 规则 5）',
  'an array': '数组',
  'a {0}': '{0} 值',
  "--wait-url '{0}' is not a URL: write it like http://127.0.0.1:5140/v1":
    "--wait-url '{0}' 不是 URL：应写成 http://127.0.0.1:5140/v1 这样",
  "--start '{0}' exited ({1}) before {2} answered: see {3}":
    "--start '{0}' 在 {2} 应答之前已退出（{1}）：见 {3}",
  "--start '{0}' did not answer at {1} within {2} s: see {3}":
    "--start '{0}' 在 {2} 秒内没有在 {1} 应答：见 {3}",
  '--wait-url needs --start CMD (the command to wait for).': '--wait-url 需要 --start CMD（要等待的命令）。',
  '--start and --embedded exclude each other: pass one of them.':
    '--start 与 --embedded 互斥：只传其中一个。',
  '--start needs --base-url URL (or --wait-url URL) to know when it is up.':
    '--start 需要 --base-url URL（或 --wait-url URL）才能知道它何时就绪。',
  "started '{0}' (answers at {1}; output in {2})\n": "已启动 '{0}'（在 {1} 应答；输出写入 {2}）\n",
  "the trigger ({0}) did not answer '{1}' within {2} ms": "触发器（{0}）未在 {2} 毫秒内应答 '{1}'",
  "the trigger ({0}) cannot cause '{1}': HTTP {2}{3}": "触发器（{0}）无法引发 '{1}'：HTTP {2}{3}",
  'command {0}': '命令 {0}',
  "the trigger command did not answer '{0}' within {1} ms": "触发命令未在 {1} 毫秒内应答 '{0}'",
  "the trigger command failed for '{0}': {1}": "触发命令为 '{0}' 执行失败：{1}",
  "the trigger command cannot cause '{0}'{1}": "触发命令无法引发 '{0}'{1}",
  "the trigger command exited with {0} for '{1}'{2}": "触发命令为 '{1}' 以 {0} 退出{2}",
  'the cleanup budget (with its reserve for the quota)': '清理预算（含为配额预留的部分）',
  'no trigger to undo it with ({0})': '没有可用于撤销它的触发器（{0}）',
  'the trigger did not cause it: {0}': '触发器没有引发它：{0}',
  '{0}: the server does not serve {1}': '{0}：服务器不提供 {1}',
  '{0}, as it answers an operation it does not serve ({1}): not counted as gone':
    '{0}，因为它对一个不提供的操作也这样应答（{1}）：不算作已消失',
  '{0}; read-back: {1} answered {2}, it is gone': '{0}；回读：{1} 应答 {2}，它已消失',
  '{0}; read-back: {1} answered {2}, {3}': '{0}；回读：{1} 应答 {2}，{3}',
  'it is still there': '它仍然存在',
  'so it may still be there': '因此它可能仍然存在',
  '{0}; read-back failed too: {1}': '{0}；回读也失败了：{1}',
  'no list shows what {0} made by a name of the run': '没有哪个列表能按本次运行的名称显示 {0} 创建的对象',
  '{0} answered HTTP {1}': '{0} 应答 HTTP {1}',
  '{0} answered no list': '{0} 没有应答列表',
  '{0} was not read to its end in {1} pages': '{0} 在 {1} 页内未读到末尾',
  "Unknown value '{0}' for variant {1}: use one of {2}.": "变体 {1} 的值 '{0}' 未知：请使用 {2} 之一。",
  '{0}: {1} (given)': '{0}：{1}（给定）',
  '{0}: detection failed ({1})': '{0}：检测失败（{1}）',
  '{0}: {1} (default: not detected)': '{0}：{1}（默认：未检测到）',
  '{0}: {1} (detected)': '{0}：{1}（已检测）',
  'list-next: channel.list without next answered {0}; with an empty next {1}':
    'list-next：不带 next 的 channel.list 应答 {0}；带空 next 时应答 {1}',
  'message-list-id: not detected: {0}': 'message-list-id：未检测到：{0}',
  'message-list-id: message.list of channel {0} {1}; two messages are needed to compare':
    'message-list-id：频道 {0} 的 message.list {1}；需要两条消息才能比较',
  'gave {0} message(s)': '给出了 {0} 条消息',
  'answered HTTP {0}': '应答 HTTP {0}',
  'message-list-id: message.list with message_id answered {0}':
    'message-list-id：带 message_id 的 message.list 应答 {0}',
  'message-list-id: message.list with message_id {0} gave the latest page again':
    'message-list-id：带 message_id {0} 的 message.list 再次给出了最新一页',
  'message-list-id: message.list with message_id {0} gave another page':
    'message-list-id：带 message_id {0} 的 message.list 给出了另一页',
  'message-member: not detected: {0}': 'message-member：未检测到：{0}',
  'message-member: no message in channel {0} to look at': 'message-member：频道 {0} 中没有可查看的消息',
  'message-member: message.list of channel {0} answered {1}':
    'message-member：频道 {0} 的 message.list 应答 {1}',
  'message-member: message.get of the {0} latest message(s) shows no member object (last status {1})':
    'message-member：对最新 {0} 条消息的 message.get 都没有显示 member 对象（最后的状态 {1}）',
  'message-member: Message.member has the fields {0}': 'message-member：Message.member 带有字段 {0}',
  'guild.role.list answered {0}': 'guild.role.list 应答 {0}',
  "role-payload: the temporary role {0} could not be deleted; the run's cleanup retries":
    'role-payload：临时角色 {0} 无法删除；运行的清理会重试',
  'role {0} created to detect the role payload': '为检测角色载荷而创建的角色 {0}',
  'role-payload: guild.role.list cannot be walked, so a created role cannot be read back':
    'role-payload：guild.role.list 无法遍历，因此无法回读创建的角色',
  'role-payload: guild.role.create with {0} answered {1}; no role appeared':
    'role-payload：带 {0} 的 guild.role.create 应答 {1}；没有出现角色',
  'role-payload: guild.role.create with {0} answered {1}; the name did not apply':
    'role-payload：带 {0} 的 guild.role.create 应答 {1}；名称没有生效',
  'not offered: login.features omits {0} (not counted, not blamed)':
    '未提供：login.features 没有 {0}（不计入，不归咎）',
};
