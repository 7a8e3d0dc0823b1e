/** A paged list that grows by "show more" until the last page (SPEC.md section 4: lists append pages). */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Paged } from '../../core/types.ts';
import { entryMemory } from './entries.ts';

/**
 * The pages a list had when its history entry was left, by the entry's location key and the list's name, so that
 * Back shows what the person had loaded and the router's ScrollRestoration finds the page as tall as they left it
 * (decision 055). Kept in memory, not in sessionStorage: these are the objects the item store has already seen, so
 * what the person did on the item's page since (a support, a favorite) still wins over them (lib/items.ts ranks a
 * copy parsed back from storage as newer than its own). A reload starts at page 1. The last entries only.
 */
const kept = entryMemory<Shown<unknown>>();

/** A list's pages, and what the person added to it here (their own comments), shown after the pages. */
type Shown<T> = { pages: Paged<T>[]; added: T[] };

function remember(place: string, shown: Shown<unknown>) {
  if (shown.pages.length < 2) kept.delete(place);
  else kept.set(place, shown);
}

/**
 * What the loader read: the first page, or the pages from the first (a comment's page opened from a notification
 * reads the comments up to it, decision 075).
 */
type First<T> = Paged<T> | readonly Paged<T>[] | null;

/** What was kept for `place`, else what the loader read. */
function shownAt<T>(place: string | null, first: First<T>): Shown<T> {
  if (!first) return { pages: [], added: [] };
  const read = Array.isArray(first) ? [...first] : [first as Paged<T>];
  return ((place ? kept.get(place) : undefined) as Shown<T> | undefined) ?? { pages: read, added: [] };
}

/**
 * `name` names the list among the page's lists: with it, the pages shown are kept for the history entry and come
 * back when the person returns to it. A new entry (following a link to the list) starts at page 1, unless the list
 * `stays`: it sits beside what the screen's entries change (the chat's conversations beside the one opened), and a
 * move to another entry of the screen while it is shown keeps it as it is (decision 061).
 */
/** The ids of what a list holds: its pages' items and what the person added. */
function heldIds<T extends { id: number | string }>({ pages, added }: Shown<T>): Set<T['id']> {
  return new Set([...pages.flatMap((p) => p.data), ...added].map((item) => item.id));
}

export function usePaged<T extends { id: number | string }>(
  first: First<T>,
  fetchPage: (page: number) => Promise<Paged<T>>,
  name?: string,
  { stays = false }: { stays?: boolean } = {},
) {
  const { key } = useLocation();
  const place = name ? `${key} ${name}` : null;
  const [list, setList] = useState(() => ({ place, name, ...shownAt(place, first) }));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  // New loader data starts the list over: another tag, or a revalidation of this entry (SPEC.md section 4: page 1
  // after a post is created). A move to another history entry without a remount (Back from one tag to another)
  // takes that entry's pages, or, for a list that stays, keeps its own. What the person added stays: it may be past
  // the new first page.
  const shownFirst = useRef(first);
  useEffect(() => {
    if (shownFirst.current === first) return;
    shownFirst.current = first;
    setList((now) => {
      if (now.place === place) return { ...now, pages: shownAt(null, first).pages };
      if (stays && now.name === name) return { ...now, place };
      return { place, name, ...shownAt(place, first) };
    });
  }, [first, place, name, stays]);
  useEffect(() => {
    if (list.place) remember(list.place, { pages: list.pages, added: list.added });
  }, [list]);

  const { pages, added } = list;
  const last = pages.at(-1);
  async function loadMore() {
    if (!last || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      // The pages are numbered, so the server's list moving under them would cost the reader: what left it since
      // (hidden, deleted, a blocked author, an unhidden item off the settings list) moved later items up, and asking
      // for the next page alone skipped as many; what came in at the top pushed items down, and they came twice. So
      // the last page is read again with the next: what follows the last item held in it slid up, and goes first;
      // what comes before it is new at the top, which lists announce on their own (the new-posts pill); nothing the
      // list already holds comes twice (decision 069). When more than a page's worth left (the list shrank), the last
      // item held slid up past the re-read page, which then holds none of the list's items: the pages before it are
      // read back to it. A list that grew instead holds new items there, which the new-posts pill offers.
      const at = last.meta.current_page;
      const [again, next] = await Promise.all([fetchPage(at), fetchPage(at + 1)]);
      const holds = heldIds({ pages, added });
      const shrank = again.meta.total < last.meta.total;
      let reread = again.data;
      for (let page = at - 1; shrank && page >= 1 && !reread.some((item) => holds.has(item.id)); page--) {
        reread = [...(await fetchPage(page)).data, ...reread];
      }
      setList((now) => {
        const held = heldIds(now);
        const lastHeld = reread.findLastIndex((item) => held.has(item.id));
        const fresh: T[] = [];
        for (const item of [...reread.slice(lastHeld + 1), ...next.data]) {
          if (held.has(item.id)) continue;
          held.add(item.id);
          fresh.push(item);
        }
        return { ...now, pages: [...now.pages, { ...next, data: fresh }] };
      });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  /** Something the person made here, shown after the pages (and kept with them for Back). */
  function add(item: T) {
    setList((now) => ({ ...now, added: [...now.added, item] }));
  }

  return {
    items: [...pages.flatMap((p) => p.data), ...added],
    /** The first page on screen: it becomes new loader data one render after the loader data does. */
    shown: pages[0],
    hasMore: Boolean(last && last.meta.current_page < last.meta.last_page),
    total: (last?.meta.total ?? 0) + added.length,
    loadMore,
    add,
    loading,
    failed,
  };
}
