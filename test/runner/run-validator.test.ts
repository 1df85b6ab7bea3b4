/**
 * The run's validator (src/runner/schema.ts): a check gets what the spec shows; what the conventions add
 * goes to the run's findings, one per field, counted (issue 46 item 4).
 */
import { describe, expect, it } from 'vitest';
import { Findings } from '../../src/client/findings.js';
import { runValidator } from '../../src/runner/schema.js';
import { message, user } from '../spec/samples.js';

describe('runValidator', () => {
  it('returns the spec problems only and reports each convention problem once per field, counted', () => {
    const findings = new Findings();
    const validate = runValidator((finding) => findings.add(finding));
    const nullNick = { ...message, user: { ...user, nick: null }, member: { user: { id: 7, nick: null } } };
    expect(validate('Message', nullNick)).toEqual([]);
    expect(validate('response:message.list', { data: [nullNick, nullNick] })).toEqual([]);
    expect(validate('Message', { ...nullNick, content: 5 }).map((problem) => problem.path)).toEqual([
      '/content',
    ]);
    const byId = Object.fromEntries(findings.list().map((finding) => [finding.id, finding]));
    expect(Object.keys(byId).sort()).toEqual([
      'resources/convention:User.id',
      'resources/optional-null:User.nick',
    ]);
    // Seen in four messages (twice in each for User.nick: the message's user and its member's).
    expect(byId['resources/optional-null:User.nick']).toMatchObject({ level: 'should', count: 8 });
    expect(byId['resources/optional-null:User.nick'].detail).toMatch(
      /^first seen in Message at \/member\/user\/nick/,
    );
    expect(byId['resources/convention:User.id'].detail).toMatch(/must be a string \(got integer\)/);
  });

  it('without a report (profile strict) validates what the spec shows and reports nothing', () => {
    expect(runValidator()('User', { id: 1, nick: null })).toEqual([]);
    expect(runValidator()('User', 'u1').map((problem) => problem.message)).toEqual([
      '(root): must be an object (got string)',
    ]);
  });
});
