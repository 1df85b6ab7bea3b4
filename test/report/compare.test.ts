import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { compareCommand } from '../../bin/commands/compare.js';
import { compareRuns, formatComparison } from '../../src/report/compare.js';
import type { RunResult } from '../../src/runner/model.js';
import { mixedRun, withStatuses } from './fixtures/runs.js';
import { captureIo } from './io.js';

const LIMIT = 'message.list/limit-above-bound-is-clamped';
const CREATE = 'message.create/returns-created-messages';
const CHANNEL = 'channel.get/returns-channel';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'compare-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function reportFile(name: string, run: RunResult): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, JSON.stringify(run));
  return path;
}

describe('compareRuns', () => {
  it('finds regressions, fixes, other changes, added and removed checks', () => {
    const base = mixedRun();
    const head = withStatuses(base, {
      [CREATE]: 'fail',
      [CHANNEL]: 'error',
      [LIMIT]: 'pass',
      'channel.delete/removes-created-channel': 'pass',
    });
    head.checks = head.checks.filter((check) => check.id !== 'errors/error-body-format');
    head.checks.push({ ...head.checks[0], id: 'message.create/new-check', status: 'fail' });
    const comparison = compareRuns(base, head);
    expect(comparison.regressions.map((change) => [change.id, change.base, change.head])).toEqual([
      [CREATE, 'pass', 'fail'],
      [CHANNEL, 'pass', 'error'],
    ]);
    expect(comparison.fixes.map((change) => change.id)).toEqual([LIMIT]);
    expect(comparison.changedStatus.map((change) => [change.id, change.base, change.head])).toEqual([
      ['channel.delete/removes-created-channel', 'skip', 'pass'],
    ]);
    expect(comparison.added.map((check) => check.id)).toEqual(['message.create/new-check']);
    expect(comparison.removed.map((check) => check.id)).toEqual(['errors/error-body-format']);
    expect(comparison.unchanged).toBe(base.checks.length - 5);
    expect(comparison.specChanged).toBe(false);

    const text = formatComparison(comparison);
    expect(text).toContain(
      'Regressions (2)\n  message.create/returns-created-messages (must): pass → fail — now fail',
    );
    expect(text).toContain('Fixes (1)');
    expect(text).toContain('New checks (1)');
    expect(text).toContain('Removed checks (1)\n  errors/error-body-format (info): was pass');
    expect(text).toContain('2 regressions, 1 fixes, 1 other changes, 1 new, 1 removed,');
  });

  it('says clearly when the spec catalogue differs, and the tool versions', () => {
    const base = mixedRun();
    const head = {
      ...mixedRun(),
      spec: { name: 'Chat Platform Interface', catalogueHash: 'sha256:99aa' },
      tool: { name: 'chat-conformance' as const, version: '0.2.0' },
    };
    const comparison = compareRuns(base, head);
    expect(comparison.specChanged).toBe(true);
    expect(comparison.toolVersions).toEqual({ base: '0.1.0', head: '0.2.0' });
    expect(formatComparison(comparison)).toContain(
      'The spec catalogue differs: base sha256:4f1c9a0be7d2, head sha256:99aa.',
    );
    expect(formatComparison(compareRuns(base, base))).toContain('Same spec catalogue (sha256:4f1c9a0be7d2).');
  });
});

describe('conformance compare BASE.json HEAD.json', () => {
  it('exits 1 on a regression and names it', async () => {
    const base = await reportFile('base.json', mixedRun());
    const head = await reportFile('head-regressed.json', withStatuses(mixedRun(), { [CREATE]: 'fail' }));
    const io = captureIo();
    await compareCommand(base, head, {}, io);
    expect(io.code).toBe(1);
    expect(io.out).toContain(`Regressions (1)\n  ${CREATE} (must): pass → fail`);
    // Through the CLI entry point as well.
    const viaCli = captureIo();
    expect(await main(['compare', base, head], viaCli)).toBe(1);
  });

  it('exits 0 when there are only fixes; --json prints the comparison', async () => {
    const base = await reportFile('base.json', mixedRun());
    const head = await reportFile('head-fixed.json', withStatuses(mixedRun(), { [LIMIT]: 'pass' }));
    const io = captureIo();
    await compareCommand(base, head, { json: true }, io);
    expect(io.code).toBe(0);
    const parsed = JSON.parse(io.out);
    expect(parsed.fixes.map((change: { id: string }) => change.id)).toEqual([LIMIT]);
    expect(parsed.regressions).toEqual([]);
  });

  it('says when the spec catalogue differs', async () => {
    const base = await reportFile('base.json', mixedRun());
    const head = await reportFile('head-spec.json', {
      ...mixedRun(),
      spec: { name: 'Chat Platform Interface', catalogueHash: 'sha256:0000' },
    });
    const io = captureIo();
    await compareCommand(base, head, {}, io);
    expect(io.code).toBe(0);
    expect(io.out).toContain('The spec catalogue differs');
  });

  it('exits 2 on unreadable or invalid input', async () => {
    const base = await reportFile('base.json', mixedRun());
    const io = captureIo();
    await compareCommand(base, join(folder, 'missing.json'), {}, io);
    expect(io.code).toBe(2);
    expect(io.err).toMatch(/Cannot read .*missing.json/);
    const notReport = join(folder, 'junit.xml');
    await writeFile(notReport, '<?xml version="1.0"?><testsuites/>');
    const second = captureIo();
    await compareCommand(notReport, base, {}, second);
    expect(second.code).toBe(2);
    expect(second.err).toContain('junit.xml is not JSON');
  });
});
