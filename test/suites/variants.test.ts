import { afterEach, describe, expect, it } from 'vitest';
import type { ReferenceServer, Variants } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { SEED } from '../../src/reference/world.js';
import type { CallResult, Sandbox } from '../../src/runner/check.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { detectVariants, type VariantCall } from '../../src/runner/variants.js';

const sandbox: Sandbox = {
  guildId: SEED.guild1,
  channelId: SEED.historyChannel,
  selfId: SEED.self,
  peerId: SEED.peer,
};

let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Real HTTP to the reference as the bot; records every operation called. */
const caller = (reference: ReferenceServer) => {
  const operations: string[] = [];
  const call: VariantCall = async (operation, fields = {}) => {
    operations.push(operation);
    const response = await fetch(`${reference.baseUrl}/${operation}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${reference.identities.self.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(fields),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {}
    const result: CallResult = {
      status: response.status,
      ok: response.ok,
      headers: Object.fromEntries(response.headers),
      body,
      text,
    };
    return result;
  };
  return { call, operations };
};

const start = async (variants: Partial<Variants> = {}, faults: string[] = []) => {
  server = await startReference({ variants, faults });
  return server;
};

describe('detectVariants (§4.8) against the reference', () => {
  it('detects the default variant of every point and leaves the world as it was', async () => {
    const reference = await start();
    const before = reference.snapshot();
    const { call } = caller(reference);
    const detection = await detectVariants(call, sandbox, {});
    expect(detection.variants).toEqual({
      'message-list-id': 'without',
      'list-next': 'optional',
      'role-payload': 'data',
      'message-member': 'GuildMember',
    });
    expect(detection.undo).toEqual([]);
    expect(detection.notes.filter((note) => note.endsWith('(detected)'))).toHaveLength(4);
    expect(reference.snapshot()).toEqual(before);
  });

  it('detects the other variant of every point and leaves the world as it was', async () => {
    const other: Variants = {
      'message-list-id': 'with',
      'list-next': 'required',
      'role-payload': 'role',
      'message-member': 'Member',
    };
    const reference = await start(other);
    const before = reference.snapshot();
    const detection = await detectVariants(caller(reference).call, sandbox, {});
    expect(detection.variants).toEqual(other);
    expect(detection.undo).toEqual([]);
    expect(reference.snapshot()).toEqual(before);
  });

  it.each([
    ['message-list-id', 'with'],
    ['list-next', 'required'],
    ['role-payload', 'role'],
    ['message-member', 'Member'],
  ] as const)('detects %s = %s alone, the other points keeping their defaults', async (point, value) => {
    const reference = await start({ [point]: value });
    const { variants } = await detectVariants(caller(reference).call, sandbox, {});
    expect(variants[point]).toBe(value);
    expect(Object.values(variants).filter((v) => ['with', 'required', 'role', 'Member'].includes(v))).toEqual(
      [value],
    );
  });

  it('takes given values without probing those points', async () => {
    const reference = await start({ 'role-payload': 'role' });
    const { call, operations } = caller(reference);
    const detection = await detectVariants(call, sandbox, {
      'role-payload': 'data',
      'list-next': 'required',
    });
    expect(detection.variants['role-payload']).toBe('data');
    expect(detection.variants['list-next']).toBe('required');
    expect(detection.notes).toContain('role-payload: data (given)');
    expect(operations).not.toContain('guild.role.create');
    expect(operations).not.toContain('channel.list');
  });

  it('refuses a given value that is not one of the point’s values', async () => {
    const reference = await start();
    await expect(
      detectVariants(caller(reference).call, sandbox, { 'role-payload': 'payload' }),
    ).rejects.toThrow(ConfigurationError);
  });

  it('hands a temporary role it cannot delete to the ledger', async () => {
    const reference = await start({}, ['role-delete-no-op']);
    const { call } = caller(reference);
    const detection = await detectVariants(call, sandbox, {});
    expect(detection.variants['role-payload']).toBe('data');
    expect(detection.undo).toHaveLength(1);
    const [entry] = detection.undo;
    expect(entry.undo[0]).toBe('guild.role.delete');
    expect(entry.undo[1]).toMatchObject({ guild_id: SEED.guild1 });
    expect(detection.notes.some((note) => note.includes('could not be deleted'))).toBe(true);
  });

  it('falls back to the default, with a note, when the target cannot show a point', async () => {
    const reference = await start();
    const { call } = caller(reference);
    // A guild without roles access and a channel without messages: nothing to detect from.
    const detection = await detectVariants(
      call,
      { ...sandbox, guildId: 'no-such-guild', channelId: 'none' },
      {},
    );
    expect(detection.variants['role-payload']).toBe('data');
    expect(detection.variants['message-list-id']).toBe('without');
    expect(detection.variants['list-next']).toBe('optional');
    expect(detection.notes).toContain('role-payload: data (default: not detected)');
    expect(detection.notes).toContain('message-member: GuildMember (default: not detected)');
  });
});
