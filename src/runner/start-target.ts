/**
 * `--start CMD` / `--wait-url URL` (like Dredd's --server): start the implementation under test, wait
 * until it answers, and stop it afterwards. The command runs in its own process group so stopping it
 * also stops whatever it started (npm → node, sh → server); its output goes to a log file in the report
 * folder, kept for the person reading the reports.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import { tr } from '../i18n/index.js';
import { ConfigurationError, UnreachableError } from './errors.js';

export interface StartTargetOptions {
  command: string;
  /** Any HTTP answer from this URL (whatever the status) means the implementation is up. */
  waitUrl: string;
  /** Where the command's stdout and stderr go (created with its folder). */
  logFile: string;
  /** How long to wait for the first answer (default 60 s). */
  timeoutMs?: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface StartedTarget {
  /** The process group id (the shell that runs the command). */
  pid: number;
  logFile: string;
  /** Stops the whole process group: SIGTERM, then SIGKILL after 5 s. Safe to call twice. */
  stop(): Promise<void>;
}

const POLL_MS = 250;
const STOP_GRACE_MS = 5_000;

export async function startTarget(options: StartTargetOptions): Promise<StartedTarget> {
  let url: URL;
  try {
    url = new URL(options.waitUrl);
  } catch {
    throw new ConfigurationError(
      tr`--wait-url '${options.waitUrl}' is not a URL: write it like http://127.0.0.1:5140/v1`,
    );
  }
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, 'w');
  let child: ChildProcess;
  try {
    child = spawn('/bin/sh', ['-c', options.command], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log);
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (error) => resolve(error.message));
  });
  let exitStatus: number | string | undefined;
  void exited.then((status) => {
    exitStatus = status;
  });
  const pid = child.pid!;
  const groupAlive = (): boolean => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      signalGroup('SIGTERM');
      const deadline = Date.now() + STOP_GRACE_MS;
      while (groupAlive() && Date.now() < deadline) await delay(50);
      if (groupAlive()) signalGroup('SIGKILL');
      await Promise.race([exited, delay(STOP_GRACE_MS)]);
    })();
    return stopping;
  };

  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitStatus !== undefined) {
      await stop();
      throw new ConfigurationError(
        tr`--start '${options.command}' exited (${exitStatus}) before ${url.href} answered: see ${options.logFile}`,
      );
    }
    try {
      const response = await request(url, { method: 'GET', headersTimeout: 2_000, bodyTimeout: 2_000 });
      await response.body.dump();
      return { pid, logFile: options.logFile, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() >= deadline) {
      await stop();
      throw new UnreachableError(
        tr`--start '${options.command}' did not answer at ${url.href} within ${Math.round(timeoutMs / 1000)} s: see ${options.logFile}`,
        url.href,
      );
    }
    await Promise.race([delay(POLL_MS), exited]);
  }
}

/**
 * The run command's part: validates --start / --wait-url against the other options and starts the
 * target (output in OUT/server.log), or returns undefined when --start is not given.
 */
export async function startTargetForRun(options: {
  start?: string;
  waitUrl?: string;
  baseUrl?: string;
  embedded?: boolean;
  outDir: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}): Promise<StartedTarget | undefined> {
  if (!options.start) {
    if (options.waitUrl)
      throw new ConfigurationError(tr`--wait-url needs --start CMD (the command to wait for).`);
    return undefined;
  }
  if (options.embedded)
    throw new ConfigurationError(tr`--start and --embedded exclude each other: pass one of them.`);
  const waitUrl = options.waitUrl ?? options.baseUrl;
  if (!waitUrl)
    throw new ConfigurationError(tr`--start needs --base-url URL (or --wait-url URL) to know when it is up.`);
  const logFile = `${options.outDir}/server.log`;
  const target = await startTarget({
    command: options.start,
    waitUrl,
    logFile,
    cwd: options.cwd,
    env: options.env,
  });
  options.log(tr`started '${options.start}' (answers at ${waitUrl}; output in ${logFile})\n`);
  return target;
}
