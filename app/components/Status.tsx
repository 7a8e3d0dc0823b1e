/** The shared loading, empty and error states, so every screen says these things the same way. */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './ui/Button.tsx';

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400">
      <p>{children}</p>
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p>{children}</p>
      {onRetry ? (
        <Button variant="link" className="mt-2" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      ) : null}
    </div>
  );
}

export function Loading() {
  return (
    <p role="status" className="text-stone-600 dark:text-stone-400">
      <FormattedMessage id="common.loading" />
    </p>
  );
}

export function PageHeading({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold">{children}</h1>
      {intro ? <p className="mt-2 text-stone-600 dark:text-stone-400">{intro}</p> : null}
    </div>
  );
}
