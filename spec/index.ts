/**
 * Programmatic API of the spec layer: the operation, event and rule catalogues, schema validation and the
 * generated protocol types.
 */
import { createHash } from 'node:crypto';
import { operations } from './catalogue.js';
import { events } from './events.js';
import { rules } from './rules.js';

export {
  effectiveFields,
  type Field,
  type FieldType,
  type GroupInfo,
  getOperation,
  groups,
  type Operation,
  type OperationGroup,
  operations,
  RESOURCE_SCHEMAS,
  type ResourceKey,
  type ResourceName,
  type ResponseShape,
  requestSchema,
  responseSchema,
  type VariantPoint,
  type VariantPointName,
  variantPoints,
} from './catalogue.js';
export { type EventDefinition, type EventLink, eventSchema, events, eventsOf, getEvent } from './events.js';
export { getRule, hasRule, type Rule, type RuleLevel, rules } from './rules.js';
export { type JsonSchema, schemaDir } from './schema-files.js';
export type * from './types.js';
export { type Problem, requiredResourceProblems, validate } from './validate.js';

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
