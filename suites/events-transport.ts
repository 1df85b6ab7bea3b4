/**
 * Events (§6): the transport lifecycle of the protocol family (de-facto conventions, profile satori) and
 * the envelope. Per-type validation is in events.ts; the operation → event links in events-links.ts and
 * events-requests.ts.
 */

import { events, getEvent } from '../spec/events.js';
import {
  type IdentifyResult,
  probeBadToken,
  probeIdentify,
  probePing,
  probeResume,
  probeUnidentified,
} from '../src/events/probes.js';
import { readyAsEventText } from '../src/events/protocol.js';
import { tr } from '../src/i18n/index.js';
import {
  type CheckContext,
  type CheckSpec,
  defineCheck,
  defineSuite,
  type ObservedEvent,
} from '../src/runner/check.js';
import {
  awaitPrecondition,
  describeEvent,
  EVENT_CAUSING_CHECKS,
  EVENT_NAMES,
  eventsWithSn,
  hasSn,
  makeMessage,
  misnamedTypes,
  resourceId,
  typesOf,
  wsProbeTarget,
} from './_lib/events.js';
import { eventSignature, expectAll, judgeSequence, snOf } from './_lib/judge.js';
import { shorten } from './_lib/lists.js';
import { offers } from './_lib/offered.js';
import { receiveRequest } from './_lib/requests.js';
import { judgeAuthorization } from './_lib/webhook.js';

/** Settled probes of a misbehaving server: a connection that cannot even open is the checker's error. */
function connectFailed(outcome: { error: string }): never {
  throw new Error(tr`could not open a probe connection to the event WebSocket: ${outcome.error}`);
}

/** What came instead of READY (op 4), in the user's terms. */
function noReady(answer: IdentifyResult): string {
  if (answer.outcome === 'ready') return 'READY';
  if (answer.outcome === 'closed')
    return tr`the socket closed with ${answer.closed.code} ${answer.closed.reason}`;
  if (answer.outcome === 'ready-as-event') return readyAsEventText(answer.beforeIdentify);
  return tr`no READY (the socket stayed open)`;
}

/** The READY a wrong token got, with its logins (how many, if any) and how it came. */
function readyWithLogins(answer: IdentifyResult): string {
  const logins = (answer as any).ready?.logins;
  if (answer.outcome === 'ready-as-event') {
    const how = readyAsEventText(answer.beforeIdentify);
    return Array.isArray(logins)
      ? tr`READY with ${logins.length} login(s) (${how})`
      : tr`READY with no login(s) (${how})`;
  }
  return Array.isArray(logins) ? tr`READY with ${logins.length} login(s)` : tr`READY with no login(s)`;
}

/** Whether a body is the older envelope (id instead of sn, self_id/platform instead of login). */
const isOlderEnvelope = (body: Record<string, any>): boolean =>
  body.sn === undefined && (typeof body.id === 'number' || typeof body.self_id === 'string');

const lifecycle: CheckSpec[] = [
  defineCheck({
    id: 'events.ws/ready-lists-logins',
    title: 'IDENTIFY with the token is answered with READY whose logins are Login objects',
    level: 'should',
    rules: ['CONV-WS-READY'],
    operations: [],
    profile: 'satori',
    needs: ['events'],
    async run(t: CheckContext) {
      const target = wsProbeTarget(t);
      const answer = await probeIdentify(target);
      if (answer.outcome === 'connect-failed') connectFailed(answer);
      t.expect(
        answer.outcome === 'ready',
        tr`READY (op 4) after IDENTIFY (op 3) with the run token`,
        noReady(answer),
        { kind: 'transport', pattern: 'no-ready' },
      );
      const logins = answer.ready.logins;
      t.expect(
        Array.isArray(logins) && logins.length > 0,
        tr`READY carries logins: a non-empty array of Login`,
        describeEvent({ body: answer.ready } as ObservedEvent),
      );
      const problems = (logins as unknown[]).flatMap((login, index) =>
        t.schemaProblems('Login', login).map((problem) => `logins[${index}]${problem}`),
      );
      t.expect(
        problems.length === 0,
        tr`every READY login matches Login (sn, adapter, status; features where READY declares them)`,
        problems.join('; '),
      );
      const selfId = target.selfId;
      if (selfId && !(logins as any[]).some((login) => login?.user?.id === selfId)) {
        t.note(tr`READY lists no login with user.id ${selfId} (the identity the run acts as)`);
      }
    },
  }),

  defineCheck({
    id: 'events.ws/ping-answered-with-pong',
    title: 'A PING on an identified socket is answered with PONG',
    level: 'should',
    rules: ['CONV-WS-PING'],
    operations: [],
    profile: 'satori',
    needs: ['events'],
    async run(t: CheckContext) {
      const answer = await probePing(wsProbeTarget(t));
      if (answer.outcome === 'connect-failed') connectFailed(answer);
      if (answer.outcome === 'not-ready') {
        t.skip(
          tr`precondition failed: the probe socket got no READY (${answer.identify.outcome}); see events.ws/ready-lists-logins`,
        );
      }
      t.expect(
        answer.outcome === 'pong',
        tr`PONG (op 2) within ${t.events.timeoutMs} ms of PING (op 1)`,
        tr`no PONG`,
      );
    },
  }),

  defineCheck({
    id: 'events.ws/wrong-token-refused',
    title: 'IDENTIFY with a wrong token gets no READY (the family closes with 4004)',
    level: 'should',
    rules: ['CONV-WS-AUTH'],
    operations: [],
    profile: 'satori',
    needs: ['events'],
    async run(t: CheckContext) {
      const target = wsProbeTarget(t);
      if (target.token === undefined)
        t.skip(tr`the run identifies without a token: any token may be accepted`);
      const answer = await probeBadToken(target);
      // A server that reads the token from the upgrade's Authorization refuses the upgrade itself.
      const upgradeRefused =
        answer.outcome === 'connect-failed' && /upgrade was answered with HTTP 40[13]\b/.test(answer.error);
      if (answer.outcome === 'connect-failed' && !upgradeRefused) connectFailed(answer);
      // A stream that answers no IDENTIFY with READY shows nothing by not answering a wrong one.
      if (answer.outcome === 'timeout' && !t.events.transport?.ready)
        t.skip(
          tr`precondition failed: the run's own IDENTIFY got no READY either (see events.ws/ready-lists-logins)`,
        );
      t.expect(
        answer.outcome !== 'ready' && answer.outcome !== 'ready-as-event',
        tr`no READY for a wrong token (close 4004, authentication failed)`,
        readyWithLogins(answer),
      );
      if (upgradeRefused) t.note(tr`the upgrade was refused (${answer.error}), not IDENTIFY with 4004`);
      if (answer.outcome === 'closed' && answer.closed.code !== 4004) {
        t.note(tr`the socket closed with ${answer.closed.code}, not the family's 4004`);
      }
      if (answer.outcome === 'timeout')
        t.note(tr`the socket stayed open without READY (the family closes it with 4004)`);
    },
  }),

  defineCheck({
    id: 'events.ws/no-events-before-identify',
    title: 'A socket that has not sent IDENTIFY receives no events',
    level: 'should',
    rules: ['CONV-WS-IDENTIFY-FIRST'],
    operations: ['message.create', 'message.update'],
    helpers: ['message.create', 'message.update'],
    profile: 'satori',
    needs: ['events'],
    // The silent socket is watched for a grace second after the event.
    waitsMs: 1000,
    async run(t: CheckContext) {
      const target = wsProbeTarget(t);
      let duringFailure: unknown;
      const answer = await probeUnidentified({
        url: target.url,
        timeoutMs: target.timeoutMs,
        ...(target.headers ? { headers: target.headers } : {}),
        graceMs: Math.min(1000, target.timeoutMs),
        // Cause events and wait until the identified stream has one, whatever its type: the silent socket
        // would have it too.
        during: async () => {
          try {
            const arrived = await eventsWithSn(t, new Set(t.events.all()), 1, 'unidentified-probe');
            // English in every language: the undecided causes read "no event with an sn" (ANY_SN_EVENT).
            if (arrived.length === 0)
              t.skip(
                `precondition failed: no event with an sn reached the run's stream while the silent socket was open (message.create and message.update caused none within ${t.events.timeoutMs} ms)`,
              );
          } catch (error) {
            duringFailure = error;
            throw error;
          }
        },
      });
      if (answer.outcome === 'connect-failed') connectFailed(answer);
      // A skip or failure while causing the event (no event on the run's stream at all) ends the check.
      if (duringFailure !== undefined) throw duringFailure;
      t.expect(
        answer.events.length === 0,
        tr`no EVENT frame on a socket that never sent IDENTIFY`,
        tr`${answer.events.length} EVENT frame(s), e.g. ${shorten(answer.events[0]?.text ?? '', 300)}`,
      );
    },
  }),

  defineCheck({
    id: 'events.ws/resume-replays-missed',
    title: 'IDENTIFY with sn replays the events sent after that sn',
    level: 'should',
    rules: ['CONV-WS-RESUME'],
    operations: ['message.create', 'message.update'],
    helpers: ['message.create', 'message.update'],
    profile: 'satori',
    needs: ['events'],
    // Its window of the stream is its own (issue 49 item 1): the anchor, the events missed after it and
    // the resume come one right after the other, with nothing else in flight to emit events meanwhile, so
    // a server that buffers only the last few events is judged on what this check did. Every check may
    // emit events: no hold can name them all, hence the last resort.
    exclusive: true,
    async run(t: CheckContext) {
      const target = wsProbeTarget(t);
      // Any event with an sn is an anchor, and any that follows it one a resume from it must replay,
      // whatever their types (issue 41): those the run receives meanwhile, else ones the check causes.
      const [anchor] = await eventsWithSn(t, new Set(t.events.all()), 1, 'resume-anchor');
      const from = anchor === undefined ? undefined : snOf(anchor);
      // Both skips English in every language: the undecided causes read "no event with an sn" (ANY_SN_EVENT).
      if (anchor === undefined || from === undefined)
        t.skip(
          `precondition failed: no event with an sn reached the run's stream (message.create and message.update caused none within ${t.events.timeoutMs} ms): there is nothing to resume from (see events.stream/sn-strictly-increases)`,
        );
      const received = t.events.all();
      const upToAnchor = new Set(received.slice(0, received.indexOf(anchor) + 1));
      const missed = await eventsWithSn(t, upToAnchor, 2, 'resume-missed');
      if (missed.length === 0)
        t.skip(
          `precondition failed: no event with an sn reached the run's stream after sn ${from}: nothing was missed to replay`,
        );
      const wanted = missed.map(snOf).filter((sn): sn is number => sn !== undefined);
      t.note(
        tr`resumed from sn ${from} (${anchor.type}); missed: ${missed.map((event) => `${snOf(event)} (${event.type})`).join(', ')}`,
      );
      // A replay that is still making progress is waited for (the family replays a whole cache, paced),
      // within what is left of the check's time.
      const maxMs = Math.max(target.timeoutMs, t.timeLeftMs() - 1_000);
      const answer = await probeResume({ ...target, sn: from, untilSns: wanted, maxMs });
      if (answer.outcome === 'connect-failed') connectFailed(answer);
      if (answer.outcome === 'not-ready') {
        t.skip(
          tr`precondition failed: IDENTIFY with sn got no READY (${answer.identify.outcome}); see events.ws/ready-lists-logins`,
        );
      }
      const replayed = new Set(answer.sns);
      const absent = wanted.filter((sn) => !replayed.has(sn));
      t.expect(
        absent.length === 0,
        tr`IDENTIFY {sn: ${from}} replays the events with sn ${wanted.join(', ')} (sent after ${from})`,
        answer.sns.length
          ? tr`missing sn ${absent.join(', ')}; replayed: ${answer.sns.join(', ')}`
          : tr`missing sn ${absent.join(', ')}; replayed: nothing`,
      );
    },
  }),
];

/** The request events: their `message` is the request ({id}: the request id, §4.3/§4.4/§4.7), not a Message. */
const REQUEST_EVENTS: ReadonlySet<string> = new Set([
  'friend-request',
  'guild-request',
  'guild-member-request',
]);

/** The resources an EVENT body may carry at its top level (the envelope schema's resource fields). */
const RESOURCE_FIELDS = [
  'channel',
  'guild',
  'user',
  'member',
  'message',
  'role',
  'emoji',
  'friend',
  'operator',
];

/**
 * The body judged against the envelope: a request event's `message` is left out (the per-event checks,
 * event.<type>/required-resources, judge it as the request it is), and so is every resource an event of a
 * known type carries beyond its required ones (§6 requires only those: one carried besides may be partial,
 * e.g. `message: {id}` in reaction-added, whose required resource is emoji alone).
 */
function envelopeOf(event: ObservedEvent): unknown {
  if (typeof event.body !== 'object' || event.body === null) return event.body;
  const known = events.some((definition) => definition.name === event.type);
  const required: readonly string[] = known ? getEvent(event.type).requiredResources : RESOURCE_FIELDS;
  const judged: Record<string, unknown> = { ...(event.body as Record<string, unknown>) };
  for (const field of RESOURCE_FIELDS) if (!required.includes(field)) delete judged[field];
  if (REQUEST_EVENTS.has(event.type)) delete judged.message;
  return judged;
}

/** Whether a friend-request (this login's alone) came between two message-created (every login's). */
function perLoginBetweenShared(events: readonly ObservedEvent[]): boolean {
  const types = events.map((event) => event.type);
  const request = types.indexOf('friend-request', types.indexOf('message-created') + 1);
  return (
    types.indexOf('message-created') >= 0 && request > 0 && types.indexOf('message-created', request) > 0
  );
}

/** A friend request (trigger) answered with approve false; nothing when the trigger cannot cause one. */
async function friendRequestRefused(t: CheckContext): Promise<void> {
  // A helper here: not called where the login does not offer it.
  if (!offers(t, 'friend.approve')) return;
  try {
    await t.acquire('friend-requests');
    const request = await receiveRequest(t, 'friend-request');
    await t.call('friend.approve', { message_id: request.requestId, approve: false });
  } catch (error) {
    if ((error as Error)?.name !== 'CheckSkip') throw error;
  }
}

/** Makes sure the run observed at least one event (causes a message-created when it has none). */
async function observedOrCaused(t: CheckContext): Promise<ObservedEvent[]> {
  const all = t.events.all();
  if (all.length > 0) return all;
  const message = await makeMessage(t, 'envelope-probe');
  // NO_EVENT_OBSERVED (src/runner/event-silence.ts) reads the skip it makes (in English: englishOf).
  const caused = await awaitPrecondition(
    t,
    (event) => resourceId(event, 'message') === message.id,
    tr`no event observed during the run, and message.create of ${message.id} caused none`,
  );
  t.note(tr`no event observed during the run: caused one with message.create`);
  return [caused];
}

const stream: CheckSpec[] = [
  defineCheck({
    id: 'events.stream/sn-strictly-increases',
    title: 'The sn of the events on the WebSocket strictly increases over the whole run',
    level: 'should',
    rules: ['CONV-WS-SN'],
    operations: ['message.create', 'message.update', 'friend.approve'],
    helpers: ['message.create', 'message.update', 'friend.approve'],
    profile: 'satori',
    needs: ['events'],
    // A friend request of the trigger's requester is among the events it causes.
    acquires: ['friend-requests'],
    phase: 'after',
    startsAfter: EVENT_CAUSING_CHECKS,
    async run(t: CheckContext) {
      wsProbeTarget(t);
      // Events for this login alone (a friend request) between events every login gets (a message) show
      // an sn that is counted per event rather than per delivery, or repeats: a few are caused here, unless
      // the run has seen such a sequence already.
      if (!perLoginBetweenShared(t.events.all())) {
        for (const round of [1, 2]) {
          await friendRequestRefused(t);
          await eventsWithSn(t, new Set(t.events.all()), 1, `sn-probe-${round}`);
        }
      }
      const all = t.events.all();
      const [carried, increasing] = judgeSequence(all);
      expectAll(t, [carried]);
      // Every event with an sn counts, whatever its type (issue 41); an order needs two of them. The skip is
      // English in every language: the undecided causes read "0 event(s) with an sn" (ANY_SN_EVENT).
      if (all.filter(hasSn).length < 2)
        t.skip(
          `precondition failed: ${all.filter(hasSn).length} event(s) with an sn in the whole run: no order to judge`,
        );
      t.note(tr`${all.length} events observed, sn ${snOf(all[0])} … ${snOf(all[all.length - 1])}`);
      expectAll(t, [increasing]);
    },
  }),

  defineCheck({
    id: 'events.stream/envelope-fields',
    title: 'Every EVENT body carries sn, type, timestamp and login, with the resources at the top level',
    level: 'should',
    rules: ['CONV-EVENT-ENVELOPE'],
    operations: [],
    profile: 'satori',
    needs: ['events'],
    phase: 'after',
    startsAfter: EVENT_CAUSING_CHECKS,
    async run(t: CheckContext) {
      const all = await observedOrCaused(t);
      const older = all.filter((event) => isOlderEnvelope(event.body));
      if (older.length) {
        t.note(
          tr`${older.length} of ${all.length} events use the older envelope (id instead of sn, self_id/platform instead of login), as older servers of the family do`,
        );
      }
      const failing = all
        .map((event) => ({ event, problems: t.schemaProblems('envelope', envelopeOf(event)) }))
        .filter((entry) => entry.problems.length > 0);
      t.expect(
        failing.length === 0,
        tr`every EVENT body matches the de-facto envelope (sn, type, timestamp, login: Login)`,
        failing.length
          ? tr`${failing.length} of ${all.length} do not (${typesOf(failing.map((entry) => entry.event))}); the first: ${failing[0].problems
              .slice(0, 5)
              .join('; ')} in ${describeEvent(failing[0].event)}`
          : undefined,
        eventSignature(failing[0]?.event.type ?? 'any', failing[0]?.problems ?? []),
      );
    },
  }),

  defineCheck({
    id: 'events.webhook/delivery-headers',
    title:
      'Every webhook delivery carries Satori-Opcode 0 and Authorization: Bearer with the token the receiver was registered with',
    level: 'should',
    rules: ['CONV-WEBHOOK'],
    operations: [],
    profile: 'satori',
    needs: ['events'],
    phase: 'after',
    startsAfter: EVENT_CAUSING_CHECKS,
    async run(t: CheckContext) {
      const transport = t.events.transport;
      if (transport?.kind !== 'webhook') {
        t.skip(
          tr`events come by WebSocket in this run: webhook deliveries are checked with --events webhook`,
        );
      }
      const all = await observedOrCaused(t);
      const opcode = all.filter((event) => event.headers?.['satori-opcode'] !== '0');
      t.expect(
        opcode.length === 0,
        tr`every delivery carries the header Satori-Opcode: 0 (EVENT)`,
        tr`${opcode.length} of ${all.length} carry ${JSON.stringify(opcode[0]?.headers?.['satori-opcode'] ?? null)}`,
      );
      judgeAuthorization(t, transport, all);
    },
  }),

  defineCheck({
    id: 'events.names/known-types',
    title: 'No observed event type is a misspelling of a §6 event name (other types are listed as info)',
    level: 'must',
    rules: ['EVT-NAMES'],
    operations: [],
    needs: ['events'],
    phase: 'after',
    // Judges every event of the run: those the checks that cause a missing event bring too.
    startsAfter: EVENT_CAUSING_CHECKS,
    async run(t: CheckContext) {
      const all = await observedOrCaused(t);
      const counts = new Map<string, number>();
      for (const event of all) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      const unknown = [...counts.keys()].filter((type) => !EVENT_NAMES.includes(type));
      t.note(tr`observed types: ${[...counts].map(([type, count]) => `${type} ×${count}`).join(', ')}`);
      if (unknown.length) t.note(tr`types beyond the §6 table: ${unknown.join(', ')}`);
      // Every event of the run, whatever its name: those the run's own acts caused under another name too.
      const misspelt = misnamedTypes(all, (type) => t.events.missedBy(type));
      t.expect(
        misspelt.length === 0,
        tr`every event named by its §6 identifier (kebab-case, exact)`,
        misspelt.join('; '),
      );
    },
  }),
];
const checks: CheckSpec[] = [...lifecycle, ...stream];

export default defineSuite('events', checks);
