/**
 * The written reports' own words (issue 48): report.md, report.html, junit.xml and the badge, and the
 * sentences src/report/common.ts composes for every writer. Check text (titles, expected, observed,
 * reasons, causes' titles and fixes), identifiers and what a server said are arguments, never here.
 * Markdown: in zh-CN a colon stays outside `**` (CommonMark does not close emphasis between `：` and a
 * Chinese character).
 */
export const REPORT_MESSAGES = {
  'report.title': { en: 'Chat API conformance', 'zh-CN': '聊天 API 一致性' },
  'report.titleWithVerdict': {
    en: 'Chat API conformance: {verdict}',
    'zh-CN': '聊天 API 一致性：{verdict}',
  },
  'report.verdict.pass': { en: 'PASS', 'zh-CN': 'PASS（通过）' },
  'report.verdict.fail': { en: 'FAIL', 'zh-CN': 'FAIL（未通过）' },
  'report.verdict.none': { en: 'NO VERDICT', 'zh-CN': 'NO VERDICT（无判定）' },
  'report.noVerdict': {
    en: 'NO VERDICT — stopped in {phase}: {reason}',
    'zh-CN': 'NO VERDICT（无判定）— 在 {phase} 阶段停止：{reason}',
  },
  'report.status.pass': { en: 'pass', 'zh-CN': '通过' },
  'report.status.fail': { en: 'fail', 'zh-CN': '失败' },
  'report.status.error': { en: 'error', 'zh-CN': '出错' },
  'report.status.skip': { en: 'skip', 'zh-CN': '跳过' },
  'report.col.pass': { en: 'Pass', 'zh-CN': '通过' },
  'report.col.fail': { en: 'Fail', 'zh-CN': '失败' },
  'report.col.error': { en: 'Error', 'zh-CN': '出错' },
  'report.col.skip': { en: 'Skip', 'zh-CN': '跳过' },
  'report.col.total': { en: 'Total', 'zh-CN': '合计' },
  'report.col.level': { en: 'Level', 'zh-CN': '级别' },
  'report.col.group': { en: 'Group', 'zh-CN': '分组' },
  'report.col.check': { en: 'Check', 'zh-CN': '检查' },
  'report.col.reason': { en: 'Reason', 'zh-CN': '原因' },
  'report.col.experimental': { en: 'experimental', 'zh-CN': '实验性' },

  // The run's facts, one each (report.md and report.html join them with ` · `).
  'report.meta.target': { en: 'target {target}', 'zh-CN': '目标 {target}' },
  'report.meta.embedded': { en: ' (embedded reference)', 'zh-CN': '（内置参考实现）' },
  'report.meta.spec': { en: 'spec {name} {hash}', 'zh-CN': '规范 {name} {hash}' },
  'report.meta.profile': { en: 'profile {profile}', 'zh-CN': '配置 {profile}' },
  'report.meta.level': { en: 'level {level}', 'zh-CN': '级别 {level}' },
  'report.meta.experimental': {
    en: 'experimental {counted, select, yes {counted} other {reported apart}}',
    'zh-CN': '实验性检查{counted, select, yes {计入判定} other {单独报告}}',
  },
  'report.meta.started': { en: 'started {at}', 'zh-CN': '开始于 {at}' },
  'report.meta.took': { en: 'took {duration}', 'zh-CN': '耗时 {duration}' },
  'report.meta.faults': { en: 'faults {faults}', 'zh-CN': '故障 {faults}' },
  'report.meta.variants': { en: 'variants {variants}', 'zh-CN': '变体 {variants}' },
  'report.client.command': {
    en: 'client {command} (served {url})',
    'zh-CN': '客户端 {command}（提供 {url}）',
  },
  'report.client.listen': {
    en: 'client at {listen} (served {url})',
    'zh-CN': '位于 {listen} 的客户端（提供 {url}）',
  },
  'report.duration.ms': { en: '{n} ms', 'zh-CN': '{n} 毫秒' },
  'report.duration.s': { en: '{n} s', 'zh-CN': '{n} 秒' },
  'report.duration.min': { en: '{min} min {s} s', 'zh-CN': '{min} 分 {s} 秒' },

  // What a check's level means for this run (countingNote).
  'report.counting.expectedFailure': {
    en: 'expected failure (baseline), not counted',
    'zh-CN': '预期失败（基线），不计入',
  },
  'report.counting.notOffered': {
    en: 'not offered by the login (login.features), not counted',
    'zh-CN': '登录未提供（login.features），不计入',
  },
  'report.counting.experimental': { en: 'experimental, not counted', 'zh-CN': '实验性，不计入' },
  'report.counting.counted': { en: 'counted in the verdict', 'zh-CN': '计入判定' },
  'report.counting.info': { en: 'info: an observation, not counted', 'zh-CN': 'info：仅为观察，不计入' },
  'report.counting.belowLevel': {
    en: 'not counted at --level {level}',
    'zh-CN': '在 --level {level} 下不计入',
  },
  'report.truncated': {
    en: '… ({cut} more characters in report.json)',
    'zh-CN': '……（另有 {cut} 个字符，见 report.json）',
  },
  'report.confirm.notRerun': { en: 'not re-run alone: {reason}', 'zh-CN': '未单独重跑：{reason}' },
  'report.confirm.reproduced': {
    en: 'reproduced alone (re-run by itself after the main pass, it failed again)',
    'zh-CN': '单独重现（主流程之后单独重跑，再次失败）',
  },
  'report.confirm.notReproduced': {
    en: 'did not reproduce alone: re-run by itself it ended {status}{reason}, so the failure may depend on what ran with it',
    'zh-CN': '单独重跑未重现：单独重跑的结果是 {status}{reason}，因此该失败可能取决于与它一起运行的内容',
  },
  'report.parenthesis': { en: ' ({text})', 'zh-CN': '（{text}）' },
  'report.observed.notRecordedSeeExchange': {
    en: 'not recorded by the check; the last exchange shows the answer',
    'zh-CN': '检查未记录；最后一次交互显示了回答',
  },
  'report.observed.notRecorded': { en: 'not recorded by the check', 'zh-CN': '检查未记录' },
  'report.noRules': { en: 'none', 'zh-CN': '无' },
  'report.idsMore': { en: ', … and {n} more', 'zh-CN': '，……另有 {n} 项' },
  'report.idsAndMore': { en: ' and {n} more', 'zh-CN': ' 等，另有 {n} 项' },

  // Labels shared by report.md, report.html and junit.xml.
  'report.label.expected': { en: 'Expected', 'zh-CN': '预期' },
  'report.label.observed': { en: 'Observed', 'zh-CN': '实际' },
  'report.label.alone': { en: 'Alone', 'zh-CN': '单独重跑' },
  'report.label.observedAlone': { en: 'Observed alone', 'zh-CN': '单独重跑时实际' },
  'report.labelled': { en: '{label}: {text}', 'zh-CN': '{label}：{text}' },
  'report.operations': { en: 'Operations: {ops}', 'zh-CN': '操作：{ops}' },
  'report.also': { en: 'Also: {ids}', 'zh-CN': '另有：{ids}' },
  'report.checks': { en: 'Checks: {ids}', 'zh-CN': '检查：{ids}' },
  'report.reproduce': { en: 'Reproduce', 'zh-CN': '重现' },
  'report.lastResponse': { en: 'Last response: HTTP {status}', 'zh-CN': '最后的响应：HTTP {status}' },
  'report.lastRequestFailed': { en: 'Last request failed: {error}', 'zh-CN': '最后的请求失败：{error}' },
  'report.detail': { en: ': {detail}', 'zh-CN': '：{detail}' },
  'report.baseline': { en: 'Baseline', 'zh-CN': '基线' },
  'report.baseline.counts': {
    en: '{expected} expected failures not counted, {stale} stale, {unknown} unknown.',
    'zh-CN': '{expected} 项预期失败不计入，{stale} 项过期，{unknown} 项未知。',
  },
  'report.findings': {
    en: 'Findings about the target ({n}, not counted in the verdict)',
    'zh-CN': '关于目标的发现（{n} 项，不计入判定）',
  },
  'report.causes': { en: 'What to fix first', 'zh-CN': '首先要修正的' },
  'report.undecided': { en: 'What was not decided, and why', 'zh-CN': '未能判定的内容及原因' },

  // report.md
  'md.counts': {
    en: '**{total} checks:** {pass} passed, {fail} failed, {error} errored, {skip} skipped.',
    'zh-CN': '**{total} 项检查**：通过 {pass}，失败 {fail}，出错 {error}，跳过 {skip}。',
  },
  'md.faults': { en: 'Faults injected: {faults}', 'zh-CN': '注入的故障：{faults}' },
  'md.variants': { en: 'Variants: {variants}', 'zh-CN': '变体：{variants}' },
  'md.experimental': {
    en: 'Experimental ({counted, select, yes {counted in the verdict} other {counted apart, not in the verdict}}): {pass} pass, {fail} fail, {error} error, {skip} skip.',
    'zh-CN':
      '实验性（{counted, select, yes {计入判定} other {单独统计，不计入判定}}）：通过 {pass}，失败 {fail}，出错 {error}，跳过 {skip}。',
  },
  'md.baseline.unknown': {
    en: 'Listed but not in this run (renamed, removed or filtered out):',
    'zh-CN': '已列出但不在本次运行中（已改名、已删除或被筛除）：',
  },
  'md.levelRules': {
    en: '**Level:** {level} ({note}) · **Rules:** {rules}',
    'zh-CN': '**级别**：{level}（{note}）· **规则**：{rules}',
  },
  'md.field': { en: '**{label}:** {text}', 'zh-CN': '**{label}**：{text}' },
  'md.fieldBlock': { en: '**{label}:**', 'zh-CN': '**{label}**：' },
  'md.reproduceWithCurl': { en: 'Reproduce with curl', 'zh-CN': '用 curl 重现' },
  'md.lastRequests': {
    en: 'The last {shown} of {total} requests (all of them in report.html):',
    'zh-CN': '共 {total} 个请求中的最后 {shown} 个（全部见 report.html）：',
  },
  'md.section': { en: '{title} ({n})', 'zh-CN': '{title}（{n}）' },
  'md.failures': { en: 'Failures', 'zh-CN': '失败' },
  'md.errors': { en: 'Errors (the checker could not decide)', 'zh-CN': '出错（检查器无法判定）' },
  'md.expectedFailures': { en: 'Expected failures (baseline)', 'zh-CN': '预期失败（基线）' },
  'md.experimentalFailures': {
    en: 'Experimental failures ({counted, select, yes {counted} other {not counted}})',
    'zh-CN': '实验性失败（{counted, select, yes {计入} other {不计入}}）',
  },
  'md.omitted': {
    en: '_… and {n} more not shown to stay within the size of a comment: see report.html or report.json._',
    'zh-CN': '_……另有 {n} 项未显示，以免超出评论的大小：见 report.html 或 report.json。_',
  },
  'md.skipped': { en: 'Skipped ({n})', 'zh-CN': '跳过（{n}）' },
  'md.skipped.omitted': {
    en: '_… and {n} more skipped checks: see report.json._',
    'zh-CN': '_……另有 {n} 项跳过的检查：见 report.json。_',
  },
  'md.cause': {
    en: '**{count}** — {title} ({section}). Fix: {fix}.',
    'zh-CN': '**{count}** — {title}（{section}）。修正：{fix}。',
  },
  'md.first': { en: 'First check: {id}', 'zh-CN': '首个检查：{id}' },
  'md.first.expected': { en: ' — expected {text}', 'zh-CN': ' — 预期：{text}' },
  'md.first.observed': { en: '; observed {text}', 'zh-CN': '；实际：{text}' },
  'md.undecided': {
    en: '**{held}** — {title}{detail}. To decide them: {decide}.',
    'zh-CN': '**{held}** — {title}{detail}。如何判定：{decide}。',
  },
  'md.stopped': {
    en: '**Stopped** during {phase}: {reason}',
    'zh-CN': '**已停止**，在 {phase} 阶段：{reason}',
  },
  'md.leftBehind': { en: 'Not undone by the cleanup ({n})', 'zh-CN': '清理未能撤销的内容（{n}）' },
  'md.leftBehind.intro': {
    en: 'The run could not undo these; `left-behind.sh` in the report folder has, for each, the command that undoes it through the interface or, where no operation can, what to do on the platform.',
    'zh-CN':
      '本次运行未能撤销以下内容；报告文件夹中的 `left-behind.sh` 为每一项给出了通过接口撤销它的命令，或在没有操作能撤销它时，说明应在平台上做什么。',
  },
  'md.leftBehind.record': {
    en: '{label} ({kind}, {operation}, created by {checkId}){error}',
    'zh-CN': '{label}（{kind}，{operation}，由 {checkId} 创建）{error}',
  },
  'md.footer': {
    en: 'Generated by {tool} {version} at {at}. Full evidence: report.html, report.json.',
    'zh-CN': '由 {tool} {version} 生成于 {at}。完整证据：report.html、report.json。',
  },

  // report.html
  'html.checksCard': { en: 'checks', 'zh-CN': '项检查' },
  'html.request': { en: 'Request', 'zh-CN': '请求' },
  'html.response': { en: 'Response', 'zh-CN': '响应' },
  'html.error': { en: 'Error', 'zh-CN': '错误' },
  'html.copy': { en: 'Copy', 'zh-CN': '复制' },
  'html.copied': { en: 'Copied', 'zh-CN': '已复制' },
  'html.copyFailed': { en: 'Copy failed', 'zh-CN': '复制失败' },
  'html.shown': { en: '{count} of {total} checks shown', 'zh-CN': '显示 {count} / {total} 项检查' },
  'html.truncatedByLimit': {
    en: '… (truncated by the evidence limit)',
    'zh-CN': '……（已按证据长度上限截断）',
  },
  'html.specSays': { en: 'The spec says', 'zh-CN': '规范原文' },
  'html.tag.experimental': { en: 'experimental', 'zh-CN': '实验性' },
  'html.tag.expectedFailure': { en: 'expected failure', 'zh-CN': '预期失败' },
  'html.checkFacts': {
    en: 'Level {level} ({note}) · rules {rules} · operations {ops}',
    'zh-CN': '级别 {level}（{note}）· 规则 {rules} · 操作 {ops}',
  },
  'html.setup': {
    en: '{n} earlier {n, plural, one {exchange} other {exchanges}} (setup)',
    'zh-CN': '之前的 {n} 次交互（准备）',
  },
  'html.leftOut': {
    en: '{n} exchange(s) left out to keep this page small: see report.json.',
    'zh-CN': '为使本页保持精简，省略了 {n} 次交互：见 report.json。',
  },
  'html.notes': { en: 'Notes', 'zh-CN': '备注' },
  'html.events': { en: 'Events', 'zh-CN': '事件' },
  'html.failing': { en: 'Failing checks', 'zh-CN': '失败的检查' },
  'html.failing.count': {
    en: '{n} in all groups{counted, select, all {} other {, {counted} counted in the verdict}}',
    'zh-CN': '所有分组共 {n} 项{counted, select, all {} other {，其中 {counted} 项计入判定}}',
  },
  'html.group.count': {
    en: '{passing}/{total} pass{failing, select, none {} other {, {failing} failing (listed above)}}',
    'zh-CN': '{passing}/{total} 通过{failing, select, none {} other {，{failing} 项失败（列在上方）}}',
  },
  'html.filter.status': { en: 'Status', 'zh-CN': '状态' },
  'html.filter.all': { en: 'all', 'zh-CN': '全部' },
  'html.filter.both': { en: 'both', 'zh-CN': '两者' },
  'html.filter.core': { en: 'core only', 'zh-CN': '仅核心' },
  'html.filter.experimentalOnly': { en: 'experimental only', 'zh-CN': '仅实验性' },
  'html.filter.experimental': { en: 'Experimental', 'zh-CN': '实验性' },
  'html.filter.placeholder': { en: 'Search id, title, rule, reason', 'zh-CN': '搜索 id、标题、规则、原因' },
  'html.filter.search': { en: 'Search', 'zh-CN': '搜索' },
  'html.baseline.unknown': { en: 'Listed but not in this run:', 'zh-CN': '已列出但不在本次运行中：' },
  'html.stopped': { en: 'Stopped during {phase}: {reason}', 'zh-CN': '在 {phase} 阶段停止：{reason}' },
  'html.waitingFor': { en: ' (waiting for {what})', 'zh-CN': '（等待 {what}）' },
  'html.firstCheck': { en: 'First check:', 'zh-CN': '首个检查：' },
  'html.fix': { en: 'Fix: {text}', 'zh-CN': '修正：{text}' },
  'html.rule': { en: 'The rule: {text}', 'zh-CN': '规则：{text}' },
  'html.decide': { en: 'To decide them: {text}', 'zh-CN': '如何判定：{text}' },
  'html.seen': { en: 'Seen: {text}', 'zh-CN': '所见：{text}' },
  'html.bar': {
    en: '{group}: {n} {status, select, fail {fail or error} pass {pass} other {skip}}',
    'zh-CN': '{group}：{status, select, fail {失败或出错} pass {通过} other {跳过}} {n}',
  },
  'html.picture': { en: 'pass, fail and skip by group', 'zh-CN': '各分组的通过、失败与跳过' },
  'html.counts': { en: 'Counts', 'zh-CN': '计数' },

  // junit.xml
  'junit.check': { en: 'Check: {id} — {title}', 'zh-CN': '检查：{id} — {title}' },
  'junit.level': { en: 'Level: {level} ({note})', 'zh-CN': '级别：{level}（{note}）' },
  'junit.rules': { en: 'Rules: {rules}', 'zh-CN': '规则：{rules}' },
  'junit.note': { en: 'Note: {text}', 'zh-CN': '备注：{text}' },
  'junit.reproduce': { en: 'Reproduce:', 'zh-CN': '重现：' },
  'junit.expectedFailure': {
    en: 'expected failure (baseline): {message}',
    'zh-CN': '预期失败（基线）：{message}',
  },
  'junit.skipped': { en: 'skipped', 'zh-CN': '已跳过' },

  // badge.svg and badge.json
  'badge.label': { en: 'chat-api conformance', 'zh-CN': '聊天 API 一致性' },
  'badge.clientLabel': { en: 'client conformance', 'zh-CN': '客户端一致性' },
  'badge.none': { en: 'no checks ran', 'zh-CN': '未运行任何检查' },
  'badge.skipped': { en: ', {n} skipped', 'zh-CN': '，跳过 {n}' },
} as const;
