/**
 * Safety of the invalid inputs (src/fuzz/invalid.ts), property-based: whatever is generated, a request
 * names something real only where the checker owns it or only reads or creates — so a server that ignores
 * a field still reaches nothing of anyone else's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '../../spec/catalogue.js';
import { invalidProperties, invalidRequest } from '../../src/fuzz/invalid.js';
import type { FuzzEnv } from '../../src/fuzz/model.js';

const env = {
  sandbox: { guildId: 'G', channelId: 'SANDBOX', selfId: 'SELF', peerId: 'PEER' },
  scratchChannelId: 'SCRATCH',
  anchorMessageId: 'ANCHOR',
  variants: {},
} as unknown as FuzzEnv;

/** Where each real id may appear (the rest of the operations get none). */
const READS_AND_CREATES = new Set([
  'channel.list',
  'channel.create',
  'guild.get',
  'guild.member.get',
  'guild.member.list',
  'guild.role.list',
  'guild.role.create',
]);
const allowed = (path: string): Set<string> => {
  const real = new Set<string>();
  if (/^(message|reaction)\./.test(path) && path !== 'reaction.delete') real.add('SCRATCH').add('ANCHOR');
  if (path === 'channel.get' || path === 'channel.update') real.add('SCRATCH');
  if (READS_AND_CREATES.has(path)) real.add('G');
  if (path === 'guild.member.get') real.add('SELF');
  return real;
};
const REAL = ['G', 'SANDBOX', 'SELF', 'PEER', 'SCRATCH', 'ANCHOR'];

describe('invalid inputs', () => {
  it('never name a real id outside what the checker owns, reads or creates in', () => {
    const arbitrary = invalidProperties()[0].arbitrary();
    fc.assert(
      fc.property(fc.constantFrom(...operations), arbitrary, (operation, input) => {
        const { fields } = invalidRequest(env, operation, input);
        const named = Object.values(fields).filter((value): value is string =>
          REAL.includes(value as string),
        );
        for (const id of named)
          expect(allowed(operation.path).has(id), `${operation.path} names ${id}`).toBe(true);
        // The sandbox channel (shared with other users) and the peer are never named.
        expect(named).not.toContain('SANDBOX');
        expect(named).not.toContain('PEER');
      }),
      { numRuns: 1000, seed: 42 },
    );
  });
});
