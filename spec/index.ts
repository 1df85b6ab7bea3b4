/**
 * The catalogue's fingerprint: reports carry it, so two reports tell whether they were judged against the
 * same operations, events and rules.
 */
import { createHash } from 'node:crypto';
import { operations } from './catalogue.js';
import { events } from './events.js';
import { rules } from './rules.js';

/** JSON with object keys sorted, so that equal data always gives equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((key) => [key, item[key]]),
        )
      : item,
  );
}

/** sha256 (hex) of the operations, events and rules: changes whenever the catalogue does. */
export function catalogueHash(): string {
  return createHash('sha256').update(canonicalJson({ operations, events, rules })).digest('hex');
}
