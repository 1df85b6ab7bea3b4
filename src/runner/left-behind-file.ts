/**
 * left-behind.sh (issue 43 item 4, issue 49 items 6–7): what the run has not undone yet, newest first, as
 * curl commands through the interface, or as a comment saying what to do on the platform where no
 * operation can undo it; and the creates of unknown outcome it could not find, as "possibly created".
 */

import { oneLine } from '../../spec/brief.js';
import { renderCurl } from '../client/curl.js';
import type { HttpClient } from '../client/http.js';
import { tr } from '../i18n/index.js';
import type { LedgerEntry } from './check.js';
import type { JournalIntent, JournalTarget } from './journal.js';
import type { CleanupRecord } from './model.js';

/** An entry's undo as the curl command of left-behind.sh: the identity it was made as, tokens redacted. */
export const undoCurl =
  (client: HttpClient) =>
  (entry: LedgerEntry): string =>
    renderCurl({
      method: 'POST',
      url: `${client.baseUrl}/${entry.undo[0]}`,
      headers: client.redactor.redactHeaders(client.identityHeaders(entry.as), { sent: true }),
      // Ids stay whole (a short token only as a word of its own): the script must still work.
      body: client.redactor.redactComposed(JSON.stringify(entry.undo[1])),
    });

/** One entry of the ledger and what became of it. */
export interface LedgerLine {
  entry: LedgerEntry;
  checkId: string;
  settled: boolean;
  /** Why its undo failed (one line), once tried. */
  failure?: string;
  /** No operation of the interface can undo it (NotUndoable): the file says what to do instead. */
  byHandOnly?: boolean;
}

export interface LedgerFile {
  path: string;
  /** The curl command that undoes an entry by hand through the interface (token as $TOKEN). */
  curl: (entry: LedgerEntry) => string;
  /** The journal `conformance cleanup` reads (./journal.ts), with the target it names. */
  journal?: { path: string; target: JournalTarget };
  /** Redacts the run's tokens from the journal's text (none should be there: a field may hold one). */
  redact?: (text: string) => string;
}

/** The record of a create that may have made something the run could not find: possibly created. */
export function possiblyCreated(intent: JournalIntent, notFound: string): CleanupRecord {
  return {
    label: tr`possibly created: ${intent.operation} ${oneLine(JSON.stringify(intent.fields), 200)}`,
    kind: intent.operation.replace(/\.create$|\.set$/, ''),
    operation: intent.operation,
    checkId: intent.checkId,
    status: 'failed',
    error: tr`possibly created by ${intent.operation} (${intent.why ?? tr`no answer`}), not found: ${notFound}`,
  };
}

/**
 * A create of unknown outcome looked for by the unique name it carried and not found: it made nothing,
 * so nothing is left behind (status absent), and the cleanup says so rather than passing over it.
 */
export const foundNothing = (intent: JournalIntent): CleanupRecord => ({
  ...possiblyCreated(intent, ''),
  status: 'absent',
  error: tr`looked for by its unique name (${intent.why ?? tr`no answer`}): nothing found, nothing to undo`,
});

/** One line of a comment: whatever a body held (newlines, a shell's own comment), cut to a readable length. */
const commentLine = (text: string): string => oneLine(text, 400);

/** The command that undoes a line through the interface; undefined when none can (the trigger, not served). */
const commandOf = (line: LedgerLine, file: LedgerFile): string | undefined =>
  line.byHandOnly || line.entry.undo[0].startsWith('trigger:') ? undefined : file.curl(line.entry);

/** A line of the file: what it is, why its undo failed, then its command or what to do on the platform. */
function linesOf(line: LedgerLine, file: LedgerFile): string[] {
  const { entry } = line;
  const [operation, fields] = entry.undo;
  const head = [`# ${commentLine(tr`${entry.label} (${entry.kind}), created by ${line.checkId}`)}`];
  if (line.failure) head.push(tr`# the cleanup's undo failed: ${commentLine(line.failure)}`);
  const command = commandOf(line, file);
  if (command) return [...head, command];
  const how = operation.startsWith('trigger:')
    ? tr`it is undone through the trigger (event ${operation.slice('trigger:'.length)} ${JSON.stringify(fields)}), not through an operation of the interface`
    : tr`${operation} ${JSON.stringify(fields)} cannot undo it on this server`;
  const platform = entry.byHand ?? tr`undo it on the platform: ${entry.label}`;
  return [...head, tr`# no command: ${commentLine(how)}; ${commentLine(platform)}`];
}

/** The whole script: its header, each line left, then each create possibly made. */
export function leftBehindScript(
  left: readonly LedgerLine[],
  uncertain: readonly JournalIntent[],
  file: LedgerFile,
): string {
  const byHand = left.filter((line) => !commandOf(line, file)).length;
  return [
    '#!/bin/sh',
    tr`# What a conformance run created and had not undone yet (newest first). If the run could not`,
    tr`# finish its cleanup, run these commands with TOKEN (and PEER_TOKEN) set to delete it by hand.`,
    tr`# An entry with no command is one no operation of the interface undoes: its comment says what to do.`,
    `${left.length === 1 ? tr`# ${left.length} entry left` : tr`# ${left.length} entries left`}${byHand ? tr`, ${byHand} of them by hand only` : ''}`,
    ...left.flatMap((line) => linesOf(line, file)),
    ...uncertain.map(
      (intent) =>
        `# ${commentLine(possiblyCreated(intent, tr`look for it on the platform by its name`).error ?? '')}`,
    ),
    '',
  ].join('\n');
}
