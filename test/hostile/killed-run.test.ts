/**
 * Nothing lost to a killed run (issue 49 item 7). A real `conformance run` child against a reference
 * this test serves is killed with SIGKILL (no cleanup, no last write) at a point chosen by an event: once
 * the Nth thing the run created has appeared in its ledger journal. Then `conformance cleanup --yes`
 * undoes what the journal lists — and the reference's world equals the one before the first run.
 *
 * Twenty kill points in a full rotation (CHAT_CONFORMANCE_ROTATION=full); otherwise the three or four of
 * this slot (test/support/rotation.ts), so that CI stays short. The run has no trigger: what only the
 * trigger makes (requests, guild joins) is journaled once its answer is tracked, not before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import { JOURNAL_FOLDER, type Journal } from '../../src/runner/journal.js';
import { BUILT_BIN, ensureBuilt } from '../cli/helpers.js';
import { describeSlot, rotating } from '../support/rotation.js';
import { tempDir } from '../support/temp.js';

/** The Nth created thing after which the run is killed: early (setup), middle and late in the run. */
const KILL_POINTS = [1, 2, 3, 5, 8, 11, 14, 18, 22, 26, 30, 35, 40, 46, 52, 58, 65, 72, 80, 90];

// A reference of its own for each kill point: one point's failure does not dirty the next's world.
let reference: ReferenceServer;
let before: unknown;
beforeAll(() => ensureBuilt(), 180_000);
beforeEach(async () => {
  reference = await startReference();
  before = reference.snapshot();
});
afterEach(() => reference?.close());

const env = () => ({
  ...process.env,
  NO_COLOR: '1',
  CONFORMANCE_TOKEN: reference.identities.self.token,
  CONFORMANCE_PEER_TOKEN: reference.identities.peer.token,
});

/** What differs from the world before the run, by part of the snapshot (empty: nothing). */
function changes(): Record<string, string[]> {
  const now = reference.snapshot() as Record<string, unknown>;
  const was = before as Record<string, unknown>;
  const items = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.map((item) => JSON.stringify(item))
      : Object.entries((value ?? {}) as Record<string, unknown>).map((pair) => JSON.stringify(pair));
  const found: Record<string, string[]> = {};
  for (const key of new Set([...Object.keys(now), ...Object.keys(was)])) {
    const [after, earlier] = [items(now[key]), items(was[key])];
    const diff = [
      ...after.filter((item) => !earlier.includes(item)).map((item) => `+ ${item.slice(0, 300)}`),
      ...earlier.filter((item) => !after.includes(item)).map((item) => `- ${item.slice(0, 300)}`),
    ];
    if (diff.length) found[key] = diff;
  }
  return found;
}

/** The journals in `out` (none yet: empty). */
function journals(out: string): Journal[] {
  const folder = join(out, JOURNAL_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(folder, name), 'utf8')) as Journal];
      } catch {
        // Written atomically: a half file would be a defect, and the test fails on the count below.
        return [];
      }
    });
}

function startRun(out: string): {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
} {
  const { self, peer } = reference.identities;
  const child = spawn(
    process.execPath,
    [
      BUILT_BIN,
      'run',
      '--base-url',
      reference.baseUrl,
      '--platform',
      self.platform,
      '--self-id',
      self.userId,
      '--peer-self-id',
      peer.userId,
      '--reporter',
      'json',
      '--no-confirm',
      '--out',
      out,
    ],
    { env: env() },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout?.resume();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, exited, stderr: () => stderr };
}

/**
 * Kills the run with SIGKILL once `n` distinct things have appeared in its journal (read as it is
 * rewritten; the kill is the event's consequence, not a sleep's). Resolves how many were seen, or the
 * exit code when the run ended first.
 */
async function killAfter(n: number, out: string): Promise<{ seen: number; ended?: number | null }> {
  const run = startRun(out);
  const seen = new Set<string>();
  let ended: number | null | undefined;
  let finished = false;
  void run.exited.then((code) => {
    ended = code;
    finished = true;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no kill point ${n} in 120 s:\n${run.stderr()}`)),
      120_000,
    );
    const poll = setInterval(() => {
      for (const journal of journals(out)) for (const line of journal.lines) seen.add(line.entry.label);
      if (seen.size >= n || finished) {
        clearInterval(poll);
        clearTimeout(timer);
        if (!finished) run.child.kill('SIGKILL');
        resolve();
      }
    }, 2);
  });
  await run.exited;
  return { seen: seen.size, ...(ended === undefined || ended === null ? {} : { ended }) };
}

function cleanup(
  out: string,
  ...flags: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BUILT_BIN, 'cleanup', '--out', out, ...flags], { env: env() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe(`SIGKILL at a point of the run, then conformance cleanup (${describeSlot()})`, () => {
  for (const n of rotating(KILL_POINTS)) {
    it(`killed after the ${n}th created thing: cleanup --yes leaves the world as before the run`, async () => {
      const out = tempDir(`killed-${n}-`);
      const { seen, ended } = await killAfter(n, out);
      if (ended !== undefined) {
        console.log(
          `kill point ${n}: the run ended (exit ${ended}) after ${seen} created things, before the kill`,
        );
        expect(changes()).toEqual({});
        return;
      }
      expect(seen).toBeGreaterThanOrEqual(n);
      const left = journals(out);
      expect(left).toHaveLength(1);
      const tokens = [reference.identities.self.token, reference.identities.peer.token];
      const text = readdirSync(join(out, JOURNAL_FOLDER))
        .map((name) => readFileSync(join(out, JOURNAL_FOLDER, name), 'utf8'))
        .join('\n');
      for (const token of tokens) expect(text).not.toContain(token);
      const undone = await cleanup(out, '--yes');
      expect(undone.stderr).toBe('');
      expect(changes(), undone.stdout).toEqual({});
      expect(undone.code, undone.stdout).toBe(0);
      expect(reference.snapshot()).toEqual(before);
      // Nothing is left to undo: a second cleanup finds nothing.
      expect((await cleanup(out, '--yes')).stdout).toMatch(/^Nothing to undo/);
    }, 180_000);
  }
});

describe('after a killed run: nothing is undone without being asked', () => {
  it('cleanup without --yes and without a terminal says what it would undo and exits 2; the next run names the command', async () => {
    const out = tempDir('killed-ask-');
    const { ended } = await killAfter(5, out);
    expect(ended).toBeUndefined();
    const left = changes();
    expect(Object.keys(left).length).toBeGreaterThan(0);
    const asked = await cleanup(out);
    expect(asked.code).toBe(2);
    expect(asked.stdout).toMatch(/^ {2}undo .*channel\.delete/m);
    expect(asked.stderr).toMatch(/--yes/);
    expect(changes()).toEqual(left);
    // A run against the same target says so at first contact, names the command, and leaves them be.
    const next = startRun(out);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no notice:\n${next.stderr()}`)), 60_000);
      next.child.stderr?.on('data', () => {
        if (/conformance cleanup --out/.test(next.stderr())) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    next.child.kill('SIGKILL');
    await next.exited;
    expect(next.stderr()).toMatch(/An interrupted run against \S+ left \d+ thing/);
    const undone = await cleanup(out, '--yes');
    expect(undone.code, undone.stdout).toBe(0);
    expect(changes()).toEqual({});
  }, 180_000);
});
