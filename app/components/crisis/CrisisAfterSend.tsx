/**
 * The crisis notice of a text sent from a form that closed on sending (after-send.ts), pinned above the toasts in
 * their polite live region until the person hides it: calm, in view wherever they land, announced once. The card's
 * chunk is the forms' own (already loaded by the form that sent the text); nothing of it loads otherwise.
 */
import { lazy, Suspense } from 'react';
import { unpinCrisisNotice, useCrisisNoticePinned } from './after-send.ts';

const CrisisNoticeCard = lazy(() => import('./CrisisNotice.tsx').then((m) => ({ default: m.CrisisNoticeCard })));

export function CrisisAfterSend() {
  const pinned = useCrisisNoticePinned();
  return pinned ? (
    <Suspense fallback={null}>
      <CrisisNoticeCard pinned onDismiss={unpinCrisisNotice} />
    </Suspense>
  ) : null;
}
