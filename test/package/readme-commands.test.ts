/**
 * Every command block the documentation marks runnable (```sh runnable, test/support/readme-blocks.ts)
 * runs as written from a fresh clone of this repository — `npm ci` included — and none makes npm install
 * the clone into its npx cache (npx in a clone does that, even with --no-install: issue 34).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { documentedBlocks, runBlocks, runnableBlocks } from '../support/readme-blocks.js';
import { inSlot } from '../support/rotation.js';
import { tempDir } from '../support/temp.js';

const BLOCK_TIMEOUT_MS = 10 * 60_000;

/** The environment of a user's shell: none of the npm run or vitest variables this test runs under. */
function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_ENV$|NODE_OPTIONS$)/i.test(name)),
  );
  // The packages come from npm's cache when they are there (the clone's lockfile names them all).
  return { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
}

/** The npx cache's entries that install `dir` (npx writes each into <cache>/_npx/<hash>/package.json). */
function npxInstallsOf(dir: string): string[] {
  const cache = spawnSync('npm', ['config', 'get', 'cache'], {
    encoding: 'utf8',
    env: userEnv(),
  }).stdout.trim();
  const npx = join(cache, '_npx');
  if (!existsSync(npx)) return [];
  return readdirSync(npx).filter((entry) => {
    const manifest = join(npx, entry, 'package.json');
    return existsSync(manifest) && readFileSync(manifest, 'utf8').includes(dir);
  });
}

describe("the documentation's runnable blocks", () => {
  it('are found by their marker, in order, fences of other blocks left alone', () => {
    const markdown = [
      '```sh runnable',
      'npm ci',
      '```',
      '````md',
      '```sh runnable',
      'not a block: inside another fence',
      '```',
      '````',
      '```sh',
      'npm test   # shown, not run',
      '```',
      '```sh runnable background',
      'node dist/bin/conformance.js serve',
      '```',
    ].join('\n');
    expect(runnableBlocks('README.md', markdown)).toEqual([
      { at: 'README.md:1', script: 'npm ci', background: false },
      { at: 'README.md:12', script: 'node dist/bin/conformance.js serve', background: true },
    ]);
  });

  it('run in order, a server until the end, and stop at the first that fails', async () => {
    const dir = tempDir('readme-blocks-');
    const serve = `node -e "console.log('listening'); setInterval(() => {}, 1000)"`;
    const runs = await runBlocks(
      [
        { at: 'a', script: serve, background: true },
        { at: 'b', script: 'echo one > file', background: false },
        { at: 'c', script: 'test "$(cat file)" = one && exit 3', background: false },
        { at: 'd', script: 'echo never', background: false },
      ],
      dir,
      userEnv(),
      30_000,
    );
    expect(runs.map((run) => [run.at, run.status])).toEqual([
      ['b', 0],
      ['c', 3],
    ]);
  });

  it('report a server that ended before the last block', async () => {
    const runs = await runBlocks(
      [
        { at: 'server', script: 'echo $$ > server.pid; echo listening; exit 4', background: true },
        // The last block ends once the server is gone and reaped (a zombie still answers kill -0): on a busy
        // machine `true` could end before the server's shell had run its `exit`.
        {
          at: 'after',
          script: 'pid=$(cat server.pid); while kill -0 "$pid" 2>/dev/null; do :; done',
          background: false,
        },
      ],
      tempDir('readme-blocks-'),
      userEnv(),
      30_000,
    ).catch((error: Error) => [{ at: 'server', status: null, output: error.message }]);
    const server = runs.find((run) => run.at === 'server');
    expect(server?.output).toMatch(/ended/);
    expect(server?.status).not.toBe(0);
  });

  // A clone, `npm ci` and every block: a rotating test (slot 1, test/support/rotation.ts).
  it.runIf(inSlot(1))(
    'of README.md and docs/ run as written from a fresh clone, without npx installing the clone',
    async () => {
      const clone = tempDir('readme-clone-');
      const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { encoding: 'utf8' });
      expect(cloned.status, cloned.stderr).toBe(0);
      const blocks = documentedBlocks(clone);
      expect(
        blocks.filter((block) => block.at.startsWith('README.md:')).length,
        'README.md has no ```sh runnable block: mark its set-up and "Check your implementation" commands so (```sh runnable; a server: ```sh runnable background)',
      ).toBeGreaterThan(0);
      const runs = await runBlocks(blocks, clone, userEnv(), BLOCK_TIMEOUT_MS);
      for (const run of runs) expect(run.status, `${run.at} failed:\n${run.output}`).toBe(0);
      expect(runs.map((run) => run.at)).toEqual(blocks.filter((b) => !b.background).map((b) => b.at));
      expect(
        npxInstallsOf(clone),
        'npx installed the clone into its cache: use node dist/bin/conformance.js',
      ).toEqual([]);
    },
    30 * 60_000,
  );
});
