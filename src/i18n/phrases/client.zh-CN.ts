/** zh-CN renderings of the phrases of suites/client/, src/client-mode/ (src/i18n/phrase.ts), by English template. */
export const CLIENT_PHRASES_ZH: Readonly<Record<string, string>> = {
  'run the client scenarios on a less busy machine': '在负载较低的机器上运行客户端场景',
  'connection {0}': '连接 {0}',
  ' … ({0} in all)': ' …（共 {0} 个）',
  'connections {0}{1}': '连接 {0}{1}',
  'identified on': '已识别身份',
  'not identified on': '未识别身份',
  '{0}: {1}, read, never closed (open when the scenario ended)':
    '{0}：{1}，已读取，从未关闭（场景结束时仍打开）',
  '{0}: {1}, never read, never closed (open when the scenario ended)':
    '{0}：{1}，从未读取，从未关闭（场景结束时仍打开）',
  '{0}: {1}, read, closed by the client after {2} ms': '{0}：{1}，已读取，{2} ms 后由客户端关闭',
  '{0}: {1}, never read, closed by the client after {2} ms': '{0}：{1}，从未读取，{2} ms 后由客户端关闭',
  '{0}: {1}, read, closed by the checker after {2} ms': '{0}：{1}，已读取，{2} ms 后由检查器关闭',
  '{0}: {1}, never read, closed by the checker after {2} ms': '{0}：{1}，从未读取，{2} ms 后由检查器关闭',
  'it used connection {0}': '它使用的是连接 {0}',
  'it used none of them': '它一个都没有使用',
  'the client held {0} connections at once ({1}, opened within {2} ms)':
    '客户端同时持有 {0} 个连接（{1}，在 {2} ms 内打开）',
  '{0}; {1}; the other one: {2}': '{0}；{1}；另一个：{2}',
  '{0}; {1}; the other {2}: {3}': '{0}；{1}；其余 {2} 个：{3}',
  'was killed by {0}': '被 {0} 终止',
  'exited with code {0}': '以退出码 {0} 退出',
  'the scenario timed out after {0} ms ({1}) waiting for {2}{3}':
    '场景在 {0} ms 后超时（{1}），当时在等待{2}{3}',
  'the client {0} before the checker ended it (an event client runs until it is stopped)':
    '客户端在检查器结束它之前{0}（事件客户端应一直运行，直到被停止）',
  'stderr: …{0}': '标准错误输出（stderr）：…{0}',
  'the client command could not be started: {0}': '无法启动客户端命令：{0}',
  'the client printed no {"event":{…}} line': '客户端没有打印任何 {"event":{…}} 行',
  "the scenario's own limit, up to {0} ms, as far as it extended itself":
    '场景自身的时限，最多 {0} ms，视其自行延长的程度而定',
  'the default limit; --scenario-timeout sets it': '默认时限；可用 --scenario-timeout 设置',
  "identified on connections {0} but never read them (no answer to the checker's WebSocket ping)":
    '在连接 {0} 上识别了身份，但从未读取它们（没有回应检查器的 WebSocket ping）',
  "identified on connection {0} but never read it (no answer to the checker's WebSocket ping)":
    '在连接 {0} 上识别了身份，但从未读取它（没有回应检查器的 WebSocket ping）',
  'sent no IDENTIFY on connections {0}': '在连接 {0} 上没有发送 IDENTIFY',
  'sent no IDENTIFY on connection {0}': '在连接 {0} 上没有发送 IDENTIFY',
  ' (it sent PING on them but answered no WebSocket ping: every endpoint answers one as it reads, RFC 6455 §5.5.2, and it is how the checker tells the connection a client reads)':
    '（它在这些连接上发送了 PING，却没有回应任何 WebSocket ping：每个端点在读取时都会回应 ping，见 RFC 6455 §5.5.2，检查器正是借此判断客户端在读取哪个连接）',
  ' (it sent PING on it but answered no WebSocket ping: every endpoint answers one as it reads, RFC 6455 §5.5.2, and it is how the checker tells the connection a client reads)':
    '（它在该连接上发送了 PING，却没有回应任何 WebSocket ping：每个端点在读取时都会回应 ping，见 RFC 6455 §5.5.2，检查器正是借此判断客户端在读取哪个连接）',
  '; the client {0} and {1}{2}': '；客户端{0}，并且{1}{2}',
  '; the client {0}{1}': '；客户端{0}{1}',
  printed: '打印',
  ' (lines {0}–{1} of {2}, the latest)': '（共 {2} 行中的第 {0}–{1} 行，即最新部分）',
  "; the evidence's events are the first {0}": '；证据中的事件为前 {0} 条',
  'transcript{0}{1}:\n{2}': '记录{0}{1}：\n{2}',
  'could not be decided: {0} ({1})': '无法判定：{0}（{1}）',
  'in {0} other scenarios ({1}): {2}': '在另外 {0} 个场景中（{1}）：{2}',
  'in {0} other scenario ({1}): {2}': '在另外 {0} 个场景中（{1}）：{2}',
  'sent no close frame (1006)': '没有发送关闭帧（1006）',
  'sent close {0}{1}': '发送了 close {0}{1}',
  'connection {0} closed by the client: it {1}': '连接 {0} 被客户端关闭：它{1}',
  'connection {0} dropped by the checker (no close frame)': '连接 {0} 被检查器断开（无关闭帧）',
  'connection {0} closed by the checker: it sent close {1}; the client {2} in reply':
    '连接 {0} 被检查器关闭：检查器发送了 close {1}；客户端的回应是{2}',
  'IDENTIFY on connection {0}': '连接 {0} 上的 IDENTIFY',
  'logins of users {0}': '用户 {0} 的登录',
  'sn {0} {1} (login {2})': 'sn {0} {1}（登录 {2}）',
  'dropped the connection (no close frame)': '断开了连接（无关闭帧）',
  'connection {0} opened': '连接 {0} 已打开',
  '(not JSON) {0}': '（非 JSON）{0}',
  'the client {0}': '客户端{0}',
  'the client {0} while the checker waited for {1}': '检查器等待{1}时，客户端{0}',
  'the client to connect to CONFORMANCE_EVENTS_URL': '客户端连接到 CONFORMANCE_EVENTS_URL',
  'the client to connect to CONFORMANCE_EVENTS_URL and identify':
    '客户端连接到 CONFORMANCE_EVENTS_URL 并识别身份',
  'the client to print events {0}': '客户端打印事件 {0}',
  'min {0}, median {1}, max {2} ms ({3})': '最小 {0}，中位数 {1}，最大 {2} ms（共 {3} 个）',
  'it printed {0}': '它打印了 {0}',
  'it exited with code 2, a usage error': '它以退出码 2 退出，即用法错误',
  'no next': '不带 next',
  '{0} item(s), {1}': '{0} 项，{1}',
  '; it requested {0} instead (CONFORMANCE_LIST is {1})': '；它改为请求了 {0}（CONFORMANCE_LIST 为 {1}）',
  'the client sent no {0} request{1}': '客户端没有发送 {0} 请求{1}',
  'request {0} sent {1} {2}, not {3} ({4})': '第 {0} 个请求发送的 {1} 为 {2}，而不是 {3}（{4}）',
  'request {0} sent direction {1}; the walk from the latest message goes before (§4.1 rule 1)':
    '第 {0} 个请求发送了 direction {1}；从最新消息开始的遍历方向是 before（§4.1 规则 1）',
  'request {0} sent {1} after a page with {2}: the client started over instead of following next':
    '第 {0} 个请求（{1}）发在返回 {2} 的页之后：客户端重新开始，而没有跟随 next',
  'request {0} sent token {1} a second time: the server handed out the same next again and the client followed it (a loop guard stops on a token it already sent)':
    '第 {0} 个请求第二次发送了令牌 {1}：服务器再次给出同一个 next，客户端跟随了它（循环保护会在遇到已发送过的令牌时停止）',
  "request {0} ({1}) came after the last page ({2}): with no next there is no more data, whatever the page's length (§1 rule 6)":
    '第 {0} 个请求（{1}）出现在最后一页（{2}）之后：不带 next 就表示没有更多数据，无论该页长度如何（§1 规则 6）',
  "request {0} sent {1} after a page with {2}: the client must pass the server's next back":
    '第 {0} 个请求（{1}）发在返回 {2} 的页之后：客户端必须把服务器的 next 传回',
  'request {0} repeated token {1} (a retry) instead of following next {2}':
    '第 {0} 个请求重复了令牌 {1}（一次重试），而没有跟随 next {2}',
  "request {0} sent next {1}, but the server's next was {2}: tokens are opaque, pass them back verbatim":
    '第 {0} 个请求发送的 next 为 {1}，但服务器给出的 next 是 {2}：令牌是不透明的，应原样传回',
  "the client stopped after request {0}, answered with {1}: next means more data exists, whatever the page's length (§1 rule 6)":
    '客户端在第 {0} 个请求（响应为 {1}）之后停止：带有 next 就表示还有更多数据，无论该页长度如何（§1 规则 6）',
  'the client collected {0} of {1} items; missing {2}': '客户端收集了 {1} 项中的 {0} 项；缺少 {2}',
  'the client collected {0} more than once': '客户端多次收集了 {0}',
  'the client printed ids the server never served: {0}': '客户端打印了服务器从未提供的 id：{0}',
  '; stderr: …{0}': '；标准错误输出（stderr）：…{0}',
  'the client did not exit within {0} ms ({1}); its process group was killed{2}':
    '客户端未在 {0} ms 内退出（{1}）；其进程组已被终止{2}',
  'the client {0}{1}': '客户端{0}{1}',
  'the client exited ({0}), but a descendant process it left running outside its process group kept its stdout/stderr open; its output was read for {1} ms more and the scenario ended':
    '客户端已退出（{0}），但它留在自身进程组之外运行的一个后代进程仍占用着它的 stdout/stderr；其输出又读取了 {1} ms，随后场景结束',
  'killed by {0}': '被 {0} 终止',
  'code {0}': '退出码 {0}',
  'the last stdout line with {"ids":[...]} is not valid JSON with an ids array':
    '最后一行带 {"ids":[...]} 的 stdout 输出不是含 ids 数组的有效 JSON',
  'the client printed no {"ids":[...]} line: only its requests were judged':
    '客户端没有打印 {"ids":[...]} 行：只评判了它的请求',
  'the client requested {0} page(s) and never sent the next it was given: whether it would send a token twice cannot be told':
    '客户端请求了 {0} 页，但从未发送它得到的 next：无法判断它是否会两次发送同一个令牌',
  'a client that follows next decides it; the scenarios whose pages it must follow judge one that does not':
    '跟随 next 的客户端可以判定此项；不跟随的客户端由要求它跟随分页的那些场景来评判',
  ' (it requested {0})': '（它请求了 {0}）',
  'the client command could not be started ({0})': '无法启动客户端命令（{0}）',
  'the client made no {0} request{1} and did not exit within {2} ms':
    '客户端没有发出 {0} 请求{1}，且未在 {2} ms 内退出',
  'the client made no {0} request{1} and {2}': '客户端没有发出 {0} 请求{1}，并且{2}',
  'the client {0} before requesting a page': '客户端在请求任何一页之前{0}',
  '{0}: whether it stops where the list ends cannot be told': '{0}：无法判断它是否会在列表结束处停止',
  'a client that requests {0} decides it; the scenarios whose pages it must follow judge one that requests nothing':
    '请求 {0} 的客户端可以判定此项；什么都不请求的客户端由要求它跟随分页的那些场景来评判',
  'not supported by the client: {0} ({1}); pass --list {2}': '客户端不支持：{0}（{1}）；请传入 --list {2}',
  "--listen '{0}' must look like HOST:PORT, e.g. 127.0.0.1:5150.":
    "--listen '{0}' 的格式必须是 HOST:PORT，例如 127.0.0.1:5150。",
  "--grep '{0}' is not a valid regular expression: {1}": "--grep '{0}' 不是有效的正则表达式：{1}",
  'No client scenario matches {0}.': '没有与 {0} 匹配的客户端场景。',
  'Pass either --command "CMD" (run the client) or --listen HOST:PORT (wait for it).':
    '请传入 --command "CMD"（运行客户端）或 --listen HOST:PORT（等待客户端）二者之一。',
  "--suite takes {0} (comma-separated), got '{1}'.": "--suite 可取 {0}（以逗号分隔），实际收到 '{1}'。",
  '--suite events needs --command: the checker reads the event lines the client prints.':
    '--suite events 需要 --command：检查器要读取客户端打印的事件行。',
  '--scenario-timeout must be a positive number of milliseconds, got {0}.':
    '--scenario-timeout 必须是正的毫秒数，实际收到 {0}。',
  '--concurrency must be a whole number of at least 1, got {0}.':
    '--concurrency 必须是不小于 1 的整数，实际收到 {0}。',
  '--listen runs one scenario at a time: leave out --concurrency or pass 1.':
    '--listen 一次只运行一个场景：请省略 --concurrency 或传入 1。',
  'Cannot listen on {0}: {1}; pick another HOST:PORT.': '无法在 {0} 上监听：{1}；请换一个 HOST:PORT。',
  'run again alone: beside other scenarios it was undecided ({0})':
    '已单独重新运行：与其他场景同时运行时无法判定（{0}）',
  ' (and {0} more ports, one per scenario running at once)': '（另有 {0} 个端口，每个同时运行的场景一个）',
  'the client at {0}': '位于 {0} 的客户端',
  'its requests, frames and event lines': '它的请求、帧和事件行',
  'its requests': '它的请求',
  'client mode ({0}): the checker served {1}{2} and judged {3} by {4}':
    '客户端模式（{0}）：检查器在 {1}{2} 提供服务，并根据{4}评判了 {3}',
  'no {0} request arrived within {1} ms ({2})': '{1} ms 内没有收到 {0} 请求（{2}）',
  '--listen: judged from the requests only (a listened client cannot print its ids)':
    '--listen：仅根据请求评判（被监听的客户端无法打印它的 id）',
  '{0} requests; the first {1} are shown': '共 {0} 个请求；只显示前 {1} 个',
  'not supported by the client: {0} ({1}); pass --list with the lists it covers':
    '客户端不支持：{0}（{1}）；请用 --list 传入它支持的列表',
  '\n… ({0} in all)': '\n…（共 {0} 个）',
  "every request the client made (the scenario's list is {0}):\n{1}{2}":
    '客户端发出的每个请求（该场景的列表为 {0}）：\n{1}{2}',
  'the {0} reconnects, after {1} ms': '全部 {0} 次重连，分别在 {1} ms 之后',
  'reconnects {0}–{1} of {2}, after {3} ms': '共 {2} 次重连中的第 {0}–{1} 次，分别在 {3} ms 之后',
  'the {0} new connections, after {1} ms': '全部 {0} 个新连接，分别在 {1} ms 之后',
  'new connections {0}–{1} of {2}, after {3} ms': '共 {2} 个新连接中的第 {0}–{1} 个，分别在 {3} ms 之后',
  'reconnect {0} after a drop': '断开后的第 {0} 次重连',
  'the client to use a connection: {0}': '客户端使用一个连接：{0}',
  '{0}: a reconnect storm; wait between attempts, longer each time':
    '{0}：重连风暴；尝试之间应当等待，且每次更久',
  'the first drop': '第一次断开',
  "allowing {0} ms in all for the machine's own delay: the checker's stalls and the client's reaction time, measured":
    '共为机器自身的延迟留出 {0} ms：即实测的检查器停顿与客户端反应时间',
  '{0} reconnects after drops, after {1}': '断开后共 {0} 次重连，间隔 {1}',
  '{0}: every {1} in a row waited {2} ms or more in all': '{0}：每连续 {1} 次合计等待了 {2} ms 或更久',
  "reconnects (gap, the checker's stall in it, the IDENTIFY's reaction time, in ms): {0}":
    '重连（间隔/其中检查器的停顿/IDENTIFY 的反应时间，单位 ms）：{0}',
  "{0}, then none by the scenario's limit: fewer than {1} reconnects, and their waits ({2}) do not show {3} ms":
    '{0}，之后直到场景时限都没有再重连：重连少于 {1} 次，且它们的等待（{2}）未显示出 {3} ms',
  '{0}; {1}, {2}: on this busy machine a wait of {3} ms in all cannot be told from that delay':
    '{0}；{1}，{2}：在这台繁忙的机器上，合计 {3} ms 的等待无法与该延迟区分',
  '{0}; {1}: {2} reconnects in a row without {3} ms of wait in all, a reconnect storm ({4}); wait between attempts, longer each time':
    '{0}；{1}：连续 {2} 次重连合计等待不足 {3} ms，属于重连风暴（{4}）；尝试之间应当等待，且每次更久',
  '{0}: whether it retries an authentication close cannot be told': '{0}：无法判断它是否会在认证关闭后重试',
  retries: '重试',
  '{0}: an authentication failure retried in a storm': '{0}：认证失败被风暴式地重试',
  'a 4004 close': '一次 4004 关闭',
  '{0} ms watched after the first 4004 close': '第一次 4004 关闭后观察的 {0} ms',
  'then it {0}': '然后它{0}',
  'the last {0} ms of the watch without one': '观察的最后 {0} ms 内没有重试',
  'the client gave up: it {0} after a 4004 close': '客户端放弃了：它在 4004 关闭后{0}',
  'the client gave up: no retry in the {0}': '客户端放弃了：在{0} 内没有重试',
  'the client opened {0} new connection in the {1}, after gaps of {2}':
    '客户端在{1} 内打开了 {0} 个新连接，间隔为 {2}',
  'the client opened {0} new connections in the {1}, after gaps of {2}':
    '客户端在{1} 内打开了 {0} 个新连接，间隔为 {2}',
  '{0}, {1}: every {2} in a row waited {3} ms or more in all':
    '{0}，{1}：每连续 {2} 次合计等待了 {3} ms 或更久',
  '{0}, {1}: fewer than {2}, then no more within the scenario': '{0}，{1}：少于 {2} 次，之后在场景内再无重试',
  "new connections (gap, the checker's stall in it, the IDENTIFY's reaction time, in ms): {0}":
    '新连接（间隔/其中检查器的停顿/IDENTIFY 的反应时间，单位 ms）：{0}',
  "{0}; {1}, allowing {2} ms for the machine's own delay: whether the client waited cannot be told":
    '{0}；{1}，为机器自身的延迟留出 {2} ms：无法判断客户端是否等待过',
  '{0}; {1}: {2} in a row without {3} ms of wait in all, an authentication failure retried in a storm':
    '{0}；{1}：连续 {2} 次合计等待不足 {3} ms，认证失败被风暴式地重试',
  'the client {0} before connecting': '客户端在连接之前{0}',
  'the client never connected in {0} ms': '客户端在 {0} ms 内从未连接',
  'the client connected': '客户端连接了',
  'the client connected {0} times': '客户端连接了 {0} 次',
  '{0}, sent no IDENTIFY and {1}': '{0}，没有发送 IDENTIFY，并且{1}',
  '{0} but sent no IDENTIFY in {1} ms': '{0}，但在 {1} ms 内没有发送 IDENTIFY',
  'a client that connects to CONFORMANCE_EVENTS_URL and sends IDENTIFY decides it; client.events/identify-carries-token judges the IDENTIFY':
    '连接到 CONFORMANCE_EVENTS_URL 并发送 IDENTIFY 的客户端可以判定此项；IDENTIFY 本身由 client.events/identify-carries-token 评判',
  '{0} new connections within {1} ms of {2} (waiting {3} ms in every {4} attempts takes {5} ms at least)':
    '{2}后 {1} ms 内出现 {0} 个新连接（每 {4} 次尝试等待 {3} ms，至少需要 {5} ms）',
  'the client to reconnect after the drop and use the connection': '客户端在断开后重连并使用该连接',
  'events 1–8': '事件 1–8',
  'a duplicate': '重复投递',
  '; the replay went to connection {0}, the one it reads, not to connections {1} it opened and never read':
    '；重放发往的是它所读取的连接 {0}，而不是它打开后从未读取的连接 {1}',
  '; the replay went to connection {0}, the one it reads, not to connection {1} it opened and never read':
    '；重放发往的是它所读取的连接 {0}，而不是它打开后从未读取的连接 {1}',
  'without sn{0}': '不带 sn{0}',
  'with sn {0}{1}': '带 sn {0}{1}',
  'events {0} were never delivered (a gap; the client resumed {1})':
    '事件 {0} 从未被投递（存在缺口；客户端恢复时{1}）',
  'events {0} were delivered twice (the client resumed {1})': '事件 {0} 被投递了两次（客户端恢复时{1}）',
  'the PINGs of a window': '一个窗口内的 PING',
  'IDENTIFY on {0}': '{0}上的 IDENTIFY',
  'event {0}': '事件 {0}',
  'a close': '关闭',
  'an exit': '退出',
  'the client {0} after {1}': '客户端在{1}之后{0}',
  'the client closed the socket ({0}) after {1}': '客户端在{1}之后关闭了套接字（{0}）',
  'events {0}, sent after {1}, were not delivered within {2} s':
    '在{1}之后发送的事件 {0} 未在 {2} s 内被投递',
  'the interval between the first two PINGs sets a window of {0} intervals; the PINGs in that window after each connection opens are counted on the first connection and after each of two drops (each of every connection the client holds): no more than one more than on the first (runs up to {1} s without --scenario-timeout: a 10 s heartbeat needs about 90 s)':
    '前两个 PING 之间的间隔确定一个 {0} 倍间隔长的窗口；在第一个连接上以及两次断开（每次断开客户端持有的所有连接）后的重连上，分别统计连接打开后该窗口内的 PING 数：不得比第一个连接多出一个以上（未设 --scenario-timeout 时最多运行 {1} s：10 s 的心跳约需 90 s）',
  'two PINGs': '两个 PING',
  'the client sent fewer than two PINGs in the {0} ms after its first connection opened, so its rate cannot be compared':
    '客户端在第一个连接打开后的 {0} ms 内发送的 PING 少于两个，因此无法比较其频率',
  'pass --scenario-timeout {0} or more to judge a client that ignores CONFORMANCE_HEARTBEAT_MS':
    '传入 --scenario-timeout {0} 或更大的值，以评判忽略 CONFORMANCE_HEARTBEAT_MS 的客户端',
  'client.events/ping-within-interval judges the first PING':
    '第一个 PING 由 client.events/ping-within-interval 评判',
  'the client pings every {0} ms; counting its PINGs after two reconnects takes about {1} ms':
    '客户端每 {0} ms 发送一次 PING；统计两次重连后的 PING 约需 {1} ms',
  'pass --scenario-timeout {0} or more': '传入 --scenario-timeout {0} 或更大的值',
  'counting the PINGs after reconnect {0} ({1} ms windows) does not fit in the scenario':
    '统计第 {0} 次重连后的 PING（窗口 {1} ms）超出了场景时限',
  "PINGs in each window, at least–at most (the checker's stalls blur a window's ends): {0}":
    '各窗口内的 PING 数，最少–最多（检查器的停顿使窗口边界变得模糊）：{0}',
  'PINGs in {0} ms after the connection opened: {1} (the first connection, then after each of two drops): after drop {2} the client pings more often — a heartbeat of an earlier connection is still running':
    '连接打开后 {0} ms 内的 PING 数：{1}（第一个连接，然后是两次断开后各一次）：第 {2} 次断开后客户端发送 PING 更频繁——之前连接的心跳仍在运行',
  "PINGs in {0} ms after the connection opened, at least–at most: {1}; the checker's stalls blur whether the client pings more often after a drop":
    '连接打开后 {0} ms 内的 PING 数，最少–最多：{1}；检查器的停顿使得无法看清客户端在断开后是否更频繁地发送 PING',
  'the connection the client uses is dropped, and again after each reconnect (the connection it uses among those opened after the drop), up to {0} times within 12 s of the first drop (up to {1} s without --scenario-timeout): the client reconnects on its own, and every {2} reconnects in a row wait {3} ms or more in all — the whole run judged, not its first few':
    '客户端使用的连接被断开，并在每次重连后再次断开（断开后打开的连接中它所使用的那个），在第一次断开后的 12 s 内最多 {0} 次（未设 --scenario-timeout 时最多 {1} s）：客户端自行重连，且每连续 {2} 次重连合计等待 {3} ms 或更久——评判整个过程，而不仅是开头几次',
  'every IDENTIFY is answered with close 4004, watched for 12 s after the first (up to {0} s without --scenario-timeout): once the client has identified, it gives up (exits, or retries no more), or every {1} retries in a row wait {2} ms or more in all — the whole run judged, not its first few; a client that never identifies shows nothing (undecided)':
    '每个 IDENTIFY 都以 close 4004 回应，在第一次之后观察 12 s（未设 --scenario-timeout 时最多 {0} s）：客户端识别身份后，要么放弃（退出，或不再重试），要么每连续 {1} 次重试合计等待 {2} ms 或更久——评判整个过程，而不仅是开头几次；从不识别身份的客户端什么也没有展示（无法判定）',
  "every IDENTIFY is answered with close 4004, watched for up to {0} s or three of the client's retry intervals (up to {1} s without --scenario-timeout): once the client has identified, it stops retrying, or waits longer each time; retrying at a fixed interval fails, and so do more retries than waiting {2} ms in every {3} allows in the time watched":
    '每个 IDENTIFY 都以 close 4004 回应，最多观察 {0} s 或客户端的三个重试间隔（未设 --scenario-timeout 时最多 {1} s）：客户端识别身份后，要么停止重试，要么每次等待更久；以固定间隔重试判为失败，重试次数超过“每 {3} 次等待 {2} ms”在观察时间内所允许的次数也判为失败',
  '{0}: whether it retries a refused token cannot be told': '{0}：无法判断它是否会重试被拒绝的令牌',
  '{0}: a refused token retried in a storm; stop, or wait longer each time':
    '{0}：被拒绝的令牌被风暴式地重试；应当停止，或每次等待更久',
  '{0} retries within {1} ms (from {2} on; waiting {3} ms in every {4} attempts takes {5} ms at least): a refused token retried in a storm; stop, or wait longer each time':
    '{1} ms 内 {0} 次重试（从{2}起；每 {4} 次尝试等待 {3} ms，至少需要 {5} ms）：被拒绝的令牌被风暴式地重试；应当停止，或每次等待更久',
  'the first attempt': '第一次尝试',
  'the client {0} after {1} retries': '客户端在 {1} 次重试后{0}',
  '{0} retry after a 4004 close in bursts of {1} connections, the bursts at intervals of {2}':
    '4004 关闭后重试 {0} 次，每批 {1} 个连接，批次间隔为 {2}',
  '{0} retries after a 4004 close in bursts of {1} connections, the bursts at intervals of {2}':
    '4004 关闭后重试 {0} 次，每批 {1} 个连接，批次间隔为 {2}',
  '{0} retry after a 4004 close, at intervals of {1}': '4004 关闭后重试 {0} 次，间隔为 {1}',
  '{0} retries after a 4004 close, at intervals of {1}': '4004 关闭后重试 {0} 次，间隔为 {1}',
  '{0}, the last {1} {2} ms: a refused token retried at a fixed interval (periodic bursts), forever; stop, or wait longer each time':
    '{0}，最后 {1} 个为 {2} ms：被拒绝的令牌以固定间隔无休止地重试（周期性的批次）；应当停止，或每次等待更久',
  '{0}, the last {1} {2} ms: a refused token retried at a fixed interval, forever; stop, or wait longer each time':
    '{0}，最后 {1} 个为 {2} ms：被拒绝的令牌以固定间隔无休止地重试；应当停止，或每次等待更久',
  '{0}, the checker itself stalling up to {1} ms: whether the interval grew cannot be told':
    '{0}，检查器自身停顿最多 {1} ms：无法判断间隔是否在增长',
  '{0}, then none for {1} ms: whether it retries at that interval again was not watched long enough':
    '{0}，之后 {1} ms 内没有重试：观察时间不够长，无法判断它是否会以该间隔再次重试',
  '{0}: no retry': '{0}：没有重试',
  '{0}: slowing': '{0}：在放缓',
  'the {0}st retry': '第 {0} 次重试',
  'the {0}nd retry': '第 {0} 次重试',
  'the {0}rd retry': '第 {0} 次重试',
  'the {0}th retry': '第 {0} 次重试',
  'the client connects to CONFORMANCE_EVENTS_URL and sends IDENTIFY {token: CONFORMANCE_TOKEN} within 10 s':
    '客户端连接到 CONFORMANCE_EVENTS_URL，并在 10 s 内发送 IDENTIFY {token: CONFORMANCE_TOKEN}',
  'IDENTIFY on a connection the client reads': '客户端所读取连接上的 IDENTIFY',
  'no IDENTIFY within {0} s of connecting': '连接后 {0} s 内没有 IDENTIFY',
  "the client identified on connection {0} but never read it (it did not answer the checker's WebSocket ping nor send PING on it)":
    '客户端在连接 {0} 上识别了身份，但从未读取它（既没有回应检查器的 WebSocket ping，也没有在其上发送 PING）',
  'no token': '没有令牌',
  'IDENTIFY carried {0}; it must carry the token as given (CONFORMANCE_TOKEN)':
    'IDENTIFY 携带的是 {0}；它必须携带原样给出的令牌（CONFORMANCE_TOKEN）',
  'after READY the client sends PING within 10 s (within the hint when it honours CONFORMANCE_HEARTBEAT_MS), and keeps sending it':
    'READY 之后客户端在 10 s 内发送 PING（若它遵循 CONFORMANCE_HEARTBEAT_MS，则在该提示值内），并持续发送',
  'the client sent PING before IDENTIFY: not counted as its heartbeat':
    '客户端在 IDENTIFY 之前发送了 PING：不计为它的心跳',
  'a PING': '一个 PING',
  'no PING within {0} s of connecting (de-facto: about every 10 s)':
    '连接后 {0} s 内没有 PING（事实惯例：约每 10 s 一次）',
  'first PING after {0} ms: the client does not honour CONFORMANCE_HEARTBEAT_MS ({1} ms); one interval observed':
    '第一个 PING 在 {0} ms 后到达：客户端不遵循 CONFORMANCE_HEARTBEAT_MS（{1} ms）；只观察了一个间隔',
  'a second PING': '第二个 PING',
  'one PING after {0} ms, then none for {1} s: the heartbeat stopped':
    '{0} ms 后有一个 PING，随后 {1} s 内再无 PING：心跳停止了',
  'events 1–3, then the connection drops: the client reconnects and its IDENTIFY carries sn 3 (and the token again)':
    '事件 1–3，然后连接断开：客户端重连，且其 IDENTIFY 携带 sn 3（并再次携带令牌）',
  'IDENTIFY after the drop did not carry the token as given': '断开后的 IDENTIFY 没有携带原样给出的令牌',
  'IDENTIFY resumed with the older `sequence` 3 only; servers of the family read `sn`':
    'IDENTIFY 仅以旧的 `sequence` 3 恢复；该协议族的服务器读取的是 `sn`',
  'IDENTIFY after the drop carried no sn: the events sent while the client was away are lost':
    '断开后的 IDENTIFY 没有携带 sn：客户端离开期间发送的事件会丢失',
  'IDENTIFY after the drop carried sn {0}, but the last event the client received was sn 3':
    '断开后的 IDENTIFY 携带的是 sn {0}，但客户端收到的最后一个事件是 sn 3',
  'event 1, a drop, event 2 on the connection the client uses after it: the client never holds more than one connection at once for {0} s or more — here, and in every other event scenario run with it (each extra connection is named, with what became of it: read or not, closed or left open)':
    '事件 1，一次断开，然后在客户端此后使用的连接上发送事件 2：客户端同时持有多个连接的时间从不达到 {0} s 或更久——在此场景中，以及在与之一同运行的其他每个事件场景中（每个多余的连接都会被列出，并说明其结局：是否被读取，是被关闭还是一直打开）',
  'event 2': '事件 2',
  'connections held at once': '同时持有的连接',
  'events 1–5, a drop, events 6–7 while the client is away; on its IDENTIFY with sn the server replays what follows it, then event 8: the client prints 1–8, each once':
    '事件 1–5，一次断开，客户端离开期间产生事件 6–7；收到它带 sn 的 IDENTIFY 后，服务器重放该 sn 之后的事件，然后发送事件 8：客户端打印 1–8，每个恰好一次',
  'events 1–5, a drop, events 6–7 while the client is away; on its IDENTIFY the server replays its whole cache, 1–7, whatever sn it gave (at-least-once), then event 8: the client prints 1–8, each once':
    '事件 1–5，一次断开，客户端离开期间产生事件 6–7；收到它的 IDENTIFY 后，无论给出的 sn 是多少，服务器都重放整个缓存 1–7（至少一次投递），然后发送事件 8：客户端打印 1–8，每个恰好一次',
  'event 1, a META frame, a frame with op 42, event 2, and a heartbeat later event 3, on the same connection: the client prints the events and keeps the socket open':
    '事件 1、一个 META 帧、一个 op 为 42 的帧、事件 2，以及一个心跳周期后的事件 3，都在同一连接上：客户端打印这些事件并保持套接字打开',
  'a META frame and a frame with op 42': '一个 META 帧和一个 op 为 42 的帧',
  'event 1 (message-created), event 2 of a type no version names, event 3 (guild-emoji-added), then events 4 and, a heartbeat later, 5 (message-created): the client delivers 1, 4 and 5 (2 and 3 as it likes) and keeps the socket open':
    '事件 1（message-created），类型不见于任何版本的事件 2，事件 3（guild-emoji-added），然后是事件 4 以及一个心跳周期后的事件 5（message-created）：客户端投递 1、4 和 5（2 和 3 随意），并保持套接字打开',
  'an event of an unknown type': '一个未知类型的事件',
  'event 1 (message-created) was not delivered': '事件 1（message-created）未被投递',
  'events {0} (types it may not know) were not delivered; allowed':
    '事件 {0}（它可能不认识的类型）未被投递；这是允许的',
  'READY lists three logins, the client’s (CONFORMANCE_SELF_ID) second; events 1 and 4 are for it, 2 and 3 for the others: the client delivers 1 and 4':
    'READY 列出三个登录，客户端自己的（CONFORMANCE_SELF_ID）排在第二；事件 1 和 4 属于它，2 和 3 属于其他登录：客户端投递 1 和 4',
  'events 1 and 4': '事件 1 和 4',
  "events {0}, of the client's own login, were not delivered within {1} s":
    '属于客户端自身登录的事件 {0} 未在 {1} s 内被投递',
  'events {0} of the other logins were delivered too (allowed: the envelope names the login)':
    '其他登录的事件 {0} 也被投递了（允许：信封中注明了登录）',
  'READY and events 1–3 sent at once, in one burst: the client delivers all three':
    'READY 与事件 1–3 在同一批中一次发出：客户端投递全部三个事件',
  'events 1–3': '事件 1–3',
  'events {0}, sent right behind READY, were not delivered within {1} s':
    '紧随 READY 发送的事件 {0} 未在 {1} s 内被投递',
  'two pages one item short of the limit the client sent (50 when it sends none), each with next, then a last page of 1: the client follows each next and stops after the third':
    '两页各比客户端发送的 limit 少一项（未发送时按 50 计），都带有 next，然后是只有 1 项的最后一页：客户端跟随每个 next，并在第三页后停止',
  'a page of 2 items (fewer when the client asks for fewer), an empty page with next, a last page: the client reaches the last page':
    '一页 2 项（客户端请求更少时则更少），一个带 next 的空页，最后一页：客户端到达最后一页',
  'the first page is empty but carries next: the client follows it to the page of items':
    '第一页为空但带有 next：客户端跟随它到达有数据的页',
  'two pages of exactly the limit the client sent (50 when it sends none), the second without next: the client makes no third request':
    '两页恰好各有客户端发送的 limit 项（未发送时按 50 计），第二页不带 next：客户端不发出第三个请求',
  'a page with next, then a page with `next: null` (and `prev: null` on message.list): the client stops there (null is not a token)':
    '一页带 next，然后一页带 `next: null`（在 message.list 上还带 `prev: null`）：客户端在此停止（null 不是令牌）',
  'tokens with slashes, plus signs, quotes, percent signs, non-ASCII and edge spaces: the client sends each back byte for byte':
    '令牌含有斜杠、加号、引号、百分号、非 ASCII 字符以及首尾空格：客户端逐字节原样传回每个令牌',
  'one page of one item without next: the client makes exactly one request':
    '一页只有一项且不带 next：客户端恰好发出一个请求',
  'every page carries the same next (a server defect): a client with a loop guard stops instead of requesting that token a second time':
    '每页都带有相同的 next（服务器缺陷）：有循环保护的客户端会停止，而不是第二次请求该令牌',
  'a server whose bound is 2 (§4.1 rule 5: the bound is used, no error): pages of 2, 2, 1 messages; the client follows next once per page, never repeating a request':
    '一个上限为 2 的服务器（§4.1 规则 5：使用上限，不报错）：各页分别为 2、2、1 条消息；客户端每页跟随一次 next，从不重复请求',
  'four pages walking back from the latest message, prev equal to next on each but the last: the client sends no direction or before, and collects every message once':
    '从最新消息往回走的四页，除最后一页外每页的 prev 都等于 next：客户端不发送 direction 或 before，并且每条消息恰好收集一次',
};
