/**
 * No verdict from history (issue 19; docs/checking-a-server.md "Verdicts that do not depend on history"), against the embedded
 * reference: a dirty world, runs back to back, seeds of the check order, failures confirmed alone, and
 * capability gating by login.features.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { nothingCountedReason } from '../../src/runner/summary.js';

const EVENT_TIMEOUT_MS = 1500;

const runOn = (options: Parameters<typeof run>[0]): Promise<RunResult> =>
  run({ includeExperimental: true, level: 'should', eventTimeoutMs: EVENT_TIMEOUT_MS, ...options });

const statusOf = (result: RunResult, id: string): CheckResult | undefined =>
  result.checks.find((check) => check.id === id);

const failing = (result: RunResult) =>
  result.checks
    .filter((check) => check.status === 'fail' || check.status === 'error')
    .map((check) => `${check.id}: ${check.reason}`);

const APPROVALS = '^(guild\\.approve/(approve|reject)|event\\.guild-request/approve)';
const MUTES = 'mute';

describe('a dirty world (an interrupted earlier run left the peer muted, a guild joined, …)', () => {
  it('is restored where the checker may: the run conforms and says what it restored', async () => {
    const result = await runOn({ embedded: true, dirty: true, grep: `${APPROVALS}|${MUTES}` });
    expect(failing(result)).toEqual([]);
    expect(nothingCountedReason(result)).toBeUndefined();
    const mutes = result.checks.filter((check) => /mute/.test(check.id));
    expect(mutes.flatMap((check) => check.evidence?.notes ?? []).join('\n')).toMatch(
      /the peer could not post in channel 4001 .*a mute left by an earlier run\? Lifted with duration 0/,
    );
    const approval = result.checks.filter((check) => /guild-request\/approve-false|reject/.test(check.id));
    const notes = approval.flatMap((check) => check.evidence?.notes ?? []).join('\n');
    expect(notes).toMatch(/already a member of guild 3003 before its invitation.*left the guild/);
  });

  it('with an unmute that ignores duration 0 fails the duration-0 checks: a short timed mute freed the peer where duration 0 did not', async () => {
    const result = await runOn({
      embedded: true,
      dirty: ['peer-muted'],
      faults: ['member-mute-zero-ignored'],
      grep: 'guild\\.member\\.mute',
      confirm: false,
    });
    const zero = statusOf(result, 'guild.member.mute/duration-zero-is-accepted');
    expect(zero?.status).toBe('fail');
    expect(zero?.reason).toMatch(
      /guild\.member\.mute duration 0 left the peer refused .* a 1500 ms guild\.member\.mute that replaced the mute then freed it/,
    );
    // Both exchanges are its evidence: the duration 0 that left the peer refused, and the timed mute.
    const sent = (zero?.evidence?.exchanges ?? []).map((exchange) => exchange.request.body ?? '');
    expect(sent.some((body) => /"duration":0\b/.test(body) && /"user_id"/.test(body))).toBe(true);
    expect(sent.some((body) => /"duration":1500\b/.test(body) && /"user_id"/.test(body))).toBe(true);
    expect(result.checks.some((check) => check.status === 'pass' && /duration-zero/.test(check.id))).toBe(
      false,
    );
    // Exit 1 (DOES NOT CONFORM): a counted check failed.
    expect(result.verdict).toBe('fail');
  });

  it('where the bot is in every guild the trigger refuses guild-request (409): the invitation checks are undecided, never CONFORMS', async () => {
    const result = await runOn({
      embedded: true,
      dirty: ['every-guild'],
      faults: ['guild-approve-false-approves'],
      grep: APPROVALS,
      confirm: false,
    });
    const invitations = result.checks.filter((check) => /guild/.test(check.id));
    expect(invitations.length).toBeGreaterThan(0);
    for (const check of invitations) {
      expect(check.undecided?.state, check.id).toMatch(/cannot cause 'guild-request': HTTP 409/);
    }
    // Never exit 0: nothing failed, so the run is NO VERDICT (exit 2), naming the state.
    expect(result.verdict).toBe('pass');
    expect(nothingCountedReason(result)).toMatch(/could not be decided: the trigger .* HTTP 409/);
  });
});

describe('a trigger that invites from one guild and cannot make the bot leave it', () => {
  it('passes (the declines run before the approvals, whatever the seed)', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await runOn({
        embedded: true,
        tolerances: ['trigger-invites-from-one-guild'],
        grep: APPROVALS,
        seed,
      });
      expect(failing(result), `seed ${seed}`).toEqual([]);
      expect(result.checks.filter((check) => check.status === 'pass')).toHaveLength(4);
      expect(result.seed).toBe(seed);
    }
  });

  it('detects a guild.approve that answers 200 and does nothing, in either order of the approval checks', async () => {
    // Which of the two approval checks observes the shared flow (the other judges it) depends on the
    // seed: run seeds until both orders have been seen, each detecting the fault.
    const orders = new Set<string>();
    for (let seed = 1; seed <= 12 && orders.size < 2; seed++) {
      const result = await runOn({
        embedded: true,
        tolerances: ['trigger-invites-from-one-guild'],
        faults: ['guild-approve-no-op'],
        grep: APPROVALS,
        seed,
      });
      for (const id of ['guild.approve/approve-joins-guild', 'event.guild-request/approve-true']) {
        expect(statusOf(result, id)?.status, `${id}, seed ${seed}`).toBe('fail');
        expect(statusOf(result, id)?.confirmation?.reproduced, `${id} alone, seed ${seed}`).toBe(true);
      }
      const observer = result.checks.find(
        (check) =>
          /approve-(joins-guild|true)$/.test(check.id) &&
          !check.evidence?.notes?.some(
            (note) =>
              note.startsWith('observed once for the run by') &&
              note.includes('(one guild.approve true flow)'),
          ),
      );
      orders.add(observer?.id ?? '');
    }
    expect([...orders].sort()).toEqual([
      'event.guild-request/approve-true',
      'guild.approve/approve-joins-guild',
    ]);
  });

  it('back to back: the second run cannot decide the invitations (the bot stayed a member) and says so, never failing', async () => {
    const reference = await startReference({ tolerances: ['trigger-invites-from-one-guild'] });
    try {
      const first = await runOn({ reference, grep: APPROVALS });
      expect(failing(first)).toEqual([]);
      const second = await runOn({ reference, grep: APPROVALS });
      expect(failing(second)).toEqual([]);
      expect(second.checks.every((check) => check.undecided !== undefined)).toBe(true);
      expect(nothingCountedReason(second)).toMatch(
        /4 should checks could not be decided: the bot was already a member of guild 3003 before its invitation/,
      );
    } finally {
      await reference.close();
    }
  });
});

describe('login.features', () => {
  it('a partial platform: what it omits is not offered (listed apart, not counted), nothing fails', async () => {
    const result = await runOn({
      embedded: true,
      tolerances: ['partial-platform'],
      suites: ['friends', 'roles'],
    });
    expect(failing(result)).toEqual([]);
    const notOffered = result.checks.filter((check) => check.notOffered);
    expect(notOffered.length).toBe(result.checks.length);
    expect(notOffered[0].reason).toMatch(/^not offered: login\.features omits/);
    expect(nothingCountedReason(result)).toMatch(/none of the|no counted check|all 0/);
  });

  it('an operation declared but answering 501 fails', async () => {
    const result = await runOn({ embedded: true, faults: ['declared-operation-501'], suites: ['friends'] });
    expect(statusOf(result, 'friend.list/walks-friends')?.status).toBe('fail');
    expect(result.checks.some((check) => check.notOffered)).toBe(false);
  });
});

describe('failures confirmed alone', () => {
  it('--no-confirm leaves failures unconfirmed; by default each counted failure is re-run by itself', async () => {
    const options = { embedded: true, faults: ['friend-list-empty'], suites: ['friends' as const] };
    const confirmed = await runOn(options);
    const check = statusOf(confirmed, 'friend.approve/approve-adds-requester');
    expect(check?.status).toBe('fail');
    expect(check?.confirmation).toMatchObject({ reproduced: true, status: 'fail' });
    const unconfirmed = await runOn({ ...options, confirm: false });
    expect(statusOf(unconfirmed, 'friend.approve/approve-adds-requester')?.status).toBe('fail');
    expect(statusOf(unconfirmed, 'friend.approve/approve-adds-requester')?.confirmation).toBeUndefined();
  });
  it('starts no re-run that would not end within the budget: a missing event is not waited out twice', async () => {
    // The check waits out the whole event timeout (5 s), so the main pass takes a little over 5 s: its
    // budget (half the main pass, at least 5 s) cannot hold the same wait again.
    const result = await runOn({
      embedded: true,
      faults: ['event-missing-on-message-create'],
      grep: '^message\\.create/emits-message-created$',
      eventTimeoutMs: 5000,
    });
    const check = statusOf(result, 'message.create/emits-message-created');
    expect(check?.status).toBe('fail');
    expect(check?.confirmation).toMatchObject({
      reproduced: false,
      status: 'skip',
      // It waited out its 5 s event timeout, or longer on a busy machine: the clock is not what is judged.
      reason: expect.stringMatching(
        /^not re-run alone: it took (?:[5-9]|\d\d+)\.\d s in the main pass, more than the/,
      ),
    });
  });
});

describe('skip reasons name the event they were for', () => {
  it('a trigger that cannot make a guild: guild-updated says it needed one for guild-updated', async () => {
    const result = await runOn({
      embedded: true,
      tolerances: ['trigger-requests-only'],
      grep: 'event\\.guild-updated/required-resources',
    });
    const check = statusOf(result, 'event.guild-updated/required-resources');
    expect(check?.status).toBe('skip');
    expect(check?.reason).toMatch(/to cause guild-updated the run needs a guild of its own/);
  });
});
