/**
 * Issue 46 item 4, the event side: checks over the event stream judge every event of the run; a change the
 * run caused that came under a name other than its §6 identifier is named in the failure of the check that
 * waited for it; the reaction event checks use --emoji. Real runs over loopback, events over WebSocket.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunOptions } from '../../src/index.js';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import type { ObservedEvent } from '../../src/runner/check.js';
import { grepExactly } from '../../src/runner/select.js';
import { cameUnderAnotherName, misnamedTypes, standsFor } from '../../suites/_lib/events.js';

/** Forwards every HTTP request to `target`, keeping the emoji_id of each reaction.create it forwards. */
async function emojiRelay(
  target: string,
): Promise<{ url: string; emoji: string[]; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const emoji: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (incoming.url?.endsWith('/reaction.create')) emoji.push(JSON.parse(body.toString('utf8')).emoji_id);
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    emoji,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function runWith(faults: string[], options: RunOptions, onEmoji?: (emoji: string[]) => void) {
  const reference = await startReference({ faults });
  const wire = await emojiRelay(reference.baseUrl);
  try {
    const result = await run({
      reference: { ...reference, baseUrl: wire.url },
      eventTimeoutMs: 1500,
      includeExperimental: true,
      ...options,
    });
    onEmoji?.(wire.emoji);
    return new Map(result.checks.map((check) => [check.id, check]));
  } finally {
    await wire.close();
    await reference.close();
  }
}

const NAME_CHECKS = [
  'events.names/known-types',
  'event.guild-added/required-resources',
  'event.guild-removed/required-resources',
  'event.message-created/required-resources',
];

describe('every event of the run is judged (issue 46 item 4)', () => {
  it('events under legacy names (group-added, group-deleted): known-types fails naming them, the check that waited says what came instead', async () => {
    const checks = await runWith(['event-names-legacy'], { grep: grepExactly(NAME_CHECKS) });
    const names = checks.get('events.names/known-types')!;
    expect(names.status, names.reason).toBe('fail');
    expect(names.reason).toMatch(/'group-added' \(×\d+\) for 'guild-added'/);
    const added = checks.get('event.guild-added/required-resources')!;
    expect(added.status, added.reason).toBe('fail');
    expect(added.reason).toContain('the change came as `group-added`, not `guild-added` (§6)');
    const removed = checks.get('event.guild-removed/required-resources')!;
    expect(removed.status, removed.reason).toBe('fail');
    expect(removed.reason).toContain('the change came as `group-deleted`, not `guild-removed` (§6)');
    // Events of other types are judged as before.
    expect(checks.get('event.message-created/required-resources')?.status).toBe('pass');
  }, 120_000);

  it('the clean reference passes the same checks', async () => {
    const checks = await runWith([], { grep: grepExactly(NAME_CHECKS) });
    for (const id of NAME_CHECKS)
      expect(checks.get(id)?.status, `${id}: ${checks.get(id)?.reason}`).toBe('pass');
    // Every event of the type received in the run is judged and counted, not only one caused.
    expect(checks.get('event.message-created/required-resources')?.evidence?.notes?.join(' ')).toMatch(
      /\d+ message-created event\(s\) received during the run/,
    );
  }, 120_000);

  it('the reaction event checks react with the first --emoji, as the reactions suite does', async () => {
    const ids = [
      'event.reaction-added/required-resources',
      'reaction.create/emits-reaction-added',
      'reaction.delete/emits-reaction-removed',
    ];
    let sent: string[] = [];
    const checks = await runWith([], { grep: grepExactly(ids), emoji: ['party-parrot', 'wave'] }, (emoji) => {
      sent = emoji;
    });
    for (const id of ids) expect(checks.get(id)?.status, `${id}: ${checks.get(id)?.reason}`).toBe('pass');
    // Both link checks react (the reaction.delete one to have a reaction to remove): with --emoji's first.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent)).toEqual(new Set(['party-parrot']));
  }, 120_000);
});

describe('the §6 event an event of another name stands for (suites/_lib/events.ts)', () => {
  const event = (type: string, body: Record<string, unknown>): ObservedEvent =>
    ({ type, body: { type, ...body }, receivedAt: 0 }) as unknown as ObservedEvent;
  const guild = { id: 'g1' };
  const member = { user: { id: 'u1' } };
  const user = { id: 'u1' };

  it('reads the kind of change from the name and the §6 event from the resources carried', () => {
    expect(standsFor(event('group-added', { guild }))).toBe('guild-added');
    expect(standsFor(event('group-deleted', { guild }))).toBe('guild-removed');
    expect(standsFor(event('group-member-added', { guild, member, user }))).toBe('guild-member-added');
    // A §6 name, a family name, a name that says no change, or resources that fit no §6 row: nothing.
    expect(standsFor(event('guild-added', { guild }))).toBeUndefined();
    expect(standsFor(event('guild-emoji-added', { guild }))).toBeUndefined();
    expect(standsFor(event('message-pinned', { guild }))).toBeUndefined();
    expect(standsFor(event('guild-sticker-added', { guild }))).toBeUndefined();
    expect(standsFor(event('guild-deleted', { guild }))).toBe('guild-removed');
    expect(standsFor(event('group-added', {}))).toBeUndefined();
  });

  it('names a type as another §6 name only where the run waited for that event in vain and never got it', () => {
    const legacy = [event('group-added', { guild }), event('group-added', { guild })];
    expect(
      misnamedTypes(legacy, (type) => (type === 'guild-added' ? 'event.guild-added/x' : undefined)),
    ).toEqual(["'group-added' (×2) for 'guild-added'"]);
    expect(misnamedTypes(legacy, () => undefined)).toEqual([]);
    expect(misnamedTypes([...legacy, event('guild-added', { guild })], () => 'waited')).toEqual([]);
    // A misspelling is named whatever the run waited for.
    expect(misnamedTypes([event('reaction-deleted', { emoji: {} })], () => undefined)).toEqual([
      "'reaction-deleted' (×1) for 'reaction-removed'",
    ]);
    expect(cameUnderAnotherName(legacy, 'guild-added')).toBe(
      'the change came as `group-added`, not `guild-added` (§6)',
    );
    expect(cameUnderAnotherName(legacy, 'guild-removed')).toBeUndefined();
  });
});
