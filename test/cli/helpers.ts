import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandIo } from '../../bin/commands/io.js';
import { ROOT, TSC } from '../support/package.js';

/** The repository's root: one definition (test/support/package.ts), imported by the CLI tests from here. */
export { ROOT };
export const BUILT_BIN = join(ROOT, 'dist/bin/conformance.js');

/** Captures what main() prints. */
export function captureIo(): CommandIo & {
  out: () => string;
  err: () => string;
  code: () => number | undefined;
} {
  let out = '';
  let err = '';
  let code: number | undefined;
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    exit: (value) => {
      code = value;
    },
    out: () => out,
    err: () => err,
    code: () => code,
  };
}

const newestSource = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
};

/**
 * The spawn tests run the built bin (dist/, built by `npm ci` → prepare). When it is missing or older than
 * the sources, build it once (a lock folder keeps two test files from building at the same time).
 */
export function ensureBuilt(): void {
  const fresh = () =>
    existsSync(BUILT_BIN) &&
    statSync(BUILT_BIN).mtimeMs >=
      Math.max(...['bin', 'src', 'spec', 'suites'].map((dir) => newestSource(join(ROOT, dir))));
  if (fresh()) return;
  const lock = join(ROOT, 'dist.build-lock');
  try {
    mkdirSync(lock);
  } catch {
    // Another test file builds: wait for it (tsc -b is not needed; the lock disappears when done).
    const waited = spawnSync(process.execPath, [
      '-e',
      `const fs=require('fs');const t=Date.now();while(fs.existsSync(${JSON.stringify(lock)})&&Date.now()-t<120000){Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0,100)}`,
    ]);
    if (waited.status !== 0 || !existsSync(BUILT_BIN)) throw new Error('waiting for the build failed');
    return;
  }
  try {
    const result = spawnSync(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    // tsc emits despite type errors elsewhere in the tree (work in progress); the bin is what matters here.
    if (!existsSync(BUILT_BIN)) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
    // As `npm run build` does: the bin runs as a file (tsc does not keep the mode).
    chmodSync(BUILT_BIN, 0o755);
    if (result.status !== 0) console.warn(`tsc reported type errors while building dist/:\n${result.stdout}`);
  } finally {
    rmdirSync(lock);
  }
}
