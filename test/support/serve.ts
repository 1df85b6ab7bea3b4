import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface ServedReference {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts `<bin> serve --port 0 …` as a child process; resolves once it prints its base URL. */
export async function serveReference(
  bin: string,
  flags: string[] = [],
  cwd?: string,
): Promise<ServedReference> {
  const child: ChildProcess = spawn(process.execPath, [bin, 'serve', '--port', '0', ...flags], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve printed no base URL in 30 s:\n${output}`)),
      30_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /base URL\s+(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
