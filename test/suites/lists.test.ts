import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { CheckContext, CheckDefinition } from '../../src/runner/check.js';
import { listAll } from '../../suites/_lib/lists.js';

/**
 * An adversarial list server: channel.list serves the pages of the scenario named by guild_id (the first
 * page under '', the others under their token); guild.list answers one guild for the sandbox probe.
 */
const SCENARIOS: Record<string, Record<string, unknown>> = {
  clean: {
    '': { data: [{ id: 'a' }, { id: 'b' }], next: 'p2' },
    p2: { data: [], next: 'p3' },
    p3: { data: [{ id: 'c' }] },
  },
  duplicates: { '': { data: [{ id: 'a' }, { id: 'b' }], next: 'p2' }, p2: { data: [{ id: 'b' }] } },
  'empty-last-page': { '': { data: [{ id: 'a' }], next: 'p2' }, p2: { data: [] } },
  loop: { '': { data: [{ id: 'a' }], next: 'p2' }, p2: { data: [{ id: 'b' }], next: 'p2' } },
  // Fresh tokens forever, the same item on every page: endless without a repeated token.
  'no-progress': Object.fromEntries(
    Array.from({ length: 10 }, (_, page) => [
      page ? `p${page}` : '',
      { data: [{ id: 'a' }], next: `p${page + 1}` },
    ]),
  ),
  'bare-array': { '': [{ id: 'a' }] },
};

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const fields = body ? JSON.parse(body) : {};
      const operation = request.url?.replace(/^\/v1\//, '');
      const page =
        operation === 'guild.list'
          ? { data: [{ id: 'clean' }] }
          : SCENARIOS[fields.guild_id]?.[fields.next ?? ''];
      response.writeHead(page ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(page ?? { message: 'no such page' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs one check that walks the scenario's channel.list with listAll; its status, reason and notes. */
const walkScenario = async (scenario: string) => {
  const check: CheckDefinition = {
    id: 'lists/walk',
    title: 'listAll walks the list',
    level: 'must',
    rules: ['GEN-5', 'GEN-6'],
    group: 'pagination',
    operations: ['channel.list'],
    async run(t: CheckContext) {
      const { items } = await listAll(t, 'channel.list', { guild_id: scenario });
      t.note(`ids ${items.map((item) => item.id).join(',')}`);
    },
  };
  const result = await run({
    baseUrl,
    checks: [check],
    events: 'none',
    selfId: 'self',
    guild: 'clean',
    channel: 'c1',
  });
  const [outcome] = result.checks;
  return { status: outcome.status, reason: outcome.reason ?? '', notes: outcome.evidence?.notes ?? [] };
};

describe('listAll (suites/_lib/lists.ts)', () => {
  it('follows next across a short and an empty middle page to the end', async () => {
    const { status, notes } = await walkScenario('clean');
    expect(status).toBe('pass');
    expect(notes).toContain('ids a,b,c');
  });

  it('fails on an item listed twice across pages', async () => {
    const { status, reason } = await walkScenario('duplicates');
    expect(status).toBe('fail');
    expect(reason).toContain('b (items 2 and 3)');
  });

  it('passes, with a note, when next led to an empty last page (should level: lists/no-marker-on-the-last-page)', async () => {
    const { status, notes } = await walkScenario('empty-last-page');
    expect(status).toBe('pass');
    expect(notes).toContain('channel.list: page 1 carried next, but the page it led to is empty');
  });

  it('fails, not errors, when pages with fresh tokens add nothing new (an endless walk)', async () => {
    const { status, reason } = await walkScenario('no-progress');
    expect(status).toBe('fail');
    expect(reason).toContain('no new item: the walk does not end');
  });

  it('fails, not errors, when the next token loops', async () => {
    const { status, reason } = await walkScenario('loop');
    expect(status).toBe('fail');
    expect(reason).toContain('repeats the next token');
  });

  it('fails when a page is not a list object (§1 rule 5)', async () => {
    const { status, reason } = await walkScenario('bare-array');
    expect(status).toBe('fail');
    expect(reason).toContain('data array');
  });
});
