/**
 * The dialogs a card can open, loaded on first use: every feed card can report and every own item can be deleted,
 * but few visits do either, so their code stays out of the first load (docs/decisions/003-first-load-javascript.md).
 */
import { type ComponentProps, lazy, Suspense } from 'react';
import type { ReportTarget } from '../../lib/api.ts';

const Report = lazy(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));
const Confirm = lazy(() => import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/**
 * The id of the words that replace an item's Report once it stands reported ("You reported this …"): the report
 * dialog hands the focus to them as it closes, since the button it came from has gone.
 */
export const reportedMarkId = (target: ReportTarget, id: number) => `reported-${target}-${id}`;

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
