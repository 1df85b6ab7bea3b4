/** `conformance --embedded --tolerate`: the flag reaches the embedded reference; bad uses exit 2. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import type { RunResult } from '../../src/runner/model.js';
import { captureIo, ROOT } from '../cli/helpers.js';

const EXAMPLES = join(ROOT, 'test/runner/fixtures/suites');
const workDir = mkdtempSync(join(tmpdir(), 'conformance-tolerate-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const runMain = async (argv: string[]) => {
  const io = captureIo();
  const code = await main(argv, io, { env: {}, cwd: workDir, color: false });
  return { code: code ?? io.code(), out: io.out(), err: io.err() };
};

describe('conformance --embedded --tolerate', () => {
  it('runs against the reference with the tolerances on (the preset expanded) and still conforms', async () => {
    const { code } = await runMain([
      '--embedded',
      '--tolerate',
      'legacy',
      '--tolerate',
      'void-empty-body',
      '--suites-dir',
      EXAMPLES,
      '--reporter',
      'json',
      '--out',
      'out',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(join(workDir, 'out/report.json'), 'utf8')) as RunResult;
    expect((report.notes ?? []).join('\n')).toMatch(
      /reference tolerances on: .*legacy-identity-headers.*void-empty-body/,
    );
  });

  it('exits 2 for an unknown tolerance (with the list) and for --tolerate without --embedded', async () => {
    const unknown = await runMain([
      '--embedded',
      '--tolerate',
      'no-such-tolerance',
      '--suites-dir',
      EXAMPLES,
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/no-such-tolerance.*legacy, void-text-plain-ok/);
    const remote = await runMain(['--base-url', 'http://127.0.0.1:9/v1', '--tolerate', 'auth-403']);
    expect(remote.code).toBe(2);
    expect(remote.err).toMatch(/--tolerate only works with --embedded/);
  });
});
