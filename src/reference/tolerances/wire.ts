/** Wire helpers of the tolerances that reshape whole bodies (results, READY, EVENT). */

/** The unknown field the extra-fields tolerance adds to every object (§2 tables are not closed sets). */
export const EXTRA_FIELD = 'x_reference_extra';

/** A deep copy of `value` in which every plain object carries EXTRA_FIELD. */
export function withExtraFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraFields);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = withExtraFields(field);
  copy[EXTRA_FIELD] = 'tolerated';
  return copy;
}
