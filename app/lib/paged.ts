/** A paged list that grows by "show more" until the last page (SPEC.md section 4: lists append pages). */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Paged } from '../../core/types.ts';

/**
 * The pages a list had when its history entry was left, by the entry's location key and the list's name, so that
 * Back shows what the person had loaded and the router's ScrollRestoration finds the page as tall as they left it
 * (decision 055). Kept in memory, not in sessionStorage: these are the objects the item store has already seen, so
 * what the person did on the item's page since (a support, a favorite) still wins over them (lib/items.ts ranks a
 * copy parsed back from storage as newer than its own). A reload starts at page 1. The last entries only.
 */
const kept = new Map<string, Paged<unknown>[]>();
const KEPT_ENTRIES = 20;

function remember(place: string, pages: Paged<unknown>[]) {
  kept.delete(place);
  if (pages.length < 2) return;
  kept.set(place, pages);
  for (const old of kept.keys()) {
    if (kept.size <= KEPT_ENTRIES) break;
    kept.delete(old);
  }
}

/** The pages kept for `place`, else the first page alone. */
function pagesOf<T>(place: string | null, first: Paged<T> | null): Paged<T>[] {
  if (!first) return [];
  return ((place ? kept.get(place) : undefined) as Paged<T>[] | undefined) ?? [first];
}

/**
 * `name` names the list among the page's lists: with it, the pages shown are kept for the history entry and come
 * back when the person returns to it. A new entry (following a link to the list) starts at page 1.
 */
export function usePaged<T>(first: Paged<T> | null, fetchPage: (page: number) => Promise<Paged<T>>, name?: string) {
  const { key } = useLocation();
  const place = name ? `${key} ${name}` : null;
  const [list, setList] = useState(() => ({ place, pages: pagesOf(place, first) }));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  // New loader data starts the list over: another tag, or a revalidation of this entry (SPEC.md section 4: page 1
  // after a post is created). A move to another history entry without a remount (Back from one tag to another)
  // takes that entry's pages.
  const shownFirst = useRef(first);
  useEffect(() => {
    if (shownFirst.current === first) return;
    shownFirst.current = first;
    setList((now) => ({ place, pages: now.place === place ? pagesOf(null, first) : pagesOf(place, first) }));
  }, [first, place]);
  useEffect(() => {
    if (list.place) remember(list.place, list.pages);
  }, [list]);

  const { pages } = list;
  const last = pages.at(-1);
  async function loadMore() {
    if (!last || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const next = await fetchPage(last.meta.current_page + 1);
      setList((now) => ({ ...now, pages: [...now.pages, next] }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return {
    items: pages.flatMap((p) => p.data),
    /** The first page on screen: it becomes new loader data one render after the loader data does. */
    shown: pages[0],
    hasMore: Boolean(last && last.meta.current_page < last.meta.last_page),
    total: last?.meta.total ?? 0,
    loadMore,
    loading,
    failed,
  };
}
