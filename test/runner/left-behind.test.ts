/**
 * Issue 43 item 4: an honest left-behind list. What the cleanup could not undo is in left-behind.sh: a
 * command through the interface where one of its operations can undo it, else a comment saying what to
 * do on the platform — never a command to a URL the target does not serve. And the cleanup claims only
 * what it saw: a "not found" that is the server's answer to anything is not "already gone".
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../spec/catalogue.js';
import { run } from '../../src/index.js';
import { renderConsole } from '../../src/report/console.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { CheckContext, CheckDefinition, LedgerEntry } from '../../src/runner/check.js';
import { Ledger, NotUndoable } from '../../src/runner/ledger.js';
import { tempDir } from '../support/temp.js';

/** The lines of a left-behind.sh that are commands (neither the shebang, a comment nor blank). */
const commandsOf = (script: string): string[] =>
  script.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** Whether the shell parses the script (sh -n: read, not run). */
const parses = (path: string): boolean => {
  execFileSync('sh', ['-n', path]);
  return true;
};

/** The paths of the interface (§4) and of the family's webhook registration: all a command may call. */
const INTERFACE = new Set([...operations.map((operation) => operation.path), 'meta/webhook.delete']);

/** The commands of a script that call anything but `{base}/<a path of the interface>`. */
const outsideInterface = (script: string, base: string): string[] =>
  commandsOf(script).filter((command) => {
    const url = /'(https?:\/\/[^']*)'/.exec(command)?.[1] ?? '';
    return !(url.startsWith(`${base}/`) && INTERFACE.has(url.slice(base.length + 1)));
  });

describe('left-behind.sh after a run whose friend.delete is refused and whose guild cannot be left', () => {
  it('lists both as comments saying what to do on the platform, with no command outside the interface', async () => {
    const out = tempDir('left-behind-');
    const ledgerFile = join(out, 'left-behind.sh');
    const result = await run({
      embedded: true,
      tolerances: ['friend-delete-refused', 'trigger-invites-from-one-guild'],
      events: 'ws',
      grep: '^(friend\\.approve/approve-adds-requester|guild\\.approve/approve-joins-guild)$',
      ledgerFile,
      confirm: false,
    });
    expect(result.checks.map((check) => [check.id, check.status])).toEqual(
      expect.arrayContaining([
        ['friend.approve/approve-adds-requester', 'pass'],
        ['guild.approve/approve-joins-guild', 'pass'],
      ]),
    );
    const failed = (result.cleanup ?? []).filter((record) => record.status === 'failed');
    expect(failed.map((record) => record.kind).sort()).toEqual(['friend', 'guild membership']);
    expect((result.cleanup ?? []).some((record) => record.status === 'absent')).toBe(false);

    const script = readFileSync(ledgerFile, 'utf8');
    expect(parses(ledgerFile)).toBe(true);
    expect(script).toMatch(/^# 2 entries left, 2 of them by hand only$/m);
    expect(script).toMatch(
      /^# no command: friend\.delete \{"user_id":"\w+"\} cannot undo it on this server; undo it on the platform: friend \w+/m,
    );
    expect(script).toMatch(
      /^# the cleanup's undo failed: friend\.delete answered HTTP 404 .*method not found/m,
    );
    expect(script).toMatch(
      /^# no command: it is undone through the trigger \(event guild-removed \{"guild_id":"\w+"\}\).*remove the bot from guild \w+ on the platform$/m,
    );
    expect(script).not.toMatch(/\/trigger:/);
    expect(outsideInterface(script, result.target.baseUrl)).toEqual([]);
    expect(commandsOf(script)).toEqual([]);
    // The report names both too, and says where to find what to do; the console claims no more than it saw.
    const markdown = String(renderMarkdown(result, {}));
    expect(markdown).toMatch(/### Not undone by the cleanup \(2\)/);
    expect(markdown).toMatch(/- friend \w+ \(added by approving a request\) \(friend, `friend\.delete`/);
    expect(markdown).toMatch(/- membership of guild \w+ .*`trigger:guild-removed`/);
    expect(String(renderConsole(result, {}))).toMatch(/2 FAILED \(not undone: see left-behind\.sh\)/);
  }, 60_000);
});

describe('the lines of left-behind.sh (Ledger.persistTo)', () => {
  const message: LedgerEntry = {
    kind: 'message',
    label: 'message 1 in channel 2',
    undo: ['message.delete', { channel_id: '2', message_id: '1' }],
  };
  const friend: LedgerEntry = {
    kind: 'friend',
    label: 'friend 7 (added by approving a request)',
    undo: ['friend.delete', { user_id: '7' }],
  };
  const membership: LedgerEntry = {
    kind: 'guild membership',
    label: 'membership of guild 9',
    undo: ['trigger:guild-removed', { guild_id: '9' }],
    byHand: 'remove the bot from guild 9 on the platform',
    unproven: 'the run never read the bot as a member of guild 9',
  };
  const base = 'http://127.0.0.1:1/v1';
  const curl = (entry: LedgerEntry) =>
    `curl -X POST '${base}/${entry.undo[0]}' -H 'Authorization: Bearer '"$TOKEN" --data '${JSON.stringify(entry.undo[1])}'`;

  it('keeps a command where the interface may still undo it, a comment where it cannot', async () => {
    const path = join(tempDir('left-behind-lines-'), 'left-behind.sh');
    const ledger = new Ledger();
    ledger.persistTo({ path, curl });
    for (const entry of [message, friend, membership]) ledger.add(entry, 'test/check');
    const written = readFileSync(path, 'utf8');
    // Before the cleanup: what an operation undoes is a command, the trigger's undo a comment.
    expect(commandsOf(written)).toEqual([curl(friend), curl(message)]);
    const records = await ledger.undoAll(
      async (entry) => {
        if (entry === message) throw new Error('message.delete answered HTTP 500 {"message":"boom"}');
        if (entry === friend)
          throw new NotUndoable('friend.delete answered HTTP 404 method not found:\nnot served');
        throw new NotUndoable('the trigger did not cause it: HTTP 501');
      },
      { budgetMs: 5_000 },
    );
    expect(records.map((record) => [record.kind, record.status])).toEqual([
      ['guild membership', 'failed'],
      ['friend', 'failed'],
      ['message', 'failed'],
    ]);
    // A membership the run never saw obtained is not called left behind without saying so.
    expect(records[0].error).toMatch(/perhaps nothing is left: the run never read the bot as a member/);
    const script = readFileSync(path, 'utf8');
    expect(parses(path)).toBe(true);
    expect(commandsOf(script)).toEqual([curl(message)]);
    expect(outsideInterface(script, base)).toEqual([]);
    expect(script).toMatch(/^# 3 entries left, 2 of them by hand only$/m);
    // A failure's body on one comment line (a newline in it would start a command).
    expect(script).toMatch(
      /^# the cleanup's undo failed: friend\.delete answered HTTP 404 method not found: not served$/m,
    );
    expect(script).toMatch(/^# no command: .*; remove the bot from guild 9 on the platform$/m);
    expect(script).toMatch(/^# the cleanup's undo failed: .*perhaps nothing is left/m);
  });
});

describe('an undo answered "not found" by a server that answers everything so', () => {
  it('is not counted as already gone: the unknown operation of the control is answered alike', async () => {
    // Discovery works; every other path, the undo, its read-back and an unknown operation, answers the same 404.
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const operation = (req.url ?? '').replace(/^\/v1\//, '');
        res.setHeader('content-type', 'application/json');
        if (operation === 'guild.list') return void res.end('{"data":[{"id":"g"}]}');
        if (operation === 'channel.list') return void res.end('{"data":[{"id":"c","type":0}]}');
        res.writeHead(404).end('{"message":"Not Found"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const tracks: CheckDefinition = {
      id: 'all-404/tracks-one',
      title: 'tracks a message',
      group: 'messages',
      level: 'must',
      rules: [],
      operations: ['message.create'],
      async run(t: CheckContext) {
        t.track({
          kind: 'message',
          label: 'message m',
          undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: 'm' }],
        });
        t.expect(true, 'tracked');
      },
    };
    try {
      const result = await run({
        baseUrl,
        token: 'tok-all-404-0123456789',
        guild: 'g',
        channel: 'c',
        events: 'none',
        checks: [tracks],
        confirm: false,
      });
      expect(result.cleanup).toEqual([
        expect.objectContaining({
          label: 'message m',
          status: 'failed',
          error: expect.stringMatching(
            /message\.delete answered HTTP 404 .*as it answers an operation it does not serve .*not counted as gone/,
          ),
        }),
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
