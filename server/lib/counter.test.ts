/** The windowed counters of the password checks, in memory and in Redis (when REDIS_URL is set). */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { redisUrl } from '../../tests/helpers/redis.ts';
import { type Counter, memoryCounter, redisCounter } from './counter.ts';

const url = redisUrl('the Redis counter test');
const redis = url ? new Redis(url) : null;
afterAll(async () => {
  await redis?.quit();
});

const kinds: [string, () => Counter][] = [['memory', memoryCounter]];
if (redis) kinds.push(['redis', () => redisCounter(redis, `test:${randomBytes(4).toString('hex')}:`)]);

describe.each(kinds)('%s counter', (_kind, make) => {
  it('counts hits in one window, and a release takes one back', async () => {
    const counter = make();
    const before = Date.now();
    const first = await counter.hit('k', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    const hits = await Promise.all([1, 2, 3].map(() => counter.hit('k', 60_000)));
    expect(hits.map((h) => h.count).sort()).toEqual([2, 3, 4]);
    await counter.release('k');
    expect((await counter.hit('k', 60_000)).count).toBe(4);
  });
});

describe.runIf(redis)('redis counter keys', () => {
  it('always carry an expiry, and a release after the window does not bring one back without it', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const counter = redisCounter(redis as Redis, prefix);
    await Promise.all([1, 2, 3].map(() => counter.hit('k', 60_000)));
    const ttl = await (redis as Redis).pttl(`${prefix}k`);
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // The window ends (as its expiry would end it), then an attempt that began inside it succeeds.
    await (redis as Redis).del(`${prefix}k`);
    await counter.release('k');
    expect(await (redis as Redis).exists(`${prefix}k`)).toBe(0);
  });
});

describe('memory counter', () => {
  it('forgets ended windows within a minute, so no address outlives its window by more', async () => {
    vi.useFakeTimers();
    try {
      const counter = memoryCounter();
      await counter.hit('login:ip:198.51.100.7', 1_000);
      await counter.hit('login:ip:198.51.100.8', 120_000);
      expect(counter.size()).toBe(2);
      vi.advanceTimersByTime(61_000);
      await counter.hit('login:account:user:1', 1_000);
      expect(counter.size()).toBe(2); // the second address's window is still open; the first is gone
      vi.advanceTimersByTime(61_000);
      await counter.hit('login:account:user:1', 1_000);
      expect(counter.size()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(redis)('redis counter keys', () => {
  it('expire with their window', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    await redisCounter(redis as Redis, prefix).hit('login:ip:198.51.100.9', 60_000);
    const ttl = await (redis as Redis).pttl(`${prefix}login:ip:198.51.100.9`);
    expect(ttl > 0 && ttl <= 60_000).toBe(true);
  });
});
