/** `conformance [run]`: the default command and its flags; what a run does is in run-command.ts. */

import { type Command, Option } from 'commander';
import { defaultReporters } from '../../src/report/names.js';
import { RUN_FLAGS } from '../../src/run-flags.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { collect, collectList } from './collect.js';
import type { CommandIo, RunContext } from './io.js';

/** The run flags, from the one option table (src/run-flags.ts). */
function addRunFlags(command: Command): Command {
  for (const flag of RUN_FLAGS) {
    const description =
      flag.key === 'reporter' ? `${flag.description}: ${defaultReporters.join(', ')}` : flag.description;
    const option = new Option(flag.flag, description);
    if (flag.choices) option.choices(flag.choices);
    if (flag.split) option.argParser(flag.split === 'comma' ? collectList : collect);
    if (flag.hidden) option.hideHelp();
    command.addOption(option);
  }
  return command;
}

export function registerRun(program: Command, io: CommandIo, context: RunContext): Command {
  return (
    addRunFlags(
      program
        .command('run', { isDefault: true })
        .description('check an implementation (the default command)'),
    )
      // A word where no operand belongs is a mistyped subcommand, not a run option (conformance rnu).
      .allowExcessArguments(true)
      .action(async (flags: Record<string, any>, command: Command) => {
        if (command.args.length) {
          const { unknownCommandMessage } = await import('./suggest.js');
          throw new ConfigurationError(unknownCommandMessage(command.args[0], context.commands ?? []));
        }
        // Loaded here, not at startup: --version, --help and list need none of the run (issue 11).
        const { runCommand } = await import('./run-command.js');
        io.exit(await runCommand(flags, io, context));
      })
  );
}
