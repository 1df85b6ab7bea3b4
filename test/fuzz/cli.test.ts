/** `conformance fuzz` on the command line: reports, exit codes, and one-line errors for bad flags. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { EXIT } from '../../src/exit-codes.js';
import { captureIo } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';

const outDir = () => tempDir('fuzz-cli-');

describe('conformance fuzz (CLI)', () => {
  it('exits 0 with no finding on the reference, and writes report.json with its fuzz section', async () => {
    const out = outDir();
    const io = captureIo();
    const code = await main(
      ['fuzz', '--embedded', '--seed', '5', '--runs', '2', '--out', out, '--reporter', 'json,console'],
      io,
    );
    expect(code).toBe(EXIT.conforms);
    expect(io.err()).toMatch(/fuzz: 39 properties, seed 5/);
    expect(io.err()).toMatch(/generated, per property/);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.fuzz).toMatchObject({ seed: 5, runs: 2, findings: [] });
  });

  it('says what to fix for a bad budget, a bad seed and a report that is not a fuzz report (exit 2)', async () => {
    const out = outDir();
    const notFuzz = join(out, 'run.json');
    writeFileSync(notFuzz, JSON.stringify({ checks: [] }));
    for (const [args, message] of [
      [['--budget', 'soon'], /--budget must be a duration like 60s/],
      [['--seed', 'x'], /--seed must be a (whole )?number/],
      [['--replay', notFuzz], /not the report\.json of a fuzz run/],
    ] as const) {
      const io = captureIo();
      expect(await main(['fuzz', '--embedded', '--out', out, ...args], io)).toBe(EXIT.usage);
      expect(io.err()).toMatch(message);
    }
  });
});
