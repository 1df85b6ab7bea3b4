/**
 * Packs chat-conformance the way `npm pack` would publish it, without touching the working tree's dist/:
 * the publish build (tsconfig.build.json) goes into a staging copy with package.json, README and the
 * shipped data, and `npm pack` runs there (its `files` and `exports` decide what ships).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The compiler the build uses (package.json's build script): TypeScript 7, by its path. */
export const TSC = join(ROOT, 'node_modules/typescript-7/bin/tsc');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Packed {
  /** Absolute path of the .tgz. */
  tarball: string;
  /** Every path in the tarball (without the leading package/). */
  files: string[];
}

/**
 * Packs once per test run into `folder` (vitest's shared packFolder): the first caller builds under a
 * lock folder, the others wait for its packed.json (3 minutes at most).
 */
export function packTarball(folder: string): Packed {
  const result = join(folder, 'packed.json');
  const lock = join(folder, 'lock');
  const done = (): Packed | undefined =>
    existsSync(result) ? (JSON.parse(readFileSync(result, 'utf8')) as Packed) : undefined;
  try {
    mkdirSync(lock);
  } catch {
    const waited = spawnSync(process.execPath, [
      '-e',
      `const fs=require('fs');const t=Date.now();while(!fs.existsSync(${JSON.stringify(result)})&&fs.existsSync(${JSON.stringify(lock)})&&Date.now()-t<180000){Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0,100)}`,
    ]);
    const packed = done();
    if (waited.status !== 0 || !packed) throw new Error('waiting for the other test to pack failed');
    return packed;
  }
  try {
    // Packed already by a test that finished before this one asked.
    const earlier = done();
    if (earlier) return earlier;
    const packed = pack(folder);
    writeFileSync(result, JSON.stringify(packed));
    return packed;
  } finally {
    rmdirSync(lock);
  }
}

function pack(folder: string): Packed {
  const source = join(folder, 'source');
  mkdirSync(source);
  for (const entry of [
    'package.json',
    'README.md',
    'LICENSE',
    'conformance.config.schema.json',
    'spec/schemas',
  ])
    cpSync(join(ROOT, entry), join(source, entry), { recursive: true });
  execFileSync(
    process.execPath,
    [
      TSC,
      '-p',
      join(ROOT, 'tsconfig.build.json'),
      '--outDir',
      join(source, 'dist'),
      // Not the working tree's dist/.tsbuildinfo: neither read nor written.
      '--incremental',
      'false',
    ],
    { stdio: 'pipe' },
  );
  // As `npm run build` does (the pack skips scripts): the bin keeps its executable mode in the tarball.
  chmodSync(join(source, 'dist/bin/conformance.js'), 0o755);
  const output = execFileSync(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], {
    cwd: source,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(output) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(folder, info.filename), files: info.files.map((file) => file.path).sort() };
}

/** `npm install`, from the local cache where it can (the project's own npm ci filled it), else the registry. */
export function npmInstall(cwd: string, specs: string[]): void {
  execFileSync(
    NPM,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', ...specs],
    {
      cwd,
      stdio: 'pipe',
      encoding: 'utf8',
    },
  );
}
