/**
 * Runs the user's client command once, in its own process group, with a deadline: on timeout (or abort)
 * the whole group is killed, so no grandchild (a shell, npx, a bot's workers) outlives the scenario.
 */
import { spawn } from 'node:child_process';

/** How much of stdout/stderr is kept: the tail is what explains a crash. */
const TAIL_BYTES = 4000;

export interface ClientOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The command could not be started at all (e.g. ENOENT of the shell). */
  spawnError?: string;
  stdoutTail: string;
  stderrTail: string;
}

export interface RunClientOptions {
  command: string;
  env: Record<string, string>;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

const appendTail = (tail: string, chunk: Buffer): string => {
  const text = tail + chunk.toString('utf8');
  return text.length > TAIL_BYTES ? text.slice(-TAIL_BYTES) : text;
};

export function runClient(options: RunClientOptions): Promise<ClientOutcome> {
  return new Promise((resolve) => {
    const child = spawn(options.command, {
      shell: true,
      detached: true,
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdoutTail = '';
    let stderrTail = '';
    let timedOut = false;
    let spawnError: string | undefined;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const onAbort = () => killGroup();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutTail = appendTail(stdoutTail, chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = appendTail(stderrTail, chunk);
    });
    child.on('error', (error) => {
      spawnError = error.message;
    });
    // The command has ended when its process exits; a grandchild still holding the pipes is ended too.
    child.on('exit', killGroup);
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ exitCode, signal, timedOut, stdoutTail, stderrTail, ...(spawnError ? { spawnError } : {}) });
    });
  });
}

/** The ids a client printed as `{"ids":[...]}` on its last non-empty stdout line, if it did. */
export function printedIds(stdoutTail: string): string[] | 'malformed' | undefined {
  const last = stdoutTail.trimEnd().split('\n').at(-1)?.trim();
  if (!last?.startsWith('{') || !last.includes('"ids"')) return undefined;
  try {
    const parsed = JSON.parse(last) as { ids?: unknown };
    if (!Array.isArray(parsed.ids)) return 'malformed';
    return parsed.ids.map((id) => String(id));
  } catch {
    return 'malformed';
  }
}
