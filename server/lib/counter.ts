/** Windowed counters (failed sign-ins), in memory or in Redis so every instance sees the same count. */
import type { Redis } from 'ioredis';

export interface Counter {
  /** Adds one and returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }>;
  peek(key: string): Promise<{ count: number; resetAt: Date | null }>;
  reset(key: string): Promise<void>;
}

export function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      const w = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      w.count++;
      windows.set(key, w);
      return { count: w.count, resetAt: new Date(w.resetAt) };
    },
    async peek(key) {
      const w = live(key);
      return { count: w?.count ?? 0, resetAt: w ? new Date(w.resetAt) : null };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisCounter(redis: Redis, prefix = 'counter:'): Counter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      let ms = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        ms = windowMs;
      }
      return { count, resetAt: new Date(Date.now() + ms) };
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), resetAt: ttl > 0 ? new Date(Date.now() + ttl) : null };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
