/** Shared by the suite tests: run checks against a fresh reference and read the outcome. */
import { type RunOptions, run } from '../../src/index.js';
import type { ReferenceOptions } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';

/**
 * Runs `options` (suites or checks) against a fresh reference started with `reference`: statuses and
 * reasons by check id, what the ledger undid, and whether the world is as it was before.
 */
export async function runAgainstReference(reference: ReferenceOptions, options: RunOptions) {
  const server = await startReference(reference);
  try {
    const before = JSON.stringify(server.snapshot());
    const result = await run({ reference: server, events: 'none', ...options });
    return {
      result,
      statuses: Object.fromEntries(result.checks.map((check) => [check.id, check.status])),
      reasons: Object.fromEntries(result.checks.map((check) => [check.id, check.reason])),
      cleanup: result.cleanup ?? [],
      unchanged: JSON.stringify(server.snapshot()) === before,
    };
  } finally {
    await server.close();
  }
}

/** Ids of the checks that failed or errored, sorted. */
export const failing = (statuses: Record<string, string>): string[] =>
  Object.keys(statuses)
    .filter((id) => statuses[id] === 'fail' || statuses[id] === 'error')
    .sort();
