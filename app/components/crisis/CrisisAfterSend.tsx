/**
 * The crisis notice of a text sent from a form that closed on sending (after-send.ts), pinned above the toasts in
 * their polite live region until the person hides it: calm, in view wherever they land, announced once. The card's
 * chunk is the forms' own (already loaded by the form that sent the text); nothing of it loads otherwise.
 *
 * While it is up, the page keeps its height free at the bottom (`--pinned-notice`, the frame's bottom padding): a
 * phone's chat, whose message box sits at the bottom of the screen, moves its box above the notice instead of under
 * it, and any page's end can be scrolled clear of it.
 */
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { unpinCrisisNotice, useCrisisNoticePinned } from './after-send.ts';

const CrisisNoticeCard = lazy(() => import('./CrisisNotice.tsx').then((m) => ({ default: m.CrisisNoticeCard })));

/** Air between the page's end and the notice. */
const AIR_PX = 8;

export function CrisisAfterSend() {
  const pinned = useCrisisNoticePinned();
  const card = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = card.current;
    if (!pinned || !element) return;
    const root = document.documentElement.style;
    // From the notice's top to the screen's bottom: the toasts' region is fixed there, and a toast raised below the
    // notice (the post's "Shared") lifts it while it shows, so the region is watched as well as the card.
    const keepFree = () => {
      const { top, height } = element.getBoundingClientRect();
      // Zero while the card's chunk loads (the Suspense fallback is empty): nothing to keep free yet.
      if (height > 0) root.setProperty('--pinned-notice', `${Math.ceil(window.innerHeight - top) + AIR_PX}px`);
      else root.removeProperty('--pinned-notice');
    };
    // In the next frame, not inside the observer's callback: the padding may add the page's scrollbar, which resizes
    // the full-width region being observed, and a resize caused within the callback is reported as an error.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(keepFree);
    });
    observer.observe(element);
    // The region is the card's nearest positioned box (fixed); the live region between them has no box of its own.
    if (element.offsetParent) observer.observe(element.offsetParent);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      root.removeProperty('--pinned-notice');
    };
  }, [pinned]);
  return pinned ? (
    <div ref={card} className="w-full max-w-sm">
      <Suspense fallback={null}>
        <CrisisNoticeCard pinned onDismiss={unpinCrisisNotice} />
      </Suspense>
    </div>
  ) : null;
}
