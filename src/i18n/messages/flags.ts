/**
 * The zh-CN help of every command-line option (issue 48): the English is the option's own description
 * where it is declared (src/run-flags.ts for `run`, bin/commands/*.ts for the others); test/i18n proves
 * every visible option of every command has its entry here. Keys: the option's long flag, shared by the
 * commands that declare it alike, or `<command> <flag>` where a command says it otherwise.
 */
export const FLAG_HELP_ZH: Readonly<Record<string, string>> = {
  '--base-url': '被测实现的基础地址，例如 http://127.0.0.1:5140/v1',
  '--token': '机器人令牌（或环境变量 CONFORMANCE_TOKEN）',
  '--peer-token': '第二个身份的令牌（或环境变量 CONFORMANCE_PEER_TOKEN）',
  '--peer-self-id': '第二个身份的用户 ID（同一令牌，另一个账号）',
  '--header': '每个请求附加的请求头（可重复）',
  '--platform': '机器人所在平台（Satori-Platform / X-Platform）',
  '--self-id': '机器人的用户 ID（Satori-User-ID / X-Self-ID）',
  '--guild': '沙盒群组（默认：guild.list 的第一个）',
  '--channel': '沙盒文字频道（默认：该群组的第一个文字频道）',
  '--user': '群组中另一个可读取的用户（默认：对等账号）',
  '--suite': '只运行这些分组（可重复，或以逗号分隔）',
  '--grep': '只运行 ID 或标题匹配的检查',
  '--level': '判定级别（默认 must）',
  '--include-experimental': '将实验性检查计入判定',
  '--profile': 'satori（默认）或 strict（只检查规范本身）',
  '--timeout': '单个请求的超时（默认 10000）',
  '--event-timeout':
    '事件流上次送达事件后等待下一个事件的时长（默认 5000）：仍在送达积压事件的事件流会延长等待，最长到检查超时',
  '--check-timeout': '单项检查的超时（默认 30000）',
  '--run-timeout': '整次运行的截止时间；之后清理另有预算（默认 600000）',
  '--concurrency':
    '同时发送请求的检查数，固定值（默认：自适应，从 8 起，按延迟和 429 在 2–32 之间调整；等待事件或禁言结束的检查不占名额）',
  '--rate-limit':
    '检查器自己的请求预算：N/s、N/m 或 N/h（例如 100/m），从第一个请求起对所有身份合计（默认：无；按目标的限流响应头控制节奏）',
  '--seed': '用此种子打乱检查的启动顺序（默认：固定顺序）；记录在 report.json 中以便重现',
  '--no-confirm': '主流程后不再单独重跑每个计入的失败（默认：在主流程一半的时间内重跑，至少 5 秒）',
  '--out': '报告目录（默认 reports/）',
  '--reporter': '报告输出格式（可重复，或以逗号分隔；默认全部）',
  '--embedded': '在进程内启动参考实现并检查它',
  '--start': '用此命令启动被测实现，运行检查后再停止它',
  '--wait-url': '与 --start 一起使用：等待此 URL 响应（默认 --base-url）',
  '--fault': '开启内置参考实现的一个故障（可重复；仅限 --embedded）',
  '--tolerate': '开启内置参考实现的一个容许变体（合法差异），或预设 legacy（可重复；仅限 --embedded）',
  '--dirty':
    '让内置参考实现带着一次中断运行的残留启动（全部条目，或以逗号分隔的子集；见 conformance serve --list-dirty）',
  '--vacuous':
    '用“什么都不做”的服务器替换内置参考实现（empty-object、not-implemented、no-content、echo、empty-list、accepts-all、refuses-unknown-path、refuses-501、refuses-400、fabricates-reads；见 conformance serve --list-vacuity）：此时任何通过都没有证据',
  '--variant': '选择一个 §4.8 变体（可重复）',
  '--limit-bound': '目标 message.list 的 limit 上限（内置参考实现也会执行它；默认 100）',
  '--emoji': '目标上有效的两个或更多表情 ID，以逗号分隔（默认 👍,❤️）',
  '--latency': '内置参考实现：为每个响应增加的延迟',
  '--events': '事件传输方式（默认 ws）',
  '--events-url': '事件流的 WebSocket URL（默认 {base}/events）',
  '--webhook-listen': 'webhook 接收端监听的地址（--events webhook）',
  '--webhook-token': 'webhook 接收端注册时使用的令牌（或环境变量 CONFORMANCE_WEBHOOK_TOKEN）',
  '--trigger-url': '向此处 POST {event, ...payload} 以引发传入事件',
  '--trigger-header': '只发送给 --trigger-url 的请求头，例如它的认证（可重复）',
  '--trigger-command': '以 EVENT 和 PAYLOAD 环境变量运行此命令，以引发传入事件',
  '--allow-destructive': '运行会修改非检查器所建数据的检查',
  '--expected-failures': '预期失败的检查 ID 基线',
  '--baseline-report': '与先前的 report.json 比较：任何退步都使运行失败',
  '--badge-level': '徽章计入的检查（默认 must）',
  '--config': '配置文件（默认：存在时为 ./conformance.config.json）',
  '--verbose': '也列出通过的检查',
  '--quiet': '不显示进度和列表：只打印判定行（报告照常写出）',
  '--color': '为控制台输出着色（默认：stdout 是终端且未设置 NO_COLOR 时）',
  '--no-color': '不着色',
  '--dry-run': '列出按这些过滤条件将要执行的检查，不发送任何请求',
  '--bail': '在第一个计入的失败处停止（已创建的内容仍会清理）',
  '--suites-dir': '从此目录加载检查，代替内置的检查集（可重复）',
  '--lang': '输出语言：en 或 zh-CN（默认：取自 LC_ALL / LC_MESSAGES / LANG）',
  '-V': '输出版本号',
  '--version': '输出版本号',
  '-h': '显示命令帮助',
  '--help': '显示命令帮助',
  // conformance list
  'list --json': '以 JSON 输出',
  'list --rules': '列出规则及覆盖它们的检查；无法测试的规则会标出',
  'list --client': '只列出 `conformance client` 的场景（suites/client/）',
  // conformance badge
  'badge --out': '写出 badge.svg 和 badge.json 的目录（默认：报告所在目录）',
  'badge --badge-level': "'must' 计入 must 检查，'should' 计入 must 和 should 检查",
  // conformance compare
  'compare --json': '以 JSON 输出比较结果',
  // conformance matrix
  'matrix --out': '写出站点的目录',
  'matrix --badge-level': '得分和徽章计入的检查',
  // conformance serve
  'serve --port': '监听的端口（0 表示任选一个空闲端口）',
  'serve --host': '监听的地址',
  'serve --token': '机器人身份的令牌（默认：serve 打印的那个）',
  'serve --fault': '开启一个故障（可重复；见 --list-faults）',
  'serve --tolerate': '开启一个容许变体（合法差异），或预设 legacy（可重复；见 --list-tolerances）',
  'serve --latency': '每个接口响应延迟这么多毫秒',
  'serve --rate-limit':
    'N/s（或 N）：每个令牌每秒 N 个请求，每个频道每秒 N/5 个 message.create（突发 5 个）；N/m 或 N/h：每个令牌、每个客户端地址各 N 个的固定窗口；超出则返回 429 和 Retry-After',
  'serve --limit-bound': 'message.list 的 limit 上限（默认 100）',
  'serve --guilds': '额外预置这么多个机器人所在的群组（得到一个很长的 guild.list）',
  'serve --dirty': '带着一次中断运行的残留启动：全部条目，或以逗号分隔的子集（见 --list-dirty）',
  'serve --list-dirty': '打印“脏世界”条目（--dirty 在预置数据上叠加的内容）后退出',
  'serve --vacuous': '改为提供一个什么都不做的服务器：每个请求都一样应答，没有事件（见 --list-vacuity）',
  'serve --list-vacuity': '打印“什么都不做”的预设（空服务器）后退出',
  'serve --list-faults': '打印故障目录（ID、规则、说明）后退出',
  'serve --list-tolerances': '打印容许变体目录和预设（ID、章节、说明）后退出',
  'serve --json': '与 --list-faults 或 --list-tolerances 一起使用：以 JSON 输出',
  'serve --archetype-seed':
    '提供一个由种子 N 组合出的另一类合法服务器（提供哪些操作、在哪里声明 features、事件、身份、字段），并用一行说明它',
  'serve --archetype': '提供一个具名的原型服务器：http-only',
  // conformance fuzz
  'fuzz --seed': 'fast-check 种子（默认：取自时钟；报告会记录它）',
  'fuzz --runs': '每个性质的运行次数（默认 100）',
  'fuzz --budget': '生成输入的时间预算，例如 60s、90000ms、2m（默认 60s）；之后进行清理',
  'fuzz --replay': '原样重发先前一次模糊测试报告中的发现',
  'fuzz --grep': '只运行键或发现 ID 匹配的性质',
  // conformance client
  'client --command':
    '每个场景运行一次的 shell 命令：读完 CONFORMANCE_LIST 后退出（分页），或连接 CONFORMANCE_EVENTS_URL 并打印收到的事件直到被停止（事件）',
  'client --suite':
    '客户端检查集，以逗号分隔：pagination、events（默认 pagination；选 events 时默认 --level 为 should）',
  'client --listen': '在此地址提供服务，并等待你自己启动的客户端，一个场景接一个场景',
  'client --scenario-timeout': '一个场景最长可用的时间（默认 15000）；--listen 时为等待第一个请求的时间',
  'client --idle': '--listen 时：安静这么久后场景结束（默认 2000）',
  'client --heartbeat': '事件：CONFORMANCE_HEARTBEAT_MS，测试中客户端可遵循的心跳间隔（默认 1000）',
  'client --list':
    '分页：只运行这些列表的场景（可重复，或以逗号分隔）：message、channel、guild、member、role、friend、reaction',
  'client --concurrency':
    '同时运行的场景数，每个场景有自己的服务器和客户端进程（默认：分页为核数 × 2，事件为核数 × 8，最多 16；1 表示逐个运行）',
  'client --grep': '只运行 ID 或标题匹配的场景',
  'client --badge-level': '徽章计入的场景（默认 must）',
  'client --verbose': '也列出通过的场景',
  // conformance cleanup
  'cleanup --out': '被中断那次运行的报告目录',
  'cleanup --base-url': '只处理针对此基础地址的运行记录',
  'cleanup --peer-token': '第二个身份的令牌（或环境变量 CONFORMANCE_PEER_TOKEN）',
  'cleanup --header': '每个请求附加的请求头（可重复）',
  'cleanup --trigger-url': '触发器，用于撤销那次运行经由它创建的内容',
  'cleanup --trigger-header': '只发送给 --trigger-url 的请求头（可重复）',
  'cleanup --trigger-command': '以命令形式提供的触发器',
  'cleanup --timeout': '单个请求的超时',
  'cleanup --yes': '不询问直接撤销（用于 CI）',
};
