/**
 * The words `conformance list`, `conformance fuzz` and `conformance client` print of their own (issue 48): labels, marks,
 * counts and progress. Check ids, rule ids, sections, levels, operations, property keys and file paths
 * are arguments; a check's own text (its title, why it passes on a do-nothing server) is the check's.
 */
export const COMMAND_MESSAGES = {
  'list.check': {
    en: '{id}  {level}{flags}  rules: {rules}  operations: {operations}  {file}',
    'zh-CN': '{id}  {level}{flags}  规则：{rules}  操作：{operations}  {file}',
  },
  'list.flags': { en: ' ({flags})', 'zh-CN': '（{flags}）' },
  'list.experimental': { en: 'experimental', 'zh-CN': '实验性' },
  'list.vacuous': {
    en: '    passes on a do-nothing server: {reason}',
    'zh-CN': '    在什么都不做的服务器上也通过：{reason}',
  },
  'list.checks': { en: '{n} checks', 'zh-CN': '{n} 项检查' },
  'list.variantOnly': {
    en: ' ({n} apply to one §4.8 variant only: a run counts them only when its target follows that variant)',
    'zh-CN': '（其中 {n} 项只适用于 §4.8 的某一变体：仅当目标遵循该变体时，运行才计入它们）',
  },
  'list.scenariosHeading': {
    en: 'client scenarios (conformance client):',
    'zh-CN': '客户端场景（conformance client）：',
  },
  'list.scenario': {
    en: '{id}  {level}  rules: {rules}  {where}  {file}',
    'zh-CN': '{id}  {level}  规则：{rules}  {where}  {file}',
  },
  'list.scenario.list': { en: 'list: {list} ({operation})', 'zh-CN': '列表：{list}（{operation}）' },
  'list.scenario.suite': { en: 'suite: {suite}', 'zh-CN': '套件：{suite}' },
  'list.scenarios': { en: '{n} client scenarios', 'zh-CN': '{n} 个客户端场景' },
  'list.rule.untestable': { en: 'untestable', 'zh-CN': '不可测试' },
  'list.rule.uncovered': { en: 'UNCOVERED', 'zh-CN': '未覆盖' },
  'list.rule.checks': { en: '{n} check(s)', 'zh-CN': '{n} 项检查' },
  'list.rules': {
    en: '{n} rules: {covered} covered, {uncovered} uncovered, {untestable} untestable',
    'zh-CN': '{n} 条规则：已覆盖 {covered} 条，未覆盖 {uncovered} 条，不可测试 {untestable} 条',
  },
  'cli.reportsWritten': { en: 'reports written to {dir}/: {files}', 'zh-CN': '报告已写入 {dir}/：{files}' },
  'fuzz.start': {
    en: 'fuzz: {properties} properties, seed {seed}, against {target}',
    'zh-CN': 'fuzz：{properties} 个属性，种子 {seed}，目标 {target}',
  },
  'fuzz.replay': {
    en: 'fuzz: replaying {n} finding(s) of {file} against {target}',
    'zh-CN': 'fuzz：针对 {target} 重放 {file} 中的 {n} 个发现',
  },
  'fuzz.progress': { en: '{status} {key} ({runs} runs){why}', 'zh-CN': '{status} {key}（{runs} 次）{why}' },
  'fuzz.generated': {
    en: 'generated, per property (runs; what the inputs exercised):',
    'zh-CN': '按属性统计的生成（次数；输入覆盖了什么）：',
  },
  'fuzz.skipped': { en: 'skipped: {reason}', 'zh-CN': '已跳过：{reason}' },
  'fuzz.quiet': {
    en: '{verdict, select, pass {no finding} other {findings}} (seed {seed}): {fail} failed, {error} errors',
    'zh-CN': '{verdict, select, pass {无发现} other {有发现}}（种子 {seed}）：{fail} 项失败，{error} 项出错',
  },
  'client.scenario': {
    en: 'scenario {n}/{total} {id}: run your client now with',
    'zh-CN': '场景 {n}/{total} {id}：现在用以下环境变量运行你的客户端',
  },
  'client.token': {
    en: '(CONFORMANCE_TOKEN is a throwaway token of this local server)',
    'zh-CN': '（CONFORMANCE_TOKEN 是这个本地服务器的一次性令牌）',
  },
  'client.noVerdict': { en: 'no verdict: {reason}', 'zh-CN': '无判定：{reason}' },
} as const;
