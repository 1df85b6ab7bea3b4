/**
 * Advice true to the run (issue 46 item 5): every advice a cause can give (src/runner/causes.ts fixes,
 * src/runner/undecided-causes.ts "decide"), each proven against a run result where its premise is false —
 * there, the advice is not given. A cause never advises what is already so (leave an operation out of
 * login.features that features already omit, pass a flag already given) nor names as the thing to offer
 * an operation the login already offers.
 */
import { describe, expect, it } from 'vitest';
import { findCauses, notOfferedAdvice } from '../../src/runner/causes.js';
import type { CheckResult, RunResult, Signature } from '../../src/runner/model.js';
import { peerUndecided } from '../../src/runner/peer.js';
import { PEER_MISSING } from '../../src/runner/run.js';
import { findUndecidedCauses } from '../../src/runner/undecided-causes.js';

const check = (id: string, extra: Partial<CheckResult>): CheckResult => ({
  id,
  title: id,
  group: 'friends',
  level: 'must',
  experimental: false,
  rules: ['FRIEND-LIST-1'],
  operations: ['friend.list'],
  status: 'fail',
  durationMs: 1,
  ...extra,
});

const failing = (id: string, signature: Signature) => check(id, { signature, evidence: { exchanges: [] } });
const undecided = (id: string, state: string, signature?: Signature, clear = `clear ${id}`) =>
  check(id, {
    status: 'skip',
    reason: `could not be decided: ${state}`,
    undecided: { state, clear, ...(signature ? { signature } : {}) },
  });

/** A run's facts as report.json has them: the level, and the login's features when declared. */
const runWith = (features?: string[]): Pick<RunResult, 'level' | 'includeExperimental' | 'capabilities'> => ({
  level: 'must',
  includeExperimental: false,
  capabilities: features ? { features, source: 'login.get' as const } : { source: 'none' as const },
});

const notServed = (operation: string): Signature => ({
  kind: 'status',
  pattern: 'not-implemented',
  status: '501',
  operation,
  role: 'under-test',
});

/** Every advice the failures' and the undecided causes give, in one text. */
const adviceOf = (checks: CheckResult[], features?: string[]): string => {
  // The run learnt what the login declares (report.json capabilities): none, or these features.
  const facts = features ? { features, featuresKnown: true } : { featuresKnown: true };
  const causes = findCauses(checks, facts).map((cause) => `${cause.title}\n${cause.fix}`);
  const open = findUndecidedCauses(checks, runWith(features)).map(
    (cause) => `${cause.title}\n${cause.decide}`,
  );
  return [...causes, ...open].join('\n');
};

describe('each advice, where its premise is false, is not given', () => {
  it('"leave X out of login.features": given where the features list X; not where they already omit it', () => {
    const checks = [failing('a', notServed('friend.list'))];
    expect(adviceOf(checks, ['friend.list', 'message.create'])).toMatch(
      /leave friend\.list out of login\.features/,
    );
    const omitted = adviceOf(checks, ['message.create']);
    expect(omitted).not.toMatch(/out of login\.features/);
    expect(omitted).toMatch(/already omits/);
  });

  it('"declare login.features without them": given where none are declared; not where they are', () => {
    const checks = [failing('a', notServed('friend.list'))];
    expect(adviceOf(checks)).toMatch(/declare login\.features without them/);
    expect(adviceOf(checks, ['friend.list'])).not.toMatch(/declare login\.features/);
  });

  it('an operation refusing every request: the same advice on login.features, true to the features', () => {
    const refused = undecided('a', 'the complete request of friend.list was refused too: HTTP 501', {
      kind: 'status',
      status: '501',
      operation: 'friend.list',
      role: 'under-test',
    });
    // The checks do not agree on what clears them: the cause's own advice is what decides them.
    const other = { ...refused, id: 'b', undecided: { ...refused.undecided!, clear: 'clear b' } };
    expect(adviceOf([refused, other], ['friend.list'])).toMatch(/leave friend\.list out of login\.features/);
    expect(adviceOf([refused, other], ['message.create'])).not.toMatch(/out of login\.features/);
    expect(adviceOf([refused, other])).not.toMatch(/leave friend\.list out/);
  });

  it('a helper "not offered … list it in login.features": given where features omit it; never where they list it', () => {
    const helper = (id: string, kind: 'helper-refused' | 'helper-not-offered') =>
      undecided(id, 'its helper channel.create made nothing', {
        kind,
        operation: 'channel.create',
        role: 'helper',
        status: kind === 'helper-refused' ? '5xx' : 'none',
      });
    const omitted = adviceOf(
      [helper('a', 'helper-not-offered'), helper('b', 'helper-not-offered')],
      ['channel.mute'],
    );
    expect(omitted).toMatch(/not offered: channel\.create/);
    expect(omitted).toMatch(/list it in login\.features/);
    const listed = adviceOf(
      [helper('a', 'helper-refused'), helper('b', 'helper-refused')],
      ['channel.create'],
    );
    expect(listed).not.toMatch(/not offered|list it in login\.features|offered in login\.features/);
    expect(listed).toMatch(/channel\.create refused \(HTTP 5xx\)/);
  });

  it('"a trigger that causes it (--trigger-url)": given where the run had no trigger; not where it had one', () => {
    const never = (id: string) =>
      undecided(id, 'no guild-updated event observed during the run', {
        kind: 'event-missing',
        eventType: 'guild-updated',
      });
    const noTrigger = check('t', {
      status: 'skip',
      reason: 'needs a trigger to cause incoming events: pass --trigger-url URL',
    });
    expect(adviceOf([never('a'), never('b'), noTrigger])).toMatch(/a trigger that causes it \(--trigger-url/);
    const withTrigger = adviceOf([
      { ...never('a'), undecided: { ...never('a').undecided!, clear: 'x' } },
      never('b'),
    ]);
    expect(withTrigger).not.toMatch(/--trigger-url/);
  });

  it('"pass --events ws": given where events were off; not where the run opened a stream that failed', () => {
    const off = check('a', {
      status: 'skip',
      reason: 'needs an event stream: events are off (--events none)',
    });
    expect(adviceOf([off])).toMatch(/pass --events ws/);
    const broken = (id: string, clear: string) =>
      undecided(id, 'the event stream delivered nothing: …', { kind: 'transport' }, clear);
    const advice = adviceOf([broken('a', 'x'), broken('b', 'y')]);
    expect(advice).toMatch(/No event stream/);
    expect(advice).not.toMatch(/pass --events/);
  });

  it('"pass --peer-token … or --peer-self-id": given where no peer was given; a peer given and refused gets other advice', () => {
    expect(adviceOf([check('a', { status: 'skip', reason: PEER_MISSING })])).toMatch(
      /pass --peer-token TOKEN/,
    );
    const { state, clear, signature } = peerUndecided({
      state: 'refused',
      detail: 'HTTP 403',
      exchanges: [],
    });
    const refused = adviceOf([
      undecided('a', state, signature, clear),
      undecided('b', state, signature, clear),
    ]);
    expect(refused).toMatch(/The peer identity is unreachable: refused/);
    expect(refused).not.toMatch(
      /no second identity|pass --peer-token TOKEN \(another account\) or --peer-self-id/i,
    );
  });

  it('notOfferedAdvice names only operations the features list, and none when they list none of them', () => {
    expect(notOfferedAdvice(['friend.list', 'friend.delete'], { features: ['friend.list'] })).toBe(
      'or leave friend.list out of login.features so that it is not blamed',
    );
    expect(notOfferedAdvice(['friend.delete'], { features: ['friend.list'] })).not.toMatch(/leave/);
  });

  it('where the run did not learn what the login declares, the advice on login.features assumes neither', () => {
    const advice = findCauses([failing('a', notServed('friend.list'))], {})[0].fix;
    expect(advice).not.toMatch(/declare login\.features|already omits/);
    expect(advice).toMatch(/where the login declares its features/);
  });
});
