/** zh-CN renderings of the phrases of spec/ (schema problems: spec/validate.ts), by English template. */
export const SPEC_PHRASES_ZH: Readonly<Record<string, string>> = {
  ' or ': ' 或 ',
  '/data: must be an array of items carrying {0} (got {1})':
    '/data：必须是带有 {0} 的项组成的数组（实际为 {1}）',
  'an {0}': '{0} 值',
  'is invalid': '无效',
  'must be equal to constant {0} (got {1})': '必须等于常量 {0}（实际为 {1}）',
  'must be one of {0} (got {1})': '必须是 {0} 之一（实际为 {1}）',
  'must be {0} (got {1})': '必须是 {0}（实际为 {1}）',
  '{0} event': '{0} 事件',
  '{0}/{1}: required resource {2} ({3}) of the {4} is missing (§1 rule 4)':
    '{0}/{1}：{4} 缺少必需资源 {2}（{3}）（§1 规则 4）',
  '{0}: must be an object carrying {1} (got {2})': '{0}：必须是带有 {1} 的对象（实际为 {2}）',
  '{0}: optional field {1} given as null (optional fields are omitted, not null)':
    '{0}：可选字段 {1} 给出了 null（可选字段应省略，而不是 null）',
  '{0}: required property is missing': '{0}：缺少必需属性',
};
