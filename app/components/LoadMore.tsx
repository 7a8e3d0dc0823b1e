import { useEffect, useRef } from 'react';
import { focusLost } from '../lib/focus.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { focusItem } from '../lib/keep-place.ts';
import { Button } from './ui/Button.tsx';

interface Props {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  /** Shown under a list that has no more pages, when it has items. */
  showEnd?: boolean;
}

/**
 * "Show more" under a list (the `<ol>`/`<ul>` before it). When the last page comes, the button goes, and with it
 * the focus of whoever pressed it: the first item that page brought takes it, so a keyboard or screen-reader user
 * reads on from there instead of from the start of the page.
 */
export function LoadMore({ hasMore, loading, failed, onMore, showEnd }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const asked = useRef<{ list: Element; count: number } | null>(null);
  useEffect(() => {
    const from = asked.current;
    if (loading || !from) return;
    asked.current = null;
    const first = from.list.children[from.count];
    if (first && focusLost()) focusItem(first);
  }, [loading]);

  if (!hasMore) {
    return showEnd ? (
      <p className="mt-6 text-center text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="feed.end" />
      </p>
    ) : null;
  }
  const more = () => {
    const list = listBefore(box.current);
    asked.current = list ? { list, count: list.children.length } : null;
    onMore();
  };
  return (
    <div ref={box} className="mt-6 text-center">
      {failed ? (
        <p role="alert" className="mb-2 text-red-700 dark:text-red-400">
          <FormattedMessage id="list.load_failed" />
        </p>
      ) : null}
      <Button onClick={more} busy={loading} variant="secondary">
        <FormattedMessage id={loading ? 'common.loading' : failed ? 'common.retry' : 'feed.load_more'} />
      </Button>
    </div>
  );
}

/** The list a "Show more" follows: its nearest earlier sibling list (loading skeletons may stand between). */
function listBefore(el: Element | null): Element | null {
  for (let at = el?.previousElementSibling; at; at = at.previousElementSibling) {
    if (at.matches('ol, ul')) return at;
  }
  return null;
}
