/**
 * Finds and reads spec/schemas/*.schema.json, the source of truth for resources. Works from the sources
 * (vitest, tsx: spec/) and from the tsc build (dist/spec/): it walks up to the package root.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Base URI of every schema $id; relative $refs such as 'User.schema.json' resolve against it. */
export const SCHEMA_BASE = 'https://chat-conformance.dev/spec/schemas/';
export const SCHEMA_SUFFIX = '.schema.json';

export type JsonSchema = Record<string, any>;

let cachedDir: string | undefined;

/** The spec/schemas folder of the installed package (the nearest ancestor with package.json + spec/schemas). */
export function schemaDir(): string {
  if (cachedDir) return cachedDir;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'spec', 'schemas');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) {
      cachedDir = candidate;
      return candidate;
    }
    if (dirname(dir) === dir) {
      throw new Error(
        `Cannot find spec/schemas above ${start}: the package is incomplete (package.json "files" must ship spec/schemas).`,
      );
    }
  }
}

let cachedSchemas: ReadonlyMap<string, JsonSchema> | undefined;

/** Every schema file, by name ('Message' for Message.schema.json), in file-name order. */
export function loadSchemaFiles(): ReadonlyMap<string, JsonSchema> {
  if (cachedSchemas) return cachedSchemas;
  const dir = schemaDir();
  const names = readdirSync(dir)
    .filter((file) => file.endsWith(SCHEMA_SUFFIX))
    .sort();
  const schemas = new Map<string, JsonSchema>();
  for (const file of names) {
    const path = join(dir, file);
    try {
      schemas.set(file.slice(0, -SCHEMA_SUFFIX.length), JSON.parse(readFileSync(path, 'utf8')));
    } catch (error) {
      throw new Error(`Cannot read schema ${path}: ${(error as Error).message}. Fix the JSON and retry.`);
    }
  }
  cachedSchemas = schemas;
  return schemas;
}
