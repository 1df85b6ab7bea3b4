/**
 * The console's first screen (issue 48): the banner, the tables, the cleanup and the verdict lines. The
 * verdict words CONFORMS / DOES NOT CONFORM / NO VERDICT stay in every language (CI logs are searched for
 * them), with their meaning beside them in zh-CN.
 */
export const CONSOLE_MESSAGES = {
  'console.banner.target': {
    en: 'chat-conformance {version} — {target}',
    'zh-CN': 'chat-conformance {version} — {target}',
  },
  'console.banner.embedded': { en: '{url} (embedded reference)', 'zh-CN': '{url}（内置参考实现）' },
  'console.banner.settings': {
    en: 'profile {profile}, verdict level {level}, experimental {experimental, select, counted {counted} other {reported apart}}',
    'zh-CN':
      '配置 {profile}，判定级别 {level}，实验性检查{experimental, select, counted {计入判定} other {单独报告}}',
  },
  'console.banner.faults': { en: ', faults: {faults}', 'zh-CN': '，故障：{faults}' },
  'console.banner.seed': {
    en: ', check order seed {seed} (--seed {seed} repeats it)',
    'zh-CN': '，检查顺序种子 {seed}（--seed {seed} 可重现）',
  },
  'console.banner.variants': { en: 'variants: {variants}', 'zh-CN': '变体：{variants}' },
  'console.byGroup': { en: 'By group', 'zh-CN': '按分组' },
  'console.byLevel': { en: 'By level (non-experimental)', 'zh-CN': '按级别（非实验性）' },
  'console.experimental': {
    en: 'Experimental ({counted, select, yes {counted} other {not counted: --include-experimental}})',
    'zh-CN': '实验性（{counted, select, yes {计入判定} other {不计入：--include-experimental}}）',
  },
  'console.counts.total': { en: '{n} checks', 'zh-CN': '{n} 项检查' },
  'console.counts.pass': { en: '{n} pass', 'zh-CN': '{n} 通过' },
  'console.counts.fail': { en: '{n} fail', 'zh-CN': '{n} 失败' },
  'console.counts.error': { en: '{n} error', 'zh-CN': '{n} 出错' },
  'console.counts.skip': { en: '{n} skip', 'zh-CN': '{n} 跳过' },
  'console.cleanup.undone': { en: 'Cleanup: {n} undone', 'zh-CN': '清理：已撤销 {n} 项' },
  'console.cleanup.absent': {
    // absent: an undo found the thing gone, or a create of unknown outcome was looked for and not found.
    en: ', {n} not there (read back: already gone, or never made)',
    'zh-CN': '，{n} 项不存在（已读回确认：已删除或从未创建）',
  },
  'console.cleanup.failed': {
    en: ', {n} FAILED (not undone: see left-behind.sh):',
    'zh-CN': '，{n} 项失败（未撤销：见 left-behind.sh）：',
  },
  'console.cleanup.record': {
    en: '  {label} ({operation}, created by {checkId}): {error}',
    'zh-CN': '  {label}（{operation}，由 {checkId} 创建）：{error}',
  },
  'console.note': { en: 'note: {text}', 'zh-CN': '注：{text}' },
  'console.finding': {
    en: 'finding ({level}) {id}: {title}: {detail}',
    'zh-CN': '发现（{level}）{id}：{title}：{detail}',
  },
  'console.stopped': { en: 'Stopped during {phase}: {reason}', 'zh-CN': '在 {phase} 阶段停止：{reason}' },
  'console.baseline': {
    en: 'Baseline: {expected} expected failures, {stale} stale, {unknown} unknown',
    'zh-CN': '基线：预期失败 {expected} 项，过期 {stale} 项，未知 {unknown} 项',
  },
  'console.interrupted': {
    en: 'Interrupted: not every check ran.',
    'zh-CN': '已中断：并非每项检查都已运行。',
  },
  'console.skips.heading': { en: 'Skipped counted checks, by reason', 'zh-CN': '跳过的计入检查，按原因' },
  'console.skips.headingBesideCauses': {
    en: 'Other skipped counted checks, by reason (the causes above hold the rest)',
    'zh-CN': '其他跳过的计入检查，按原因（其余的归入上方的原因）',
  },
  'console.skips.row': { en: '  skipped {count} × {reason}', 'zh-CN': '  跳过 {count} × {reason}' },
  'console.skips.rest': {
    en: '  skipped {count} × other reasons ({groups}; in report.html and report.json)',
    'zh-CN': '  跳过 {count} × 其他原因（{groups} 种；见 report.html 和 report.json）',
  },
  'console.notOffered': {
    en: 'Not offered by the login (login.features): {n} checks, not counted',
    'zh-CN': '登录未提供（login.features）：{n} 项检查，不计入',
  },
  'console.verdict.none': {
    en: 'NO VERDICT at level {level}: {reason} ({duration})',
    'zh-CN': 'NO VERDICT（无判定），级别 {level}：{reason}（{duration}）',
  },
  'console.verdict.conforms': {
    en: 'CONFORMS at level {level}: {ran} counted checks ran, none failed{skipped} ({duration})',
    'zh-CN': 'CONFORMS（符合规范），级别 {level}：运行了 {ran} 项计入的检查，无一失败{skipped}（{duration}）',
  },
  'console.verdict.fails': {
    en: 'DOES NOT CONFORM at level {level}: {failing} of {ran} counted checks that ran failed or errored{skipped} ({duration})',
    'zh-CN':
      'DOES NOT CONFORM（不符合规范），级别 {level}：运行的 {ran} 项计入检查中有 {failing} 项失败或出错{skipped}（{duration}）',
  },
  'console.verdict.stale': {
    en: 'DOES NOT CONFORM: {n} stale baseline {n, plural, one {entry} other {entries}} ({ids} now {n, plural, one {passes} other {pass}}: remove {n, plural, one {it} other {them}} from the expected-failures file); {ran} counted checks ran, none failed{skipped} ({duration})',
    'zh-CN':
      'DOES NOT CONFORM（不符合规范）：基线中有 {n} 项已过期（{ids} 现已通过：请从预期失败文件中删除）；运行了 {ran} 项计入的检查，无一失败{skipped}（{duration}）',
  },
  'console.verdict.skipped': { en: ', {n} skipped', 'zh-CN': '，跳过 {n} 项' },
  'console.causes.heading': { en: 'What to fix first ({headline})', 'zh-CN': '首先要修正的（{headline}）' },
  'report.causesHeadline': {
    en: '{causes, plural, one {# cause explains} other {# causes explain}} {explained} of {failing, plural, one {# failing check} other {# failing checks}}',
    'zh-CN': '{causes} 个原因解释了 {failing} 项失败检查中的 {explained} 项',
  },
  'console.causes.count': {
    en: '{n, plural, one {# check} other {# checks}}',
    'zh-CN': '{n} 项检查',
  },
  'report.heldCount': {
    en: '{n, plural, one {# check} other {# checks}}{counted, select, all {} other {, {counted} counted}}',
    'zh-CN': '{n} 项检查{counted, select, all {} other {，其中 {counted} 项计入}}',
  },
  'report.moreCauses': {
    en: '… {n, plural, one {# more cause holds} other {# more causes hold}} {held, plural, one {# check} other {# checks}} (every cause is in report.html and report.json)',
    'zh-CN': '……另有 {n} 个原因，涉及 {held} 项检查（每个原因都在 report.html 和 report.json 中）',
  },
  'console.causes.unexplained': {
    en: '{n, plural, one {# failing check} other {# failing checks}} in no cause: listed below',
    'zh-CN': '{n} 项失败检查不属于任何原因：列在下方',
  },
  'console.undecided.heading': {
    en: 'What was not decided, and why ({headline})',
    'zh-CN': '未能判定的内容及原因（{headline}）',
  },
  'report.undecidedHeadline': {
    en: '{causes, plural, one {# cause holds} other {# causes hold}} {held} of {skipped, plural, one {# skipped check} other {# skipped checks}}',
    'zh-CN': '{causes} 个原因涵盖了 {skipped} 项跳过检查中的 {held} 项',
  },
  'console.label.operations': { en: 'operations: ', 'zh-CN': '操作：' },
  'console.label.fix': { en: 'fix: {text}', 'zh-CN': '修正：{text}' },
  'console.label.first': {
    en: 'first: {id} ({level}; rules {rules})',
    'zh-CN': '首个：{id}（{level}；规则 {rules}）',
  },
  'console.label.expected': { en: 'expected: {text}', 'zh-CN': '预期：{text}' },
  'console.label.observed': { en: 'observed: {text}', 'zh-CN': '实际：{text}' },
  'console.label.reproduce': { en: 'reproduce: {text}', 'zh-CN': '重现：{text}' },
  'console.label.also': { en: 'also: ', 'zh-CN': '另有：' },
  'console.label.decide': { en: 'decide: {text}', 'zh-CN': '如何判定：{text}' },
  'console.label.seen': { en: 'seen: {text}', 'zh-CN': '所见：{text}' },
  'console.label.checks': { en: 'checks: ', 'zh-CN': '检查：' },
  'console.label.rules': { en: 'rules: {rules}  ({note})', 'zh-CN': '规则：{rules}（{note}）' },
  'console.label.reason': { en: 'reason: {text}', 'zh-CN': '原因：{text}' },
  'console.label.note': { en: 'note: {text}', 'zh-CN': '注：{text}' },
  'console.label.lastExchange': { en: 'last exchange: {text}', 'zh-CN': '最后一次交互：{text}' },
  'console.none': { en: '(none)', 'zh-CN': '（无）' },
} as const;
