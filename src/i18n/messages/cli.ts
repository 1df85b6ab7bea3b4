/**
 * The CLI's own sentences (issue 48): help headings, examples, exit codes, usage and error lines. ICU
 * MessageFormat (plurals, arguments); `'` quotes in ICU, so an apostrophe is written `’` or `''`.
 */
export const CLI_MESSAGES = {
  'cli.description': {
    en: 'Conformance checker for the Chat Platform Interface (Satori protocol family)',
    'zh-CN': '聊天平台接口（Satori 协议族）的一致性检查器',
  },
  'cli.mainFlags': {
    en: 'Main run flags (every flag: conformance run --help):',
    'zh-CN': '主要运行参数（全部参数：conformance run --help）：',
  },
  'cli.examples': {
    en: `
Examples:
  # check a server (run is the default command)
  conformance --base-url http://127.0.0.1:5140/v1 --token "$TOKEN"
  # check the built-in reference implementation
  conformance --embedded
  # list the checks a run of the messages group would execute; send nothing
  conformance --base-url http://127.0.0.1:5140/v1 --suite messages --dry-run
  # stop at the first failure; write only report.html besides the console
  conformance --base-url http://127.0.0.1:5140/v1 --bail --reporter console,html

Exit codes: {conforms} conforms, {fails} a counted check failed, {usage} usage or configuration error,
{unreachable} target unreachable, {internal} internal error (a defect of the checker: please report it),
{sigint}/{sigterm} interrupted.`,
    'zh-CN': `
示例：
  # 检查一个服务器（run 是默认命令）
  conformance --base-url http://127.0.0.1:5140/v1 --token "$TOKEN"
  # 检查内置的参考实现
  conformance --embedded
  # 列出只运行 messages 分组时将执行的检查，不发送任何请求
  conformance --base-url http://127.0.0.1:5140/v1 --suite messages --dry-run
  # 在第一个失败处停止；除控制台外只写出 report.html
  conformance --base-url http://127.0.0.1:5140/v1 --bail --reporter console,html

退出码：{conforms} 符合规范，{fails} 有计入的检查失败，{usage} 用法或配置错误，
{unreachable} 无法连接目标，{internal} 内部错误（检查器自身的缺陷：请报告），
{sigint}/{sigterm} 被中断。`,
  },
  'cli.manual': {
    en: '\nManual: {page} (in the chat-conformance repository)',
    'zh-CN': '\n手册：{page}（在 chat-conformance 仓库中）',
  },
  'cli.seeHelp': {
    en: 'Run `conformance --help` for the flags.\n',
    'zh-CN': '运行 `conformance --help` 查看参数。\n',
  },
  'cli.error': { en: 'error: {message}\n', 'zh-CN': '错误：{message}\n' },
  'cli.heading.usage': { en: 'Usage:', 'zh-CN': '用法：' },
  'cli.heading.options': { en: 'Options:', 'zh-CN': '选项：' },
  'cli.heading.commands': { en: 'Commands:', 'zh-CN': '命令：' },
  'cli.heading.arguments': { en: 'Arguments:', 'zh-CN': '参数：' },
  'cli.heading.globalOptions': { en: 'Global Options:', 'zh-CN': '全局选项：' },
  'cli.option.default': { en: 'default: {value}', 'zh-CN': '默认：{value}' },
  'cli.option.choices': { en: 'choices: {value}', 'zh-CN': '可选：{value}' },
  'cli.option.env': { en: 'env: {value}', 'zh-CN': '环境变量：{value}' },
  'cli.option.preset': { en: 'preset: {value}', 'zh-CN': '预设：{value}' },
  'cli.badLang': {
    en: "--lang takes en or zh-CN, got ''{value}''.",
    'zh-CN': '--lang 只接受 en 或 zh-CN，收到的是“{value}”。',
  },
} as const;

/** Each command's one-line description and its arguments', in zh-CN (the English is where it is declared). */
export const COMMAND_HELP_ZH: Readonly<Record<string, string>> = {
  run: '检查一个实现（默认命令）',
  list: '列出每项检查（ID、级别、规则、操作），或用 --rules 列出每条规则及其检查',
  serve: '运行内置参考实现直到 Ctrl-C（打印其 URL 和令牌）',
  badge: '从已有的 report.json 生成 badge.svg 和 badge.json（shields.io endpoint）',
  compare: '比较两个 report.json：退步、修复、新增和删除的检查（有退步时退出码为 1）',
  matrix: '一页比较多个实现：index.html、matrix.md 和徽章',
  fuzz: '由规范的 schema 生成输入：合法、非法和有状态的输入，可收缩、可重放',
  client: '检查客户端（SDK、机器人）：提供分页或事件流，每个场景运行一次客户端，判定其行为',
  cleanup: '撤销一次被中断（例如被强制结束）的运行留下的内容：依据它写在报告目录中的记录',
  help: '显示命令帮助',
  'badge report': '一次运行写出的 report.json',
  'compare base': '较早的 report.json（例如来自 main）',
  'compare head': '较晚的 report.json（例如来自本次修改）',
  'matrix reports': 'report.json 文件（以所在目录命名，或 name=path）',
};
