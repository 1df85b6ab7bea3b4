/**
 * Checks made before the first request, so a user mistake costs nothing on the server: the report folder
 * can be written, a port to listen on is free. Each failure is a ConfigurationError (exit 2, one line).
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { ConfigurationError } from '../../src/runner/errors.js';

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code;

/**
 * Creates `dir` if needed and proves a file can be written in it (a probe file, removed at once).
 * The folders are made one at a time, never with mkdir's `recursive`: in Node 20 a recursive mkdir whose
 * mkdir answers ENOENT under an existing parent (procfs: `/proc/x`) loops forever inside C++, where no
 * signal handler can run.
 */
export function ensureWritableDir(dir: string, flag = '--out', shown = dir): void {
  const missing: string[] = [];
  let existing = dir;
  for (;;) {
    try {
      if (!statSync(existing).isDirectory())
        throw new ConfigurationError(`${flag} ${shown}: ${existing} is a file, not a folder; pass a folder.`);
      break;
    } catch (error) {
      if (error instanceof ConfigurationError) throw error;
      if (codeOf(error) === 'ENOTDIR')
        throw new ConfigurationError(
          `${flag} ${shown}: a part of the path is a file, not a folder; pass a folder.`,
        );
      if (codeOf(error) !== 'ENOENT')
        throw new ConfigurationError(
          `${flag} ${shown}: cannot use ${existing} (${codeOf(error)}); pass another folder.`,
        );
      const parent = dirname(existing);
      if (parent === existing) break;
      missing.unshift(existing);
      existing = parent;
    }
  }
  const cannotWrite = (error: unknown) =>
    new ConfigurationError(
      `${flag} ${shown}: the folder cannot be written (${codeOf(error) ?? (error as Error).message}); pass a writable folder.`,
    );
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw cannotWrite(error);
    }
  }
  const probe = join(dir, `.conformance-write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
  } catch (error) {
    throw cannotWrite(error);
  }
  rmSync(probe, { force: true });
}

/** The one line for a listen error: what is wrong with the address and what to pass instead. */
export function listenErrorMessage(
  error: unknown,
  flag: string,
  host: string,
  port: number,
): string | undefined {
  const address = `${host}:${port}`;
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return `${flag}: ${address} is already in use; stop what listens there or pick another port (0 picks a free one).`;
    case 'EACCES':
    case 'EPERM':
      return `${flag}: not allowed to listen on ${address}; pick a port above 1023 (0 picks a free one).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${flag}: ${host} is not an address of this machine; listen on 127.0.0.1 or 0.0.0.0.`;
    default:
      return undefined;
  }
}

/** Listens on host:port for a moment and closes again; a busy or unusable port is a ConfigurationError. */
export async function assertPortFree(flag: string, host: string, port: number): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (error) {
    throw new ConfigurationError(
      listenErrorMessage(error, flag, host, port) ??
        `${flag}: cannot listen on ${host}:${port} (${(error as Error).message}).`,
    );
  }
  await new Promise((resolve) => server.close(resolve));
}

/** A URL flag must parse and use one of the protocols it is for (before anything is sent to it). */
export function assertUrl(flag: string, value: string | undefined, protocols: readonly string[]): void {
  if (value === undefined) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(
      `${flag} '${value}' is not a URL: write it like ${protocols[0]}//127.0.0.1:5140/…`,
    );
  }
  if (!protocols.includes(url.protocol))
    throw new ConfigurationError(
      `${flag} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got ${url.protocol}//)`,
    );
}
