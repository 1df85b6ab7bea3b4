import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { request } from 'undici';

/** The OS's ephemeral port range (Linux; elsewhere the IANA default): where listen(0) and connect() pick. */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 49152;
  } catch {
    return 49152;
  }
}

const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A port free on 127.0.0.1, for a server a test starts through a command line (its address must be known
 * before it starts, e.g. for --start and --base-url). A port the OS handed out and took back could be
 * handed out again (listen(0), an outgoing connection) before the server binds it; this one is picked
 * below the OS's ephemeral range, where the OS never hands one out, at random, and tried first.
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = ephemeralLow();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high} on 127.0.0.1 after 50 tries`);
}

/** POSTs `body` as JSON to `url` (no token): the status and the text of the answer. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.statusCode, text: await response.body.text() };
}
