/**
 * A hostile implementation on 127.0.0.1 (issue 12 item 9): a plausible minimal Chat Platform Interface
 * (one guild, one text channel, messages that get ids) that misbehaves in one chosen way. Every loop it
 * runs (flood, drip) is bounded in count and time and stops by itself.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { EVIDENCE_BODY_BYTES } from '../../src/client/http.js';

export const HOSTILE_MODES = [
  'hang',
  'hang-op',
  'hang-later',
  'drip',
  'reset',
  'huge-body',
  'bad-json',
  'html-error',
  'redirect-off-host',
  'rate-limit',
  'ws-no-ready',
  'ws-flood',
  'ws-garbage',
  'echo',
  'split-token',
  'cut-token',
  'cut-token-discovery',
] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

export interface HostileServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Bounds of the hostile loops: they end by themselves whatever the checker does. The flood sends as fast
 * as the socket takes frames (issue 49 item 5: for the whole run), bounded by a cap of frames and time.
 */
const FLOOD = { frames: 5_000_000, ms: 60_000, bufferedBytes: 4 * 1024 * 1024 };
const DRIP = { bytes: 40, everyMs: 150 };

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** A plausible answer, so discovery succeeds and the checks create (and try to undo) messages. */
function plausible(operation: string, fields: Record<string, any>, counter: () => number): unknown {
  if (operation === 'guild.list') return { data: [{ id: 'g1', name: 'hostile' }] };
  if (operation === 'channel.list') return { data: [{ id: 'c1', type: 0, name: 'general' }] };
  if (operation === 'message.create')
    return [{ id: `m${counter()}`, content: String(fields.content ?? ''), channel: { id: 'c1', type: 0 } }];
  if (operation.endsWith('.list')) return { data: [] };
  return {};
}

/** Every way a debug or proxy page echoes a request: headers, URL, body, escaped in each manner. */
function echoPage(req: IncomingMessage, body: string): string {
  const headers = JSON.stringify(req.headers);
  const authorization = String(req.headers.authorization ?? '');
  const token = authorization.replace(/^Bearer /, '');
  return [
    '<!doctype html><html><body><h1>500 Internal Server Error</h1>',
    `<pre>${req.method} ${req.url}\n${headers}\n${body}</pre>`,
    `<p>Authorization: ${authorization}</p>`,
    `<p>url-encoded: ${encodeURIComponent(token)} json: ${JSON.stringify(JSON.stringify({ token }))}</p>`,
    `<p>html: ${token.replaceAll('-', '&#45;')} ${token.replaceAll('&', '&amp;')}</p>`,
    `<a href="/login?token=${encodeURIComponent(token)}">retry</a>`,
    '</body></html>',
  ].join('\n');
}

/**
 * The token whole, placed so that it straddles every point where the checker cuts a text (a message at
 * 120, 200, 300 or 500 characters, a report's body at 1500 or 2000): 7 characters before the cut.
 */
function cutBody(req: IncomingMessage): string {
  const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  let body = '';
  for (const cut of [120, 200, 300, 500, 1500, 2000]) body = `${body.padEnd(cut - 7, '.')}${token}`;
  return body;
}

/** The token split across a body: halves in separate fields, and one across the evidence cut. */
function splitBody(req: IncomingMessage): string {
  const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  const half = Math.ceil(token.length / 2);
  // The token straddles the evidence cut (EVIDENCE_BODY_BYTES); the body goes on far past it (128 KiB).
  const filler = 'x'.repeat(EVIDENCE_BODY_BYTES - 10);
  const tail = 'x'.repeat(128 * 1024 - 2 * EVIDENCE_BODY_BYTES);
  return JSON.stringify({
    code: 'bad-request',
    first: token.slice(0, half),
    second: token.slice(half),
    padded: `${filler}${token}${filler}${tail}`,
    message: `token ${token.slice(0, 12)} … ${token.slice(-12)} rejected`,
  });
}

/** Hooks for tests that act at a given moment (e.g. send SIGINT while the checker waits). */
export interface HostileHooks {
  onRequest?: (operation: string) => void;
  onIdentify?: () => void;
}

export async function startHostileServer(
  mode: HostileMode,
  hooks: HostileHooks = {},
): Promise<HostileServer> {
  let id = 0;
  let served = 0;
  const counter = () => ++id;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      if (body.length < 1_000_000) body += chunk;
    });
    req.on('end', () => {
      const operation = (req.url ?? '').replace(/^\/v1\//, '').replace(/\?.*$/, '');
      let fields: Record<string, any> = {};
      try {
        fields = JSON.parse(body || '{}');
      } catch {}
      const answer = () => json(res, 200, plausible(operation, fields, counter));
      hooks.onRequest?.(operation);
      switch (mode) {
        case 'hang':
          return; // never answers; the socket stays open until the checker gives up
        case 'hang-later':
          // Answers discovery and the first requests of the checks, then goes silent for good.
          if (++served > 40) return;
          return answer();
        case 'hang-op':
          if (operation === 'message.delete') return;
          return answer();
        case 'drip': {
          res.writeHead(200, { 'content-type': 'application/json' });
          let sent = 0;
          const drip = () => {
            if (res.destroyed || sent >= DRIP.bytes) return void res.end('');
            res.write(' ');
            sent++;
            later(DRIP.everyMs, drip);
          };
          return drip();
        }
        case 'reset':
          return req.socket.destroy();
        case 'huge-body': {
          // 8 MiB without content-length (the limit must hold without the header too).
          res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
          return void res.end(Buffer.alloc(8 * 1024 * 1024, 'a'));
        }
        case 'bad-json':
          return void res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"data": [{"id": "g1",');
        case 'html-error':
          return void res
            .writeHead(502, { 'content-type': 'text/html' })
            .end('<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
        case 'redirect-off-host':
          return void res
            .writeHead(307, { location: `http://elsewhere.invalid/v1/${operation}` })
            .end('moved');
        case 'rate-limit':
          if (operation === 'guild.list' || operation === 'channel.list') return answer();
          return void res.writeHead(429, { 'retry-after': '3600' }).end('slow down');
        case 'echo':
          if (operation === 'guild.list' || operation === 'channel.list') return answer();
          return void res.writeHead(500, { 'content-type': 'text/html' }).end(echoPage(req, body));
        case 'cut-token-discovery':
          return void res.writeHead(500, { 'content-type': 'text/plain' }).end(cutBody(req));
        case 'cut-token':
          if (operation === 'guild.list' || operation === 'channel.list') return answer();
          return void res.writeHead(500, { 'content-type': 'text/plain' }).end(cutBody(req));
        case 'split-token':
          if (operation === 'guild.list' || operation === 'channel.list') return answer();
          return void res.writeHead(400, { 'content-type': 'application/json' }).end(splitBody(req));
        default:
          return answer();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const wss = new WebSocketServer({ server, path: '/v1/events' });
  wss.on('connection', (socket) => {
    socket.on('error', () => {});
    socket.on('message', (data) => {
      let frame: any;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (frame?.op === 1) return void socket.send(JSON.stringify({ op: 2 }));
      if (frame?.op !== 3) return;
      hooks.onIdentify?.();
      if (mode === 'ws-no-ready') return; // IDENTIFY is never answered
      const login = { platform: 'hostile', user: { id: 'bot' }, status: 1 };
      socket.send(JSON.stringify({ op: 4, body: { logins: [login] } }));
      if (mode === 'ws-flood') {
        const started = Date.now();
        let sent = 0;
        const flood = () => {
          // As fast as the socket takes them: a batch whenever what is queued for it has gone out.
          for (
            let i = 0;
            i < 2_000 && sent < FLOOD.frames && socket.bufferedAmount < FLOOD.bufferedBytes;
            i++, sent++
          ) {
            if (socket.readyState !== socket.OPEN) return;
            socket.send(
              JSON.stringify({
                op: 0,
                body: {
                  sn: sent,
                  type: 'message-created',
                  timestamp: Date.now(),
                  login,
                  message: { id: `f${sent}` },
                },
              }),
            );
          }
          if (socket.readyState === socket.OPEN && sent < FLOOD.frames && Date.now() - started < FLOOD.ms)
            later(0, flood);
        };
        flood();
      }
      if (mode === 'ws-garbage') {
        for (let i = 0; i < 200; i++) socket.send(`\u0000garbage ${i} ${'#'.repeat(i * 10)}`);
        socket.send(Buffer.alloc(3 * 1024 * 1024, 0x7b)); // over the checker's 1 MiB frame limit
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
