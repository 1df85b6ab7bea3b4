/**
 * The run flag table of docs/checking-a-server.md is generated from src/run-flags.ts (scripts/gen-readme-flags.ts);
 * `npm run check` runs the generator with --check, which must fail on a stale table and pass on a fresh one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { STEPS } from '../../scripts/check.js';
import { FLAGS_PAGE, flagTable, main } from '../../scripts/gen-readme-flags.js';
import { RUN_FLAGS } from '../../src/run-flags.js';
import { tempDir } from '../support/temp.js';

describe('the generated run flag table', () => {
  it('is on the page, one row per visible run flag; npm run check checks it', () => {
    const page = readFileSync(FLAGS_PAGE, 'utf8');
    expect(page).toContain(flagTable());
    const rows = flagTable()
      .split('\n')
      .filter((line) => line.startsWith('| `--'));
    expect(rows).toHaveLength(RUN_FLAGS.filter((row) => !row.hidden).length);
    expect(STEPS.map((step) => step.name)).toContain('gen:readme --check');
  });

  it('--check fails on a stale table, naming what to run, and passes once regenerated', () => {
    const stale = join(tempDir('flag-table-'), 'checking-a-server.md');
    const page = readFileSync(FLAGS_PAGE, 'utf8');
    writeFileSync(stale, page.replace('| `--base-url URL` | `baseUrl` |', '| `--base-url URL` | `base` |'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(main(['--check', stale])).toBe(1);
      expect(errors.mock.calls.flat().join('\n')).toContain(
        'the run flag table differs from src/run-flags.ts; run npm run gen:readme',
      );
      expect(main([stale])).toBe(0);
      expect(readFileSync(stale, 'utf8')).toBe(page);
      expect(main(['--check', stale])).toBe(0);
    } finally {
      errors.mockRestore();
    }
  });
});
