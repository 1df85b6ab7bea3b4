/**
 * The ground truth of an archetype applied to results (scripts/faults/archetype-oracle.ts): which
 * verdicts it forbids, on results made by hand — a failure of a served operation, a pass of an unserved
 * one, advice to leave out of features what is already left out — and which deviations it allows.
 */
import { describe, expect, it } from 'vitest';
import { judgeRun, subjectOf } from '../../scripts/faults/archetype-oracle.js';
import { type ArchetypeChoices, drawArchetype, truthOf } from '../../src/reference/archetype.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import type { CheckResult } from '../../src/runner/model.js';

const base = drawArchetype(1);
const choices: ArchetypeChoices = {
  ...base,
  served: ['channel.get', 'channel.update', 'message.get'],
  undeclared: ['channel.create', 'guild.list', 'channel.update'],
  featuresIn: ['login.get'],
  loginRoutesUnserved: {},
  eventTransports: [],
  eventAliases: {},
  optionalFieldsNull: false,
  userFields: 'kept',
  tolerances: [],
  deviations: [],
};
const truth = truthOf(choices);

const result = (
  id: string,
  status: CheckResult['status'],
  extra: Partial<CheckResult> = {},
): CheckResult => ({
  id,
  title: id,
  group: 'channels',
  level: 'must',
  experimental: false,
  rules: [],
  operations: [],
  status,
  durationMs: 1,
  ...extra,
});
const definitions = new Map<string, CheckDefinition>([
  ['message.create/emits-message-created', { needs: ['events'] } as CheckDefinition],
]);
const judge = (...checks: CheckResult[]) => judgeRun(truth, { checks }, definitions);

describe('the archetype oracle', () => {
  it('names the operation under test from the id', () => {
    expect(subjectOf('channel.update/renames-channel')).toEqual({
      kind: 'operation',
      operation: 'channel.update',
    });
    expect(subjectOf('fuzz.message.get/reads-back-what-was-sent')).toEqual({
      kind: 'operation',
      operation: 'message.get',
    });
    expect(subjectOf('event.guild-added/required-resources')).toEqual({ kind: 'event', type: 'guild-added' });
    expect(subjectOf('events.ws/ready-lists-logins')).toEqual({ kind: 'stream' });
    expect(subjectOf('http/unknown-id-is-4xx')).toEqual({ kind: 'generic' });
  });

  it('forbids a failure of a served operation, and of one the login does not offer', () => {
    expect(judge(result('channel.get/returns-channel', 'fail', { reason: 'helper 404' }))).toMatchObject([
      {
        kind: 'false failure',
        detail: expect.stringMatching(/fails channel\.get, which the archetype serves/),
      },
    ]);
    expect(judge(result('guild.list/walks-to-end', 'fail'))).toMatchObject([
      { kind: 'false failure', detail: expect.stringMatching(/guild\.list, which the login does not offer/) },
    ]);
    // An unserved operation the login declares: its failure is a true deviation of the server.
    expect(judge(result('friend.list/walks-friends', 'fail'))).toEqual([]);
    expect(judge(result('http/result-is-json', 'fail'))).toHaveLength(1);
    expect(judge(result('channel.get/returns-channel', 'error'))).toHaveLength(1);
  });

  it('forbids a pass of an unserved operation, and of an event check without a stream', () => {
    expect(judge(result('friend.list/walks-friends', 'pass'))).toMatchObject([
      { kind: 'pass without evidence' },
    ]);
    expect(judge(result('message.create/emits-message-created', 'pass'))).toMatchObject([
      { kind: 'pass without evidence' },
    ]);
    expect(judge(result('channel.get/returns-channel', 'pass'))).toEqual([]);
  });

  it('forbids advice to leave out of features what is, or to fix what the login does not offer', () => {
    const verdicts = judge(
      result('channel.update/missing-required-field-is-refused', 'skip', {
        undecided: {
          state: 'refused too',
          clear: 'make channel.update accept a complete valid request (or leave it out of login.features)',
        },
      }),
      result('channel.get/returns-channel', 'skip', { undecided: { state: 's', clear: 'pass --channel' } }),
    );
    expect(verdicts.map((verdict) => verdict.kind)).toEqual([
      'advice against the archetype',
      'advice against the archetype',
    ]);
    expect(
      verdicts.every((verdict) => verdict.checkId === 'channel.update/missing-required-field-is-refused'),
    ).toBe(true);
  });

  it("allows the archetype's own deviations to fail", () => {
    const deviating = truthOf({ ...choices, deviations: ['unknown-id-500'] });
    const failing = result('http/unknown-id-is-4xx', 'fail', {
      rules: ['CONV-HTTP-NO-5XX'],
      level: 'should',
    });
    expect(judgeRun(deviating, { checks: [failing] }, definitions)).toEqual([]);
    const nulls = truthOf({ ...choices, optionalFieldsNull: true });
    const should = result('channel.get/returns-channel', 'fail', {
      level: 'should',
      reason: '/parent_id is null',
    });
    expect(judgeRun(nulls, { checks: [should] }, definitions)).toEqual([]);
    expect(judgeRun(nulls, { checks: [{ ...should, level: 'must' }] }, definitions)).toHaveLength(1);
  });
});
