import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burst } from './burst.ts';

describe('burst', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over what arrives within the time of the first event once, then starts again', () => {
    const flushed: number[][] = [];
    const b = burst<number>(250, (items) => flushed.push(items));
    b.add(1);
    vi.advanceTimersByTime(100);
    b.add(2);
    vi.advanceTimersByTime(149);
    b.add(3);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([[1, 2, 3]]);
    b.add(4);
    vi.advanceTimersByTime(250);
    expect(flushed).toEqual([[1, 2, 3], [4]]);
  });

  it('hands over nothing once cancelled', () => {
    const flushed: number[][] = [];
    const b = burst<number>(250, (items) => flushed.push(items));
    b.add(1);
    b.cancel();
    vi.advanceTimersByTime(1000);
    expect(flushed).toEqual([]);
  });
});
