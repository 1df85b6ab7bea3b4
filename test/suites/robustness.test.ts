import { describe, expect, it } from 'vitest';
import { operations } from '../../spec/catalogue.js';
import robustness from '../../suites/robustness.js';
import { failing, runAgainstReference } from './harness.js';

const MISSING_FIELD = '/missing-required-field-is-refused';

/** Runs the robustness suite against a fresh reference; statuses by check id, and whether the world is unchanged. */
const runRobustness = (
  faults: string[] = [],
  variants: Record<string, string> = {},
  tolerances: string[] = [],
) =>
  runAgainstReference(
    { faults, variants, tolerances },
    // The sandbox of guild 1 given: discovery through guild.list needs `next` in the 'required' variant.
    { suites: ['robustness'], includeExperimental: true, guild: '3001', channel: '4001' },
  );

const missingFieldIds = robustness
  .filter((check) => check.id.endsWith(MISSING_FIELD))
  .map((check) => check.id);

describe('robustness suite (§4 required fields, de-facto HTTP conventions)', () => {
  it('generates one missing-field check per operation that has a required field (in some variant)', () => {
    const withRequired = operations.filter(
      (operation) =>
        operation.fields.some((field) => field.required) ||
        operation.fields.some((field) =>
          Object.values(field.variant?.values ?? {}).some((v) => v !== 'absent' && v.required),
        ),
    );
    expect(missingFieldIds.sort()).toEqual(
      withRequired.map((operation) => `${operation.path}${MISSING_FIELD}`).sort(),
    );
    expect(missingFieldIds).toHaveLength(32);
    const experimental = robustness
      .filter((check) => check.experimental)
      .map((check) => check.id.split('/')[0]);
    expect(experimental.sort()).toEqual(
      operations
        .filter((o) => o.experimental)
        .map((o) => o.path)
        .sort(),
    );
  });

  it.concurrent.each<[string, Record<string, string>]>([
    ['default variants', {}],
    ['list-next required, role payload role', { 'list-next': 'required', 'role-payload': 'role' }],
  ])(
    'passes every check against the clean reference (%s) and leaves the world as it was',
    async (_name, variants) => {
      const { statuses, reasons, unchanged } = await runRobustness([], variants);
      expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
      expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
      expect(Object.keys(statuses)).toHaveLength(
        variants['list-next'] ? robustness.length : robustness.length - 1,
      );
      expect(unchanged).toBe(true);
    },
  );

  it('fault missing-field-accepted fails every missing-field check and leaves the world as it was', async () => {
    const { statuses, unchanged } = await runRobustness(['missing-field-accepted']);
    // Each read without its required field is answered 200 too, so the 4xx convention check fails with them.
    const missingFieldChecks = [
      ...missingFieldIds.filter((id) => !id.startsWith('guild.list/')),
      'http/missing-field-is-4xx',
    ];
    expect(failing(statuses).sort()).toEqual(missingFieldChecks.sort());
    expect(unchanged).toBe(true);
  });

  it('fault missing-field-500 is a refusal, but not a 4xx: only http/missing-field-is-4xx fails', async () => {
    const { statuses, unchanged } = await runRobustness(['missing-field-500']);
    expect(failing(statuses)).toEqual(['http/missing-field-is-4xx']);
    expect(unchanged).toBe(true);
  });

  it('under the legacy preset (500 text/plain errors, 403 auth, X-* headers …) only the 4xx conventions fail', async () => {
    const { statuses } = await runRobustness([], {}, ['legacy']);
    expect(failing(statuses).sort()).toEqual([
      'http/missing-field-is-4xx',
      'http/unknown-id-is-4xx',
      'http/wrong-typed-field-is-4xx',
    ]);
    expect(
      robustness.filter((check) => failing(statuses).includes(check.id)).map((check) => check.level),
    ).toEqual(['should', 'should', 'should']);
  });

  it.concurrent.each([
    ['malformed-json-500', ['http/malformed-json-is-4xx']],
    ['unknown-id-500', ['http/unknown-id-is-4xx']],
    ['unknown-operation-200', ['http/unknown-operation-is-404']],
    ['wrong-token-accepted', ['http/missing-or-wrong-token-is-refused']],
    ['results-text-plain', ['http/result-is-json']],
    ['message-get-wrong-type-500', ['http/wrong-typed-field-is-4xx']],
    ['missing-field-500', ['http/missing-field-is-4xx']],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const { statuses } = await runRobustness([fault]);
    expect(failing(statuses).sort()).toEqual([...expected].sort());
  });

  // A read that refuses the request's form fails §1 rules 1-2 where the login declares it (here in READY
  // only, over an event stream); where no source declares features, it is only a read not served.
  it.concurrent.each([
    ['message-list-ignores-body', /message\.list: HTTP 400 /, 'message.list'],
    [
      'dotted-paths-not-found',
      /guild\.member\.list: HTTP 404 .*; guild\.member\.get: HTTP 404 /,
      'guild.member.list',
    ],
  ])(
    'fault %s fails http/operations-answer-post-with-named-fields where login.features declares the read',
    async (fault, observed, firstRefused) => {
      const post = 'http/operations-answer-post-with-named-fields';
      const declared = await runAgainstReference(
        { faults: [fault], featuresIn: ['ready'] },
        { grep: `^${post}$`, events: 'ws', guild: '3001', channel: '4001' },
      );
      expect(declared.statuses).toEqual({ [post]: 'fail' });
      expect(declared.result.checks[0].evidence?.observed).toMatch(observed);
      // The cause names the first read the judgement found refusing the form, as an operation it judges.
      expect(declared.result.checks[0].signature).toMatchObject({
        operation: firstRefused,
        role: 'under-test',
      });
      const undeclared = await runAgainstReference(
        { faults: [fault], featuresIn: [] },
        { grep: `^${post}$`, guild: '3001', channel: '4001' },
      );
      expect(undeclared.result.capabilities?.features).toBeUndefined();
      expect(undeclared.statuses, JSON.stringify(undeclared.reasons[post])).toEqual({ [post]: 'pass' });
    },
  );
});
