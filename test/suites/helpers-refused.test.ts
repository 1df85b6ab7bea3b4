/**
 * Issue 46 item 2, suite-wide: every verdict rests on the operation under test. Each check is run with
 * each of its helpers (the operations it called on the clean reference without judging them) answered as
 * unserved in turn — a 404 route miss, 405, 501, 500 (ReferenceOptions.unserved) — and none may fail or
 * error; one that passes took another way (its calls of that helper were all `fallback`). The helpers
 * are discovered by running the checks once, with t.call watched: no list of them is kept here.
 * A rotating share of the (helper, answer) rows runs each day, all of them under
 * CHAT_CONFORMANCE_ROTATION=full (test/support/rotation.ts).
 */
import { describe, expect, it } from 'vitest';
import { CallLog } from '../../scripts/faults/call-log.js';
import { operations as catalogue } from '../../spec/catalogue.js';
import { run } from '../../src/index.js';
import type { UnservedStyle } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { type CheckDefinition, operationsUnderTest } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { describeSlot, rotating } from '../support/rotation.js';

const OPERATIONS: ReadonlySet<string> = new Set(catalogue.map((operation) => operation.path));
const STYLES: readonly UnservedStyle[] = ['404-text', '405', '501', '500'];

/** One run of `checks` (watched) against a fresh reference that answers `unserved` as unserved. */
async function watchedRun(
  checks: readonly CheckDefinition[],
  unserved: Record<string, UnservedStyle> = {},
  tolerances: string[] = [],
) {
  const log = new CallLog();
  const server = await startReference({ unserved, tolerances });
  try {
    const result = await run({
      reference: server,
      checks: checks.map((check) => log.watched(check)),
      events: 'ws',
      eventTimeoutMs: 1_500,
      includeExperimental: true,
      level: 'should',
      confirm: false,
    });
    return { result, log };
  } finally {
    await server.close();
  }
}

const checks = await loadChecks();
const byId = new Map(checks.map((check) => [check.id, check]));
const clean = await watchedRun(checks);

/** The helpers each check used on the clean reference: catalogue operations it called but does not judge. */
const helpersOf = new Map(
  checks.map((check) => {
    // A generic check's probes (served.ts) are judged by it too.
    const underTest = new Set([...operationsUnderTest(check), ...(check.probes ?? [])]);
    const called = clean.log.of(check.id).map((call) => call.operation);
    return [
      check.id,
      new Set(called.filter((operation) => OPERATIONS.has(operation) && !underTest.has(operation))),
    ];
  }),
);
const helpers = [...new Set([...helpersOf.values()].flatMap((used) => [...used]))].sort();
const rows = helpers.flatMap((helper) => STYLES.map((style) => ({ helper, style })));
const today = rotating(rows, 3);

describe('every verdict rests on the operation under test (issue 46 item 2)', () => {
  it('the clean reference: the checks ran, and many used a helper', () => {
    const problems = clean.result.checks.filter(
      (check) => check.status === 'fail' || check.status === 'error',
    );
    expect(problems.map((check) => check.id)).toEqual([]);
    // The discovery saw helper calls (a watch that saw nothing would make the matrix below empty).
    expect(helpers.length).toBeGreaterThan(10);
    expect(helpers).toEqual(expect.arrayContaining(['channel.create', 'guild.list', 'message.create']));
    // Every slot of the rotation takes some rows (a seventh of them; all under CHAT_CONFORMANCE_ROTATION=full).
    expect(today.length, describeSlot()).toBeGreaterThan(0);
  });

  it.each(today)(
    '$helper answered as unserved ($style): no check that only uses it fails, errors or passes on it',
    async ({ helper, style }) => {
      const users = checks.filter((check) => helpersOf.get(check.id)?.has(helper));
      const { result, log } = await watchedRun(users, { [helper]: style });
      const problems = result.checks
        .filter((check) => check.status === 'fail' || check.status === 'error')
        .map((check) => ({ id: check.id, status: check.status, reason: check.reason }));
      expect(problems, `${helper} ${style}`).toEqual([]);
      for (const check of result.checks) {
        const relied = log
          .of(check.id)
          .filter((call) => call.operation === helper && call.options.fallback !== true);
        if (check.status === 'pass')
          expect(
            relied,
            `${check.id} passed although ${helper} (${style}) was called without a fallback`,
          ).toEqual([]);
        // An undecided check names what it was: the helper, or another cause it met first.
        const signature = check.undecided?.signature;
        if (signature?.role === 'helper')
          expect(operationsUnderTest(byId.get(check.id)!).has(signature.operation ?? '')).toBe(false);
      }
    },
  );
});

/** The checks issue 46 named, blamed for a helper a young HTTP-only server did not serve. */
const NAMED =
  /^channel\.(update\/renames-channel|delete\/deletes-channel|mute\/(accepts-duration|duration-zero-is-accepted|blocks-peer-until-unmuted|refusal-is-4xx|duration-is-milliseconds)|list\/only-the-guilds-channels)$/;
const MUTE = /^channel\.mute\//;
// Declared in READY's features (all operations) or not (features-lack-helpers omits channel.create).
const NAMED_ROWS = (['404-text', '404-json', '405', '501', '500'] as const).flatMap((style) =>
  [false, true].map((omitted) => ({ style, omitted, features: omitted ? 'omitted' : 'declared' })),
);

describe('the checks issue 46 named, channel.create and guild.list unserved', () => {
  it.each(rotating(NAMED_ROWS, 5))(
    '$style, channel.create $features in the features: the mutes fall back to the sandbox channel, the rest are undecided naming the helper',
    async ({ style, omitted }) => {
      const named = checks.filter((check) => NAMED.test(check.id));
      const unserved = { 'channel.create': style, 'guild.list': style };
      const { result } = await watchedRun(named, unserved, omitted ? ['features-lack-helpers'] : []);
      expect(result.checks.map((check) => check.id).sort()).toEqual(named.map((check) => check.id).sort());
      for (const check of result.checks) {
        if (MUTE.test(check.id)) {
          expect(check.status, `${check.id}: ${check.reason}`).toBe('pass');
          expect(check.evidence?.notes?.join('\n')).toMatch(
            /channel\.create[^\n]*the check takes another way/,
          );
          continue;
        }
        const helper = check.id.startsWith('channel.list/') ? 'guild.list' : 'channel.create';
        const notOffered = omitted && helper === 'channel.create';
        expect(check.status, `${check.id}: ${check.reason}`).toBe('skip');
        expect(check.undecided?.signature).toEqual({
          kind: notOffered ? 'helper-not-offered' : 'helper-refused',
          operation: helper,
          role: 'helper',
          status: notOffered ? 'none' : style === '500' ? '5xx' : style.slice(0, 3),
        });
        // No advice to do what is already so, nor to fix an operation the login does not offer.
        if (notOffered) expect(check.undecided?.clear).not.toMatch(/leave it out|offer channel\.create/);
      }
    },
  );
});
