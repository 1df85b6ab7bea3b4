/**
 * `npm run check:architecture` (scripts/architecture.ts) is what makes `npm run check` fail on the code's
 * shape: its main run as `npm run check` runs it (scripts/check.ts, in its own process), on fixture trees.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../scripts/architecture.js';
import { ROOT } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';

function fixtureTree(files: Record<string, string>): string {
  const root = tempDir('conformance-architecture-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The check on the tree at `root`: its exit code and what it printed to stderr. */
function checkArchitecture(root: string): { status: number; stderr: string } {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const status = main(['--root', root]);
    return { status, stderr: errors.mock.calls.map((call) => call.join(' ')).join('\n') };
  } finally {
    errors.mockRestore();
    logs.mockRestore();
  }
}

const LEAF_TREE = {
  'src/runner/context/environment.ts': 'export interface Env { a: 1 }\n',
  'src/runner/context/part.ts':
    "import type { Env } from './environment.js';\nexport const part = (e: Env) => e;\n",
  'src/runner/context.ts': "import { part } from './context/part.js';\nexport const run = part;\n",
};

describe('npm run check:architecture', () => {
  it('exits 0 on a tree with no back-edge and no circle', () => {
    const result = checkArchitecture(fixtureTree(LEAF_TREE));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('exits 1 on an import circle, a back-edge and a hand-written report type, naming each and what to do', () => {
    const result = checkArchitecture(
      fixtureTree({
        ...LEAF_TREE,
        'src/runner/context/part.ts':
          "import type { run } from '../context.js';\nexport const part = (e: typeof run) => e;\n",
        'src/client/http.ts':
          "import type { Env } from '../runner/context/environment.js';\nexport type E = Env;\n",
        'spec/types.ts': readFileSync(join(ROOT, 'spec/types.ts'), 'utf8'),
        'src/runner/model.ts':
          'export interface Undecided { state: string; clear: string; signature?: unknown }\n',
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'import circle: src/runner/context.ts → src/runner/context/part.ts → src/runner/context.ts',
    );
    expect(result.stderr).toContain('move what they share to a leaf');
    expect(result.stderr).toContain(
      'src/client/http.ts imports src/runner/context/environment.ts: client → runner',
    );
    expect(result.stderr).toContain(
      'src/runner/model.ts:1 Undecided copies the report type ReportCheckResult.undecided by hand',
    );
    expect(result.stderr).toContain('spec/schemas/report.schema.json');
    expect(result.stderr).toContain('3 architecture problem(s).');
  });
});
