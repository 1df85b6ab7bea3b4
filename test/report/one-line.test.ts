/**
 * One line is one line (issue 43): every summary line shows a body in one line, cut safely, and names an
 * HTML page rather than printing it ("an HTML error page, 143 bytes"); the page stays whole in the evidence.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namingHtmlPages, oneLine } from '../../spec/brief.js';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import { renderConsole } from '../../src/report/console.js';
import { escapeText, renderHtml } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { RunResult } from '../../src/runner/model.js';

/** nginx's 500 page, as a crashed upstream behind it answers (CRLF line ends included). */
const NGINX_500 = [
  '<html>',
  '<head><title>500 Internal Server Error</title></head>',
  '<body>',
  '<center><h1>500 Internal Server Error</h1></center>',
  '<hr><center>nginx/1.18.0</center>',
  '</body>',
  '</html>',
].join('\r\n');
const PAGE_BYTES = Buffer.byteLength(NGINX_500);

describe('oneLine', () => {
  it('names an HTML page after an error status, with its size in bytes, and keeps the rest', () => {
    expect(oneLine(`precondition failed: channel.create answered HTTP 500 ${NGINX_500}\r\n`, 300)).toBe(
      `precondition failed: channel.create answered HTTP 500 an HTML error page, ${PAGE_BYTES} bytes`,
    );
    const doctype = '<!DOCTYPE html>\n<html lang="en">\n<body>Oops</body>\n</html>';
    expect(oneLine(`got ${doctype}; then more`, 300)).toBe(
      `got an HTML page, ${Buffer.byteLength(doctype)} bytes; then more`,
    );
  });

  it('says so of a page cut before its end, and counts bytes, not characters', () => {
    const cut = '<html><body>é…';
    expect(oneLine(`HTTP 502 ${cut}`, 300)).toBe(
      `HTTP 502 an HTML error page, cut at ${Buffer.byteLength(cut)} bytes`,
    );
  });

  it('names pages and keeps the lines of a text that is evidence (a transcript note)', () => {
    expect(namingHtmlPages(`→ a\n← HTTP 503 ${NGINX_500}\n→ b`)).toBe(
      `→ a\n← HTTP 503 an HTML error page, ${PAGE_BYTES} bytes\n→ b`,
    );
  });

  it('makes any text one line, then cuts it to the limit', () => {
    expect(oneLine('a\n  b\r\n\tc  ', 300)).toBe('a b c');
    expect(oneLine(`${'x'.repeat(50)}\n${'y'.repeat(50)}`, 20)).toBe(`${'x'.repeat(20)}…`);
    expect(oneLine('<p>not a page</p>', 300)).toBe('<p>not a page</p>');
  });
});

/** A loopback proxy in front of the reference whose channel.create answers nginx's 500 page. */
async function htmlOn(
  operation: string,
  reference: ReferenceServer,
): Promise<{ server: Server; baseUrl: string }> {
  const origin = new URL(reference.baseUrl);
  const server = createServer((incoming, outgoing) => {
    if (incoming.url?.endsWith(`/${operation}`)) {
      incoming.resume();
      outgoing.writeHead(500, { 'content-type': 'text/html', 'content-length': PAGE_BYTES });
      outgoing.end(NGINX_500);
      return;
    }
    const forward = request(
      {
        host: origin.hostname,
        port: origin.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}${origin.pathname}` };
}

describe('a 5xx HTML page as a precondition’s answer (channel.create behind nginx)', () => {
  let reference: ReferenceServer;
  let proxy: Server;
  let result: RunResult;
  beforeAll(async () => {
    reference = await startReference();
    const front = await htmlOn('channel.create', reference);
    proxy = front.server;
    result = await run({ reference: { ...reference, baseUrl: front.baseUrl }, confirm: false });
  }, 120_000);
  afterAll(async () => {
    proxy?.close();
    await reference?.close();
  });

  it('the run met the page as a precondition’s answer, and keeps it whole in the evidence', () => {
    const preconditions = result.checks.filter(
      (check) =>
        check.status === 'skip' && /channel\.create answered HTTP 500 <html>/.test(check.reason ?? ''),
    );
    expect(preconditions.length).toBeGreaterThan(0);
    const bodies = result.checks.flatMap((check) =>
      (check.evidence?.exchanges ?? []).map((exchange) => exchange.response?.body),
    );
    expect(bodies).toContain(NGINX_500);
  });

  it('every summary line of the console is one line: the page named, never printed', () => {
    const text = String(renderConsole(result, { color: false }));
    // channel.create is a helper of the checks that need a channel: its refusal is their undecided cause,
    // seen as the helper's answer (src/runner/context/calls.ts), the page named after its status.
    expect(text).toMatch(
      /seen: the helper channel\.create answered HTTP 500 an HTML error page, (cut at )?\d+ bytes: a server error/,
    );
    expect(text).toContain(`HTTP 500 an HTML error page, ${PAGE_BYTES} bytes`);
    for (const line of text.split('\n')) {
      expect(line, line).not.toMatch(/<\/?(html|head|body|center|hr)\b/i);
      expect(line, line).not.toContain('\r');
    }
    // No line is a piece of the page: each starts as the console's lines do.
    const pieces = NGINX_500.split('\r\n').slice(1);
    for (const piece of pieces) expect(text).not.toContain(piece);
  });

  it('report.html names the page in its reasons and keeps it whole in the exchanges', () => {
    const html = String(renderHtml(result, {}));
    const reasons = [...html.matchAll(/<p class="reason">([^<]*)<\/p>/g)].map((match) => match[1]);
    expect(reasons.some((reason) => /HTTP 500 an HTML error page/.test(reason))).toBe(true);
    for (const reason of reasons) expect(reason).not.toMatch(/&lt;\/?(html|head|center)\b/);
    expect(html).toContain(escapeText(NGINX_500));
  });

  it('report.md names the page too, outside its evidence blocks', () => {
    const markdown = String(renderMarkdown(result, {}));
    const outside = markdown.replace(/(`{3,})[^\n]*\n[\s\S]*?\n\1/g, '');
    expect(outside).toContain('an HTML error page');
    expect(outside).not.toMatch(/&lt;\/?(html|head|center)\b/);
  });
});
