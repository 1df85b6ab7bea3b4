/**
 * The words of the causes and of the writers that take no `lang` option (issue 48): the first-contact
 * banner, the progress lines, `conformance compare` and the fleet matrix, and the fragments the causes'
 * sentences are built of (how a field is wrong, a peer's standing, a rule's section). Rendered in the
 * language of the run or command in progress (translator(phraseLang())). Identifiers, statuses and what
 * a server said are arguments.
 */
export const REPORT_EXTRA_MESSAGES = {
  // src/runner/causes.ts, src/runner/undecided-causes.ts: fragments of the causes' sentences
  'causes.section.rule': { en: '§{section} rule {n}', 'zh-CN': '§{section} 规则 {n}' },
  'causes.section.conventions': { en: 'conventions: {section}', 'zh-CN': '约定：{section}' },
  'causes.field.missing': { en: 'is missing', 'zh-CN': '缺失' },
  'causes.field.null': { en: 'is null', 'zh-CN': '为 null' },
  'causes.field.type': { en: 'has the wrong type', 'zh-CN': '类型错误' },
  'causes.field.other': { en: 'is missing or wrong', 'zh-CN': '缺失或有误' },
  'causes.inEvents': { en: 'events {list}', 'zh-CN': '事件 {list}' },
  'causes.both': { en: '{a}; {b}', 'zh-CN': '{a}；{b}' },
  'causes.refused': { en: 'refused', 'zh-CN': '被拒绝' },
  'causes.refusedWith': { en: 'refused (HTTP {status})', 'zh-CN': '被拒绝（HTTP {status}）' },
  'causes.noResult': { en: '2xx without a result', 'zh-CN': '回答 2xx 却没有结果' },
  'causes.peer.distinct': { en: 'proven another account', 'zh-CN': '已证明是另一个账号' },
  'causes.peer.servedAsBot': { en: 'served as the bot', 'zh-CN': '被当作机器人本身处理' },
  'causes.peer.refused': { en: 'refused', 'zh-CN': '被拒绝' },
  'causes.peer.unproven': { en: 'not proven another account', 'zh-CN': '未能证明是另一个账号' },
  'causes.peer.unreachable': { en: 'unreachable', 'zh-CN': '不可达' },
  'causes.peer.absent': { en: 'none given', 'zh-CN': '未提供' },
  // src/report/identities.ts: the first-contact banner
  'firstContact.heading': { en: 'first contact', 'zh-CN': '首次接触' },
  'firstContact.bot': { en: 'bot', 'zh-CN': '机器人' },
  'firstContact.features': { en: 'features', 'zh-CN': '功能' },
  'firstContact.peer': { en: 'peer', 'zh-CN': '对等账号' },
  'firstContact.events': { en: 'events', 'zh-CN': '事件' },
  'firstContact.trigger': { en: 'trigger', 'zh-CN': '触发器' },
  'firstContact.check': { en: '{n} check', 'zh-CN': '{n} 个检查' },
  'firstContact.checks': { en: '{n} checks', 'zh-CN': '{n} 个检查' },
  'firstContact.unknownUser': { en: '(unknown: pass --self-id)', 'zh-CN': '（未知：请传入 --self-id）' },
  'firstContact.actsAs': { en: 'acts as user {user}', 'zh-CN': '以用户 {user} 的身份操作' },
  'firstContact.actsAsFrom': {
    en: 'acts as user {user} ({from})',
    'zh-CN': '以用户 {user} 的身份操作（{from}）',
  },
  'firstContact.notOffered': {
    en: '{checks} not offered (not counted)',
    'zh-CN': '{checks}未提供（不计入）',
  },
  'firstContact.peerAbsent': {
    en: 'none given (--peer-token, --peer-self-id)',
    'zh-CN': '未提供（--peer-token、--peer-self-id）',
  },
  'firstContact.peerStanding': { en: '{standing}: {detail}', 'zh-CN': '{standing}：{detail}' },
  'firstContact.peerStandingFrom': {
    en: '{standing}: {detail} ({from})',
    'zh-CN': '{standing}：{detail}（{from}）',
  },
  'firstContact.decides': { en: 'decides {checks}', 'zh-CN': '可判定 {checks}' },
  'firstContact.peerLeftSkipped': { en: '{checks} left skipped', 'zh-CN': '{checks}被跳过' },
  'firstContact.peerNeeded': {
    en: '{checks} need it: those that act as the peer are left undecided',
    'zh-CN': '{checks}需要它：以 peer 身份操作的检查无法判定',
  },
  'firstContact.notReached': { en: 'not reached: {detail}', 'zh-CN': '未连通：{detail}' },
  'firstContact.withoutEvents': { en: '{checks} without events', 'zh-CN': '{checks}缺少事件' },
  'firstContact.noTrigger': { en: 'none: {detail}', 'zh-CN': '无：{detail}' },
  'firstContact.withoutTrigger': { en: '{checks} without a trigger', 'zh-CN': '{checks}缺少触发器' },
  // src/report/progress.ts: progress on stderr
  'progress.failing': { en: '{n} failing', 'zh-CN': '{n} 个失败' },
  'progress.eta': { en: 'ETA {time}', 'zh-CN': '预计剩余 {time}' },
  'progress.etaUnknown': { en: 'ETA …', 'zh-CN': '预计剩余 …' },
  'progress.status': {
    en: 'checks done · {failures} · {n} in flight · {eta}',
    'zh-CN': '检查已完成 · {failures} · {n} 个进行中 · {eta}',
  },
  'progress.inFlight': { en: 'in flight: {ids}', 'zh-CN': '进行中：{ids}' },
  'progress.starting': { en: 'starting… {target}', 'zh-CN': '正在启动… {target}' },
  'progress.cleaningUp': { en: 'cleaning up… {target}', 'zh-CN': '正在清理… {target}' },
  'progress.done': {
    en: 'checks done · {failures} · took {time}',
    'zh-CN': '检查已完成 · {failures} · 用时 {time}',
  },
  // src/report/compare.ts: two runs compared
  'compare.experimental': { en: '{level}, experimental', 'zh-CN': '{level}，实验性' },
  'compare.section': { en: '{title} ({n})', 'zh-CN': '{title}（{n}）' },
  'compare.regressions': { en: 'Regressions', 'zh-CN': '回归' },
  'compare.fixes': { en: 'Fixes', 'zh-CN': '修复' },
  'compare.changed': { en: 'Other status changes', 'zh-CN': '其他状态变化' },
  'compare.added': { en: 'New checks', 'zh-CN': '新增的检查' },
  'compare.removed': { en: 'Removed checks', 'zh-CN': '移除的检查' },
  'compare.was': { en: 'was {status}', 'zh-CN': '原为 {status}' },
  // src/report/matrix-html.ts, matrix-markdown.ts, matrix-model.ts: the fleet matrix
  'matrix.title': { en: 'Chat API conformance matrix', 'zh-CN': '聊天 API 一致性矩阵' },
  'matrix.pageTitle': {
    en: 'Chat API conformance matrix — {n} implementations',
    'zh-CN': '聊天 API 一致性矩阵 — {n} 个实现',
  },
  'matrix.facts': {
    en: "{n} implementations · {checks} checks · score = passed / counted {level} checks (skips left out) · (x) expected failure · (u) failure not counted in that run's verdict · generated {at}",
    'zh-CN':
      '{n} 个实现 · {checks} 项检查 · 得分 = 通过数 / 计入的 {level} 级检查数（不含跳过）· (x) 预期失败 · (u) 不计入该次运行判定的失败 · 生成于 {at}',
  },
  'matrix.md.facts': {
    en: '{n} implementations · {checks} checks · score = passed / counted {level} checks (skips left out). Legend: ✅ pass · ❌ fail · ⚠️ error · ➖ skip · · not run; _(x)_ expected failure, _(u)_ not counted in its verdict.',
    'zh-CN':
      '{n} 个实现 · {checks} 项检查 · 得分 = 通过数 / 计入的 {level} 级检查数（不含跳过）。图例：✅ 通过 · ❌ 失败 · ⚠️ 出错 · ➖ 跳过 · · 未运行；_(x)_ 预期失败，_(u)_ 不计入其判定。',
  },
  'matrix.col.implementation': { en: 'implementation', 'zh-CN': '实现' },
  'matrix.col.verdict': { en: 'verdict', 'zh-CN': '判定' },
  'matrix.col.score': { en: 'score', 'zh-CN': '得分' },
  'matrix.col.target': { en: 'target', 'zh-CN': '目标' },
  'matrix.col.variants': { en: 'variants', 'zh-CN': '变体' },
  'matrix.col.badge': { en: 'badge', 'zh-CN': '徽章' },
  'matrix.col.evidence': { en: 'evidence', 'zh-CN': '证据' },
  'matrix.col.check': { en: 'check', 'zh-CN': '检查' },
  'matrix.col.level': { en: 'level', 'zh-CN': '级别' },
  'matrix.verdict.pass': { en: 'pass', 'zh-CN': '通过' },
  'matrix.verdict.fail': { en: 'fail', 'zh-CN': '未通过' },
  'matrix.faults': { en: 'faults: {list}', 'zh-CN': '故障：{list}' },
  'matrix.badgeAlt': { en: '{name} badge', 'zh-CN': '{name} 徽章' },
  'matrix.report': { en: 'report', 'zh-CN': '报告' },
  'matrix.experimental': { en: 'exp.', 'zh-CN': '实验性' },
  'matrix.notInRun': { en: 'not in this run', 'zh-CN': '不在这次运行中' },
  'matrix.search': { en: 'Search', 'zh-CN': '搜索' },
  'matrix.searchPlaceholder': { en: 'Search id, title, rule', 'zh-CN': '搜索 id、标题、规则' },
  'matrix.filter.group': { en: 'Group', 'zh-CN': '分组' },
  'matrix.filter.level': { en: 'Level', 'zh-CN': '级别' },
  'matrix.filter.status': { en: 'Status', 'zh-CN': '状态' },
  'matrix.filter.all': { en: 'all', 'zh-CN': '全部' },
  'matrix.filter.any': { en: 'any', 'zh-CN': '任意' },
  'matrix.filter.someFail': { en: 'some fail', 'zh-CN': '有失败' },
  'matrix.filter.someError': { en: 'some error', 'zh-CN': '有出错' },
  'matrix.filter.someSkip': { en: 'some skip', 'zh-CN': '有跳过' },
  'matrix.filter.somePass': { en: 'some pass', 'zh-CN': '有通过' },
  'matrix.filter.differs': { en: 'only where implementations differ', 'zh-CN': '只看各实现结果不同的检查' },
} satisfies Record<string, { en: string; 'zh-CN': string }>;
