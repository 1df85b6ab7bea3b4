/**
 * Issue 32: `--events webhook` against a server the receiver was never registered with. No delivery
 * arrives at all: one finding names the receiver URL to register, and the checks that waited for an
 * event are undecided (NO VERDICT), never failures of a server that may work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { EVENT_NEVER_CAME } from '../../src/runner/causes.js';
import type { RunResult } from '../../src/runner/model.js';
import { nothingCountedReason } from '../../src/runner/summary.js';

let reference: ReferenceServer;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(() => reference.close());

describe('--events webhook with no receiver registered', () => {
  let result: RunResult;
  beforeAll(async () => {
    // A remote run: the checker cannot register its receiver through the reference's control endpoint.
    result = await run({
      baseUrl: reference.baseUrl,
      token: reference.identities.self.token,
      events: 'webhook',
      suites: ['events', 'messages'],
      eventTimeoutMs: 500,
      confirm: false,
    });
  }, 120_000);

  it('fails no check for an event that never came', () => {
    const waitedInVain = result.checks.filter(
      (check) => check.status !== 'skip' && EVENT_NEVER_CAME.test(check.reason ?? ''),
    );
    expect(waitedInVain).toEqual([]);
    const undecided = result.checks.filter((check) => check.undecided);
    expect(undecided.length).toBeGreaterThan(0);
    for (const check of undecided)
      expect(check.undecided?.state).toMatch(/no webhook delivery arrived at http/);
  });

  it('says so once, naming the receiver URL to register, and ends NO VERDICT', () => {
    const findings = (result.findings ?? []).filter((finding) => finding.id === 'events/no-webhook-delivery');
    expect(findings).toHaveLength(1);
    expect(findings[0].detail).toMatch(/register http:\/\/127\.0\.0\.1:\d+\/ with the implementation/);
    expect(result.checks.some((check) => check.status === 'fail' && check.level === 'must')).toBe(false);
    expect(nothingCountedReason(result)).toMatch(/could not be decided: no webhook delivery arrived/);
  });
});
