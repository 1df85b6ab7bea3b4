/**
 * Issue 12, items 6 and 7: every user mistake is found before the first request (exit 2, one line, no
 * stack trace, zero requests at a counting server), and the CLI explains itself (--help, an unknown
 * subcommand, --dry-run, --bail, --quiet, --color).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import type { RunResult } from '../../src/runner/model.js';
import { tempDir } from '../support/temp.js';
import { BUILT_BIN, captureIo, ensureBuilt, ROOT } from './helpers.js';

const EXAMPLES = join(ROOT, 'test/runner/fixtures/suites');
let workDir: string;
let target: Server;
let targetUrl: string;
let requests = 0;
let busy: NetServer;
let busyPort: number;

beforeAll(async () => {
  workDir = tempDir('conformance-first-contact-');
  // Any request reaching this server means a mistake was found too late.
  target = createHttpServer((_request, response) => {
    requests++;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as { port: number }).port}/v1`;
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
  writeFileSync(join(workDir, 'a-file'), 'not a folder');
  writeFileSync(join(workDir, 'broken.json'), '{ nope');
  writeFileSync(join(workDir, 'unknown-key.json'), JSON.stringify({ baseUrl: targetUrl, colour: true }));
  writeFileSync(join(workDir, 'not-a-report.json'), JSON.stringify({ hello: 'world' }));
});

afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  await new Promise((resolve) => busy.close(resolve));
});

const runMain = async (argv: string[], color = false) => {
  const io = captureIo();
  const code = await main(argv, io, { env: {}, cwd: workDir, color });
  return { code, out: io.out(), err: io.err() };
};

/** Exit 2, a single line on stderr that starts with "error:", nothing on stdout, no stack frame. */
function expectOneLineUsageError(result: { code: number; out: string; err: string }, mentions: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.err).toMatch(/^error: [^\n]+\n$/);
  expect(result.err).toMatch(mentions);
  expect(result.err).not.toMatch(/\n\s+at /);
  expect(result.out).toBe('');
}

describe('user mistakes are found before the first request (exit 2, one line)', () => {
  const remote = () => ['--base-url', targetUrl, '--token', 'tok-first-contact', '--events', 'none'];
  const cases: [string, () => string[], RegExp][] = [
    ['--out that is a file', () => ['--out', 'a-file'], /a-file is a file, not a folder/],
    [
      '--out under a file',
      () => ['--out', 'a-file/reports'],
      /--out a-file\/reports: a part of the path is a file, not a folder/,
    ],
    [
      '--out in /sys',
      () => ['--out', '/sys/conformance-x'],
      /--out \/sys\/conformance-x: the folder cannot be written/,
    ],
    [
      'a missing --expected-failures file',
      () => ['--expected-failures', 'nope.txt'],
      /--expected-failures .*nope\.txt/,
    ],
    [
      'a missing --baseline-report file',
      () => ['--baseline-report', 'nope.json'],
      /--baseline-report .*nope\.json/,
    ],
    [
      'a --baseline-report that is no report',
      () => ['--baseline-report', 'not-a-report.json'],
      /--baseline-report/,
    ],
    [
      'a missing --config file',
      () => ['--config', 'nope.json'],
      /--config nope\.json: the file does not exist/,
    ],
    ['a --config that is not JSON', () => ['--config', 'broken.json'], /broken\.json is not valid JSON/],
    ['a --config with an unknown key', () => ['--config', 'unknown-key.json'], /unknown key 'colour'/],
    [
      'a --config that is a folder',
      () => ['--config', '.'],
      /--config \.: cannot read the file \(EISDIR\); pass a JSON file\./,
    ],
    [
      'a --trigger-url that is no URL',
      () => ['--trigger-url', 'localhost'],
      /--trigger-url 'localhost' is not a URL/,
    ],
    [
      'an --events-url of another protocol',
      () => ['--events-url', 'ftp://x/events'],
      /--events-url must start with ws:\/\//,
    ],
    ['an unknown reporter', () => ['--reporter', 'pdf'], /Unknown reporter 'pdf'/],
    ['a bad --grep', () => ['--grep', '(('], /--grep '\(\(' is not a valid regular expression/],
    [
      'a busy --webhook-listen port',
      () => ['--events', 'webhook', '--webhook-listen', `127.0.0.1:${busyPort}`],
      /--webhook-listen: 127\.0\.0\.1:\d+ is already in use/,
    ],
  ];
  for (const [name, args, mentions] of cases) {
    it(name, async () => {
      const before = requests;
      const argv = [...remote(), ...args()];
      // The webhook case needs --events webhook, which must win over the --events none of remote().
      expectOneLineUsageError(await runMain(argv), mentions);
      expect(requests - before).toBe(0);
    });
  }

  it('a busy webhook port is reported once, not once per check', async () => {
    const { err } = await runMain([
      ...remote(),
      '--events',
      'webhook',
      '--webhook-listen',
      `127.0.0.1:${busyPort}`,
    ]);
    expect(err.match(/already in use/g)).toHaveLength(1);
  });

  it('badge --out that cannot be written: one line, exit 2', async () => {
    const report = join(workDir, 'for-badge.json');
    await runMain(['--embedded', '--suites-dir', EXAMPLES, '--reporter', 'json', '--out', 'for-badge']);
    writeFileSync(report, readFileSync(join(workDir, 'for-badge/report.json')));
    expectOneLineUsageError(
      await runMain(['badge', report, '--out', '/sys/conformance-x']),
      /--out \/sys\/conformance-x: the folder cannot be written/,
    );
    expectOneLineUsageError(
      await runMain(['badge', report, '--out', join(workDir, 'a-file')]),
      /is a file, not a folder/,
    );
  });

  it('serve on a busy port: one line, exit 2', async () => {
    expectOneLineUsageError(
      await runMain(['serve', '--port', String(busyPort)]),
      /--port: 127\.0\.0\.1:\d+ is already in use/,
    );
  });
});

describe('the built bin on a procfs --out (spawned)', () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it('--out /proc/x exits 2 with one line instead of spinning (a recursive mkdir loops there in Node 20)', async () => {
    const child = spawn(
      process.execPath,
      [BUILT_BIN, '--base-url', targetUrl, '--out', '/proc/conformance-x'],
      {
        cwd: workDir,
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // A regression would spin in C++ and ignore SIGTERM: SIGKILL after a bound, and the test fails on the code.
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'error: --out /proc/conformance-x: the folder cannot be written (ENOENT); pass a writable folder.\n',
    );
  }, 30_000);
});

describe('a CLI that explains itself', () => {
  it('--help shows the main run flags, examples and exit codes', async () => {
    const { code, out } = await runMain(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--base-url', '--token', '--embedded', '--suite', '--out', '--dry-run', '--bail'])
      expect(out).toMatch(new RegExp(`^  ${flag} `, 'm'));
    expect(out.match(/^ {2}conformance --/gm)?.length).toBeGreaterThanOrEqual(3);
    expect(out).toMatch(
      /Exit codes: 0 conforms, 1 .*, 2 usage.*\n3 target unreachable, 4 internal error .*\n130\/143 interrupted/,
    );
  });

  it('an unknown subcommand is named as one, with the closest command', async () => {
    expectOneLineUsageError(await runMain(['srve']), /unknown command 'srve'\. Did you mean 'serve'\?/);
    expectOneLineUsageError(await runMain(['rnu']), /unknown command 'rnu'\. Did you mean 'run'\?/);
    const far = await runMain(['frobnicate']);
    expectOneLineUsageError(far, /unknown command 'frobnicate'\. Commands: run, list, serve/);
    expect(far.err).not.toMatch(/Did you mean/);
  });

  it('--dry-run lists the selected checks with the filters applied and sends no request', async () => {
    const before = requests;
    const all = await runMain(['--base-url', targetUrl, '--suites-dir', EXAMPLES, '--dry-run']);
    expect(all.code).toBe(0);
    const listed = all.out.trim().split('\n').slice(0, -1);
    expect(listed.length).toBeGreaterThan(1);
    expect(all.out).toMatch(new RegExp(`^${listed.length} checks selected .*no request was sent\\.$`, 'm'));
    const id = listed[0].split(' ')[0];
    const filtered = await runMain([
      '--base-url',
      targetUrl,
      '--suites-dir',
      EXAMPLES,
      '--dry-run',
      '--grep',
      `^${id}$`,
    ]);
    expect(filtered.out.trim().split('\n')).toEqual([listed[0], expect.stringMatching(/^1 checks selected/)]);
    expect(requests - before).toBe(0);
  });

  it('--dry-run marks what only the target can decide (variants) and what a flag would skip', async () => {
    const { out } = await runMain(['--base-url', targetUrl, '--dry-run']);
    expect(out).toMatch(/\[.*only if the target follows [a-z-]+=/);
    expect(out).toMatch(/skipped: needs --peer-token or --peer-self-id/);
    const embedded = await runMain(['--embedded', '--dry-run']);
    expect(embedded.out).not.toMatch(/only if the target follows/);
  });

  it('--bail stops at the first counted failure, says so, and still cleans up', async () => {
    const full = await runMain([
      '--embedded',
      '--fault',
      'message-create-returns-object',
      '--reporter',
      'json',
      '--out',
      'full',
    ]);
    const bail = await runMain([
      '--embedded',
      '--fault',
      'message-create-returns-object',
      '--bail',
      '--reporter',
      'json',
      '--out',
      'bail',
    ]);
    expect(full.code).toBe(1);
    expect(bail.code).toBe(1);
    const fullReport = JSON.parse(readFileSync(join(workDir, 'full/report.json'), 'utf8')) as RunResult;
    const report = JSON.parse(readFileSync(join(workDir, 'bail/report.json'), 'utf8')) as RunResult;
    expect(report.interrupted).toBeUndefined();
    expect(report.verdict).toBe('fail');
    expect(report.notes?.some((note) => note.startsWith('stopped after first failure (--bail)'))).toBe(true);
    const finished = report.checks.filter((check) => !check.reason?.includes('(--bail'));
    expect(finished.length).toBeLessThan(fullReport.checks.length);
    // Exactly one counted failure ended it; the checks cut short are skips that say why, never errors.
    expect(report.checks.filter((check) => check.status === 'error')).toEqual([]);
    expect(report.cleanup?.filter((record) => record.status === 'failed')).toEqual([]);
  }, 60_000);

  it('--quiet prints only the verdict line; --color and --no-color override the default', async () => {
    const quiet = await runMain(['--embedded', '--suites-dir', EXAMPLES, '--quiet', '--out', 'quiet']);
    expect(quiet.code).toBe(0);
    expect(quiet.out).toMatch(/^CONFORMS at level must: 3 counted checks ran, none failed \([^)]*\)\n$/);
    expect(quiet.err).toBe('');
    const ansi = new RegExp(`${String.fromCharCode(27)}\\[`);
    const colored = await runMain([
      '--embedded',
      '--suites-dir',
      EXAMPLES,
      '--color',
      '--reporter',
      'console',
    ]);
    expect(colored.out).toMatch(ansi);
    const plain = await runMain(
      ['--embedded', '--suites-dir', EXAMPLES, '--no-color', '--reporter', 'console'],
      true,
    );
    expect(plain.out).not.toMatch(ansi);
    expect(plain.err).not.toMatch(ansi);
  });
});
