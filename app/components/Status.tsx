/** The shared loading and empty states, so every screen says these things the same way (a failed page is the layout's error boundary). */
import type { ReactNode } from 'react';
import { FormattedMessage } from '../lib/intl.tsx';

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    // data-empty-state: where the focus goes when the reader removes a list's last item (lib/keep-place.ts).
    <div
      data-empty-state
      className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600 dark:border-stone-700 dark:text-stone-400"
    >
      <p>{children}</p>
      {action ? <div className="mt-3">{action}</div> : null}
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
