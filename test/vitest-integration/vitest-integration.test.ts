/**
 * chat-conformance/vitest in a stranger's project: a temp folder installs the packed tarball and vitest,
 * copies examples/vitest/conformance.test.ts, and runs vitest against `chat-conformance serve`.
 * One test per check; skips carry the checker's reason; a fault fails its check's test with
 * expected/observed/curl in the message.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstall, type Packed, packTarball, ROOT } from '../support/package.js';
import { inSlot } from '../support/rotation.js';
import { type ServedReference, serveReference } from '../support/serve.js';

let packed: Packed;
let project: string;
let bin: string;
const servers: ServedReference[] = [];

beforeAll(() => {
  packed = packTarball(inject('packFolder'));
  project = mkdtempSync(join(tmpdir(), 'vitest-project-'));
  writeFileSync(
    join(project, 'package.json'),
    '{ "name": "my-chat-server", "private": true, "type": "module" }\n',
  );
  const vitestVersion = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/vitest/package.json'), 'utf8'),
  ).version;
  npmInstall(project, [packed.tarball, `vitest@${vitestVersion}`]);
  copyFileSync(join(ROOT, 'examples/vitest/conformance.test.ts'), join(project, 'conformance.test.ts'));
  bin = join(project, 'node_modules/chat-conformance/dist/bin/conformance.js');
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (project) rmSync(project, { recursive: true, force: true });
});

interface AssertionResult {
  title: string;
  fullName: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo';
  failureMessages: string[];
}

async function vitestAgainst(flags: string[]) {
  const server = await serveReference(bin, flags, project);
  servers.push(server);
  const results = join(project, `results-${servers.length}.json`);
  const run = spawnSync(
    process.execPath,
    [
      join(project, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=verbose',
      '--reporter=json',
      `--outputFile=${results}`,
    ],
    {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, CHAT_BASE_URL: server.baseUrl, NO_COLOR: '1' },
      timeout: 240_000,
    },
  );
  await server.stop();
  const json = JSON.parse(readFileSync(results, 'utf8'));
  const tests: AssertionResult[] = json.testResults.flatMap((file: any) => file.assertionResults);
  return { code: run.status, output: run.stdout + run.stderr, tests };
}

const checkIds = (): string[] =>
  (
    JSON.parse(execFileSync(process.execPath, [bin, 'list', '--json'], { encoding: 'utf8' })) as {
      id: string;
    }[]
  ).map((check) => check.id);

describe('chat-conformance/vitest in a temp project', () => {
  // Each a vitest run of every check in a project of its own: they rotate (slots 0 and 1, test/support/rotation.ts).
  it.runIf(inSlot(0))(
    'against the clean reference: one test per check, all pass or skip with a reason, vitest exits 0',
    async () => {
      const { code, output, tests } = await vitestAgainst([]);
      expect(code, output).toBe(0);
      const ids = checkIds();
      expect(tests.length).toBe(ids.length);
      expect(tests.map((test) => test.title.replace(/ \[\w+\]$/, '')).sort()).toEqual([...ids].sort());
      expect(tests.filter((test) => test.status === 'failed')).toEqual([]);
      expect(tests.filter((test) => test.status === 'passed').length).toBeGreaterThan(100);
      // The verbose reporter prints each skip's note: every skipped check says why.
      const skipped = tests.filter((test) => test.status === 'skipped');
      expect(skipped.length).toBeGreaterThan(0);
      const skipLines = output.split('\n').filter((line) => line.includes('↓'));
      expect(skipLines.length).toBe(skipped.length);
      for (const line of skipLines) expect(line).toMatch(/\] (\d+ms )?\[.{10,}\]$/);
      expect(output).toMatch(/event\.friend-request\/required-resources \[\w+\] (\d+ms )?\[[^\]]*trigger/);
    },
  );

  it.runIf(inSlot(1))(
    'against a faulty reference: the check fails with rules, expected, observed and curl',
    async () => {
      const { code, tests } = await vitestAgainst(['--fault', 'message-list-next-missing']);
      expect(code).toBe(1);
      const failed = tests.filter((test) => test.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      const message = failed.map((test) => test.failureMessages.join('\n')).join('\n');
      expect(message).toContain('MSG-LIST-6');
      expect(message).toContain('expected: ');
      expect(message).toContain('observed: ');
      expect(message).toMatch(/reproduce:\n {2}curl /);
      expect(message).not.toContain('reference-self-token');
    },
  );
});
