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
