#!/usr/bin/env node
/**
 * Thin bin: the first SIGINT/SIGTERM stops the run and lets it clean up (exit 130/143); a second one
 * exits at once.
 */
import { main } from './cli.js';

const controller = new AbortController();
const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
  const code = signal === 'SIGINT' ? 130 : 143;
  if (controller.signal.aborted) {
    process.stderr.write(`${signal} again: exiting without finishing the cleanup\n`);
    process.exit(code);
  }
  process.stderr.write(`${signal}: stopping the run, cleaning up what it created (send again to exit now)\n`);
  controller.abort(signal);
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

process.exitCode = await main(process.argv.slice(2), undefined, { signal: controller.signal });
