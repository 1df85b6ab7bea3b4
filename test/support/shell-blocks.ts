/**
 * Runs the `sh` blocks of the README and docs/ (issue 33) as a reader would type them: each command must
 * exit with the code its comment states (`# exits 1 …`), else 0; a block that cannot run says why in its
 * info string (`sh not-run: <why>`). Real processes of the built bin and a real reference:
 * `npx chat-conformance` (and the clone's `node dist/bin/conformance.js`) is the built bin; `127.0.0.1:5140`
 * is a reference started here, or the `serve` the block itself started (each on a free port); `$TOKEN` is
 * that reference's bot token. A page's blocks share one folder, where its file blocks (a first line
 * `# name — …` or `// name — …`) are written, so that a later command finds what an earlier one wrote.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../src/reference/index.js';
import { BUILT_BIN, ensureBuilt, ROOT } from '../cli/helpers.js';
import { type FencedBlock, fencedBlocks } from './markdown.js';
import { describeSlot, rotating } from './rotation.js';
import { tempDir } from './temp.js';

export const DOC_FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`),
].filter((file) => file.endsWith('.md'));
const BIN =
  /(?:npx (?:--yes )?(?:chat-)?conformance|node dist\/bin\/conformance\.js|\.\/dist\/bin\/conformance\.js)/g;
const COMMAND_TIMEOUT_MS = 240_000;

interface Command {
  line: string;
  exit: number;
}

/** The commands of a block: continuations joined, comments dropped; `# exits N` in a comment is its code. */
export function commandsOf(body: string): Command[] {
  const commands: Command[] = [];
  for (const raw of body.replace(/\\\n\s*/g, '').split('\n')) {
    const { code, comment } = splitComment(raw);
    if (!code.trim()) continue;
    commands.push({ line: code.trim(), exit: Number(/\bexits? (\d+)\b/.exec(comment)?.[1] ?? 0) });
  }
  return commands;
}

/** A line's code and its trailing comment: a `#` after a space, outside quotes. */
function splitComment(line: string): { code: string; comment: string } {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (index === 0 || line[index - 1] === ' '))
      return { code: line.slice(0, index), comment: line.slice(index) };
  }
  return { code: line, comment: '' };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

interface Ended {
  code: number | null;
  output: string;
}

function shell(line: string, cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('bash', ['-c', line], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

function ended(child: ChildProcess, timeoutMs: number): Promise<Ended> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

/** Starts a `serve` command and resolves once it listens (its banner's last line). */
async function startServe(line: string, cwd: string, env: NodeJS.ProcessEnv) {
  const child = shell(line, cwd, env);
  const end = ended(child, COMMAND_TIMEOUT_MS);
  let banner = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      banner += chunk;
      if (banner.includes('Press Ctrl-C to stop.')) resolve();
    });
    end.then(({ code, output }) => reject(new Error(`${line} exited ${code} before listening:\n${output}`)));
  });
  return {
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
      return end;
    },
  };
}

let referencePort = 0;
let referenceToken = '';
let closeReference: () => Promise<void> = async () => {};
const pageFolders = new Map<string, string>();

/** The folder a page's blocks share: the clone's examples and dependencies linked in. */
function folderOf(file: string): string {
  let dir = pageFolders.get(file);
  if (!dir) {
    dir = tempDir('docs-blocks-');
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    pageFolders.set(file, dir);
  }
  return dir;
}

/** Writes the file blocks of a page that precede `line` (`# name — …` / `// name — …` first lines). */
function writeFileBlocks(dir: string, blocks: FencedBlock[], line: number): void {
  for (const block of blocks) {
    const name = /^(?:#|\/\/) ([\w.-]+\.\w+) — /.exec(block.body)?.[1];
    if (name && block.line < line) writeFileSync(join(dir, name), `${block.body}\n`);
  }
}

export async function runBlock(file: string, block: FencedBlock, blocks: FencedBlock[]): Promise<void> {
  const dir = folderOf(file);
  writeFileBlocks(dir, blocks, block.line);
  let env: NodeJS.ProcessEnv = { ...process.env, TOKEN: referenceToken, NO_COLOR: '1' };
  let port = referencePort;
  const servers: { stop: () => Promise<Ended> }[] = [];
  try {
    for (const command of commandsOf(block.body)) {
      const exported = /^export (\w+)=(\S+)$/.exec(command.line);
      if (exported) {
        env = { ...env, [exported[1]]: exported[2] };
        continue;
      }
      let line = command.line.replace(BIN, `node ${BUILT_BIN}`);
      const serve = line.startsWith(`node ${BUILT_BIN} serve`) && !/--list-/.test(line);
      if (serve || line.includes('--start')) port = await freePort();
      line = line.replaceAll(':5140', `:${port}`).replaceAll('--port 5140', `--port ${port}`);
      if (serve) {
        if (!line.includes('--port')) line += ` --port ${port}`;
        servers.push(await startServe(line, dir, env));
        continue;
      }
      const { code, output } = await ended(shell(line, dir, env), COMMAND_TIMEOUT_MS);
      expect(code, `${file}:${block.line}: ${command.line}\n${output.slice(-3000)}`).toBe(command.exit);
    }
  } finally {
    for (const server of servers) expect((await server.stop()).code).toBe(0);
  }
}

/**
 * Registers one test per runnable `sh` block of `files`, against a reference started for them. With
 * `rotateFrom`, the pages rotate (test/support/rotation.ts: page i in slot rotateFrom + i).
 */
export function describeShellBlocks(title: string, files: readonly string[], rotateFrom?: number): void {
  describe(title, () => {
    beforeAll(async () => {
      ensureBuilt();
      const reference = await startReference({ port: 0 });
      referencePort = Number(new URL(reference.baseUrl).port);
      referenceToken = reference.identities.self.token;
      closeReference = () => reference.close();
    }, 180_000);

    afterAll(() => closeReference());

    // A page's blocks go together (a later one may read what an earlier one wrote).
    const taken = runnableBlocks(rotateFrom === undefined ? files : rotating(files, rotateFrom));
    if (taken.length === 0)
      it.skip(`no block in ${describeSlot()}: they run in other slots and in a full run`);
    else
      it.each(taken)(
        '%s',
        async (_, file, block) => {
          await runBlock(file, block, blocksOf(file));
        },
        COMMAND_TIMEOUT_MS * 2,
      );
  });
}

export const blocksOf = (file: string) => fencedBlocks(readFileSync(join(ROOT, file), 'utf8'));

/** The blocks that run: a plain `sh` info string. */
export const runnableBlocks = (files: readonly string[]) =>
  files.flatMap((file) =>
    blocksOf(file)
      .filter((block) => block.info === 'sh')
      .map((block) => [`${file}:${block.line}`, file, block] as const),
  );

/** The pages whose blocks run client, fuzz and serve commands: a test file of their own, so both run at once. */
export const TOOL_PAGES = ['docs/checking-a-client.md', 'docs/fuzz.md', 'docs/reference-implementation.md'];
