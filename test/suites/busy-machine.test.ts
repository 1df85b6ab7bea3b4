/**
 * Verdicts do not depend on how busy the machine is (issue 34 item 0): the event suites run with the CPU
 * saturated by other processes — two bounded busy loops, one per core — and give the verdicts a quiet
 * machine gives: the clean reference over webhook fails nothing, and a webhook fault fails its own check
 * only (before, a webhook queue that lagged behind a burst made `emits-*` checks fail as "never came").
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { RunResult } from '../../src/runner/model.js';
import { withBusyLoops } from '../support/busy-loops.js';

const busyLoops = withBusyLoops();

const failing = (result: RunResult) =>
  result.checks
    .filter((check) => check.status === 'fail' || check.status === 'error')
    .map((check) => `${check.id}: ${check.reason}`);

const runEventsOverWebhook = (faults: string[] = [], world: { dirty?: true; seed?: number } = {}) =>
  run({
    ...world,
    embedded: true,
    suites: ['events'],
    includeExperimental: true,
    level: 'should',
    events: 'webhook',
    eventTimeoutMs: 1500,
    ...(faults.length ? { faults } : {}),
  });

describe('the event suites on a machine whose CPU other processes saturate', () => {
  it('the clean reference over webhook: no check fails or errors', async () => {
    expect(busyLoops.every((loop) => loop.exitCode === null)).toBe(true);
    const result = await runEventsOverWebhook();
    expect(failing(result)).toEqual([]);
    expect(result.summary.pass).toBeGreaterThan(30);
  });

  it('webhook-no-auth over webhook, in a dirty world, seed 1: only the delivery check fails', async () => {
    expect(busyLoops.every((loop) => loop.exitCode === null)).toBe(true);
    const result = await runEventsOverWebhook(['webhook-no-auth'], { dirty: true, seed: 1 });
    expect(failing(result).map((line) => line.split(':')[0])).toEqual(['events.webhook/delivery-headers']);
  });
});
