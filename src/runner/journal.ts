/**
 * The ledger's journal on disk (issue 49 item 7): what a run created and has not undone yet, and the
 * creates it sent whose outcome it does not know yet, as JSON, rewritten atomically (a temporary file,
 * then a rename) every time it changes, so that a run killed at any moment (SIGKILL, an out-of-memory
 * kill, a cancelled CI job) leaves a whole record that `conformance cleanup` undoes. It holds ids,
 * operations and the fields the run chose, never a token (the run's redactor passes over its text).
 *
 * Each run has its own file in the `.ledger` folder of the report folder, named after its start and
 * process id: the next run in the same folder does not overwrite it, and finds it.
 */

import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { tr } from '../i18n/index.js';
import type { Identity } from '../wire.js';
import type { LedgerEntry } from './check.js';

/** The folder of the journals, inside the report folder. */
export const JOURNAL_FOLDER = '.ledger';

/** What the cleanup needs to reach the target again, tokens aside (they come from the environment). */
export interface JournalTarget {
  baseUrl: string;
  platform?: string;
  selfId?: string;
  peerSelfId?: string;
}

/** The journal's target: the base URL and the identities' non-secret parts. */
export function journalTarget(
  baseUrl: string,
  identity: { platform?: string | undefined; selfId?: string | undefined; peerSelfId?: string | undefined },
): JournalTarget {
  const { platform, selfId, peerSelfId } = identity;
  return {
    baseUrl,
    ...(platform ? { platform } : {}),
    ...(selfId ? { selfId } : {}),
    ...(peerSelfId ? { peerSelfId } : {}),
  };
}

/** A line of the ledger: an entry to undo (`failure`: why an undo failed, once tried). */
export interface JournalLine {
  checkId: string;
  entry: LedgerEntry;
  failure?: string;
}

/**
 * A create the run sent (./intents.ts): 'sent' — no answer yet; 'answered' — answered 2xx, until the run
 * tracks or undoes what it made; 'uncertain' — answered 5xx, timed out or failed on the way: it may
 * have created.
 */
export interface JournalIntent {
  checkId: string;
  operation: string;
  fields: Record<string, unknown>;
  as?: Identity;
  state: 'sent' | 'answered' | 'uncertain';
  /** The id the answer gave the created thing. */
  createdId?: string;
  /** How it answered, for 'uncertain'. */
  why?: string;
}

export interface Journal {
  version: 1;
  target: JournalTarget;
  /** The run's process, and its machine: a journal of a live run is not cleaned up. */
  pid: number;
  host: string;
  startedAt: string;
  /** Set when the run ended its cleanup (what is left, it could not undo). */
  ended?: true;
  lines: JournalLine[];
  intents: JournalIntent[];
}

/** The journal path of a run started now in `outDir`. */
export const journalPath = (outDir: string, startedAt = new Date()): string =>
  join(outDir, JOURNAL_FOLDER, `${startedAt.toISOString().replace(/[:.]/g, '-')}-${process.pid}.json`);

/** Writes `text` to `path` whole or not at all: a reader never sees half a file. */
export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

export const newJournal = (target: JournalTarget): Journal => ({
  version: 1,
  target,
  pid: process.pid,
  host: hostname(),
  startedAt: new Date().toISOString(),
  lines: [],
  intents: [],
});

/** Whether the run that wrote `journal` may still be going (same machine, its process alive). */
export function mayBeRunning(journal: Journal): boolean {
  if (journal.ended || journal.host !== hostname()) return false;
  // This process's own journals belong to runs of its own (ended ones are removed or marked ended).
  if (journal.pid === process.pid) return true;
  try {
    process.kill(journal.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface FoundJournal {
  path: string;
  journal: Journal;
}

/** The journals in `outDir` (unreadable files are named in `unreadable`), oldest first. */
export function readJournals(outDir: string): { found: FoundJournal[]; unreadable: string[] } {
  const folder = join(outDir, JOURNAL_FOLDER);
  if (!existsSync(folder)) return { found: [], unreadable: [] };
  const found: FoundJournal[] = [];
  const unreadable: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    const path = join(folder, name);
    try {
      const journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
      if (journal.version !== 1 || !Array.isArray(journal.lines) || !Array.isArray(journal.intents))
        throw new Error('not a ledger journal of this version');
      found.push({ path, journal });
    } catch {
      unreadable.push(path);
    }
  }
  return { found, unreadable };
}

/** The journals of interrupted runs against `baseUrl` in `outDir`, with something left in them. */
export function interruptedJournals(outDir: string, baseUrl?: string): FoundJournal[] {
  const same = (url: string) => !baseUrl || url.replace(/\/+$/, '') === baseUrl.replace(/\/+$/, '');
  return readJournals(outDir).found.filter(
    ({ journal }) =>
      same(journal.target.baseUrl) &&
      !mayBeRunning(journal) &&
      journal.lines.length + journal.intents.length > 0,
  );
}

/** Removes a journal, and its folder once empty: a run that left nothing leaves no trace. */
export function removeJournal(path: string): void {
  rmSync(path, { force: true });
  try {
    rmdirSync(dirname(path));
  } catch {
    // Another run's journal is still there.
  }
}

/**
 * What a run says at first contact when an interrupted run against the same target left things in
 * `outDir` (`out`: the folder as the user named it): how many, where, and the command that undoes them.
 * It never undoes them itself. Undefined when there are none.
 */
export function interruptedNotice(outDir: string, out: string, baseUrl: string): string | undefined {
  const left = interruptedJournals(outDir, baseUrl);
  if (left.length === 0) return undefined;
  const count = left.reduce((sum, { journal }) => sum + journal.lines.length + journal.intents.length, 0);
  return tr`An interrupted run against ${baseUrl} left ${count} thing(s) it created or may have created (${left.map(({ path }) => path).join(', ')}); this run does not touch them. Undo exactly those: conformance cleanup --out ${out} --base-url ${baseUrl} --yes\n`;
}
