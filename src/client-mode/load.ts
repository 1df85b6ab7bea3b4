/**
 * Loads the client-mode scenarios: every suites/client/<name>.ts (or .js when built) default-exports
 * AnyClientScenario[]. The server loader (src/runner/load.ts) reads only the files of suites/, never its
 * folders, so these never run against a server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasRule } from '../../spec/rules.js';
import { CHOICES } from '../choices.js';
import { moduleFiles } from '../runner/load.js';
import { isListKind } from './lists.js';
import { type AnyClientScenario, isEventScenario } from './model.js';

const ID_PATTERN = /^client\.[a-z0-9][a-z0-9.-]*\/[a-z0-9][a-z0-9.-]*$/;

export const clientScenariosDir = (): string =>
  fileURLToPath(new URL('../../suites/client/', import.meta.url));

const sources = new WeakMap<AnyClientScenario, string>();

/** The file a scenario is defined in, relative to the package (e.g. 'suites/client/pagination.ts'). */
export const scenarioSourceOf = (scenario: AnyClientScenario): string | undefined => sources.get(scenario);

export async function loadClientScenarios(dir = clientScenariosDir()): Promise<AnyClientScenario[]> {
  if (!existsSync(dir)) return [];
  const files = moduleFiles(dir);
  const scenarios: AnyClientScenario[] = [];
  for (const file of files) {
    const exported = (await import(pathToFileURL(join(dir, file)).href)).default;
    if (!Array.isArray(exported)) throw new Error(`${file} must default-export an array of client scenarios`);
    for (const scenario of exported) sources.set(scenario, `suites/client/${file}`);
    scenarios.push(...exported);
  }
  validateAnyClientScenarios(scenarios);
  return scenarios;
}

/** A malformed scenario is a defect of the checker, reported before anything runs. */
export function validateAnyClientScenarios(scenarios: readonly AnyClientScenario[]): void {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const scenario of scenarios) {
    const at = `${scenario.id}:`;
    if (!ID_PATTERN.test(scenario.id)) problems.push(`${at} id must be 'client.<area>/<what>' in kebab-case`);
    if (seen.has(scenario.id)) problems.push(`${at} duplicate scenario id`);
    seen.add(scenario.id);
    if (!(CHOICES.level as readonly string[]).includes(scenario.level)) problems.push(`${at} unknown level`);
    for (const rule of scenario.rules) if (!hasRule(rule)) problems.push(`${at} unknown rule id '${rule}'`);
    if (isEventScenario(scenario)) {
      if (typeof scenario.script !== 'function') problems.push(`${at} an event scenario needs a script`);
      continue;
    }
    if (!isListKind(scenario.list)) problems.push(`${at} unknown list '${scenario.list}'`);
    if (scenario.pages.length === 0) problems.push(`${at} serves no page`);
    if ((scenario.tokens?.length ?? 0) > Math.max(scenario.pages.length - 1, 1))
      problems.push(`${at} more tokens than links between pages`);
  }
  if (problems.length > 0) throw new Error(`Invalid client scenarios:\n  ${problems.join('\n  ')}`);
}
