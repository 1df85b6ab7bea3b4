/**
 * Every connection the client opens, and reasons from what happened (issue 50), over real loopback
 * WebSockets and HTTP: a client that opens four sockets at each (re)connect and reads only the last (as a
 * real SDK does) is judged on the one it uses, its periodic bursts of retries fail the fixed-interval
 * rule, and its leaked sockets are reported; a PING before IDENTIFY is no heartbeat; a client that drains
 * another list is told so, with every request it made; a timeout says where its limit came from.
 */
import { describe, expect, it } from 'vitest';
import { chooseInUse, heldAtOnce, type TrackedConnection } from '../../src/client-mode/events/connections.js';
import type { CheckResult } from '../../src/runner/model.js';
import { runClientCommand, runEventsClient } from './helpers.js';

const GO_LIKE =
  'node examples/clients/archetype/events.mjs conns=4 extras=leaked backoff=fixed:3000 heartbeat=hinted resume=last dedup=sn refused=retry';

type Entry = { connection?: number; from?: string; text?: string };
const entries = (check: CheckResult) => (check.evidence?.events ?? []) as Entry[];

describe.concurrent('a client that opens four sockets at each (re)connect and reads only the last', () => {
  it('is judged on the connection it uses; its bursts every 3 s fail; its leaked sockets are reported', async () => {
    const run = await runEventsClient(GO_LIKE, [
      '--grep',
      'ping-rate|auth-close|auth-refused|one-connection|each-event-once|resumes-with',
    ]);
    const byId = Object.fromEntries(run.report.checks.map((check) => [check.id.split('/')[1], check]));
    // Periodic bursts of retries are a fixed interval, whatever the 1 ms gaps inside a burst.
    expect(byId['auth-refused-not-retried-at-a-fixed-interval'].reason).toMatch(
      // How many connections a burst shows, and its shortest gap, depend on the machine's load; its period does not.
      /^\d+ retries after a 4004 close in bursts of [\d–]+ connections, the bursts at intervals of .*median 3\d{3}.*: a refused token retried at a fixed interval \(periodic bursts\), forever/,
    );
    // It retries every 3 s, judged over the whole scenario: not a storm, and not "gave up" either.
    expect(byId['auth-close-not-retried-in-a-storm'].status).toBe('pass');
    expect(byId['auth-close-not-retried-in-a-storm'].evidence?.notes).toEqual([
      expect.stringMatching(
        /^the client opened \d+ new connections in the \d+ ms watched after the first 4004 close, after gaps of min \d+, median \d+, max 3\d{3} ms \(\d+\), the last \d+ ms of the watch without one: every 5 in a row waited 250 ms or more in all$/,
      ),
    ]);
    expect(byId['one-connection-per-login'].reason).toMatch(
      /^the client held \d+ connections at once .*; it used connection \d+; .*identified on, never read, never closed \(open when the scenario ended\)/,
    );
    // Every scenario acted on the socket the client reads: every READY and EVENT went to it.
    for (const check of run.report.checks) {
      const extra = new Set(
        entries(check)
          .filter((entry) => entry.from === 'client' && /"archetype_socket":"extra"/.test(entry.text ?? ''))
          .map((entry) => entry.connection),
      );
      const sentToExtra = entries(check).filter(
        (entry) =>
          entry.from === 'checker' && /^(READY|EVENT)/.test(entry.text ?? '') && extra.has(entry.connection),
      );
      expect(sentToExtra, check.id).toEqual([]);
    }
    for (const id of [
      'ping-rate-steady-across-reconnects',
      'each-event-once-across-replay',
      'resumes-with-last-sn',
    ])
      expect([id, byId[id].status], byId[id].reason ?? byId[id].undecided?.state).toEqual([id, 'pass']);
    // The scenarios that saw the leaked sockets say so too.
    expect(byId['ping-rate-steady-across-reconnects'].evidence?.notes).toContainEqual(
      expect.stringMatching(/^the client held \d+ connections at once/),
    );
  }, 120_000);
});

describe.concurrent('reasons from what happened', () => {
  it('does not take a PING sent before IDENTIFY for the heartbeat', async () => {
    const run = await runEventsClient('node test/client-mode/fixtures/pings-before-identify.mjs', [
      '--grep',
      'ping-within-interval',
    ]);
    const [check] = run.report.checks;
    expect(check.status).toBe('fail');
    expect(check.reason).toMatch(/^no PING within 12 s of connecting/);
    expect(check.evidence?.notes).toContainEqual(
      'the client sent PING before IDENTIFY: not counted as its heartbeat',
    );
  }, 60_000);

  it('says a timeout came from the default limit when no --scenario-timeout was given', async () => {
    const run = await runEventsClient('node -e "setInterval(() => {}, 1000)"', [
      '--grep',
      'identify-carries',
    ]);
    expect(run.report.checks[0].reason).toMatch(
      /^the scenario timed out after 15000 ms \(the default limit; --scenario-timeout sets it\) waiting for the client to connect/,
    );
  }, 60_000);

  it('lists every request of a client that drained another list, and says so', async () => {
    const run = await runClientCommand([
      '--command',
      'CONFORMANCE_LIST=guild node examples/clients/correct.mjs',
      '--list',
      'channel',
      '--grep',
      'client.channel.list/(short-page-with-next-continues|full-page-without-next-stops)$',
      '--reporter',
      'json',
    ]);
    const [short, full] = run.report.checks;
    expect(short.reason).toBe(
      'the client sent no channel.list request; it requested guild.list instead (CONFORMANCE_LIST is channel)',
    );
    expect(full.undecided?.state).toMatch(
      /^the client made no channel\.list request \(it requested guild\.list\) and exited with code 0: /,
    );
    for (const check of [short, full])
      expect(check.evidence?.notes).toContainEqual(
        expect.stringMatching(
          /^every request the client made \(the scenario's list is channel\.list\):\n1\. guild\.list \{\}/,
        ),
      );
  }, 60_000);
});

describe('chooseInUse: the connection the client uses, by evidence alone', () => {
  /** A connection as the stage tracks it: identified or not, its ping answered or not (no clock read). */
  const tracked = (
    number: number,
    { identified = true, answered = false, open = true } = {},
  ): TrackedConnection => ({
    number,
    openedAt: number * 10,
    ...(identified ? { identifiedAt: number * 10 + 1 } : {}),
    ...(answered ? { answeredAt: number * 10 + 2 } : {}),
    used: identified && answered,
    reads: answered,
    open,
  });

  it('takes the one that answered the ping, whichever opened last, at once', () => {
    const leaked = [tracked(1), tracked(2), tracked(4)];
    const read = tracked(3, { answered: true });
    expect(chooseInUse([...leaked.slice(0, 2), read, leaked[2]], 0)).toBe(read);
  });

  it('takes none while no connection shows it is read, however long ago they opened', () => {
    expect(chooseInUse([tracked(1), tracked(2, { identified: false })], 0)).toBeUndefined();
  });

  it('takes the latest of several read, among those opened since, still open', () => {
    const connections = [
      tracked(1, { answered: true }),
      tracked(2, { answered: true }),
      tracked(3, { answered: true, open: false }),
    ];
    expect(chooseInUse(connections, 0)?.number).toBe(2);
    expect(chooseInUse(connections, 25)).toBeUndefined();
  });

  it('never takes a connection on PINGs alone, without its ping answered', () => {
    expect(chooseInUse([tracked(1, { identified: false }), tracked(2)], 0)).toBeUndefined();
  });
});

describe('heldAtOnce: connections held together, judged against the client’s own pace', () => {
  /** A connection opened at `openedAt`, identified `identifyMs` later (or never), closed by the client. */
  const connection = (
    number: number,
    openedAt: number,
    { identifyMs, closedAfterMs }: { identifyMs?: number; closedAfterMs?: number },
  ): TrackedConnection => ({
    number,
    openedAt,
    ...(identifyMs === undefined ? {} : { identifiedAt: openedAt + identifyMs }),
    ...(closedAfterMs === undefined
      ? {}
      : { closed: { at: openedAt + closedAfterMs, code: 1000, by: 'client' as const } }),
    used: identifyMs !== undefined,
    reads: identifyMs !== undefined,
    open: closedAfterMs === undefined,
  });
  /** Two extra sockets closed unused 1.5 s after they opened, then the one the client uses. */
  const stage = (identifyMs: number) => ({
    connections: [
      connection(1, 0, { closedAfterMs: 1_500 }),
      connection(2, 10, { closedAfterMs: 1_500 }),
      connection(3, 20, { identifyMs }),
    ],
    endedAt: 20_000,
  });

  it('a client that identifies at once and keeps its extra sockets 1.5 s held them at once', () => {
    expect(heldAtOnce(stage(5))?.connections.map((held) => held.number)).toEqual([1, 2, 3]);
  });

  it('a client that took 900 ms to identify (a loaded machine) closed them as soon as it could', () => {
    expect(heldAtOnce(stage(900))).toBeUndefined();
  });

  it('a slow client that never closes its extra sockets still holds them at once', () => {
    const leaked = {
      connections: [connection(1, 0, {}), connection(2, 20, { identifyMs: 4_000 })],
      endedAt: 30_000,
    };
    expect(heldAtOnce(leaked)?.connections).toHaveLength(2);
  });
});
