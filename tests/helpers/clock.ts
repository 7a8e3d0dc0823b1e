import { onTestFinished, vi } from 'vitest';

/**
 * Freezes `Date` (only it: timers and I/O run as usual) for the rest of the current test. The services read
 * the time from `Date`, so expiries and retry times become exact, and a test steps past one with `at` instead
 * of waiting or rewriting rows.
 */
export function frozenClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  const start = Date.now();
  return { start, at: (ms: number) => vi.setSystemTime(start + ms) };
}

/**
 * Runs `make` with `Date` set `ms` back (only it: timers and I/O run as usual), then puts the clock where it was:
 * what the services stamp with the app's time meanwhile (a new account's created_at) is that old. Inside a
 * frozenClock test the frozen time stays as it was. One at a time: two at once would leave `Date` set back.
 */
export async function madeAgo<T>(ms: number, make: () => Promise<T>): Promise<T> {
  const faked = vi.isFakeTimers();
  const now = Date.now();
  if (!faked) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now - ms);
  try {
    return await make();
  } finally {
    if (faked) vi.setSystemTime(now);
    else vi.useRealTimers();
  }
}
