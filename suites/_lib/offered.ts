/**
 * Whether the login offers an operation (login.features, when it declares any): a helper operation it
 * does not offer is not sent (src/runner/context/calls.ts), so a check that has another way asks first
 * (issue 46: "not offered" only for the operation under test).
 */
import { tr } from '../../src/i18n/index.js';
import type { CheckContext } from '../../src/runner/check.js';

export const offers = (t: CheckContext, operation: string): boolean =>
  t.config.features === undefined || t.config.features.has(operation);

/** The words for a helper the login does not offer, for an undecided state or a note. */
export const notOfferedHelper = (operation: string): string =>
  tr`login.features omits ${operation}, which this check only uses as a helper`;

/**
 * Leaves the check undecided when the login does not offer one of `operations`, its helpers for this step
 * (e.g. what causes an event the check only validates): they are not called (the call path would not send
 * them either: src/runner/context/calls.ts).
 */
export function requireOffered(t: CheckContext, operations: readonly string[]): void {
  const lacking = operations.filter((operation) => !offers(t, operation));
  if (lacking.length === 0) return;
  t.undecided(
    tr`login.features omits ${lacking.join(', ')}, which this check only uses as a helper (not called)`,
    tr`nothing to fix in what the check judges: it is decided where the login offers its helpers`,
    { kind: 'helper-not-offered', operation: lacking[0], role: 'helper', status: 'none' },
  );
}
