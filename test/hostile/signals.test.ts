/**
 * Ctrl-C is honoured in every phase (issue 12 item 4): while the checker waits for READY, for discovery,
 * or for a hanging undo. The first SIGINT stops, cleans up and writes the reports (exit 130); a second
 * one exits at once and leaves the ledger of what is left, with curl commands and no token.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/runner/model.js';
import { BUILT_BIN, ensureBuilt } from '../cli/helpers.js';
import { type HostileHooks, type HostileMode, type HostileServer, startHostileServer } from './server.js';

const TOKEN = 'tok-SECRET-91c3e7a0d5b2f846';
const work = mkdtempSync(join(tmpdir(), 'hostile-signals-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(() => ensureBuilt(), 180_000);

interface Started {
  child: ChildProcessWithoutNullStreams;
  out: string;
  stderr: () => string;
  exited: Promise<number | null>;
  server: HostileServer;
}

/** Starts the CLI against a hostile server; `moment` resolves when the server sees the awaited step. */
async function start(mode: HostileMode, name: string, hooks: (ready: () => void) => HostileHooks) {
  let reached!: () => void;
  const moment = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const server = await startHostileServer(
    mode,
    hooks(() => reached()),
  );
  const out = join(work, name);
  // Long request timeouts: only the signal can end these runs quickly.
  const child = spawn(
    process.execPath,
    [BUILT_BIN, '--base-url', server.baseUrl, '--token', TOKEN, '--timeout', '20000', '--out', out],
    { env: { ...process.env, NO_COLOR: '1' } },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  exited.finally(() => clearTimeout(timer));
  await moment;
  return { child, out, stderr: () => stderr, exited, server } satisfies Started;
}

const readReport = (out: string): RunResult => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));

describe('Ctrl-C in every phase', () => {
  it('while waiting for READY: exit 130 with a report saying so', async () => {
    const run = await start('ws-no-ready', 'connect', (ready) => ({ onIdentify: ready }));
    run.child.kill('SIGINT');
    const code = await run.exited;
    await run.server.close();
    expect(code).toBe(130);
    const result = readReport(run.out);
    expect(result.interrupted).toBe(true);
    expect(result.stopped).toMatchObject({ reason: 'SIGINT', phase: 'connect' });
    expect(result.stopped?.waitingFor).toMatch(/READY/);
  });

  it('while discovery hangs: exit 130 with a report saying so', async () => {
    // Discovery's first request: what the login offers (meta, login.get), then the sandbox (guild.list).
    const run = await start('hang', 'discovery', (ready) => ({
      onRequest: (operation) => ['meta', 'login.get', 'guild.list'].includes(operation) && ready(),
    }));
    run.child.kill('SIGINT');
    const code = await run.exited;
    await run.server.close();
    expect(code).toBe(130);
    expect(readReport(run.out).stopped).toMatchObject({ phase: 'discovery' });
  });

  it('a second Ctrl-C exits at once and leaves the ledger of what is left, with curl commands', async () => {
    // message.delete hangs: once a check waits on it, the run has created messages it cannot undo yet.
    const run = await start('hang-op', 'second', (ready) => ({
      onRequest: (operation) => operation === 'message.delete' && ready(),
    }));
    const ledger = join(run.out, 'left-behind.sh');
    expect(existsSync(ledger)).toBe(true);
    run.child.kill('SIGINT');
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (/SIGINT: stopping/.test(run.stderr())) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    run.child.kill('SIGINT');
    const code = await run.exited;
    await run.server.close();
    expect(code).toBe(130);
    expect(run.stderr()).toMatch(/SIGINT again: exiting without finishing the cleanup; .*left-behind\.sh/);
    const text = readFileSync(ledger, 'utf8');
    expect(text).toMatch(/^curl .*message\.delete.*"\$TOKEN"/m);
    for (let at = 0; at + 8 <= TOKEN.length; at++) expect(text).not.toContain(TOKEN.slice(at, at + 8));
  });
});
