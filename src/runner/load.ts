/**
 * Loads the checks: every suites/<area>.ts (or .js when built) default-exports CheckDefinition[]
 * (defineSuite('<group>', [...]), which gives each check the file's group).
 * Files and folders starting with '_' are helpers, not suites. Only files are read: the folder
 * suites/client/ holds the client-mode scenarios (src/client-mode/load.ts), never run against a server.
 */

import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasRule } from '../../spec/rules.js';
import { CHOICES } from '../choices.js';
import { tr } from '../i18n/index.js';
import type { CheckDefinition } from './check.js';
import { ConfigurationError } from './errors.js';
import { GROUPS } from './model.js';

const ID_PATTERN = /^[a-z0-9][a-z0-9.-]*\/[a-z0-9][a-z0-9.-]*$/;

/** The suites folder: ../../suites from src/runner (tsx) or dist/src/runner (built: dist/suites). */
export const defaultSuitesDir = (): string => fileURLToPath(new URL('../../suites/', import.meta.url));

const sources = new WeakMap<CheckDefinition, string>();

/** The file a loaded check is defined in, relative to the package (e.g. 'suites/pagination.ts'). */
export const sourceOf = (check: CheckDefinition): string | undefined => sources.get(check);

/**
 * The module files of a folder that define checks or scenarios, sorted: .ts, or .js when built (a .js
 * beside its .ts is skipped), no .d.ts, none starting with '_' (helpers).
 */
export function moduleFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /\.(ts|js|mjs)$/.test(name) && !name.endsWith('.d.ts') && !name.startsWith('_'))
    .filter((name, _i, all) => !(name.endsWith('.js') && all.includes(name.replace(/\.js$/, '.ts'))))
    .sort();
}

/** Loads the checks of a folder (default: the built-in suites, which may not exist yet: no checks). */
export async function loadChecks(folder?: string): Promise<CheckDefinition[]> {
  const dir = folder ?? defaultSuitesDir();
  if (!existsSync(dir)) {
    if (folder) throw new ConfigurationError(tr`The suites folder ${dir} does not exist.`);
    return [];
  }
  const files = moduleFiles(dir);
  const checks: CheckDefinition[] = [];
  for (const file of files) {
    const module = await import(pathToFileURL(join(dir, file)).href);
    const exported = module.default;
    if (!Array.isArray(exported)) {
      throw new Error(tr`${file} must default-export an array of checks (CheckDefinition[])`);
    }
    // Built (dist/suites/x.js) in a clone: name the source a reader edits, suites/x.ts (as the manual does).
    const ts = file.replace(/\.js$/, '.ts');
    const shown = ts !== file && existsSync(join(dir, '..', '..', basename(dir), ts)) ? ts : file;
    for (const check of exported) sources.set(check, join(basename(dir), shown));
    checks.push(...exported);
  }
  validateChecks(checks);
  return checks;
}

/** A malformed check is a defect of the checker, reported before anything runs. */
export function validateChecks(checks: readonly CheckDefinition[]): void {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const check of checks) {
    if (!ID_PATTERN.test(check.id))
      problems.push(tr`${check.id}: id must be '<operation|area>/<what>' in kebab-case`);
    if (seen.has(check.id)) problems.push(tr`${check.id}: duplicate check id`);
    seen.add(check.id);
    if (!GROUPS.includes(check.group)) problems.push(tr`${check.id}: unknown group '${check.group}'`);
    if (!(CHOICES.level as readonly string[]).includes(check.level))
      problems.push(tr`${check.id}: unknown level`);
    for (const rule of check.rules) {
      if (!hasRule(rule)) problems.push(tr`${check.id}: unknown rule id '${rule}' (see spec/rules.ts)`);
    }
    if (typeof check.run !== 'function') problems.push(tr`${check.id}: run must be a function`);
  }
  problems.push(...startsAfterProblems(checks));
  if (problems.length > 0) throw new Error(tr`Invalid check definitions:\n  ${problems.join('\n  ')}`);
}

/**
 * startsAfter (check.ts) must not deadlock the engine: no cycle, and no check of the main phase waiting
 * for an 'after' check (which waits for the main phase). Unknown ids are allowed: not selected, not waited.
 */
function startsAfterProblems(checks: readonly CheckDefinition[]): string[] {
  const byId = new Map(checks.map((check) => [check.id, check]));
  const problems: string[] = [];
  for (const check of checks) {
    for (const id of check.startsAfter ?? []) {
      if (byId.get(id)?.phase === 'after' && check.phase !== 'after')
        problems.push(tr`${check.id}: starts after '${id}', an after-phase check (it would never start)`);
    }
    const seen = new Set<string>();
    const stack = [...(check.startsAfter ?? [])];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (id === check.id) {
        problems.push(tr`${check.id}: startsAfter forms a cycle`);
        break;
      }
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(byId.get(id)?.startsAfter ?? []));
    }
  }
  return problems;
}

/** The checks to choose from: `given`, or loaded from the suites folder(s) (default: suites/); validated. */
export async function loadChosenChecks(
  given: CheckDefinition[] | undefined,
  dirs: string | string[] | undefined,
): Promise<CheckDefinition[]> {
  const checks: CheckDefinition[] = given ?? [];
  if (!given) {
    if (dirs === undefined) checks.push(...(await loadChecks()));
    else for (const dir of Array.isArray(dirs) ? dirs : [dirs]) checks.push(...(await loadChecks(dir)));
  }
  validateChecks(checks);
  return checks;
}
