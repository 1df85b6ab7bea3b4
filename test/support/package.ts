/**
 * Packs chat-conformance the way `npm pack` would publish it, without touching the working tree's dist/:
 * the publish build (tsconfig.build.json) goes into a staging copy with package.json, README and the
 * shipped data, and `npm pack` runs there (its `files` and `exports` decide what ships).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Packed {
  /** Absolute path of the .tgz. */
  tarball: string;
  /** Every path in the tarball (without the leading package/). */
  files: string[];
  /** Removes the staging folder and the tarball. */
  remove(): void;
}

export function packTarball(): Packed {
  const staging = mkdtempSync(join(tmpdir(), 'chat-conformance-pack-'));
  const source = join(staging, 'source');
  mkdirSync(source);
  for (const entry of ['package.json', 'README.md', 'conformance.config.schema.json', 'spec/schemas'])
    cpSync(join(ROOT, entry), join(source, entry), { recursive: true });
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(ROOT, 'tsconfig.build.json'),
      '--outDir',
      join(source, 'dist'),
    ],
    { stdio: 'pipe' },
  );
  const output = execFileSync(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', staging], {
    cwd: source,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(output) as { filename: string; files: { path: string }[] }[];
  return {
    tarball: join(staging, info.filename),
    files: info.files.map((file) => file.path).sort(),
    remove: () => rmSync(staging, { recursive: true, force: true }),
  };
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
