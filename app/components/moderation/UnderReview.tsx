/** The author's (and moderators') mark on an item hidden pending review: others no longer see it. */
import { FormattedMessage } from '../../lib/intl.tsx';

export function UnderReview({ show }: { show: boolean | undefined }) {
  if (!show) return null;
  return (
    <p className="mb-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      <span aria-hidden="true">⏳</span>
      <FormattedMessage id="moderation.under_review" />
    </p>
  );
}
