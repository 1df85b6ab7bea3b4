/**
 * The run result's types are the ones generated from spec/schemas/report.schema.json (src/runner/model.ts
 * names them; scripts/architecture.ts fails on a hand-written copy). What model.ts still writes by hand is
 * the list of groups in report order: it must be exactly the schema's groups.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { GROUPS, type Group } from '../../src/runner/model.js';
import { ROOT } from '../cli/helpers.js';

describe('the groups in report order', () => {
  it('are the schema groups, each once', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'spec/schemas/report.schema.json'), 'utf8'));
    const enumerated: string[] = schema.$defs.ReportCheckResult.properties.group.enum;
    expect([...GROUPS].sort()).toEqual([...enumerated].sort());
    expect(new Set(GROUPS).size).toBe(GROUPS.length);
  });

  it('cover the generated Group type (a group added to the schema fails npm run typecheck here)', () => {
    expectTypeOf<(typeof GROUPS)[number]>().toEqualTypeOf<Group>();
  });
});
