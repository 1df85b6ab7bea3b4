/** `conformance list [--json] [--rules]`: every check, or every rule with the checks covering it. */
import type { Command } from 'commander';
import { loadChecks, sourceOf } from '../../src/runner/load.js';
import { ruleCoverage } from '../../src/runner/traceability.js';
import type { CommandIo } from './io.js';

export function registerList(program: Command, io: CommandIo): Command {
  return program
    .command('list')
    .description('list every check (id, level, rules, operations), or with --rules every rule and its checks')
    .option('--json', 'print JSON')
    .option('--rules', 'list rules with the checks that cover them; untestable rules are marked')
    .action(async (flags: { json?: boolean; rules?: boolean }) => {
      const checks = await loadChecks();
      if (flags.rules) {
        const coverage = ruleCoverage(checks);
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
                ? 'untestable'
                : status === 'uncovered'
                  ? 'UNCOVERED'
                  : `${ids.length} check(s)`;
            io.stdout(`${rule.id.padEnd(24)} §${rule.section.padEnd(8)} ${rule.level.padEnd(6)} ${mark}\n`);
            for (const id of ids) io.stdout(`    ${id}\n`);
          }
          const counts = { covered: 0, uncovered: 0, untestable: 0 };
          for (const { status } of coverage) counts[status]++;
          io.stdout(
            `${coverage.length} rules: ${counts.covered} covered, ${counts.uncovered} uncovered, ${counts.untestable} untestable\n`,
          );
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
          file: sourceOf(check),
        }));
        io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
      } else {
        for (const check of checks) {
          const flagsText = [
            check.experimental ? 'experimental' : '',
            check.profile === 'satori' ? 'satori' : '',
          ]
            .filter(Boolean)
            .join(',');
          io.stdout(
            `${check.id}  ${check.level}${flagsText ? ` (${flagsText})` : ''}  rules: ${check.rules.join(',')}  operations: ${check.operations.join(',')}  ${sourceOf(check) ?? ''}\n`,
          );
        }
        io.stdout(`${checks.length} checks\n`);
      }
      io.exit(0);
    });
}
