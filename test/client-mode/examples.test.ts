/**
 * The example clients through every scenario, over real loopback HTTP: the correct one passes all of
 * them, each defective one fails the scenario that targets its defect (issue 10, acceptance).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { loadClientScenarios } from '../../src/client-mode/load.js';
import { isEventScenario } from '../../src/client-mode/model.js';
import { rotating, rotation } from '../support/rotation.js';
import { tempDir } from '../support/temp.js';
import { type ClientRun, failing, ROOT, runClientCommand, scenarioGrep } from './helpers.js';

const client = (name: string) => `node examples/clients/${name}.mjs`;

// Each test runs its own clients against its own scenarios' servers (port 0): side by side.
describe.concurrent('conformance client --command (example clients)', () => {
  // Each defective client runs once per shape, whichever test asks first (the tests run in any order).
  const defectiveRuns = new Map<string, Promise<ClientRun>>();
  const runDefective = (file: string, shape: string): Promise<ClientRun> => {
    const key = `${file} ${shape}`;
    if (!defectiveRuns.has(key))
      defectiveRuns.set(
        key,
        runClientCommand([
          '--command',
          client(file),
          '--level',
          'should',
          '--grep',
          shape,
          '--reporter',
          'json,console',
        ]),
      );
    return defectiveRuns.get(key)!;
  };

  // The scenarios rotate (test/support/rotation.ts): a seventh of them in a run of `npm test`, all in a full run.
  it('passes the correct client in every scenario of the rotation, and writes every report in client mode', async () => {
    const scenarios = rotating(
      (await loadClientScenarios()).filter((scenario) => !isEventScenario(scenario)),
    );
    const run = await runClientCommand([
      '--command',
      client('correct'),
      '--level',
      'should',
      ...scenarioGrep(scenarios),
    ]);
    expect(run.code).toBe(0);
    expect(run.report.checks.map((check) => [check.id, check.status])).toEqual(
      scenarios.map((scenario) => [scenario.id, 'pass']),
    );
    expect(run.report.mode).toBe('client');
    expect(run.report.target.client).toEqual({ command: client('correct'), suites: ['pagination'] });
    expect(validate('report', run.report)).toEqual([]);
    const must = scenarios.filter((scenario) => scenario.level === 'must').length;
    const badge = JSON.parse(readFileSync(join(run.outDir, 'badge.json'), 'utf8'));
    expect(badge).toMatchObject({
      label: 'client conformance: pagination',
      message: `${must}/${must} must`,
      color: 'brightgreen',
    });
    expect(readFileSync(join(run.outDir, 'junit.xml'), 'utf8')).toContain(`name="${scenarios[0].id}"`);
    for (const file of ['report.md', 'report.html'])
      expect(readFileSync(join(run.outDir, file), 'utf8')).toContain(
        'client node examples/clients/correct.mjs (served http://127.0.0.1:',
      );
    // The correct client printed its ids: no scenario fell back to judging requests only.
    expect(run.report.checks.flatMap((check) => check.evidence?.notes ?? [])).toEqual([]);
  }, 240_000);

  // Each defect runs through the scenarios of its shape, on every list (a shape reaches every list).
  // alone: the defect shows in the scenarios of this shape only.
  const defects: [file: string, shape: string, scenario: string, reason: RegExp, alone?: 'alone'][] = [
    [
      'stops-on-short-page',
      'short-page-with-next-continues',
      'client.guild.list/short-page-with-next-continues',
      /stopped after request 1, answered with 49 item\(s\), next/,
    ],
    [
      'stops-on-empty-page',
      'empty-page-with-next-continues|empty-first-page',
      'client.channel.list/empty-page-with-next-continues',
      /stopped after request 2, answered with 0 item\(s\), next/,
    ],
    [
      'next-from-last-id',
      'opaque-token-passed-verbatim',
      'client.friend.list/opaque-token-passed-verbatim',
      /sent next "81001", but the server's next was/,
    ],
    [
      'continues-on-full-page',
      'full-page-without-next-stops',
      'client.message.list/full-page-without-next-stops',
      /request 3 \(no next\) came after the last page \(50 item\(s\), no next\)/,
      'alone',
    ],
    [
      'no-loop-guard',
      'never-ending-token-not-repeated',
      'client.reaction.list/never-ending-token-not-repeated',
      /a second time/,
      'alone',
    ],
    [
      'null-as-token',
      'null-next-stops',
      'client.guild.member.list/null-next-stops',
      /request 3 \(next null\) came after the last page \(3 item\(s\), next: null\)/,
      'alone',
    ],
    [
      'until-empty-page',
      'ends-after-one-item|limit-above-bound|walks-before',
      'client.guild.role.list/ends-after-one-item',
      /request 2 \(no next\) came after the last page \(1 item\(s\), no next\)/,
    ],
  ];

  it.each(rotating(defects))(
    'fails %s in the scenarios of its shape on every list, exit 1',
    async (file, shape, scenario, reason, alone) => {
      const run = await runDefective(file, shape);
      expect(run.code).toBe(1);
      const check = run.report.checks.find((candidate) => candidate.id === scenario)!;
      expect(check.status).toBe('fail');
      expect(check.reason).toMatch(reason);
      const first = shape.split('|')[0];
      const ofShape = run.report.checks.filter((candidate) => candidate.id.endsWith(`/${first}`));
      expect(ofShape).toHaveLength(7);
      if (alone) expect(failing(run.report)).toEqual(ofShape.map((candidate) => candidate.id));
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
    120_000,
  );

  // Two-sided: every scenario fails for at least one defective client (a scenario that cannot fail is
  // a defect), and the correct client passes them all (above). It needs every defect's run: a full run.
  it.runIf(rotation.full)(
    'has a defective client failing every scenario',
    async () => {
      const runs = await Promise.all(defects.map(([file, shape]) => runDefective(file, shape)));
      const failedByADefect = new Set(runs.flatMap((run) => failing(run.report)));
      const ids = (await loadClientScenarios())
        .filter((scenario) => !isEventScenario(scenario))
        .map((scenario) => scenario.id);
      expect(ids.filter((id) => !failedByADefect.has(id))).toEqual([]);
    },
    240_000,
  );

  it('passes the copy-paste adapter of docs/checking-a-client.md in every scenario of the rotation', async () => {
    const readme = readFileSync(join(ROOT, 'docs/checking-a-client.md'), 'utf8');
    const snippet = /```js\n(\/\/ check-client\.mjs[\s\S]*?)```/.exec(readme)?.[1];
    expect(snippet).toBeDefined();
    const file = join(tempDir('client-mode-readme-'), 'check-client.mjs');
    writeFileSync(file, snippet!);
    // Another seventh than the correct client's (offset 3): the two together see two sevenths a run.
    const scenarios = rotating(
      (await loadClientScenarios()).filter((scenario) => !isEventScenario(scenario)),
      3,
    );
    const run = await runClientCommand([
      '--command',
      `node ${file}`,
      '--level',
      'should',
      '--reporter',
      'json',
      ...scenarioGrep(scenarios),
    ]);
    expect(run.report.checks.map((check) => check.id)).toEqual(scenarios.map((scenario) => scenario.id));
    expect(failing(run.report)).toEqual([]);
    expect(run.code).toBe(0);
  }, 240_000);
});
