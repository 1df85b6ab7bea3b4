/** zh-CN renderings of the phrases of suites/_lib/ (src/i18n/phrase.ts), by English template. */
export const SUITES_LIB_PHRASES_ZH: Readonly<Record<string, string>> = {
  '{0} carries {1}': '{0} 带有 {1}',
  '{0} carries no {1}': '{0} 不带 {1}',
  '{0} item(s), {1}: {2}': '{0} 项，{1}：{2}',
  'the walk lists no item twice': '遍历中没有重复列出的项',
  'the walk to the end lists every item created': '遍历到末尾列出了创建的每一项',
  'next is present only while more data exists (§1 rule 6)': '仅当还有更多数据时才带有 next（§1 规则 6）',
  'page {0}, reached through next, is empty': '经由 next 到达的第 {0} 页为空',
};
