/**
 * conformance.config.json: validated against conformance.config.schema.json (ajv). An unknown key or a
 * wrong value is a ConfigurationError naming the key (exit 2).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { packageRoot } from '../../src/runner/version.js';

export const DEFAULT_CONFIG_FILE = 'conformance.config.json';

export type ConfigFile = Record<string, unknown>;

let compiled: ReturnType<Ajv2020['compile']> | undefined;

function configValidator() {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(join(packageRoot(), 'conformance.config.schema.json'), 'utf8'));
  compiled = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
  return compiled;
}

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
  const validate = configValidator();
  if (!validate(config)) {
    const problems = (validate.errors ?? []).map((error) => {
      if (error.keyword === 'additionalProperties') {
        const key = (error.params as { additionalProperty: string }).additionalProperty;
        return `unknown key '${key}'${error.instancePath ? ` in ${error.instancePath}` : ''} (see conformance.config.schema.json for the keys)`;
      }
      return `${error.instancePath.slice(1) || '(root)'}: ${error.message}`;
    });
    throw new ConfigurationError(`${path}: ${[...new Set(problems)].join('; ')}`);
  }
  return { path, config: config as ConfigFile };
}
