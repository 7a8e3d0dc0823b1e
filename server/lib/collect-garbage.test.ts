import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from './collect-garbage.ts';

describe('collectWhenQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A busy share per interval, in order; every read after the list is exhausted reads quiet. */
  function run(shares: number[], minGapMs = 0) {
    const reads: number[] = [];
    const busyShare = () => {
      const share = shares.shift() ?? 0;
      reads.push(share);
      return share;
    };
    const collect = vi.fn();
    const stop = collectWhenQuiet(collect, { intervalMs: 1000, minGapMs, busyShare });
    return { collect, stop, reads };
  }

  it('does not collect while the process has been quiet since it started', () => {
    const { collect, stop } = run([0, 0.01, 0.003]);
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    stop();
  });

  it('collects once in the first quiet interval after work, not while the work goes on', () => {
    const { collect, stop } = run([0.9, 1, 0.5]);
    vi.advanceTimersByTime(3000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('collects again after the next spell of work', () => {
    // The third share is the read right after the first collection.
    const { collect, stop } = run([0.9, 0, 0, 0, 0.3, 0.02, 0.01]);
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
    // 0.02 is not above the quiet share: the interval after the work is quiet.
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does not count the pause of its own collection as work', () => {
    const { collect, stop, reads } = run([0.9, 0, 0.8, 0]);
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
    // The read right after the collection (0.8) is dropped, not taken for the next interval's work.
    expect(reads).toEqual([0.9, 0, 0.8]);
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('collects at most once per gap, however often work and quiet alternate', () => {
    // Work and quiet alternate every second; the read after each collection is its own pause (0).
    const { collect, stop } = run([0.9, 0, 0, 0.9, 0, 0.9, 0, 0.9, 0, 0.9, 0, 0.9, 0, 0.9, 0, 0.9, 0], 10_000);
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
    // Quiet after work at 5, 7 and 9 s: within 10 s of the first collection.
    vi.advanceTimersByTime(9000);
    expect(collect).toHaveBeenCalledTimes(1);
    // At 13 s the gap has passed and the work at 12 s is still owed a collection.
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops', () => {
    const { collect, stop } = run([0.9, 0]);
    stop();
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
  });
});
