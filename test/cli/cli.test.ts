import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { validate } from '../../spec/validate.js';
import type { RunResult } from '../../src/runner/model.js';
import { tempDir } from '../support/temp.js';
import { BUILT_BIN, captureIo, ensureBuilt, ROOT } from './helpers.js';

const EXAMPLES = join(ROOT, 'test/runner/fixtures/suites');
let workDir: string;

beforeAll(() => {
  workDir = tempDir('conformance-cli-');
});

const runMain = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const io = captureIo();
  const code = await main(argv, io, { env, cwd: workDir, color: false });
  return { code, out: io.out(), err: io.err() };
};

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('exit codes (main)', () => {
  it('0 when the embedded reference conforms; writes report.json that validates', async () => {
    const { code, out, err } = await runMain([
      'run',
      '--embedded',
      '--suites-dir',
      EXAMPLES,
      '--out',
      'out0',
    ]);
    expect(err).toMatch(/\[3\/3\] PASS/);
    expect(out).toMatch(/CONFORMS at level must: 3 counted checks/);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(workDir, 'out0/report.json'), 'utf8')) as RunResult;
    expect(report.summary.pass).toBe(3);
    expect(validate('report', report)).toEqual([]);
  });

  it('run is the default command', async () => {
    const { code } = await runMain([
      '--embedded',
      '--suites-dir',
      EXAMPLES,
      '--reporter',
      'json',
      '--out',
      'outd',
    ]);
    expect(code).toBe(0);
  });

  it('1 when a counted check fails (a fault of the reference): its cause shows it in full once, with rules, expected, observed and curl', async () => {
    const { code, out } = await runMain([
      '--embedded',
      '--fault',
      'message-create-returns-object',
      '--suites-dir',
      EXAMPLES,
      '--out',
      'out1',
    ]);
    expect(code).toBe(1);
    // Issue 47: a failure's evidence once, in its cause (its first check in full), not again as a FAIL block.
    expect(out).toMatch(/What to fix first \(\d+ causes? explains? \d+ of \d+ failing checks?\)/);
    expect(out).toMatch(/first: example\/message-create-then-get \(must; rules MSG-CREATE-1, MSG-GET-1\)/);
    expect(out).toMatch(/ {2}expected: an array of Message/);
    expect(out).toMatch(/ {2}observed: \{"id":/);
    expect(out).toMatch(/ {2}reproduce: curl /);
    expect(out).not.toMatch(/^FAIL +must +example\/message-create-then-get/m);
    expect(out).toMatch(/DOES NOT CONFORM/);
  });

  it('2 for --fault without --embedded, naming what to do', async () => {
    const { code, err } = await runMain(['--base-url', 'http://127.0.0.1:9/v1', '--fault', 'x']);
    expect(code).toBe(2);
    expect(err).toMatch(/--fault only works with --embedded/);
  });

  it('2 for an unknown fault, an unknown option, a bad --variant and a missing target', async () => {
    expect((await runMain(['--embedded', '--fault', 'no-such-fault', '--suites-dir', EXAMPLES])).code).toBe(
      2,
    );
    expect((await runMain(['--no-such-flag'])).code).toBe(2);
    expect((await runMain(['--embedded', '--variant', 'role-payload=weird'])).err).toMatch(
      /not one of data, role/,
    );
    const missing = await runMain([]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--base-url URL .* or --embedded/);
  });

  it('3 when the implementation cannot be reached, saying the URL; the token is never printed', async () => {
    const port = await closedPort();
    const { code, out, err } = await runMain(
      ['--base-url', `http://127.0.0.1:${port}/v1`, '--events', 'none'],
      {
        CONFORMANCE_TOKEN: 'very-secret-token-4711',
      },
    );
    expect(code).toBe(3);
    expect(err).toContain(`http://127.0.0.1:${port}/v1`);
    expect(err).toMatch(/ECONNREFUSED/);
    expect(out + err).not.toContain('very-secret-token-4711');
  });
});

describe('config file', () => {
  it('reads ./conformance.config.json; flags override it', async () => {
    const dir = tempDir('conformance-config-');
    writeFileSync(
      join(dir, 'conformance.config.json'),
      JSON.stringify({ embedded: true, reporter: ['json'], out: 'cfg' }),
    );
    const io = captureIo();
    const code = await main(['--suites-dir', EXAMPLES, '--grep', 'guild-list'], io, {
      env: {},
      cwd: dir,
      color: false,
    });
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'cfg/report.json'), 'utf8')) as RunResult;
    expect(report.checks.map((c) => c.id)).toEqual(['example/guild-list-is-a-list']);
  });

  it('2 for an unknown key, naming it', async () => {
    const file = join(workDir, 'bad.json');
    writeFileSync(file, JSON.stringify({ embedded: true, baseURL: 'http://x' }));
    const { code, err } = await runMain(['--config', file]);
    expect(code).toBe(2);
    expect(err).toMatch(/unknown key 'baseURL'/);
  });

  it('2 for a wrong value and for a missing --config file', async () => {
    const file = join(workDir, 'wrong.json');
    writeFileSync(file, JSON.stringify({ level: 'sometimes' }));
    expect((await runMain(['--config', file])).err).toMatch(/level: must be equal to one of/);
    expect((await runMain(['--config', join(workDir, 'nope.json')])).code).toBe(2);
  });
});

describe('list', () => {
  it('lists checks and rules (untestable marked)', async () => {
    const checks = await runMain(['list', '--json']);
    expect(checks.code).toBe(0);
    const rows = JSON.parse(checks.out) as { id: string; file?: string }[];
    // A check is found from its id in one step: list names the file that defines it.
    const clamp = rows.find((row) => row.id === 'message.list/limit-above-bound-is-clamped');
    expect(clamp?.file).toBe('suites/pagination-defaults.ts');
    expect(rows.every((row) => /^suites\/[a-z-]+\.ts$/.test(row.file ?? ''))).toBe(true);
    const rules = await runMain(['list', '--rules']);
    expect(rules.out).toMatch(/GEN-3 .* untestable/);
    expect(rules.out).toMatch(/\d+ rules: \d+ covered, \d+ uncovered, \d+ untestable/);
  });
});

describe('the built bin (spawned)', () => {
  beforeAll(() => ensureBuilt(), 180_000);

  const spawnBin = (args: string[]) =>
    spawn(process.execPath, [BUILT_BIN, ...args], { cwd: workDir, env: { ...process.env, NO_COLOR: '1' } });
  const exitOf = (child: ReturnType<typeof spawnBin>) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      child.on('close', (code) => resolve({ code, out, err }));
    });

  it('exits 0 on a conforming run and 2 on a usage error', async () => {
    const ok = await exitOf(spawnBin(['--embedded', '--suites-dir', EXAMPLES, '--out', 'spawned']));
    expect(ok.err).not.toMatch(/internal error/);
    expect(ok.code).toBe(0);
    expect((await exitOf(spawnBin(['--level', 'sometimes']))).code).toBe(2);
  });

  it('exits 3 against a closed port', async () => {
    const port = await closedPort();
    expect(
      (await exitOf(spawnBin(['--base-url', `http://127.0.0.1:${port}/v1`, '--events', 'none']))).code,
    ).toBe(3);
  });
});

afterAll(() => undefined);
