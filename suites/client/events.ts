/**
 * Client-mode event-stream scenarios (`conformance client --suite events`): the checker serves the event
 * socket and scripts it; the client connects to CONFORMANCE_EVENTS_URL, identifies, keeps its heartbeat,
 * reconnects on its own and prints `{"event":{"sn":N,"type":"T"}}` per event it hands to its application.
 * §6 leaves the transport "not shown": every scenario judges a de-facto convention (de-facto-conventions.md
 * "Events"), at should level.
 */
import { ClientExited, type EventConnection, Op } from '../../src/client-mode/events/stage.js';
import {
  judgePingRate,
  judgeRetryIntervals,
  judgeWaits,
  type ReconnectGap,
  type WaitJudgement,
} from '../../src/client-mode/events/timing.js';
import { defineEventScenario, type EventScenarioContext } from '../../src/client-mode/model.js';

/** De-facto: IDENTIFY within 10 s, PING about every 10 s; the slack absorbs a loaded machine. */
const CONVENTION_MS = 10_000;
const SLACK_MS = 2_000;
/** The ping-rate window, in the client's own ping intervals, and the time allowed for a reconnect. */
const PING_WINDOWS = 2.5;
const RECONNECT_ALLOWANCE_MS = 2_000;
/** Reconnects observed after drops before a client with no wait between them is called a storm. */
const STORM_RECONNECTS = 5;
/** A wait of this much in all between the drops and the reconnects shows a backoff. */
const BACKOFF_SHOWN_MS = 250;
/** Watching an unclear storm on: how long the next attempt is awaited (a client slower is not storming). */
const STORM_WATCH_WINDOW_MS = 1_000;
/** After an authentication close: the window watched, and the new connections in it that make a storm. */
const AUTH_WINDOW_MS = 2_000;
const AUTH_STORM_ATTEMPTS = 5;
/** A refused token: retries are watched this long at most, ending this long before the deadline. */
const AUTH_WATCH_MS = 30_000;
const AUTH_WATCH_MARGIN_MS = 500;

/** A connection the client has identified on, answered with READY. */
async function identified({ stage }: EventScenarioContext) {
  const connection = await stage.nextConnection();
  await connection.identify();
  connection.ready();
  return connection;
}

const list = (sns: number[]) => sns.join(', ');

/** Which of `sns` the client printed not at all, and which more than once. */
function deliveries({ stage }: EventScenarioContext, sns: number[]) {
  return {
    missing: sns.filter((sn) => stage.printedCount(sn) === 0),
    twice: sns.filter((sn) => stage.printedCount(sn) > 1),
  };
}

/**
 * Events 1–5, an abrupt drop; on the IDENTIFY after it the server replays `replay(identify body)`, then
 * event 8. The client must print 1–8, each once: a gap or a duplicate fails.
 */
async function resumeAfterDrop(
  t: EventScenarioContext,
  replay: (identify: Record<string, unknown>) => number[],
) {
  const first = await identified(t);
  for (const sn of [1, 2, 3, 4, 5]) first.event(sn);
  await t.stage.delivered([1, 2, 3, 4, 5]);
  first.drop();
  const second = await t.stage.nextConnection('the client to reconnect after the drop');
  const body = await second.identify();
  second.ready();
  for (const sn of replay(body)) second.event(sn);
  second.event(8);
  const all = [1, 2, 3, 4, 5, 6, 7, 8];
  await t.stage.within(
    CONVENTION_MS,
    () => (deliveries(t, all).missing.length ? undefined : true),
    'events 1–8',
  );
  // A duplicate of the replay shows within a heartbeat: watched that long.
  await t.stage.within(
    t.heartbeatMs,
    () => (deliveries(t, all).twice.length ? true : undefined),
    'a duplicate',
  );
  const { missing, twice } = deliveries(t, all);
  const resumed = body.sn === undefined ? 'without sn' : `with sn ${JSON.stringify(body.sn)}`;
  if (missing.length)
    t.fail(`events ${list(missing)} were never delivered (a gap; the client resumed ${resumed})`);
  if (twice.length) t.fail(`events ${list(twice)} were delivered twice (the client resumed ${resumed})`);
}

/**
 * The PINGs the client sent on `connection` in the `windowMs` after it opened, as two bounds (issue 34).
 * The wait is an observation window widened by the checker's stalls: `most` counts every PING read
 * before it closed (one read late counts all the same); `least` only those read by the window's end
 * less the delay with which the opening itself can have been seen — each certainly sent within it.
 */
async function pingsInWindow(t: EventScenarioContext, connection: EventConnection, windowMs: number) {
  const end = connection.openedAt + windowMs;
  await t.stage.within(Math.max(end - Date.now(), 0), () => undefined, 'the PINGs of a window');
  const closedAt = Date.now();
  const certainEnd = end - t.stage.lag.delayBefore(connection.openedAt);
  const pings = connection.frames.filter((frame) => frame.op === Op.PING);
  return {
    least: pings.filter((frame) => frame.at <= certainEnd).length,
    most: pings.filter((frame) => frame.at <= closedAt).length,
  };
}

/** Undefined instead of ClientExited: the scenario judges the exit itself. */
const unlessExited = <T>(promise: Promise<T>) =>
  promise.catch((error) => {
    if (error instanceof ClientExited) return undefined;
    throw error;
  });

/** A new connection after `ended` closed: the gap, the checker's stall in it, the IDENTIFY's reaction time. */
async function gapTo(t: EventScenarioContext, next: EventConnection, ended: number, attempt: string) {
  // The IDENTIFY a client sends as soon as it is connected: the machine's delay for a step taken at once.
  const identify = await next.next((frame) => frame.op === Op.IDENTIFY, `IDENTIFY on ${attempt}`);
  return {
    ms: next.openedAt - ended,
    stalled: t.stage.lag.stalledWithin(ended, next.openedAt),
    reaction: identify.at - next.openedAt,
  };
}

/**
 * A judgement the watch stops at: no wait (a storm), or waits that beat the least shown by a margin as
 * large again. A client that reconnects at once but is itself starved of CPU can add up just over the
 * least in gaps the checker's measures do not explain (seen beside the CI's other work): that is watched
 * on, not passed.
 */
const settled = (judgement: WaitJudgement): boolean =>
  judgement.verdict === 'no-wait' || waitedClearly(judgement);

/** Waits that beat the least shown by a margin as large again: the client backs off, no watch needed. */
const waitedClearly = (judgement: WaitJudgement): boolean =>
  judgement.verdict === 'waited' && judgement.credited >= 2 * BACKOFF_SHOWN_MS;

/**
 * Reconnects judged 'unclear', or waited by a thin margin, on a busy machine: a storm goes on, so later
 * ones can still show it — any STORM_RECONNECTS in a row that add up to no wait (issue 34). The watch
 * ends when no reconnect comes within STORM_WATCH_WINDOW_MS of the last close (widened by the checker's
 * stalls), as a client that backs off soon shows: still unclear (never passed), or waited. A long gap
 * alone does not end it: a storming client on a busy machine is slow too. `end` ends the connection of
 * the moment (`last`) and says when; the watch takes up to 2 × STORM_RECONNECTS more reconnects.
 */
async function watchTheStorm(
  t: EventScenarioContext,
  gaps: ReconnectGap[],
  last: EventConnection,
  end: (connection: EventConnection) => number,
): Promise<WaitJudgement> {
  let judgement = judgeWaits(gaps, BACKOFF_SHOWN_MS);
  let connection = last;
  for (let extra = 0; !settled(judgement) && extra < 2 * STORM_RECONNECTS; extra++) {
    const ended = end(connection);
    // Connection numbers count from 1: the one after `connection` is at its number.
    const after = connection.number;
    const next = await t.stage
      .waitFor(() => t.stage.connections[after], 'another reconnect', {
        from: ended,
        ms: STORM_WATCH_WINDOW_MS,
      })
      .catch(() => undefined);
    if (!next) break;
    connection = await t.stage.nextConnection('another reconnect');
    const gap = await unlessExited(gapTo(t, connection, ended, 'another reconnect')).catch(() => undefined);
    if (!gap) break;
    gaps.push(gap);
    const latest = judgeWaits(gaps.slice(-STORM_RECONNECTS), BACKOFF_SHOWN_MS);
    if (settled(latest)) judgement = latest;
  }
  return judgement;
}

/**
 * After something unusual was sent: event `now` at once and event `later` a heartbeat after it, on the
 * same connection. The client fails when it exits, closes the socket, or does not print both.
 */
async function deliveredAfter(
  t: EventScenarioContext,
  connection: EventConnection,
  [now, later]: [number, number],
  after: string,
) {
  const { stage } = t;
  const printedOrGone = (sn: number) => () =>
    stage.printedCount(sn) > 0 || connection.closed || stage.exited ? true : undefined;
  connection.event(now);
  await unlessExited(stage.within(CONVENTION_MS, printedOrGone(now), `event ${now}`));
  // A crash or a close that follows the frame shows within a heartbeat: watched that long.
  await unlessExited(
    stage.within(t.heartbeatMs, () => (connection.closed || stage.exited ? true : undefined), 'a close'),
  );
  connection.event(later);
  await unlessExited(stage.within(CONVENTION_MS, printedOrGone(later), `event ${later}`));
  // A crashing client's socket closes (1006) just before its exit is seen: a moment tells them apart.
  if (connection.closed?.by === 'client' && !stage.exited)
    await unlessExited(stage.within(500, () => (stage.exited ? true : undefined), 'an exit'));
  if (stage.exited) return t.fail(`the client ${stage.exited.how} after ${after}`);
  if (connection.closed?.by === 'client')
    return t.fail(`the client closed the socket (${connection.closed.code}) after ${after}`);
  const missing = [now, later].filter((sn) => stage.printedCount(sn) === 0);
  if (missing.length)
    t.fail(
      `events ${list(missing)}, sent after ${after}, were not delivered within ${CONVENTION_MS / 1000} s`,
    );
}

export default [
  defineEventScenario({
    id: 'client.events/identify-carries-token',
    title: 'IDENTIFY carries the token, within 10 s of connecting',
    level: 'should',
    rules: ['CLIENT-CONV-WS-IDENTIFY'],
    expectation:
      'the client connects to CONFORMANCE_EVENTS_URL and sends IDENTIFY {token: CONFORMANCE_TOKEN} within 10 s',
    async script(t) {
      const connection = await t.stage.nextConnection();
      const frame = await t.stage.within(
        CONVENTION_MS + SLACK_MS,
        () => connection.frames.find((candidate) => candidate.op === 3),
        'IDENTIFY',
      );
      if (!frame) return t.fail(`no IDENTIFY within ${(CONVENTION_MS + SLACK_MS) / 1000} s of connecting`);
      const token = frame.body?.token;
      if (token !== t.stage.options.token) {
        const sent =
          typeof token === 'string'
            ? JSON.stringify(token.split(t.stage.options.token).join('$TOKEN'))
            : 'no token';
        t.fail(`IDENTIFY carried ${sent}; it must carry the token as given (CONFORMANCE_TOKEN)`);
      }
      connection.ready();
    },
  }),
  defineEventScenario({
    id: 'client.events/ping-within-interval',
    title: 'PING within the heartbeat interval (10 s, or CONFORMANCE_HEARTBEAT_MS), and again',
    level: 'should',
    rules: ['CLIENT-CONV-WS-PING'],
    expectation:
      'after READY the client sends PING within 10 s (within the hint when it honours CONFORMANCE_HEARTBEAT_MS), and keeps sending it',
    async script(t) {
      const connection = await identified(t);
      const pingAfter = (from: number) => () =>
        connection.frames.find((frame) => frame.op === 1 && frame.at > from);
      const first = await t.stage.within(CONVENTION_MS + SLACK_MS, pingAfter(connection.openedAt), 'a PING');
      if (!first)
        return t.fail(
          `no PING within ${(CONVENTION_MS + SLACK_MS) / 1000} s of connecting (de-facto: about every 10 s)`,
        );
      const interval = first.at - connection.openedAt;
      if (interval > 2 * t.heartbeatMs + SLACK_MS) {
        t.note(
          `first PING after ${interval} ms: the client does not honour CONFORMANCE_HEARTBEAT_MS (${t.heartbeatMs} ms); one interval observed`,
        );
        return;
      }
      const second = await t.stage.within(CONVENTION_MS + SLACK_MS, pingAfter(first.at), 'a second PING');
      if (!second)
        t.fail(
          `one PING after ${interval} ms, then none for ${(CONVENTION_MS + SLACK_MS) / 1000} s: the heartbeat stopped`,
        );
    },
  }),
  defineEventScenario({
    id: 'client.events/ping-rate-steady-across-reconnects',
    title: 'Dropped twice, the client pings no more often than before (no heartbeat left running)',
    level: 'should',
    rules: ['CLIENT-CONV-WS-PING', 'CLIENT-CONV-WS-RECONNECT'],
    expectation: `the interval between the first two PINGs sets a window of ${PING_WINDOWS} intervals; the PINGs in that window after each connection opens are counted on the first connection and after each of two drops: no more than one more than on the first`,
    async script(t) {
      const { stage } = t;
      const first = await identified(t);
      // Bounded by the scenario: a client whose PINGs do not fit in it is undecided, not failed.
      const pings = await stage.within(
        Math.min(2 * (CONVENTION_MS + SLACK_MS), stage.deadline - Date.now() - AUTH_WATCH_MARGIN_MS),
        () => {
          const seen = first.frames.filter((frame) => frame.op === Op.PING);
          return seen.length >= 2 ? seen : undefined;
        },
        'two PINGs',
      );
      if (!pings)
        return t.undecided(
          `the client sent fewer than two PINGs in the ${Date.now() - first.openedAt} ms after its first connection opened, so its rate cannot be compared`,
          'pass --scenario-timeout 90000 to judge a client that ignores CONFORMANCE_HEARTBEAT_MS; client.events/ping-within-interval judges the first PING',
        );
      const windowMs = Math.round(PING_WINDOWS * (pings[1].at - pings[0].at));
      // Two more windows, each after a reconnect: what the scenario still needs to judge.
      const needed =
        Date.now() +
        Math.max(first.openedAt + windowMs - Date.now(), 0) +
        2 * (windowMs + RECONNECT_ALLOWANCE_MS);
      if (needed > stage.deadline)
        return t.undecided(
          `the client pings every ${pings[1].at - pings[0].at} ms; counting its PINGs after two reconnects takes about ${needed - stage.began} ms`,
          `pass --scenario-timeout ${Math.ceil((needed - stage.began) / 1000) * 1000} or more`,
        );
      const counts = [await pingsInWindow(t, first, windowMs)];
      let connection = first;
      for (const reconnect of [1, 2]) {
        connection.drop();
        const dropped = connection.closed!.at;
        connection = await stage.nextConnection(`reconnect ${reconnect} after a drop`);
        await connection.identify();
        connection.ready();
        // The client's own reconnect wait decides what is left: a window that cannot end in time is undecided.
        const rest = (3 - reconnect) * windowMs + (2 - reconnect) * (connection.openedAt - dropped);
        if (connection.openedAt + rest > stage.deadline - AUTH_WATCH_MARGIN_MS)
          return t.undecided(
            `counting the PINGs after reconnect ${reconnect} (${windowMs} ms windows) does not fit in the scenario`,
            `pass --scenario-timeout ${Math.ceil((connection.openedAt + rest - stage.began + 2 * AUTH_WATCH_MARGIN_MS) / 1000) * 1000} or more`,
          );
        counts.push(await pingsInWindow(t, connection, windowMs));
      }
      const [before, ...after] = counts;
      t.note(
        `PINGs in each window, at least–at most (the checker's stalls blur a window's ends): ${counts.map((count) => `${count.least}–${count.most}`).join(', ')}`,
      );
      const rate = judgePingRate(before, after);
      const shown = [before.most, ...after.map((count) => count.least)].join(', ');
      if (rate.verdict === 'more')
        return t.fail(
          `PINGs in ${windowMs} ms after the connection opened: ${shown} (the first connection, then after each of two drops): after drop ${rate.drop + 1} the client pings more often — a heartbeat of an earlier connection is still running`,
        );
      if (rate.verdict === 'unclear')
        t.undecided(
          `PINGs in ${windowMs} ms after the connection opened, at least–at most: ${counts.map((count) => `${count.least}–${count.most}`).join(', ')}; the checker's stalls blur whether the client pings more often after a drop`,
          'run the client scenarios on a less busy machine',
        );
    },
  }),
  defineEventScenario({
    id: 'client.events/resumes-with-last-sn',
    title: 'After an abrupt drop the client reconnects and resumes with the last sn it received',
    level: 'should',
    rules: ['CLIENT-CONV-WS-RESUME', 'CLIENT-CONV-WS-IDENTIFY'],
    expectation:
      'events 1–3, then the connection drops: the client reconnects and its IDENTIFY carries sn 3 (and the token again)',
    async script(t) {
      const first = await identified(t);
      for (const sn of [1, 2, 3]) first.event(sn);
      await t.stage.delivered([1, 2, 3]);
      first.drop();
      const second = await t.stage.nextConnection('the client to reconnect after the drop');
      const body = await second.identify();
      second.ready();
      if (body.token !== t.stage.options.token)
        t.fail('IDENTIFY after the drop did not carry the token as given');
      if (body.sn === 3) return;
      if (body.sn === undefined && body.sequence === 3)
        return t.fail('IDENTIFY resumed with the older `sequence` 3 only; servers of the family read `sn`');
      if (body.sn === undefined)
        return t.fail(
          'IDENTIFY after the drop carried no sn: the events sent while the client was away are lost',
        );
      t.fail(
        `IDENTIFY after the drop carried sn ${JSON.stringify(body.sn)}, but the last event the client received was sn 3`,
      );
    },
  }),
  defineEventScenario({
    id: 'client.events/reconnects-with-backoff',
    title: 'Dropped again and again, the client reconnects, waiting between attempts',
    level: 'should',
    rules: ['CLIENT-CONV-WS-RECONNECT'],
    expectation: `each connection is dropped as soon as it opens: the client reconnects on its own, and within ${STORM_RECONNECTS} reconnects it has waited ${BACKOFF_SHOWN_MS} ms or more in all`,
    async script(t) {
      let connection = await identified(t);
      connection.event(1);
      await t.stage.delivered([1]);
      const gaps: ReconnectGap[] = [];
      const drop = (dropping: EventConnection) => {
        dropping.drop();
        return dropping.closed!.at;
      };
      while (gaps.length < STORM_RECONNECTS) {
        const dropped = drop(connection);
        const attempt = `reconnect ${gaps.length + 1} after a drop`;
        connection = await t.stage.nextConnection(attempt);
        gaps.push(await gapTo(t, connection, dropped, attempt));
        if (waitedClearly(judgeWaits(gaps, BACKOFF_SHOWN_MS))) return;
      }
      const judgement = await watchTheStorm(t, gaps, connection, drop);
      if (judgement.verdict === 'waited') return;
      t.note(
        `reconnects (gap, the checker's stall in it, the IDENTIFY's reaction time, in ms): ${gaps.map((gap) => `${gap.ms}/${gap.stalled}/${gap.reaction}`).join(', ')}`,
      );
      const seen = `after ${gaps.map((gap) => gap.ms).join(', ')} ms`;
      const allowed = `allowing ${judgement.allowed} ms in all for the machine's own delay: the checker's stalls and the client's reaction time, measured`;
      if (judgement.verdict === 'unclear')
        return t.undecided(
          `${STORM_RECONNECTS} reconnects ${seen}, ${allowed}; on this busy machine a wait of ${BACKOFF_SHOWN_MS} ms in all cannot be told from that delay`,
          'run the client scenarios on a less busy machine',
        );
      t.fail(
        `${STORM_RECONNECTS} reconnects after ${STORM_RECONNECTS} drops, ${seen}: a reconnect storm (${allowed}); wait between attempts, longer each time`,
      );
    },
  }),
  defineEventScenario({
    id: 'client.events/each-event-once-across-replay',
    title: 'Every event delivered exactly once across a drop and the replay',
    level: 'should',
    rules: ['CLIENT-CONV-WS-ONCE', 'CLIENT-CONV-WS-RESUME'],
    expectation:
      'events 1–5, a drop, events 6–7 while the client is away; on its IDENTIFY with sn the server replays what follows it, then event 8: the client prints 1–8, each once',
    async script(t) {
      await resumeAfterDrop(t, (from) => {
        const sn =
          typeof from.sn === 'number' ? from.sn : typeof from.sequence === 'number' ? from.sequence : 7;
        // The replay: what the server kept after the sn the client gave (6 and 7 happened while it was away).
        return Array.from({ length: Math.max(7 - sn, 0) }, (_, index) => sn + 1 + index);
      });
    },
  }),
  defineEventScenario({
    id: 'client.events/overlapping-replay-delivered-once',
    title: 'A replay overlapping what the client already had (at-least-once) is delivered once',
    level: 'should',
    rules: ['CLIENT-CONV-WS-ONCE', 'CLIENT-CONV-WS-RESUME'],
    expectation:
      'events 1–5, a drop, events 6–7 while the client is away; on its IDENTIFY the server replays its whole cache, 1–7, whatever sn it gave (at-least-once), then event 8: the client prints 1–8, each once',
    async script(t) {
      // Servers of the family replay a whole cache, or from an older sn: a client drops what it had.
      await resumeAfterDrop(t, () => [1, 2, 3, 4, 5, 6, 7]);
    },
  }),
  defineEventScenario({
    id: 'client.events/unknown-opcode-ignored',
    title: 'Frames of an unknown opcode (and META) do not stop delivery',
    level: 'should',
    rules: ['CLIENT-CONV-WS-UNKNOWN'],
    expectation:
      'event 1, a META frame, a frame with op 42, event 2, and a heartbeat later event 3, on the same connection: the client prints the events and keeps the socket open',
    async script(t) {
      const connection = await identified(t);
      connection.event(1);
      connection.send(5, { proxy_urls: [] });
      connection.send(42, { note: 'an opcode from a later version' });
      await deliveredAfter(t, connection, [2, 3], 'a META frame and a frame with op 42');
    },
  }),
  defineEventScenario({
    id: 'client.events/unknown-event-type-delivered-on',
    title: 'An event of an unknown type does not stop delivery',
    level: 'should',
    rules: ['CLIENT-CONV-WS-UNKNOWN'],
    expectation:
      'event 1 (message-created), event 2 of a type no version names, event 3 (guild-emoji-added), then events 4 and, a heartbeat later, 5 (message-created): the client delivers 1, 4 and 5 (2 and 3 as it likes) and keeps the socket open',
    async script(t) {
      const connection = await identified(t);
      connection.event(1);
      connection.event(2, 'x-conformance-unknown-type');
      connection.event(3, 'guild-emoji-added');
      await deliveredAfter(t, connection, [4, 5], 'an event of an unknown type');
      if (t.stage.printedCount(1) === 0) t.fail('event 1 (message-created) was not delivered');
      const skipped = [2, 3].filter((sn) => t.stage.printedCount(sn) === 0);
      if (skipped.length)
        t.note(`events ${list(skipped)} (types it may not know) were not delivered; allowed`);
    },
  }),
  defineEventScenario({
    id: 'client.events/auth-close-not-retried-in-a-storm',
    title: 'An authentication close (4004) is not retried in a storm',
    level: 'should',
    rules: ['CLIENT-CONV-WS-AUTH'],
    mayExit: true,
    expectation: `every IDENTIFY is answered with close 4004: the client gives up (exits, or does not retry within ${AUTH_WINDOW_MS / 1000} s), or within ${AUTH_STORM_ATTEMPTS} retries has waited ${BACKOFF_SHOWN_MS} ms or more in all`,
    async script(t) {
      const { stage } = t;
      stage.onIdentify = (connection) => connection.close(4004, 'authentication failed');
      let refused = await stage.nextConnection();
      const gaps: ReconnectGap[] = [];
      const firstClose = await stage.waitFor(() => refused.closed?.at, 'the client to IDENTIFY');
      while (gaps.length < AUTH_STORM_ATTEMPTS) {
        const closed = refused.closed!.at;
        // Exiting, or not retrying within the window, is a fine way to give up.
        const next = await unlessExited(
          stage.within(AUTH_WINDOW_MS, () => stage.connections[gaps.length + 1], 'a retry'),
        );
        if (!next) return;
        refused = await stage.nextConnection();
        // As for reconnects after a drop: the gaps less the machine's own delay, measured (issue 34).
        const gap = await unlessExited(gapTo(t, refused, closed, `retry ${gaps.length + 1}`));
        if (!gap) return;
        gaps.push(gap);
        if (waitedClearly(judgeWaits(gaps, BACKOFF_SHOWN_MS))) return;
      }
      // Each retry is closed (4004) as it identifies: the close of the connection of the moment is when.
      const judgement = await watchTheStorm(t, gaps, refused, (connection) => connection.closed!.at);
      if (judgement.verdict === 'waited') return;
      t.note(
        `retries (gap, the checker's stall in it, the IDENTIFY's reaction time, in ms): ${gaps.map((gap) => `${gap.ms}/${gap.stalled}/${gap.reaction}`).join(', ')}`,
      );
      const seen = `${gaps.length} new connections within ${stage.connections[gaps.length].openedAt - firstClose} ms of a 4004 close, after ${gaps.map((gap) => gap.ms).join(', ')} ms`;
      if (judgement.verdict === 'unclear')
        return t.undecided(
          `${seen}, allowing ${judgement.allowed} ms for the machine's own delay: whether the client waited cannot be told`,
          'run the client scenarios on a less busy machine',
        );
      t.fail(`${seen}: an authentication failure retried in a storm`);
    },
  }),
  defineEventScenario({
    id: 'client.events/auth-refused-not-retried-at-a-fixed-interval',
    title: 'A refused token (4004) is not retried at a fixed interval, forever',
    level: 'should',
    rules: ['CLIENT-CONV-WS-AUTH'],
    mayExit: true,
    expectation: `every IDENTIFY is answered with close 4004, watched for up to ${AUTH_WATCH_MS / 1000} s (within --scenario-timeout): the client stops retrying, or waits longer each time; retrying at a fixed interval fails`,
    async script(t) {
      const { stage } = t;
      stage.onIdentify = (connection) => connection.close(4004, 'authentication failed');
      const first = await stage.nextConnection();
      await first.identify();
      const watchEnd = Math.min(first.openedAt + AUTH_WATCH_MS, stage.deadline - AUTH_WATCH_MARGIN_MS);
      await unlessExited(stage.within(Math.max(watchEnd - Date.now(), 0), () => undefined, 'retries'));
      const opened = stage.connections.map((connection) => connection.openedAt);
      const end = stage.exited?.at ?? Date.now();
      // Each end of an interval can have been seen late by the stall just before it.
      const interval = (from: number, to: number) => ({
        ms: to - from,
        stalled: stage.lag.delayBefore(from) + stage.lag.delayBefore(to),
      });
      const intervals = opened.slice(1).map((at, index) => interval(opened[index], at));
      const verdict = judgeRetryIntervals(intervals, interval(opened.at(-1)!, end));
      const seen = `${intervals.length} retries after a 4004 close, at intervals of ${intervals.map((entry) => entry.ms).join(', ')} ms`;
      if (verdict === 'fixed')
        return t.fail(
          `${seen}: a refused token retried at a fixed interval (a storm); stop, or wait longer each time`,
        );
      if (verdict === 'unclear')
        return t.undecided(
          `${seen}, the checker itself stalling up to ${Math.max(...intervals.map((entry) => entry.stalled))} ms in them: whether the interval grew cannot be told`,
          'run the client scenarios on a less busy machine',
        );
      t.note(
        stage.exited
          ? `the client ${stage.exited.how} after ${intervals.length} retries`
          : `${seen}: ${verdict}`,
      );
    },
  }),
  defineEventScenario({
    id: 'client.events/ready-with-several-logins',
    title: 'READY with several logins: the events of the client’s own login are delivered',
    level: 'should',
    rules: ['CLIENT-CONV-WS-LOGINS'],
    expectation:
      'READY lists three logins, the client’s (CONFORMANCE_SELF_ID) second; events 1 and 4 are for it, 2 and 3 for the others: the client delivers 1 and 4',
    async script(t) {
      const { stage } = t;
      const connection = await stage.nextConnection();
      await connection.identify();
      const [peer, third] = stage.otherLogins;
      connection.ready([peer, stage.selfLogin, third]);
      connection.event(1);
      connection.event(2, 'message-created', peer);
      connection.event(3, 'message-created', third);
      connection.event(4);
      const own = await stage.within(
        CONVENTION_MS,
        () => (stage.printedCount(1) && stage.printedCount(4) ? true : undefined),
        'events 1 and 4',
      );
      if (!own) {
        const missing = [1, 4].filter((sn) => stage.printedCount(sn) === 0);
        return t.fail(
          `events ${list(missing)}, of the client's own login, were not delivered within ${CONVENTION_MS / 1000} s`,
        );
      }
      const others = [2, 3].filter((sn) => stage.printedCount(sn) > 0);
      if (others.length)
        t.note(
          `events ${list(others)} of the other logins were delivered too (allowed: the envelope names the login)`,
        );
    },
  }),
  defineEventScenario({
    id: 'client.events/events-right-after-ready',
    title: 'Events arriving right behind READY, while the client identifies, are delivered',
    level: 'should',
    rules: ['CLIENT-CONV-WS-EARLY'],
    expectation: 'READY and events 1–3 sent at once, in one burst: the client delivers all three',
    async script(t) {
      const connection = await t.stage.nextConnection();
      await connection.identify();
      connection.ready();
      for (const sn of [1, 2, 3]) connection.event(sn);
      const all = await t.stage.within(
        CONVENTION_MS,
        () => (deliveries(t, [1, 2, 3]).missing.length ? undefined : true),
        'events 1–3',
      );
      if (!all)
        t.fail(
          `events ${list(deliveries(t, [1, 2, 3]).missing)}, sent right behind READY, were not delivered within ${CONVENTION_MS / 1000} s`,
        );
    },
  }),
];
