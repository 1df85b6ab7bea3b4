/**
 * Issue 46 item 3: the generic checks (http/*, lists/*) choose their probe among the reads the run saw
 * served, on a server that serves only a subset of the operations and declares exactly those in
 * login.features. Real HTTP and a real WebSocket over loopback: the reference answers the unserved reads
 * as servers of the family do (ReferenceOptions.unserved), a relay logs every request and leaves the
 * unserved reads out of READY's login.features, as such a server declares.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { run } from '../../src/index.js';
import type { ReferenceOptions, ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import type { CheckResult } from '../../src/runner/model.js';

/**
 * A relay in front of the reference: every HTTP request is forwarded and its operation logged; the event
 * WebSocket is forwarded frame by frame, READY's logins declaring their features without `omitted`.
 */
async function relay(server: ReferenceServer, omitted: readonly string[], answer?: Answer) {
  const upstream = new URL(server.baseUrl);
  const operations: string[] = [];
  const http = createServer((incoming, outgoing) => {
    const operation = (incoming.url ?? '').split('/').pop() ?? '';
    operations.push(operation);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const own = answer?.(operation, body.toString('utf8'));
      if (own) {
        outgoing.writeHead(own.status, { 'content-length': Buffer.byteLength(own.text) });
        outgoing.end(own.text);
        return;
      }
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (upstreamAnswer) => {
          outgoing.writeHead(upstreamAnswer.statusCode ?? 502, upstreamAnswer.headers);
          upstreamAnswer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.destroy());
      forward.end(body);
    });
  });
  const events = new WebSocketServer({ server: http });
  events.on('connection', (client) => {
    const origin = new WebSocket(server.eventsUrl);
    const pending: string[] = [];
    client.on('message', (data) => {
      if (origin.readyState === WebSocket.OPEN) origin.send(data.toString());
      else pending.push(data.toString());
    });
    origin.on('open', () => {
      for (const frame of pending.splice(0)) origin.send(frame);
    });
    origin.on('message', (data) => client.send(withoutFeatures(data.toString(), omitted)));
    client.on('close', () => origin.close());
    origin.on('close', () => client.close());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/+$/, '')}`,
    eventsUrl: `ws://127.0.0.1:${port}/v1/events`,
    operations,
    close: async () => {
      for (const client of events.clients) client.terminate();
      await new Promise<void>((resolve) => events.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** The relay's own answer to a request (operation, raw body), instead of the reference's; undefined forwards it. */
type Answer = (operation: string, body: string) => { status: number; text: string } | undefined;

/** A READY frame (op 4) whose logins' features leave out `omitted`; any other frame as it came. */
function withoutFeatures(frame: string, omitted: readonly string[]): string {
  const parsed = JSON.parse(frame);
  if (parsed.op !== 4 || !Array.isArray(parsed.body?.logins)) return frame;
  for (const login of parsed.body.logins)
    if (Array.isArray(login.features))
      login.features = login.features.filter((feature: string) => !omitted.includes(feature));
  return JSON.stringify(parsed);
}

/** The HTTP-only lineage of issue 46: guild.list, message.list and friend.list not served, nor declared. */
const UNSERVED: ReferenceOptions['unserved'] = {
  'guild.list': '404-text',
  'message.list': '405',
  'friend.list': '501',
};
const OMITTED = Object.keys(UNSERVED ?? {});

/** The generic checks over the relay: results by id, and the operations sent once the checks started. */
async function runGeneric(
  reference: ReferenceOptions,
  omitted: readonly string[],
  options: { answer?: Answer; grep?: string } = {},
) {
  const server = await startReference(reference);
  const wire = await relay(server, omitted, options.answer);
  // The requests of the checks: those sent once they start (the peer's proof before them reads guild.list).
  let checksStartAt = 0;
  try {
    const result = await run({
      onRunStart: () => {
        checksStartAt = wire.operations.length;
      },
      reference: { ...server, baseUrl: wire.baseUrl, eventsUrl: wire.eventsUrl },
      events: 'ws',
      eventTimeoutMs: 1_500,
      grep: options.grep ?? '^(http|lists)/',
      level: 'should',
      includeExperimental: true,
      confirm: false,
      // No guild.list to find the sandbox with: it is given.
      guild: server.sandbox.guildId,
      channel: server.sandbox.channelId,
    });
    const checks = new Map<string, CheckResult>(result.checks.map((check) => [check.id, check]));
    return { result, checks, operations: wire.operations.slice(checksStartAt) };
  } finally {
    await wire.close();
    await server.close();
  }
}

const notes = (check: CheckResult | undefined): string => (check?.evidence?.notes ?? []).join('\n');

describe('generic checks on a server that serves a subset (issue 46 item 3)', () => {
  it('decides every http/* and lists/* check on the reads served (channel.get, channel.list …), calling none the login omits', async () => {
    const { result, checks, operations } = await runGeneric({ unserved: UNSERVED }, OMITTED);
    // The login's features (from READY) omit the three reads the server does not serve.
    const features = result.capabilities?.features ?? [];
    expect(features).toContain('channel.get');
    for (const operation of OMITTED) expect(features, operation).not.toContain(operation);
    const generic = result.checks.filter((check) => /^(http|lists)\//.test(check.id));
    expect(generic.length).toBe(9);
    expect(
      Object.fromEntries(generic.map((check) => [check.id, check.status])),
      JSON.stringify(generic.map((check) => [check.id, check.reason, check.undecided])),
    ).toEqual(Object.fromEntries(generic.map((check) => [check.id, 'pass'])));
    // The first reads of the preference order serve the checks that need one or two.
    for (const id of [
      'http/result-is-json',
      'http/malformed-json-is-4xx',
      'http/missing-or-wrong-token-is-refused',
    ])
      expect(notes(checks.get(id)), id).toMatch(/^judged on channel\.get\b/m);
    expect(notes(checks.get('http/result-is-json'))).toMatch(/^judged on channel\.get, guild\.get:/m);
    // The lists walked are those served: channel.list first, no guild.list.
    const lists = notes(checks.get('lists/no-marker-on-the-last-page'));
    expect(lists).toMatch(
      /^judged on channel\.list, guild\.member\.list, guild\.role\.list: .*passed over: login\.features omits guild\.list \(not called\)/m,
    );
    // Each served read that names an id is asked an unknown one.
    expect(notes(checks.get('http/unknown-id-is-4xx'))).toMatch(
      /^judged on channel\.get, guild\.get, channel\.list, guild\.member\.list, guild\.role\.list, guild\.member\.get, message\.get:/m,
    );
    // A read the login omits is never called by these checks.
    expect(operations).toContain('channel.get');
    for (const operation of OMITTED) expect(operations, operation).not.toContain(operation);
  }, 60_000);

  it('fails http/unknown-id-is-4xx naming each served read that answers 500 to an unknown id (fault unknown-id-500)', async () => {
    const { checks } = await runGeneric({ unserved: UNSERVED, faults: ['unknown-id-500'] }, OMITTED);
    const unknownId = checks.get('http/unknown-id-is-4xx');
    expect(unknownId?.status).toBe('fail');
    const observed = unknownId?.evidence?.observed ?? '';
    for (const operation of [
      'channel.get',
      'guild.get',
      'channel.list',
      'guild.member.list',
      'guild.role.list',
      'guild.member.get',
      'message.get',
    ])
      expect(observed, operation).toMatch(new RegExp(`(^|; )${operation.replaceAll('.', '\\.')} HTTP 500 `));
    for (const operation of OMITTED) expect(observed).not.toContain(operation);
    // One cause, named by the first read the judgement found answering 500 (not the last one asked).
    expect(unknownId?.signature).toMatchObject({
      kind: 'status',
      operation: 'channel.get',
      role: 'under-test',
      status: '5xx',
    });
    // Only that check: the others are decided on the same reads and pass.
    expect([...checks.values()].filter((check) => check.status === 'fail').map((check) => check.id)).toEqual([
      'http/unknown-id-is-4xx',
    ]);
  }, 60_000);

  it('takes a 2xx with an empty body as acceptance, never a refusal: the control of channel.get holds (issue 46 item 4)', async () => {
    // channel.get of a channel answers 200 and nothing more; without channel_id, the reference's 400.
    const empty: Answer = (operation, body) =>
      operation === 'channel.get' && body.includes('channel_id') ? { status: 200, text: '' } : undefined;
    const { checks } = await runGeneric({}, [], {
      answer: empty,
      grep: '^(channel\\.get/missing-required-field-is-refused|http/result-is-json)$',
    });
    const missing = checks.get('channel.get/missing-required-field-is-refused');
    expect(missing?.status, JSON.stringify(missing?.undecided)).toBe('pass');
    expect(notes(missing)).toMatch(/control: channel\.get accepted a complete request in this run/);
    // Served, so judged: an empty result is no JSON (a should-level finding of that read, not a refusal).
    const json = checks.get('http/result-is-json');
    expect(json?.status).toBe('fail');
    expect(json?.evidence?.expected).toMatch(
      /the channel\.get result (has Content-Type application\/json|body is JSON)/,
    );
  }, 60_000);

  it('fails operations-answer-post for a declared read refused as a route miss, not for one refused as a thing not found', async () => {
    const post = 'http/operations-answer-post-with-named-fields';
    const guildGet =
      (text: string): Answer =>
      (operation) =>
        operation === 'guild.get' ? { status: 404, text } : undefined;
    const routeMiss = await runGeneric({}, [], { answer: guildGet('Not Found'), grep: `^${post}$` });
    expect(routeMiss.checks.get(post)?.status).toBe('fail');
    expect(routeMiss.checks.get(post)?.evidence?.observed).toBe('guild.get: HTTP 404 Not Found');
    // A 404 naming the guild asked for says it is not found (a world the run found), nothing of the form.
    const notFound = await runGeneric({}, [], {
      answer: guildGet('{"message":"No guild with id 3001"}'),
      grep: `^${post}$`,
    });
    expect(notFound.checks.get(post)?.status).toBe('pass');
    expect(notes(notFound.checks.get(post))).toMatch(
      /not judged .*guild\.get: HTTP 404 .*No guild with id 3001/,
    );
  }, 60_000);

  it('is undecided, naming each read and its answer, where the login declares reads it serves none of', async () => {
    const everyRead = [
      'channel.get',
      'guild.get',
      'channel.list',
      'guild.list',
      'guild.member.list',
      'message.list',
      'friend.list',
      'guild.role.list',
      'guild.member.get',
      'message.get',
    ];
    const unserved = Object.fromEntries(everyRead.map((operation) => [operation, '500' as const]));
    const { checks } = await runGeneric({ unserved }, []);
    const json = checks.get('http/result-is-json');
    expect(json?.status).toBe('skip');
    expect(json?.undecided?.state).toMatch(
      /^no read answered a complete request: channel\.get, guild\.get, .*message\.get: HTTP 500 /,
    );
    expect(checks.get('lists/no-marker-on-the-last-page')?.undecided?.state).toMatch(
      /^no list operation answered a complete request with a page: channel\.list HTTP 500 /,
    );
    // No check passes nor fails for want of a read to judge.
    expect(
      [...checks.values()]
        .filter((check) => check.status === 'fail' || check.status === 'pass')
        .map((check) => check.id),
    ).toEqual([]);
  }, 60_000);
});
