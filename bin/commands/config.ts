/**
 * conformance.config.json: validated against conformance.config.schema.json (spec/validate.ts). An unknown key or a
 * wrong value is a ConfigurationError naming the key (exit 2).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JsonSchema } from '../../spec/schema-files.js';
import { validateDocument } from '../../spec/validate.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { packageRoot } from '../../src/runner/version.js';

export const DEFAULT_CONFIG_FILE = 'conformance.config.json';

export type ConfigFile = Record<string, unknown>;

let schema: JsonSchema | undefined;

const configSchema = (): JsonSchema =>
  (schema ??= JSON.parse(readFileSync(join(packageRoot(), 'conformance.config.schema.json'), 'utf8')));

/** Reads the config file: the one given, else ./conformance.config.json when present, else none. */
export function loadConfigFile(file: string | undefined, cwd: string): { path?: string; config: ConfigFile } {
  const path = file ? resolve(cwd, file) : resolve(cwd, DEFAULT_CONFIG_FILE);
  if (!existsSync(path)) {
    if (file) throw new ConfigurationError(`--config ${file}: the file does not exist.`);
    return { config: {} };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(
      `${file ? `--config ${file}` : path}: cannot read the file (${(error as NodeJS.ErrnoException).code}); pass a JSON file.`,
    );
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`${path} is not valid JSON (${(error as Error).message}): fix the file.`);
  }
  const found = validateDocument(configSchema(), config);
  if (found.length > 0) {
    const problems = found.map(({ path, message, unknownKey }) =>
      unknownKey !== undefined
        ? `unknown key '${unknownKey}'${path ? ` in ${path}` : ''} (see conformance.config.schema.json for the keys)`
        : `${path.slice(1) || '(root)'}: ${message}`,
    );
    throw new ConfigurationError(`${path}: ${[...new Set(problems)].join('; ')}`);
  }
  return { path, config: config as ConfigFile };
}
