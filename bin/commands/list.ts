/**
 * `conformance list [--json] [--rules] [--client]`: every check and client-mode scenario, or every rule
 * with the checks and scenarios covering it.
 */

import type { Command } from 'commander';
import type { AnyClientScenario } from '../../src/client-mode/model.js';
import { EXIT } from '../../src/exit-codes.js';
import { type Lang, type Translate, translator } from '../../src/i18n/index.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import type { CommandIo } from './io.js';

/** `lang`: the language of what it prints (its JSON stays as it is, for programs). */
export function registerList(program: Command, io: CommandIo, lang: Lang = 'en'): Command {
  const t = translator(lang);
  return program
    .command('list')
    .description('list every check (id, level, rules, operations), or with --rules every rule and its checks')
    .option('--json', 'print JSON')
    .option('--rules', 'list rules with the checks that cover them; untestable rules are marked')
    .option('--client', 'only the scenarios of `conformance client` (suites/client/)')
    .action(async (flags: { json?: boolean; rules?: boolean; client?: boolean }) => {
      // Loaded here, not at startup: only `list` needs the suites and the rule catalogue.
      const [{ loadChecks, sourceOf }, { loadCitingChecks, ruleCoverage }] = await Promise.all([
        import('../../src/runner/load.js'),
        import('../../src/traceability.js'),
      ]);
      const { loadClientScenarios } = await import('../../src/client-mode/load.js');
      const checks = await loadChecks();
      const scenarios = await loadClientScenarios();
      if (flags.client && !flags.rules) {
        await listScenarios(scenarios, io, flags.json ?? false, t);
      } else if (flags.rules) {
        const coverage = ruleCoverage(await loadCitingChecks());
        if (flags.json) {
          const rows = coverage.map(({ rule, checks: ids, status }) => ({
            id: rule.id,
            section: rule.section,
            level: rule.level,
            source: rule.source,
            testable: rule.testable,
            status,
            checks: ids,
          }));
          io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
        } else {
          for (const { rule, checks: ids, status } of coverage) {
            const mark =
              status === 'untestable'
                ? t('list.rule.untestable')
                : status === 'uncovered'
                  ? t('list.rule.uncovered')
                  : t('list.rule.checks', { n: String(ids.length) });
            io.stdout(`${rule.id.padEnd(24)} §${rule.section.padEnd(8)} ${rule.level.padEnd(6)} ${mark}\n`);
            for (const id of ids) io.stdout(`    ${id}\n`);
          }
          const counts = { covered: 0, uncovered: 0, untestable: 0 };
          for (const { status } of coverage) counts[status]++;
          const [n, covered, uncovered, untestable] = [
            coverage.length,
            counts.covered,
            counts.uncovered,
            counts.untestable,
          ].map(String);
          io.stdout(`${t('list.rules', { n, covered, uncovered, untestable })}\n`);
        }
      } else if (flags.json) {
        const rows = checks.map((check) => ({
          id: check.id,
          title: check.title,
          group: check.group,
          level: check.level,
          experimental: check.experimental ?? false,
          profile: check.profile ?? 'spec',
          needs: check.needs ?? [],
          ...(check.variant ? { variant: check.variant } : {}),
          rules: check.rules,
          operations: check.operations,
          ...(check.vacuousPassReason ? { vacuousPassReason: check.vacuousPassReason } : {}),
          file: sourceOf(check),
        }));
        io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
      } else {
        for (const check of checks) {
          io.stdout(`${checkLine(check, sourceOf(check), t)}\n`);
          // The narrow claim a do-nothing server satisfies (the vacuity matrix lets it pass there).
          if (check.vacuousPassReason)
            io.stdout(`${t('list.vacuous', { reason: check.vacuousPassReason })}\n`);
        }
        // A run selects among them: its --profile, and of the checks for one §4.8 variant only those the
        // target follows (so a run counts fewer than this list).
        const variantOnly = checks.filter((check) => check.variant).length;
        const variants = variantOnly ? t('list.variantOnly', { n: String(variantOnly) }) : '';
        io.stdout(
          `${t('list.checks', { n: String(checks.length) })}${variants}\n\n${t('list.scenariosHeading')}\n`,
        );
        await listScenarios(scenarios, io, false, t);
      }
      io.exit(EXIT.conforms);
    });
}

/** A check in one line: id, level, its flags (experimental, satori), rules, operations, file. */
function checkLine(check: CheckDefinition, file: string | undefined, t: Translate): string {
  const flags = [check.experimental ? t('list.experimental') : '', check.profile === 'satori' ? 'satori' : '']
    .filter(Boolean)
    .join(',');
  return t('list.check', {
    id: check.id,
    level: check.level,
    flags: flags ? t('list.flags', { flags }) : '',
    rules: check.rules.join(','),
    operations: check.operations.join(','),
    file: file ?? '',
  });
}

async function listScenarios(
  scenarios: readonly AnyClientScenario[],
  io: CommandIo,
  json: boolean,
  t: Translate,
): Promise<void> {
  const [{ LISTS }, { scenarioSourceOf }] = await Promise.all([
    import('../../src/client-mode/lists.js'),
    import('../../src/client-mode/load.js'),
  ]);
  const rows = scenarios.map((scenario) => ({
    id: scenario.id,
    suite: scenario.suite ?? 'pagination',
    title: scenario.title,
    level: scenario.level,
    rules: scenario.rules,
    ...(scenario.suite === 'events'
      ? { list: undefined, operations: [] as string[] }
      : { list: scenario.list, operations: [LISTS[scenario.list].operation] }),
    file: scenarioSourceOf(scenario),
  }));
  if (json) {
    io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  for (const row of rows) {
    const where = row.list
      ? t('list.scenario.list', { list: row.list, operation: row.operations[0] ?? '' })
      : t('list.scenario.suite', { suite: row.suite });
    const [id, level, rules, file] = [row.id, row.level, row.rules.join(','), row.file ?? ''];
    io.stdout(`${t('list.scenario', { id, level, rules, where, file })}\n`);
  }
  io.stdout(`${t('list.scenarios', { n: String(rows.length) })}\n`);
}
