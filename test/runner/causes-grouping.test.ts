/**
 * How signatures group into causes where one fault shows several ways (issue 47 item 2), on hand-made
 * results: a rule broken across operations or one operation's results (whichever explains more), a
 * helper's answer judged wrong where its own checks show the fault, helpers answering nothing usable, a
 * result missing at its root, an event that came without a resource or under another name, an operation
 * refused whole whether judged or used as a helper; and one test per signature kind the other files leave
 * out (event-name, effect-missing, helper-refused, helper-not-offered, capability).
 */
import { describe, expect, it } from 'vitest';
import { findCauses } from '../../src/runner/causes.js';
import type { CheckResult, Signature } from '../../src/runner/model.js';
import { completeSignature } from '../../src/runner/signature.js';
import { findUndecidedCauses } from '../../src/runner/undecided-causes.js';

const result = (id: string, status: CheckResult['status'], extra: Partial<CheckResult>): CheckResult => ({
  id,
  title: id,
  group: 'messages',
  level: 'must',
  experimental: false,
  rules: [],
  operations: [],
  status,
  reason: 'expected something',
  durationMs: 1,
  ...extra,
});

const failing = (id: string, signature: Signature): CheckResult =>
  result(id, 'fail', {
    rules: signature.rule ? [signature.rule] : [],
    operations: signature.operation ? [signature.operation] : [],
    evidence: { exchanges: [] },
    signature,
  });

/** An undecided check with the signature its judgement set. */
const undecided = (id: string, signature: Signature): CheckResult =>
  result(id, 'skip', {
    reason: 'could not be decided: a state',
    undecided: { state: 'a state', clear: `clear ${id}`, signature },
  });

const grouped = (checks: CheckResult[]) =>
  findCauses(checks).map((cause) => [cause.id, [...cause.checkIds].sort()]);

const other = (id: string, rule: string, operation: string, role: 'helper' | 'under-test' = 'under-test') =>
  failing(id, { kind: 'other', rule, operation, role, status: '2xx' });

describe('one fault, several ways it shows: one cause', () => {
  it('a rule broken across operations is one cause where it explains more than any operation', () => {
    const causes = grouped([
      other('a', 'OP-REQUIRED-FIELDS', 'channel.create'),
      other('b', 'OP-REQUIRED-FIELDS', 'guild.get'),
      other('c', 'OP-REQUIRED-FIELDS', 'message.get'),
      other('d', 'MSG-GET-1', 'message.get'),
    ]);
    expect(causes).toEqual([
      ['rule:OP-REQUIRED-FIELDS', ['a', 'b', 'c']],
      ['answer:message.get', ['d']],
    ]);
  });

  it("one operation's results are one cause where they explain more than any rule", () => {
    const causes = grouped([
      other('a', 'MSG-LIST-1', 'message.list'),
      other('b', 'MSG-LIST-2', 'message.list'),
      other('c', 'RES-ORDER', 'message.list'),
      other('d', 'RES-ORDER', 'guild.list'),
    ]);
    expect(causes).toEqual([
      ['answer:message.list', ['a', 'b', 'c']],
      // Alone, the check's own operation's result (as one failure of message.get is message.get's).
      ['answer:guild.list', ['d']],
    ]);
  });

  it("a helper's answer judged wrong joins the one fault its operation's own checks show (a field)", () => {
    const causes = grouped([
      failing('a', {
        kind: 'field-type',
        path: '/data/*/user',
        rule: 'FRIEND-LIST-1',
        operation: 'friend.list',
        role: 'under-test',
        status: '2xx',
      }),
      other('b', 'FRIEND-APPROVE-1', 'friend.list', 'helper'),
      other('c', 'EVT-REQUEST-FLOW', 'friend.list', 'helper'),
    ]);
    expect(causes).toEqual([['field:user', ['a', 'b', 'c']]]);
  });

  it('helpers whose accepted answers the checks cannot use are one cause across operations', () => {
    const causes = findCauses([
      other('a', 'CHAN-UPDATE-1', 'channel.create', 'helper'),
      other('b', 'MSG-GET-1', 'message.create', 'helper'),
      other('c', 'MSG-DELETE-1', 'message.create', 'helper'),
      other('d', 'ROLE-LIST-1', 'guild.list', 'helper'),
    ]);
    expect(causes.map((cause) => [cause.id, cause.operations])).toEqual([
      ['helper-answers', ['channel.create', 'guild.list', 'message.create']],
    ]);
    expect(causes[0].title).toMatch(/cannot use what they answer/);
  });

  it('a result missing at its root is one cause across operations; a field is its own', () => {
    const root = (id: string, operation: string) =>
      failing(id, { kind: 'field-type', path: '', rule: 'CHAN-GET-1', operation, status: '2xx' });
    const causes = grouped([
      root('a', 'channel.get'),
      root('b', 'guild.get'),
      failing('c', { kind: 'field-missing', path: '/id', operation: 'guild.get', status: '2xx' }),
    ]);
    expect(causes).toEqual([
      ['result-missing', ['a', 'b']],
      ['field:id', ['c']],
    ]);
  });

  it('an event that never came joins its type coming without a resource; items of a field are one field', () => {
    const causes = grouped([
      failing('a', { kind: 'event-resource', eventType: 'guild-role-updated', path: '/role', rule: 'EVT-X' }),
      failing('b', { kind: 'event-missing', eventType: 'guild-role-updated', rule: 'EVT-LINK' }),
      failing('c', { kind: 'event-resource', eventType: 'guild-member-updated', path: '/member/roles/0' }),
      failing('d', { kind: 'field-type', path: '/roles/*', operation: 'guild.member.get', status: '2xx' }),
    ]);
    expect(causes).toEqual([
      ['field:role', ['a', 'b']],
      ['field:roles', ['c', 'd']],
    ]);
  });

  it('events named outside §6: the naming, the events that never came under their name and their rows are one cause', () => {
    const causes = grouped([
      failing('names', { kind: 'other', rule: 'EVT-NAMES' }),
      failing('missing', { kind: 'event-missing', eventType: 'reaction-removed', rule: 'EVT-LINK-INFERRED' }),
      failing('row', { kind: 'other', rule: 'EVT-REACTION-REMOVED' }),
    ]);
    expect(causes).toEqual([['rule:EVT-NAMES', ['missing', 'names', 'row']]]);
    // Without the naming, an event that never came stays the events' own cause.
    expect(grouped([failing('m', { kind: 'event-missing', eventType: 'reaction-removed' })])).toEqual([
      ['event-missing', ['m']],
    ]);
  });

  it('501 is "not implemented" whatever its body, and a status judged without its operation is the answer of that class', () => {
    expect(grouped([failing('a', { kind: 'status', status: '501', operation: 'channel.mute' })])).toEqual([
      ['not-implemented', ['a']],
    ]);
    const call = (operation: string, status: number) => ({
      request: { method: 'POST', url: `http://127.0.0.1:1/v1/${operation}`, headers: {}, body: '{}' },
      response: { status, headers: {}, body: '{}' },
      durationMs: 1,
      curl: 'curl',
    });
    const check = { rules: ['CHAN-MUTE-2'], operations: ['channel.mute', 'message.create'] };
    // The peer's post refused afterwards (403) is not what failed: the mute's 400 is.
    const signed = completeSignature({ kind: 'status', status: '4xx' }, check, [
      call('channel.mute', 400),
      call('message.create', 403),
    ]);
    expect(signed).toMatchObject({ kind: 'status', operation: 'channel.mute', status: '4xx' });
    // A judgement naming no operation concerns the check's own: a shared flow's probe is not it.
    const probe = completeSignature({ kind: 'other' }, { rules: ['R-1'], operations: ['guild.get'] }, [
      call('guild.get', 200),
      call('guild.member.get', 403),
    ]);
    expect(probe).toMatchObject({ operation: 'guild.get', status: '2xx' });
  });
});

describe('the kinds the other files leave out', () => {
  it('event-name and effect-missing: one cause per event type and per rule', () => {
    const causes = grouped([
      failing('a', { kind: 'event-name', eventType: 'reaction-removed', rule: 'EVT-NAMES' }),
      failing('b', { kind: 'event-name', eventType: 'reaction-removed', rule: 'EVT-NAMES' }),
      failing('c', { kind: 'effect-missing', rule: 'MSG-DELETE-1' }),
    ]);
    expect(causes).toEqual([
      ['event-name:reaction-removed', ['a', 'b']],
      ['rule:MSG-DELETE', ['c']],
    ]);
  });

  it('helper-refused failing a check: one cause per helper', () => {
    const causes = grouped([
      failing('a', { kind: 'helper-refused', operation: 'channel.create', role: 'helper', status: '5xx' }),
      failing('b', { kind: 'status', operation: 'channel.create', role: 'helper', status: '5xx' }),
    ]);
    expect(causes).toEqual([['helper:channel.create', ['a', 'b']]]);
  });

  it('undecided: a helper refused joins its operation refused whole with that status; otherwise, and not offered, its own', () => {
    const checks = [
      // message.create's own check failed refusing a valid request with 404: refused whole.
      failing('own', { kind: 'status', status: '404', operation: 'message.create', role: 'under-test' }),
      undecided('a', { kind: 'helper-refused', operation: 'message.create', role: 'helper', status: '404' }),
      undecided('b', { kind: 'helper-refused', operation: 'message.create', role: 'helper', status: '404' }),
      // channel.create was refused only as a helper: its own cause, by helper.
      undecided('c', { kind: 'helper-refused', operation: 'channel.create', role: 'helper', status: '404' }),
      undecided('d', { kind: 'helper-not-offered', operation: 'guild.role.create', role: 'helper' }),
      undecided('e', { kind: 'capability', pattern: 'trigger' }),
      undecided('f', { kind: 'capability', pattern: 'events' }),
    ];
    const causes = findUndecidedCauses(checks, { level: 'must', includeExperimental: false });
    expect(causes.map((cause) => [cause.id, [...cause.checkIds].sort()]).sort()).toEqual(
      [
        ['operation-refused:HTTP 404', ['a', 'b']],
        ['helper-missing:channel.create', ['c']],
        ['helper-missing:guild.role.create', ['d']],
        ['no-trigger', ['e']],
        ['no-events', ['f']],
      ].sort(),
    );
    const refused = causes.find((cause) => cause.kind === 'operation-refused');
    expect(refused?.operations).toEqual(['message.create']);
    expect(causes.find((cause) => cause.id === 'helper-missing:guild.role.create')?.title).toMatch(
      /not offered/,
    );
  });
});
