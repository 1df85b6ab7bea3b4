/**
 * The error a user can fix by changing what they asked for (an unknown fault, tolerance, option value):
 * the CLI prints its message on one line and exits 2. It lives here, in the leaf layer, so that every
 * layer (the reference included, which depends on spec/ only) can throw it; src/runner/errors.ts
 * re-exports it beside the runner's own errors.
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}
