/**
 * run --start CMD --wait-url URL: the checker starts `conformance serve` itself, waits until it answers,
 * runs, and stops the whole process group afterwards; the server's output stays in OUT/server.log.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { BUILT_BIN, captureIo, ensureBuilt } from '../cli/helpers.js';
import { freePort } from '../support/net.js';

const folder = mkdtempSync(join(tmpdir(), 'start-target-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeAll(() => ensureBuilt(), 180_000);

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('run --start / --wait-url', () => {
  it('starts the implementation, waits, runs against it, then stops its process group', async () => {
    const port = await freePort();
    const out = join(folder, 'clean');
    const pidFile = join(folder, 'serve.pid');
    // $$ is the shell that leads the process group; the server runs as its child.
    const command = `echo $$ > ${pidFile}; node ${BUILT_BIN} serve --port ${port}`;
    const io = captureIo();
    const code = await main(
      [
        '--start',
        command,
        '--wait-url',
        `http://127.0.0.1:${port}/v1/`,
        '--base-url',
        `http://127.0.0.1:${port}/v1`,
        '--token',
        'reference-self-token',
        '--suite',
        'messages',
        '--reporter',
        'json',
        '--out',
        out,
      ],
      io,
      { env: { ...process.env }, color: false },
    );
    expect(io.err()).toContain(`started '${command}'`);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.target.baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
    expect(report.summary.pass).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'server.log'), 'utf8')).toContain('Reference implementation');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    expect(groupAlive(pid)).toBe(false);
    // Nothing listens on the port any more.
    await expect(fetch(`http://127.0.0.1:${port}/v1/`)).rejects.toThrow();
  });

  it('a command that exits before answering is a usage error naming its log', async () => {
    const io = captureIo();
    const out = join(folder, 'exits');
    const code = await main(
      ['--start', 'echo broken config >&2; exit 7', '--base-url', 'http://127.0.0.1:9/v1', '--out', out],
      io,
      { env: { ...process.env }, color: false },
    );
    expect(code).toBe(2);
    expect(io.err()).toContain('exited (7)');
    expect(io.err()).toContain(join(out, 'server.log'));
    expect(readFileSync(join(out, 'server.log'), 'utf8')).toContain('broken config');
  });

  it('--wait-url without --start, and --start with --embedded, are usage errors', async () => {
    const io = captureIo();
    expect(await main(['--embedded', '--wait-url', 'http://127.0.0.1:9/'], io, { color: false })).toBe(2);
    expect(io.err()).toContain('--wait-url needs --start');
    const other = captureIo();
    expect(await main(['--embedded', '--start', 'true'], other, { color: false })).toBe(2);
    expect(other.err()).toContain('exclude each other');
  });
});
