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
import { main } from '../../bin/cli.js';
import { BUILT_BIN, captureIo, ensureBuilt, ROOT } from './helpers.js';

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

/**
 * What a run, a report or the reference needs (the engine, the renderers, a command's action), never
 * `--version`, `--help` or `list`.
 */
const ENGINE = [
  /^dist\/src\/index\.js$/,
  /^dist\/src\/runner\/(run|schema|embedded|start-target)\.js$/,
  /^dist\/src\/reference\/server\.js$/,
  /^dist\/src\/report\/(index|html|junit|badge|compare|parse)\.js$/,
  /^dist\/src\/client-mode\/run\.js$/,
  // a command's action: the run, its preflight and config file, the dry-run plan
  /^dist\/bin\/commands\/(run-command|preflight|config|dry-run|suggest)\.js$/,
  /^node_modules\/(ajv|ajv-formats|undici|ws|xmlbuilder2|badge-maker|chalk|log-update)\//,
];
/** The check catalogue: what `list` reads, `--help` does not. */
const CATALOGUE = [
  /^dist\/src\/runner\/load\.js$/,
  // spec/ but its small leaves (the error a user can fix, the variant points, the --rate-limit parser, and
  // the redacting cut the ledger's left-behind.sh writes its comments with)
  /^dist\/spec\/(?!(errors|variants|rate|brief)\.js$)/,
  /^dist\/suites\//,
];
const matching = (patterns: RegExp[], loaded: string[]) =>
  [...new Set(loaded)].filter((url) => patterns.some((pattern) => pattern.test(url)));
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

describe('fast start: what the bin loads', () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it.each(['--version', '-V'])(
    '%s prints the version from package.json and loads neither commander nor any command',
    (flag) => {
      const { status, stdout, loaded } = loadsOf([flag]);
      expect(status).toBe(0);
      expect(stdout).toBe(`${VERSION}\n`);
      // The recorder saw the bin itself: the hook works, so the short list below means something.
      expect(loaded).toContain('dist/bin/conformance.js');
      expect([...new Set(loaded)].filter((url) => /^(dist|node_modules)\//.test(url)).sort()).toEqual([
        'dist/bin/conformance.js',
        'dist/src/runner/version.js',
      ]);
    },
  );

  it('--version answered early prints what the full CLI prints', async () => {
    const io = captureIo();
    await main(['--version'], io);
    expect(io.code()).toBe(0);
    expect(loadsOf(['--version']).stdout).toBe(io.out());
  });

  it('--version among other arguments still goes through the CLI and answers the same', () => {
    const { status, stdout, loaded } = loadsOf(['--embedded', '--version']);
    expect(status).toBe(0);
    expect(stdout).toBe(`${VERSION}\n`);
    expect(loaded).toContain('dist/bin/cli.js');
    expect(matching(ENGINE, loaded)).toEqual([]);
  });

  it('--help shows the main run flags and loads neither the engine nor the check catalogue', () => {
    const { status, stdout, loaded } = loadsOf(['--help']);
    expect(status).toBe(0);
    // The reporter names come from src/report/names.ts, without loading the renderers.
    expect(stdout.replace(/\s+/g, ' ')).toMatch(
      /--reporter <names> .*console, json, junit, markdown, html, badge/,
    );
    expect(loaded).toContain('node_modules/commander/lib/command.js');
    expect(matching(ENGINE, loaded)).toEqual([]);
    expect(matching(CATALOGUE, loaded)).toEqual([]);
  });

  it.each([['run'], ['serve'], ['client'], ['list'], ['badge'], ['compare'], ['matrix']])(
    '%s --help loads neither the engine nor the check catalogue',
    (command) => {
      const { status, stdout, loaded } = loadsOf([command, '--help']);
      expect(status).toBe(0);
      expect(stdout).toContain(`Usage: conformance ${command}`);
      expect(matching(ENGINE, loaded)).toEqual([]);
      expect(matching(CATALOGUE, loaded)).toEqual([]);
    },
  );

  it('list loads the suites but neither the engine, ws, the reference server nor the reporters', () => {
    const { status, stdout, loaded } = loadsOf(['list']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^\d+ checks( \(.*\))?$/m);
    expect(loaded).toContain('dist/src/runner/load.js');
    // The suites import the event session: it must not bring ws in before a socket is opened.
    expect(loaded).toContain('dist/src/events/session.js');
    expect(loaded.some((url) => url.startsWith('dist/suites/'))).toBe(true);
    expect(matching(ENGINE, loaded)).toEqual([]);
  });

  it('the recorder sees modules loaded through require(), so "ws is not loaded" means something', () => {
    // `serve --list-faults` loads the reference, whose event hub uses ws.
    const { status, loaded } = loadsOf(['serve', '--list-faults']);
    expect(status).toBe(0);
    expect(loaded.some((url) => url.startsWith('node_modules/ws/'))).toBe(true);
  });
});
