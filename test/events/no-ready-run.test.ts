/**
 * Issue 32: a server that authenticates the event WebSocket's upgrade by its Authorization header only
 * (IDENTIFY's token unread) and never sends READY. The run reads the stream on: the §6 event checks judge
 * the events that arrive, READY's absence fails at should (events.ws/ready-lists-logins, events/no-ready).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { run } from '../../src/index.js';
import type { RunResult } from '../../src/runner/model.js';
import { startHostileServer } from '../hostile/server.js';

const TOKEN = 'tok-header-only';
const login = { platform: 'header-only', user: { id: 'bot' }, status: 1 };

interface HeaderOnlyServer {
  baseUrl: string;
  /** Upgrades refused for a missing or wrong Authorization. */
  refused: number;
  close(): Promise<void>;
}

/**
 * A minimal implementation: one guild, one channel, messages with ids; every message.create sends
 * message-created to the identified sockets, for that message or (`wrongEvents`) for another one.
 */
async function startHeaderOnlyServer(wrongEvents: boolean): Promise<HeaderOnlyServer> {
  const identified = new Set<WebSocket>();
  let ids = 0;
  let sn = 0;
  const emit = (messageId: string) => {
    const body = {
      sn: ++sn,
      type: 'message-created',
      timestamp: Date.now(),
      login,
      channel: { id: 'c1', type: 0 },
      user: { id: 'bot' },
      message: { id: wrongEvents ? `other-${messageId}` : messageId, content: 'x' },
    };
    for (const socket of identified) socket.send(JSON.stringify({ op: 0, body }));
  };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const operation = (request.url ?? '').replace(/^\/v1\//, '');
      const fields = JSON.parse(text || '{}');
      let answer: unknown = {};
      if (operation === 'guild.list') answer = { data: [{ id: 'g1', name: 'header-only' }] };
      else if (operation === 'channel.list') answer = { data: [{ id: 'c1', type: 0, name: 'general' }] };
      else if (operation === 'message.create') {
        const id = `m${++ids}`;
        answer = [{ id, content: String(fields.content ?? ''), channel: { id: 'c1', type: 0 } }];
        setImmediate(() => emit(id));
      } else if (operation.endsWith('.list')) answer = { data: [] };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  const state = { refused: 0 };
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) {
      state.refused++;
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.on('close', () => identified.delete(ws));
      // IDENTIFY (any token) starts the events; READY is never sent.
      ws.on('message', (data) => {
        if (JSON.parse(String(data))?.op === 3) identified.add(ws);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get refused() {
      return state.refused;
    },
    async close() {
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const CHECKS =
  '^(message\\.create/emits-message-created|events\\.ws/(ready-lists-logins|wrong-token-refused))$';

const checkRun = (server: HeaderOnlyServer): Promise<RunResult> =>
  run({
    baseUrl: server.baseUrl,
    token: TOKEN,
    grep: CHECKS,
    level: 'should',
    timeoutMs: 1_500,
    eventTimeoutMs: 2_000,
    confirm: false,
  });

const statusOf = (result: RunResult, id: string) => result.checks.find((check) => check.id === id)?.status;

describe('a header-authenticated event stream that never sends READY', () => {
  let right: HeaderOnlyServer;
  let wrong: HeaderOnlyServer;
  let judged: RunResult;
  let misjudged: RunResult;
  beforeAll(async () => {
    [right, wrong] = await Promise.all([startHeaderOnlyServer(false), startHeaderOnlyServer(true)]);
    [judged, misjudged] = await Promise.all([checkRun(right), checkRun(wrong)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([right?.close(), wrong?.close()]);
  });

  it('gets its events judged: message-created after message.create passes', () => {
    expect(statusOf(judged, 'message.create/emits-message-created')).toBe('pass');
  });

  it('gets its events judged: a message-created for another message fails the must check', () => {
    const check = misjudged.checks.find((c) => c.id === 'message.create/emits-message-created');
    expect(check?.status).toBe('fail');
    expect(check?.undecided).toBeUndefined();
  });

  it("fails READY's check at should, with the finding events/no-ready", () => {
    const ready = judged.checks.find((check) => check.id === 'events.ws/ready-lists-logins');
    expect(ready).toMatchObject({ status: 'fail', level: 'should' });
    expect(ready?.evidence?.observed).toMatch(/^no READY/);
    expect(judged.findings?.find((finding) => finding.id === 'events/no-ready')?.level).toBe('should');
    expect(judged.causes?.map((cause) => [cause.id, cause.checkIds])).toEqual([
      ['event-transport', ['events.ws/ready-lists-logins']],
    ]);
  });

  it('the probes send the upgrade header too: a wrong token is refused at the upgrade, which passes', () => {
    expect(statusOf(judged, 'events.ws/wrong-token-refused')).toBe('pass');
    // The wrong-token probe's upgrade, in each run: the run's own socket and its probes carried the token.
    expect(right.refused).toBe(1);
  });
});

describe('a stream that answers no IDENTIFY at all', () => {
  it('passes no wrong-token check on the silence: it is skipped, naming the missing READY', async () => {
    const hostile = await startHostileServer('ws-no-ready');
    try {
      const result = await run({
        baseUrl: hostile.baseUrl,
        token: TOKEN,
        grep: '^events\\.ws/wrong-token-refused$',
        level: 'should',
        timeoutMs: 1_000,
        confirm: false,
      });
      const check = result.checks.find((c) => c.id === 'events.ws/wrong-token-refused');
      expect(check?.status).toBe('skip');
      expect(check?.reason).toMatch(/own IDENTIFY got no READY either/);
    } finally {
      await hostile.close();
    }
  });
});
