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
