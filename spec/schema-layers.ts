/**
 * The two layers of the resource schemas (spec/schemas/*.schema.json), so that only what the spec shows
 * can fail a must:
 * - the spec layer: the §2 tables. User and Emoji are objects whose fields are not shown (§2 "Other
 *   referenced types"), and a `T?` field given as null is read as absent;
 * - the conventions: the family's fields of User and Emoji typed (docs/de-facto-conventions.md
 *   "Resources beyond the spec's tables"), and optional fields omitted, not null — at should at most.
 * Both layers are derived from the same files: the spec layer drops what §2 does not show.
 */
import { type JsonSchema, SCHEMA_BASE, SCHEMA_SUFFIX } from './schema-files.js';

/** Resources §2 names without showing a field (§2 "Other referenced types"): at must, any object. */
export const FIELDS_NOT_SHOWN: readonly string[] = ['User', 'Emoji'];

/** A schema file as the spec layer reads it: a resource of FIELDS_NOT_SHOWN keeps only its being an object. */
export function specLayerOf(schema: JsonSchema): JsonSchema {
  if (!FIELDS_NOT_SHOWN.includes(schema.title)) return schema;
  const { $schema, $id, title, description } = schema;
  return { $schema, $id, title, description, type: 'object' };
}

const isPlainObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An optional field given as null: where, and which field of which resource (e.g. User.nick). */
export interface NullField {
  /** JSON pointer into the value. */
  path: string;
  /** '<resource>.<field>', the same wherever the resource appears (once per field per run). */
  field: string;
}

type Resolve = (ref: string) => JsonSchema | undefined;

const pointerToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The resource a schema describes: its title, without a §4.8 variant's note ('Message (message-member = Member)'). */
const ownerOf = (schema: JsonSchema, fallback: string): string =>
  typeof schema.title === 'string' ? schema.title.replace(/ \(.*\)$/, '') : fallback;

const acceptsNull = (schema: JsonSchema, resolve: Resolve): boolean => {
  const target = followRefs(schema, resolve);
  const type = target.type;
  return type === 'null' || (Array.isArray(type) && type.includes('null'));
};

/** The schema a $ref chain ends at (the ref's siblings, a description, say nothing of the value). */
function followRefs(schema: JsonSchema, resolve: Resolve): JsonSchema {
  let current = schema;
  for (let depth = 0; typeof current?.$ref === 'string' && depth < 16; depth++) {
    const next = resolve(current.$ref);
    if (!next) break;
    current = next;
  }
  return current ?? {};
}

/** Resolves a $ref as the schema files write it: an absolute $id, or a file name under SCHEMA_BASE. */
export const resolverOf =
  (byId: ReadonlyMap<string, JsonSchema>): Resolve =>
  (ref) =>
    byId.get(ref.startsWith('http') ? ref : `${SCHEMA_BASE}${ref.replace(/^\.\//, '')}`) ??
    (ref.endsWith(SCHEMA_SUFFIX) ? undefined : byId.get(ref));

/** A value where §2 names a resource without showing its fields (a User, an Emoji): the conventions read it. */
export interface UnshownValue {
  /** JSON pointer into the value. */
  path: string;
  /** The resource, one of FIELDS_NOT_SHOWN. */
  resource: string;
  value: unknown;
}

/**
 * The value with every optional field given as null left out, those fields, and the values of resources
 * whose fields §2 does not show: what the spec layer validates (a `T?` field null is read as absent) and
 * what the conventions read (omitted, not null; the family's User and Emoji fields). A field whose own
 * schema admits null (a list's next) is kept; a required field given null stays, and fails.
 */
export function withoutOptionalNulls(
  schema: JsonSchema,
  value: unknown,
  resolve: Resolve,
): { value: unknown; nulls: NullField[]; unshown: UnshownValue[] } {
  const nulls: NullField[] = [];
  const unshown: UnshownValue[] = [];
  const walk = (node: JsonSchema, current: unknown, path: string, owner: string): unknown => {
    const target = followRefs(node, resolve);
    const title = ownerOf(target, owner);
    // Read by the conventions as the spec layer sees it: its optional nulls left out (reported as such).
    if (title !== owner && FIELDS_NOT_SHOWN.includes(title) && isPlainObject(current)) {
      const stripped = walk(node, current, path, title);
      unshown.push({ path, resource: title, value: stripped });
      return stripped;
    }
    let result = current;
    for (const part of Array.isArray(target.allOf) ? target.allOf : [])
      result = walk(part, result, path, title);
    if (Array.isArray(result) && target.items && typeof target.items === 'object')
      return result.map((item, index) => walk(target.items, item, `${path}/${index}`, title));
    if (result === null || typeof result !== 'object' || Array.isArray(result) || !target.properties)
      return result;
    const required: string[] = Array.isArray(target.required) ? target.required : [];
    const copy: Record<string, unknown> = { ...(result as Record<string, unknown>) };
    for (const [key, property] of Object.entries(target.properties as Record<string, JsonSchema>)) {
      if (!(key in copy)) continue;
      const at = `${path}/${pointerToken(key)}`;
      if (copy[key] === null && !required.includes(key) && !acceptsNull(property, resolve)) {
        nulls.push({ path: at, field: `${title}.${key}` });
        delete copy[key];
      } else copy[key] = walk(property, copy[key], at, title);
    }
    return copy;
  };
  return { value: walk(schema, value, '', 'value'), nulls, unshown };
}
