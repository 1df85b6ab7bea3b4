/**
 * Errors the CLI maps to exit codes (knip style: known errors carry what the user must fix).
 * ConfigurationError → exit 2; UnreachableError → exit 3.
 */
import { ConfigurationError } from '../../spec/errors.js';

/** Defined in the leaf layer so that the reference can throw it too (one-way dependencies). */
export { ConfigurationError };

/** The implementation could not be reached on the first request (connection refused, DNS, timeout). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isConfigurationError = (error: unknown): error is ConfigurationError =>
  error instanceof ConfigurationError;
