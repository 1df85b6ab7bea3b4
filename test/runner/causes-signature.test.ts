/**
 * A signature on every judgement (issue 47 item 1, src/runner/signature.ts): each kind is set by the code
 * that judged, as data — t.expectOk (status), t.expectSchema (field-*), the judgements of pages (marker)
 * and events (event-resource), a typed event wait that ended empty (event-missing), the answer's own shape
 * (wrapping, not served, identity refused), the peer's standing and the event transport (undecided) — and
 * the causes group failures by it (src/runner/causes.ts), every failing check in exactly one cause.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../../spec/validate.js';
import { renderConsole } from '../../src/report/console.js';
import { faultOf, findCauses } from '../../src/runner/causes.js';
import { assertionsWith } from '../../src/runner/context/assertions.js';
import { CheckState } from '../../src/runner/context/state.js';
import { unprovenSilence } from '../../src/runner/event-silence.js';
import type { CheckResult, Exchange, Signature } from '../../src/runner/model.js';
import { peerUndecided } from '../../src/runner/peer.js';
import {
  completeSignature,
  exchangeSignature,
  noteAnswerOf,
  schemaSignature,
} from '../../src/runner/signature.js';
import { eventSignature, judgeLastPage, judgeMarker, judgeWalk } from '../../suites/_lib/judge.js';
import { largeRun, mixedRun } from '../report/fixtures/runs.js';

const exchange = (
  operation: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = { authorization: 'Bearer $TOKEN' },
): Exchange => ({
  request: { method: 'POST', url: `http://127.0.0.1:1/v1/${operation}`, headers, body: '{}' },
  response: { status, headers: {}, body: typeof body === 'string' ? body : JSON.stringify(body) },
  durationMs: 1,
  curl: `curl -X POST http://127.0.0.1:1/v1/${operation}`,
});

/** t.expect and friends over a real CheckState: the failure (and its signature) it records. */
function assertions(state = new CheckState()) {
  const parts = assertionsWith(
    (expected, observed, signature) => state.fail(expected, observed, signature),
    (schema, value) => validate(schema, value),
    (text) => text,
  );
  const failureOf = (act: () => void) => {
    expect(act).toThrow();
    return state.failure?.signature;
  };
  return { ...parts, state, failureOf };
}

const failing = (id: string, signature: Signature, extra: Partial<CheckResult> = {}): CheckResult => ({
  id,
  title: id,
  group: 'messages',
  level: 'must',
  experimental: false,
  rules: signature.rule ? [signature.rule] : [],
  operations: signature.operation ? [signature.operation] : [],
  status: 'fail',
  reason: 'expected something',
  durationMs: 1,
  evidence: { exchanges: [] },
  signature,
  ...extra,
});

describe('a signature per kind, set where it was judged', () => {
  it('status: t.expectOk signs the status class it got', () => {
    const t = assertions();
    const result = { status: 503, ok: false, headers: {}, body: undefined, text: 'busy' };
    expect(t.failureOf(() => t.expectOk(result, 'message.get'))).toEqual({ kind: 'status', status: '5xx' });
  });

  it('status: t.expectOk names the operation of the answer it judges, not the one asked last', () => {
    const t = assertions();
    const refused = { status: 503, ok: false, headers: {}, body: undefined, text: 'busy' };
    noteAnswerOf(refused, 'message.get');
    const given = t.failureOf(() => t.expectOk(refused, 'the read-back'));
    expect(given).toEqual({ kind: 'status', status: '5xx', operation: 'message.get' });
    // A later answer of another operation was the check's last exchange: the signature keeps the judged one.
    const exchanges = [exchange('message.get', 503, 'busy'), exchange('message.list', 200, { data: [] })];
    const check = {
      rules: ['MSG-GET-1'],
      operations: ['message.get', 'message.list'],
      helpers: ['message.list'],
    };
    expect(completeSignature(given, check, exchanges)).toMatchObject({
      operation: 'message.get',
      role: 'under-test',
      status: '5xx',
    });
  });

  it.each([
    ['field-missing', { channel: { type: 0 }, content: 'x' }, '/id'],
    // A required field given null: an optional one (`channel?`) given null is judged at should only (§2).
    ['field-null', { id: '1', content: null }, '/content'],
    ['field-type', { id: 1, content: 'x' }, '/id'],
  ] as const)('%s: t.expectSchema signs its first problem with the path', (kind, value, path) => {
    const t = assertions();
    const signature = t.failureOf(() => t.expectSchema('Message', value, 'message.get'));
    expect(signature).toMatchObject({ kind, path });
  });

  it('field-value: a problem of value (not of type or presence), and item indices made stable', () => {
    expect(schemaSignature([{ path: '/data/3/type', message: '', keyword: 'enum' }], {})).toEqual({
      kind: 'field-value',
      path: '/data/*/type',
    });
  });

  it('marker: pages and walks sign the pattern they saw (absent, present, repeated)', () => {
    const page = { data: [{ id: '1' }] };
    expect(judgeMarker(page, true, 'page 1').signature).toEqual({
      kind: 'marker',
      pattern: 'absent',
      path: '/next',
    });
    expect(judgeMarker({ ...page, next: 'x' }, false, 'page 1').signature?.pattern).toBe('present');
    expect(judgeWalk(['1', '1'], ['1'])[0].signature?.pattern).toBe('repeated');
    expect(judgeLastPage([page, { data: [] }]).signature?.pattern).toBe('present');
  });

  it('event-missing: a failure right after a typed wait that ended empty names the event type; one after a request does not', () => {
    const state = new CheckState();
    state.missed('message-created');
    const t = assertions(state);
    expect(t.failureOf(() => t.expect(false, 'a message-created event'))).toEqual({
      kind: 'event-missing',
      eventType: 'message-created',
    });
    const later = new CheckState();
    later.missed('message-created');
    later.exchanges.push(exchange('message.get', 200, { id: '1' }));
    const u = assertions(later);
    expect(u.failureOf(() => u.expect(false, 'the message reads back'))).toBeUndefined();
  });

  it('event-resource: an event body signs its type and the first field at fault', () => {
    expect(eventSignature('guild-member-added', ['/member: required property is missing'])).toEqual({
      kind: 'event-resource',
      eventType: 'guild-member-added',
      path: '/member',
    });
  });

  it.each([
    ['an envelope', 'message.get', 200, { data: { id: '1' } }, { kind: 'wrapping', pattern: 'envelope' }],
    ['a bare array', 'guild.list', 200, [{ id: '1' }], { kind: 'wrapping', pattern: 'bare-array' }],
    [
      'an error answered 200',
      'message.get',
      200,
      { message: 'nope' },
      { kind: 'wrapping', pattern: 'error-body' },
    ],
    ['501', 'friend.list', 501, '', { kind: 'status', pattern: 'not-implemented', status: '501' }],
    ['a route 404', 'message.update', 404, 'Not Found', { kind: 'status', pattern: 'not-implemented' }],
    ['403 to the token', 'guild.get', 403, {}, { kind: 'identity', pattern: 'refused' }],
  ])('the answer itself: %s', (_what, operation, status, body, signature) => {
    expect(exchangeSignature(exchange(operation, status, body))).toMatchObject({ ...signature, operation });
  });

  it('an ordinary answer shows nothing by itself (an unknown id, a right object, a 500 saying nothing of it)', () => {
    expect(
      exchangeSignature(exchange('message.get', 404, { message: 'Message 9 not found' })),
    ).toBeUndefined();
    expect(exchangeSignature(exchange('message.get', 200, { id: '1' }))).toBeUndefined();
    expect(
      exchangeSignature(exchange('message.get', 500, { message: 'database is locked' })),
    ).toBeUndefined();
    expect(exchangeSignature(exchange('guild.get', 403, {}, {}))).toBeUndefined();
  });

  it('completed from the check: rule, operation, role (a helper is no operation under test), status', () => {
    const check = {
      rules: ['MSG-UPDATE-1'],
      operations: ['message.update', 'message.create'],
      helpers: ['message.create'],
    };
    expect(completeSignature({ kind: 'status' }, check, [exchange('message.create', 500, {})])).toEqual({
      kind: 'status',
      rule: 'MSG-UPDATE-1',
      operation: 'message.create',
      role: 'helper',
      status: '5xx',
    });
    // The last answer's own signature wins over the expectation's: an operation not served fails them all.
    expect(
      completeSignature({ kind: 'field-missing', path: '/id' }, check, [exchange('message.update', 501, '')]),
    ).toMatchObject({
      kind: 'status',
      pattern: 'not-implemented',
      role: 'under-test',
    });
  });

  it('identity and transport: the undecided states of the peer and of a silent stream carry theirs', () => {
    const standing = {
      state: 'served-as-bot' as const,
      detail: 'login.get as the peer answered the bot',
      exchanges: [],
    };
    expect(peerUndecided(standing).signature).toEqual({ kind: 'identity', pattern: 'served-as-bot' });
    const silent = unprovenSilence({
      kind: 'ws',
      eventCount: () => 0,
      target: { url: 'ws://127.0.0.1:1/v1/events' },
    } as never);
    expect(silent?.undecided.signature).toEqual({ kind: 'transport', pattern: 'no-ready' });
  });
});

describe('causes by grouping signatures', () => {
  const field = (id: string, operation: string, path: string, rule = 'RES-USER') =>
    failing(id, { kind: 'field-null', path, operation, rule, role: 'under-test', status: '2xx' });

  it('the same field across operations and paths is one cause listing its operations', () => {
    const causes = findCauses([
      field('a', 'message.get', '/user/nick'),
      field('b', 'guild.member.get', '/user/nick', 'RES-MEMBER'),
      field('c', 'guild.member.list', '/data/*/user/nick', 'RES-MEMBER'),
      failing('d', { kind: 'event-resource', eventType: 'message-created', path: '/user/nick' }),
    ]);
    expect(causes.map((cause) => [cause.id, cause.checkIds, cause.operations])).toEqual([
      ['field:nick', ['a', 'b', 'c', 'd'], ['guild.member.get', 'guild.member.list', 'message.get']],
    ]);
    expect(causes[0].title).toContain('`nick`');
    expect(causes[0].title).toContain('message-created');
  });

  it('an operation refused whole is one cause however many rules its checks cite; a helper is one cause per helper', () => {
    const refused = (id: string, rule: string) =>
      failing(id, { kind: 'status', status: '5xx', operation: 'reaction.create', rule, role: 'under-test' });
    const helper = (id: string, operation: string) =>
      failing(id, { kind: 'status', status: '4xx', operation, rule: 'MSG-UPDATE-1', role: 'helper' });
    const causes = findCauses([
      refused('a', 'REACTION-CREATE-1'),
      refused('b', 'RES-EMOJI'),
      refused('c', 'EVT-REACTION-ADDED'),
      helper('d', 'message.create'),
      helper('e', 'message.create'),
      helper('f', 'channel.create'),
    ]);
    expect(causes.map((cause) => [cause.id, cause.checkIds])).toEqual([
      ['status-5xx', ['a', 'b', 'c']],
      ['helper:message.create', ['d', 'e']],
      ['helper:channel.create', ['f']],
    ]);
  });

  it('an operation not served is one cause whether judged or a helper; a helper answering 2xx wrongly joins its operation only where its own checks were judged wrong', () => {
    const unserved = (id: string, role: 'helper' | 'under-test') =>
      failing(id, {
        kind: 'status',
        pattern: 'not-implemented',
        status: '2xx',
        operation: 'friend.list',
        role,
      });
    const wrong = (id: string, rule: string, operation: string, role: 'helper' | 'under-test') =>
      failing(id, { kind: 'other', status: '2xx', operation, rule, role });
    const causes = findCauses([
      unserved('a', 'under-test'),
      unserved('b', 'helper'),
      wrong('c', 'MSG-GET-1', 'message.get', 'under-test'),
      wrong('d', 'MSG-CREATE-1', 'message.get', 'helper'),
      wrong('e', 'MSG-UPDATE-1', 'message.get', 'helper'),
      // guild.get's own checks pass: its answer read back by another check is that check's rule's fault.
      wrong('f', 'GUILD-UPDATE-1', 'guild.get', 'helper'),
    ]);
    expect(causes.map((cause) => [cause.id, cause.checkIds])).toEqual([
      ['answer:message.get', ['c', 'd', 'e']],
      ['not-implemented', ['a', 'b']],
      ['rule:GUILD-UPDATE', ['f']],
    ]);
  });

  it('every failing check is in exactly one cause, the counts add up, most checks first; passes and the not-offered are in none', () => {
    const checks = [
      field('a', 'message.get', '/user/nick'),
      failing('b', { kind: 'marker', pattern: 'repeated', operation: 'message.list', rule: 'MSG-LIST-6' }),
      failing('c', { kind: 'marker', pattern: 'repeated', operation: 'guild.list', rule: 'GEN-6' }),
      failing('d', { kind: 'other', rule: 'MSG-LIST-3', operation: 'message.list' }),
      failing('e', { kind: 'other', rule: 'MSG-LIST-2', operation: 'message.list' }),
      { ...field('f', 'message.get', '/user/nick'), status: 'pass' as const },
      { ...field('g', 'friend.list', '/user/nick'), notOffered: true },
    ];
    const causes = findCauses(checks);
    const held = causes.flatMap((cause) => cause.checkIds);
    expect(held.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(causes.map((cause) => cause.id)).toEqual(['marker:repeated', 'rule:MSG-LIST', 'field:nick']);
    expect(causes[0].operations).toEqual(['guild.list', 'message.list']);
    expect(causes[1].statement).toBeUndefined(); // two rules of one family: no one statement
  });

  it('the identity is blamed for refusals on two operations at least; one operation refused is its own', () => {
    const refused = (id: string, operation: string) =>
      failing(id, { kind: 'identity', pattern: 'refused', status: '403', operation, role: 'under-test' });
    expect(findCauses([refused('a', 'guild.get'), refused('b', 'guild.get')]).map((c) => c.id)).toEqual([
      'status-4xx',
    ]);
    expect(findCauses([refused('a', 'guild.get'), refused('b', 'channel.get')]).map((c) => c.id)).toEqual([
      'identity-refused',
    ]);
  });

  it('events that never came: one cause whatever their types; the transport when the stream delivered nothing all run', () => {
    const missed = (id: string, eventType: string) => failing(id, { kind: 'event-missing', eventType });
    const checks = [missed('a', 'message-created'), missed('b', 'message-deleted')];
    expect(findCauses(checks, { eventsReceived: 9 }).map((cause) => [cause.id, cause.title])).toEqual([
      ['event-missing', 'No message-created, message-deleted event came for changes the checks made'],
    ]);
    expect(findCauses(checks, { eventsReceived: 0 }).map((cause) => cause.id)).toEqual(['event-transport']);
  });

  it('a result of an older run (no signature) is signed from its evidence', () => {
    const old = { ...failing('a', { kind: 'other' }), signature: undefined };
    old.evidence = { exchanges: [exchange('message.get', 200, { data: { id: '1' } })] };
    expect(findCauses([old]).map((cause) => cause.id)).toEqual(['result-envelope']);
  });

  it('a fault is stable across runs: its key holds no id, time or server text', () => {
    const fault = faultOf(
      {
        kind: 'field-type',
        path: '/data/*/joined_at',
        operation: 'guild.member.list',
        rule: 'RES-MEMBER',
        status: '2xx',
      },
      false,
    );
    expect(fault).toEqual({ key: 'field:joined_at', kind: 'field-type' });
  });

  it("on the reports' fixtures (results of older runs, signed from their evidence): every failure in one cause, the console adds up", () => {
    for (const run of [mixedRun(), largeRun(120)]) {
      const failing = run.checks.filter((check) => check.status === 'fail' || check.status === 'error');
      const causes = findCauses(run.checks);
      const held = causes.flatMap((cause) => cause.checkIds);
      expect(held.sort()).toEqual(failing.map((check) => check.id).sort());
      const text = String(renderConsole({ ...run, causes }, { color: false }));
      expect(text).toContain(
        `What to fix first (${causes.length} cause${causes.length === 1 ? '' : 's'} explain`,
      );
      expect(text).toContain(`${held.length} of ${failing.length} failing check`);
      // A failure a cause holds is shown once, in its cause: no FAIL block repeats it.
      expect(text.split('\n').filter((line) => /^(FAIL|ERROR) /.test(line))).toEqual([]);
    }
  });
});
