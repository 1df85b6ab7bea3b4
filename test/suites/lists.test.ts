import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { CheckContext, CheckDefinition } from '../../src/runner/check.js';
import { listFresh, listOnce, stillListed } from '../../suites/_lib/lists.js';

/**
 * An adversarial list server: channel.list serves the pages of the scenario named by guild_id (the first
 * page under '', the others under their token); guild.list answers one guild for the sandbox probe.
 */
const CLEAN = {
  '': { data: [{ id: 'a' }, { id: 'b' }], next: 'p2' },
  p2: { data: [], next: 'p3' },
  p3: { data: [{ id: 'c' }] },
};
const SCENARIOS: Record<string, Record<string, unknown>> = {
  clean: CLEAN,
  // The same pages under a guild the run's own probes (variants, sandbox) never list.
  shared: CLEAN,
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

/**
 * Scenario 'vanishing': 3 pages, on the first of which item x is listed by the first walk only (another
 * check removed it meanwhile).
 */
let vanishingWalks = 0;
const vanishingPage = (next: string | undefined) => {
  if (!next) vanishingWalks++;
  if (next === 'p2') return { data: [{ id: 'b' }], next: 'p3' };
  if (next === 'p3') return { data: [{ id: 'c' }] };
  return { data: vanishingWalks === 1 ? [{ id: 'a' }, { id: 'x' }] : [{ id: 'a' }], next: 'p2' };
};

let server: Server;
let baseUrl: string;
/** channel.list requests the server answered, by scenario (guild_id). */
const requestsOf = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const fields = body ? JSON.parse(body) : {};
      const operation = request.url?.replace(/^\/v1\//, '');
      if (operation === 'channel.list')
        requestsOf.set(fields.guild_id, (requestsOf.get(fields.guild_id) ?? 0) + 1);
      const page =
        operation === 'guild.list'
          ? { data: [{ id: 'clean' }] }
          : fields.guild_id === 'vanishing'
            ? vanishingPage(fields.next)
            : SCENARIOS[fields.guild_id]?.[fields.next ?? ''];
      response.writeHead(page ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(page ?? { message: 'no such page' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs one check that walks the scenario's channel.list with listFresh; its status, reason and notes. */
const walkScenario = async (scenario: string) => {
  const check: CheckDefinition = {
    id: 'lists/walk',
    title: 'listFresh walks the list',
    level: 'must',
    rules: ['GEN-5', 'GEN-6'],
    group: 'pagination',
    operations: ['channel.list'],
    async run(t: CheckContext) {
      const { items } = await listFresh(t, 'channel.list', { guild_id: scenario });
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

describe('listFresh (suites/_lib/lists.ts)', () => {
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

/** A check that walks the scenario's channel.list as `how` and notes the ids it judged. */
const walker = (id: string, scenario: string, how: typeof listOnce | typeof listFresh): CheckDefinition => ({
  id,
  title: `${id} walks channel.list`,
  level: 'must',
  rules: ['GEN-5', 'GEN-6'],
  group: 'pagination',
  operations: ['channel.list'],
  async run(t: CheckContext) {
    const { items } = await how(t, 'channel.list', { guild_id: scenario });
    t.note(`ids ${items.map((item) => item.id).join(',')}`);
  },
});

/**
 * Runs `checks` in one run (concurrently, the default); their outcomes by id and the requests made (one
 * pass: failures are not re-run alone).
 */
const runWalkers = async (scenario: string, checks: CheckDefinition[]) => {
  requestsOf.delete(scenario);
  const result = await run({
    baseUrl,
    checks,
    events: 'none',
    confirm: false,
    selfId: 'self',
    guild: 'clean',
    channel: 'c1',
  });
  return {
    outcomes: Object.fromEntries(result.checks.map((check) => [check.id, check])),
    requests: requestsOf.get(scenario) ?? 0,
  };
};

describe('listOnce: one walk of a list per run, shared (suites/_lib/lists.ts)', () => {
  it('makes one walk for the checks that read the list, each judging it and naming the walk it judged', async () => {
    const { outcomes, requests } = await runWalkers('shared', [
      walker('lists/a', 'shared', listOnce),
      walker('lists/b', 'shared', listOnce),
      walker('lists/c', 'shared', listOnce),
    ]);
    // The scenario has 3 pages: walked once, not three times.
    expect(requests).toBe(3);
    for (const id of ['lists/a', 'lists/b', 'lists/c']) {
      expect(outcomes[id].status).toBe('pass');
      const notes = outcomes[id].evidence?.notes ?? [];
      expect(notes).toContain('ids a,b,c');
      expect(
        notes.some((note) => note.includes("judged the run's one walk of this list (3 request(s))")),
      ).toBe(true);
    }
  });

  it('walks again for a check that asks for a fresh view, without replacing the shared walk', async () => {
    const { outcomes, requests } = await runWalkers('shared', [
      walker('lists/shared', 'shared', listOnce),
      walker('lists/fresh', 'shared', listFresh),
      walker('lists/shared-too', 'shared', listOnce),
    ]);
    expect(requests).toBe(6);
    expect(Object.values(outcomes).map((outcome) => outcome.status)).toEqual(['pass', 'pass', 'pass']);
  });

  it("fails every check that judges a defective shared walk, each with the walk's requests as evidence", async () => {
    const ids = ['lists/dup-a', 'lists/dup-b', 'lists/dup-c'];
    const { outcomes, requests } = await runWalkers(
      'duplicates',
      ids.map((id) => walker(id, 'duplicates', listOnce)),
    );
    for (const id of ids) {
      expect(outcomes[id].status).toBe('fail');
      expect(outcomes[id].reason).toContain('b (items 2 and 3)');
      expect(outcomes[id].evidence?.exchanges.length).toBeGreaterThan(0);
    }
    // One walk (2 pages), its exchanges the evidence of each check.
    expect(requests).toBe(2);
  });

  it('fails, not errors, each check that judges a shared walk that does not end', async () => {
    const ids = ['lists/loop-a', 'lists/loop-b'];
    const { outcomes } = await runWalkers(
      'loop',
      ids.map((id) => walker(id, 'loop', listOnce)),
    );
    for (const id of ids) {
      expect(outcomes[id].status).toBe('fail');
      expect(outcomes[id].reason).toContain('repeats the next token');
    }
  });

  it('stillListed leaves out an item a fresh walk no longer lists, and keeps one it still lists', async () => {
    const check: CheckDefinition = {
      ...walker('lists/still-listed', 'vanishing', listOnce),
      async run(t: CheckContext) {
        const seen = await listOnce(t, 'channel.list', { guild_id: 'vanishing' });
        const kept = await stillListed(t, 'channel.list', { guild_id: 'vanishing' }, ['a', 'x'], seen);
        t.note(`kept ${kept.join(',')}`);
      },
    };
    const { outcomes, requests } = await runWalkers('vanishing', [check]);
    expect(outcomes['lists/still-listed'].status).toBe('pass');
    const notes = outcomes['lists/still-listed'].evidence?.notes ?? [];
    expect(notes).toContain('kept a');
    expect(notes.some((note) => note.includes('x no longer listed by a fresh walk'))).toBe(true);
    // The shared walk (3 pages), then a fresh one up to a page past the one that listed a and x.
    expect(requests).toBe(3 + 2);
  });
});
