/**
 * Client-mode event-stream scenarios that judge a period or a wait (`conformance client --suite events`):
 * the heartbeat's rate across reconnects, the backoff between reconnects, and the retries after an
 * authentication close (de-facto-conventions.md "Events", should level). Each is decided from what the
 * checker can count whatever its own lag (issue 42), and runs as long as the family's usual periods need
 * (its `limitMs`) unless --scenario-timeout says otherwise.
 */

import { loadClear } from '../../src/client-mode/defaults.js';
import { type EventConnection, type EventStage, Op } from '../../src/client-mode/events/stage.js';
import {
  BURST_MS,
  burstStarts,
  judgePingRate,
  judgeRetryShape,
  stormStretch,
  summarizeMs,
} from '../../src/client-mode/events/timing.js';
import { defineEventScenario, type EventScenarioContext } from '../../src/client-mode/model.js';
import { tr } from '../../src/i18n/index.js';
import {
  authCloseNotRetriedInAStorm,
  RECONNECT_RUN,
  reconnectsWithBackoff,
  STORM_LIMIT_MS,
} from './_lib/attempts.js';
import {
  AUTH_STORM_ATTEMPTS,
  AUTH_WATCH_MARGIN_MS,
  AUTH_WATCH_MS,
  BACKOFF_SHOWN_MS,
  CONVENTION_MS,
  type CountedStorm,
  countedStorm,
  describeCounted,
  dropHeld,
  identified,
  LEAST_BACKOFF,
  PING_WINDOWS,
  pingsInWindow,
  RECONNECT_ALLOWANCE_MS,
  reconnected,
  SLACK_MS,
  STORM_RECONNECTS,
  shownIdentifying,
  unlessExited,
} from './_lib/events.js';

/** How long each of these scenarios may run without --scenario-timeout (a heartbeat of 10 s, retries 5 s apart). */
const PING_RATE_LIMIT_MS = 120_000;
const AUTH_REFUSED_LIMIT_MS = 45_000;
/** A client of the family reconnects within this after a drop (5 s: @satorijs/core's retry interval). */
const FAMILY_RECONNECT_MS = 6_000;

export default [
  defineEventScenario({
    id: 'client.events/ping-rate-steady-across-reconnects',
    title: 'Dropped twice, the client pings no more often than before (no heartbeat left running)',
    level: 'should',
    rules: ['CLIENT-CONV-WS-PING', 'CLIENT-CONV-WS-RECONNECT'],
    limitMs: PING_RATE_LIMIT_MS,
    expectation: () =>
      tr`the interval between the first two PINGs sets a window of ${PING_WINDOWS} intervals; the PINGs in that window after each connection opens are counted on the first connection and after each of two drops (each of every connection the client holds): no more than one more than on the first (runs up to ${PING_RATE_LIMIT_MS / 1000} s without --scenario-timeout: a 10 s heartbeat needs about 90 s)`,
    async script(t) {
      const { stage } = t;
      const first = await identified(t);
      // Two PINGs of a heartbeat of the family (about 10 s) fit in the scenario's own limit.
      const twoPings = first.openedAt + 2 * (CONVENTION_MS + SLACK_MS) + AUTH_WATCH_MARGIN_MS;
      stage.extendTo(twoPings);
      // Its heartbeat on the connection it uses, after its IDENTIFY (a PING before it is no heartbeat yet).
      const identifyIndex = first.frames.findIndex((frame) => frame.op === Op.IDENTIFY);
      const pings = await stage.within(
        Math.min(twoPings, stage.deadline - AUTH_WATCH_MARGIN_MS) - Date.now(),
        () => {
          const seen = first.frames.filter((frame, index) => index > identifyIndex && frame.op === Op.PING);
          return seen.length >= 2 ? seen : undefined;
        },
        tr`two PINGs`,
      );
      if (!pings)
        return t.undecided(
          tr`the client sent fewer than two PINGs in the ${Date.now() - first.openedAt} ms after its first connection opened, so its rate cannot be compared`,
          stage.deadline < twoPings
            ? tr`pass --scenario-timeout ${Math.max(stage.flagFor(twoPings), 90_000)} or more to judge a client that ignores CONFORMANCE_HEARTBEAT_MS`
            : tr`client.events/ping-within-interval judges the first PING`,
        );
      const period = pings[1].at - pings[0].at;
      const windowMs = Math.round(PING_WINDOWS * period);
      // Two more windows, each after a reconnect of the family's usual wait: what the scenario still needs.
      const needed =
        Math.max(first.openedAt + windowMs, Date.now()) +
        2 * (windowMs + Math.max(RECONNECT_ALLOWANCE_MS, FAMILY_RECONNECT_MS)) +
        2 * AUTH_WATCH_MARGIN_MS;
      if (!stage.extendTo(needed))
        return t.undecided(
          tr`the client pings every ${period} ms; counting its PINGs after two reconnects takes about ${needed - stage.began} ms`,
          tr`pass --scenario-timeout ${stage.flagFor(needed)} or more`,
        );
      const counts = [await pingsInWindow(t, first, windowMs)];
      let connection = first;
      for (const reconnect of [1, 2]) {
        dropHeld(stage, connection);
        const dropped = connection.closed!.at;
        // The reconnect: the connection the client uses among those opened after the drop.
        connection = await reconnected(t, connection, tr`reconnect ${reconnect} after a drop`);
        // The client's own reconnect wait decides what is left: a window that cannot end in time is undecided.
        const rest = (3 - reconnect) * windowMs + (2 - reconnect) * (connection.openedAt - dropped);
        const end = connection.openedAt + rest + 2 * AUTH_WATCH_MARGIN_MS;
        if (!stage.extendTo(end))
          return t.undecided(
            tr`counting the PINGs after reconnect ${reconnect} (${windowMs} ms windows) does not fit in the scenario`,
            tr`pass --scenario-timeout ${stage.flagFor(end)} or more`,
          );
        counts.push(await pingsInWindow(t, connection, windowMs));
      }
      const [before, ...after] = counts;
      t.note(
        tr`PINGs in each window, at least–at most (the checker's stalls blur a window's ends): ${counts.map((count) => `${count.least}–${count.most}`).join(', ')}`,
      );
      const rate = judgePingRate(before, after);
      const shown = [before.most, ...after.map((count) => count.least)].join(', ');
      if (rate.verdict === 'more')
        return t.fail(
          tr`PINGs in ${windowMs} ms after the connection opened: ${shown} (the first connection, then after each of two drops): after drop ${rate.drop + 1} the client pings more often — a heartbeat of an earlier connection is still running`,
        );
      if (rate.verdict === 'unclear')
        t.undecided(
          tr`PINGs in ${windowMs} ms after the connection opened, at least–at most: ${counts.map((count) => `${count.least}–${count.most}`).join(', ')}; the checker's stalls blur whether the client pings more often after a drop`,
          loadClear(),
        );
    },
  }),
  defineEventScenario({
    id: 'client.events/reconnects-with-backoff',
    title: 'Dropped again and again, the client reconnects, waiting between attempts',
    level: 'should',
    rules: ['CLIENT-CONV-WS-RECONNECT'],
    expectation: () =>
      tr`the connection the client uses is dropped, and again after each reconnect (the connection it uses among those opened after the drop), up to ${RECONNECT_RUN} times within 12 s of the first drop (up to ${STORM_LIMIT_MS / 1000} s without --scenario-timeout): the client reconnects on its own, and every ${STORM_RECONNECTS} reconnects in a row wait ${BACKOFF_SHOWN_MS} ms or more in all — the whole run judged, not its first few`,
    limitMs: STORM_LIMIT_MS,
    script: reconnectsWithBackoff,
  }),
  defineEventScenario({
    id: 'client.events/auth-close-not-retried-in-a-storm',
    title: 'An authentication close (4004) is not retried in a storm',
    level: 'should',
    rules: ['CLIENT-CONV-WS-AUTH'],
    mayExit: true,
    expectation: () =>
      tr`every IDENTIFY is answered with close 4004, watched for 12 s after the first (up to ${STORM_LIMIT_MS / 1000} s without --scenario-timeout): once the client has identified, it gives up (exits, or retries no more), or every ${AUTH_STORM_ATTEMPTS} retries in a row wait ${BACKOFF_SHOWN_MS} ms or more in all — the whole run judged, not its first few; a client that never identifies shows nothing (undecided)`,
    limitMs: STORM_LIMIT_MS,
    script: authCloseNotRetriedInAStorm,
  }),
  defineEventScenario({
    id: 'client.events/auth-refused-not-retried-at-a-fixed-interval',
    title: 'A refused token (4004) is not retried at a fixed interval, forever',
    level: 'should',
    rules: ['CLIENT-CONV-WS-AUTH'],
    mayExit: true,
    limitMs: AUTH_REFUSED_LIMIT_MS,
    expectation: () =>
      tr`every IDENTIFY is answered with close 4004, watched for up to ${AUTH_WATCH_MS / 1000} s or three of the client's retry intervals (up to ${AUTH_REFUSED_LIMIT_MS / 1000} s without --scenario-timeout): once the client has identified, it stops retrying, or waits longer each time; retrying at a fixed interval fails, and so do more retries than waiting ${BACKOFF_SHOWN_MS} ms in every ${STORM_RECONNECTS} allows in the time watched`,
    script: refusedTokenRetries,
  }),
];

/** The attempts after the first 4004 close grouped into bursts (burstStarts): the starts, in ms. */
function burstsOfRetries(stage: EventStage, from: EventConnection) {
  // Every socket from the first attempt on (the first identified one may come after sockets of the same burst).
  const opened = stage.connections
    .filter((c) => c.openedAt >= from.openedAt - BURST_MS)
    .map((c) => c.openedAt);
  const starts = burstStarts(opened, (a, b) => stage.lag.stalledWithin(a, b));
  return { opened, starts: starts.map((index) => opened[index]), sizes: burstSizes(starts, opened.length) };
}

const burstSizes = (starts: readonly number[], total: number) =>
  starts.map((start, index) => (starts[index + 1] ?? total) - start);

/** The script of auth-refused-not-retried-at-a-fixed-interval: the watch, then the judgement. */
async function refusedTokenRetries(t: EventScenarioContext) {
  const { stage } = t;
  stage.onIdentify = (connection) => connection.close(4004, 'authentication failed');
  const first = await shownIdentifying(
    t,
    (did) => tr`${did}: whether it retries a refused token cannot be told`,
  );
  if (!first) return;
  const firstClose = first.closed?.at ?? Date.now();
  // Watched AUTH_WATCH_MS, or three of the client's periods (between bursts) once it shows one, within the limit.
  let cutAt: number | undefined;
  let period: number | undefined;
  const watchEnd = () =>
    Math.min(
      first.openedAt + Math.max(AUTH_WATCH_MS, 3 * (period ?? 0)),
      stage.deadline - AUTH_WATCH_MARGIN_MS,
    );
  let counted: CountedStorm | undefined;
  while (!counted && Date.now() < watchEnd()) {
    const seen = await unlessExited(
      stage.within(
        watchEnd() - Date.now(),
        () =>
          countedStorm(stage, firstClose) ??
          (period === undefined && burstsOfRetries(stage, first).starts.length >= 2 ? 'a retry' : undefined),
        tr`retries`,
      ),
    );
    if (seen === undefined) break;
    if (typeof seen === 'object') counted = seen;
    else {
      period = burstsOfRetries(stage, first).starts[1] - first.openedAt;
      const needed = first.openedAt + 3 * period + 2 * AUTH_WATCH_MARGIN_MS;
      if (!stage.extendTo(needed)) cutAt = needed;
    }
  }
  if (counted)
    return t.fail(
      tr`${describeCounted(counted, tr`a 4004 close`)}: a refused token retried in a storm; stop, or wait longer each time`,
    );
  judgeRefusedRetries(t, first, cutAt);
}

/**
 * The retries after the first 4004 close, judged over the whole run (issue 50): any STORM_RECONNECTS in a
 * row without BACKOFF_SHOWN_MS of wait (a burst is a storm, however quiet around it), then the shape of
 * the waits between bursts of attempts (a client may open several connections at each): fixed, growing.
 */
function judgeRefusedRetries(t: EventScenarioContext, first: EventConnection, cutAt: number | undefined) {
  const { stage } = t;
  const { opened, starts, sizes } = burstsOfRetries(stage, first);
  const end = Date.now();
  const storm = stormStretch(opened, (at) => stage.lag.delayBefore(at), LEAST_BACKOFF);
  if (storm)
    return t.fail(
      tr`${STORM_RECONNECTS} retries within ${storm.spanMs} ms (from ${storm.from === 0 ? tr`the first attempt` : ordinalRetry(storm.from)} on; waiting ${BACKOFF_SHOWN_MS} ms in every ${STORM_RECONNECTS} attempts takes ${BACKOFF_SHOWN_MS} ms at least): a refused token retried in a storm; stop, or wait longer each time`,
    );
  // A client that exits has stopped retrying, whatever its intervals until then.
  if (stage.exited) return t.note(tr`the client ${stage.exited.how} after ${opened.length - 1} retries`);
  // Each end of an interval can have been seen late by the stall just before it: only those judged.
  const interval = (from: number, to: number) => ({
    ms: to - from,
    stalled: stage.lag.delayBefore(from) + stage.lag.delayBefore(to),
  });
  const waits = starts.slice(1).map((at, index) => interval(starts[index], at));
  const verdict = judgeRetryShape(waits, interval(starts.at(-1)!, end));
  const retries = opened.length - 1;
  const spans = waits.map((wait) => wait.ms);
  const inBursts = sizes.some((size) => size > 1);
  const seen = inBursts
    ? retries === 1
      ? tr`${retries} retry after a 4004 close in bursts of ${summarizeCount(sizes)} connections, the bursts at intervals of ${summarizeMs(spans)}`
      : tr`${retries} retries after a 4004 close in bursts of ${summarizeCount(sizes)} connections, the bursts at intervals of ${summarizeMs(spans)}`
    : retries === 1
      ? tr`${retries} retry after a 4004 close, at intervals of ${summarizeMs(spans)}`
      : tr`${retries} retries after a 4004 close, at intervals of ${summarizeMs(spans)}`;
  const last = spans.slice(-3).join(', ');
  if (verdict === 'fixed')
    return t.fail(
      inBursts
        ? tr`${seen}, the last ${Math.min(spans.length, 3)} ${last} ms: a refused token retried at a fixed interval (periodic bursts), forever; stop, or wait longer each time`
        : tr`${seen}, the last ${Math.min(spans.length, 3)} ${last} ms: a refused token retried at a fixed interval, forever; stop, or wait longer each time`,
    );
  if (verdict === 'unclear')
    return t.undecided(
      tr`${seen}, the checker itself stalling up to ${waits.reduce((most, entry) => Math.max(most, entry.stalled), 0)} ms: whether the interval grew cannot be told`,
      loadClear(),
    );
  if (verdict === 'too-few')
    return t.undecided(
      tr`${seen}, then none for ${end - opened.at(-1)!} ms: whether it retries at that interval again was not watched long enough`,
      cutAt ? tr`pass --scenario-timeout ${stage.flagFor(cutAt)} or more` : loadClear(),
    );
  t.note(verdict === 'stopped' ? tr`${seen}: no retry` : tr`${seen}: slowing`);
}

/** "the 2nd retry": one phrase a suffix, so that a language without them renders the number alone. */
const ordinalRetry = (n: number) => {
  const suffix =
    n % 100 >= 11 && n % 100 <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  if (suffix === 'st') return tr`the ${n}st retry`;
  if (suffix === 'nd') return tr`the ${n}nd retry`;
  if (suffix === 'rd') return tr`the ${n}rd retry`;
  return tr`the ${n}th retry`;
};

/** Burst sizes in a few words: "4", "1–4". */
const summarizeCount = (sizes: readonly number[]) => {
  const least = Math.min(...sizes);
  const most = Math.max(...sizes);
  return least === most ? String(most) : `${least}–${most}`;
};
