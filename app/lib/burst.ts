/**
 * Events that come in bursts (a post supported by several people at once is one socket event per support) handled
 * once per burst: what arrives within `ms` of the burst's first event is handed over together, then the next event
 * starts a new burst.
 */
import { useEffect, useRef } from 'react';

export interface Burst<T> {
  add(item: T): void;
  cancel(): void;
}

export function burst<T>(ms: number, flush: (items: T[]) => void): Burst<T> {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(item) {
      items.push(item);
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        const gathered = items;
        items = [];
        flush(gathered);
      }, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      items = [];
    },
  };
}

/** A burst for a component: `flush` is the one of its latest render, and nothing is handed over after it unmounts. */
export function useBurst<T>(ms: number, flush: (items: T[]) => void): Burst<T> {
  const latest = useRef(flush);
  useEffect(() => {
    latest.current = flush;
  });
  const made = useRef<Burst<T> | null>(null);
  made.current ??= burst<T>(ms, (items) => latest.current(items));
  useEffect(() => () => made.current?.cancel(), []);
  return made.current;
}
