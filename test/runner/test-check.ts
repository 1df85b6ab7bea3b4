/** A standalone check for the engine's tests: id `test/<id>`, level must, one rule, no operation. */
import type { CheckDefinition } from '../../src/runner/check.js';

export const testCheck = (
  id: string,
  body: CheckDefinition['run'],
  extra: Partial<CheckDefinition> = {},
): CheckDefinition => ({
  id: `test/${id}`,
  title: id,
  level: 'must',
  rules: ['GEN-1'],
  group: 'robustness',
  operations: [],
  run: body,
  ...extra,
});
