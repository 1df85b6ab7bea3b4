/**
 * `conformance cleanup [--out DIR] [--base-url URL] [--yes]`: undoes what an interrupted run left (killed,
 * out of memory, a cancelled CI job), from the ledger journal it kept in the report folder (issue 49 item
 * 7). It says what it would undo first; it undoes only with --yes or a "y" at a terminal (without a
 * terminal and without --yes: exit 2, saying how to confirm). Exit 0 when everything listed is undone
 * or gone, 1 when something could not be undone (listed in left-behind.sh), 2 usage.
 */
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { EXIT } from '../../src/exit-codes.js';
import { collect } from './collect.js';
import { type CommandIo, processIo } from './io.js';

interface CleanupFlags {
  out: string;
  baseUrl?: string;
  token?: string;
  peerToken?: string;
  header: string[];
  triggerUrl?: string;
  triggerHeader: string[];
  triggerCommand?: string;
  timeout: string;
  yes?: boolean;
}

export interface CleanupContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Whether the user can be asked (stdin and stderr are terminals). */
  interactive?: boolean;
}

/** `name:value` flags as headers (a bad one: undefined). */
function headersOf(values: string[]): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf(':');
    if (at <= 0) return undefined;
    headers[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return headers;
}

async function confirmed(io: CommandIo): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question('Undo these now? [y/N] ')).trim());
  } finally {
    rl.close();
    io.stderr('');
  }
}

export async function cleanupCommand(flags: CleanupFlags, io: CommandIo, context: CleanupContext) {
  const [{ resolve }, { interruptedJournals }, { describeJournal, cleanUpJournal }, { chooseTrigger }] =
    await Promise.all([
      import('node:path'),
      import('../../src/runner/journal.js'),
      import('../../src/runner/journal-cleanup.js'),
      import('../../src/runner/trigger.js'),
    ]);
  const headers = headersOf(flags.header);
  const triggerHeaders = headersOf(flags.triggerHeader);
  if (!headers || !triggerHeaders) {
    io.stderr('--header and --trigger-header take name:value\n');
    return io.exit(EXIT.usage);
  }
  const outDir = resolve(context.cwd, flags.out);
  const journals = interruptedJournals(outDir, flags.baseUrl);
  if (journals.length === 0) {
    io.stdout(
      `Nothing to undo: no ledger of an interrupted run${flags.baseUrl ? ` against ${flags.baseUrl}` : ''} in ${outDir}.\n`,
    );
    return io.exit(EXIT.conforms);
  }
  io.stdout(`${journals.flatMap(describeJournal).join('\n')}\n`);
  if (!flags.yes && !(context.interactive && (await confirmed(io)))) {
    io.stderr(
      `Nothing undone. To undo exactly these: conformance cleanup --out ${flags.out}${flags.baseUrl ? ` --base-url ${flags.baseUrl}` : ''} --yes (with CONFORMANCE_TOKEN, and CONFORMANCE_PEER_TOKEN if the run had a peer, set; a trigger flag for what was made through the trigger).\n`,
    );
    return io.exit(EXIT.usage);
  }
  const trigger = chooseTrigger(
    {
      ...(flags.triggerUrl ? { triggerUrl: flags.triggerUrl, triggerHeaders } : {}),
      ...(flags.triggerCommand ? { triggerCommand: flags.triggerCommand } : {}),
    },
    undefined,
  );
  let failed = 0;
  for (const found of journals) {
    const records = await cleanUpJournal(found, {
      outDir,
      token: flags.token ?? context.env.CONFORMANCE_TOKEN,
      peerToken: flags.peerToken ?? context.env.CONFORMANCE_PEER_TOKEN,
      headers,
      ...(trigger ? { trigger } : {}),
      timeoutMs: Number(flags.timeout),
    });
    for (const record of records) {
      io.stdout(`${record.status.padEnd(7)} ${record.label}${record.error ? `: ${record.error}` : ''}\n`);
      if (record.status === 'failed') failed++;
    }
  }
  io.stdout(
    failed
      ? `${failed} not undone: listed in ${resolve(outDir, 'left-behind.sh')} (and kept for the next cleanup).\n`
      : 'Everything the interrupted run left is undone.\n',
  );
  io.exit(failed ? EXIT.fails : EXIT.conforms);
}

export function registerCleanup(
  program: Command,
  io: CommandIo = processIo,
  context: CleanupContext,
): Command {
  return program
    .command('cleanup')
    .description('undo what an interrupted run created, from the ledger it kept in the report folder')
    .option('--out <dir>', 'the report folder of the interrupted run', 'reports')
    .option('--base-url <url>', 'only the ledgers of runs against this base URL')
    .option('--token <token>', 'bot token (or env CONFORMANCE_TOKEN)')
    .option('--peer-token <token>', 'token of the second identity (or env CONFORMANCE_PEER_TOKEN)')
    .option('--header <name:value>', 'header sent with every request (repeatable)', collect, [])
    .option('--trigger-url <url>', 'the trigger, for what the run made through it')
    .option('--trigger-header <name:value>', 'header sent only to --trigger-url (repeatable)', collect, [])
    .option('--trigger-command <cmd>', 'the trigger as a command')
    .option('--timeout <ms>', 'per-request timeout', '10000')
    .option('--yes', 'undo without asking (CI)')
    .action((flags: CleanupFlags) => cleanupCommand(flags, io, context));
}
