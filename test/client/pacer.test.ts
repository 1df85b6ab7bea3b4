/** The client paces itself from the rate-limit headers (src/client/pacer.ts), against the real reference. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseRate } from '../../spec/rate.js';
import { HttpClient } from '../../src/client/http.js';
import { describePacing, Pacer } from '../../src/client/pacer.js';
import { startReference } from '../../src/reference/index.js';

const clientOf = (server: Awaited<ReturnType<typeof startReference>>) =>
  new HttpClient({
    baseUrl: server.baseUrl,
    self: { token: server.identities.self.token },
    peer: { token: server.identities.peer.token },
    publicTokens: true,
  });

describe('pacing from X-RateLimit-* headers', () => {
  it('sends 3 × the burst at once without a 429, no faster than the rate allows', async () => {
    const server = await startReference({ rateLimit: 10 });
    const client = clientOf(server);
    try {
      // One request tells the bucket (limit 10, 9 left, full again in 0.1 s: 10 a second).
      await client.call('guild.list');
      const started = performance.now();
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => client.call('guild.list')));
      const elapsed = performance.now() - started;
      // Every request answered at its first attempt: paced before it was refused.
      expect(outcomes.map(({ result }) => result.status)).toEqual(Array(30).fill(200));
      expect(outcomes.every(({ exchanges }) => exchanges.length === 1)).toBe(true);
      // 9 at once, then 21 more at 9 a second: over 2 s.
      expect(elapsed).toBeGreaterThan(1_500);
      const report = client.pacer.report();
      expect(report.refused).toBe(0);
      expect(report.pacedRequests).toBeGreaterThan(0);
      const global = report.buckets.find((bucket) => bucket.id === 'global');
      expect(global?.limit).toBe(10);
      expect(global?.perSecond).toBeGreaterThanOrEqual(10);
      expect(global?.perSecond).toBeLessThan(11);
      expect(describePacing(report)).toMatch(/rate limits seen: .*'global' limit 10.*0 refused with 429/);
    } finally {
      await client.close();
      await server.close();
    }
  }, 15_000);

  it("a new identity's first request goes alone: the others wait for its headers, none is refused", async () => {
    const server = await startReference({ rateLimit: 2 });
    const client = clientOf(server);
    try {
      const outcomes = await Promise.all(Array.from({ length: 4 }, () => client.call('guild.list')));
      expect(outcomes.map(({ result }) => result.status)).toEqual([200, 200, 200, 200]);
      expect(client.pacer.report().refused).toBe(0);
    } finally {
      await client.close();
      await server.close();
    }
  }, 15_000);

  it('backs off on a 429 it could not foresee (another client spent the bucket), then succeeds', async () => {
    const server = await startReference({ rateLimit: 1 });
    const other = clientOf(server);
    const client = clientOf(server);
    try {
      await other.call('guild.list'); // the bucket of the token is now empty
      const started = performance.now();
      const { result, exchanges } = await client.call('guild.list');
      expect(exchanges.map((exchange) => exchange.response?.status)).toEqual([429, 200]);
      expect(result.status).toBe(200);
      // Retry-After: 1 (whole seconds) was honoured before the retry.
      expect(performance.now() - started).toBeGreaterThanOrEqual(990);
      expect(client.pacer.report().refused).toBe(1);
    } finally {
      await other.close();
      await client.close();
      await server.close();
    }
  }, 15_000);

  it('says nothing when the target sends no rate-limit headers', async () => {
    const server = await startReference();
    const client = clientOf(server);
    try {
      await client.call('guild.list');
      expect(describePacing(client.pacer.report())).toBeUndefined();
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("a slow first request holds the identity's others back 1 s at most", async () => {
    // A plain server that answers /v1/slow after 4 s and anything else at once, with no rate-limit headers.
    const server = createServer((request, response) => {
      const answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (request.url?.endsWith('/slow')) setTimeout(answer, 4_000);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new HttpClient({ baseUrl: `http://127.0.0.1:${port}/v1`, self: { token: 't' } });
    try {
      let slowAnswered = false;
      const slow = client.call('slow').finally(() => {
        slowAnswered = true;
      });
      const started = performance.now();
      await client.call('fast');
      expect(performance.now() - started).toBeGreaterThanOrEqual(900); // it did wait for the probe …
      expect(slowAnswered).toBe(false); // … but not for its answer (4 s)
      await slow;
    } finally {
      await client.close();
      server.closeAllConnections();
      server.close();
    }
  }, 15_000);

  it('does not wait out a Retry-After beyond the cap: the next request goes and errors at once', async () => {
    const server = createServer((_request, response) =>
      response.writeHead(429, { 'retry-after': '3600' }).end('slow down'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = new HttpClient({ baseUrl: `http://127.0.0.1:${port}/v1`, self: { token: 't' } });
    try {
      await expect(client.call('limited')).rejects.toMatchObject({ kind: 'rate-limited' });
      const started = performance.now();
      await expect(client.call('limited')).rejects.toMatchObject({ kind: 'rate-limited' });
      // A wait would be the cap itself (maxRetryWaitMs, 5 s by default): it errored before any.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await client.close();
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("the checker's own budget (--rate-limit), a fake clock", () => {
  const route = (identity: string) => ({ identity, operation: 'guild.list' });

  it('lets N go in any window, counted from their answers, for every identity together', async () => {
    let now = 0;
    const pacer = new Pacer(() => now, parseRate('3/m'));
    const waits: number[] = [];
    const wait = {
      deadline: Number.POSITIVE_INFINITY,
      delay: async ({ ms }: { ms: number }) => {
        waits.push(ms);
        now += ms;
      },
      beyond: (): never => {
        throw new Error('no deadline here');
      },
    };
    const tickets = [];
    for (const identity of ['self', 'peer', 'self']) tickets.push(await pacer.before(route(identity), wait));
    expect(waits).toEqual([]);
    now = 100;
    for (const ticket of tickets) pacer.after(ticket, 200, {});
    // The fourth, from either identity, waits until the first answer has left the window.
    const fourth = await pacer.before(route('peer'), wait);
    expect(waits).toEqual([60_000]);
    expect(now).toBe(60_100);
    pacer.after(fourth, 200, {});
    expect(pacer.quotaMsFor(4)).toBe(120_000);
  });

  it('a wait that would end past the deadline is not made: beyond() says why', async () => {
    const now = 0;
    const pacer = new Pacer(() => now, parseRate('1/m'));
    const beyond = (quota: { ms: number; reason: string }): never => {
      throw new Error(`${quota.reason}: ${quota.ms}`);
    };
    const wait = { deadline: 30_000, delay: async () => {}, beyond };
    pacer.after(await pacer.before(route('self'), wait), 200, {});
    await expect(pacer.before(route('self'), wait)).rejects.toThrow(
      /the checker's budget of 1\/m \(--rate-limit\): 60000/,
    );
  });

  it("a 429's Retry-After blocks the bucket; X-RateLimit-Reset-After stands in for it", async () => {
    let now = 0;
    const pacer = new Pacer(() => now);
    const waits: string[] = [];
    const wait = {
      deadline: Number.POSITIVE_INFINITY,
      delay: async ({ ms, reason }: { ms: number; reason: string }) => {
        waits.push(`${reason} ${ms}`);
        now += ms;
      },
      beyond: (): never => {
        throw new Error('no deadline here');
      },
    };
    pacer.after(await pacer.before(route('self'), wait), 429, { 'retry-after': '57' });
    pacer.after(await pacer.before(route('self'), wait), 429, { 'x-ratelimit-reset-after': '2.5' });
    await pacer.before(route('self'), wait);
    expect(waits).toEqual([
      "the target's rate limit (bucket 'guild.list') 57000",
      "the target's rate limit (bucket 'guild.list') 2500",
    ]);
  });
});
