import { describe, expect, it } from 'vitest';
import channels from '../../suites/channels.js';
import { failing, runAgainstReference } from './harness.js';

/** Runs the channels suite against a fresh reference (see harness.ts). */
const runChannels = (faults: string[] = [], checks = channels) =>
  runAgainstReference({ faults }, { checks, includeExperimental: true });

/**
 * The checks of a fault case: the slow one (a 1500 ms mute must run out) only when the case expects it
 * to fail, so that the cases stay fast.
 */
const checksFor = (expected: readonly string[]) =>
  channels.filter((check) => !check.id.endsWith('/duration-is-milliseconds') || expected.includes(check.id));

const MUTE_CHECKS = [
  'channel.mute/accepts-duration',
  'channel.mute/blocks-peer-until-unmuted',
  'channel.mute/duration-is-milliseconds',
  'channel.mute/duration-zero-is-accepted',
];

describe('channels suite (§4.2)', () => {
  it('passes every check against the clean reference and leaves the world as it was', async () => {
    const { statuses, reasons, cleanup, unchanged } = await runChannels();
    expect(Object.keys(statuses)).toHaveLength(channels.length);
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([]);
    expect(Object.values(statuses).every((status) => status === 'pass')).toBe(true);
    expect(cleanup.filter((record) => record.status === 'failed')).toEqual([]);
    expect(unchanged).toBe(true);
  });

  // Issue 49 item 2: one channel serves the three checks in turn, whatever the order; the last deletes it.
  it.each([1, 2, 3])(
    'creates one channel for the create, rename and delete checks (seed %i)',
    async (seed) => {
      const ids = [
        'channel.create/creates-channel',
        'channel.update/renames-channel',
        'channel.delete/deletes-channel',
      ];
      const names: string[] = [];
      const { statuses, reasons, cleanup, unchanged } = await runAgainstReference(
        {
          intercept: ({ operation, fields }) => {
            const name = (fields.data as { name?: unknown } | undefined)?.name;
            if (operation === 'channel.create' && typeof name === 'string') names.push(name);
            return undefined;
          },
        },
        { checks: channels.filter((check) => ids.includes(check.id)), seed, confirm: false },
      );
      expect(Object.values(statuses), JSON.stringify(reasons)).toEqual(['pass', 'pass', 'pass']);
      expect(names.filter((name) => name.startsWith('conformance-create-'))).toHaveLength(1);
      // Nothing of it is left for the cleanup: channel.delete/deletes-channel deleted it.
      expect(cleanup.filter((record) => record.kind === 'channel')).toEqual([]);
      expect(unchanged).toBe(true);
    },
  );

  // The rest of the matrix (e.g. channel-mute-no-effect) is verified by `npm run faults`.
  it.concurrent.each([
    ['channel-type-discord-values', ['channel.list/walks-to-end']],
    [
      'channel-get-ignores-id',
      [
        'channel.create/creates-channel',
        'channel.get/returns-the-channel-asked-for',
        'channel.update/renames-channel',
      ],
    ],
    ['channel-list-all-guilds', ['channel.list/only-the-guilds-channels']],
    ['channel-update-no-op', ['channel.update/renames-channel']],
    ['channel-delete-no-op', ['channel.delete/deletes-channel']],
    ['direct-channel-wrong-type', ['user.channel.create/direct-channel-with-peer']],
    [
      'channel-mute-zero-ignored',
      ['channel.mute/blocks-peer-until-unmuted', 'channel.mute/duration-zero-is-accepted'],
    ],
    ['muted-post-500', ['channel.mute/refusal-is-4xx']],
    [
      'channel-mute-zero-rejected',
      ['channel.mute/blocks-peer-until-unmuted', 'channel.mute/duration-zero-is-accepted'],
    ],
    ['channel-mute-seconds', ['channel.mute/duration-is-milliseconds']],
    ['channel-mute-not-implemented', MUTE_CHECKS],
    [
      'channel-type-string',
      [
        'channel.create/creates-channel',
        'channel.get/returns-channel',
        'channel.list/walks-to-end',
        'user.channel.create/direct-channel-with-peer',
      ],
    ],
  ])('fault %s fails exactly %j', async (fault, expected) => {
    const { statuses, reasons } = await runChannels([fault], checksFor(expected));
    expect(failing(statuses), JSON.stringify(reasons)).toEqual([...expected].sort());
  });

  it('still deletes a created channel whose id channel.create did not return', async () => {
    const { statuses, unchanged } = await runChannels(['channel-create-returns-no-id'], checksFor([]));
    expect(statuses['channel.create/creates-channel']).toBe('fail');
    expect(unchanged).toBe(true);
  });

  it.concurrent.each([1, 8])(
    'channel-mute-zero-ignored fails both checks that unmute, in reverse order at concurrency %i',
    async (concurrency) => {
      const server = channels.filter((check) => check.id.startsWith('channel.mute/')).reverse();
      const { statuses, reasons } = await runAgainstReference(
        { faults: ['channel-mute-zero-ignored'] },
        {
          checks: checksFor([])
            .filter((check) => server.includes(check))
            .reverse(),
          concurrency,
          includeExperimental: true,
        },
      );
      expect(failing(statuses), JSON.stringify(reasons)).toEqual([
        'channel.mute/blocks-peer-until-unmuted',
        'channel.mute/duration-zero-is-accepted',
      ]);
    },
  );

  // A slow server (800 ms a request): the mute and the first post take longer than the 1500 ms mute.
  // Under the fault the first post is accepted past the mute: nothing seen, so no verdict — never a pass.
  // Without it the mute is in force at that post (the post is handled 800 ms after the mute's answer):
  // a verdict, or — on a machine slow enough to push the post past the mute — none, never a failure.
  it.concurrent.each([
    [[], ['pass', 'skip']],
    [['channel-mute-no-effect'], ['skip']],
  ])('duration-is-milliseconds against a slow server, faults %j: one of %j', async (faults, allowed) => {
    const id = 'channel.mute/duration-is-milliseconds';
    const { result } = await runAgainstReference(
      { faults, latencyMs: 800 },
      { checks: channels.filter((check) => check.id === id), includeExperimental: true },
    );
    const [check] = result.checks;
    expect(allowed, check.reason).toContain(check.status);
    if (check.status === 'skip') expect(check.undecided?.state).toMatch(/past its 1500 ms, and was accepted/);
  });
});
