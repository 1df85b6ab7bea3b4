/**
 * Flags + config file + environment → the options of a run, derived from the option table
 * (src/run-flags.ts): each row with an `option` gives that key, typed by the row (RunFlagOptions). Flags
 * override the config file; a row's `env` variable comes between them (tokens).
 */

import { attributeOf, RUN_FLAGS, type RunFlag, type RunFlagOptions } from '../../src/run-flags.js';
import { ConfigurationError } from '../../src/runner/errors.js';

const number = (name: string, value: unknown): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed)) throw new ConfigurationError(`${name} must be a number (got '${value}')`);
  return parsed;
};

const pairs = (name: string, values: unknown, separator: string): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const value of (values as string[] | undefined) ?? []) {
    const at = value.indexOf(separator);
    if (at <= 0) throw new ConfigurationError(`${name} '${value}' must look like key${separator}value`);
    result[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return result;
};

/** One row's value: the flag, else its environment variable, else the config key; absent: undefined. */
function rowValue(
  row: RunFlag,
  flags: Readonly<Record<string, unknown>>,
  config: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
): unknown {
  const name = row.flag.split(' ')[0] ?? row.flag;
  // commander sets a lone --no-x flag's attribute true unless it is given: only its false is a choice.
  const given = flags[attributeOf(row.flag)];
  const fromFlag = row.flag.startsWith('--no-') && given !== false ? undefined : given;
  const fromConfig = row.key ? config[row.key] : undefined;
  if (row.pairs) {
    const merged = { ...((fromConfig as Record<string, string>) ?? {}), ...pairs(name, fromFlag, row.pairs) };
    return Object.keys(merged).length ? merged : undefined;
  }
  const value = fromFlag ?? (row.env ? env[row.env] : undefined) ?? fromConfig;
  return row.type === 'number' ? number(name, value) : value;
}

export function toRunOptions(
  flags: Readonly<Record<string, unknown>>,
  config: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
  rows: readonly RunFlag[] = RUN_FLAGS,
): RunFlagOptions {
  const options: Record<string, unknown> = {};
  for (const row of rows) {
    if (!row.option) continue;
    const value = rowValue(row, flags, config, env);
    if (value !== undefined) options[row.option] = value;
  }
  return options as RunFlagOptions;
}
