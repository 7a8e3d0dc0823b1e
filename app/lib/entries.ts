/**
 * What a screen had on a history entry, for Back to find it (decisions 055, 061): kept by the entry's location key
 * (and what on the screen it was), the last entries only. In memory, not in sessionStorage: what is kept are the
 * objects the item store has already seen (lib/paged.ts says why that matters), and a reload starts afresh.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const KEPT_ENTRIES = 20;

export function entryMemory<T>() {
  const kept = new Map<string, T>();
  return {
    get: (place: string) => kept.get(place),
    set(place: string, value: T) {
      kept.delete(place);
      kept.set(place, value);
      for (const old of kept.keys()) {
        if (kept.size <= KEPT_ENTRIES) break;
        kept.delete(old);
      }
    },
    delete: (place: string) => kept.delete(place),
  };
}

/** Where on the history entry shown something of the screen called `name` is kept. */
export function useEntryPlace(name: string): string {
  return `${useLocation().key} ${name}`;
}

const scrolls = entryMemory<number>();

/**
 * The scroll of a box that scrolls inside the page (the router's ScrollRestoration keeps the window's only), for a
 * list that stays (lib/paged.ts): Back from another page puts it where it was, and while the screen is shown its
 * place carries to the screen's next entries. `hiddenBy` is what hides the box on some screens (display: none loses
 * its scroll): when it changes, the box, if shown, is put back. Spread the answer on the box.
 */
export function useKeptScroll<E extends HTMLElement>(name: string, hiddenBy: unknown) {
  const place = useEntryPlace(name);
  const box = useRef<E>(null);
  // Another list in the same box (another tab) starts where its entry had it.
  const at = useRef<{ name: string; top: number } | null>(null);
  if (at.current?.name !== name) at.current = { name, top: scrolls.get(place) ?? 0 };
  const top = at.current.top;
  useEffect(() => {
    scrolls.set(place, top);
  }, [place, top]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on showing the box or another list, not on each scroll.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && top && el.getClientRects().length > 0) el.scrollTop = top;
  }, [hiddenBy, name]);
  const onScroll = () => {
    if (!box.current || !at.current) return;
    at.current.top = box.current.scrollTop;
    scrolls.set(place, at.current.top);
  };
  return { ref: box, onScroll };
}
