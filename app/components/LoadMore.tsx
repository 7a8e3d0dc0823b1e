import { FormattedMessage } from '../lib/intl.tsx';
import { Button } from './ui/Button.tsx';

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
      <Button onClick={onMore} busy={loading} variant="secondary">
        <FormattedMessage id={loading ? 'common.loading' : failed ? 'common.retry' : 'feed.load_more'} />
      </Button>
    </div>
  );
}
