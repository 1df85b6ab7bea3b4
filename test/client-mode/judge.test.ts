/**
 * The judge on request sequences no example client makes (retries, restarts, wrong ids, another
 * direction): the session is fed requests as the intercept hook would pass them.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandRun, judgeRequests } from '../../src/client-mode/judge.js';
import { loadClientScenarios } from '../../src/client-mode/load.js';
import { isEventScenario } from '../../src/client-mode/model.js';
import { ScenarioSession } from '../../src/client-mode/session.js';
import { DEFAULT_TOKENS } from '../../src/reference/server.js';

const identity = { token: DEFAULT_TOKENS.self, userId: '1001', platform: 'reference', name: 'bot' };

async function session(id: string) {
  const scenario = (await loadClientScenarios()).find((candidate) => candidate.id === id);
  if (!scenario || isEventScenario(scenario)) throw new Error(`no pagination scenario ${id}`);
  const current = new ScenarioSession(scenario, scenario.list);
  /** Sends one request; returns the page's next. */
  const send = (fields: Record<string, unknown>) => {
    const reply = current.handle({ operation: current.operation, fields, identity, headers: {} });
    return (reply!.body as { next?: string }).next;
  };
  return { current, send };
}

describe('judgeRequests', () => {
  it('names a retry of the same token', async () => {
    const { current, send } = await session('client.guild.list/short-page-with-next-continues');
    const first = send({});
    send({ next: first });
    send({ next: first });
    expect(judgeRequests(current)).toEqual([
      expect.stringMatching(/^request 3 repeated token .* \(a retry\)/),
    ]);
  });

  it('names a client that starts over instead of following next, also in the never-ending scenario', async () => {
    const short = await session('client.guild.list/short-page-with-next-continues');
    short.send({});
    short.send({});
    expect(judgeRequests(short.current)).toEqual([
      expect.stringMatching(/^request 2 sent no next after a page with 49 item\(s\), next /),
    ]);
    const loop = await session('client.reaction.list/never-ending-token-not-repeated');
    loop.send({ channel_id: '4001', message_id: '7000150', emoji_id: 'thumbs-up' });
    loop.send({ channel_id: '4001', message_id: '7000150', emoji_id: 'thumbs-up' });
    expect(judgeRequests(loop.current)).toEqual([expect.stringMatching(/^request 2 .* started over/)]);
  });

  it('names a wrong id field and a direction other than before on message.list', async () => {
    const { current, send } = await session('client.message.list/walks-before-with-equal-prev-next');
    let next = send({ channel_id: '4001' });
    next = send({ channel_id: '4001', next, direction: 'after' });
    next = send({ channel_id: '9999', next });
    send({ channel_id: '4001', next });
    expect(judgeRequests(current)).toEqual([
      'request 3 sent channel_id "9999", not CONFORMANCE_CHANNEL_ID (4001)',
      expect.stringMatching(/^request 2 sent direction "after"; .* \(§4\.1 rule 1\)/),
    ]);
  });

  it('answers a token it never issued with an empty end page', async () => {
    const { current, send } = await session('client.friend.list/opaque-token-passed-verbatim');
    send({});
    expect(send({ next: 'made-up' })).toBeUndefined();
    expect(current.requests.map((request) => [request.served, request.page.data.length])).toEqual([
      [0, 2],
      ['unknown-token', 0],
    ]);
  });
});

describe('judgeCommandRun: a claim that the client does not request more', () => {
  const exited = (exitCode: number) => ({
    exitCode,
    signal: null,
    timedOut: false,
    stdoutTail: '',
    stderrTail: '',
  });

  it('is undecided for a client that requested nothing, saying what it did — and still fails to a caller that ignores that', async () => {
    const { current } = await session('client.guild.list/full-page-without-next-stops');
    const judgement = judgeCommandRun(current, exited(1), 1_000);
    expect(judgement.undecided).toEqual({
      state:
        'the client exited with code 1 before requesting a page: whether it stops where the list ends cannot be told',
      clear: expect.stringMatching(/^a client that requests guild\.list decides it/),
    });
    expect(judgement.problems).toEqual([
      'the client exited with code 1',
      'the client sent no guild.list request',
    ]);
  });

  it('is decided once the client requested a page, and for a claim that it continues', async () => {
    const stops = await session('client.guild.list/ends-after-one-item');
    stops.send({});
    expect(judgeCommandRun(stops.current, exited(0), 1_000)).not.toHaveProperty('undecided');
    const continues = await session('client.guild.list/short-page-with-next-continues');
    expect(judgeCommandRun(continues.current, exited(0), 1_000)).not.toHaveProperty('undecided');
  });
});
