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
