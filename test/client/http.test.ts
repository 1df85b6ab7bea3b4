import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, parseRetryAfter, RequestError } from '../../src/client/http.js';
import { freePort } from '../support/net.js';

const TOKEN = 'tok-3f9a1c77e0b2';
const PEER_TOKEN = 'peer-51d0c2aa9e';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A local server whose behaviour each test chooses per path. */
let server: Server;
let baseUrl: string;
const handlers = new Map<string, Handler>();
const received: { path: string; headers: IncomingMessage['headers']; body: string; at: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/v1\//, '').replace(/\?.*$/, '');
      received.push({ path, headers: req.headers, body, at: performance.now() });
      const handler = handlers.get(path);
      if (handler) handler(req, body, res);
      else res.writeHead(404).end('unknown');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const echo: Handler = (req, body, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ url: req.url, headers: req.headers, body }));
};

const newClient = (options: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({
    baseUrl,
    self: { token: TOKEN, platform: 'test', selfId: 'bot-1' },
    peer: { token: PEER_TOKEN, selfId: 'peer-2' },
    ...options,
  });

describe('the request timeout counts only the time the checker could run (issue 34 item 0)', () => {
  it("reads a response that came while the checker's own event loop was blocked past the timeout", async () => {
    // The server runs in this process: its handler blocks the one event loop for 3 timeouts, then answers.
    handlers.set('blocked', (req, body, res) => {
      const until = performance.now() + 600;
      while (performance.now() < until);
      echo(req, body, res);
    });
    const client = newClient({ timeoutMs: 200 });
    const outcome = await client.call('blocked').catch((thrown) => thrown);
    await client.close();
    expect(outcome).not.toBeInstanceOf(Error);
    expect(outcome.result.ok).toBe(true);
  });
});

describe('evidence redaction', () => {
  it('never records a token: not in headers, URL, request or response body, nor curl', async () => {
    handlers.set('echo', echo);
    const client = newClient();
    const { result, exchanges } = await client.call(`echo?key=${TOKEN}`, {
      secret: TOKEN,
      other: PEER_TOKEN,
    });
    await client.close();
    expect(result.ok).toBe(true);
    // The real request carried the token (the server echoes it) …
    expect(result.text).toContain(TOKEN);
    // … but nothing recorded does.
    const recorded = JSON.stringify(exchanges);
    expect(recorded).not.toContain(TOKEN);
    expect(recorded).not.toContain(PEER_TOKEN);
    const [exchange] = exchanges;
    expect(exchange.request.headers.authorization).toBe('Bearer $TOKEN');
    expect(exchange.request.url).toContain('key=$TOKEN');
    expect(exchange.request.body).toBe('{"secret":"$TOKEN","other":"$PEER_TOKEN"}');
    expect(exchange.response?.body).not.toContain(TOKEN);
    expect(exchange.curl).toContain(`-H 'authorization: Bearer '"$TOKEN"`);
  });

  it('never records the webhook token: the registration sent with it shows $WEBHOOK_TOKEN', async () => {
    handlers.set('echo', echo);
    const webhookToken = 'hook-6f1e0b9c4d2a7e35';
    const client = newClient({ webhookToken });
    const { result, exchanges } = await client.call('echo', {
      url: 'http://127.0.0.1:1/',
      token: webhookToken,
    });
    await client.close();
    expect(result.text).toContain(webhookToken);
    expect(JSON.stringify(exchanges)).not.toContain(webhookToken.slice(0, 10));
    expect(exchanges[0].request.body).toBe('{"url":"http://127.0.0.1:1/","token":"$WEBHOOK_TOKEN"}');
  });

  it('renders a curl command that reproduces the request with $TOKEN and $PEER_TOKEN from the environment', async () => {
    handlers.set('echo', echo);
    const client = newClient();
    const { exchanges } = await client.call('echo', { text: "it's $HOME", secret: TOKEN }, { as: 'peer' });
    await client.close();
    const before = received.length;
    const { stdout } = await promisify(execFile)('bash', ['-c', exchanges[0].curl], {
      env: { PATH: process.env.PATH, TOKEN, PEER_TOKEN },
    });
    const replayed = received[before];
    expect(replayed.headers.authorization).toBe(`Bearer ${PEER_TOKEN}`);
    expect(replayed.headers['satori-user-id']).toBe('peer-2');
    expect(JSON.parse(replayed.body)).toEqual({ text: "it's $HOME", secret: TOKEN });
    expect(stdout).toContain('HTTP/1.1 200');
  });

  it('sends both styles of identity headers, and the peer never borrows the bot user id', async () => {
    handlers.set('echo', echo);
    const client = newClient({ peer: { token: PEER_TOKEN } });
    const self = (await client.call('echo')).result.body.headers;
    const peer = (await client.call('echo', {}, { as: 'peer' })).result.body.headers;
    await client.close();
    expect(self).toMatchObject({
      'satori-platform': 'test',
      'x-platform': 'test',
      'satori-user-id': 'bot-1',
      'x-self-id': 'bot-1',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(peer.authorization).toBe(`Bearer ${PEER_TOKEN}`);
    expect(peer['satori-user-id']).toBeUndefined();
    expect(peer['x-platform']).toBe('test');
  });

  it('adds --header headers and lets a call remove one', async () => {
    handlers.set('echo', echo);
    const client = newClient({ headers: { 'X-Extra': 'yes' } });
    const withAuth = (await client.call('echo')).result.body.headers;
    const without = (await client.call('echo', {}, { headers: { authorization: '' } })).result.body.headers;
    await client.close();
    expect(withAuth['x-extra']).toBe('yes');
    expect(without.authorization).toBeUndefined();
  });
});

describe('responses', () => {
  it('accepts any 2xx body: text OK, empty, JSON', async () => {
    handlers.set('text', (_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'),
    );
    handlers.set('empty', (_req, _body, res) => res.writeHead(204).end());
    const client = newClient();
    const text = (await client.call('text')).result;
    const empty = (await client.call('empty')).result;
    await client.close();
    expect(text).toMatchObject({ ok: true, status: 200, body: 'OK', text: 'OK' });
    expect(empty).toMatchObject({ ok: true, status: 204, body: undefined, text: '' });
  });

  it('returns non-2xx statuses instead of throwing', async () => {
    const client = newClient();
    const { result } = await client.call('nope');
    await client.close();
    expect(result).toMatchObject({ ok: false, status: 404, body: 'unknown' });
  });

  it('aborts a body over the size limit with a clear error (declared and chunked)', async () => {
    const big = 'x'.repeat(64 * 1024);
    handlers.set('declared', (_req, _body, res) => {
      res.writeHead(200, { 'content-length': String(big.length * 4) });
      for (let i = 0; i < 4; i++) res.write(big);
      res.end();
    });
    handlers.set('chunked', (_req, _body, res) => {
      res.writeHead(200);
      for (let i = 0; i < 4; i++) res.write(big);
      res.end();
    });
    const client = newClient({ maxBodyBytes: 100 * 1024 });
    for (const path of ['declared', 'chunked']) {
      const error = await client.call(path).catch((e) => e);
      expect(error, path).toBeInstanceOf(RequestError);
      expect(error.kind).toBe('body-limit');
      expect(error.message).toMatch(/exceeds the limit of 102400 bytes/);
      expect(error.exchanges).toHaveLength(1);
    }
    await client.close();
  });

  it('times out a request that gets no answer', async () => {
    handlers.set('silent', () => {});
    const client = newClient({ timeoutMs: 200 });
    const error = await client.call('silent').catch((e) => e);
    await client.close();
    expect(error).toBeInstanceOf(RequestError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/within 200 ms.*--timeout/);
    expect(error.exchanges[0].error).toBe(error.message);
  });

  it('reports a refused connection as a network error', async () => {
    // Nothing listens there (and the OS hands it to no listen(0) meanwhile: test/support/net.ts).
    const port = await freePort();
    const client = new HttpClient({ baseUrl: `http://127.0.0.1:${port}/v1`, self: {} });
    const error = await client.call('guild.list').catch((e) => e);
    await client.close();
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});

describe('429 Too Many Requests', () => {
  it('waits for Retry-After, then retries (every attempt is evidence)', async () => {
    let calls = 0;
    handlers.set('limited', (_req, _body, res) => {
      calls++;
      if (calls <= 2) res.writeHead(429, { 'retry-after': '0.2' }).end('slow down');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const client = newClient();
    const first = received.length;
    const { result, exchanges } = await client.call('limited');
    await client.close();
    expect(result.status).toBe(200);
    expect(exchanges.map((exchange) => exchange.response?.status)).toEqual([429, 429, 200]);
    const times = received.slice(first).map((request) => request.at);
    // Retry-After is a lower bound on the gap between attempts (timers never fire early).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(195);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(195);
  });

  it('gives up after the retry bound: no answer (an error naming Retry-After), never a 429 result', async () => {
    handlers.set('always', (_req, _body, res) => res.writeHead(429, { 'retry-after': '0.01' }).end());
    const client = newClient({ maxRetries: 2, maxRetryWaitMs: 50 });
    const error = await client.call('always').catch((thrown) => thrown);
    await client.close();
    expect(error).toBeInstanceOf(RequestError);
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toMatch(/Retry-After: 0\.01/);
    expect(error.exchanges).toHaveLength(3);
    expect(client.findings.list().map((finding) => finding.id)).toEqual(['http/rate-limited']);
  });

  it('does not wait less than a Retry-After beyond the cap: it reports the cap at once', async () => {
    handlers.set('later', (_req, _body, res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    const client = newClient({ maxRetries: 3, maxRetryWaitMs: 50 });
    const error = await client.call('later').catch((thrown) => thrown);
    await client.close();
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toMatch(/Retry-After: 3600 \(3600 s\).*at most 0\.05 s/);
    expect(error.exchanges).toHaveLength(1);
  });

  it('parses both forms of Retry-After', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 7_000)).toBe(3000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('bounded time and memory against a hostile server (issue 12)', () => {
  it('sends an operation that went unanswered once no more: later calls fail at once', async () => {
    let hits = 0;
    handlers.set('stall', () => {
      hits++; // never answered
    });
    const client = newClient({ timeoutMs: 200 });
    const first = await client.call('stall').catch((thrown) => thrown);
    const second = await client.call('stall').catch((thrown) => thrown);
    await client.close();
    expect(first.kind).toBe('timeout');
    expect(second.kind).toBe('timeout');
    expect(second.message).toMatch(/not sent: stall went unanswered for 200 ms earlier in this run/);
    expect(hits).toBe(1);
  });

  it('declares the target unresponsive after timeouts on 3 operations in a row, once', async () => {
    for (const name of ['s1', 's2', 's3', 's4']) handlers.set(name, () => {});
    const declared: string[] = [];
    const client = newClient({ timeoutMs: 150, onUnresponsive: (why) => declared.push(why) });
    for (const name of ['s1', 's2']) await client.call(name).catch(() => undefined);
    expect(client.unresponsive).toBeUndefined();
    await client.call('s3').catch(() => undefined);
    const after = await client.call('echo').catch((thrown) => thrown);
    await client.close();
    expect(declared).toEqual([expect.stringMatching(/^3 operations in a row .*: s1, s2, s3$/)]);
    expect(after.kind).toBe('unresponsive');
  });

  it('any response in between resets the count: one hanging operation is not an unresponsive target', async () => {
    handlers.set('echo', echo);
    for (const name of ['h1', 'h2', 'h3']) handlers.set(name, () => {});
    const client = newClient({ timeoutMs: 150 });
    for (const name of ['h1', 'h2']) await client.call(name).catch(() => undefined);
    await client.call('echo');
    await client.call('h3').catch(() => undefined);
    await client.close();
    expect(client.unresponsive).toBeUndefined();
  });

  it('never follows a redirect, and reports one off the base host as a finding', async () => {
    let followed = 0;
    const elsewhere = createServer((_req, res) => {
      followed++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.2', resolve));
    const target = `http://127.0.0.2:${(elsewhere.address() as AddressInfo).port}/steal`;
    handlers.set('moved', (_req, _body, res) => res.writeHead(307, { location: target }).end());
    const client = newClient();
    const { result } = await client.call('moved');
    await client.close();
    await new Promise((resolve) => elsewhere.close(resolve));
    expect(result.status).toBe(307);
    expect(followed).toBe(0);
    const [finding] = client.findings.list();
    expect(finding).toMatchObject({ id: 'http/redirect-off-host', level: 'should' });
    expect(finding.detail).toContain(`Location: ${target}`);
  });

  it('keeps evidence within the run budget: later bodies are cut to nothing, the check still sees them', async () => {
    handlers.set('big', (_req, _body, res) => res.end('x'.repeat(3_000)));
    const client = newClient({ evidenceBodyBytes: 2_000, evidenceRunBytes: 3_000 });
    const first = await client.call('big');
    const second = await client.call('big');
    await client.close();
    expect(first.exchanges[0].response).toMatchObject({ truncated: true });
    expect(first.exchanges[0].response?.body).toHaveLength(2_000);
    expect(second.exchanges[0].response?.body).toHaveLength(1_000);
    expect(second.result.text).toHaveLength(3_000);
  });

  it('gives back to the budget the evidence no result keeps (a passing check): the budget bounds what a report holds', async () => {
    handlers.set('big', (_req, _body, res) => res.end('x'.repeat(3_000)));
    const client = newClient({ evidenceBodyBytes: 2_000, evidenceRunBytes: 5_000 });
    const first = await client.call('big');
    const second = await client.call('big');
    client.releaseEvidence(first.exchanges);
    // Given back once, however many results drop it (a shared observation's exchanges reach each sharer).
    client.releaseEvidence(first.exchanges);
    const third = await client.call('big');
    const fourth = await client.call('big');
    await client.close();
    expect(second.exchanges[0].response?.body).toHaveLength(2_000);
    expect(third.exchanges[0].response?.body).toHaveLength(2_000);
    expect(fourth.exchanges[0].response?.body).toHaveLength(1_000);
  });

  it('keeps a cut of a large body as a string of its own, not a view of the whole body', () => {
    // A kept slice of a large text keeps the whole text alive (V8): measured by what survives a full GC.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const redactor = newClient({}).redactor;
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept: string[] = [];
    for (let i = 0; i < 20; i++) kept.push(redactor.cut(`${'y'.repeat(4_000_000)}${i}`, 1_000).text);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(kept.every((text) => text.length === 1_000)).toBe(true);
    // 20 views would keep 80 MB of bodies; 20 cuts of their own keep 20 kB.
    expect(grown).toBeLessThan(20_000_000);
  });
});
