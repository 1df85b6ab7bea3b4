/**
 * Issue 20: a first hour without surprises — a closed pipe, a short or common token, a stopped run.
 * Real processes of the built bin, real loopback servers.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { binInvocation, registerServe } from '../../bin/commands/serve.js';
import { shown } from '../../spec/brief.js';
import { EXIT } from '../../src/exit-codes.js';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/index.js';
import type { RunResult } from '../../src/runner/model.js';
import { inOptionWords } from '../../src/vitest.js';
import { tempDir } from '../support/temp.js';
import { BUILT_BIN, ensureBuilt } from './helpers.js';

beforeAll(() => ensureBuilt(), 180_000);

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built bin; `closeStdout` closes the reader of its stdout at once (a `| head -0`). */
function bin(args: string[], options: { closeStdout?: boolean } = {}): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    if (options.closeStdout) child.stdout.destroy();
    else child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the package', () => {
  it('the built bin runs as a file (npm run build sets its mode; tsc does not)', () => {
    expect(execFileSync(BUILT_BIN, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('a closed pipe ends the output quietly (like git, ls)', () => {
  it.each([[['--help']], [['list']], [['serve', '--list-faults']]])(
    '%j | head: exit 0, nothing on stderr',
    async (args) => {
      const ended = await bin(args, { closeStdout: true });
      expect(ended.stderr).toBe('');
      expect(ended.code).toBe(0);
    },
  );
});

describe('a short or common token never breaks a run', () => {
  it.each(['x', 'level', '123'])(
    '--token %s against an unreachable URL: exit 3 with a valid report',
    async (token) => {
      const out = tempDir('conformance-short-token-');
      const ended = await bin(['--base-url', 'http://127.0.0.1:9/v1', '--token', token, '--out', out]);
      expect(ended.stderr).not.toMatch(/internal error/);
      expect(ended.code).toBe(EXIT.unreachable);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RunResult;
      // The structure is the checker's, whatever the token: keys and numbers as an unredacted run has them.
      expect(report.summary.total).toBe(0);
      expect(report.includeExperimental).toBe(false);
      expect(report.stopped?.phase).toBe('discovery');
      expect(ended.stderr).toContain('(including the version prefix, e.g. /v1)');
      expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('NO VERDICT');
    },
  );
});

describe('small things that cost a newcomer minutes', () => {
  it('list names the source a reader edits (suites/x.ts) and says why a run counts fewer checks', async () => {
    const ended = await bin(['list']);
    expect(ended.stdout).toMatch(/ {2}suites\/channels\.ts\n/);
    expect(ended.stdout).toMatch(/^\d+ checks \(\d+ apply to one §4\.8 variant only/m);
  });

  it('an absent field is called absent, not undefined', () => {
    expect(`next: ${shown(undefined)}`).toBe('next: absent');
    expect(shown(null)).toBe('null');
    expect(shown('b')).toBe('"b"');
  });

  it('vitest skip reasons name the options of defineConformanceSuite, not CLI flags', () => {
    expect(inOptionWords('needs a second identity: pass --peer-token or --peer-self-id')).toBe(
      'needs a second identity: pass the peerToken option or the peerSelfId option',
    );
    expect(inOptionWords('raise --timeout')).toBe('raise the timeoutMs option');
  });

  it('a skip reason says each reason once (no "needs a trigger …; needs a trigger …")', async () => {
    const server = await startReference({ port: 0 });
    try {
      const result = await run({
        baseUrl: server.baseUrl,
        token: server.identities.self.token,
        suites: ['events'],
      });
      const reasons = result.checks
        .filter((check) => check.status === 'skip')
        .map((check) => check.reason ?? '');
      expect(reasons.some((reason) => reason.includes('needs a trigger'))).toBe(true);
      for (const reason of reasons)
        expect(reason.split('needs a trigger').length, reason).toBeLessThanOrEqual(2);
    } finally {
      await server.close();
    }
  }, 60_000);
});

/** The words of a shell command line (single quotes group; a trailing backslash continues the line). */
const shellWords = (line: string): string[] =>
  [...line.replaceAll('\\\n', ' ').matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]);

describe('serve tells you how to use it', () => {
  it('the command its banner prints runs as printed: trigger, peer and mutes included', async () => {
    const printed: string[] = [];
    const stop = new AbortController();
    const program = new Command('conformance').exitOverride();
    const io = { stdout: (text: string) => printed.push(text), stderr: () => {}, exit: () => {} };
    registerServe(program, io, { signal: stop.signal });
    const serving = program.parseAsync(['serve', '--port', '0'], { from: 'user' });
    try {
      await expect.poll(() => printed.join(''), { timeout: 10_000 }).toContain('Press Ctrl-C');
      const banner = printed.join('');
      const command = /^ {2}npx chat-conformance (.*?)\n\n/ms.exec(banner)?.[1] ?? '';
      const words = shellWords(command);
      expect(words).toEqual(expect.arrayContaining(['--peer-self-id', '--trigger-url', '--trigger-header']));
      const out = tempDir('conformance-banner-');
      const ended = await bin([...words, '--suite', 'members', '--reporter', 'json', '--out', out]);
      expect(ended.code, ended.stderr).toBe(EXIT.conforms);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RunResult;
      const mutes = report.checks.filter((check) => check.id.includes('mute/blocks-peer'));
      expect(mutes.map((check) => check.status)).toEqual(['pass']);
      expect(report.checks.filter((check) => check.reason?.includes('trigger'))).toEqual([]);
    } finally {
      stop.abort();
      await serving;
    }
  }, 60_000);
});

describe('serve prints the bin it was run with', () => {
  it("npx where the checker is installed, the clone's own bin in a clone (npx would install the clone)", () => {
    expect(binInvocation('/home/me/app/node_modules/.bin/chat-conformance', '/home/me/app')).toBe(
      'npx chat-conformance',
    );
    expect(
      binInvocation('/home/me/chat-conformance/dist/bin/conformance.js', '/home/me/chat-conformance'),
    ).toBe('node dist/bin/conformance.js');
    expect(binInvocation('/home/me/chat-conformance/dist/bin/conformance.js', '/tmp')).toBe(
      'node /home/me/chat-conformance/dist/bin/conformance.js',
    );
    expect(binInvocation('/home/me/my clone/dist/bin/conformance.js', '/tmp')).toBe(
      "node '/home/me/my clone/dist/bin/conformance.js'",
    );
  });
});
