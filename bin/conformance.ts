#!/usr/bin/env node
/**
 * Thin bin: the first SIGINT/SIGTERM stops the run and lets it clean up (exit 130/143); a second one
 * exits at once, naming the ledger file of what is left (curl commands to delete it by hand). A fatal
 * error does the same, in one line, without a stack trace.
 */
import { ledgerFilesInUse } from '../src/runner/ledger.js';
import { main } from './cli.js';

const leftBehind = (): string => {
  const files = ledgerFilesInUse();
  return files.length
    ? `; what the run created and did not undo is listed, with curl commands to delete it, in ${files.join(', ')}`
    : '';
};

const controller = new AbortController();
const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
  const code = signal === 'SIGINT' ? 130 : 143;
  if (controller.signal.aborted) {
    process.stderr.write(`${signal} again: exiting without finishing the cleanup${leftBehind()}\n`);
    process.exit(code);
  }
  process.stderr.write(`${signal}: stopping the run, cleaning up what it created (send again to exit now)\n`);
  controller.abort(signal);
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
const onFatal = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `internal error (a defect of the checker, please report it): ${message.split('\n')[0]}${leftBehind()}\n`,
  );
  process.exit(1);
};
process.on('uncaughtException', onFatal);
process.on('unhandledRejection', onFatal);

process.exitCode = await main(process.argv.slice(2), undefined, { signal: controller.signal });
// Reports are written: a socket or timer an abandoned phase left behind must not hold the exit.
setTimeout(() => process.exit(), 2_000).unref();
