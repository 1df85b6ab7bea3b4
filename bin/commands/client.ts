/**
 * `conformance client --command "CMD" | --listen HOST:PORT [--suite pagination,events]`: judge a client
 * (SDK, bot) by acting as the server: its pagination (§1 rule 6, §4.1 rule 6 bind the client) and its event
 * stream (the de-facto conventions, §6 leaves the transport open). Exit 0 conforms, 1 a counted scenario
 * failed, 2 usage.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { CHOICES } from '../../src/choices.js';
import { CONCURRENCY_BOUND, PER_CORE } from '../../src/client-mode/concurrency.js';
import { CLIENT_DEFAULTS } from '../../src/client-mode/defaults.js';
import { LIST_KINDS, type ListKind } from '../../src/client-mode/lists.js';
import { CLIENT_SUITES, type ClientSuite } from '../../src/client-mode/model.js';
import { EXIT, interruptedExit } from '../../src/exit-codes.js';
import { type Lang, translator } from '../../src/i18n/index.js';
import { defaultReporters } from '../../src/report/names.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { nothingCountedReason } from '../../src/runner/summary.js';
import { collectList } from './collect.js';
import type { CommandIo } from './io.js';

export interface ClientCommandContext {
  cwd: string;
  signal?: AbortSignal;
  color: boolean;
  /** The language of what it prints and writes (issue 48); English without one. */
  lang?: Lang;
}

const milliseconds = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new ConfigurationError(`${name} must be a positive number of milliseconds (got '${value}').`);
  return parsed;
};

const count = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new ConfigurationError(`${name} must be a whole number of at least 1 (got '${value}').`);
  return parsed;
};

/** --list's values, each one of the lists client mode serves. */
const listKinds = (values: string[]): ListKind[] => {
  const unknown = values.filter((value) => !(LIST_KINDS as readonly string[]).includes(value));
  if (unknown.length)
    throw new ConfigurationError(
      `--list '${unknown.join(',')}' is not a list client mode serves; choose from ${LIST_KINDS.join(', ')} (repeatable or comma-separated).`,
    );
  return values as ListKind[];
};

export function registerClient(program: Command, io: CommandIo, context: ClientCommandContext): Command {
  return program
    .command('client')
    .description(
      'check a client (SDK, bot): serve pages or the event stream, run it once per scenario, judge what it does',
    )
    .option(
      '--command <cmd>',
      'shell command run once per scenario: drains CONFORMANCE_LIST and exits (pagination), or connects to CONFORMANCE_EVENTS_URL and prints its events until stopped (events)',
    )
    .option(
      '--suite <names>',
      `client suites, comma-separated: ${CLIENT_SUITES.join(', ')} (default pagination; with events the default --level is should)`,
    )
    .option('--listen <host:port>', 'serve here and wait for a client started by you, scenario by scenario')
    .option(
      '--scenario-timeout <ms>',
      `how long one scenario may take (default ${CLIENT_DEFAULTS.scenarioTimeoutMs}); --listen: the wait for the first request`,
    )
    .option(
      '--idle <ms>',
      `--listen: a scenario ends after this much quiet (default ${CLIENT_DEFAULTS.idleMs})`,
    )
    .option(
      '--heartbeat <ms>',
      `events: CONFORMANCE_HEARTBEAT_MS, the heartbeat a client may honour in tests (default ${CLIENT_DEFAULTS.heartbeatMs})`,
    )
    .option(
      '--list <kinds>',
      `pagination: only the scenarios of these lists (repeatable or comma-separated): ${LIST_KINDS.join(', ')}`,
      collectList,
    )
    .option(
      '--concurrency <n>',
      `scenarios run at once, each with its own server and client process (default: cores × ${PER_CORE.pagination} for pagination, × ${PER_CORE.events} for events, at most ${CONCURRENCY_BOUND}; 1 runs them one after another)`,
    )
    .option('--grep <regex>', 'only scenarios whose id or title matches')
    .addOption(new Option('--level <level>', 'verdict level (default must)').choices(CHOICES.level))
    .option('--out <dir>', 'report folder (default reports/)')
    .option(
      '--reporter <names>',
      `report writers (repeatable or comma-separated; default all): ${defaultReporters.join(', ')}`,
      collectList,
    )
    .addOption(
      new Option('--badge-level <level>', 'scenarios the badge counts (default must)').choices(
        CHOICES.badgeLevel,
      ),
    )
    .option('--verbose', 'list passing scenarios too')
    .action(async (flags: Record<string, any>) => {
      io.exit(await clientCommand(flags, io, context));
    });
}

async function clientCommand(
  flags: Record<string, any>,
  io: CommandIo,
  context: ClientCommandContext,
): Promise<number> {
  // Loaded here, not at startup: --version and --help need none of it (issue 11, fast start).
  const [{ runClientMode }, { parseReporterList, renderReports }] = await Promise.all([
    import('../../src/client-mode/run.js'),
    import('../../src/report/index.js'),
  ]);
  const reporterNames = parseReporterList(flags.reporter ?? defaultReporters);
  const lang = context.lang ?? 'en';
  const t = translator(lang);
  const scenarioTimeoutMs = milliseconds('--scenario-timeout', flags.scenarioTimeout);
  const idleMs = milliseconds('--idle', flags.idle);
  const heartbeatMs = milliseconds('--heartbeat', flags.heartbeat);
  const concurrency = count('--concurrency', flags.concurrency);
  const suites = flags.suite
    ? String(flags.suite)
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : undefined;
  const result = await runClientMode({
    ...(flags.command ? { command: flags.command as string } : {}),
    ...(flags.listen ? { listen: flags.listen as string } : {}),
    ...(scenarioTimeoutMs ? { scenarioTimeoutMs } : {}),
    ...(idleMs ? { idleMs } : {}),
    ...(heartbeatMs ? { heartbeatMs } : {}),
    ...(concurrency ? { concurrency } : {}),
    ...(suites ? { suites: suites as ClientSuite[] } : {}),
    ...(flags.grep ? { grep: flags.grep as string } : {}),
    ...(flags.list ? { lists: listKinds(flags.list as string[]) } : {}),
    ...(flags.level ? { level: flags.level } : {}),
    cwd: context.cwd,
    ...(context.signal ? { signal: context.signal } : {}),
    onListen: ({ scenario, env, index, total }) => {
      io.stdout(
        `\n${t('client.scenario', { n: String(index + 1), total: String(total), id: scenario.id })}\n` +
          Object.entries(env)
            .map(([name, value]) => `  ${name}=${JSON.stringify(value)}`)
            .join('\n') +
          `\n${t('client.token')}\n`,
      );
    },
    onScenarioResult: (check) => io.stderr(`${check.status.padEnd(5)} ${check.id}\n`),
  });
  const outDir = resolve(context.cwd, flags.out ?? 'reports');
  const written: string[] = [];
  for (const report of renderReports(result, reporterNames, {
    color: context.color,
    verbose: Boolean(flags.verbose),
    lang,
    // The event scenarios are all should: with them the badge counts should unless told otherwise.
    badgeLevel: flags.badgeLevel ?? (result.target.client?.suites?.includes('events') ? 'should' : 'must'),
  })) {
    if (!report.file) {
      io.stdout(report.content.toString());
      continue;
    }
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, report.file), report.content);
    written.push(report.file);
  }
  if (written.length)
    io.stderr(
      `${t('cli.reportsWritten', { dir: relative(context.cwd, outDir) || '.', files: written.join(', ') })}\n`,
    );
  if (result.interrupted) return interruptedExit(context.signal?.reason);
  // A run in which nothing failed but a counted scenario was undecided (or none ran) is no CONFORMS.
  const nothingCounted = nothingCountedReason(result);
  if (nothingCounted) {
    io.stderr(`${t('client.noVerdict', { reason: nothingCounted })}\n`);
    return EXIT.usage;
  }
  return result.verdict === 'pass' ? EXIT.conforms : EXIT.fails;
}
