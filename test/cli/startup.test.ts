/**
 * Fast start (issue 11): `conformance --version`, `--help` and `list` load only what they need. The built
 * bin runs under a module hook that records every module it loads; the test asserts which ones (never
 * how long it took).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_BIN, ensureBuilt, ROOT } from './helpers.js';

const RECORDER = join(ROOT, 'test/cli/fixtures/record-loads.mjs');

/** Runs the built bin with `args`; returns its exit code and the module URLs it loaded (dist-relative). */
function loadsOf(args: string[]): { status: number | null; stdout: string; loaded: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-loads-'));
  const file = join(dir, 'loads.txt');
  try {
    const result = spawnSync(process.execPath, ['--import', RECORDER, BUILT_BIN, ...args], {
      encoding: 'utf8',
      env: { ...process.env, RECORD_LOADS_TO: file, NO_COLOR: '1' },
      timeout: 60_000,
    });
    const loaded = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((url) => url.replace(/^file:\/\/.*?\/(dist|node_modules)\//, '$1/'));
    return { status: result.status, stdout: result.stdout, loaded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Modules only a run, a report, the reference or the suites need. */
const HEAVY = [
  /^dist\/src\/index\.js$/,
  /^dist\/src\/runner\/(run|load|schema|embedded)\.js$/,
  /^dist\/src\/reference\/server\.js$/,
  /^dist\/src\/report\/(index|html|junit|badge)\.js$/,
  /^dist\/src\/client-mode\/run\.js$/,
  // spec/ (catalogue, rules, schemas, ajv) — except errors.js, the one small class bin/cli.ts checks against.
  /^dist\/spec\/(?!errors\.js$)/,
  /^dist\/suites\//,
  /^node_modules\/(ajv|undici|ws|xmlbuilder2|badge-maker|chalk|log-update)\//,
];
const heavyIn = (loaded: string[]) => loaded.filter((url) => HEAVY.some((pattern) => pattern.test(url)));

describe('fast start: what the bin loads', () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it('--version loads commander and the command registrations, nothing a run needs', () => {
    const { status, stdout, loaded } = loadsOf(['--version']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
    // The recorder saw the bin itself: the hook works, so an empty list below means something.
    expect(loaded).toContain('dist/bin/cli.js');
    expect(heavyIn(loaded)).toEqual([]);
  });

  it('--help shows the main run flags and loads nothing a run needs', () => {
    const { status, stdout, loaded } = loadsOf(['--help']);
    expect(status).toBe(0);
    // The reporter names come from src/report/names.ts, without loading the renderers.
    expect(stdout.replace(/\s+/g, ' ')).toMatch(
      /--reporter <names> .*console, json, junit, markdown, html, badge/,
    );
    expect(heavyIn(loaded)).toEqual([]);
  });

  it('list loads the suites but neither the engine, the reference server nor the reporters', () => {
    const { status, loaded } = loadsOf(['list']);
    expect(status).toBe(0);
    expect(loaded).toContain('dist/src/runner/load.js');
    expect(loaded.some((url) => url.startsWith('dist/suites/'))).toBe(true);
    const engine = [
      'dist/src/index.js',
      'dist/src/runner/run.js',
      'dist/src/reference/server.js',
      'dist/src/report/index.js',
    ];
    expect(loaded.filter((url) => engine.includes(url))).toEqual([]);
  });
});
