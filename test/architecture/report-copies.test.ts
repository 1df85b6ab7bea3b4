/**
 * One model of the report: the types generated from report.schema.json (spec/types.ts) are the only
 * declarations of its shapes; `reportTypeCopies` finds a hand-written one (a drifted copy included).
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';
import { GENERATED, reportTypeCopies } from './report-copies.js';

/** A tree with the repository's generated report types and the given sources. */
function treeWith(files: Record<string, string>): string {
  const root = tempDir('conformance-report-copies-');
  mkdirSync(join(root, 'spec'));
  cpSync(join(ROOT, GENERATED), join(root, GENERATED));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const NAMED = `import type * as Generated from '../../spec/types.js';
export type CheckResult = Generated.ReportCheckResult;
export type Undecided = NonNullable<CheckResult['undecided']>;
export interface Sandbox extends NonNullable<Generated.Report['sandbox']> { quiet?: boolean }
`;

describe('no hand-written copy of a report type', () => {
  it('the sources name the generated report types and copy none', () => {
    expect(reportTypeCopies(ROOT, ['src', 'bin', 'suites', 'spec', 'scripts', 'bench'])).toEqual([]);
  });

  it('finds a copy a field behind, an exact copy under another name, and one by name', () => {
    const root = treeWith({
      'src/runner/model.ts': `${NAMED}
export interface CheckResultCopy {
  id: string; title: string; group: string; level: string; experimental: boolean; rules: string[];
  operations: string[]; status: string; reason?: string; durationMs: number; requests?: number;
  evidence?: unknown; expectedFailure?: boolean; undecided?: unknown; notOffered?: boolean;
}
export type StateFound = { state: string; clear: string; signature?: unknown };
`,
      'src/report/summary.ts': 'export interface ReportSummary { text: string; lines: string[] }\n',
    });
    expect(reportTypeCopies(root, ['src'])).toEqual([
      { file: 'src/report/summary.ts', line: 1, name: 'ReportSummary', copies: 'ReportSummary' },
      { file: 'src/runner/model.ts', line: 6, name: 'CheckResultCopy', copies: 'ReportCheckResult' },
      { file: 'src/runner/model.ts', line: 11, name: 'StateFound', copies: 'ReportCheckResult.undecided' },
    ]);
  });

  it('leaves alone shapes that only share a few field names with a report type', () => {
    const root = treeWith({
      'src/runner/model.ts': NAMED,
      'src/runner/ledger.ts':
        'export interface LedgerEntry { kind: string; label: string; undo: string; owner: string }\n',
      'src/client/http.ts': 'export interface Answer { status: number; headers: object; text: string }\n',
    });
    expect(reportTypeCopies(root, ['src'])).toEqual([]);
  });
});
