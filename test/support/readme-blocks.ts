/**
 * The documentation's runnable command blocks (test/package/readme-commands.test.ts): a fenced block whose
 * info string is `sh runnable` runs with bash from the root of a fresh clone and must exit 0; one marked
 * `sh runnable background` is a server — it is started, the next block waits for its first line of output
 * (it is listening), and it must still be running when the last block has ended (then it gets Ctrl-C).
 * Blocks run in document order, README.md first, then docs/**.md by path.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface RunnableBlock {
  /** Where it is, e.g. README.md:12 (the line of its opening fence). */
  at: string;
  script: string;
  background: boolean;
}

export interface BlockRun {
  at: string;
  status: number | null;
  output: string;
}

const FENCE = /^(`{3,}|~{3,})(.*)$/;
const MARKER = /^sh\s+runnable(\s+background)?\s*$/;

/** The runnable blocks of one Markdown text, in order. */
export function runnableBlocks(file: string, markdown: string): RunnableBlock[] {
  const blocks: RunnableBlock[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!);
    if (!open) continue;
    const close = lines.findIndex((line, at) => at > index && line.trim() === open[1]);
    const end = close === -1 ? lines.length : close;
    const marker = MARKER.exec(open[2]!.trim());
    if (marker)
      blocks.push({
        at: `${file}:${index + 1}`,
        script: lines.slice(index + 1, end).join('\n'),
        background: Boolean(marker[1]),
      });
    index = end;
  }
  return blocks;
}

function markdownUnder(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir))
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) return markdownUnder(root, path);
      return name.endsWith('.md') ? [path] : [];
    });
}

/** The runnable blocks of README.md, then of docs/**.md, of the tree at `root`. */
export function documentedBlocks(root: string): RunnableBlock[] {
  return ['README.md', ...markdownUnder(root, 'docs')].flatMap((file) =>
    runnableBlocks(relative(root, join(root, file)), readFileSync(join(root, file), 'utf8')),
  );
}

const start = (block: RunnableBlock, cwd: string, env: NodeJS.ProcessEnv) =>
  spawn('bash', ['-e', '-o', 'pipefail', '-c', block.script], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

function collect(child: ChildProcess): { output: () => string } {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { output: () => output };
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('close', (code) => resolve(code)));

/** Resolves at the first line on stdout; rejects if the process ends first or `timeoutMs` passes. */
function firstLine(child: ChildProcess, block: RunnableBlock, timeoutMs: number, output: () => string) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${block.at}: no output within ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    child.stdout!.on('data', () => {
      if (!output().includes('\n')) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${block.at}: the server ended (exit ${code}) before the next block:\n${output()}`));
    });
  });
}

/** Stops a background block as a user would (Ctrl-C to its process group), then for sure. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const group = -child.pid!;
  process.kill(group, 'SIGINT');
  const timer = setTimeout(() => process.kill(group, 'SIGKILL'), 10_000);
  await exited(child);
  clearTimeout(timer);
}

/**
 * Runs the blocks in `cwd` in order; returns each foreground block's exit status and output. A block
 * that fails ends the sequence (later blocks depend on it); the background servers are stopped at the end.
 */
export async function runBlocks(
  blocks: readonly RunnableBlock[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<BlockRun[]> {
  const runs: BlockRun[] = [];
  const servers: { block: RunnableBlock; child: ChildProcess; output: () => string }[] = [];
  try {
    for (const block of blocks) {
      const child = start(block, cwd, env);
      const { output } = collect(child);
      if (block.background) {
        servers.push({ block, child, output });
        await firstLine(child, block, timeoutMs, output);
        continue;
      }
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
      const status = await exited(child);
      clearTimeout(timer);
      runs.push({ at: block.at, status, output: output() });
      if (status !== 0) break;
    }
    for (const server of servers)
      if (server.child.exitCode !== null || server.child.signalCode !== null)
        runs.push({
          at: server.block.at,
          status: server.child.exitCode,
          output: `the server ended before the last block:\n${server.output()}`,
        });
  } finally {
    await Promise.all(servers.map((server) => stop(server.child)));
  }
  return runs;
}
