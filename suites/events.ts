/**
 * Events (§6): the transport lifecycle of the protocol family (de-facto conventions, profile satori), the
 * envelope, and every event observed during the whole run validated against its §6 row. The operation →
 * event links and the request flows are in events-links.ts.
 */
import type { OperationId } from '../spec/catalogue.js';
import { events as eventCatalogue } from '../spec/events.js';
import {
  probeBadToken,
  probeIdentify,
  probePing,
  probeResume,
  probeUnidentified,
} from '../src/events/probes.js';
import { normaliseEvent } from '../src/events/protocol.js';
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
  EVENT_NAMES,
  eventProblems,
  makeChannel,
  makeMessage,
  makeReaction,
  makeRole,
  misspellingOf,
  requireOk,
  resourceId,
  rolePayload,
  triggering,
  triggerMemberOf,
  triggerOwnGuild,
  typesOf,
  wsProbeTarget,
} from './_lib/events.js';
import { shorten, uniqueName } from './_lib/lists.js';
import { receiveRequest } from './_lib/requests.js';

/** Settled probes of a misbehaving server: a connection that cannot even open is the checker's error. */
function connectFailed(outcome: { error: string }): never {
  throw new Error(`could not open a probe connection to the event WebSocket: ${outcome.error}`);
}

/** Waits for the message-created of `messageId` on the run's stream, or skips (a precondition). */
const messageCreatedOnStream = (t: CheckContext, messageId: string) =>
  awaitPrecondition(
    t,
    (event) => event.type === 'message-created' && resourceId(event, 'message') === messageId,
    `message.create of ${messageId} caused no message-created on the run's event stream (see message.create/emits-message-created)`,
  );

/** The sn of an event as sent: sn, or id in the older envelope. */
const snOf = (event: ObservedEvent): number | undefined =>
  normaliseEvent(event.body, event.receivedAt).event.sn;

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
        'READY (op 4) after IDENTIFY (op 3) with the run token',
        answer.outcome === 'closed'
          ? `the socket closed with ${answer.closed.code} ${answer.closed.reason}`
          : 'no READY',
      );
      const logins = answer.ready.logins;
      t.expect(
        Array.isArray(logins) && logins.length > 0,
        'READY carries logins: a non-empty array of Login',
        describeEvent({ body: answer.ready } as ObservedEvent),
      );
      const problems = (logins as unknown[]).flatMap((login, index) =>
        t.schemaProblems('Login', login).map((problem) => `logins[${index}]${problem}`),
      );
      t.expect(
        problems.length === 0,
        'every READY login matches Login (sn, adapter, status, features)',
        problems.join('; '),
      );
      const selfId = target.selfId;
      if (selfId && !(logins as any[]).some((login) => login?.user?.id === selfId)) {
        t.note(`READY lists no login with user.id ${selfId} (the identity the run acts as)`);
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
          `precondition failed: the probe socket got no READY (${answer.identify.outcome}); see events.ws/ready-lists-logins`,
        );
      }
      t.expect(
        answer.outcome === 'pong',
        `PONG (op 2) within ${t.events.timeoutMs} ms of PING (op 1)`,
        'no PONG',
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
      if (target.token === undefined) t.skip('the run identifies without a token: any token may be accepted');
      const answer = await probeBadToken(target);
      if (answer.outcome === 'connect-failed') connectFailed(answer);
      t.expect(
        answer.outcome !== 'ready',
        'no READY for a wrong token (close 4004, authentication failed)',
        `READY with ${Array.isArray((answer as any).ready?.logins) ? (answer as any).ready.logins.length : 'no'} login(s)`,
      );
      if (answer.outcome === 'closed' && answer.closed.code !== 4004) {
        t.note(`the socket closed with ${answer.closed.code}, not the family's 4004`);
      }
      if (answer.outcome === 'timeout')
        t.note('the socket stayed open without READY (the family closes it with 4004)');
    },
  }),

  defineCheck({
    id: 'events.ws/no-events-before-identify',
    title: 'A socket that has not sent IDENTIFY receives no events',
    level: 'should',
    rules: ['CONV-WS-IDENTIFY-FIRST'],
    operations: ['message.create'],
    profile: 'satori',
    needs: ['events'],
    async run(t: CheckContext) {
      const target = wsProbeTarget(t);
      let duringFailure: unknown;
      const answer = await probeUnidentified({
        url: target.url,
        timeoutMs: target.timeoutMs,
        graceMs: Math.min(1000, target.timeoutMs),
        // Cause an event and wait until the identified stream has it: the silent socket would have it too.
        during: async () => {
          try {
            const message = await makeMessage(t, 'unidentified-probe');
            await messageCreatedOnStream(t, message.id);
          } catch (error) {
            duringFailure = error;
          }
        },
      });
      if (answer.outcome === 'connect-failed') connectFailed(answer);
      // A skip or failure while causing the event (e.g. no message-created on the run's stream) ends the check.
      if (duringFailure !== undefined) throw duringFailure;
      t.expect(
        answer.events.length === 0,
        'no EVENT frame on a socket that never sent IDENTIFY',
        `${answer.events.length} EVENT frame(s), e.g. ${shorten(answer.events[0]?.text ?? '', 300)}`,
      );
    },
  }),

  defineCheck({
    id: 'events.ws/resume-replays-missed',
    title: 'IDENTIFY with sn replays the events sent after that sn',
    level: 'should',
    rules: ['CONV-WS-RESUME'],
    operations: ['message.create'],
    profile: 'satori',
    needs: ['events'],
    async run(t: CheckContext) {
      const target = wsProbeTarget(t);
      const first = await makeMessage(t, 'resume-anchor');
      const anchor = await messageCreatedOnStream(t, first.id);
      const from = snOf(anchor);
      if (from === undefined || from === null)
        t.skip(
          'events carry no sn: there is nothing to resume from (see events.stream/sn-strictly-increases)',
        );
      const missed: ObservedEvent[] = [];
      for (const what of ['resume-missed-1', 'resume-missed-2']) {
        const message = await makeMessage(t, what);
        missed.push(await messageCreatedOnStream(t, message.id));
      }
      const wanted = missed.map(snOf).filter((sn): sn is number => sn !== undefined);
      const answer = await probeResume({ ...target, sn: from, untilSn: Math.max(...wanted) });
      if (answer.outcome === 'connect-failed') connectFailed(answer);
      if (answer.outcome === 'not-ready') {
        t.skip(
          `precondition failed: IDENTIFY with sn got no READY (${answer.identify.outcome}); see events.ws/ready-lists-logins`,
        );
      }
      const replayed = new Set(answer.sns);
      const absent = wanted.filter((sn) => !replayed.has(sn));
      t.expect(
        absent.length === 0,
        `IDENTIFY {sn: ${from}} replays the events with sn ${wanted.join(', ')} (sent after ${from})`,
        `missing sn ${absent.join(', ')}; replayed: ${answer.sns.length ? answer.sns.join(', ') : 'nothing'}`,
      );
    },
  }),
];

/** A friend request (trigger) answered with approve false; nothing when the trigger cannot cause one. */
async function friendRequestRefused(t: CheckContext): Promise<void> {
  try {
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
  const caused = await awaitPrecondition(
    t,
    (event) => resourceId(event, 'message') === message.id,
    `no event observed during the run, and message.create of ${message.id} caused none`,
  );
  t.note('no event observed during the run: caused one with message.create');
  return [caused];
}

const stream: CheckSpec[] = [
  defineCheck({
    id: 'events.stream/sn-strictly-increases',
    title: 'The sn of the events on the WebSocket strictly increases over the whole run',
    level: 'should',
    rules: ['CONV-WS-SN'],
    operations: ['message.create', 'friend.approve'],
    profile: 'satori',
    needs: ['events'],
    phase: 'after',
    async run(t: CheckContext) {
      wsProbeTarget(t);
      // Events for this login alone (a friend request) between events every login gets (a message) show
      // an sn that is counted per event rather than per delivery, or repeats: so a few are caused here.
      for (const round of [1, 2]) {
        await friendRequestRefused(t);
        const message = await makeMessage(t, `sn-probe-${round}`);
        await messageCreatedOnStream(t, message.id);
      }
      const all = t.events.all();
      const withoutSn = all.filter((event) => snOf(event) === undefined);
      t.expect(
        withoutSn.length === 0,
        'every EVENT body carries a numeric sn',
        `${withoutSn.length} of ${all.length} without: ${describeEvent(withoutSn[0])}`,
      );
      const breaks: string[] = [];
      for (let index = 1; index < all.length; index++) {
        const [before, after] = [snOf(all[index - 1])!, snOf(all[index])!];
        if (!(after > before))
          breaks.push(`${before} → ${after} (${all[index - 1].type} then ${all[index].type})`);
      }
      t.note(`${all.length} events observed, sn ${snOf(all[0])} … ${snOf(all[all.length - 1])}`);
      t.expect(
        breaks.length === 0,
        'each sn is greater than the one before it',
        `${breaks.length} break(s): ${breaks.slice(0, 5).join('; ')}`,
      );
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
    async run(t: CheckContext) {
      const all = await observedOrCaused(t);
      const older = all.filter((event) => isOlderEnvelope(event.body));
      if (older.length) {
        t.note(
          `${older.length} of ${all.length} events use the older envelope (id instead of sn, self_id/platform instead of login), as older servers of the family do`,
        );
      }
      const failing = all
        .map((event) => ({ event, problems: t.schemaProblems('envelope', event.body) }))
        .filter((entry) => entry.problems.length > 0);
      t.expect(
        failing.length === 0,
        'every EVENT body matches the de-facto envelope (sn, type, timestamp, login: Login)',
        failing.length
          ? `${failing.length} of ${all.length} do not (${typesOf(failing.map((entry) => entry.event))}); the first: ${failing[0].problems
              .slice(0, 5)
              .join('; ')} in ${describeEvent(failing[0].event)}`
          : undefined,
      );
    },
  }),

  defineCheck({
    id: 'events.webhook/delivery-headers',
    title: 'Every webhook delivery carries Satori-Opcode 0 and Authorization: Bearer with the app token',
    level: 'should',
    rules: ['CONV-WEBHOOK'],
    operations: [],
    profile: 'satori',
    needs: ['events'],
    phase: 'after',
    async run(t: CheckContext) {
      const transport = t.events.transport;
      if (transport?.kind !== 'webhook') {
        t.skip('events come by WebSocket in this run: webhook deliveries are checked with --events webhook');
      }
      const all = await observedOrCaused(t);
      const opcode = all.filter((event) => event.headers?.['satori-opcode'] !== '0');
      t.expect(
        opcode.length === 0,
        'every delivery carries the header Satori-Opcode: 0 (EVENT)',
        `${opcode.length} of ${all.length} carry ${JSON.stringify(opcode[0]?.headers?.['satori-opcode'] ?? null)}`,
      );
      if (transport.token === undefined) {
        t.note('the run has no token: the Authorization of deliveries is not checked');
        return;
      }
      const unauthorised = all.filter(
        (event) => event.headers?.authorization !== `Bearer ${transport.token}`,
      );
      t.expect(
        unauthorised.length === 0,
        'every delivery carries Authorization: Bearer <the app token>',
        `${unauthorised.length} of ${all.length} do not (first: ${unauthorised[0]?.headers?.authorization ? 'another value' : 'no Authorization header'})`,
      );
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
    async run(t: CheckContext) {
      const all = await observedOrCaused(t);
      const counts = new Map<string, number>();
      for (const event of all) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      const unknown = [...counts.keys()].filter((type) => !EVENT_NAMES.includes(type));
      t.note(`observed types: ${[...counts].map(([type, count]) => `${type} ×${count}`).join(', ')}`);
      if (unknown.length) t.note(`types beyond the §6 table: ${unknown.join(', ')}`);
      const misspelt = unknown.flatMap((type) => {
        const meant = misspellingOf(type);
        return meant ? [`'${type}' (×${counts.get(type)}) for '${meant}'`] : [];
      });
      t.expect(
        misspelt.length === 0,
        'every event named by its §6 identifier (kebab-case, exact)',
        misspelt.join('; '),
      );
    },
  }),
];

// ── One passive check per §6 event: every observed event of the type, validated after all other checks ──

interface Cause {
  /** How the check causes one when the run observed none, in words. */
  how: string;
  operations: OperationId[];
  experimental?: boolean;
  /** Causes one event of the type (the check then takes the next event of the type: it runs alone). */
  run(t: CheckContext, type: string): Promise<void>;
}

/** Answers a triggered request with approve false, so that nothing is left pending. */
const refuse = (t: CheckContext, operation: string, requestId: string) =>
  t.call(operation, { message_id: requestId, approve: false });

const messageCause = (action?: 'update' | 'delete'): Cause => ({
  how: action ? `message.create then message.${action}` : 'message.create',
  operations: ['message.create', ...(action ? [`message.${action}` as const] : [])],
  async run(t, type) {
    const message = await makeMessage(t, `event-${type}`);
    const fields = { channel_id: message.channelId, message_id: message.id };
    if (action === 'update') await t.call('message.update', { ...fields, content: uniqueName('updated') });
    if (action === 'delete') await t.call('message.delete', fields);
  },
});

const channelCause = (action?: 'update' | 'delete'): Cause => ({
  how: action ? `channel.create then channel.${action}` : 'channel.create',
  operations: ['channel.create', ...(action ? [`channel.${action}` as const] : [])],
  async run(t, type) {
    const channelId = await makeChannel(t, `event-${type}`);
    if (action === 'update')
      await t.call('channel.update', { channel_id: channelId, data: { name: uniqueName('renamed') } });
    if (action === 'delete') await t.call('channel.delete', { channel_id: channelId });
  },
});

const roleCause = (action?: 'update' | 'delete'): Cause => ({
  how: action ? `guild.role.create then guild.role.${action}` : 'guild.role.create',
  operations: ['guild.role.create', ...(action ? [`guild.role.${action}` as const] : [])],
  experimental: true,
  async run(t, type) {
    const roleId = await makeRole(t, `event-${type}`);
    const fields = { guild_id: t.sandbox.guildId, role_id: roleId };
    if (action === 'update')
      await t.call('guild.role.update', { ...fields, ...rolePayload(t, { name: uniqueName('renamed') }) });
    if (action === 'delete') await t.call('guild.role.delete', fields);
  },
});

const reactionCause = (remove: boolean): Cause => ({
  how: remove ? 'reaction.create then reaction.delete' : 'reaction.create',
  operations: ['message.create', 'reaction.create', ...(remove ? (['reaction.delete'] as const) : [])],
  experimental: true,
  async run(t, type) {
    const message = await makeMessage(t, `event-${type}`);
    const fields = await makeReaction(t, message);
    if (remove) await t.call('reaction.delete', fields);
  },
});

type GuildStep = 'added' | 'updated' | 'removed' | 'member-added' | 'member-updated' | 'member-removed';

/** How each guild event is caused: through the interface first, the trigger only for what no operation causes. */
const GUILD_STEPS: Record<GuildStep, string> = {
  added: 'guild.approve of a guild-request (else the trigger guild-added)',
  updated: 'the trigger (guild-added, then guild-updated: only a guild the run made is renamed)',
  removed: 'the trigger (guild-added, then guild-removed: a guild it could not leave is never joined)',
  'member-added': 'guild.member.approve of a guild-member-request (else the trigger guild-member-added)',
  'member-updated':
    'guild.member.role.set of a role the check made on the peer (else the trigger guild-member-updated)',
  'member-removed':
    'guild.member.kick of a member the check admitted through guild.member.approve (else the trigger)',
};

const GUILD_OPERATIONS: Record<GuildStep, OperationId[]> = {
  added: ['guild.approve'],
  updated: [],
  removed: [],
  'member-added': ['guild.member.approve'],
  'member-updated': ['guild.role.create', 'guild.member.role.set'],
  'member-removed': ['guild.member.approve', 'guild.member.kick'],
};

/**
 * Tries each way of causing an event in turn; a way that skips (its precondition is not met, or the
 * trigger cannot cause what it needs) passes to the next. Skips with every reason when none can.
 */
async function firstPossible(t: CheckContext, ways: Array<() => Promise<void>>): Promise<void> {
  const reasons: string[] = [];
  for (const way of ways) {
    try {
      return await way();
    } catch (error) {
      if ((error as Error)?.name !== 'CheckSkip') throw error;
      reasons.push((error as Error).message);
    }
  }
  t.skip(reasons.join('; '));
}

/** A guild the bot joins by approving an invitation (§4.3); tracked: the ledger leaves it (trigger guild-removed). */
async function joinGuildByApprove(t: CheckContext): Promise<string> {
  const { requestId, guildId } = await receiveRequest(t, 'guild-request');
  if (guildId === undefined) t.skip('the guild-request names no guild to join');
  const approved = await t.call('guild.approve', { message_id: requestId, approve: true });
  t.track({
    kind: 'guild membership',
    label: `membership of guild ${guildId} (joined through guild.approve)`,
    undo: ['trigger:guild-removed', { guild_id: guildId }],
  });
  requireOk(t, approved, 'guild.approve with approve true');
  return guildId;
}

/** A member the check admits to the sandbox guild (§4.4 guild.member.approve); tracked (undo kick). */
async function admitMemberByApprove(t: CheckContext): Promise<string> {
  const guildId = t.sandbox.guildId;
  const { requestId, userId } = await receiveRequest(t, 'guild-member-request', { guild_id: guildId });
  if (userId === undefined) t.skip('the guild-member-request names no requester');
  const approved = await t.call('guild.member.approve', { message_id: requestId, approve: true });
  t.track({
    kind: 'guild member',
    label: `member ${userId} of guild ${guildId} (added through guild.member.approve)`,
    undo: ['guild.member.kick', { guild_id: guildId, user_id: userId }],
  });
  requireOk(t, approved, 'guild.member.approve with approve true');
  return userId;
}

/** A role the check makes, set on the peer (§4.5); tracked (undo unset; the role is deleted too). */
async function setRoleOnPeer(t: CheckContext): Promise<void> {
  const guildId = t.sandbox.guildId;
  const userId = t.sandbox.peerId ?? t.skip('no peer identity to set a role on');
  const roleId = await makeRole(t, 'event-member-updated');
  const fields = { guild_id: guildId, user_id: userId, role_id: roleId };
  const set = await t.call('guild.member.role.set', fields);
  t.track({
    kind: 'member role',
    label: `role ${roleId} of member ${userId} in guild ${guildId}`,
    undo: ['guild.member.role.unset', fields],
  });
  requireOk(t, set, 'guild.member.role.set');
}

/** guild-added / -updated / -removed and the member events: the interface first, then the trigger. */
const guildCause = (step: GuildStep): Cause => ({
  how: GUILD_STEPS[step],
  operations: GUILD_OPERATIONS[step],
  async run(t) {
    switch (step) {
      case 'added':
        return firstPossible(t, [
          async () => {
            await joinGuildByApprove(t);
          },
          async () => {
            await triggerOwnGuild(t);
          },
        ]);
      case 'updated':
        await t.trigger('guild-updated', { guild_id: await triggerOwnGuild(t), name: uniqueName('renamed') });
        return;
      case 'removed':
        await t.trigger('guild-removed', { guild_id: await triggerOwnGuild(t) });
        return;
      case 'member-added':
        return firstPossible(t, [
          async () => {
            await admitMemberByApprove(t);
          },
          async () => {
            await triggerMemberOf(t, await triggerOwnGuild(t));
          },
        ]);
      case 'member-updated':
        return firstPossible(t, [
          () => setRoleOnPeer(t),
          async () => {
            const guildId = await triggerOwnGuild(t);
            const userId = await triggerMemberOf(t, guildId);
            await t.trigger('guild-member-updated', {
              guild_id: guildId,
              user_id: userId,
              nick: uniqueName('nick'),
            });
          },
        ]);
      case 'member-removed':
        return firstPossible(t, [
          async () => {
            const userId = await admitMemberByApprove(t);
            const kicked = await t.call('guild.member.kick', {
              guild_id: t.sandbox.guildId,
              user_id: userId,
            });
            requireOk(t, kicked, 'guild.member.kick of the member the check admitted');
          },
          async () => {
            const guildId = await triggerOwnGuild(t);
            const userId = await triggerMemberOf(t, guildId);
            await t.trigger('guild-member-removed', { guild_id: guildId, user_id: userId });
          },
        ]);
    }
  },
});

const requestCause = (
  event: 'friend-request' | 'guild-request' | 'guild-member-request',
  answer: OperationId,
): Cause => ({
  how: `the trigger (${event}), answered with ${answer} approve false`,
  operations: [answer],
  async run(t) {
    const request = await receiveRequest(
      t,
      event,
      event === 'guild-member-request' ? { guild_id: t.sandbox.guildId } : {},
    );
    await refuse(t, answer, request.requestId);
  },
});

const CAUSES: Record<string, Cause> = {
  'message-created': messageCause(),
  'message-updated': messageCause('update'),
  'message-deleted': messageCause('delete'),
  'channel-added': channelCause(),
  'channel-updated': channelCause('update'),
  'channel-removed': channelCause('delete'),
  'guild-added': guildCause('added'),
  'guild-updated': guildCause('updated'),
  'guild-removed': guildCause('removed'),
  'guild-request': requestCause('guild-request', 'guild.approve'),
  'guild-member-added': guildCause('member-added'),
  'guild-member-updated': guildCause('member-updated'),
  'guild-member-removed': guildCause('member-removed'),
  'guild-member-request': requestCause('guild-member-request', 'guild.member.approve'),
  'guild-role-created': roleCause(),
  'guild-role-updated': roleCause('update'),
  'guild-role-deleted': roleCause('delete'),
  'reaction-added': reactionCause(false),
  'reaction-removed': reactionCause(true),
  'friend-request': requestCause('friend-request', 'friend.approve'),
};

const perEvent: CheckSpec[] = eventCatalogue.map((definition) => {
  const { name, requiredResources } = definition;
  const cause = CAUSES[name];
  return defineCheck({
    id: `event.${name}/required-resources`,
    title: `Every ${name} event of the run carries ${requiredResources.join(', ')} (§6) and matches its schema`,
    level: 'must',
    rules: [definition.rule, 'GEN-4'],
    operations: cause.operations,
    ...(cause.experimental ? { experimental: true } : {}),
    needs: ['events'],
    phase: 'after',
    async run(t: CheckContext) {
      let observed = t.events.all().filter((event) => event.type === name);
      if (observed.length === 0) {
        const what = `no ${name} event observed during the run`;
        await triggering(t, `${what}, and none could be caused`, () => cause.run(t, name));
        // Phase 'after': nothing else runs, so the next event of the type is the one caused.
        const caused = await t.events.tryWaitFor((event) => event.type === name);
        if (!caused) {
          t.skip(
            `${what}, and ${cause.how} caused none within ${t.events.timeoutMs} ms: nothing to validate`,
          );
        }
        t.note(`${what}: caused one by ${cause.how}`);
        observed = [caused];
      } else {
        t.note(`${observed.length} ${name} event(s) observed during the run`);
      }
      const failing = observed
        .map((event) => ({ event, problems: eventProblems(t, event, name) }))
        .filter((entry) => entry.problems.length > 0);
      t.expect(
        failing.length === 0,
        `every ${name} event carries ${requiredResources.join(', ')}, each valid against its schema (§6, §1 rule 4)`,
        failing.length
          ? `${failing.length} of ${observed.length} do not; the first: ${failing[0].problems.slice(0, 5).join('; ')} in ${describeEvent(failing[0].event)}`
          : undefined,
      );
    },
  });
});

const checks: CheckSpec[] = [...lifecycle, ...stream, ...perEvent];

export default defineSuite('events', checks);
