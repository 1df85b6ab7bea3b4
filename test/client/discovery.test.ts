/** Discovery names what was wrong (issue 12 item 4): the user's mistake is exit 2, the server's is exit 3. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { ConfigurationError, UnreachableError } from '../../src/runner/errors.js';
import { resolveSandbox } from '../../src/runner/sandbox.js';

let answer: (res: import('node:http').ServerResponse) => void = (res) => res.end();
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const discover = async () => {
  const client = new HttpClient({ baseUrl, self: { token: 'tok-discovery-00000000' }, maxRetryWaitMs: 50 });
  try {
    return await resolveSandbox(client, {});
  } finally {
    await client.close();
  }
};

describe('discovery failures', () => {
  it.each([
    [
      'a 429 with a huge Retry-After',
      (res: any) => res.writeHead(429, { 'retry-after': '3600' }).end(),
      UnreachableError,
      /rate limited .*Retry-After: 3600 \(3600 s\).*at most 0\.05 s/,
    ],
    [
      'an HTML error page',
      (res: any) =>
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>'),
      UnreachableError,
      /guild\.list answered HTTP 502 with an HTML page \(text\/html\)/,
    ],
    [
      'a redirect',
      (res: any) => res.writeHead(302, { location: 'https://login.example/sso' }).end(),
      UnreachableError,
      /redirect \(HTTP 302, Location: https:\/\/login\.example\/sso\); it was not followed/,
    ],
    [
      'a body that breaks JSON',
      (res: any) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": ['),
      UnreachableError,
      /not valid JSON: \{"data": \[/,
    ],
    [
      'a refused token',
      (res: any) => res.writeHead(401).end('unauthorized'),
      ConfigurationError,
      /HTTP 401 .*Check --token/,
    ],
  ])('%s', async (_what, respond, kind, message) => {
    answer = respond;
    const error = await discover().catch((thrown) => thrown);
    expect(error).toBeInstanceOf(kind);
    expect(error.message).toMatch(message);
  });
});
