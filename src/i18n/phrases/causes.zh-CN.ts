/** zh-CN renderings of the phrases of src/runner/causes.ts, src/runner/undecided-causes.ts, src/runner/summary.ts, src/report/ (src/i18n/phrase.ts), by English template. */
export const CAUSES_PHRASES_ZH: Readonly<Record<string, string>> = {
  // src/runner/causes.ts: what to fix first
  'List walks repeat themselves: following `next` leads back to items already listed, so walks loop':
    '列表遍历会兜圈：沿着 `next` 走会回到已列出的项，遍历陷入循环',
  'make `next` a cursor to the items after this page, never one that serves a page again':
    '让 `next` 作为指向本页之后各项的游标，绝不能再次返回已给出的页',
  'Pages omit their marker while more data exists: a client stops after the first page':
    '还有更多数据时分页却省略了标记：客户端读完第一页就会停下',
  'send `next` (or `prev`) on every page after which more data exists that way':
    '在该方向上之后还有更多数据的每一页都带上 `next`（或 `prev`）',
  'Pages carry a marker where no more data exists (the last page, or an empty one reached through it)':
    '没有更多数据时分页仍带有标记（最后一页，或经由它到达的空页）',
  'leave `next` out of the last page': '最后一页不要带 `next`',
  "Pages' markers are wrong{0}": '分页标记有误{0}',
  'send a marker exactly while more data exists that way': '当且仅当该方向上还有更多数据时才带标记',
  'Operations answer that they are not implemented (404, 405, 501 or a body saying so)':
    '操作回答自己未实现（404、405、501，或响应体如此声明）',
  'implement {0} at POST {base}/<operation>, {1}': '在 POST {base}/<operation> 实现 {0}，{1}',
  'Results are wrapped in an envelope: the object the operation returns is under one key':
    '结果被包了一层信封：操作应返回的对象被放在某个键之下',
  'answer the result itself as the body, not an object that holds it':
    '直接以结果本身作为响应体，而不是包含它的对象',
  'Lists have the wrong shape: a page is an object with a `data` array and its `prev`/`next` markers':
    '列表形状有误：一页应是带有 `data` 数组及其 `prev`/`next` 标记的对象',
  'answer each page as {"data": [...], "next": …} at the top level of the body':
    '每一页都以 {"data": [...], "next": …} 作为响应体的顶层回答',
  'Errors are answered with a success status (2xx and an error body)':
    '错误以成功状态回答（2xx 加错误响应体）',
  'answer a refused request with a 4xx or 5xx status': '拒绝请求时回答 4xx 或 5xx 状态',
  "The checker's credentials are refused (401/403 with the token and identity headers given)":
    '检查器的凭据被拒绝（已给出令牌和身份头，仍得到 401/403）',
  'check --token, --platform and --self-id; the family reads Authorization: Bearer and Satori-Platform/Satori-User-ID (or X-Platform/X-Self-ID)':
    '检查 --token、--platform 和 --self-id；该协议族读取 Authorization: Bearer 和 Satori-Platform/Satori-User-ID（或 X-Platform/X-Self-ID）',
  "The event stream does not work as the family's: no READY after IDENTIFY, or no event delivered at all":
    '事件流的工作方式不符合该协议族：IDENTIFY 之后没有 READY，或根本没有投递任何事件',
  'check --events-url and the handshake (IDENTIFY, READY), or the webhook registration; the run notes say what the stream did':
    '检查 --events-url 和握手（IDENTIFY、READY），或 webhook 注册；运行备注记录了事件流的表现',
  '{0} answers 2xx without the resource it returns: the body is empty or of another type':
    '{0} 回答 2xx，却没有给出它应返回的资源：响应体为空或类型不对',
  '{0} answer 2xx without the resource they return: the body is empty or of another type':
    '{0} 回答 2xx，却没有给出它们应返回的资源：响应体为空或类型不对',
  'answer the resource the operation returns (§4) as the body of its 2xx':
    '以操作应返回的资源（§4）作为 2xx 的响应体',
  '{0} accepts the requests other checks make through it (2xx), but those checks cannot use what it answers':
    '{0} 接受了其他检查经由它发出的请求（2xx），但这些检查无法使用它的回答',
  '{0} accept the requests other checks make through them (2xx), but those checks cannot use what they answer':
    '{0} 接受了其他检查经由它们发出的请求（2xx），但这些检查无法使用它们的回答',
  'make {0} return the resource the spec says (the first check shows what it answered instead)':
    '让 {0} 返回规范规定的资源（第一个检查展示了它实际回答的内容）',
  'make each return the resource the spec says (the first check shows what it answered instead)':
    '让每个操作都返回规范规定的资源（第一个检查展示了它实际回答的内容）',
  '{0} fails where other checks use it as a helper (to make or undo what they judge): HTTP {1}':
    '其他检查把 {0} 用作辅助操作（用来创建或撤销被判定的对象）时它失败了：HTTP {1}',
  'make {0} accept a complete valid request (the reproduction shows one it refused)':
    '让 {0} 接受完整有效的请求（复现步骤展示了一个被它拒绝的请求）',
  '{0} accepts the requests (2xx) but its results are not what the spec says ({1})':
    '{0} 接受了请求（2xx），但其结果不符合规范（{1}）',
  '{0} accepts the requests (2xx) but its results are not what the spec says':
    '{0} 接受了请求（2xx），但其结果不符合规范',
  "make {0}'s result follow the rules its checks cite; the first check shows what it answered instead":
    '让 {0} 的结果遵循其检查所引用的规则；第一个检查展示了它实际回答的内容',
  '{0} answers a server error (5xx) to requests the spec says it serves':
    '对规范规定它应处理的请求，{0} 回答了服务器错误（5xx）',
  'make {0} answer its valid requests with 2xx and the result; the reproduction shows one failed':
    '让 {0} 对有效请求回答 2xx 和结果；复现步骤展示了一个失败的请求',
  '{0} answers a refusal (4xx) to requests the spec says it serves':
    '对规范规定它应处理的请求，{0} 回答了拒绝（4xx）',
  'make {0} answer its valid requests with 2xx and the result; the reproduction shows one refused':
    '让 {0} 对有效请求回答 2xx 和结果；复现步骤展示了一个被拒绝的请求',
  '{0} answer a server error (5xx) to requests the spec says they serve':
    '对规范规定它们应处理的请求，{0} 回答了服务器错误（5xx）',
  'make each answer their valid requests with 2xx and the result; the reproduction shows one failed':
    '让每个操作都对有效请求回答 2xx 和结果；复现步骤展示了一个失败的请求',
  '{0} answer a refusal (4xx) to requests the spec says they serve':
    '对规范规定它们应处理的请求，{0} 回答了拒绝（4xx）',
  'make each answer their valid requests with 2xx and the result; the reproduction shows one refused':
    '让每个操作都对有效请求回答 2xx 和结果；复现步骤展示了一个被拒绝的请求',
  'No {0} event came for changes the checks made{1}': '检查做出的更改没有带来 {0} 事件{1}',
  'No matching event came for changes the checks made{0}': '检查做出的更改没有带来匹配的事件{0}',
  "emit {0} for every change made through the interface, the bot's own acts included":
    '对经由接口做出的每一次更改都发出 {0}，机器人自己的操作也不例外',
  "emit the event for every change made through the interface, the bot's own acts included":
    '对经由接口做出的每一次更改都发出相应事件，机器人自己的操作也不例外',
  '{0} came under another name': '{0} 以另一个名称到达',
  '{0} came without {1}': '{0} 到达时没有带 {1}',
  '{0} came without their resource': '{0} 到达时没有带其资源',
  'send {0} with the resources the spec lists for it': '发送 {0} 时带上规范为它列出的资源',
  'send the event with the resources the spec lists for it': '发送事件时带上规范为它列出的资源',
  'Breaks the rule: {0}{1}': '违反规则：{0}{1}',
  'Checks of {0} fail{1}': '{0} 的检查失败{1}',
  'make the answers follow this rule (the reproduction shows one that does not)':
    '让回答遵循这条规则（复现步骤展示了一个不遵循的回答）',
  'see the reproduction and the first check in full': '请查看复现步骤和第一个检查的完整内容',
  '`{0}` {1} where it is sent ({2}) in {3}': '`{0}` 在发送它的位置（{2}）{1}，见于 {3}',
  '`{0}` {1} where it is sent ({2})': '`{0}` 在发送它的位置（{2}）{1}',
  "send `{0}` as the spec's resource declares it, in every answer and event that carries it":
    '在每个带有 `{0}` 的回答和事件中，按规范的资源声明发送它',
  'or leave them out of login.features (where the login declares its features) so that they are not blamed':
    '或把它们从 login.features 中去掉（若登录声明了其功能），这样就不会归咎于它们',
  'or declare login.features without them so that they are not blamed':
    '或声明不含它们的 login.features，这样就不会归咎于它们',
  'or fix the routing: login.features already omits them, so something calls them anyway':
    '或修正路由：login.features 已经省略了它们，却仍有地方调用了它们',
  'or leave {0} out of login.features so that it is not blamed':
    '或把 {0} 从 login.features 中去掉，这样就不会归咎于它',
  'or leave {0} out of login.features so that they are not blamed':
    '或把 {0} 从 login.features 中去掉，这样就不会归咎于它们',
  'implement them at POST {base}/<operation>, {0}': '在 POST {base}/<operation> 实现它们，{0}',
  'Operations answer 2xx without the resource they return: the body is empty or of another type':
    '操作回答 2xx，却没有给出它们应返回的资源：响应体为空或类型不对',
  'Operations accept the requests other checks make through them (2xx), but those checks cannot use what they answer':
    '操作接受了其他检查经由它们发出的请求（2xx），但这些检查无法使用它们的回答',
  'Operations answer a server error (5xx) to requests the spec says they serve':
    '对规范规定它们应处理的请求，操作回答了服务器错误（5xx）',
  'Operations answer a refusal (4xx) to requests the spec says they serve':
    '对规范规定它们应处理的请求，操作回答了拒绝（4xx）',
  'Events came under another name': '事件以另一个名称到达',
  'Events came without {0}': '事件到达时没有带 {0}',
  'Events came without their resource': '事件到达时没有带其资源',
  'Checks of no rule fail{0}': '未引用规则的检查失败{0}',
  // src/runner/undecided-causes.ts: what was not decided, and why
  'A helper operation is not offered: {0} (login.features omits it; the checks need it to set up what they judge)':
    '辅助操作未提供：{0}（login.features 省略了它；检查需要用它准备被判定的对象）',
  'nothing, if the platform lacks {0}; list it in login.features once it is implemented':
    '若平台本就没有 {0}，则无需处理；实现之后把它列入 login.features',
  'A helper operation fails: {0} {1} (the checks need it to set up what they judge)':
    '辅助操作失败：{0} {1}（检查需要用它准备被判定的对象）',
  'a server change: {0} accepting a complete valid request and making what the checks act on':
    '需要服务器改动：{0} 接受完整有效的请求，并创建检查要操作的对象',
  'No second identity (the peer) was given: the checks that act as another user':
    '未提供第二身份（peer）：需要以另一个用户身份操作的检查',
  'pass --peer-token TOKEN (another account) or --peer-self-id ID (another login the token serves)':
    '传入 --peer-token TOKEN（另一个账号）或 --peer-self-id ID（该令牌所服务的另一个登录）',
  'The peer identity is unreachable: {0}': 'peer 身份不可用：{0}',
  'a peer the server serves as another account: --peer-token of another account, or a server that honours Satori-User-ID / X-Self-ID for each login it serves':
    '需要一个服务器当作另一个账号来处理的 peer：另一个账号的 --peer-token，或让服务器对其服务的每个登录都遵从 Satori-User-ID / X-Self-ID',
  'An operation refuses every request, the complete valid one too ({0})':
    '某个操作拒绝所有请求，完整有效的请求也不例外（{0}）',
  '{0} refuse every request, the complete valid one too ({1})':
    '{0} 拒绝所有请求，完整有效的请求也不例外（{1}）',
  '{0} refuses every request, the complete valid one too ({1})':
    '{0} 拒绝所有请求，完整有效的请求也不例外（{1}）',
  'a server change: {0} accepting a complete valid request (§4), {1}':
    '需要服务器改动：{0} 接受完整有效的请求（§4），{1}',
  'a server change: the operation accepting a complete valid request (§4), {0}':
    '需要服务器改动：该操作接受完整有效的请求（§4），{0}',
  'No event with an sn came when the checks needed one': '检查需要带 sn 的事件时，一个也没有到达',
  'a server that delivers events with sn (§6) for message.create and message.update':
    '需要服务器为 message.create 和 message.update 投递带 sn 的事件（§6）',
  'No the awaited events came during the run': '运行期间等待的事件都没有到达',
  'No the awaited event came during the run': '运行期间等待的事件没有到达',
  'No {0} events came during the run': '运行期间没有到达任何 {0} 事件',
  'No {0} event came during the run': '运行期间没有到达 {0} 事件',
  'a server that emits them (§6) for the changes the checks make, or a trigger that causes them (--trigger-url, --trigger-command)':
    '需要服务器为检查做出的更改发出这些事件（§6），或提供能引发它们的触发器（--trigger-url、--trigger-command）',
  'a server that emits them (§6) for the changes the checks make':
    '需要服务器为检查做出的更改发出这些事件（§6）',
  'a server that emits it (§6) for the changes the checks make, or a trigger that causes it (--trigger-url, --trigger-command)':
    '需要服务器为检查做出的更改发出该事件（§6），或提供能引发它的触发器（--trigger-url、--trigger-command）',
  'a server that emits it (§6) for the changes the checks make': '需要服务器为检查做出的更改发出该事件（§6）',
  'No trigger: nothing can cause incoming events (requests, guild and member changes)':
    '没有触发器：无法引发传入事件（请求、群组和成员变更）',
  'pass --trigger-url URL or --trigger-command CMD (docs/checking-a-server.md)':
    '传入 --trigger-url URL 或 --trigger-command CMD（见 docs/checking-a-server.md）',
  'No event stream: events are off (--events none)': '没有事件流：事件已关闭（--events none）',
  'pass --events ws (and --events-url) or --events webhook, with a handshake that works':
    '传入 --events ws（以及 --events-url）或 --events webhook，并确保握手可用',
  'No event stream: it could not be opened, or it delivered nothing all run':
    '没有事件流：无法打开，或整个运行期间什么也没投递',
  'fix the event stream the run opened: --events-url, the IDENTIFY/READY handshake or the webhook registration':
    '修复本次运行打开的事件流：--events-url、IDENTIFY/READY 握手或 webhook 注册',
  'The platform quota stopped the run before these checks ran or finished':
    '平台配额在这些检查运行或完成之前就中止了运行',
  'raise --run-timeout, pass --rate-limit so that the checker paces itself, or raise the quota on the platform':
    '调大 --run-timeout，传入 --rate-limit 让检查器控制节奏，或在平台上提高配额',
  'The world the run found hides the effect of {0} checks, each its own way: {1}':
    '运行时遇到的环境状态掩盖了 {0} 分组中检查的效果，各有各的原因：{1}',
  'each check says how to clear the state it found (report.html, report.json)':
    '每个检查都说明了如何清除它遇到的状态（见 report.html、report.json）',
  'The world the run found hides the effect: {0}': '运行时遇到的环境状态掩盖了效果：{0}',
  'Not offered by the login: login.features omits their operations (not counted, not blamed)':
    '登录未提供：login.features 省略了它们的操作（不计入，也不归咎）',
  'nothing, if the platform lacks them; list an operation in login.features once it is implemented':
    '若平台本就没有这些操作，则无需处理；某个操作实现之后把它列入 login.features',
  // src/runner/summary.ts: why a run has no verdict
  '(no reason given)': '（未给出原因）',
  '; and {0} more state(s), listed with the checks': '；另有 {0} 种状态，随各检查列出',
  '{0} {1} check could not be decided: {2}{3}{4}': '{0} 个 {1} 级检查无法判定：{2}{3}{4}',
  '{0} {1} checks could not be decided: {2}{3}{4}': '{0} 个 {1} 级检查无法判定：{2}{3}{4}',
  'the run did not finish: {0}; raise --run-timeout, or pass --rate-limit so that the checker paces itself':
    '运行未完成：{0}；调大 --run-timeout，或传入 --rate-limit 让检查器控制节奏',
  'no check was selected: widen --suite / --grep (`conformance list` shows the checks)':
    '没有选中任何检查：放宽 --suite / --grep（`conformance list` 列出所有检查）',
  'none of the {0} checks run counts at level {1}: lower --level or pass --include-experimental':
    '运行的 {0} 个检查在 {1} 级别下都不计入：降低 --level 或传入 --include-experimental',
  'all {0} counted checks skipped (the most: {1} × {2})':
    '计入的 {0} 个检查全部跳过（最多的一类：{1} × {2}）',
  // src/report/compare.ts: two runs compared
  'Comparing base ({0}, {1}, {2}) with head ({3}, {4}, {5})':
    '比较 base（{0}，{1}，{2}）与 head（{3}，{4}，{5}）',
  'The spec catalogue differs: base {0}, head {1}. Status changes may come from the checker, not the implementation.':
    '规范目录不同：base 为 {0}，head 为 {1}。状态变化可能来自检查器，而非实现。',
  'Same spec catalogue ({0}).': '规范目录相同（{0}）。',
  '{0} regressions, {1} fixes, {2} other changes, {3} new, {4} removed, {5} unchanged.':
    '回归 {0} 项，修复 {1} 项，其他变化 {2} 项，新增 {3} 项，移除 {4} 项，未变 {5} 项。',
  // src/report/parse.ts: a report.json read back
  '{0} is not JSON ({1}). Pass the report.json a run wrote with --out.':
    '{0} 不是 JSON（{1}）。请传入某次运行用 --out 写出的 report.json。',
  'the top level is not an object': '顶层不是对象',
  'tool.name is not "chat-conformance"': 'tool.name 不是 "chat-conformance"',
  'spec.catalogueHash is missing': '缺少 spec.catalogueHash',
  'summary is missing': '缺少 summary',
  'checks is not an array': 'checks 不是数组',
  'checks[{0}] has no id, status or level': 'checks[{0}] 缺少 id、status 或 level',
  '{0} is not a chat-conformance report ({1}). Pass the report.json a run wrote with --out.':
    '{0} 不是 chat-conformance 报告（{1}）。请传入某次运行用 --out 写出的 report.json。',
  // src/report/progress.ts: progress on stderr
  'waiting {0} s for {1}': '等待 {0} 秒：{1}',
  'waiting {0} s for {1} (about {2} requests left)': '等待 {0} 秒：{1}（约剩 {2} 个请求）',
  'running {0} checks against {1} ({2})': '对 {1} 运行 {0} 个检查（{2}）',
  'running {0} checks against {1}': '对 {1} 运行 {0} 个检查',
  '{0} checks skipped before the first ran (reasons in the summary)':
    '第一个检查运行前已跳过 {0} 个检查（原因见总结）',
  // src/report/index.ts, src/report/badge.ts: options refused
  'Unknown reporters {0}: use one or more of {1} (comma-separated).':
    '未知的报告器 {0}：请使用 {1} 中的一个或多个（以逗号分隔）。',
  'Unknown reporter {0}: use one or more of {1} (comma-separated).':
    '未知的报告器 {0}：请使用 {1} 中的一个或多个（以逗号分隔）。',
  'No reporter given: use one or more of {0}.': '未指定报告器：请使用 {0} 中的一个或多个。',
  "Unknown badge level '{0}': use 'must' or 'should'.": "未知的徽章级别 '{0}'：请使用 'must' 或 'should'。",
};
