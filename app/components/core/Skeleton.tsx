/** Placeholders in the shape of cards while a list loads, announced once to screen readers. */
import { useIntl } from '../../lib/intl.tsx';

export function CardSkeletons({ count = 3 }: { count?: number }) {
  const intl = useIntl();
  return (
    <div role="status" aria-label={intl.formatMessage({ id: 'common.loading' })} className="flex flex-col gap-4">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <div key={i} className="animate-pulse rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
          <div className="mb-3 flex items-center gap-2">
            <div className="size-8 rounded-full bg-stone-200 dark:bg-stone-800" />
            <div className="h-3 w-32 rounded bg-stone-200 dark:bg-stone-800" />
          </div>
          <div className="mb-2 h-3 w-full rounded bg-stone-200 dark:bg-stone-800" />
          <div className="h-3 w-2/3 rounded bg-stone-200 dark:bg-stone-800" />
        </div>
      ))}
    </div>
  );
}
