/**
 * A request rate as platforms state their quotas: `N/s`, `N/m` or `N/h` (a bare `N` is per second).
 * Shared by `conformance run --rate-limit` (the checker's own budget) and `serve --rate-limit` (the
 * reference's quota); in the leaf layer so that both sides parse it alike.
 */
import { ConfigurationError } from './errors.js';

export interface Rate {
  /** Requests allowed in one window. */
  requests: number;
  /** The window (ms): 1 000, 60 000 or 3 600 000. */
  windowMs: number;
}

const WINDOWS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000 };

/** `100/m` → { requests: 100, windowMs: 60 000 }; a number alone is per second. Throws ConfigurationError. */
export function parseRate(text: string | number, name = '--rate-limit'): Rate {
  const match = /^\s*(\d+)\s*(?:\/\s*([smh]))?\s*$/.exec(String(text));
  const requests = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(requests) || requests < 1)
    throw new ConfigurationError(
      `${name} must be N/s, N/m or N/h with a whole number N >= 1 (e.g. 100/m), got '${text}'.`,
    );
  return { requests, windowMs: WINDOWS[match[2] ?? 's'] };
}

/** `100/m`, as the user writes it. */
export const formatRate = (rate: Rate): string =>
  `${rate.requests}/${Object.entries(WINDOWS).find(([, ms]) => ms === rate.windowMs)?.[0] ?? `${rate.windowMs}ms`}`;
