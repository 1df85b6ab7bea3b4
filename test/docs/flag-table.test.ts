/**
 * The run flag table of docs/checking-a-server.md is generated from src/run-flags.ts (scripts/gen-readme-flags.ts);
 * `npm run check` runs the generator with --check, which must fail on a stale table and pass on a fresh one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAGS_PAGE, flagTable } from '../../scripts/gen-readme-flags.js';
import { RUN_FLAGS } from '../../src/run-flags.js';
import { ROOT } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';

const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SCRIPT = join(ROOT, 'scripts/gen-readme-flags.ts');
const check = (file: string) => spawnSync(TSX, [SCRIPT, '--check', file], { cwd: ROOT, encoding: 'utf8' });

describe('the generated run flag table', () => {
  it('is on the page, one row per visible run flag', () => {
    const page = readFileSync(FLAGS_PAGE, 'utf8');
    expect(page).toContain(flagTable());
    const rows = flagTable()
      .split('\n')
      .filter((line) => line.startsWith('| `--'));
    expect(rows).toHaveLength(RUN_FLAGS.filter((row) => !row.hidden).length);
    expect(checkScript()).toContain('gen:readme -- --check');
  });

  it('--check fails on a stale table, passes once regenerated', () => {
    const stale = join(tempDir('flag-table-'), 'checking-a-server.md');
    const page = readFileSync(FLAGS_PAGE, 'utf8');
    writeFileSync(stale, page.replace('| `--base-url URL` | `baseUrl` |', '| `--base-url URL` | `base` |'));
    const failed = check(stale);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      'the run flag table differs from src/run-flags.ts; run npm run gen:readme',
    );
    execFileSync(TSX, [SCRIPT, stale], { cwd: ROOT });
    expect(readFileSync(stale, 'utf8')).toBe(page);
    expect(check(stale).status).toBe(0);
  }, 60_000);
});

function checkScript(): string {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.check;
}
