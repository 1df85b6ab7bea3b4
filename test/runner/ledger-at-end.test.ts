/** LedgerEntry.atEnd: what the run needs until its last check is left out of the pass beside the after phase. */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src/runner/check.js';
import { Ledger } from '../../src/runner/ledger.js';

const registration: LedgerEntry = {
  kind: 'webhook',
  label: 'webhook registration of http://127.0.0.1:1/',
  undo: ['meta/webhook.delete', { url: 'http://127.0.0.1:1/' }],
  atEnd: true,
};
const message: LedgerEntry = {
  kind: 'message',
  label: 'message 1 in channel 2',
  undo: ['message.delete', { channel_id: '2', message_id: '1' }],
};

describe('Ledger atEnd entries', () => {
  it('are undone by the final cleanup only, after the rest', async () => {
    const ledger = new Ledger();
    ledger.add(registration, 'event stream');
    ledger.add(message, 'messages/x');
    const undone: string[] = [];
    const undo = async (entry: LedgerEntry) => {
      undone.push(entry.undo[0]);
    };
    const first = await ledger.undoAll(undo, { budgetMs: 5_000, final: false });
    expect(first.map((record) => record.operation)).toEqual(['message.delete']);
    expect(undone).toEqual(['message.delete']);
    const last = await ledger.undoAll(undo, { budgetMs: 5_000 });
    expect(last).toEqual([expect.objectContaining({ operation: 'meta/webhook.delete', status: 'undone' })]);
    expect(undone).toEqual(['message.delete', 'meta/webhook.delete']);
  });

  it('takes a budget computed from a clock, fractional milliseconds included', async () => {
    const ledger = new Ledger();
    ledger.add(message, 'messages/x');
    const records = await ledger.undoAll(async () => {}, { budgetMs: 32_745.233 });
    expect(records).toEqual([expect.objectContaining({ operation: 'message.delete', status: 'undone' })]);
  });
});
