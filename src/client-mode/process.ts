/**
 * Runs the user's client command once, in its own process group, with a deadline: on timeout (or abort)
 * the whole group is killed, so no grandchild (a shell, npx, a bot's workers) outlives the scenario.
 * The scenario is bounded by the client, not its descendants: once the command has exited, its output
 * is read for a short grace period and the run ends, even if a detached descendant keeps the pipes open.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { lagAwareTimer } from '../loop-lag.js';

/** How much of stdout/stderr is kept: the tail is what explains a crash. */
const TAIL_BYTES = 4000;
/** After the command exits: how long its pipes are still read (a descendant may hold them open). */
export const EXIT_GRACE_MS = 500;
/** After SIGTERM (the checker ends an event client): how long before SIGKILL. */
export const STOP_GRACE_MS = 1000;
/**
 * Stdout lines handled in one turn of the event loop: past it stdout is paused until the next turn, so
 * that a client flooding it cannot hold the loop — and the deadline's and the kill's timers (issue 34).
 */
const LINES_PER_TURN = 1000;

export interface ClientOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The command could not be started at all (e.g. ENOENT of the shell). */
  spawnError?: string;
  stdoutTail: string;
  stderrTail: string;
  /** The last `{"ids":[…]}` line printed, wherever it was (later lines do not hide it). */
  idsLine?: string;
  /** The command exited but a descendant outside its process group still held stdout/stderr open. */
  pipeHeldOpen?: boolean;
  /** The checker ended the client (stop()): event clients run until then. */
  stopped?: boolean;
}

export interface RunClientOptions {
  command: string;
  env: Record<string, string>;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Each complete stdout line, as soon as it is printed. */
  onLine?: (line: string) => void;
  /** The command's own process exited (its output may still be read for EXIT_GRACE_MS). */
  onExit?: (exitCode: number | null, signal: NodeJS.Signals | null) => void;
}

export interface ClientHandle {
  outcome: Promise<ClientOutcome>;
  /** SIGTERM to the client's process group, SIGKILL after STOP_GRACE_MS. */
  stop(): void;
}

const appendTail = (tail: string, chunk: string): string => {
  const text = tail + chunk;
  return text.length > TAIL_BYTES ? text.slice(-TAIL_BYTES) : text;
};

const isIdsLine = (line: string): boolean => line.startsWith('{') && line.includes('"ids"');

/**
 * Calls `onLine` with each complete line of `stream`, as soon as it is read, and `onChunk` with what was
 * read. Past LINES_PER_TURN lines in a turn of the event loop the stream is paused until the next turn.
 * `flush()` hands on the last line, not ended by a newline.
 */
function readLines(stream: Readable, onLine: (line: string) => void, onChunk: (chunk: string) => void) {
  let partial = '';
  let linesThisTurn = 0;
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    onChunk(chunk);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const text of lines) onLine(text);
    if (linesThisTurn === 0)
      setImmediate(() => {
        linesThisTurn = 0;
        stream.resume();
      });
    linesThisTurn += lines.length + 1;
    if (linesThisTurn > LINES_PER_TURN) stream.pause();
  });
  return {
    flush() {
      if (partial) onLine(partial);
      partial = '';
    },
  };
}

export const runClient = (options: RunClientOptions): Promise<ClientOutcome> => startClient(options).outcome;

export function startClient(options: RunClientOptions): ClientHandle {
  const child = spawn(options.command, {
    shell: true,
    detached: true,
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state: Omit<ClientOutcome, 'stdoutTail' | 'stderrTail'> = {
    exitCode: null,
    signal: null,
    timedOut: false,
  };
  let stdoutTail = '';
  let stderrTail = '';
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const killGroup = () => signalGroup('SIGKILL');
  const line = (text: string) => {
    const trimmed = text.trim();
    if (isIdsLine(trimmed)) state.idsLine = trimmed;
    options.onLine?.(trimmed);
  };
  const stdout = readLines(child.stdout, line, (chunk) => {
    stdoutTail = appendTail(stdoutTail, chunk);
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderrTail = appendTail(stderrTail, chunk);
  });
  child.on('error', (error) => {
    state.spawnError = error.message;
  });
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setTimeout(() => {
      state.timedOut = true;
      killGroup();
    }, options.timeoutMs),
  );
  options.signal?.addEventListener('abort', killGroup, { once: true });

  let cancelGrace = () => {};
  const outcome = new Promise<ClientOutcome>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const timer of timers) clearTimeout(timer);
      cancelGrace();
      options.signal?.removeEventListener('abort', killGroup);
      stdout.flush();
      resolve({ ...state, stdoutTail, stderrTail });
    };
    child.on('exit', (exitCode, signal) => {
      state.exitCode = exitCode;
      state.signal = signal;
      options.onExit?.(exitCode, signal);
      // The command has ended: a grandchild in its group is ended too; one that left the group (setsid,
      // a daemon) may hold the pipes open, so they are read for a grace period only.
      killGroup();
      // Lag-aware: on a starved machine a plain timer late by more than the grace would fire before the
      // pipes' last output and their end, which were waiting with it (a client's ids taken for missing).
      cancelGrace = lagAwareTimer(EXIT_GRACE_MS, () => {
        state.pipeHeldOpen = true;
        child.stdout.destroy();
        child.stderr.destroy();
        finish();
      });
    });
    child.on('close', finish);
    // spawn failed: no exit event follows.
    child.on('error', () =>
      setImmediate(() => child.exitCode === null && child.pid === undefined && finish()),
    );
  });
  return {
    outcome,
    stop() {
      state.stopped = true;
      signalGroup('SIGTERM');
      timers.push(setTimeout(killGroup, STOP_GRACE_MS));
    },
  };
}

/** The ids a client printed as its last `{"ids":[...]}` stdout line, if it did. */
export function printedIds(idsLine: string | undefined): string[] | 'malformed' | undefined {
  if (idsLine === undefined) return undefined;
  try {
    const parsed = JSON.parse(idsLine) as { ids?: unknown };
    if (!Array.isArray(parsed.ids)) return 'malformed';
    return parsed.ids.map((id) => String(id));
  } catch {
    return 'malformed';
  }
}
