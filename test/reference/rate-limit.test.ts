/** `serve --rate-limit N`: token buckets per token and per channel for message.create (src/reference/rate-limit.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRate, parseRate } from '../../spec/rate.js';
import type { ReferenceServer } from '../../src/reference/index.js';
import { startReference } from '../../src/reference/index.js';
import { RateLimiter } from '../../src/reference/rate-limit.js';
import { call } from './helpers.js';

describe('RateLimiter (a fake clock)', () => {
  it('allows a burst of N per token, then refuses until a token is back, at N a second', () => {
    let now = 0;
    const limiter = new RateLimiter(4, () => now);
    const decisions = Array.from({ length: 5 }, () => limiter.take('a', 'guild.list', undefined));
    expect(decisions.slice(0, 4).map((decision) => decision.retryAfterSeconds)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(decisions[3].headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(decisions[3].headers['x-ratelimit-reset-after'])).toBeCloseTo(1, 3);
    expect(decisions[4].retryAfterSeconds).toBeCloseTo(0.25, 3);
    expect(decisions[4].bucket).toBe('global');
    // Another token has a bucket of its own.
    expect(limiter.take('b', 'guild.list', undefined).retryAfterSeconds).toBeUndefined();
    now = 250;
    expect(limiter.take('a', 'guild.list', undefined).retryAfterSeconds).toBeUndefined();
    expect(limiter.take('a', 'guild.list', undefined).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('limits message.create per channel more strictly (bursts of 5 at N/5 a second)', () => {
    let now = 0;
    const limiter = new RateLimiter(100, () => now);
    const inA = Array.from({ length: 6 }, () => limiter.take('a', 'message.create', 'A'));
    expect(inA.slice(0, 5).every((decision) => decision.retryAfterSeconds === undefined)).toBe(true);
    expect(inA[4].headers['x-ratelimit-bucket']).toBe('message.create:A');
    expect(inA[5].bucket).toBe('message.create:A');
    expect(inA[5].retryAfterSeconds).toBeCloseTo(1 / 20, 3);
    // Another channel, and any other operation, are not held back by channel A.
    expect(limiter.take('a', 'message.create', 'B').retryAfterSeconds).toBeUndefined();
    expect(limiter.take('a', 'message.list', 'A').retryAfterSeconds).toBeUndefined();
    now = 50;
    expect(limiter.take('a', 'message.create', 'A').retryAfterSeconds).toBeUndefined();
  });

  it('per minute: a fixed window per token and one per client address, Retry-After until the window starts again', () => {
    let now = 0;
    const limiter = new RateLimiter(parseRate('3/m'), () => now);
    expect(
      [1, 2, 3].map(() => limiter.take('a', 'guild.list', undefined, '10.0.0.1').retryAfterSeconds),
    ).toEqual([undefined, undefined, undefined]);
    now = 3_000;
    const refused = limiter.take('a', 'guild.list', undefined, '10.0.0.1');
    expect(refused.retryAfterSeconds).toBeCloseTo(57, 3);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    // Another token from the same address shares the address's window (a bridge's per-IP limit)…
    const sameAddress = limiter.take('b', 'guild.list', undefined, '10.0.0.1');
    expect(sameAddress.bucket).toBe('ip');
    expect(sameAddress.retryAfterSeconds).toBeCloseTo(57, 3);
    // …another address does not; and a new window lets the token through again.
    expect(limiter.take('b', 'guild.list', undefined, '10.0.0.2').retryAfterSeconds).toBeUndefined();
    now = 60_000;
    const again = limiter.take('a', 'guild.list', undefined, '10.0.0.1');
    expect(again.retryAfterSeconds).toBeUndefined();
    expect(Number(again.headers['x-ratelimit-reset-after'])).toBeCloseTo(60, 3);
  });

  it('reads N/s, N/m and N/h (a bare N is per second) and refuses anything else', () => {
    expect(parseRate('100/m')).toEqual({ requests: 100, windowMs: 60_000 });
    expect(parseRate('5/h')).toEqual({ requests: 5, windowMs: 3_600_000 });
    expect(parseRate('10')).toEqual({ requests: 10, windowMs: 1_000 });
    expect(formatRate(parseRate(' 7 / s '))).toBe('7/s');
    for (const bad of ['0/m', '100/d', '1.5/s', 'm', ''])
      expect(() => parseRate(bad)).toThrow(/must be N\/s, N\/m or N\/h/);
  });

  it('refuses a rate that is not a whole number >= 1', () => {
    expect(() => new RateLimiter(0)).toThrow(/rateLimit must be a whole number/);
  });
});

describe('the reference with rateLimit (real HTTP)', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReference({ rateLimit: 3 });
  });
  afterAll(() => server.close());

  it('answers over the limit 429 with Retry-After and the X-RateLimit-* headers platforms send', async () => {
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await call(server, 'guild.list'));
    expect(replies.slice(0, 3).map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(replies[0].headers.get('x-ratelimit-limit')).toBe('3');
    expect(replies[0].headers.get('x-ratelimit-remaining')).toBe('2');
    expect(replies[0].headers.get('x-ratelimit-bucket')).toBe('global');
    const refused = replies[3];
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(refused.body.retry_after).toBeGreaterThan(0);
    // The peer's token has its own bucket.
    expect((await call(server, 'guild.list', {}, { as: 'peer' })).status).toBe(200);
  });

  it('sends no rate-limit headers without rateLimit', async () => {
    const plain = await startReference();
    try {
      const reply = await call(plain, 'guild.list');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-ratelimit-remaining')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe("the reference with rateLimit '2/m' (real HTTP)", () => {
  it('refuses the third request of a minute, whichever token sends it, with Retry-After up to the window', async () => {
    const server = await startReference({ rateLimit: '2/m' });
    try {
      const first = await call(server, 'guild.list');
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect((await call(server, 'guild.list', {}, { as: 'peer' })).status).toBe(200);
      const refused = await call(server, 'guild.list');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-ratelimit-bucket')).toBe('ip');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await server.close();
    }
  });
});
