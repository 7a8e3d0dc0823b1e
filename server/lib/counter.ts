/** Windowed counters (failed sign-ins), in memory or in Redis so every instance sees the same count. */
import type { Redis } from 'ioredis';

export interface Counter {
  /** Adds one and returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }>;
  /** Takes back one hit of the current window (an attempt that turned out not to count). */
  release(key: string): Promise<void>;
}

/** How often the memory counter forgets the windows that ended (their keys hold addresses: none is kept longer). */
const SWEEP_MS = 60_000;

export function memoryCounter(): Counter & { size(): number } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = Date.now() + SWEEP_MS;
  const sweep = () => {
    const now = Date.now();
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_MS;
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
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
      sweep();
      const w = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      w.count++;
      windows.set(key, w);
      return { count: w.count, resetAt: new Date(w.resetAt) };
    },
    async release(key) {
      const w = live(key);
      if (w && w.count > 0) w.count--;
    },
    /** Windows held, ended or not (the tests read it). */
    size: () => windows.size,
  };
}

/** Only an existing window is decremented: a key that expired meanwhile must not come back without an expiry. */
const RELEASE = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export function redisCounter(redis: Redis, prefix = 'counter:'): Counter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      // One transaction: the window and its expiry are made together, so no key is ever left without one.
      const [, [, count], [, ttl]] = (await redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec()) as [
        unknown,
        [null, number],
        [null, number],
      ];
      return { count, resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async release(key) {
      await redis.eval(RELEASE, 1, prefix + key);
    },
  };
}
