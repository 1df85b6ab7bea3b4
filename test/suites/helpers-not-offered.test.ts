/**
 * Issue 41 items 4 and 5 on the reference: "not offered" only for the operation under test (a helper the
 * login's features omit makes the check work on the sandbox, never skip), a behaviour check of an
 * operation that refuses a complete request fails, and the event-order, resume and pre-IDENTIFY checks
 * judge whatever event with an sn arrives. Real runs over loopback; a recording relay between the checker
 * and the reference is the request log.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type RunOptions, run } from '../../src/index.js';
import type { ReferenceOptions, ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { defineSuite } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { notOfferedReason } from '../../src/runner/run.js';

const checks = await loadChecks();
const byId = (pattern: RegExp) => checks.filter((check) => pattern.test(check.id));

interface Logged {
  operation: string;
  fields: Record<string, any>;
  status: number;
  answer: any;
}

const parsed = (bytes: Buffer): any => {
  try {
    return bytes.length ? JSON.parse(bytes.toString('utf8')) : {};
  } catch {
    return undefined;
  }
};

/**
 * Relays every HTTP request to the reference and logs its operation, JSON fields and status: the
 * reference's request log, as the wire shows it.
 */
async function relay(target: string): Promise<{ url: string; log: Logged[]; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const log: Logged[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          const answered: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answered.push(chunk));
          answer.on('end', () => {
            const entry: Logged = {
              operation: (incoming.url ?? '').split('/').pop() ?? '',
              fields: parsed(body),
              status: answer.statusCode ?? 0,
              answer: parsed(Buffer.concat(answered)),
            };
            log.push(entry);
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(Buffer.concat(answered));
          });
        },
      );
      forward.on('error', () => outgoing.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = upstream.pathname.replace(/\/+$/, '');
  return {
    url: `http://127.0.0.1:${port}${path}`,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A run of `options` against a fresh reference through the relay: result, request log, world unchanged. */
async function runLogged(reference: ReferenceOptions, options: RunOptions) {
  const server: ReferenceServer = await startReference(reference);
  const wire = await relay(server.baseUrl);
  try {
    const before = JSON.stringify(server.snapshot());
    const result = await run({
      reference: { ...server, baseUrl: wire.url },
      // login.features comes with READY: the helpers are known missing only over an event stream.
      events: 'ws',
      eventTimeoutMs: 1_500,
      includeExperimental: true,
      level: 'should',
      ...options,
    });
    const statuses = Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
    const reasons = Object.fromEntries(result.checks.map((check) => [check.id, check.reason]));
    return {
      result,
      statuses,
      reasons,
      log: wire.log,
      sandbox: server.sandbox,
      unchanged: JSON.stringify(server.snapshot()) === before,
    };
  } finally {
    await wire.close();
    await server.close();
  }
}

const HELPERS_MISSING: ReferenceOptions = { tolerances: ['features-lack-helpers'] };
const MUTE_CHECKS = byId(/^channel\.mute\//);
const mutesOf = (log: readonly Logged[]) => log.filter((entry) => entry.operation === 'channel.mute');

describe('a helper the login does not offer (issue 41 item 4)', () => {
  it('offers a check whose helper alone is missing, and not one whose operation under test is', () => {
    const [mute] = byId(/^channel\.mute\/accepts-duration$/);
    const features = new Set(['channel.mute', 'message.create']);
    expect(notOfferedReason(mute, { peer: true, allowDestructive: false, features })).toBeUndefined();
    expect(
      notOfferedReason(mute, { peer: true, allowDestructive: false, features: new Set(['channel.create']) }),
    ).toMatch(/omits channel\.mute\b/);
    // A helper is one of the operations the check declares, or the suite does not load.
    expect(() =>
      defineSuite('channels', [
        { ...mute, rules: [], operations: ['channel.mute'], helpers: ['channel.create'] },
      ]),
    ).toThrow(/helpers channel\.create are not among its operations/);
  });

  it('runs the channel.mute checks on the sandbox channel, sends no channel.create, and lifts every mute', async () => {
    const { statuses, reasons, log, sandbox, unchanged } = await runLogged(HELPERS_MISSING, {
      checks: MUTE_CHECKS,
    });
    // The refusal check's control needs a channel of the run's own to unmute: undecided, naming the helper.
    const refusal = 'channel.mute/missing-required-field-is-refused';
    expect(statuses, JSON.stringify(reasons)).toEqual(
      Object.fromEntries(MUTE_CHECKS.map((check) => [check.id, check.id === refusal ? 'skip' : 'pass'])),
    );
    expect(reasons[refusal]).toMatch(/login\.features omits channel\.create/);
    expect(log.filter((entry) => entry.operation === 'channel.create')).toEqual([]);
    const mutes = mutesOf(log);
    expect(mutes.length).toBeGreaterThan(0);
    // Every mute sent names the sandbox channel (a request without channel_id mutes nothing: 400).
    expect(
      mutes.filter((entry) => entry.status === 200 && entry.fields.channel_id !== sandbox.channelId),
    ).toEqual([]);
    // Each mute is lifted: the last word on the sandbox channel is duration 0, and the world is as found.
    expect(mutes.some((entry) => entry.fields.duration > 0)).toBe(true);
    expect(mutes.at(-1)?.fields.duration).toBe(0);
    expect(unchanged, 'the world is as it was').toBe(true);
  });

  it('the ledger lifts a mute of the sandbox channel that never ends (channel-mute-timed-forever): detected, undone at the end', async () => {
    const [durationCheck] = byId(/^channel\.mute\/duration-is-milliseconds$/);
    const { statuses, result, log, sandbox, unchanged } = await runLogged(
      { ...HELPERS_MISSING, faults: ['channel-mute-timed-forever'] },
      { checks: [durationCheck], confirm: false },
    );
    expect(statuses[durationCheck.id]).toBe('fail');
    const undone = (result.cleanup ?? []).filter((record) => record.kind === 'channel mute');
    expect(undone).toEqual([expect.objectContaining({ status: 'undone', operation: 'channel.mute' })]);
    expect(undone[0].label).toContain(sandbox.channelId);
    expect(mutesOf(log).at(-1)?.fields).toEqual({ channel_id: sandbox.channelId, duration: 0 });
    expect(unchanged).toBe(true);
  });

  it('sends no guild.role.create the login does not offer: the role checks are undecided naming it (issue 46 item 2)', async () => {
    const roleChecks = byId(/^guild\.member\.role\.(set\/gives-role|unset\/removes-role)$/);
    const { result, statuses, reasons, log, unchanged } = await runLogged(HELPERS_MISSING, {
      checks: roleChecks,
    });
    // Safety: a role of the guild may carry powers, so the run gives only one it created: none here.
    expect(statuses, JSON.stringify(reasons)).toEqual(
      Object.fromEntries(roleChecks.map((check) => [check.id, 'skip'])),
    );
    for (const check of result.checks)
      expect(check.undecided?.signature).toEqual({
        kind: 'helper-not-offered',
        operation: 'guild.role.create',
        role: 'helper',
        status: 'none',
      });
    expect(log.filter((entry) => entry.operation === 'guild.role.create')).toEqual([]);
    expect(log.filter((entry) => entry.operation === 'guild.member.role.set')).toEqual([]);
    expect(unchanged).toBe(true);
  });

  it('reads the marker checks in a short channel and detects message-list-direction-ignored', async () => {
    const markerChecks = byId(
      /^message\.list\/(markers-absent-exactly-at-the-end|no-next-on-the-last-page|after-walk-reaches-the-latest)$/,
    );
    const clean = await runLogged(HELPERS_MISSING, { checks: markerChecks });
    expect(clean.statuses, JSON.stringify(clean.reasons)).toEqual(
      Object.fromEntries(markerChecks.map((check) => [check.id, 'pass'])),
    );
    expect(clean.log.filter((entry) => entry.operation === 'channel.create')).toEqual([]);
    const faulty = await runLogged(
      { ...HELPERS_MISSING, faults: ['message-list-direction-ignored'] },
      { checks: markerChecks, confirm: false },
    );
    expect(faulty.statuses['message.list/after-walk-reaches-the-latest']).toBe('fail');
  });
});

describe('the operation under test refusing a complete request (issue 41 item 4)', () => {
  it('message.delete answering 500 fails message.delete/removes-the-message', async () => {
    const deleteChecks = byId(/^message\.delete\/removes-the-message$/);
    const { statuses, result } = await runLogged(
      { faults: ['message-delete-500'] },
      { checks: deleteChecks, confirm: false },
    );
    expect(statuses['message.delete/removes-the-message']).toBe('fail');
    // The failure is the operation's own answer, not a skip on a reader.
    expect(JSON.stringify(result.checks[0])).toMatch(
      /message\.delete[^"]*HTTP 500|HTTP 500[^"]*message\.delete|"status":500/,
    );
  });
});

describe('event checks judge any event with an sn (issue 41 item 5)', () => {
  const eventChecks = byId(
    /^(events\.stream\/sn-strictly-increases|events\.ws\/(no-events-before-identify|resume-replays-missed))$/,
  );
  const NO_MESSAGE_CREATED = 'event-missing-on-message-create';
  it('decides all three without a single message-created', async () => {
    const { statuses, reasons, result } = await runLogged(
      { faults: [NO_MESSAGE_CREATED] },
      { checks: eventChecks },
    );
    expect(statuses, JSON.stringify(reasons)).toEqual(
      Object.fromEntries(eventChecks.map((check) => [check.id, 'pass'])),
    );
    expect(result.checks.length).toBe(3);
  });

  it.concurrent.each([
    ['ws-resume-ignored', 'events.ws/resume-replays-missed'],
    ['event-sn-repeated', 'events.stream/sn-strictly-increases'],
    ['ws-events-before-identify', 'events.ws/no-events-before-identify'],
  ])('still detects %s with no message-created', async (fault, checkId) => {
    const { statuses } = await runLogged(
      { faults: [NO_MESSAGE_CREATED, fault] },
      { checks: eventChecks, confirm: false },
    );
    expect(statuses[checkId]).toBe('fail');
  });
});
