/**
 * Issue 43 item 3: first contact states the identity situation before the first check runs (the peer
 * served as the bot, on the embedded reference serving one login), and a server that answers every
 * request with 404 was reached: the run says what it was asked and what came back (exit 2, a base URL to
 * fix), never "could not be reached" (exit 3, kept for a target that does not answer at all).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { EXIT } from '../../src/exit-codes.js';
import { tempDir } from '../support/temp.js';
import { captureIo } from './helpers.js';

const runMain = async (argv: string[]) => {
  const io = captureIo();
  const code = await main(argv, io, { env: {}, cwd: tempDir('conformance-identities-'), color: false });
  return { code, out: io.out(), err: io.err() };
};

describe('the first-contact banner', () => {
  it('names the peer served as the bot before the first check line', async () => {
    const { code, err } = await runMain([
      'run',
      '--embedded',
      '--tolerate',
      'one-login-ignores-identity',
      '--grep',
      '^guild\\.member\\.(mute|get)/',
      '--include-experimental',
    ]);
    const banner = err.indexOf('first contact');
    const peer = err.search(
      /\n {2}peer +served as the bot: .*login\.get as the peer answered the bot's user 1001.* left undecided\n/,
    );
    const firstCheck = err.search(/\[\s*1\/\d+\]/);
    expect(banner, err).toBeGreaterThanOrEqual(0);
    expect(peer).toBeGreaterThan(banner);
    expect(firstCheck).toBeGreaterThan(peer);
    expect(err).toMatch(/\n {2}events +ws: the WebSocket .* \(READY received\) — decides \d+ checks?\n/);
    expect(err).toMatch(/\n {2}trigger +POST .*\/trigger — decides \d+ checks?\n/);
    // Nothing failed: the peer's checks are undecided, so no verdict (exit 2).
    expect(code).toBe(EXIT.usage);
  });

  it('names the peer proven another account on the plain reference', async () => {
    const { code, err } = await runMain(['run', '--embedded', '--grep', 'guild\\.member\\.get/peer']);
    expect(err).toMatch(
      /\n {2}peer +proven another account: .*the peer's user 1002.* — decides \d+ checks?\n/,
    );
    expect(code).toBe(EXIT.conforms);
  });
});

describe('a server that answers every request with 404', () => {
  let server: Server;
  let base: string;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      request.resume();
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`Cannot ${request.method} ${request.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('was reached: it says so, with what guild.list and the parent of the base URL answered (exit 2)', async () => {
    const { code, err } = await runMain([
      'run',
      '--base-url',
      base,
      '--token',
      'tok-404-everywhere-0000',
      '--events',
      'none',
    ]);
    expect(err).not.toMatch(/could not be reached|Cannot reach/i);
    expect(err).toMatch(
      /was reached, but every operation asked \(guild\.list, login\.get\) answered 404: a wrong base URL, or nothing implemented/,
    );
    expect(err).toContain(`${base}/guild.list answered HTTP 404 Cannot POST /api/guild.list`);
    expect(err).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/ answered HTTP 404 Cannot GET \//);
    expect(asked).toEqual(expect.arrayContaining(['POST /api/guild.list', 'POST /api/login.get', 'GET /']));
    expect(err).not.toContain('tok-404-everywhere-0000');
    expect(code).toBe(EXIT.usage);
  });
});
