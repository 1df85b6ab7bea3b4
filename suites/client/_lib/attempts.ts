/**
 * The scripts of the two storm scenarios (suites/client/events-timed.ts), each judging the whole run of
 * the client's attempts within the scenario (issue 50), not its first few: every stretch of
 * STORM_RECONNECTS gaps in a row must show BACKOFF_SHOWN_MS of waiting (timing.ts judgeRun), and more
 * attempts than that least backoff allows in the time since the first end are a storm by count, whatever
 * the checker's lag (countedStorm). Not a scenario file: the loader skips `_` names.
 */

import { loadClear } from '../../../src/client-mode/defaults.js';
import type { EventConnection, EventStage } from '../../../src/client-mode/events/stage.js';
import {
  judgeRun,
  type ReconnectGap,
  type RunJudgement,
  summarizeMs,
} from '../../../src/client-mode/events/timing.js';
import type { EventScenarioContext } from '../../../src/client-mode/model.js';
import { tr } from '../../../src/i18n/index.js';
import {
  AUTH_STORM_ATTEMPTS,
  AUTH_WATCH_MARGIN_MS,
  BACKOFF_SHOWN_MS,
  countedStorm,
  describeCounted,
  identified,
  STORM_RECONNECTS,
  shownIdentifying,
  unlessExited,
} from './events.js';

/** Reconnects a backoff scenario causes at most: two stretches of STORM_RECONNECTS (fewer by its limit). */
export const RECONNECT_RUN = 2 * STORM_RECONNECTS;
/**
 * How long the run is watched from the first drop or 4004 close, whenever that came: a client slow to
 * start on a busy machine is watched as long as a quick one. The scenarios extend their deadline to it,
 * up to STORM_LIMIT_MS without --scenario-timeout (the family's 5 s retries fit twice).
 */
const RUN_WATCH_MS = 12_000;
export const STORM_LIMIT_MS = 30_000;

/** When the run started at `firstEnd` is watched until: RUN_WATCH_MS on, within the scenario's limit. */
function watchUntil(stage: EventStage, firstEnd: number): () => number {
  stage.extendTo(firstEnd + RUN_WATCH_MS + AUTH_WATCH_MARGIN_MS);
  return () => Math.min(firstEnd + RUN_WATCH_MS, stage.deadline - AUTH_WATCH_MARGIN_MS);
}

/**
 * The gap before an attempt that began at the first connection opened after `dropped` (the client may
 * open several and use the last; the sockets it opens first are its reconnect already), its reaction
 * time measured on `reacting`, the connection it identified on. After `dropped` by number: one opened,
 * used and dropped within a millisecond opened no later than its drop.
 */
function gapBefore(stage: EventStage, dropped: EventConnection, reacting: EventConnection): ReconnectGap {
  const ended = dropped.closed!.at;
  const began =
    stage.connections.find(
      (connection) => connection.number > dropped.number && connection.openedAt >= ended,
    ) ?? reacting;
  return {
    ms: Math.max(began.openedAt - ended, 0),
    stalled: stage.lag.stalledWithin(Math.min(ended, began.openedAt), began.openedAt),
    reaction: (reacting.identifiedAt ?? reacting.openedAt) - reacting.openedAt,
  };
}

/** The gaps of a run in a line: "gap/stall/reaction" each, in ms. */
const gapsInWords = (gaps: readonly ReconnectGap[]) =>
  gaps.map((gap) => `${gap.ms}/${gap.stalled}/${gap.reaction}`).join(', ');

/** The stretch that decided a run, in words: "reconnects 3–7 of 10, after 0, 2, 1, 0, 1 ms". */
const stretchInWords = (
  gaps: readonly ReconnectGap[],
  judgement: RunJudgement,
  what: 'reconnect' | 'new connection',
) => {
  const shown = gaps
    .slice(judgement.from, judgement.from + judgement.count)
    .map((gap) => gap.ms)
    .join(', ');
  const [from, to, all] = [judgement.from + 1, judgement.from + judgement.count, gaps.length];
  if (what === 'reconnect')
    return judgement.count === all
      ? tr`the ${all} reconnects, after ${shown} ms`
      : tr`reconnects ${from}–${to} of ${all}, after ${shown} ms`;
  return judgement.count === all
    ? tr`the ${all} new connections, after ${shown} ms`
    : tr`new connections ${from}–${to} of ${all}, after ${shown} ms`;
};

/**
 * The script of reconnects-with-backoff: the connection the client uses is dropped, again after each
 * reconnect (the connection it uses among those opened after the drop), up to RECONNECT_RUN times or
 * until the scenario's limit; then the whole run is judged. A client that never reconnects times out.
 */
export async function reconnectsWithBackoff(t: EventScenarioContext) {
  const { stage } = t;
  let connection = await identified(t);
  connection.event(1);
  await stage.delivered([1]);
  const gaps: ReconnectGap[] = [];
  let firstDrop: number | undefined;
  let watchEnd = () => stage.deadline - AUTH_WATCH_MARGIN_MS;
  while (gaps.length < RECONNECT_RUN) {
    connection.drop();
    const dropped = connection.closed!.at;
    if (firstDrop === undefined) {
      firstDrop = dropped;
      watchEnd = watchUntil(stage, dropped);
    }
    const attempt = tr`reconnect ${gaps.length + 1} after a drop`;
    // No READY on a reconnect: a client may count its failures until one. The first reconnect is
    // awaited up to the deadline (none at all fails); later ones until the watch ends.
    const what = tr`the client to use a connection: ${attempt}`;
    const next =
      gaps.length === 0
        ? await stage.usedConnection(dropped, what)
        : await stage.within(Math.max(watchEnd() - Date.now(), 0), () => stage.inUse(dropped), what);
    if (!next) break;
    gaps.push(gapBefore(stage, connection, next));
    connection = next;
    // However late the checker saw each attempt, their number since the first drop is exact.
    const counted = countedStorm(stage, firstDrop);
    if (counted)
      return t.fail(
        tr`${describeCounted(counted, tr`the first drop`)}: a reconnect storm; wait between attempts, longer each time`,
      );
  }
  judgeReconnects(t, gaps);
}

function judgeReconnects(t: EventScenarioContext, gaps: readonly ReconnectGap[]) {
  const judgement = judgeRun(gaps, STORM_RECONNECTS, BACKOFF_SHOWN_MS);
  const allowed = tr`allowing ${judgement.allowed} ms in all for the machine's own delay: the checker's stalls and the client's reaction time, measured`;
  const seen = tr`${gaps.length} reconnects after drops, after ${summarizeMs(gaps.map((gap) => gap.ms))}`;
  if (judgement.verdict === 'waited')
    return t.note(
      tr`${seen}: every ${STORM_RECONNECTS} in a row waited ${BACKOFF_SHOWN_MS} ms or more in all`,
    );
  t.note(
    tr`reconnects (gap, the checker's stall in it, the IDENTIFY's reaction time, in ms): ${gapsInWords(gaps)}`,
  );
  if (gaps.length < STORM_RECONNECTS)
    return t.undecided(
      tr`${seen}, then none by the scenario's limit: fewer than ${STORM_RECONNECTS} reconnects, and their waits (${allowed}) do not show ${BACKOFF_SHOWN_MS} ms`,
      loadClear(),
    );
  const stretch = stretchInWords(gaps, judgement, 'reconnect');
  if (judgement.verdict === 'unclear')
    return t.undecided(
      tr`${seen}; ${stretch}, ${allowed}: on this busy machine a wait of ${BACKOFF_SHOWN_MS} ms in all cannot be told from that delay`,
      loadClear(),
    );
  t.fail(
    tr`${seen}; ${stretch}: ${STORM_RECONNECTS} reconnects in a row without ${BACKOFF_SHOWN_MS} ms of wait in all, a reconnect storm (${allowed}); wait between attempts, longer each time`,
  );
}

/**
 * The retries of a refused token: every connection opened after `first` (several per attempt count each:
 * a socket opened without identifying is part of the attempt), each with its gap from the end of the one
 * before — its close (the checker closes each as it identifies), or, still open then, its opening — and
 * the reaction time measured on the next connection the client identified on.
 */
function retriesAfter(stage: EventStage, first: EventConnection): ReconnectGap[] {
  const after = stage.connections.filter((connection) => connection.number >= first.number);
  return after.slice(1).map((retry, index) => {
    const before = after[index];
    const closed = before.closed?.at;
    const ended = closed !== undefined && closed <= retry.openedAt ? closed : before.openedAt;
    const reacting = after.slice(index + 1).find((connection) => connection.identifiedAt !== undefined);
    return {
      ms: Math.max(retry.openedAt - ended, 0),
      stalled: stage.lag.stalledWithin(Math.min(ended, retry.openedAt), retry.openedAt),
      reaction: reacting ? reacting.identifiedAt! - reacting.openedAt : 0,
    };
  });
}

/**
 * The script of auth-close-not-retried-in-a-storm: every IDENTIFY is closed with 4004; the client's
 * retries are watched until the scenario's limit (or its exit, or a storm certain by count), then the
 * whole run is judged. "Gave up" is said only when no retry came at all within the scenario.
 */
export async function authCloseNotRetriedInAStorm(t: EventScenarioContext) {
  const { stage } = t;
  stage.onIdentify = (connection) => connection.close(4004, 'authentication failed');
  const first = await shownIdentifying(
    t,
    (did) => tr`${did}: whether it retries an authentication close cannot be told`,
  );
  if (!first) return;
  const firstClose = first.closed?.at ?? Date.now();
  const watchEnd = watchUntil(stage, firstClose);
  const counted = await unlessExited(
    stage.within(Math.max(watchEnd() - Date.now(), 0), () => countedStorm(stage, firstClose), tr`retries`),
  );
  if (counted)
    return t.fail(
      tr`${describeCounted(counted, tr`a 4004 close`)}: an authentication failure retried in a storm`,
    );
  const gaps = retriesAfter(stage, first);
  const end = stage.exited?.at ?? Date.now();
  const watched = tr`${end - firstClose} ms watched after the first 4004 close`;
  const last = stage.connections.at(-1)!.openedAt;
  const after = stage.exited
    ? tr`then it ${stage.exited.how}`
    : tr`the last ${Math.max(end - last, 0)} ms of the watch without one`;
  if (gaps.length === 0)
    return t.note(
      stage.exited
        ? tr`the client gave up: it ${stage.exited.how} after a 4004 close`
        : tr`the client gave up: no retry in the ${watched}`,
    );
  const judgement = judgeRun(gaps, AUTH_STORM_ATTEMPTS, BACKOFF_SHOWN_MS);
  const gapsMs = summarizeMs(gaps.map((gap) => gap.ms));
  const seen =
    gaps.length === 1
      ? tr`the client opened ${gaps.length} new connection in the ${watched}, after gaps of ${gapsMs}`
      : tr`the client opened ${gaps.length} new connections in the ${watched}, after gaps of ${gapsMs}`;
  // Fewer retries than a stretch, then none within the scenario: it stopped, however fast those came.
  if (judgement.verdict === 'waited' || gaps.length < AUTH_STORM_ATTEMPTS)
    return t.note(
      judgement.verdict === 'waited' && gaps.length >= AUTH_STORM_ATTEMPTS
        ? tr`${seen}, ${after}: every ${AUTH_STORM_ATTEMPTS} in a row waited ${BACKOFF_SHOWN_MS} ms or more in all`
        : tr`${seen}, ${after}: fewer than ${AUTH_STORM_ATTEMPTS}, then no more within the scenario`,
    );
  t.note(
    tr`new connections (gap, the checker's stall in it, the IDENTIFY's reaction time, in ms): ${gapsInWords(gaps)}`,
  );
  const stretch = stretchInWords(gaps, judgement, 'new connection');
  if (judgement.verdict === 'unclear')
    return t.undecided(
      tr`${seen}; ${stretch}, allowing ${judgement.allowed} ms for the machine's own delay: whether the client waited cannot be told`,
      loadClear(),
    );
  t.fail(
    tr`${seen}; ${stretch}: ${AUTH_STORM_ATTEMPTS} in a row without ${BACKOFF_SHOWN_MS} ms of wait in all, an authentication failure retried in a storm`,
  );
}
