/**
 * The ledger of everything the run created (DESIGN.md "Safety"). Entries are undone in reverse order at
 * the end of the run — after failures and on SIGINT/SIGTERM too. A failed undo is reported.
 */
import { isDeepStrictEqual } from 'node:util';
import type { LedgerEntry } from './check.js';
import type { CleanupRecord } from './model.js';

interface Line {
  entry: LedgerEntry;
  checkId: string;
  settled: boolean;
}

export type Undo = (entry: LedgerEntry) => Promise<void>;

export class Ledger {
  private readonly lines: Line[] = [];

  add(entry: LedgerEntry, checkId: string): void {
    this.lines.push({ entry, checkId, settled: false });
  }

  /** A successful call that equals an entry's undo (same operation, same fields) settles that entry. */
  settle(operation: string, fields: Record<string, unknown>): void {
    const [undoOperation, undoFields] = [operation, fields];
    for (const line of this.lines) {
      if (line.settled || line.entry.undo[0] !== undoOperation) continue;
      const matches = Object.entries(line.entry.undo[1]).every(([key, value]) =>
        isDeepStrictEqual(undoFields[key], value),
      );
      if (matches) line.settled = true;
    }
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

  /** Undoes every unsettled entry, newest first, one at a time; never throws. */
  async undoAll(undo: Undo): Promise<CleanupRecord[]> {
    const records: CleanupRecord[] = [];
    for (const line of [...this.lines].reverse()) {
      if (line.settled) continue;
      const record: CleanupRecord = {
        label: line.entry.label,
        kind: line.entry.kind,
        operation: line.entry.undo[0],
        checkId: line.checkId,
        status: 'undone',
      };
      try {
        await undo(line.entry);
        line.settled = true;
      } catch (error) {
        record.status = 'failed';
        record.error = error instanceof Error ? error.message : String(error);
      }
      records.push(record);
    }
    return records;
  }
}
