import { FormattedMessage } from 'react-intl';

interface Props {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  /** Shown under a list that has no more pages, when it has items. */
  showEnd?: boolean;
}

export function LoadMore({ hasMore, loading, failed, onMore, showEnd }: Props) {
  if (!hasMore) {
    return showEnd ? (
      <p className="mt-6 text-center text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="feed.end" />
      </p>
    ) : null;
  }
  return (
    <div className="mt-6 text-center">
      {failed ? (
        <p role="alert" className="mb-2 text-red-700 dark:text-red-400">
          <FormattedMessage id="list.load_failed" />
        </p>
      ) : null}
      <button
        type="button"
        onClick={onMore}
        disabled={loading}
        className="rounded-full border border-stone-300 px-4 py-2 dark:border-stone-700"
      >
        <FormattedMessage id={loading ? 'common.loading' : failed ? 'common.retry' : 'feed.load_more'} />
      </button>
    </div>
  );
}
