/**
 * `conformance serve`: runs the reference implementation until Ctrl-C / SIGTERM (then exits 0), printing
 * where it listens and each identity's token; `--list-faults` / `--list-tolerances` print a catalogue instead.
 * Bad flag values throw ConfigurationError (exit 2 through main()).
 */

import { realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import type { Command } from 'commander';
import { formatRate, parseRate } from '../../spec/rate.js';
import { EXIT } from '../../src/exit-codes.js';
import type {
  FaultDefinition,
  ReferenceOptions,
  ReferenceServer,
  Variants,
} from '../../src/reference/contract.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { collect } from './collect.js';
import { type CommandIo, processIo } from './io.js';

export const DEFAULT_SERVE_PORT = 5140;

const ARCHETYPE_SEED_HELP =
  'serve a legal server of another kind composed from seed N (which operations, where features are declared, events, identities, fields), printed in one line';

interface ServeFlags {
  port: string;
  host: string;
  token?: string;
  fault: string[];
  tolerate: string[];
  latency?: string;
  rateLimit?: string;
  limitBound?: string;
  guilds?: string;
  variant: string[];
  listFaults?: boolean;
  listTolerances?: boolean;
  listDirty?: boolean;
  dirty?: boolean | string[];
  vacuous?: string;
  listVacuity?: boolean;
  archetypeSeed?: string;
  archetype?: string;
  json?: boolean;
}

export interface ServeContext {
  /** Aborted by the bin on SIGINT/SIGTERM; without one, serve listens for those signals itself. */
  signal?: AbortSignal;
}

export function registerServe(
  program: Command,
  io: CommandIo = processIo,
  context: ServeContext = {},
): Command {
  return program
    .command('serve')
    .description('run the embedded reference implementation until Ctrl-C (prints its URLs and tokens)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', String(DEFAULT_SERVE_PORT))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--token <token>', "the bot identity's token (default: the one serve prints)")
    .option('--fault <id>', 'switch a fault on (repeatable; see --list-faults)', collect, [])
    .option(
      '--tolerate <id>',
      'switch a tolerance (legal variation) on, or the preset legacy (repeatable; see --list-tolerances)',
      collect,
      [],
    )
    .option('--latency <ms>', 'delay every interface response by this many milliseconds')
    .option(
      '--rate-limit <rate>',
      'N/s (or N): N requests a second per token, N/5 message.create per channel (bursts of 5); N/m or N/h: a fixed window of N per token and N per client address; 429 with Retry-After over them',
    )
    .option('--limit-bound <n>', 'upper bound of message.list limit (default 100)')
    .option('--guilds <n>', 'seed this many extra guilds the bot is in (a big guild.list)')
    .option(
      '--variant <point=value>',
      'choose a §4.8 variant (repeatable), e.g. role-payload=role',
      collect,
      [],
    )
    .option(
      '--dirty [items]',
      'start with the leftovers of an interrupted earlier run: every item, or a comma-separated subset (see --list-dirty)',
      (value: string, previous: string[] | boolean | undefined) => [
        ...(Array.isArray(previous) ? previous : []),
        ...value.split(',').filter(Boolean),
      ],
    )
    .option('--list-dirty', 'print the dirty-world items (what --dirty lays over the seed) and exit')
    .option(
      '--vacuous <preset>',
      'serve a do-nothing server instead: every request answered alike, no events (see --list-vacuity)',
    )
    .option('--list-vacuity', 'print the vacuity presets (do-nothing servers) and exit')
    .option('--archetype-seed <n>', ARCHETYPE_SEED_HELP)
    .option('--archetype <name>', 'serve a named archetype: http-only')
    .option('--list-faults', 'print the fault catalogue (id, rules, description) and exit')
    .option(
      '--list-tolerances',
      'print the tolerance catalogue and presets (id, section, description) and exit',
    )
    .option('--json', 'with --list-faults or --list-tolerances: print JSON')
    .action(async (flags: ServeFlags) => {
      // Loaded here, not at startup: --version and --help need no reference (issue 11, fast start).
      const [
        { faultCatalogue },
        { startReference },
        { toleranceCatalogue, tolerancePresets },
        { VARIANT_POINTS },
        { listenErrorMessage },
      ] = await Promise.all([
        import('../../src/reference/faults/index.js'),
        import('../../src/reference/server.js'),
        import('../../src/reference/tolerances/index.js'),
        import('../../src/reference/contract.js'),
        import('./preflight.js'),
      ]);
      if (flags.listFaults) {
        listFaults(faultCatalogue, io, flags.json ?? false);
        return;
      }
      if (flags.listTolerances) {
        listTolerances({ toleranceCatalogue, tolerancePresets }, io, flags.json ?? false);
        return;
      }
      if (flags.listDirty) {
        await listDirty(io, flags.json ?? false);
        return;
      }
      if (flags.listVacuity) {
        await listVacuity(io, flags.json ?? false);
        return;
      }
      const port = integer('--port', flags.port, 0, 65_535);
      const server = await startReference(referenceOptions(flags, port, VARIANT_POINTS)).catch(
        (error: unknown) => {
          // A busy or foreign address is a user mistake: one line, exit 2 (bin/commands/preflight.ts).
          const message = listenErrorMessage(error, '--port', flags.host, port);
          throw message ? new ConfigurationError(message) : error;
        },
      );
      const lines = bannerLines(server);
      io.stdout(`${lines.join('\n')}\n`);
      await stopped(context.signal);
      await server.close();
      io.stdout('Stopped.\n');
      io.exit(EXIT.conforms);
    });
}

/** The reference's options from serve's flags (each value checked, exit 2 with the flag's name). */
function referenceOptions(
  flags: ServeFlags,
  port: number,
  points: Readonly<Record<string, readonly string[]>>,
): ReferenceOptions {
  return {
    port,
    host: flags.host,
    ...(flags.token === undefined ? {} : { token: nonEmpty('--token', flags.token) }),
    faults: flags.fault,
    tolerances: flags.tolerate,
    variants: parseVariants(flags.variant, points),
    ...(flags.limitBound === undefined ? {} : { limitBound: integer('--limit-bound', flags.limitBound, 1) }),
    ...(flags.latency === undefined ? {} : { latencyMs: integer('--latency', flags.latency, 0) }),
    ...(flags.rateLimit === undefined ? {} : { rateLimit: formatRate(parseRate(flags.rateLimit)) }),
    ...(flags.guilds === undefined ? {} : { guilds: integer('--guilds', flags.guilds, 0) }),
    ...(flags.dirty === undefined ? {} : { dirty: flags.dirty }),
    ...(flags.vacuous === undefined ? {} : { vacuity: flags.vacuous }),
    ...(flags.archetypeSeed === undefined
      ? {}
      : { archetypeSeed: integer('--archetype-seed', flags.archetypeSeed, 0) }),
    ...(flags.archetype === undefined ? {} : { archetype: flags.archetype }),
  };
}

/** What serve prints once it listens: where, who, what is switched on, and a run command to copy. */
function bannerLines(server: ReferenceServer): string[] {
  const { self, peer, third } = server.identities;
  return [
    'Reference implementation of the Chat Platform Interface',
    `  base URL   ${server.baseUrl}`,
    `  events     ${server.eventsUrl}`,
    `  control    ${server.controlUrl}  (POST /trigger {event, …}, POST /webhooks {url}, GET /state)`,
    `  platform   ${self.platform}`,
    ...Object.entries({ self, peer, third }).map(
      ([role, identity]) =>
        `  ${role.padEnd(9)}  user ${identity.userId}  token ${identity.token}  (${identity.name})`,
    ),
    `  variants   ${Object.entries(server.variants)
      .map(([point, value]) => `${point}=${value}`)
      .join(' ')}`,
    `  faults     ${server.faults.length > 0 ? server.faults.join(' ') : 'none'}`,
    `  tolerated  ${server.tolerances.length > 0 ? server.tolerances.join(' ') : 'none'}`,
    ...(server.dirty.length > 0 ? [`  dirty      ${server.dirty.join(' ')}`] : []),
    ...(server.vacuity ? [`  vacuous    ${server.vacuity} (a do-nothing server: no event stream)`] : []),
    ...(server.archetype ? [`  archetype  ${server.archetype.describe()}`] : []),
    '',
    'Check it (the peer is a login behind the bot token; the trigger takes the bot token too):',
    ...runCommand(server),
    '',
    'Press Ctrl-C to stop.',
  ];
}
/** `serve --list-vacuity`: the do-nothing servers (src/reference/vacuity.ts). */
async function listVacuity(io: CommandIo, json: boolean): Promise<void> {
  const { vacuityPresets } = await import('../../src/reference/vacuity.js');
  io.stdout(
    json
      ? `${JSON.stringify(vacuityPresets, null, 2)}\n`
      : Object.entries(vacuityPresets)
          .map(([id, description]) => `${id}\n    ${description}\n`)
          .join(''),
  );
}

/** `serve --list-dirty`: the dirty-world items (src/reference/dirty.ts). */
async function listDirty(io: CommandIo, json: boolean): Promise<void> {
  const { DIRTY_ITEMS } = await import('../../src/reference/dirty.js');
  io.stdout(
    json
      ? `${JSON.stringify(DIRTY_ITEMS, null, 2)}\n`
      : `${Object.entries(DIRTY_ITEMS)
          .map(([id, description]) => `${id}\n    ${description}\n`)
          .join('')}${Object.keys(DIRTY_ITEMS).length} items\n`,
  );
}

const realPath = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/**
 * How to run the checker the way serve itself was run: `npx chat-conformance` where it is installed (its
 * bin is under node_modules), else the clone's own bin — npx in a clone first installs the clone into
 * npm's cache (issue 34).
 */
export function binInvocation(script = process.argv[1] ?? '', cwd = process.cwd()): string {
  // A global install's bin is a link out of node_modules (e.g. /usr/local/bin/chat-conformance).
  const installed = [script, realPath(script)].some((path) => path.split(sep).includes('node_modules'));
  if (!script || installed) return 'npx chat-conformance';
  const path = relative(cwd, script);
  return `node ${shellQuote(path.startsWith('..') || isAbsolute(path) ? script : path)}`;
}

/** The run command against a served reference, to copy: every flag it needs, quoted for a shell. */
function runCommand(server: {
  baseUrl: string;
  controlUrl: string;
  identities: Record<'self' | 'peer', { token: string; userId: string; platform: string }>;
  archetype?: { runOptions: { events?: string } };
}): string[] {
  const { self, peer } = server.identities;
  const control = server.controlUrl.replace(/\/+$/, '');
  // An archetype whose events go to webhooks alone is checked as its users would: --events webhook.
  const events = server.archetype?.runOptions.events;
  return [
    `  ${binInvocation()} --base-url ${server.baseUrl} --token ${shellQuote(self.token)} \\`,
    `    --platform ${shellQuote(self.platform)} --self-id ${self.userId} --peer-self-id ${peer.userId} \\`,
    `    --trigger-url ${control}/trigger --trigger-header ${shellQuote(`Authorization: Bearer ${self.token}`)}${events ? ` \\\n    --events ${events}` : ''}`,
  ];
}

/** `text` as one shell word: bare when it is plain, else single-quoted. */
const shellQuote = (text: string): string =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

function listFaults(faultCatalogue: readonly FaultDefinition[], io: CommandIo, json: boolean): void {
  if (json) {
    io.stdout(`${JSON.stringify(faultCatalogue, null, 2)}\n`);
    return;
  }
  for (const fault of faultCatalogue) {
    io.stdout(`${fault.id}\n    rules: ${fault.rules.join(', ')}\n    ${fault.description}\n`);
  }
  io.stdout(`${faultCatalogue.length} faults\n`);
}

function listTolerances(
  {
    toleranceCatalogue,
    tolerancePresets,
  }: Pick<
    typeof import('../../src/reference/tolerances/index.js'),
    'toleranceCatalogue' | 'tolerancePresets'
  >,
  io: CommandIo,
  json: boolean,
): void {
  if (json) {
    io.stdout(`${JSON.stringify({ tolerances: toleranceCatalogue, presets: tolerancePresets }, null, 2)}\n`);
    return;
  }
  for (const tolerance of toleranceCatalogue) {
    io.stdout(`${tolerance.id}\n    allowed by ${tolerance.allowedBy}\n    ${tolerance.description}\n`);
  }
  for (const [preset, members] of Object.entries(tolerancePresets)) {
    io.stdout(`preset ${preset}: ${members.join(', ')}\n`);
  }
  io.stdout(`${toleranceCatalogue.length} tolerances\n`);
}

/** Resolves on the bin's abort signal, or on SIGINT/SIGTERM when serve runs without one. */
function stopped(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return signal.aborted
      ? Promise.resolve()
      : new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function integer(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigurationError(`${flag} must be a whole number from ${min} to ${max}, got '${text}'.`);
  }
  return value;
}

function nonEmpty(flag: string, text: string): string {
  if (text.trim() === '') throw new ConfigurationError(`${flag} must not be empty.`);
  return text;
}

function parseVariants(
  entries: string[],
  points: Readonly<Record<string, readonly string[]>>,
): Partial<Variants> {
  const variants: Record<string, string> = {};
  for (const entry of entries) {
    const [point, value, ...rest] = entry.split('=');
    const values = points[point];
    if (!values || value === undefined || rest.length > 0 || !values.includes(value)) {
      const known = Object.entries(points)
        .map(([name, choices]) => `${name}=${choices.join('|')}`)
        .join(', ');
      throw new ConfigurationError(`--variant '${entry}' is not a known point=value; use one of: ${known}.`);
    }
    variants[point] = value;
  }
  return variants as Partial<Variants>;
}
