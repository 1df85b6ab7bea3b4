/**
 * The reference implementation in a process of its own, as a real target is: the bench's runs then
 * measure the checker, not a server sharing its event loop. `startReferenceProcess(options)` forks this
 * file; the child starts the reference and posts back its description (URLs, tokens, sandbox).
 */
import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReferenceOptions, ReferenceServer } from '../src/reference/contract.js';

type Description = Omit<ReferenceServer, 'snapshot' | 'close' | 'refault' | 'webhooks'> & {
  seeded: { guilds: number; messagesInSandbox: number };
};

export interface ReferenceProcess {
  /** Everything run() reads from an embedded reference (its URLs, identities, sandbox, variants). */
  server: ReferenceServer;
  /** What the reference seeded: guilds of the bot and messages in the sandbox channel. */
  seeded: Description['seeded'];
}

/** Forks the reference with `options`; `server.close()` stops the process. */
export function startReferenceProcess(options: ReferenceOptions): Promise<ReferenceProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the reference process exited with ${code}`)));
    child.once('message', (description: Description) => {
      const { seeded, ...rest } = description;
      const closed = new Promise<void>((done) => child.once('exit', () => done()));
      const server: ReferenceServer = {
        ...rest,
        snapshot: () => {
          throw new Error('the snapshot of a reference in another process is not available');
        },
        refault: () => {
          throw new Error('the faults of a reference in another process cannot be switched');
        },
        webhooks: () => {
          throw new Error('the webhooks of a reference in another process are not available');
        },
        close: async () => {
          child.kill('SIGTERM');
          await closed;
        },
      };
      resolve({ server, seeded });
    });
  });
}

async function serve(options: ReferenceOptions): Promise<void> {
  const { startReference } = await import('../src/reference/server.js');
  const reference = await startReference(options);
  const world = reference.snapshot() as { guilds?: unknown[]; messages?: { channelId?: string }[] };
  const description: Description = {
    baseUrl: reference.baseUrl,
    eventsUrl: reference.eventsUrl,
    controlUrl: reference.controlUrl,
    identities: reference.identities,
    variants: reference.variants,
    faults: reference.faults,
    tolerances: reference.tolerances,
    dirty: reference.dirty,
    limitBound: reference.limitBound,
    sandbox: reference.sandbox,
    seeded: {
      guilds: world.guilds?.length ?? 0,
      messagesInSandbox: (world.messages ?? []).filter(
        (message) => message.channelId === reference.sandbox.channelId,
      ).length,
    },
  };
  process.send?.(description);
  process.once('SIGTERM', () => {
    void reference.close().then(() => process.exit(0));
  });
  // Also stop when the parent goes away without a word.
  process.once('disconnect', () => {
    void reference.close().then(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--serve');
  if (at >= 0) await serve(JSON.parse(process.argv[at + 1]) as ReferenceOptions);
}
