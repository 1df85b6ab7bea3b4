/** `serve --rate-limit N`: token buckets per token and per channel for message.create (src/reference/rate-limit.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
