/**
 * Client-mode event-stream scenarios (`conformance client --suite events`): the checker serves the event
 * socket and scripts it; the client connects to CONFORMANCE_EVENTS_URL, identifies, keeps its heartbeat,
 * reconnects on its own and prints `{"event":{"sn":N,"type":"T"}}` per event it hands to its application.
 * §6 leaves the transport "not shown": every scenario judges a de-facto convention (de-facto-conventions.md
 * "Events"), at should level. This file: what the client sends and delivers; the scenarios that judge a
 * period or a wait (heartbeat rate, backoff, authentication retries) are in events-timed.ts.
 */
import { HELD_TOGETHER_MS, heldAtOnce } from '../../src/client-mode/events/connections.js';
import { type EventConnection, Op } from '../../src/client-mode/events/stage.js';
import { defineEventScenario, ONE_CONNECTION_SCENARIO } from '../../src/client-mode/model.js';
import { tr } from '../../src/i18n/index.js';
import {
  CONVENTION_MS,
  deliveredAfter,
  deliveries,
  identified,
  list,
  reconnected,
  resumeAfterDrop,
  SLACK_MS,
  unlessExited,
} from './_lib/events.js';

export default [
  defineEventScenario({
    id: 'client.events/identify-carries-token',
    title: 'IDENTIFY carries the token, within 10 s of connecting',
    level: 'should',
    rules: ['CLIENT-CONV-WS-IDENTIFY'],
    expectation: () =>
      tr`the client connects to CONFORMANCE_EVENTS_URL and sends IDENTIFY {token: CONFORMANCE_TOKEN} within 10 s`,
    async script(t) {
      const { stage } = t;
      const first = await stage.nextConnection();
      // The IDENTIFY on the connection the client uses; one on a connection it never reads only after the window.
      const identifyOf = (connection: EventConnection | undefined) =>
        connection?.frames.find((candidate) => candidate.op === Op.IDENTIFY);
      const used = await stage.within(
        CONVENTION_MS + SLACK_MS,
        () => stage.inUse(first.openedAt),
        tr`IDENTIFY on a connection the client reads`,
      );
      const connection = used ?? stage.connections.find((candidate) => identifyOf(candidate));
      const frame = identifyOf(connection);
      if (!connection || !frame)
        return t.fail(tr`no IDENTIFY within ${(CONVENTION_MS + SLACK_MS) / 1000} s of connecting`);
      if (!used)
        t.note(
          tr`the client identified on connection ${connection.number} but never read it (it did not answer the checker's WebSocket ping nor send PING on it)`,
        );
      const token = frame.body?.token;
      if (token !== t.stage.options.token) {
        const sent =
          typeof token === 'string'
            ? JSON.stringify(token.split(t.stage.options.token).join('$TOKEN'))
            : tr`no token`;
        t.fail(tr`IDENTIFY carried ${sent}; it must carry the token as given (CONFORMANCE_TOKEN)`);
      }
      connection.ready();
    },
  }),
  defineEventScenario({
    id: 'client.events/ping-within-interval',
    title: 'PING within the heartbeat interval (10 s, or CONFORMANCE_HEARTBEAT_MS), and again',
    level: 'should',
    rules: ['CLIENT-CONV-WS-PING'],
    expectation: () =>
      tr`after READY the client sends PING within 10 s (within the hint when it honours CONFORMANCE_HEARTBEAT_MS), and keeps sending it`,
    async script(t) {
      const connection = await identified(t);
      // A PING sent before IDENTIFY is no heartbeat of the identified session: only those after it count.
      const identifyIndex = connection.frames.findIndex((frame) => frame.op === Op.IDENTIFY);
      const pingAfter = (from: number) => () =>
        connection.frames.find(
          (frame, index) => index > identifyIndex && frame.op === Op.PING && frame.at > from,
        );
      if (connection.frames.some((frame, index) => index < identifyIndex && frame.op === Op.PING))
        t.note(tr`the client sent PING before IDENTIFY: not counted as its heartbeat`);
      const first = await t.stage.within(
        CONVENTION_MS + SLACK_MS,
        pingAfter(connection.openedAt),
        tr`a PING`,
      );
      if (!first)
        return t.fail(
          tr`no PING within ${(CONVENTION_MS + SLACK_MS) / 1000} s of connecting (de-facto: about every 10 s)`,
        );
      const interval = first.at - connection.openedAt;
      if (interval > 2 * t.heartbeatMs + SLACK_MS) {
        t.note(
          tr`first PING after ${interval} ms: the client does not honour CONFORMANCE_HEARTBEAT_MS (${t.heartbeatMs} ms); one interval observed`,
        );
        return;
      }
      const second = await t.stage.within(CONVENTION_MS + SLACK_MS, pingAfter(first.at), tr`a second PING`);
      if (!second)
        t.fail(
          tr`one PING after ${interval} ms, then none for ${(CONVENTION_MS + SLACK_MS) / 1000} s: the heartbeat stopped`,
        );
    },
  }),
  defineEventScenario({
    id: 'client.events/resumes-with-last-sn',
    title: 'After an abrupt drop the client reconnects and resumes with the last sn it received',
    level: 'should',
    rules: ['CLIENT-CONV-WS-RESUME', 'CLIENT-CONV-WS-IDENTIFY'],
    expectation: () =>
      tr`events 1–3, then the connection drops: the client reconnects and its IDENTIFY carries sn 3 (and the token again)`,
    async script(t) {
      const first = await identified(t);
      for (const sn of [1, 2, 3]) first.event(sn);
      await t.stage.delivered([1, 2, 3]);
      first.drop();
      const second = await reconnected(
        t,
        first,
        tr`the client to reconnect after the drop and use the connection`,
      );
      const body = second.identifyBody ?? {};
      if (body.token !== t.stage.options.token)
        t.fail(tr`IDENTIFY after the drop did not carry the token as given`);
      if (body.sn === 3) return;
      if (body.sn === undefined && body.sequence === 3)
        return t.fail(
          tr`IDENTIFY resumed with the older \`sequence\` 3 only; servers of the family read \`sn\``,
        );
      if (body.sn === undefined)
        return t.fail(
          tr`IDENTIFY after the drop carried no sn: the events sent while the client was away are lost`,
        );
      t.fail(
        tr`IDENTIFY after the drop carried sn ${JSON.stringify(body.sn)}, but the last event the client received was sn 3`,
      );
    },
  }),
  defineEventScenario({
    id: ONE_CONNECTION_SCENARIO,
    title: 'One connection per login at a time: a reconnect replaces the dropped connection',
    level: 'should',
    rules: ['CLIENT-CONV-WS-RECONNECT'],
    expectation: () =>
      tr`event 1, a drop, event 2 on the connection the client uses after it: the client never holds more than one connection at once for ${HELD_TOGETHER_MS / 1000} s or more — here, and in every other event scenario run with it (each extra connection is named, with what became of it: read or not, closed or left open)`,
    async script(t) {
      const first = await identified(t);
      first.event(1);
      await t.stage.delivered([1]);
      first.drop();
      const second = await reconnected(
        t,
        first,
        tr`the client to reconnect after the drop and use the connection`,
      );
      second.event(2);
      await unlessExited(
        t.stage.within(CONVENTION_MS, () => (t.stage.printedCount(2) ? true : undefined), tr`event 2`),
      );
      // Connections opened with the reconnect show as held once HELD_TOGETHER_MS has passed after the last.
      const settledAt = () => (t.stage.connections.at(-1)?.openedAt ?? 0) + HELD_TOGETHER_MS + SLACK_MS / 4;
      await unlessExited(
        t.stage.within(Math.max(settledAt() - Date.now(), 0), () => undefined, tr`connections held at once`),
      );
      const held = heldAtOnce(t.stage);
      if (held) t.fail(held.said);
    },
  }),
  defineEventScenario({
    id: 'client.events/each-event-once-across-replay',
    title: 'Every event delivered exactly once across a drop and the replay',
    level: 'should',
    rules: ['CLIENT-CONV-WS-ONCE', 'CLIENT-CONV-WS-RESUME'],
    expectation: () =>
      tr`events 1–5, a drop, events 6–7 while the client is away; on its IDENTIFY with sn the server replays what follows it, then event 8: the client prints 1–8, each once`,
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
    expectation: () =>
      tr`events 1–5, a drop, events 6–7 while the client is away; on its IDENTIFY the server replays its whole cache, 1–7, whatever sn it gave (at-least-once), then event 8: the client prints 1–8, each once`,
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
    expectation: () =>
      tr`event 1, a META frame, a frame with op 42, event 2, and a heartbeat later event 3, on the same connection: the client prints the events and keeps the socket open`,
    async script(t) {
      const connection = await identified(t);
      connection.event(1);
      connection.send(5, { proxy_urls: [] });
      connection.send(42, { note: 'an opcode from a later version' });
      await deliveredAfter(t, connection, [2, 3], tr`a META frame and a frame with op 42`);
    },
  }),
  defineEventScenario({
    id: 'client.events/unknown-event-type-delivered-on',
    title: 'An event of an unknown type does not stop delivery',
    level: 'should',
    rules: ['CLIENT-CONV-WS-UNKNOWN'],
    expectation: () =>
      tr`event 1 (message-created), event 2 of a type no version names, event 3 (guild-emoji-added), then events 4 and, a heartbeat later, 5 (message-created): the client delivers 1, 4 and 5 (2 and 3 as it likes) and keeps the socket open`,
    async script(t) {
      const connection = await identified(t);
      connection.event(1);
      connection.event(2, 'x-conformance-unknown-type');
      connection.event(3, 'guild-emoji-added');
      await deliveredAfter(t, connection, [4, 5], tr`an event of an unknown type`);
      if (t.stage.printedCount(1) === 0) t.fail(tr`event 1 (message-created) was not delivered`);
      const skipped = [2, 3].filter((sn) => t.stage.printedCount(sn) === 0);
      if (skipped.length)
        t.note(tr`events ${list(skipped)} (types it may not know) were not delivered; allowed`);
    },
  }),
  defineEventScenario({
    id: 'client.events/ready-with-several-logins',
    title: 'READY with several logins: the events of the client’s own login are delivered',
    level: 'should',
    rules: ['CLIENT-CONV-WS-LOGINS'],
    expectation: () =>
      tr`READY lists three logins, the client’s (CONFORMANCE_SELF_ID) second; events 1 and 4 are for it, 2 and 3 for the others: the client delivers 1 and 4`,
    async script(t) {
      const { stage } = t;
      const connection = await stage.usedConnection(stage.began);
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
        tr`events 1 and 4`,
      );
      if (!own) {
        const missing = [1, 4].filter((sn) => stage.printedCount(sn) === 0);
        return t.fail(
          tr`events ${list(missing)}, of the client's own login, were not delivered within ${CONVENTION_MS / 1000} s`,
        );
      }
      const others = [2, 3].filter((sn) => stage.printedCount(sn) > 0);
      if (others.length)
        t.note(
          tr`events ${list(others)} of the other logins were delivered too (allowed: the envelope names the login)`,
        );
    },
  }),
  defineEventScenario({
    id: 'client.events/events-right-after-ready',
    title: 'Events arriving right behind READY, while the client identifies, are delivered',
    level: 'should',
    rules: ['CLIENT-CONV-WS-EARLY'],
    expectation: () => tr`READY and events 1–3 sent at once, in one burst: the client delivers all three`,
    async script(t) {
      const connection = await t.stage.usedConnection(t.stage.began);
      await connection.identify();
      connection.ready();
      for (const sn of [1, 2, 3]) connection.event(sn);
      const all = await t.stage.within(
        CONVENTION_MS,
        () => (deliveries(t, [1, 2, 3]).missing.length ? undefined : true),
        tr`events 1–3`,
      );
      if (!all)
        t.fail(
          tr`events ${list(deliveries(t, [1, 2, 3]).missing)}, sent right behind READY, were not delivered within ${CONVENTION_MS / 1000} s`,
        );
    },
  }),
];
