/**
 * The example clients through every scenario, over real loopback HTTP: the correct one passes all of
 * them, each defective one fails the scenario that targets its defect (issue 10, acceptance).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { loadClientScenarios } from '../../src/client-mode/load.js';
import { tempDir } from '../support/temp.js';
import { type ClientRun, failing, ROOT, runClientCommand } from './helpers.js';

const client = (name: string) => `node examples/clients/${name}.mjs`;

describe('conformance client --command (example clients)', () => {
  // Each defective client runs once, whichever test asks first (the tests run in any order).
  const defectiveRuns = new Map<string, Promise<ClientRun>>();
  const runDefective = (file: string): Promise<ClientRun> => {
    if (!defectiveRuns.has(file))
      defectiveRuns.set(
        file,
        runClientCommand(['--command', client(file), '--level', 'should', '--reporter', 'json,console']),
      );
    return defectiveRuns.get(file)!;
  };

  it('passes the correct client in every scenario, and writes every report in client mode', async () => {
    const scenarios = await loadClientScenarios();
    const run = await runClientCommand(['--command', client('correct'), '--level', 'should']);
    expect(run.code).toBe(0);
    expect(run.report.checks.map((check) => [check.id, check.status])).toEqual(
      scenarios.map((scenario) => [scenario.id, 'pass']),
    );
    expect(run.report.mode).toBe('client');
    expect(run.report.target.client).toEqual({ command: client('correct') });
    expect(validate('report', run.report)).toEqual([]);
    const badge = JSON.parse(readFileSync(join(run.outDir, 'badge.json'), 'utf8'));
    expect(badge).toMatchObject({ label: 'client conformance', message: '8/8 must', color: 'brightgreen' });
    expect(readFileSync(join(run.outDir, 'junit.xml'), 'utf8')).toContain(
      'name="client.pagination/short-page-with-next-continues"',
    );
    for (const file of ['report.md', 'report.html'])
      expect(readFileSync(join(run.outDir, file), 'utf8')).toContain(
        'client node examples/clients/correct.mjs (served http://127.0.0.1:',
      );
    // The correct client printed its ids: no scenario fell back to judging requests only.
    expect(run.report.checks.flatMap((check) => check.evidence?.notes ?? [])).toEqual([]);
  });

  // alone: the defect shows in this scenario only (the other defects break several).
  const defects: [file: string, scenario: string, reason: RegExp, alone?: 'alone'][] = [
    [
      'stops-on-short-page',
      'client.pagination/short-page-with-next-continues',
      /stopped after request 1, answered with 2 item\(s\), next/,
    ],
    [
      'stops-on-empty-page',
      'client.pagination/empty-page-with-next-continues',
      /stopped after request 2, answered with 0 item\(s\), next/,
      'alone',
    ],
    [
      'next-from-last-id',
      'client.pagination/opaque-token-passed-verbatim',
      /sent next "81001", but the server's next was/,
    ],
    [
      'continues-on-full-page',
      'client.message.list/full-page-without-next-stops',
      /request 3 \(no next\) came after the last page \(50 item\(s\), no next\)/,
    ],
    ['no-loop-guard', 'client.pagination/never-ending-token-not-repeated', /a second time/, 'alone'],
    [
      'null-as-token',
      'client.pagination/null-next-stops',
      /request 3 \(next null\) came after the last page \(3 item\(s\), next: null\)/,
    ],
    [
      'until-empty-page',
      'client.pagination/ends-after-one-item',
      /request 2 \(no next\) came after the last page \(1 item\(s\), no next\)/,
    ],
  ];

  it.each(defects)(
    'fails %s in the scenario that targets it, exit 1',
    async (file, scenario, reason, alone) => {
      const run = await runDefective(file);
      expect(run.code).toBe(1);
      const check = run.report.checks.find((candidate) => candidate.id === scenario)!;
      expect(check.status).toBe('fail');
      expect(check.reason).toMatch(reason);
      if (alone) expect(failing(run.report)).toEqual([scenario]);
      // The console names the scenario it breaks.
      expect(run.out).toContain(`FAIL  ${check.level.padEnd(6)} ${scenario}`);
      // The evidence shows the pages served and the requests the client made next.
      const exchanges = check.evidence?.exchanges ?? [];
      expect(exchanges.length).toBeGreaterThan(0);
      expect(JSON.parse(exchanges[0].response!.body)).toHaveProperty('data');
      expect(exchanges.every((exchange) => exchange.request.headers.authorization === 'Bearer $TOKEN')).toBe(
        true,
      );
      expect(JSON.stringify(run.report)).not.toMatch(/client-mode-[0-9a-f]{24}/);
    },
  );

  // Two-sided: every scenario fails for at least one defective client (a scenario that cannot fail is
  // a defect), and the correct client passes them all (above).
  it('has a defective client failing every scenario', async () => {
    const failedByADefect = new Set<string>();
    for (const [file] of defects)
      for (const id of failing((await runDefective(file)).report)) failedByADefect.add(id);
    const ids = (await loadClientScenarios()).map((scenario) => scenario.id);
    expect(ids.filter((id) => !failedByADefect.has(id))).toEqual([]);
  });

  it('passes the copy-paste adapter of README "Check your client"', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const snippet = /```js\n(\/\/ check-client\.mjs[\s\S]*?)```/.exec(readme)?.[1];
    expect(snippet).toBeDefined();
    const file = join(tempDir('client-mode-readme-'), 'check-client.mjs');
    writeFileSync(file, snippet!);
    const run = await runClientCommand([
      '--command',
      `node ${file}`,
      '--level',
      'should',
      '--reporter',
      'json',
    ]);
    expect(failing(run.report)).toEqual([]);
    expect(run.code).toBe(0);
  });
});
