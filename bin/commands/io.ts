/** Where a subcommand writes and how it ends; tests pass their own to capture output and exit codes. */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Sets the exit code (does not end the process, so pending output is flushed). */
  exit: (code: number) => void;
}

export const processIo: CommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  exit: (code) => {
    process.exitCode = code;
  },
};

/** The process a run-like command (run, fuzz) runs in. */
export interface RunContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Aborted by SIGINT/SIGTERM (reason: the signal name). */
  signal?: AbortSignal;
  /** Colour (stdout is a TTY without NO_COLOR); --color / --no-color override it. */
  color: boolean;
  /** The terminal for the live status rewritten in place; absent: line-oriented progress. */
  tty?: NodeJS.WriteStream;
  /** The subcommand names, to tell a mistyped one from a run (conformance rnu). */
  commands?: string[];
}
