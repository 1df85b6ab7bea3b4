/**
 * Only what it proved it created (issue 49 item 6). Under the reference fault create-500-after-create
 * (channel.create and guild.role.create answer 500 after creating), the run looks for what it may have
 * made by the unique name it chose and undoes it: nothing is left, nothing unreported. Under the
 * tolerance trigger-joins-existing-guild (the trigger's guild-added joins an existing guild and answers
 * its id), the run renames no guild it did not make, and undoes the join.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import { Ledger } from '../../src/runner/ledger.js';
import { tempDir } from '../support/temp.js';

let reference: ReferenceServer | undefined;
afterEach(async () => {
  await reference?.close();
  reference = undefined;
});

describe('a create that answered 500 after creating', () => {
  it('is found by its name and undone: the world is as before, and the report says so', async () => {
    reference = await startReference({ faults: ['create-500-after-create'] });
    const before = reference.snapshot();
    const result = await run({
      reference,
      includeExperimental: true,
      grep: '^(channel\\.create/creates-channel|guild\\.role\\.create/|channel\\.update/renames-channel|event\\.channel-added/)',
      confirm: false,
    });
    // The fault shows (the creates answered 500) ...
    expect(result.checks.some((check) => check.status === 'fail')).toBe(true);
    // ... and what they made is undone, each said to be what a create of unknown outcome made.
    const found = (result.cleanup ?? []).filter((record) => /possibly created/.test(record.label));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((record) => record.status === 'undone')).toBe(true);
    expect(found.map((record) => record.operation).sort()).toEqual(
      expect.arrayContaining(['channel.delete', 'guild.role.delete']),
    );
    expect(reference.snapshot()).toEqual(before);
  });

  it('without the fault nothing is "possibly created" (the search is for creates of unknown outcome only)', async () => {
    reference = await startReference();
    const before = reference.snapshot();
    const result = await run({
      reference,
      includeExperimental: true,
      grep: '^(channel\\.create/creates-channel|guild\\.role\\.create/)',
      confirm: false,
    });
    expect((result.cleanup ?? []).filter((record) => /possibly created/.test(record.label))).toEqual([]);
    expect(reference.snapshot()).toEqual(before);
  });
});

describe('a trigger whose guild-added joins an existing guild', () => {
  it('renames no guild the run did not make, and undoes the join', async () => {
    reference = await startReference({ tolerances: ['trigger-joins-existing-guild'] });
    const before = reference.snapshot();
    const result = await run({
      reference,
      includeExperimental: true,
      grep: '^event\\.guild-(added|updated|removed)/',
      // One at a time: the three would otherwise contend for the one guild the trigger joins.
      concurrency: 1,
      confirm: false,
    });
    const updated = result.checks.find((check) => check.id === 'event.guild-updated/required-resources');
    expect(updated?.status).toBe('skip');
    expect(updated?.reason).toMatch(/not a guild the run made/);
    expect(result.checks.filter((check) => check.status === 'fail' || check.status === 'error')).toEqual([]);
    expect((result.cleanup ?? []).filter((record) => record.status === 'failed')).toEqual([]);
    // Every guild keeps its name, and the bot is a member of what it was before: the world is as it was.
    expect(reference.snapshot()).toEqual(before);
  });

  it('where the trigger makes the guild the run asked for, the same check renames it (the proof can pass)', async () => {
    reference = await startReference();
    const result = await run({
      reference,
      grep: '^event\\.guild-updated/',
      confirm: false,
    });
    expect(result.checks.map((check) => check.status)).toEqual(['pass']);
  });
});

describe('a create of unknown outcome the run cannot look for', () => {
  it('is reported "possibly created" and listed in left-behind.sh, not dropped', async () => {
    const { ledger, path } = ledgerWithFile('possibly-');
    const fields = { guild_id: '3001', data: { name: 'conformance-role-mwz1abcdefg' } };
    const intent = ledger.intend('some/check', 'guild.role.create', fields);
    ledger.answered(intent, 502);
    const records = await ledger.undoAll(
      async () => {
        throw new Error('nothing to undo');
      },
      { budgetMs: 5_000, find: async () => 'guild.role.list answered HTTP 501' },
    );
    expect(records).toEqual([
      expect.objectContaining({
        status: 'failed',
        checkId: 'some/check',
        error: expect.stringMatching(/possibly created by guild\.role\.create \(answered 502\).*501/),
      }),
    ]);
    expect(readFileSync(path, 'utf8')).toMatch(/^# possibly created by guild\.role\.create/m);
  });
});

describe('a create of unknown outcome looked for and not found', () => {
  it('is reported absent ("nothing found"), not passed over, and leaves no left-behind.sh', async () => {
    const { ledger, path } = ledgerWithFile('found-nothing-');
    const fields = { channel_id: '4001', content: 'conformance-probe-mwz1abcdefg' };
    const intent = ledger.intend('some/check', 'message.create', fields);
    ledger.answered(intent, undefined, undefined, 'the run ended before its answer');
    const records = await ledger.undoAll(
      async () => {
        throw new Error('nothing to undo');
      },
      { budgetMs: 5_000, find: async () => [] },
    );
    expect(records).toEqual([
      expect.objectContaining({
        status: 'absent',
        checkId: 'some/check',
        operation: 'message.create',
        error: expect.stringMatching(
          /looked for by its unique name \(the run ended before its answer\): nothing found/,
        ),
      }),
    ]);
    // Nothing is left to undo by hand: the file goes with the last entry.
    expect(existsSync(path)).toBe(false);
  });
});

/** A ledger writing its left-behind.sh in a fresh folder. */
function ledgerWithFile(prefix: string): { ledger: Ledger; path: string } {
  const path = join(tempDir(prefix), 'left-behind.sh');
  const ledger = new Ledger();
  ledger.persistTo({ path, curl: () => 'curl …' });
  return { ledger, path };
}
