/**
 * The browser finder: a missing browser is a failure that names the exact command, never a silent skip.
 * The last test runs the real HTML-report browser test with the finder pointed at a missing binary.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('as root with apt-get on PATH, installs Debian chromium (apt-get update, then install -y) and uses it', () => {
    // A stand-in apt-get on PATH: records its arguments, and "installs" an executable chromium.
    const dir = mkdtempSync(join(tmpdir(), 'fake-apt-'));
    const calls = join(dir, 'calls');
    const aptGet = join(dir, 'apt-get');
    writeFileSync(
      aptGet,
      `#!/bin/sh\necho "$@" >> ${calls}\n[ "$1" = install ] && printf '#!/bin/sh\\n' > ${dir}/chromium && /bin/chmod +x ${dir}/chromium\nexit 0\n`,
    );
    chmodSync(aptGet, 0o755);
    try {
      expect(ensureChromium({ env: { PATH: dir }, root: true })).toBe(join(dir, 'chromium'));
      expect(readFileSync(calls, 'utf8')).toBe('update -qq\ninstall -y -qq chromium\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
    // Every test of the file failed: "Tests  N failed (N)", nothing passed or skipped.
    const [, failed, total] = /Tests\s+(\d+) failed \((\d+)\)/.exec(output) ?? [];
    expect(Number(failed)).toBeGreaterThan(0);
    expect(failed).toBe(total);
    expect(output).not.toMatch(/skipped/);
  });
});
