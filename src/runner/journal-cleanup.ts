/**
 * `conformance cleanup` (issue 49 item 7): undoes what an interrupted run left, from its journal
 * (./journal.ts) alone — exactly the entries it lists and what its creates of unknown outcome are found
 * to have made by the run's unique names, nothing else — and reports what it could not undo. What is
 * left stays in the journal (and left-behind.sh) for a later try; a journal with nothing left is removed.
 */

import { join } from 'node:path';
import { oneLine } from '../../spec/brief.js';
import { HttpClient } from '../client/http.js';
import { tr } from '../i18n/index.js';
import { entryOfIntent } from './intents.js';
import type { FoundJournal } from './journal.js';
import { Ledger } from './ledger.js';
import { undoCurl } from './left-behind-file.js';
import type { CleanupRecord } from './model.js';
import type { Trigger } from './trigger.js';
import { findCreated, undoEntry } from './undo.js';

export interface JournalCleanupOptions {
  /** The report folder: left-behind.sh is rewritten there with what is still left. */
  outDir: string;
  token?: string;
  peerToken?: string;
  headers?: Record<string, string>;
  trigger?: Trigger;
  timeoutMs?: number;
  /** Time for the whole cleanup of one journal. Default 120 s. */
  budgetMs?: number;
}

/** What a journal holds, one line each: what the cleanup would undo and look for. */
export function describeJournal({ path, journal }: FoundJournal): string[] {
  const { target, lines, intents } = journal;
  const head = tr`${path}: a run against ${target.baseUrl} (started ${journal.startedAt}, process ${journal.pid}${journal.ended ? tr`, ended with undos that failed` : tr`, interrupted`})`;
  return [
    head,
    ...lines.map(
      ({ entry, checkId }) =>
        tr`  undo ${oneLine(entry.label, 160)} (${entry.kind}, by ${checkId}): ${entry.undo[0]} ${oneLine(JSON.stringify(entry.undo[1]), 160)}`,
    ),
    ...intents.map((intent) =>
      entryOfIntent(intent) && intent.state === 'answered'
        ? tr`  undo what ${intent.operation} made (by ${intent.checkId}): ${entryOfIntent(intent)?.undo[0]} ${oneLine(JSON.stringify(entryOfIntent(intent)?.undo[1]), 160)}`
        : tr`  look for what ${intent.operation} may have made (by ${intent.checkId}, ${intent.why ?? tr`no answer`}): ${oneLine(JSON.stringify(intent.fields), 160)}`,
    ),
  ];
}

/** Undoes what one journal lists; the records of each undo (failed ones: what is left). */
export async function cleanUpJournal(
  found: FoundJournal,
  options: JournalCleanupOptions,
): Promise<CleanupRecord[]> {
  const { target } = found.journal;
  const client = new HttpClient({
    baseUrl: target.baseUrl,
    self: { token: options.token, platform: target.platform, selfId: target.selfId },
    peer: { token: options.peerToken, selfId: target.peerSelfId },
    ...(options.headers ? { headers: options.headers } : {}),
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  const ledger = Ledger.fromJournal(found.journal);
  ledger.persistTo({
    path: join(options.outDir, 'left-behind.sh'),
    curl: undoCurl(client),
    journal: { path: found.path, target },
    redact: (text) => client.redactor.redactComposed(text),
  });
  const env = {
    client,
    ...(options.trigger ? { trigger: options.trigger } : {}),
    triggerUnavailableReason: tr`no trigger given to the cleanup (--trigger-url or --trigger-command)`,
  };
  return ledger.undoAll(undoEntry(env), { budgetMs: options.budgetMs ?? 120_000, find: findCreated(env) });
}
