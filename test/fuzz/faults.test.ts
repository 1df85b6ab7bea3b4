/**
 * The fuzz-only faults (src/reference/faults/fuzz.ts) show their deviation on the wire, which a clean
 * server does not: each probe sends the one input or sequence that shows it (no probe passes by default).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hasRule } from '../../spec/rules.js';
import { loadFaultCatalogue, loadFuzzFaults } from '../../src/embedded.js';
import { type ReferenceServer, SEED, startReference } from '../../src/reference/index.js';
import { call, ok } from '../reference/helpers.js';

const CHANNEL = SEED.historyChannel;
const create = async (server: ReferenceServer, content: string) =>
  (await ok(server, 'message.create', { channel_id: CHANNEL, content }))[0].id as string;

const probes: Record<string, (server: ReferenceServer) => Promise<boolean>> = {
  'message-content-combining-500': async (s) =>
    (await call(s, 'message.create', { channel_id: CHANNEL, content: 'a\u0301' })).status === 500,
  'message-content-astral-lost': async (s) => {
    const id = await create(s, 'x 𐌰');
    return (await ok(s, 'message.get', { channel_id: CHANNEL, message_id: id })).content !== 'x 𐌰';
  },
  'message-list-keeps-deleted-updated': async (s) => {
    const id = await create(s, 'before');
    await ok(s, 'message.update', { channel_id: CHANNEL, message_id: id, content: 'after' });
    await ok(s, 'message.delete', { channel_id: CHANNEL, message_id: id });
    const page = await ok(s, 'message.list', { channel_id: CHANNEL });
    return page.data.some((message: { id: string }) => message.id === id);
  },
  'channel-list-stale-after-update': async (s) => {
    const channel = await ok(s, 'channel.create', { guild_id: SEED.guild1, data: { name: 'old', type: 0 } });
    await ok(s, 'channel.update', { channel_id: channel.id, data: { name: 'new' } });
    const list = await ok(s, 'channel.list', { guild_id: SEED.guild1 });
    return list.data.find((entry: { id: string }) => entry.id === channel.id)?.name !== 'new';
  },
};

const servers: ReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});
const start = async (faults: string[] = []) => {
  const server = await startReference({ faults });
  servers.push(server);
  return server;
};

describe('fuzz-only faults', () => {
  it('are marked foundBy fuzz, cite known rules, have a probe each, and stay out of the check matrix', () => {
    const fuzzFaults = loadFuzzFaults();
    expect(fuzzFaults.map((fault) => fault.id).sort()).toEqual(Object.keys(probes).sort());
    for (const fault of fuzzFaults) for (const rule of fault.rules) expect(hasRule(rule), rule).toBe(true);
    const checked = new Set(loadFaultCatalogue().map((fault) => fault.id));
    for (const fault of fuzzFaults) expect(checked.has(fault.id)).toBe(false);
  });

  it.each(Object.keys(probes))('%s shows on the wire, and not on a clean server', async (id) => {
    expect(await probes[id](await start([id]))).toBe(true);
    expect(await probes[id](await start())).toBe(false);
  });
});
