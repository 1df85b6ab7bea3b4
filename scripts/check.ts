/**
 * `npm run check`: every check on the code, each step named, all run even when one fails, exit 1 when
 * any failed. The generated-file checks and the architecture and function-length checks run in this one
 * process, not each in a process of its own (issue 34: CI time); the tools run as their own commands.
 *
 *   lint                 biome check .
 *   typecheck            tsc -p tsconfig.test.json (the build only emits: tsconfig.build.json), with
 *                        TypeScript 7 (typescript-7): the same checks at a fifth of the CPU (issue 34: CI
 *                        time). TypeScript 5 stays for the compiler API (check:functions, the architecture
 *                        tests) and for knip, whose peer it is.
 *   gen:types --check    spec/types.ts is what spec/schemas generate
 *   gen:config --check   conformance.config.schema.json is what src/run-flags.ts generates
 *   gen:readme --check   the flag table of docs/checking-a-server.md is what src/run-flags.ts generates
 *   knip                 no unused file, export or dependency
 *   check:functions      no function over 100 lines in src/, bin/, suites/; no file over 600 lines in
 *                        those, scripts/ and spec/ (generated files aside)
 *   check:architecture   no back-edge, no import circle, no hand-written report type
 *   check:catalogue      every message in en and zh-CN, the same ICU arguments, full-width punctuation
 *
 * Each also runs alone as `npm run <name>`.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main as architecture } from './architecture.js';
import { main as catalogue } from './check-catalogue.js';
import { main as functionLength } from './function-length.js';
import { main as genConfig } from './gen-config-schema.js';
import { main as genReadme } from './gen-readme-flags.js';
import { main as genTypes } from './gen-types.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
/** TypeScript 7's tsc by its path: node_modules/.bin/tsc may be either version's (both name a `tsc` bin). */
const TSC = join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');

/** A tool, as its own process, its output passed through. */
const command =
  (file: string, ...args: string[]) =>
  (): number =>
    spawnSync(file, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

export const STEPS: readonly { name: string; run: () => number | Promise<number> }[] = [
  { name: 'lint', run: command(bin('biome'), 'check', '.') },
  { name: 'typecheck', run: command(process.execPath, TSC, '-p', 'tsconfig.test.json') },
  { name: 'gen:types --check', run: () => genTypes(['--check']) },
  { name: 'gen:config --check', run: () => genConfig(['--check']) },
  { name: 'gen:readme --check', run: () => genReadme(['--check']) },
  { name: 'knip', run: command(bin('knip')) },
  { name: 'check:functions', run: () => functionLength() },
  { name: 'check:architecture', run: () => architecture([]) },
  { name: 'check:catalogue', run: () => catalogue() },
];

type Step = (typeof STEPS)[number];

/** Runs every step, in order, whatever the ones before did; 1 when any failed (or threw), else 0. */
export async function runSteps(steps: readonly Step[]): Promise<number> {
  const failed: string[] = [];
  for (const step of steps) {
    console.log(`> ${step.name}`);
    const code = await Promise.resolve()
      .then(step.run)
      .catch((error: Error) => {
        console.error(`${step.name} failed: ${error.message}`);
        return 2;
      });
    if (code !== 0) failed.push(step.name);
  }
  if (failed.length) console.error(`npm run check: ${failed.length} step(s) failed: ${failed.join(', ')}`);
  return failed.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runSteps(STEPS);
}
