/**
 * The CLI as a function: main(argv, io) parses, runs the command and returns the exit code, so tests call
 * it without spawning. Exit codes (src/exit-codes.ts): 0 conforms at the level; 1 a counted check failed
 * or errored; 2 usage or configuration error; 3 the implementation could not be reached; 4 a defect of the
 * checker; 130/143 interrupted.
 */
import { Command, CommanderError } from 'commander';
import { debugEnabled, EXIT, internalErrorLine } from '../src/exit-codes.js';
import { inLang, type Lang, type Translate, translator } from '../src/i18n/index.js';
import { RUN_FLAGS } from '../src/run-flags.js';
import { ConfigurationError, UnreachableError } from '../src/runner/errors.js';
import { toolVersion } from '../src/runner/version.js';
import { registerBadge } from './commands/badge.js';
import { registerCleanup } from './commands/cleanup.js';
import { registerClient } from './commands/client.js';
import { registerCompare } from './commands/compare.js';
import { registerFuzz } from './commands/fuzz.js';
import { type CommandIo, processIo } from './commands/io.js';
import { registerList } from './commands/list.js';
import { addLangOption, cliLang, localizeHelp } from './commands/localize.js';
import { MANUAL_PAGES, manualLine } from './commands/manual.js';
import { registerMatrix } from './commands/matrix.js';
import { registerRun } from './commands/run.js';
import { registerServe } from './commands/serve.js';

export interface MainOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Aborted with reason 'SIGINT' or 'SIGTERM' by the bin. */
  signal?: AbortSignal;
  /** Colour; default: stdout is a TTY and NO_COLOR is unset. */
  color?: boolean;
  /** Where the live status is rewritten in place; default: stderr, when it is a TTY and io is the process's. */
  tty?: NodeJS.WriteStream;
}

/** The run flags `conformance --help` shows (all of them: `conformance run --help`): the table's `main` rows. */
const MAIN_RUN_FLAGS = RUN_FLAGS.filter((row) => row.main).map((row) => row.flag.split(' ')[0]);

export async function main(
  argv: string[],
  io: CommandIo = processIo,
  options: MainOptions = {},
): Promise<number> {
  const env = options.env ?? process.env;
  let lang: Lang;
  try {
    lang = cliLang(argv, env);
  } catch (error) {
    return finish(io, exitCodeOf(error, io, env, translator('en')));
  }
  const t = translator(lang);
  let exitCode: number = EXIT.conforms;
  const program = createProgram(io, options, env, lang, (code) => {
    exitCode = code;
  });
  try {
    // What the checks and causes compose as they judge is rendered in the user's language too (tr).
    await inLang(lang, () => program.parseAsync(argv, { from: 'user' }));
  } catch (error) {
    exitCode = exitCodeOf(error, io, env, t);
  }
  return finish(io, exitCode);
}

/**
 * The program with every command registered and its help in the user's language (`lang`); `exit`
 * receives a command's exit code.
 */
export function createProgram(
  io: CommandIo,
  options: MainOptions,
  env: NodeJS.ProcessEnv,
  lang: Lang,
  exit: (code: number) => void,
): Command {
  const commandIo: CommandIo = {
    stdout: io.stdout,
    stderr: io.stderr,
    exit,
  };
  const t = translator(lang);
  const color = options.color ?? (Boolean(process.stdout.isTTY) && !env.NO_COLOR);
  const program = new Command('conformance')
    .description(t('cli.description'))
    .version(toolVersion())
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showSuggestionAfterError();
  const tty = options.tty ?? (io === processIo && process.stderr.isTTY ? process.stderr : undefined);
  // Filled once every subcommand is registered: the names a mistyped subcommand is compared with.
  const commands: string[] = [];
  const runCommand = registerRun(program, commandIo, {
    env,
    cwd: options.cwd ?? process.cwd(),
    signal: options.signal,
    color,
    ...(tty ? { tty } : {}),
    commands,
  });
  registerList(program, commandIo, lang);
  registerServe(program, commandIo, options.signal ? { signal: options.signal } : {});
  registerBadge(program, commandIo);
  registerCleanup(program, commandIo, {
    env,
    cwd: options.cwd ?? process.cwd(),
    interactive: io === processIo && Boolean(process.stdin.isTTY && process.stderr.isTTY),
  });
  registerCompare(program, commandIo);
  registerMatrix(program, commandIo);
  registerFuzz(program, commandIo, { env, cwd: options.cwd ?? process.cwd(), signal: options.signal, color });
  registerClient(program, commandIo, {
    cwd: options.cwd ?? process.cwd(),
    color,
    lang,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  commands.push(...program.commands.map((command) => command.name()), 'help');
  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
    const page = MANUAL_PAGES[command.name()];
    if (page) command.addHelpText('after', manualLine(t, page));
    addLangOption(command);
  }
  localizeHelp(program, lang);
  const help = runCommand.createHelp();
  help.prepareContext({ helpWidth: io === processIo ? (process.stdout.columns ?? 80) : 80 });
  const mainFlags = runCommand.options
    .filter((option) => MAIN_RUN_FLAGS.includes(option.long ?? ''))
    .map((option) => help.formatItem(help.optionTerm(option), 28, help.optionDescription(option), help));
  program.addHelpText(
    'after',
    `\n${t('cli.mainFlags')}\n${mainFlags.join('\n')}\n${t('cli.examples', EXIT)}\n${manualLine(t, 'README.md, then docs/')}`,
  );

  return program;
}

function finish(io: CommandIo, exitCode: number): number {
  io.exit(exitCode);
  return exitCode;
}

function exitCodeOf(error: unknown, io: CommandIo, env: NodeJS.ProcessEnv, t: Translate): number {
  if (error instanceof CommanderError) {
    // Help and version are not errors; commander already printed the message.
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    ) {
      return EXIT.conforms;
    }
    io.stderr(t('cli.seeHelp'));
    return EXIT.usage;
  }
  if (error instanceof ConfigurationError) {
    io.stderr(t('cli.error', { message: error.message }));
    return EXIT.usage;
  }
  if (error instanceof UnreachableError) {
    io.stderr(t('cli.error', { message: error.message }));
    return EXIT.unreachable;
  }
  // Not the implementation's fault and not the user's: its own code, one line; the stack only on request.
  io.stderr(`${internalErrorLine(error)}\n`);
  if (debugEnabled(env) && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
  return EXIT.internal;
}
