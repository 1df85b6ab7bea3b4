/**
 * Keeps conformance.config.schema.json in step with the options: the choices of level, profile, events
 * and badgeLevel come from CHOICES (src/options.ts), the suite names from GROUPS, and its keys must be
 * exactly the config keys of the `conformance run` flags (camelCase), bar the flags that only make sense
 * on a command line.
 *
 *   npm run gen:config               rewrites the generated parts of the schema
 *   npm run gen:config -- --check    exits 1 when the schema drifted (run by npm run check)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { registerRun } from '../bin/commands/run.js';
import { CHOICES } from '../src/options.js';
import { GROUPS } from '../src/runner/model.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CONFIG_SCHEMA = resolve(root, 'conformance.config.schema.json');
export const BANNER =
  'GENERATED in part by scripts/gen-config-schema.ts: the enums come from src/options.ts CHOICES and GROUPS; run npm run gen:config';

/** Run flags that are not config keys: they only make sense on one command line. */
export const CLI_ONLY = [
  'config',
  'quiet',
  'color',
  'dryRun',
  'bail',
  'suitesDir',
  'tolerate',
  'start',
  'waitUrl',
];

type Schema = { $comment?: string; properties: Record<string, Record<string, unknown>> };

/** The schema with its generated parts (enums, banner) set from the tables. */
export function generatedSchema(current: Schema): Schema {
  const properties = { ...current.properties };
  for (const name of ['level', 'profile', 'events', 'badgeLevel'] as const)
    properties[name] = { ...properties[name], enum: [...CHOICES[name]] };
  properties.suite = { type: 'array', items: { enum: [...GROUPS] } };
  const { $comment: _old, ...rest } = current;
  return { $comment: BANNER, ...rest, properties } as Schema;
}

/** Drift between the schema's keys and the run flags' config keys, one line each. */
export function keyDrift(schema: Schema): string[] {
  const program = new Command();
  const io = { stdout: () => undefined, stderr: () => undefined, exit: () => undefined };
  const run = registerRun(program, io, { env: {}, cwd: root, color: false });
  const flags = run.options
    .map((option) => option.attributeName())
    .filter((name) => !CLI_ONLY.includes(name));
  const keys = Object.keys(schema.properties).filter((key) => key !== '$schema');
  return [
    ...flags.filter((flag) => !keys.includes(flag)).map((flag) => `run flag '${flag}' has no config key`),
    ...keys.filter((key) => !flags.includes(key)).map((key) => `config key '${key}' is no run flag`),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = readFileSync(CONFIG_SCHEMA, 'utf8');
  const current = JSON.parse(text) as Schema;
  const generated = generatedSchema(current);
  const drift = keyDrift(generated);
  const stale = JSON.stringify(generated) !== JSON.stringify(current);
  if (process.argv.includes('--check')) {
    if (stale) drift.unshift('its enums or banner differ from src/options.ts: run npm run gen:config');
    if (drift.length) {
      process.stderr.write(`conformance.config.schema.json drifted:\n  ${drift.join('\n  ')}\n`);
      process.exit(1);
    }
  } else {
    if (stale) writeFileSync(CONFIG_SCHEMA, `${JSON.stringify(generated, null, 2)}\n`);
    if (drift.length) process.stderr.write(`fix by hand:\n  ${drift.join('\n  ')}\n`);
  }
}
