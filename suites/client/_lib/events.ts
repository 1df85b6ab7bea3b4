/**
 * What the event-stream scenarios (suites/client/events.ts, suites/client/events-timed.ts) share: the
 * de-facto figures they judge by (de-facto-conventions.md "Events") and the steps of their scripts. Not a
 * scenario file: the loader skips names starting with `_` (src/runner/load.ts moduleFiles).
 */
import {
  ClientExited,
  type EventConnection,
  type EventStage,
  Op,
  ScenarioDeadline,
} from '../../../src/client-mode/events/stage.js';
import { judgeAttemptCount } from '../../../src/client-mode/events/timing.js';
import type { EventScenarioContext } from '../../../src/client-mode/model.js';
import { tr } from '../../../src/i18n/index.js';

/** De-facto: IDENTIFY within 10 s, PING about every 10 s; the slack absorbs a loaded machine. */
export const CONVENTION_MS = 10_000;
export const SLACK_MS = 2_000;
/** The ping-rate window, in the client's own ping intervals, and the time allowed for a reconnect. */
export const PING_WINDOWS = 2.5;
export const RECONNECT_ALLOWANCE_MS = 2_000;
/** Reconnects observed after drops before a client with no wait between them is called a storm. */
export const STORM_RECONNECTS = 5;
/** A wait of this much in all between the drops and the reconnects shows a backoff. */
export const BACKOFF_SHOWN_MS = 250;
/** After an authentication close: the retries in a row that must show a wait (BACKOFF_SHOWN_MS in all). */
export const AUTH_STORM_ATTEMPTS = 5;
/** A refused token: retries are watched this long at most, ending this long before the deadline. */
export const AUTH_WATCH_MS = 30_000;
export const AUTH_WATCH_MARGIN_MS = 500;
/** The least backoff any client may use, by count: BACKOFF_SHOWN_MS in every STORM_RECONNECTS attempts. */
export const LEAST_BACKOFF = { per: STORM_RECONNECTS, leastMs: BACKOFF_SHOWN_MS };

/**
 * What the client did in a scenario that never saw it identify, in its own words: "the client never
 * connected in 15000 ms", "the client exited with code 1 before connecting", "the client connected but
 * sent no IDENTIFY in 15000 ms".
 */
export function whatTheClientDid(stage: EventStage): string {
  const elapsed = Date.now() - stage.began;
  const count = stage.connections.length;
  if (count === 0)
    return stage.exited
      ? tr`the client ${stage.exited.how} before connecting`
      : tr`the client never connected in ${elapsed} ms`;
  const connected = count === 1 ? tr`the client connected` : tr`the client connected ${count} times`;
  return stage.exited
    ? tr`${connected}, sent no IDENTIFY and ${stage.exited.how}`
    : tr`${connected} but sent no IDENTIFY in ${elapsed} ms`;
}

/**
 * The first connection on which the client identified, for a scenario whose claim is that the client
 * does not do something after that (retry a refused token in a storm, at a fixed interval): such a claim
 * passes only once the client showed it does what the claim would repeat. A client that exits, never
 * connects or never identifies shows nothing: the scenario is undecided, saying what it did instead
 * (undefined is returned); client.events/identify-carries-token judges the IDENTIFY itself.
 */
export async function shownIdentifying(
  t: EventScenarioContext,
  /** The undecided's state from what the client did: "<did>: whether … cannot be told". */
  undecidable: (did: string) => string,
): Promise<EventConnection | undefined> {
  try {
    // The first connection the client identified on, whichever it opened first (it may open several).
    return await t.stage.waitFor(
      () => t.stage.connections.find((connection) => connection.identifiedAt !== undefined),
      tr`the client to connect to CONFORMANCE_EVENTS_URL and identify`,
    );
  } catch (error) {
    if (!(error instanceof ClientExited) && !(error instanceof ScenarioDeadline)) throw error;
    t.undecided(
      undecidable(whatTheClientDid(t.stage)),
      tr`a client that connects to CONFORMANCE_EVENTS_URL and sends IDENTIFY decides it; client.events/identify-carries-token judges the IDENTIFY`,
    );
    return undefined;
  }
}

/** A storm shown by count (judgeAttemptCount): the connections opened from the first end on. */
export interface CountedStorm {
  retries: number;
  windowMs: number;
  neededMs: number;
}

export function countedStorm(stage: EventStage, firstEnd: number): CountedStorm | undefined {
  // Every socket opened since the end the checker caused (several per attempt count each), none before.
  const retries = stage.connections.filter((connection) => connection.openedAt >= firstEnd).length;
  const windowMs = Math.max((stage.connections.at(-1)?.openedAt ?? firstEnd) - firstEnd, 0);
  const { storm, neededMs } = judgeAttemptCount(retries, windowMs, LEAST_BACKOFF);
  return storm ? { retries, windowMs, neededMs } : undefined;
}

/** A counted storm in words (short, whatever the count). */
export const describeCounted = ({ retries, windowMs, neededMs }: CountedStorm, from: string): string =>
  tr`${retries} new connections within ${windowMs} ms of ${from} (waiting ${BACKOFF_SHOWN_MS} ms in every ${STORM_RECONNECTS} attempts takes ${neededMs} ms at least)`;

/**
 * The connection the client uses (identified on and read: EventStage.inUse) among those opened at `since`
 * or later, answered with READY; its IDENTIFY body. Default: since the scenario began.
 */
export async function identified({ stage }: EventScenarioContext, since = stage.began, what?: string) {
  const connection = await stage.usedConnection(since, what);
  await connection.identify();
  connection.ready();
  return connection;
}

/**
 * A drop of the client's side as a network failure or a restarted server makes it: the connection it uses
 * and every other it holds open, all at once. A client may open several sockets per attempt, one after
 * another, and reconnect only on losing them (examples/clients/archetype/events.mjs): on a busy machine the
 * last sockets of an attempt open after the checker dropped the first, and dropping only the one taken as
 * the reconnect left the client holding the rest, with nothing to reconnect for (a correct client timed
 * out waiting for its second reconnect, 27 November 2026).
 */
export function dropHeld(stage: EventStage, connection: EventConnection): void {
  connection.drop();
  for (const other of stage.connections) if (other !== connection && other.open) other.drop();
}

/** The connection the client uses after `connection` was dropped: the reconnect (opened after the drop). */
export function reconnected(t: EventScenarioContext, dropped: EventConnection, what: string) {
  return identified(t, dropped.closed!.at, what);
}

export const list = (sns: number[]) => sns.join(', ');

/** Which of `sns` the client printed not at all, and which more than once. */
export function deliveries({ stage }: EventScenarioContext, sns: number[]) {
  return {
    missing: sns.filter((sn) => stage.printedCount(sn) === 0),
    twice: sns.filter((sn) => stage.printedCount(sn) > 1),
  };
}

/**
 * Events 1–5, an abrupt drop; on the IDENTIFY after it the server replays `replay(identify body)`, then
 * event 8. The client must print 1–8, each once: a gap or a duplicate fails.
 */
export async function resumeAfterDrop(
  t: EventScenarioContext,
  replay: (identify: Record<string, unknown>) => number[],
) {
  const first = await identified(t);
  for (const sn of [1, 2, 3, 4, 5]) first.event(sn);
  await t.stage.delivered([1, 2, 3, 4, 5]);
  first.drop();
  // The replay goes to the connection the client uses after the drop, never merely the next one opened.
  const second = await reconnected(
    t,
    first,
    tr`the client to reconnect after the drop and use the connection`,
  );
  const body = second.identifyBody ?? {};
  for (const sn of replay(body)) second.event(sn);
  second.event(8);
  const all = [1, 2, 3, 4, 5, 6, 7, 8];
  await t.stage.within(
    CONVENTION_MS,
    () => (deliveries(t, all).missing.length ? undefined : true),
    tr`events 1–8`,
  );
  // A duplicate of the replay shows within a heartbeat: watched that long.
  await t.stage.within(
    t.heartbeatMs,
    () => (deliveries(t, all).twice.length ? true : undefined),
    tr`a duplicate`,
  );
  const { missing, twice } = deliveries(t, all);
  // The replay went to the connection the client reads; others it opened meanwhile are named.
  const unread = t.stage.connections.filter(
    (connection) => connection.openedAt >= first.closed!.at && connection !== second && !connection.used,
  );
  const unreadNumbers = unread.map((connection) => connection.number).join(', ');
  const where = !unread.length
    ? ''
    : unread.length > 1
      ? tr`; the replay went to connection ${second.number}, the one it reads, not to connections ${unreadNumbers} it opened and never read`
      : tr`; the replay went to connection ${second.number}, the one it reads, not to connection ${unreadNumbers} it opened and never read`;
  const resumed =
    body.sn === undefined ? tr`without sn${where}` : tr`with sn ${JSON.stringify(body.sn)}${where}`;
  if (missing.length)
    t.fail(tr`events ${list(missing)} were never delivered (a gap; the client resumed ${resumed})`);
  if (twice.length) t.fail(tr`events ${list(twice)} were delivered twice (the client resumed ${resumed})`);
}

/**
 * The PINGs the client sent on `connection` in the `windowMs` after it opened, as two bounds (issue 34).
 * The wait is an observation window widened by the checker's stalls: `most` counts every PING read
 * before it closed (one read late counts all the same); `least` only those read by the window's end
 * less the delay with which the opening itself can have been seen — each certainly sent within it.
 */
export async function pingsInWindow(t: EventScenarioContext, connection: EventConnection, windowMs: number) {
  const end = connection.openedAt + windowMs;
  await t.stage.within(Math.max(end - Date.now(), 0), () => undefined, tr`the PINGs of a window`);
  const closedAt = Date.now();
  const certainEnd = end - t.stage.lag.delayBefore(connection.openedAt);
  const pings = connection.frames.filter((frame) => frame.op === Op.PING);
  return {
    least: pings.filter((frame) => frame.at <= certainEnd).length,
    most: pings.filter((frame) => frame.at <= closedAt).length,
  };
}

/** Undefined instead of ClientExited: the scenario judges the exit itself. */
export const unlessExited = <T>(promise: Promise<T>) =>
  promise.catch((error) => {
    if (error instanceof ClientExited) return undefined;
    throw error;
  });

/** A new connection after `ended` closed: the gap, the checker's stall in it, the IDENTIFY's reaction time. */
export async function gapTo(t: EventScenarioContext, next: EventConnection, ended: number, attempt: string) {
  // The IDENTIFY a client sends as soon as it is connected: the machine's delay for a step taken at once.
  const identifiedAt = await t.stage.waitFor(() => next.identifiedAt, tr`IDENTIFY on ${attempt}`);
  return {
    // A connection opened before the end (several opened at once): no wait before it.
    ms: Math.max(next.openedAt - ended, 0),
    stalled: t.stage.lag.stalledWithin(Math.min(ended, next.openedAt), next.openedAt),
    reaction: identifiedAt - next.openedAt,
  };
}

/**
 * After something unusual was sent: event `now` at once and event `later` a heartbeat after it, on the
 * same connection. The client fails when it exits, closes the socket, or does not print both.
 */
export async function deliveredAfter(
  t: EventScenarioContext,
  connection: EventConnection,
  [now, later]: [number, number],
  after: string,
) {
  const { stage } = t;
  const printedOrGone = (sn: number) => () =>
    stage.printedCount(sn) > 0 || connection.closed || stage.exited ? true : undefined;
  connection.event(now);
  await unlessExited(stage.within(CONVENTION_MS, printedOrGone(now), tr`event ${now}`));
  // A crash or a close that follows the frame shows within a heartbeat: watched that long.
  await unlessExited(
    stage.within(t.heartbeatMs, () => (connection.closed || stage.exited ? true : undefined), tr`a close`),
  );
  connection.event(later);
  await unlessExited(stage.within(CONVENTION_MS, printedOrGone(later), tr`event ${later}`));
  // A crashing client's socket closes (1006) just before its exit is seen: a moment tells them apart.
  if (connection.closed?.by === 'client' && !stage.exited)
    await unlessExited(stage.within(500, () => (stage.exited ? true : undefined), tr`an exit`));
  if (stage.exited) return t.fail(tr`the client ${stage.exited.how} after ${after}`);
  if (connection.closed?.by === 'client')
    return t.fail(tr`the client closed the socket (${connection.closed.code}) after ${after}`);
  const missing = [now, later].filter((sn) => stage.printedCount(sn) === 0);
  if (missing.length)
    t.fail(
      tr`events ${list(missing)}, sent after ${after}, were not delivered within ${CONVENTION_MS / 1000} s`,
    );
}
