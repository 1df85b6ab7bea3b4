import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../bin/cli.js';
import type { RunResult } from '../../src/runner/model.js';
import { captureIo, ROOT } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';

export { ROOT };

export interface ClientRun {
  code: number;
  out: string;
  err: string;
  report: RunResult;
  outDir: string;
}

/** `conformance client …` through main(), writing every report into a fresh folder. */
export async function runClientCommand(args: string[]): Promise<ClientRun> {
  const outDir = tempDir('client-mode-');
  const io = captureIo();
  const code = await main(['client', ...args, '--out', outDir], io, { cwd: ROOT, color: false, env: {} });
  const report = JSON.parse(readFileSync(join(outDir, 'report.json'), 'utf8')) as RunResult;
  return { code, out: io.out(), err: io.err(), report, outDir };
}

export const failing = (run: RunResult) =>
  run.checks.filter((check) => check.status === 'fail').map((check) => check.id);

/** `--grep` selecting exactly these scenarios by id (a rotation's share, test/support/rotation.ts). */
export const scenarioGrep = (scenarios: readonly { id: string }[]): string[] => [
  '--grep',
  `^(${scenarios.map((scenario) => scenario.id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`,
];
