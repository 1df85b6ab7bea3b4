/**
 * The live status on a real terminal: the built bin runs inside tmux (a pty), and the screen is read with
 * capture-pane. On a TTY the status block is rewritten in place (one status line on screen, whatever the
 * number of checks); through a pipe progress stays one line per check with no escape codes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp.js';
import { BUILT_BIN, ensureBuilt } from './helpers.js';

const SOCKET = `conformance-tty-${process.pid}`;
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
let workDir: string;

const tmux = (...args: string[]) => spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });

beforeAll(() => {
  ensureBuilt();
  workDir = tempDir('conformance-tty-');
}, 180_000);

afterAll(() => {
  if (hasTmux) tmux('kill-server');
});

/** Polls the screen until `done` matches it (or the bound passes); returns every distinct screen seen. */
async function watchScreen(done: RegExp, boundMs: number): Promise<string[]> {
  const screens: string[] = [];
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    const screen = tmux('capture-pane', '-p', '-t', 'run').stdout;
    if (screen !== screens[screens.length - 1]) screens.push(screen);
    if (done.test(screen)) return screens;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the screen never matched ${done}; last screen:\n${screens[screens.length - 1]}`);
}

describe('progress on a terminal', () => {
  it('rewrites one status block in place: done/total, failures, in flight, ETA', async () => {
    if (!hasTmux) throw new Error('tmux is missing: apt-get install -y tmux (this test needs a real pty)');
    const command = [
      process.execPath,
      BUILT_BIN,
      '--embedded',
      '--latency',
      '20',
      '--fault',
      'message-create-returns-object',
      '--reporter',
      'json',
      '--out',
      join(workDir, 'reports'),
    ]
      .map((part) => `'${part}'`)
      .join(' ');
    // `read` keeps the pane open after the run so its last screen can be read; kill-server ends it.
    const started = tmux(
      'new-session',
      '-d',
      '-s',
      'run',
      '-x',
      '160',
      '-y',
      '50',
      `${command}; echo "__EXIT__ $?"; read`,
    );
    expect(started.status, started.stderr).toBe(0);
    const screens = await watchScreen(/__EXIT__ \d+/, 120_000);
    const last = screens[screens.length - 1];
    expect(last).toMatch(/__EXIT__ 1/);

    const statusLines = (screen: string) => screen.split('\n').filter((line) => /checks done/.test(line));
    // In place: every screen, during and after the run, holds at most one status line.
    for (const screen of screens) expect(statusLines(screen).length).toBeLessThanOrEqual(1);
    const total = Number(/running (\d+) checks/.exec(last)?.[1]);
    expect(total).toBeGreaterThan(10);
    expect(statusLines(last)).toEqual([
      expect.stringMatching(new RegExp(`^\\[${total}/${total}\\] checks done · [1-9]\\d* failing · took `)),
    ]);
    // No line per passing check; each failure stays printed above the status.
    expect(last).not.toMatch(/PASS /);
    expect(last).toMatch(/^FAIL {2}message\.create\//m);
    // While it ran, the status showed what was in flight and an ETA.
    const during = screens.filter((screen) => /in flight: \S/.test(screen));
    expect(during.length).toBeGreaterThan(0);
    expect(
      during.some((screen) => /\[\d+\/\d+\] checks done · \d+ failing · \d+ in flight · ETA /.test(screen)),
    ).toBe(true);
  }, 150_000);

  it('through a pipe stays line-oriented: one line per check, no escape codes', async () => {
    const child = spawn(
      process.execPath,
      [BUILT_BIN, '--embedded', '--reporter', 'json', '--out', join(workDir, 'piped')],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const total = Number(/running (\d+) checks/.exec(stderr)?.[1]);
    // A line per check, the skips before the first check that ran counted in one (src/report/progress.ts).
    const lines = stderr.match(/^\[ *\d+\/\d+\] (PASS |FAIL |SKIP |ERROR) \S+$/gm) ?? [];
    const leading = Number(/^\[\d+\/\d+\] (\d+) checks skipped before the first ran/m.exec(stderr)?.[1] ?? 0);
    expect(lines.length + leading).toBe(total);
    expect(stderr).not.toContain(String.fromCharCode(27));
  }, 120_000);
});
