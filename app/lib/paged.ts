/** A paged list that grows by "show more" until the last page (SPEC.md section 4: lists append pages). */
import { useEffect, useState } from 'react';
import type { Paged } from '../../core/types.ts';

export function usePaged<T>(first: Paged<T> | null, fetchPage: (page: number) => Promise<Paged<T>>) {
  const [pages, setPages] = useState<Paged<T>[]>(first ? [first] : []);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  // New loader data (another tag, a revalidation) starts the list over.
  useEffect(() => setPages(first ? [first] : []), [first]);

  const last = pages.at(-1);
  async function loadMore() {
    if (!last || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const next = await fetchPage(last.meta.current_page + 1);
      setPages((ps) => [...ps, next]);
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
