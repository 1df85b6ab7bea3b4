/**
 * A control for every refusal (issue 41 item 2): a robustness check that passes because a request was
 * refused passes only where the same operation accepted a complete valid request in the same run; else it
 * is undecided, naming what the complete request got (suites/_lib/refusal-controls.ts). Real runs against
 * the embedded reference: a fault that refuses one operation's complete request, and the do-nothing
 * presets that refuse every operation.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../spec/catalogue.js';
import { run } from '../../src/index.js';
import { startReference } from '../../src/reference/server.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { postJson } from '../support/net.js';

const byId = (result: RunResult): Map<string, CheckResult> =>
  new Map(result.checks.map((check) => [check.id, check]));

const passing = (result: RunResult) =>
  result.checks.filter((check) => check.status === 'pass' && check.level !== 'info').map((check) => check.id);

const robustness = (options: { faults?: string[]; vacuity?: string }) =>
  run({
    embedded: true,
    suites: ['robustness'],
    includeExperimental: true,
    level: 'should',
    eventTimeoutMs: 1500,
    confirm: false,
    ...options,
  });

describe('refusal checks need a control: the complete request accepted in the same run', () => {
  it('channel.mute answering 501 to its complete request: its missing-field check is undecided, naming the control; the others still pass on theirs', async () => {
    const result = await robustness({ faults: ['channel-mute-not-implemented'] });
    const checks = byId(result);
    const mute = checks.get('channel.mute/missing-required-field-is-refused');
    // The incomplete request was refused (a 400 for the missing channel_id) — and so was the complete one.
    expect(mute?.status).toBe('skip');
    expect(mute?.undecided?.state).toMatch(
      /^without 'channel_id' it was refused: HTTP 400 .*, but the complete request of channel\.mute was refused too: HTTP 501 /,
    );
    expect(mute?.undecided?.state).not.toContain('\n');
    // Another operation's refusal check rests on its own control, observed in the same run.
    const update = checks.get('channel.update/missing-required-field-is-refused');
    expect(update?.status).toBe('pass');
    expect(update?.evidence?.notes).toContain(
      'control: channel.update accepted a complete request in this run',
    );
    expect(result.checks.filter((check) => check.status === 'fail' || check.status === 'error')).toEqual([]);
  });

  it('refuses-501 (501 to every operation, login.features listing them all): no refusal check passes, each undecided with what the control got', async () => {
    const result = await robustness({ vacuity: 'refuses-501' });
    expect(passing(result)).toEqual([]);
    const checks = byId(result);
    expect(checks.get('message.create/missing-required-field-is-refused')?.undecided?.state).toContain(
      'but the complete request of message.create was refused too: HTTP 501 {"message":"not implemented"}',
    );
    // A helper that made nothing (the message to name): undecided naming it, never a failure of the operation.
    const update = checks.get('message.update/missing-required-field-is-refused');
    expect(update?.status).toBe('skip');
    expect(update?.undecided?.state).toMatch(/^the helper message\.create answered HTTP 501 /);
    // The generic checks' control: a read the server serves (served.ts); none is, and each is named.
    expect(checks.get('http/unknown-operation-is-404')?.undecided?.state).toMatch(
      /^an unknown operation path answered HTTP 404 .*, but no read answered a complete request: channel\.get, guild\.get, .*: HTTP 501 /,
    );
    // Every missing-field check that saw a refusal is undecided, none passes, none fails on the refusal —
    // but those whose control needs what the run lacks here (a request the trigger causes: it causes
    // nothing under a do-nothing server) skip, naming it, as the request flows' own checks do.
    const missingField = result.checks.filter((check) =>
      check.id.endsWith('/missing-required-field-is-refused'),
    );
    expect(missingField.length).toBeGreaterThan(25);
    const skippedForNoControl = missingField.filter((check) => !check.undecided);
    expect(skippedForNoControl.map((check) => check.id).sort()).toEqual([
      'guild.approve/missing-required-field-is-refused',
    ]);
    // Those whose request flow reads with a helper the server refuses are undecided naming it (issue 46).
    for (const id of ['friend.approve', 'friend.delete', 'guild.member.approve', 'guild.member.kick'])
      expect(checks.get(`${id}/missing-required-field-is-refused`)?.undecided?.signature).toMatchObject({
        kind: 'helper-refused',
        role: 'helper',
        status: '501',
      });
    for (const check of skippedForNoControl) {
      expect(check.status).toBe('skip');
      expect(check.reason).toMatch(/, but no control: .*request/);
    }
  });

  it('refuses-unknown-path (a skeleton answering 404 to every path) and refuses-400 (400 to any body): no check passes', async () => {
    for (const vacuity of ['refuses-unknown-path', 'refuses-400']) {
      const result = await robustness({ vacuity });
      expect(passing(result), vacuity).toEqual([]);
      const status = vacuity === 'refuses-400' ? 400 : 404;
      expect(
        byId(result).get('guild.get/missing-required-field-is-refused')?.undecided?.state,
        vacuity,
      ).toContain(`the complete request of guild.get was refused too: HTTP ${status} `);
    }
  });
});

describe('the refusing do-nothing presets (src/reference/vacuity.ts)', () => {
  it('refuse every operation as described; login.get lists every operation where the preset says so; the trigger causes nothing', async () => {
    const expected = {
      'refuses-unknown-path': [404, '{"message":"method not found"}', 404],
      'refuses-501': [501, '{"message":"not implemented"}', 200],
      'refuses-400': [400, '{"message":"unknown field"}', 200],
    } as const;
    for (const [preset, [status, text, login]] of Object.entries(expected)) {
      const server = await startReference({ vacuity: preset });
      try {
        expect(await postJson(`${server.baseUrl}/guild.list`, {}), preset).toEqual({ status, text });
        expect(
          await postJson(`${server.baseUrl}/message.create`, { channel_id: '4001', content: 'hi' }),
          preset,
        ).toEqual({ status, text });
        const got = await postJson(`${server.baseUrl}/login.get`, {});
        expect(got.status, preset).toBe(login);
        if (login === 200)
          expect(JSON.parse(got.text).features.sort(), preset).toEqual(
            operations.map((operation) => operation.path).sort(),
          );
        expect(
          (await postJson(`${server.controlUrl}/trigger`, { event: 'guild-request' })).status,
          preset,
        ).toBe(200);
      } finally {
        await server.close();
      }
    }
  });
});
