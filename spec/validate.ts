/**
 * The one place where values are validated against the spec schemas (ajv, JSON Schema 2020-12, strict).
 * Schemas are loaded once; each compiled validator is cached by reference and variants. Two layers
 * (spec/schema-layers.ts): `validate` judges what the spec shows (§2; a must may rest on it),
 * `conventionProblems` what the family's conventions add (should at most).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { brief } from './brief.js';
import {
  getOperation,
  listSchema,
  RESOURCE_SCHEMAS,
  requestSchema,
  resourceRef,
  responseSchema,
  unknownNameError,
  variantResourceSchemas,
} from './catalogue.js';
import { eventSchema, events, getEvent } from './events.js';
import type { ResourceName } from './operation-shape.js';
import { type JsonSchema, loadSchemaFiles, SCHEMA_BASE, SCHEMA_SUFFIX } from './schema-files.js';
import { type NullField, resolverOf, specLayerOf, withoutOptionalNulls } from './schema-layers.js';

export interface Problem {
  /** JSON pointer into the value ('' is the value itself). */
  path: string;
  /** Human message, starting with the path, e.g. "/data/3/user: must be an object (got string)". */
  message: string;
  /** The schema keyword that failed ('required', 'type', 'enum', …): the kind of a failure's signature. */
  keyword?: string;
}

export type Variants = Readonly<Record<string, string>>;

/** 'spec': what §2 shows (User and Emoji any object); 'conventions': the files as written. */
type Layer = 'spec' | 'conventions';

const ajvInstances = new Map<Layer, Ajv2020>();

function ajv(layer: Layer = 'spec'): Ajv2020 {
  const known = ajvInstances.get(layer);
  if (known) return known;
  // Not inlined: each resource schema compiles once, the validators built on it refer to it. Not
  // validated against the meta-schema at each run (test/spec/schemas.test.ts does that for every file
  // and variant): both cost a run ~0.3 s of CPU at its start (issue 11).
  const instance = new Ajv2020({ strict: true, allErrors: true, inlineRefs: false, validateSchema: false });
  addFormats.default(instance);
  const layered = layer === 'spec' ? specLayerOf : (schema: JsonSchema) => schema;
  for (const schema of loadSchemaFiles().values()) instance.addSchema(layered(schema));
  for (const schema of variantResourceSchemas()) instance.addSchema(schema);
  ajvInstances.set(layer, instance);
  return instance;
}

let schemasById: ReadonlyMap<string, JsonSchema> | undefined;

/** Every schema file and variant by $id, as written: where optional fields are found (schema-layers.ts). */
const resolveRef = (ref: string): JsonSchema | undefined => {
  schemasById ??= new Map(
    [...loadSchemaFiles().values(), ...variantResourceSchemas()].map((schema) => [schema.$id, schema]),
  );
  return resolverOf(schemasById)(ref);
};

const cache = new Map<string, ValidateFunction | null>();

/**
 * Compiles, ahead of use, every resource schema and the validators of every event and of the envelope for
 * these variants, one per macrotask: the engine calls it in a run's idle time (issue 11), so that the
 * after phase, which validates every event of the run, compiles nothing.
 */
export async function warmValidators(variants: Variants = {}): Promise<void> {
  const instance = ajv();
  const ids = [...loadSchemaFiles().values(), ...variantResourceSchemas()].map(
    (schema) => schema.$id as string,
  );
  const yieldToIo = () => new Promise((resolve) => setImmediate(resolve));
  for (const id of ids) {
    await yieldToIo();
    instance.getSchema(id);
  }
  for (const ref of ['envelope', ...events.map((event) => `event:${event.name}`)]) {
    await yieldToIo();
    validator(ref, variants);
  }
}

/** Names accepted as a resource reference: every schema file except the report. */
function resourceNames(): string[] {
  return [...loadSchemaFiles().keys()].filter((name) => name !== 'report');
}

/** The schema a reference names, or null when anything is accepted (an operation with no stated return). */
function schemaFor(ref: string, variants: Variants): JsonSchema | null {
  const [kind, name] = ref.includes(':')
    ? [ref.slice(0, ref.indexOf(':')), ref.slice(ref.indexOf(':') + 1)]
    : [ref];
  switch (kind) {
    case 'request':
      return requestSchema(getOperation(name!), variants);
    case 'response':
      return responseSchema(getOperation(name!), variants);
    case 'event':
      return eventSchema(name!, variants);
    case 'envelope':
      return resourceRef('EventEnvelope', variants);
    case 'report':
      return { $ref: `${SCHEMA_BASE}report${SCHEMA_SUFFIX}` };
  }
  // 'List<Channel>' / 'BidiList<Message>': a list envelope with typed items.
  const list = /^(List|BidiList)<(\w+)>$/.exec(ref);
  if (list && resourceNames().includes(list[2])) {
    return listSchema(list[1] === 'List' ? 'list' : 'bidi', resourceRef(list[2] as ResourceName, variants));
  }
  if (resourceNames().includes(ref)) return resourceRef(ref as ResourceName, variants);
  throw unknownNameError('schema reference', ref, [
    ...resourceNames(),
    'List<T>',
    'BidiList<T>',
    'request:<operation>',
    'response:<operation>',
    'event:<name>',
    'envelope',
    'report',
  ]);
}

function validator(ref: string, variants: Variants, layer: Layer = 'spec'): ValidateFunction | null {
  const key = `${layer}|${ref}|${JSON.stringify(Object.entries(variants).sort())}`;
  if (cache.has(key)) return cache.get(key)!;
  const schema = schemaFor(ref, variants);
  const compiled = schema ? ajv(layer).compile(schema) : null;
  cache.set(key, compiled);
  return compiled;
}

/** The value with its optional fields given as null left out (protocol data only: a report is not read so). */
function withoutNulls(
  ref: string,
  value: unknown,
  variants: Variants,
): { value: unknown; nulls: NullField[] } {
  const schema = ref === 'report' ? null : schemaFor(ref, variants);
  return schema ? withoutOptionalNulls(schema, value, resolveRef) : { value, nulls: [] };
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;

/** The value at a JSON pointer (for "got …" in messages). */
function at(value: unknown, pointer: string): unknown {
  let current: any = value;
  for (const token of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = current[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

/** A template tag for the problems' words: the template literal itself, English (spec/ imports spec only). */
type Words = (strings: TemplateStringsArray, ...values: unknown[]) => string;
let tr: Words = (strings, ...values) =>
  strings.reduce((text, part, index) => (index === 0 ? part : `${text}${values[index - 1]}${part}`), '');

/**
 * Renders the problems' words with `words` from now on: the runner hands its phrase tag
 * (src/i18n/phrase.ts), which writes them in the run's language (issue 48).
 */
export function problemWordsFrom(words: Words): void {
  tr = words;
}

const show = (value: unknown): string => brief(value, 60);

function toProblem(error: ErrorObject, value: unknown): Problem {
  if (error.keyword === 'required') {
    const property = (error.params as { missingProperty: string }).missingProperty;
    const path = `${error.instancePath}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return { path, message: tr`${path}: required property is missing`, keyword: 'required' };
  }
  const path = error.instancePath;
  const label = path || '(root)';
  const actual = at(value, path);
  let detail = error.message ?? tr`is invalid`;
  if (error.keyword === 'type') {
    const expected = String((error.params as { type: string | string[] }).type)
      .split(',')
      .map((type) => (/^[aeiou]/.test(type) ? tr`an ${type}` : tr`a ${type}`))
      .join(tr` or `);
    detail = tr`must be ${expected} (got ${typeOf(actual)})`;
  } else if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(show).join(', ');
    detail = tr`must be one of ${allowed} (got ${show(actual)})`;
  } else if (error.keyword === 'const')
    detail = tr`must be equal to constant ${show((error.params as any).allowedValue)} (got ${show(actual)})`;
  return { path, message: tr`${label}: ${detail}`, keyword: error.keyword };
}

/**
 * Validates `value` against a schema reference and returns the problems (empty when valid): what the
 * spec shows only (§2: no User or Emoji field; a `T?` field given as null is read as absent).
 * ref: a schema name ('Message', 'Channel', … 'Login'), 'List<T>', 'BidiList<T>', 'request:<operation>',
 * 'response:<operation>', 'event:<name>', 'envelope' or 'report'. variants: §4.8 selection, e.g.
 * { 'message-member': 'Member' }. A response with no stated return accepts anything.
 */
export function validate(ref: string, value: unknown, variants: Variants = {}): Problem[] {
  return problemsIn(ref, withoutNulls(ref, value, variants).value, variants, 'spec');
}

/** A problem only the family's conventions see (should at most), with the field it is about. */
export interface ConventionProblem extends Problem {
  /** '<resource>.<field>', e.g. 'User.nick': the same wherever the resource appears. */
  field: string;
  /** 'null': an optional field given as null (omitted, not null); 'field': a field of the conventions mistyped. */
  kind: 'null' | 'field';
}

/**
 * What the conventions add to `validate`'s problems (docs/de-facto-conventions.md "Resources beyond the
 * spec's tables"): optional fields given as null, and the family's User and Emoji fields mistyped.
 */
export function conventionProblems(
  ref: string,
  value: unknown,
  variants: Variants = {},
): ConventionProblem[] {
  const schema = ref === 'report' ? null : schemaFor(ref, variants);
  if (!schema) return [];
  const { nulls, unshown } = withoutOptionalNulls(schema, value, resolveRef);
  const nullProblems = nulls.map(({ path, field }) => ({
    path,
    field,
    kind: 'null' as const,
    message: tr`${path}: optional field ${field} given as null (optional fields are omitted, not null)`,
  }));
  // Only the fields §2 does not show: a de-facto document's own (Login, the envelope) is its checks' matter.
  const fieldProblems = unshown.flatMap(({ path, resource, value: shown }) =>
    problemsIn(resource, shown, {}, 'conventions').map((problem) => ({
      path: `${path}${problem.path}`,
      field: `${resource}.${problem.path.split('/')[1] ?? ''}`.replace(/\.$/, ''),
      kind: 'field' as const,
      message: `${path}${problem.message.startsWith('(root)') ? problem.message.slice('(root)'.length) : problem.message}`,
    })),
  );
  return [...nullProblems, ...fieldProblems];
}

function problemsIn(ref: string, value: unknown, variants: Variants, layer: Layer): Problem[] {
  const check = validator(ref, variants, layer);
  if (!check || check(value)) return [];
  const errors = check.errors ?? [];
  // A wrong type makes the enum/const/format errors at the same place redundant.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const problems = errors
    .filter(
      (error) =>
        error.keyword === 'type' || error.keyword === 'required' || !wrongType.has(error.instancePath),
    )
    .map((error) => toProblem(error, value));
  const seen = new Set<string>();
  return problems.filter((problem) => !seen.has(problem.message) && seen.add(problem.message));
}

/**
 * Problems with the Required resources (§1 rule 4) of an operation's result or an event body: each must be
 * present (not null). For list operations (message.list) every item of data is checked.
 */
export function requiredResourceProblems(
  kind: 'operation' | 'event',
  name: string,
  value: unknown,
): Problem[] {
  const [required, onItems] =
    kind === 'operation'
      ? [getOperation(name).requiredResources, getOperation(name).requiredResourcesOn === 'items']
      : [getEvent(name).requiredResources, false];
  if (required.length === 0) return [];
  const where = kind === 'operation' ? tr`${name} result` : tr`${name} event`;
  const missingIn = (target: unknown, base: string): Problem[] => {
    if (target === null || typeof target !== 'object' || Array.isArray(target)) {
      return [
        {
          path: base,
          message: tr`${base || '(root)'}: must be an object carrying ${required.join(', ')} (got ${typeOf(target)})`,
        },
      ];
    }
    return required
      .filter((key) => (target as Record<string, unknown>)[key] == null)
      .map((key) => ({
        path: `${base}/${key}`,
        message: tr`${base}/${key}: required resource ${key} (${RESOURCE_SCHEMAS[key]}) of the ${where} is missing (§1 rule 4)`,
      }));
  };
  if (!onItems) return missingIn(value, '');
  const data = (value as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) {
    return [
      {
        path: '/data',
        message: tr`/data: must be an array of items carrying ${required.join(', ')} (got ${typeOf(data)})`,
      },
    ];
  }
  return data.flatMap((item, index) => missingIn(item, `/data/${index}`));
}

/** A problem of a standalone document against its own schema; `unknownKey` for a key the schema forbids. */
export interface DocumentProblem {
  /** JSON pointer into the document ('' is the document itself). */
  path: string;
  message: string;
  unknownKey?: string;
}

let documentAjv: Ajv2020 | undefined;
const documentValidators = new WeakMap<JsonSchema, ValidateFunction>();

/**
 * Validates a document that is not protocol data (e.g. conformance.config.json) against a schema of its
 * own, kept apart from the spec schemas: strict, every problem reported.
 */
export function validateDocument(schema: JsonSchema, value: unknown): DocumentProblem[] {
  let check = documentValidators.get(schema);
  if (!check) {
    documentAjv ??= new Ajv2020({ strict: true, allErrors: true, inlineRefs: false });
    check = documentAjv.compile(schema);
    documentValidators.set(schema, check);
  }
  if (check(value)) return [];
  return (check.errors ?? []).map((error) =>
    error.keyword === 'additionalProperties'
      ? {
          path: error.instancePath,
          message: error.message ?? 'unknown key',
          unknownKey: (error.params as { additionalProperty: string }).additionalProperty,
        }
      : { path: error.instancePath, message: error.message ?? 'invalid' },
  );
}
