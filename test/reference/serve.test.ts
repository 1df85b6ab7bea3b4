/** `conformance serve`: flags, the fault list, and a real process stopped by SIGINT. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandIo } from '../../bin/commands/io.js';
import { registerServe } from '../../bin/commands/serve.js';
import { faultCatalogue, toleranceCatalogue, tolerancePresets } from '../../src/reference/index.js';
import { ConfigurationError } from '../../src/runner/errors.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  const exits: number[] = [];
  const io: CommandIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    exit: (code) => exits.push(code),
  };
  return { io, out, err, exits };
}

async function runServe(args: string[], io: CommandIo, signal?: AbortSignal) {
  const program = new Command('conformance').exitOverride();
  registerServe(program, io, { signal });
  await program.parseAsync(['serve', ...args], { from: 'user' });
}

describe('conformance serve', () => {
  it('--list-faults prints every fault with its rules; --json prints the catalogue', async () => {
    const text = capture();
    await runServe(['--list-faults'], text.io);
    const printed = text.out.join('');
    for (const fault of faultCatalogue)
      expect(printed).toContain(`${fault.id}\n    rules: ${fault.rules.join(', ')}`);
    const json = capture();
    await runServe(['--list-faults', '--json'], json.io);
    expect(JSON.parse(json.out.join(''))).toEqual(faultCatalogue);
  });

  it('--list-tolerances prints every tolerance with its section and the presets; --json prints both', async () => {
    const text = capture();
    await runServe(['--list-tolerances'], text.io);
    const printed = text.out.join('');
    for (const tolerance of toleranceCatalogue)
      expect(printed).toContain(`${tolerance.id}\n    allowed by ${tolerance.allowedBy}`);
    expect(printed).toContain(`preset legacy: ${tolerancePresets.legacy.join(', ')}`);
    const json = capture();
    await runServe(['--list-tolerances', '--json'], json.io);
    expect(JSON.parse(json.out.join(''))).toEqual({
      tolerances: toleranceCatalogue,
      presets: tolerancePresets,
    });
  });

  it.each([
    [['--tolerate', 'no-such-tolerance'], /no-such-tolerance.*legacy, void-text-plain-ok.*--list-tolerances/],
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--latency', '-5'], /--latency/],
    [['--rate-limit', '0'], /--rate-limit must be N\/s, N\/m or N\/h/],
    [['--rate-limit', '100/d'], /--rate-limit must be N\/s, N\/m or N\/h/],
    [['--limit-bound', '0'], /--limit-bound/],
    [['--variant', 'role-payload=nope'], /--variant 'role-payload=nope'/],
    [['--variant', 'nonsense'], /--variant/],
    [['--fault', 'no-such-fault'], /no-such-fault.*--list-faults/],
  ])('refuses %j with a ConfigurationError (exit 2)', async (args, message) => {
    const { io } = capture();
    const run = runServe(['--port', '0', ...args], io);
    await expect(run).rejects.toBeInstanceOf(ConfigurationError);
    await expect(run).rejects.toThrow(message);
  });

  it('serves until the abort signal, printing URLs, tokens and faults', async () => {
    const { io, out, exits } = capture();
    const controller = new AbortController();
    const running = runServe(
      [
        '--port',
        '0',
        '--fault',
        'message-id-missing',
        '--variant',
        'role-payload=role',
        '--token',
        'T0K',
        '--tolerate',
        'legacy',
      ],
      io,
      controller.signal,
    );
    const deadline = Date.now() + 10_000;
    while (!out.join('').includes('Press Ctrl-C') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    const printed = out.join('');
    expect(printed).toMatch(/base URL {3}http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(printed).toContain('token T0K');
    expect(printed).toContain('faults     message-id-missing');
    expect(printed).toContain('role-payload=role');
    expect(printed).toContain(`tolerated  ${tolerancePresets.legacy.join(' ')}`);
    const baseUrl = /base URL {3}(\S+)/.exec(printed)![1];
    const reply = await fetch(`${baseUrl}/guild.list`, {
      method: 'POST',
      headers: { authorization: 'Bearer T0K', 'x-platform': 'reference', 'x-self-id': '1001' },
      body: '{}',
    });
    expect(reply.status).toBe(200);
    // legacy: the Satori-* names alone pick no bot.
    const newNames = await fetch(`${baseUrl}/guild.list`, {
      method: 'POST',
      headers: { authorization: 'Bearer T0K', 'satori-platform': 'reference', 'satori-user-id': '1001' },
      body: '{}',
    });
    expect(newNames.status).toBe(403);
    controller.abort('SIGINT');
    await running;
    expect(exits).toEqual([0]);
    await expect(fetch(`${baseUrl}/guild.list`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('runs as a process: prints the actual port, the token works, SIGINT exits 0', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/serve-main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, 'serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`serve printed no banner; stderr: ${stderr}`)),
          30_000,
        );
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          if (stdout.includes('Press Ctrl-C')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const baseUrl = /base URL {3}(\S+)/.exec(stdout)![1];
      expect(baseUrl).not.toContain(':0/');
      const [, userId, token] = /self\s+user (\S+)\s+token (\S+)/.exec(stdout)!;
      expect(stdout).toMatch(/events {5}ws:\/\/127\.0\.0\.1:\d+\/v1\/events/);
      expect(stdout).toMatch(/control {4}http:\/\/127\.0\.0\.1:\d+\/_reference/);
      const reply = await fetch(`${baseUrl}/guild.member.get`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ guild_id: '3001', user_id: userId }),
      });
      expect(reply.status).toBe(200);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('exits 2 with a clear message for a bad flag value', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/serve-main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, 'serve', '--port', 'nope'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("--port must be a whole number from 0 to 65535, got 'nope'");
  });
});
