/**
 * Page shapes × lists (issue 22): every shape is served on every list, message.list included, at the
 * limit the client itself sends. The two clients issue 10's scenarios missed are caught by a default run.
 */
import { describe, expect, it } from 'vitest';
import { LIST_KINDS, LISTS } from '../../src/client-mode/lists.js';
import { loadClientScenarios } from '../../src/client-mode/load.js';
import { isEventScenario, onEveryList } from '../../src/client-mode/model.js';
import { ScenarioSession } from '../../src/client-mode/session.js';
import { inSlot } from '../support/rotation.js';
import { failing, runClientCommand } from './helpers.js';

const identity = { token: 't', userId: '1001', platform: 'reference', name: 'bot' };

describe('page shapes on every list', () => {
  it('a shape defined once becomes one scenario per list, id client.<operation>/<shape>', () => {
    const scenarios = onEveryList([
      {
        shape: 'a-new-shape',
        title: 'new',
        level: 'must',
        rules: ['CLIENT-GEN-6'],
        pages: [1],
        expectation: 'x',
      },
    ]);
    expect(scenarios.map((scenario) => [scenario.id, scenario.list])).toEqual(
      LIST_KINDS.map((list) => [`client.${LISTS[list].operation}/a-new-shape`, list]),
    );
    // On message.list the scenario judges §4.1 rule 6 as well.
    expect(scenarios.find((scenario) => scenario.list === 'message')?.rules).toEqual([
      'CLIENT-MSG-LIST-6',
      'CLIENT-GEN-6',
    ]);
  });

  it('serves every pagination shape on all seven lists', async () => {
    const scenarios = (await loadClientScenarios()).filter((scenario) => !isEventScenario(scenario));
    const byShape = new Map<string, string[]>();
    for (const scenario of scenarios) {
      const [area, shape] = scenario.id.split('/');
      byShape.set(shape, [...(byShape.get(shape) ?? []), area]);
    }
    const everywhere = [...byShape].filter(([, areas]) => areas.length === LIST_KINDS.length);
    // Eight shapes reach every list; two are message.list's own (the bound, the before walk).
    expect(everywhere.map(([shape]) => shape)).toContain('empty-page-with-next-continues');
    expect(everywhere).toHaveLength(8);
    expect([...byShape].filter(([, areas]) => areas.length === 1).map(([shape]) => shape)).toEqual([
      'limit-above-bound-answered-short',
      'walks-before-with-equal-prev-next',
    ]);
  });

  it.each([
    [1, [0, 0, 1]],
    [2, [1, 1, 1]],
    [undefined, [49, 49, 1]],
  ])('answers a client sending limit %s with pages below its own limit (%j)', async (limit, sizes) => {
    const scenario = (await loadClientScenarios()).find(
      (candidate) => candidate.id === 'client.message.list/short-page-with-next-continues',
    );
    if (!scenario || isEventScenario(scenario)) throw new Error('scenario missing');
    const session = new ScenarioSession(scenario, 'message');
    let next: string | undefined;
    const served: number[] = [];
    for (let page = 0; page < 3; page++) {
      const fields = { channel_id: '4001', ...(limit ? { limit } : {}), ...(next ? { next } : {}) };
      const reply = session.handle({ operation: 'message.list', fields, identity, headers: {} })!;
      const body = reply.body as { data: unknown[]; next?: string };
      served.push(body.data.length);
      next = body.next;
    }
    expect(served).toEqual(sizes);
    expect(next).toBeUndefined();
  });

  // A default run of every scenario each: rotating tests (slots 3 and 4, test/support/rotation.ts).
  const defaultRun = (fixture: string) =>
    runClientCommand(['--command', `node test/client-mode/fixtures/${fixture}.mjs`, '--reporter', 'json']);

  it.runIf(inSlot(3))(
    'fails, in a default run, a client that stops on an empty page of message.list only',
    async () => {
      const empty = await defaultRun('message-stops-on-empty-page');
      expect(empty.code).toBe(1);
      expect(failing(empty.report)).toEqual([
        'client.message.list/empty-page-with-next-continues',
        'client.message.list/empty-first-page-with-next-continues',
      ]);
      expect(empty.report.checks.find((check) => check.status === 'fail')?.reason).toMatch(
        /stopped after request 2, answered with 0 item\(s\), next/,
      );
    },
    240_000,
  );

  it.runIf(inSlot(4))(
    'fails, in a default run, a client that stops below its own limit 2 on message.list only',
    async () => {
      const short = await defaultRun('own-limit-stops-on-short-page');
      expect(short.code).toBe(1);
      expect(failing(short.report)).toContain('client.message.list/short-page-with-next-continues');
      expect(failing(short.report).every((id) => id.startsWith('client.message.list/'))).toBe(true);
      const check = short.report.checks.find(
        (candidate) => candidate.id === 'client.message.list/short-page-with-next-continues',
      )!;
      expect(check.reason).toMatch(/stopped after request 1, answered with 1 item\(s\), next/);
    },
    240_000,
  );
});
