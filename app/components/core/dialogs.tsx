/**
 * The dialogs a card can open, loaded on first use: every feed card can report and every own item can be deleted,
 * but few visits do either, so their code stays out of the first load (docs/decisions/003-first-load-javascript.md).
 */
import { type ComponentProps, lazy, Suspense } from 'react';

const Report = lazy(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));
const Confirm = lazy(() => import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

export function ReportDialog(props: ComponentProps<typeof Report>) {
  return (
    <Suspense fallback={null}>
      <Report {...props} />
    </Suspense>
  );
}

export function ConfirmDialog(props: ComponentProps<typeof Confirm>) {
  return (
    <Suspense fallback={null}>
      <Confirm {...props} />
    </Suspense>
  );
}
