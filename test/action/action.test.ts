/**
 * action.yml run the way a GitHub runner runs a composite action (scripts/github-action.ts), against the
 * reference started through the action's own `start` input: the job summary gets report.md, the
 * reports land in the workspace, and the job's exit code follows the checker's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_BIN, ensureBuilt, ROOT } from '../cli/helpers.js';
import { freePort } from '../support/net.js';

const TOKEN = 'reference-self-token';
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
beforeAll(() => ensureBuilt(), 180_000);

async function runAction(serveFlags: string) {
  const workspace = mkdtempSync(join(tmpdir(), 'action-workspace-'));
  folders.push(workspace);
  const summary = join(workspace, 'step-summary.md');
  writeFileSync(summary, '');
  const port = await freePort();
  const inputs = {
    'base-url': `http://127.0.0.1:${port}/v1`,
    token: TOKEN,
    start: `node ${BUILT_BIN} serve --port ${port} ${serveFlags}`,
    'wait-url': `http://127.0.0.1:${port}/v1/`,
    args: "--suite pagination --reporter 'json,markdown'",
  };
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      join(ROOT, 'scripts/github-action.ts'),
      '--workspace',
      workspace,
      ...Object.entries(inputs).flatMap(([name, value]) => ['--with', `${name}=${value}`]),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, GITHUB_STEP_SUMMARY: summary, NO_COLOR: '1' },
      timeout: 120_000,
    },
  );
  return {
    code: result.status,
    log: result.stdout + result.stderr,
    summary: readFileSync(summary, 'utf8'),
    reports: join(workspace, 'conformance-reports'),
  };
}

describe('action.yml, run as a composite action', () => {
  it('clean reference: summary gets report.md, reports are written, the job passes', async () => {
    const job = await runAction('');
    expect(job.log).toContain('chat-conformance exited 0');
    expect(job.code).toBe(0);
    expect(job.summary).toMatch(/^## Chat API conformance: ✅ PASS/);
    expect(job.summary).toContain('| pagination |');
    expect(job.summary).toBe(readFileSync(join(job.reports, 'report.md'), 'utf8'));
    expect(existsSync(join(job.reports, 'report.json'))).toBe(true);
    expect(readFileSync(join(job.reports, 'server.log'), 'utf8')).toContain('Reference implementation');
    // The upload cannot run without a runner: said so, with what it would upload.
    expect(job.log).toMatch(
      /not run here \(uses: actions\/upload-artifact@[0-9a-f]{40}.*path=conformance-reports/,
    );
    // Pinned by commit; the checker of this checkout (built) runs as it is, nothing installed.
    expect(job.log).toMatch(/not run here \(uses: actions\/setup-node@[0-9a-f]{40}/);
    expect(job.log).toContain(`bin=${BUILT_BIN}`);
    // The outputs a workflow can branch on besides the exit code.
    expect(job.log).toMatch(
      /outputs of run: exit-code=0 verdict=pass report-dir=\S+conformance-reports total=14 passed=\d+ failed=0 errored=0 skipped=\d+/,
    );
    expect(`${job.log}${job.summary}`).not.toContain(TOKEN);
  });

  it('a faulty implementation: the summary shows the failure and the job fails with exit 1', async () => {
    const job = await runAction('--fault message-list-next-missing');
    expect(job.log).toContain('chat-conformance exited 1');
    expect(job.log).toMatch(/outputs of run: exit-code=1 verdict=fail .* failed=[1-9]/);
    expect(job.log).toMatch(/failed \(exit 1\): Verdict/);
    expect(job.code).toBe(1);
    expect(job.summary).toMatch(/^## Chat API conformance: ❌ FAIL/);
    expect(job.summary).toContain('MSG-LIST-6');
    // The summary and upload steps ran before the verdict failed the job (if: always()).
    expect(job.log.indexOf('run: Job summary')).toBeLessThan(job.log.indexOf('run: Verdict'));
  });
});
