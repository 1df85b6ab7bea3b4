/**
 * First contact (issue 32): sandbox discovery says what guild.list / channel.list answered and what it
 * means, per wrong list shape (§1 rule 5) — never "returned no guild" when it returned something.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { type CheckContext, defineCheck } from '../../src/runner/check.js';

/** What the server answers, per operation, for the test running now. */
let answers: Record<string, unknown> = {};
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const operation = (request.url ?? '').split('/').pop() ?? '';
    request.resume();
    request.on('end', () => {
      const body = JSON.stringify(answers[operation] ?? { data: [] });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const probe = defineCheck({
  id: 'test/sandbox-found',
  title: 'the sandbox was found',
  level: 'info',
  rules: ['GEN-1'],
  group: 'guilds',
  operations: [],
  async run(t: CheckContext) {
    t.expect(t.sandbox.guildId !== '', 'a guild');
  },
});

/** The run's outcome: the error message it stopped with, or its notes. */
async function discover(guildList: unknown, channelList: unknown = { data: [{ id: 'c1', type: 0 }] }) {
  answers = { 'guild.list': guildList, 'channel.list': channelList };
  try {
    const result = await run({ baseUrl, token: 'tok', events: 'none', checks: [probe], confirm: false });
    return { notes: result.notes ?? [], sandbox: result.sandbox };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const guild = { id: 'g1', name: 'test' };

describe('sandbox discovery names the shape guild.list answered', () => {
  it.each([
    [
      'wrapped one level too deep',
      { data: { data: [guild] } },
      /guild\.list answered an object whose `data` is an object, not an array: the list is wrapped one level too deep \(§1 rule 5\)\. Fix it, or pass --guild and --channel to go on/,
    ],
    [
      'its array under another key',
      { guilds: [guild], next: 'x' },
      /guild\.list answered an object with its array under `guilds`, not `data` \(§1 rule 5\)/,
    ],
    [
      'an error body with 200',
      { message: 'not logged in' },
      /guild\.list answered HTTP 200 with an error body: "not logged in"/,
    ],
    [
      'an object without data',
      { code: 0 },
      /guild\.list answered an object with no `data`, not a `data` array \(keys: code; §1 rule 5\)/,
    ],
    [
      'data a string',
      { data: 'g1' },
      /guild\.list answered an object with `data` a string, not a `data` array/,
    ],
  ])('%s', async (_shape, body, message) => {
    const outcome = await discover(body);
    expect(outcome.error).toMatch(message);
    expect(outcome.error).not.toMatch(/no guild/);
  });

  it('a bare array still gives the first guild, and a note names the shape', async () => {
    const outcome = await discover([guild]);
    expect(outcome.error).toBeUndefined();
    expect(outcome.sandbox?.guildId).toBe('g1');
    expect(outcome.notes).toContainEqual(
      expect.stringMatching(/guild\.list answered a bare JSON array, not a page object/),
    );
  });

  it('an empty page is the one case of "no guild"', async () => {
    expect((await discover({ data: [] })).error).toMatch(
      /guild\.list answered a page whose `data` array holds no guild/,
    );
    expect((await discover([])).error).toMatch(/guild\.list answered an empty array/);
  });

  it('channel.list wrapped one level too deep is named too', async () => {
    const outcome = await discover({ data: [guild] }, { data: { data: [{ id: 'c1', type: 0 }] } });
    expect(outcome.error).toMatch(
      /Cannot discover a sandbox channel in guild g1: channel\.list answered an object whose `data` is an object, not an array: the list is wrapped one level too deep/,
    );
  });
});
