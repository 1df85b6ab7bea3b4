/**
 * `conformance fuzz` end to end against the embedded reference (real HTTP over loopback): no finding on
 * the clean reference nor under the tolerance that answers every error 500; a planted crash and a planted
 * stale list found, shrunk to a minimal case with a curl per step, and replayed from the report; and the
 * world left as it was found. Small --runs keep it fast; scripts/fuzz-faults.ts proves the default budget.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { fuzz } from '../../src/fuzz/index.js';
import { type ReferenceServer, startReference } from '../../src/reference/index.js';
import type { RunResult } from '../../src/runner/model.js';

const servers: ReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});
const reference = async (options: Parameters<typeof startReference>[0] = {}) => {
  const server = await startReference(options);
  servers.push(server);
  return server;
};
const failing = (result: RunResult) =>
  result.checks
    .filter((check) => check.status === 'fail' || check.status === 'error')
    .map((check) => check.id);

describe('conformance fuzz, clean', () => {
  it('finds nothing on the clean reference, writes a valid report and leaves the world as it found it', async () => {
    const server = await reference();
    const before = JSON.stringify(server.snapshot());
    const result = await fuzz({ reference: server, seed: 7, runs: 4, timeoutMs: 30_000 });
    expect(failing(result)).toEqual([]);
    expect(result.verdict).toBe('pass');
    // The refusal oracles of operations the fuzz makes no complete request of (approvals, a kick, a
    // friend.delete, the peer's mute and direct channel) are not counted (src/fuzz/controls.ts).
    expect(result.summary.pass).toBeGreaterThan(45);
    expect(validate('report', result)).toEqual([]);
    expect(result.fuzz).toMatchObject({ seed: 7, runs: 4, findings: [] });
    expect(result.fuzz?.properties.length).toBe(39);
    expect(result.cleanup?.filter((record) => record.status === 'failed')).toEqual([]);
    expect(JSON.stringify(server.snapshot())).toBe(before);
  });

  it('finds nothing where every error is a 500 (errors-500-text-plain): the calibration sees the convention', async () => {
    const result = await fuzz({
      embedded: true,
      tolerances: ['errors-500-text-plain'],
      seed: 3,
      runs: 8,
      timeoutMs: 30_000,
    });
    expect(failing(result)).toEqual([]);
    expect(result.notes?.join('\n')).toMatch(/refuses bad input with 5xx/);
  });
});

describe('conformance fuzz, planted faults', () => {
  it('shrinks a crash on combining marks to a minimal content, with a curl, and replays it', async () => {
    const faults = ['message-content-combining-500'];
    const result = await fuzz({
      embedded: true,
      faults,
      seed: 1,
      runs: 100,
      grep: '^message\\.create/valid$',
    });
    const check = result.checks.find((entry) => entry.id === 'fuzz.message.create/accepts-plain-content');
    expect(check?.status).toBe('fail');
    expect(check?.level).toBe('must');
    expect(check?.evidence?.exchanges.at(-1)?.curl).toMatch(/^curl .*message\.create/);
    const finding = result.fuzz?.findings.find((entry) => entry.id === check?.id);
    // Shrunk: one base letter and one combining mark.
    expect([...JSON.parse(finding!.counterexample).text]).toHaveLength(2);
    expect(finding).toMatchObject({ seed: 1, path: expect.stringMatching(/^\d+(:\d+)*$/) });
    const replayed = await fuzz({
      embedded: true,
      faults,
      replay: { file: 'report.json', findings: [finding!] },
    });
    expect(failing(replayed)).toEqual([check?.id]);
    expect(replayed.fuzz?.properties[0].runs).toBe(1);
  });

  it('finds a deleted message still listed with a sequence shrunk to create, update, delete, list', async () => {
    const faults = ['message-list-keeps-deleted-updated'];
    const result = await fuzz({ embedded: true, faults, seed: 1, runs: 20, grep: '^messages/sequence$' });
    expect(failing(result)).toEqual(['fuzz.message.delete/deleted-is-not-listed']);
    const finding = result.fuzz!.findings[0];
    expect(finding.counterexample).toMatch(
      /^message\.create .*,message\.update #0 .*,message\.delete #0,message\.list /,
    );
    expect(finding.replayPath).toBeTruthy();
    const replayed = await fuzz({
      embedded: true,
      faults,
      replay: { file: 'report.json', findings: [finding] },
    });
    expect(failing(replayed)).toEqual([finding.id]);
  });
});
