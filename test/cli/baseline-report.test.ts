/** `run --baseline-report` (regressions fail the run) and `--badge-level`, through the programmatic main(). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { tempDir } from '../support/temp.js';
import { captureIo } from './helpers.js';

const workDir = tempDir('conformance-baseline-report-');

const runMain = async (argv: string[]) => {
  const io = captureIo();
  const code = await main(argv, io, { env: {}, cwd: workDir, color: false });
  return { code, out: io.out(), err: io.err() };
};

// The earlier run both tests compare with, made once by whichever asks first (the tests run in any order).
let base: ReturnType<typeof runMain> | undefined;
const baseRun = () => {
  base ??= runMain(['--embedded', '--suite', 'messages', '--out', 'base', '--reporter', 'json']);
  return base;
};

describe('run --baseline-report', () => {
  it('fails the run on a regression against the earlier report, naming the check', async () => {
    expect((await baseRun()).code).toBe(0);

    const head = await runMain([
      '--embedded',
      '--suite',
      'messages',
      '--fault',
      'message-update-no-op',
      '--out',
      'head',
      '--reporter',
      'json,badge',
      '--badge-level',
      'should',
      '--baseline-report',
      'base/report.json',
    ]);
    expect(head.code).toBe(1);
    expect(head.out).toMatch(
      /Regressions \(1\)\s+message\.update\/changes-the-content \(must\): pass → fail/,
    );
    const badge = JSON.parse(readFileSync(join(workDir, 'head/badge.json'), 'utf8'));
    expect(badge.message).toMatch(/must\+should$/);
  });

  it('passes when nothing regressed', async () => {
    expect((await baseRun()).code).toBe(0);
    const again = await runMain([
      '--embedded',
      '--suite',
      'messages',
      '--out',
      'again',
      '--reporter',
      'json',
      '--baseline-report',
      'base/report.json',
    ]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/0 regressions/);
  });

  it('refuses an unreadable earlier report before running (exit 2, says what to pass)', async () => {
    const missing = await runMain(['--embedded', '--baseline-report', 'nope.json']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--baseline-report .*nope\.json: cannot read the file; pass a report\.json/);
  });
});
