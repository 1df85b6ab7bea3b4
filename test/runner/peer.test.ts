/**
 * Issue 41 item 1: the peer is proven another account before any check acts as it. Against the embedded
 * reference serving one login (it ignores the identity headers, or refuses any other identity), the
 * checks that need the peer are undecided with what came back — never failed — and a refused peer leads
 * to no request that changes guild- or channel-wide state the run did not create (the reference's own
 * record of what it was sent proves it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { InterceptedRequest, ReferenceServer } from '../../src/reference/contract.js';
import { startReference, toleranceCatalogue } from '../../src/reference/index.js';
import { SEED } from '../../src/reference/world.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';
import { PEER_UNREACHABLE } from '../../src/runner/peer.js';

const MUTE_CHECKS = [
  'guild.member.mute/blocks-peer-until-unmuted',
  'guild.member.mute/duration-is-milliseconds',
  'guild.member.mute/duration-zero-is-accepted',
  'channel.mute/blocks-peer-until-unmuted',
];

const failing = (result: RunResult) =>
  result.checks
    .filter((check) => check.status === 'fail' || check.status === 'error')
    .map((check) => `${check.id}: ${check.reason}`);

const byId = (result: RunResult, id: string): CheckResult | undefined =>
  result.checks.find((check) => check.id === id);

let reference: ReferenceServer | undefined;
afterEach(async () => {
  await reference?.close();
  reference = undefined;
});

it('the one-login tolerances declare the cause the run gives (npm run faults proves their checks undecided with it)', () => {
  const declared = toleranceCatalogue.flatMap((tolerance) =>
    'undecides' in tolerance ? [[tolerance.id, tolerance.undecides.state]] : [],
  );
  expect(declared).toEqual(
    expect.arrayContaining([
      ['one-login-ignores-identity', PEER_UNREACHABLE],
      ['one-login-refuses-others', PEER_UNREACHABLE],
    ]),
  );
});

describe('a peer served as the bot (one-login-ignores-identity)', () => {
  it('leaves the mute checks undecided with the cause, and nothing fails', async () => {
    const result = await run({
      embedded: true,
      tolerances: ['one-login-ignores-identity'],
      grep: 'mute|member\\.get',
      includeExperimental: true,
      level: 'should',
      confirm: false,
    });
    expect(failing(result)).toEqual([]);
    for (const id of MUTE_CHECKS) {
      const check = byId(result, id);
      expect(check?.status, id).toBe('skip');
      expect(check?.undecided?.state, id).toMatch(
        new RegExp(`^${PEER_UNREACHABLE}.*login\\.get as the peer answered the bot's user ${SEED.self}`),
      );
      expect(check?.undecided?.clear, id).toMatch(/--peer-token/);
      // Never blamed on a mute left by an earlier run.
      expect(JSON.stringify(check), id).not.toMatch(/earlier run/);
    }
    // The proof's exchanges are the evidence: the peer's login.get, answered with the bot's login.
    const evidence = byId(result, MUTE_CHECKS[0]!)?.evidence?.exchanges ?? [];
    expect(evidence.some((exchange) => /login\.get$/.test(exchange.request.url))).toBe(true);
    expect((result.notes ?? []).join('\n')).toMatch(/the peer is unreachable \(served-as-bot\)/);
    expect(result.identities?.peer).toEqual({
      state: 'served-as-bot',
      detail: expect.stringMatching(/^login\.get as the peer answered the bot's user 1001/),
    });
  });

  it("decides the checks that only name the peer's user id (the bot acts): a one-login server can conform", async () => {
    const result = await run({
      embedded: true,
      tolerances: ['one-login-ignores-identity'],
      grep: '^(guild\\.member\\.get/peer|user\\.channel\\.create/direct-channel-with-peer|guild\\.member\\.role\\.(set|unset)/|guild\\.member\\.mute/blocks)',
      includeExperimental: true,
      confirm: false,
    });
    for (const id of [
      'guild.member.get/peer',
      'user.channel.create/direct-channel-with-peer',
      'guild.member.role.set/gives-role',
      'guild.member.role.unset/removes-role',
    ])
      expect(byId(result, id)?.status, id).toBe('pass');
    // The one that acts as the peer stays undecided.
    expect(byId(result, MUTE_CHECKS[0]!)?.undecided?.state).toMatch(new RegExp(`^${PEER_UNREACHABLE}`));
  });

  it('while the same checks pass on the plain reference, where the peer is proven another account', async () => {
    const result = await run({
      embedded: true,
      grep: 'guild\\.member\\.mute/blocks-peer',
      includeExperimental: true,
      confirm: false,
    });
    expect(byId(result, MUTE_CHECKS[0]!)?.status).toBe('pass');
    expect((result.notes ?? []).join('\n')).toMatch(
      new RegExp(
        `the peer is another account: .*login\\.get as the peer answered the peer's user ${SEED.peer}`,
      ),
    );
  });
});

/**
 * Operations that change a guild or a channel as a whole, or a member's mute (kicks and roles are of
 * members and roles the run itself added, through the trigger and role.create).
 */
const CHANGES = /^(channel\.(mute|update|delete)|guild\.(update|member\.mute))$/;

/**
 * A full run on a world where an earlier run left the peer muted (the old restore answered that with
 * duration 0 to the sandbox guild and channel): the requests that changed a channel the run did not
 * create, or a member's standing.
 */
async function standingChanges(tolerances: string[]): Promise<{ result: RunResult; changes: string[] }> {
  const sent: InterceptedRequest[] = [];
  reference = await startReference({
    tolerances: tolerances as never,
    dirty: ['peer-muted'],
    intercept: (request) => {
      sent.push(request);
      return undefined;
    },
  });
  const before = reference.snapshot() as { channels: { id: string }[] };
  const existing = new Set(before.channels.map((channel) => channel.id));
  const result = await run({ reference, includeExperimental: true, level: 'should', confirm: false });
  const changes = sent
    .filter(
      ({ operation, fields }) =>
        CHANGES.test(operation) &&
        // A request naming no channel, or no member of a guild, changes nothing (robustness sends those).
        (typeof fields.channel_id === 'string'
          ? existing.has(fields.channel_id)
          : typeof fields.guild_id === 'string' &&
            (operation === 'guild.update' || typeof fields.user_id === 'string')),
    )
    .map(({ operation, fields }) => `${operation} ${JSON.stringify(fields)}`);
  return { result, changes };
}

describe('a refused peer (one-login-refuses-others)', () => {
  it('leads to no request that changes guild- or channel-wide state the run did not create, nor any restore', async () => {
    const { result, changes } = await standingChanges(['one-login-refuses-others']);
    expect(failing(result)).toEqual([]);
    const peerChecks = result.checks.filter((check) => check.undecided?.state.startsWith(PEER_UNREACHABLE));
    expect(peerChecks.map((check) => check.id)).toEqual(expect.arrayContaining(MUTE_CHECKS));
    expect(peerChecks[0]?.undecided?.state).toMatch(/HTTP 403 .*login not found/);
    // Nothing guild- or channel-wide: at most the peer's own mute lifted (duration 0), which the control of
    // guild.member.mute's refusal check sends as the bot (the one change the run may make to what it did not
    // create). No restore: that begins with a post as the peer, which the unproven peer never makes.
    const peerId = result.sandbox?.peerId;
    expect(
      changes.filter(
        (change) =>
          change !==
          `guild.member.mute ${JSON.stringify({ guild_id: result.sandbox?.guildId, user_id: peerId, duration: 0 })}`,
      ),
    ).toEqual([]);
    expect(JSON.stringify(result.checks)).not.toContain('a mute left by an earlier run');
  });

  it('while a proven peer left muted is restored by lifting its own mute only (the record sees restores)', async () => {
    const { result, changes } = await standingChanges([]);
    expect(failing(result)).toEqual([]);
    const mutes = changes.filter((change) => /mute/.test(change));
    expect(mutes.length).toBeGreaterThan(0);
    // The words the refused peer's run must not show, shown here where a restore happened.
    expect(JSON.stringify(result.checks)).toContain('a mute left by an earlier run');
    for (const change of mutes)
      expect(change).toMatch(new RegExp(`^guild\\.member\\.mute .*"user_id":"${SEED.peer}"`));
  });
});
