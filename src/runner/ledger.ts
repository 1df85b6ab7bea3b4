/**
 * The ledger of everything the run created (the checker changes only what it created). Entries are
 * undone at the end of the run — after failures and on SIGINT/SIGTERM too — in dependency order: the channels the run created,
 * taking what they hold with them (messages, reactions, mutes: no request each), and its roles, taking
 * their assignments, together with what nothing depends on (messages in other channels, taking their
 * reactions; mutes, requests: one check's newest first); then what is left, guilds last; in parallel
 * where that order allows, within a time budget. A failed undo is reported; an undo answered "not found"
 * is not "left behind". While the run goes on, the engine may undo an ended check's channels and
 * messages already (takeWhileRunning).
 *
 * With a file, the pending entries are written to it every time they change, so a second Ctrl-C, a kill
 * or an out-of-memory crash still leaves the list of what to delete by hand: a curl command to the
 * interface where one of its operations undoes the entry, else a comment saying what to do on the
 * platform (an undo through the trigger, an operation the server does not serve: issue 43 item 4).
 */

import { setMaxListeners } from 'node:events';
import { rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { tr } from '../i18n/index.js';
import type { Identity } from '../wire.js';
import type { LedgerEntry } from './check.js';
import { entryOfIntent, followsCreate, undoesIntent } from './intents.js';
import { type Journal, type JournalIntent, newJournal, removeJournal, writeAtomically } from './journal.js';
import { ledgerFileClosed, ledgerFileOpened } from './ledger-files.js';
import {
  foundNothing,
  type LedgerFile,
  type LedgerLine as Line,
  leftBehindScript,
  possiblyCreated,
} from './left-behind-file.js';
import type { CleanupRecord } from './model.js';

/** A line takeWhileRunning gave: undo it with undoWhileRunning; `list` is the list its undo changes. */
export interface LineWhileRunning {
  readonly list: 'channel.list' | 'message.list';
}

interface TakenLine extends LineWhileRunning {
  line: Line;
}

/** `deadline` (performance.now() ms): when the budget ends; an undo may wait for quota until then. */
export type Undo = (entry: LedgerEntry, signal: AbortSignal, deadline: number) => Promise<void>;

/** An undo answered that the thing does not exist (any more): nothing is left behind. */
export class AlreadyAbsent extends Error {
  override name = 'AlreadyAbsent';
}

/**
 * An undo no request of the interface can do: the server does not serve its operation, or it goes
 * through the trigger, which refused. What is left is listed as a comment, never as a command.
 */
export class NotUndoable extends Error {
  override name = 'NotUndoable';
}

/**
 * Looks for what uncertain creates may have made (./find-created.ts): the entries found, or why it could
 * not look (the intent then stays, reported as possibly created).
 */
export type FindCreated = (intent: JournalIntent, signal: AbortSignal) => Promise<LedgerEntry[] | string>;

export interface UndoOptions {
  /** Cleanup budget: undos not finished by then are aborted and reported as failed. */
  budgetMs: number;
  /** Undos in flight at once within a wave. Default 4. */
  concurrency?: number;
  /** false: more entries may come (the run goes on), so the file stays open. Default true. */
  final?: boolean;
  /** Looks for what creates of unknown outcome made (5xx, timeout): found, it is undone too. */
  find?: FindCreated;
}

/**
 * Undo waves, in order: what lives inside a message, messages, the rest, channels, guilds (after the
 * channels the run created, which go first with what they hold).
 */
const wave = (operation: string): number => {
  if (/reaction/.test(operation)) return 0;
  if (operation === 'message.delete') return 1;
  if (operation === 'channel.delete') return 3;
  if (/^guild\.(delete|leave)$/.test(operation)) return 4;
  return 2;
};
/** The wave of what is neither in a message nor a message, a channel or a guild (mutes, roles, requests…). */
const REST_WAVE = 2;
/** Waves whose entries do not depend on each other (all undone in parallel); in the rest, a check's go in order. */
const PARALLEL_WAVES = new Set([0, 1, 3]);

/** The record of a line undone by `operation` (its own undo, or the delete of what held it). */
const undoneRecord = (line: Line, operation: string): CleanupRecord => ({
  label: line.entry.label,
  kind: line.entry.kind,
  operation,
  checkId: line.checkId,
  status: 'undone',
});

const byCheck = (lines: readonly Line[]): Map<string, Line[]> => {
  const groups = new Map<string, Line[]>();
  for (const line of lines) groups.set(line.checkId, [...(groups.get(line.checkId) ?? []), line]);
  return groups;
};

/** One undoAll's shared state: what it undoes, the records so far, and its bounded parallel runner. */
interface UndoRound {
  pending: Line[];
  records: Map<Line, CleanupRecord>;
  inParallel: (tasks: Line[][]) => Promise<void>;
}

export class Ledger {
  private readonly lines: Line[] = [];
  /** Lines an undoAll has tried already: a second undoAll (after the after phase) leaves them be. */
  readonly #attempted = new Set<Line>();
  /** Lines whose undo is under way. */
  readonly #inFlight = new Set<Line>();
  #file?: LedgerFile;
  /** Creates sent whose outcome is not settled yet (./intents.ts). */
  readonly #intents: JournalIntent[] = [];
  #journal?: Journal;

  /** Keeps `file` up to date with what is still to undo, from now on. */
  persistTo(file: LedgerFile): void {
    this.#file = file;
    if (file.journal) this.#journal ??= newJournal(file.journal.target);
    ledgerFileOpened(file.path);
    this.#write();
  }

  /** A ledger of what an interrupted run's journal left (`conformance cleanup`), kept in the same file. */
  static fromJournal(journal: Journal): Ledger {
    const ledger = new Ledger();
    ledger.#journal = journal;
    for (const { entry, checkId, failure } of journal.lines)
      ledger.lines.push({ entry, checkId, settled: false, ...(failure ? { failure } : {}) });
    for (const intent of journal.intents) {
      // What the answer named is an entry now; the rest may have been made: looked for.
      const entry = intent.state === 'answered' ? entryOfIntent(intent) : undefined;
      if (entry) ledger.#adopt(entry, intent.checkId);
      else
        ledger.#intents.push({
          ...intent,
          state: 'uncertain',
          why: intent.why ?? tr`the run ended before its answer`,
        });
    }
    return ledger;
  }

  /**
   * A create about to be sent (./intents.ts): followed until its answer shows what it made, so that a
   * run killed meanwhile leaves it in the journal. Undefined for an operation that creates nothing.
   */
  intend(checkId: string, operation: string, fields: Record<string, unknown>, as?: Identity) {
    if (!followsCreate(operation, fields)) return undefined;
    const intent: JournalIntent = { checkId, operation, fields, state: 'sent', ...(as ? { as } : {}) };
    this.#intents.push(intent);
    this.#write();
    return intent;
  }

  /**
   * The answer to an intended create: a 2xx names what it made (followed until tracked or undone), a 4xx
   * made nothing, anything else (a 5xx, no answer: `status` undefined) may have made it.
   */
  answered(intent: JournalIntent | undefined, status: number | undefined, createdId?: string, why?: string) {
    if (!intent) return;
    if (status !== undefined && status >= 200 && status < 300) {
      intent.state = 'answered';
      if (createdId !== undefined) intent.createdId = createdId;
      // A create whose answer names nothing it could undo stays uncertain: looked for by its name.
      if (!entryOfIntent(intent))
        Object.assign(intent, { state: 'uncertain', why: tr`answered ${status} without an id` });
    } else if (status !== undefined && status >= 400 && status < 500) this.#dropIntent(intent);
    else Object.assign(intent, { state: 'uncertain', why: why ?? tr`answered ${status}` });
    this.#write();
  }

  #dropIntent(intent: JournalIntent): void {
    const at = this.#intents.indexOf(intent);
    if (at >= 0) this.#intents.splice(at, 1);
  }

  /** Creates of unknown outcome (a 5xx, a timeout) still to look for. */
  uncertain(): readonly JournalIntent[] {
    return this.#intents.filter((intent) => intent.state !== 'answered');
  }

  /** An entry found for an intent, unless a line undoes it already. */
  #adopt(entry: LedgerEntry, checkId: string): void {
    const same = this.lines.some(
      (line) => line.entry.undo[0] === entry.undo[0] && isDeepStrictEqual(line.entry.undo[1], entry.undo[1]),
    );
    if (!same) this.lines.push({ entry, checkId, settled: false });
  }

  /** Operations that answered 2xx in this run (every call settle saw). */
  readonly #served = new Set<string>();

  /** Whether `operation` answered 2xx at least once in this run: the server serves it. */
  served(operation: string): boolean {
    return this.#served.has(operation);
  }

  add(entry: LedgerEntry, checkId: string): void {
    this.lines.push({ entry, checkId, settled: false });
    // The create it came from is followed by this line now.
    for (const intent of this.#intents.filter((one) => one.state === 'answered' && undoesIntent(entry, one)))
      this.#dropIntent(intent);
    this.#write();
  }

  /** A successful call that equals an entry's undo (same operation, same fields) settles that entry. */
  settle(operation: string, fields: Record<string, unknown>): void {
    this.#served.add(operation);
    let changed = false;
    const matches = ([wanted, wantedFields]: [string, Record<string, unknown>]) =>
      wanted === operation &&
      Object.entries(wantedFields).every(([key, value]) => isDeepStrictEqual(fields[key], value));
    for (const line of this.lines) {
      if (line.settled) continue;
      if (matches(line.entry.undo) || (line.entry.settledBy && matches(line.entry.settledBy))) {
        line.settled = true;
        changed = true;
      }
    }
    // An answered create the run undid itself, before or without tracking it.
    const undone = { kind: '', label: '', undo: [operation, fields] } satisfies LedgerEntry;
    for (const intent of this.#intents.filter(
      (one) => one.state === 'answered' && undoesIntent(undone, one),
    )) {
      this.#dropIntent(intent);
      changed = true;
    }
    if (changed) this.#write();
  }

  /** Entries still to undo, newest first. */
  pending(): LedgerEntry[] {
    return this.lines
      .filter((line) => !line.settled)
      .reverse()
      .map((line) => line.entry);
  }

  get size(): number {
    return this.lines.length;
  }

  /**
   * Undoes every unsettled entry not tried yet in dependency order (see the header) within the budget;
   * never throws. Independent undos run in parallel; where entries may depend on each other, those of one
   * check go one by one (newest first) while different checks' go in parallel.
   */
  async undoAll(undo: Undo, options: UndoOptions = { budgetMs: 60_000 }): Promise<CleanupRecord[]> {
    const budget = budgetSignal(options.budgetMs);
    const deadline = performance.now() + options.budgetMs;
    const concurrency = Math.max(1, options.concurrency ?? 4);
    // Every undo in flight listens to the budget (an undo may read back: two requests).
    setMaxListeners(2 * concurrency + 10, budget);
    const notFound =
      options.find && options.final !== false ? await this.#findUncertain(options.find, budget) : [];
    const pending = this.#pending(options.final !== false);
    const records = new Map<Line, CleanupRecord>();
    const undoLine = (line: Line) =>
      this.#undoLine(line, undo, { signal: budget, deadline, ms: options.budgetMs }, records);
    const inParallel = async (tasks: Line[][]) => {
      let next = 0;
      const worker = async () => {
        while (next < tasks.length) for (const line of tasks[next++]) await undoLine(line);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
    };
    const round = { pending, records, inParallel };
    await this.#containersFirst(round);
    await this.#messagesThenReactions(round);
    // Whatever is left (a reaction whose message could not be deleted…), then the guilds, one check's in order.
    for (const current of [0, 1, REST_WAVE, 3, 4]) {
      const lines = pending.filter(
        (line) => !this.#attempted.has(line) && wave(line.entry.undo[0]) === current,
      );
      await inParallel(
        PARALLEL_WAVES.has(current) ? lines.map((line) => [line]) : [...byCheck(lines).values()],
      );
    }
    if (options.final !== false) this.#finish();
    return [...pending.flatMap((line) => records.get(line) ?? []), ...notFound];
  }

  /**
   * Looks for what each uncertain create made (issue 49 item 6): found, it becomes a line to undo; found
   * nothing, it is reported absent; where it could not look, the create stays, reported as possibly
   * created (a failed record, a comment in left-behind.sh).
   */
  async #findUncertain(find: FindCreated, signal: AbortSignal): Promise<CleanupRecord[]> {
    const records: CleanupRecord[] = [];
    for (const intent of [...this.uncertain()]) {
      let found: LedgerEntry[] | string;
      try {
        found = signal.aborted ? tr`the cleanup budget was spent` : await find(intent, signal);
      } catch (error) {
        found = (error as Error).message;
      }
      if (typeof found === 'string') {
        intent.state = 'uncertain';
        records.push(possiblyCreated(intent, found));
        continue;
      }
      this.#dropIntent(intent);
      if (found.length === 0) records.push(foundNothing(intent));
      for (const entry of found) this.#adopt(entry, intent.checkId);
    }
    this.#write();
    return records;
  }

  /**
   * The lines still to undo, newest first, but for what a channel being deleted meanwhile holds and,
   * unless `final`, what the run needs until its last check (LedgerEntry.atEnd).
   */
  #pending(final: boolean): Line[] {
    // What a channel being deleted meanwhile holds (cleanup while running) goes with it: left to that delete.
    const beingDeleted = new Set(
      [...this.#inFlight]
        .filter((line) => line.entry.undo[0] === 'channel.delete')
        .map((line) => line.entry.undo[1].channel_id),
    );
    return [...this.lines]
      .reverse()
      .filter(
        (line) =>
          !line.settled &&
          !this.#attempted.has(line) &&
          !beingDeleted.has(line.entry.undo[1].channel_id) &&
          (final || !line.entry.atEnd),
      );
  }

  /**
   * A channel the run created goes with what it holds (its messages, their reactions, its mute): deleted
   * first, it spares a request per message. What a channel that could not be deleted holds is undone
   * one by one later, in the usual order. Meanwhile the rest (mutes, roles, requests…), which no message
   * or channel depends on: the undos of one check in order, newest first, different checks' in parallel.
   */
  async #containersFirst({ pending, records, inParallel }: UndoRound): Promise<void> {
    const channels = pending.filter((line) => line.entry.undo[0] === 'channel.delete');
    const channelIds = new Set(channels.map((line) => line.entry.undo[1].channel_id));
    // Likewise a role the run created goes with its assignments (no unset each).
    const roles = pending.filter((line) => line.entry.undo[0] === 'guild.role.delete');
    const roleIds = new Set(roles.map((line) => line.entry.undo[1].role_id));
    const assignedRole = (line: Line) =>
      line.entry.undo[0] === 'guild.member.role.unset' && roleIds.has(line.entry.undo[1].role_id);
    const rest = pending.filter(
      (line) =>
        wave(line.entry.undo[0]) === REST_WAVE &&
        line.entry.undo[0] !== 'guild.role.delete' &&
        !assignedRole(line) &&
        !channelIds.has(line.entry.undo[1].channel_id),
    );
    // Messages in channels the run does not delete (the sandbox channel) depend on no channel: with them.
    const freeMessages = pending.filter(
      (line) => line.entry.undo[0] === 'message.delete' && !channelIds.has(line.entry.undo[1].channel_id),
    );
    await inParallel([
      ...channels.map((line) => [line]),
      ...roles.map((line) => [line]),
      ...freeMessages.map((line) => [line]),
      ...byCheck(rest).values(),
    ]);
    const rolesDeleted = new Set(
      roles.filter((line) => line.settled).map((line) => line.entry.undo[1].role_id),
    );
    this.#goWith(
      pending.filter((line) => line.entry.undo[0] === 'guild.member.role.unset'),
      records,
      (fields) => rolesDeleted.has(fields.role_id),
      'guild.role.delete',
    );
    const deleted = new Set(
      channels.filter((line) => line.settled).map((line) => line.entry.undo[1].channel_id),
    );
    this.#goWith(pending, records, (fields) => deleted.has(fields.channel_id), 'channel.delete');
    // A reaction goes with its message, when the run deletes that message.
    const freeDeleted = new Set(
      freeMessages.filter((line) => line.settled).map((line) => line.entry.undo[1].message_id),
    );
    this.#goWith(
      pending.filter((line) => wave(line.entry.undo[0]) === 0),
      records,
      (fields) => freeDeleted.has(fields.message_id),
      'message.delete',
    );
  }

  /** The messages still there (reactions on other messages first), then what went with them. */
  async #messagesThenReactions({ pending, records, inParallel }: UndoRound): Promise<void> {
    const messages = pending.filter(
      (line) => line.entry.undo[0] === 'message.delete' && !this.#attempted.has(line),
    );
    const messageIds = new Set(messages.map((line) => line.entry.undo[1].message_id));
    const reactions = pending.filter((line) => wave(line.entry.undo[0]) === 0 && !this.#attempted.has(line));
    await inParallel(
      reactions.filter((line) => !messageIds.has(line.entry.undo[1].message_id)).map((line) => [line]),
    );
    await inParallel(messages.map((line) => [line]));
    const messagesDeleted = new Set(
      messages.filter((line) => line.settled).map((line) => line.entry.undo[1].message_id),
    );
    this.#goWith(reactions, records, (fields) => messagesDeleted.has(fields.message_id), 'message.delete');
  }

  /**
   * One entry that may be undone while the run goes on (issue 11: no cleanup tail), the newest, taken (it
   * is tried once): of a check `ended` says is over, a channel (what it holds goes with it) or a message in a
   * channel the run does not delete, when `writable` says its list may change now. Everything else
   * (roles, mutes, requests, reactions on their own) waits for undoAll.
   */
  takeWhileRunning(
    ended: ReadonlySet<string>,
    writable: (list: 'channel.list' | 'message.list') => boolean,
  ): LineWhileRunning | undefined {
    // Channels still to delete or being deleted take their messages with them (one that failed does not).
    const channelsToDelete = new Set(
      this.lines
        .filter(
          (line) =>
            !line.settled &&
            (!this.#attempted.has(line) || this.#inFlight.has(line)) &&
            line.entry.undo[0] === 'channel.delete',
        )
        .map((line) => line.entry.undo[1].channel_id),
    );
    for (const line of [...this.lines].reverse()) {
      if (line.settled || this.#attempted.has(line) || !ended.has(line.checkId)) continue;
      const [operation, fields] = line.entry.undo;
      const list =
        operation === 'channel.delete'
          ? 'channel.list'
          : operation === 'message.delete' && !channelsToDelete.has(fields.channel_id)
            ? 'message.list'
            : undefined;
      if (!list || !writable(list)) continue;
      this.#attempted.add(line);
      const taken: TakenLine = { line, list };
      return taken;
    }
    return undefined;
  }

  /** Undoes a line taken by takeWhileRunning, with what goes with it; its records. */
  async undoWhileRunning(taken: LineWhileRunning, undo: Undo, budgetMs: number): Promise<CleanupRecord[]> {
    const { line } = taken as TakenLine;
    const records = new Map<Line, CleanupRecord>();
    const budget = {
      signal: budgetSignal(budgetMs),
      deadline: performance.now() + budgetMs,
      ms: budgetMs,
    };
    await this.#undoLine(line, undo, budget, records);
    if (line.settled) {
      const [operation, fields] = line.entry.undo;
      const left = this.lines.filter((other) => !other.settled);
      if (operation === 'channel.delete')
        this.#goWith(left, records, (held) => held.channel_id === fields.channel_id, operation);
      else
        this.#goWith(
          left.filter((other) => wave(other.entry.undo[0]) === 0),
          records,
          (held) => held.message_id === fields.message_id,
          operation,
        );
    }
    return [...records.values()];
  }

  /** Undoes one line (tried once), recording how it went. */
  async #undoLine(
    line: Line,
    undo: Undo,
    { signal: budget, deadline, ms: budgetMs }: { signal: AbortSignal; deadline: number; ms: number },
    records: Map<Line, CleanupRecord>,
  ): Promise<void> {
    this.#attempted.add(line);
    const record = undoneRecord(line, line.entry.undo[0]);
    records.set(line, record);
    if (budget.aborted) {
      record.status = 'failed';
      record.error = tr`not attempted: the cleanup budget of ${budgetMs} ms was spent`;
      return;
    }
    this.#inFlight.add(line);
    try {
      await undo(line.entry, budget, deadline);
      line.settled = true;
    } catch (error) {
      if (error instanceof AlreadyAbsent) {
        record.status = 'absent';
        record.error = error.message;
        line.settled = true;
      } else {
        record.status = 'failed';
        record.error = budget.aborted
          ? tr`the cleanup budget of ${budgetMs} ms was spent before the undo finished`
          : error instanceof Error
            ? error.message
            : String(error);
        if (line.entry.unproven) record.error += tr`; perhaps nothing is left: ${line.entry.unproven}`;
        line.failure = record.error;
        line.byHandOnly = error instanceof NotUndoable && !budget.aborted;
      }
    } finally {
      this.#inFlight.delete(line);
    }
    this.#write();
  }

  /** Settles, as undone by `by`, the lines not tried yet whose undo fields `went` says went with it. */
  #goWith(
    lines: readonly Line[],
    records: Map<Line, CleanupRecord>,
    went: (fields: Record<string, unknown>) => boolean,
    by: string,
  ): void {
    for (const line of lines) {
      if (this.#attempted.has(line) || line.entry.undo[0] === by || !went(line.entry.undo[1])) continue;
      this.#attempted.add(line);
      line.settled = true;
      records.set(line, undoneRecord(line, by));
    }
    this.#write();
  }

  /** Stops writing the file; removes it (and the journal) when nothing is left to undo. */
  #finish(): void {
    const file = this.#file;
    if (!file) return;
    // What is left in the journal was tried: it is no longer a run in progress.
    if (this.#journal) this.#journal.ended = true;
    this.#write();
    if (this.pending().length === 0 && this.uncertain().length === 0) {
      rmSync(file.path, { force: true });
      if (file.journal) removeJournal(file.journal.path);
    }
    ledgerFileClosed(file.path);
    this.#file = undefined;
  }

  /** The journal as it stands (`conformance cleanup` writes it back after its own undos). */
  #journalText(): string | undefined {
    const journal = this.#journal;
    if (!journal) return undefined;
    journal.lines = this.lines
      .filter((line) => !line.settled)
      .map(({ entry, checkId, failure }) => ({ entry, checkId, ...(failure ? { failure } : {}) }));
    journal.intents = [...this.#intents];
    const text = `${JSON.stringify(journal, null, 1)}\n`;
    return this.#file?.redact ? this.#file.redact(text) : text;
  }

  /**
   * Writes what is left (synchronously: it must be on disk before a crash can happen), each file whole
   * or not at all (a temporary file renamed over it).
   */
  #write(): void {
    const file = this.#file;
    if (!file) return;
    try {
      const journal = this.#journalText();
      if (journal !== undefined && file.journal) writeAtomically(file.journal.path, journal);
      const left = this.lines.filter((line) => !line.settled).reverse();
      writeAtomically(file.path, leftBehindScript(left, this.uncertain(), file));
    } catch {
      // The report folder was checked before the run; a failure here must not stop the cleanup.
    }
  }
}

/** A signal that aborts when `ms` is over: budgets are computed from clocks, and Node takes whole ms only. */
const budgetSignal = (ms: number): AbortSignal => AbortSignal.timeout(Math.max(1, Math.ceil(ms)));
