#!/usr/bin/env node
/**
 * Thin bin: the first SIGINT/SIGTERM stops the run and lets it clean up (exit 130/143); a second one
 * exits at once, naming the ledger file of what is left (curl commands to delete it by hand). A fatal
 * error does the same, in one line, without a stack trace.
 *
 * Fast start (issue 11): no static imports. `--version` alone is answered from package.json before
 * commander or the commands load; everything else loads the CLI on demand.
 */
const argv = process.argv.slice(2);

// A closed pipe (`conformance list | head -1`) ends the output quietly, like git or ls: no error, exit 0.
// A run goes on without output instead, so that it still cleans up and writes its reports (its exit
// code stays its verdict).
const commands = ['list', 'serve', 'client', 'compare', 'badge', 'matrix', 'cleanup', 'help'];
const isRun =
  argv[0] === 'run' ||
  (argv.length > 0 && !commands.includes(argv[0]) && !/^(-h|--help|-V|--version)$/.test(argv[0]));
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stream.write = (() => true) as typeof stream.write;
    if (!isRun) process.exit(0);
  });
}

if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { toolVersion } = await import('../src/runner/version.js');
  process.stdout.write(`${toolVersion()}\n`);
} else {
  const [{ EXIT, internalErrorLine, interruptedExit }, { ledgerFilesInUse }, { main }] = await Promise.all([
    import('../src/exit-codes.js'),
    import('../src/runner/ledger-files.js'),
    import('./cli.js'),
  ]);

  const leftBehind = (): string => {
    const files = ledgerFilesInUse();
    return files.length
      ? `; what the run created and did not undo is listed, with curl commands to delete it, in ${files.join(', ')}`
      : '';
  };

  const controller = new AbortController();
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    const code = interruptedExit(signal);
    if (controller.signal.aborted) {
      process.stderr.write(`${signal} again: exiting without finishing the cleanup${leftBehind()}\n`);
      process.exit(code);
    }
    process.stderr.write(
      `${signal}: stopping the run, cleaning up what it created (send again to exit now)\n`,
    );
    controller.abort(signal);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const onFatal = (error: unknown) => {
    process.stderr.write(`${internalErrorLine(error)}${leftBehind()}\n`);
    process.exit(EXIT.internal);
  };
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);

  process.exitCode = await main(argv, undefined, { signal: controller.signal });
  // Reports are written: a socket or timer an abandoned phase left behind must not hold the exit.
  setTimeout(() => process.exit(), 2_000).unref();
}
