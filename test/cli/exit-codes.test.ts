import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { EXIT } from '../../src/exit-codes.js';
import { tempDir } from '../support/temp.js';
import { captureIo, ROOT } from './helpers.js';

/** A suites folder whose module throws while loading: a defect of the checker's code, not of the target. */
function brokenSuitesDir(): string {
  const dir = tempDir('conformance-defect-');
  writeFileSync(join(dir, 'broken.mjs'), "throw new Error('boom while loading a suite\\nsecond line');\n");
  return dir;
}

const runBroken = async (env: NodeJS.ProcessEnv) => {
  const io = captureIo();
  const cwd = tempDir('conformance-defect-cwd-');
  const code = await main(['run', '--embedded', '--suites-dir', brokenSuitesDir()], io, {
    env,
    cwd,
    color: false,
  });
  return { code, err: io.err() };
};

describe('exit code of an internal defect', () => {
  it('is its own code, distinct from "does not conform", with one line and no stack', async () => {
    const { code, err } = await runBroken({});
    expect(code).toBe(EXIT.internal);
    expect(code).not.toBe(EXIT.fails);
    const lines = err.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^internal error \(a defect of the checker.*boom while loading a suite;/);
    expect(lines[0]).toMatch(/report it/);
    expect(err).not.toMatch(/second line|\n\s+at /);
  });

  it('prints the stack with DEBUG=chat-conformance', async () => {
    const { code, err } = await runBroken({ DEBUG: 'chat-conformance' });
    expect(code).toBe(EXIT.internal);
    expect(err).toMatch(/\n\s+at /);
  });

  it('is documented in --help, the README and docs/checking-a-server.md', async () => {
    const io = captureIo();
    expect(await main(['--help'], io, { env: {}, color: false })).toBe(EXIT.conforms);
    expect(io.out()).toMatch(new RegExp(`${EXIT.internal} internal error`));
    for (const page of ['README.md', 'docs/checking-a-server.md'])
      expect(readFileSync(join(ROOT, page), 'utf8')).toMatch(
        new RegExp(`\\*\\*${EXIT.internal}\\*\\* a defect of the checker`),
      );
  });
});
