/**
 * Whether the login offers an operation (login.features, when it declares any): a check calls a helper
 * operation (CheckDefinition.helpers) only when it is offered, and otherwise works on the sandbox or is
 * undecided naming the helper (issue 41: "not offered" only for the operation under test).
 */
import type { CheckContext } from '../../src/runner/check.js';

export const offers = (t: CheckContext, operation: string): boolean =>
  t.config.features === undefined || t.config.features.has(operation);

/** The words for a helper the login does not offer, for an undecided state or a note. */
export const notOfferedHelper = (operation: string): string =>
  `login.features omits ${operation}, which this check only uses as a helper`;

/**
 * Skips (a precondition) when the login does not offer one of `operations`, a check's helpers for this
 * step (e.g. what causes an event the check only validates): they are not called.
 */
export function requireOffered(t: CheckContext, operations: readonly string[]): void {
  const lacking = operations.filter((operation) => !offers(t, operation));
  if (lacking.length > 0) t.skip(`it needs ${lacking.join(', ')}, which login.features omits (not called)`);
}
