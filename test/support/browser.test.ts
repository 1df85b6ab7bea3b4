/**
 * The browser finder: a missing browser is a failure that names the exact command, never a silent skip.
 * The last test runs the real HTML-report browser test with the finder pointed at a missing binary.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BrowserMissingError, ensureChromium, findChromium, INSTALL_COMMAND } from './browser.js';

const empty = mkdtempSync(join(tmpdir(), 'no-browser-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('findChromium', () => {
  it('uses CHROMIUM_PATH as given and names the install command when it does not exist', () => {
    expect(() => findChromium({ CHROMIUM_PATH: join(empty, 'chromium'), PATH: '/usr/bin' })).toThrow(
      BrowserMissingError,
    );
    expect(() => findChromium({ CHROMIUM_PATH: join(empty, 'chromium'), PATH: '/usr/bin' })).toThrow(
      INSTALL_COMMAND,
    );
  });

  it('searches PATH for the usual names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fake-browser-'));
    const fake = join(dir, 'chromium-browser');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    try {
      expect(findChromium({ PATH: `${empty}:${dir}` })).toBe(fake);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with nothing on PATH and no right to install, fails with the command instead of installing', () => {
    let message = '';
    try {
      ensureChromium({ env: { PATH: empty }, root: false });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`Run \`${INSTALL_COMMAND}\``);
  });

  it('the HTML report browser test fails (does not skip) with the command when its browser is missing', () => {
    const result = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', 'test/report/html.browser.test.ts', '--reporter=verbose'],
      {
        encoding: 'utf8',
        env: { ...process.env, CHROMIUM_PATH: join(empty, 'chromium'), NO_COLOR: '1', CI: 'true' },
        timeout: 120_000,
      },
    );
    const output = result.stdout + result.stderr;
    expect(result.status).toBe(1);
    expect(output).toContain(`run \`${INSTALL_COMMAND}\``);
    expect(output).toMatch(/Tests\s+5 failed \(5\)/);
    expect(output).not.toMatch(/skipped/);
  });
});
