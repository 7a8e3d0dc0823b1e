/**
 * The inline notice beside a send button when the text being written, or just sent, reads as crisis language
 * (useCrisisCheck). It never blocks sending and never takes the focus from the text box: it appears in a polite live
 * region, so a screen reader says it once the person pauses, and offers "Talk to someone now", which opens the panel
 * (a dialog, loaded then; Escape or its buttons bring the focus back to "Talk to someone now"). It can be hidden; it
 * comes back only after the text stopped matching and matches again. The same card is pinned above the toasts when
 * the form closed on sending (CrisisAfterSend).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { inTopLayer } from '../../lib/focus.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { buttonClass } from '../ui/Button.tsx';
import { HideButton, KeyHint } from '../ui/Notice.tsx';
import type { CrisisCheck } from './useCrisisCheck.ts';

const CrisisPanel = lazy(() => import('./CrisisPanel.tsx'));

export function CrisisNotice({ check }: { check: CrisisCheck }) {
  return (
    // The live region is always in the page, so what appears in it is announced; empty, it takes no room in the
    // form's layout (sr-only is absolutely placed, so no flex gap either).
    <div role="status" aria-live="polite" className={check.shown ? 'w-full' : 'sr-only'}>
      {check.shown ? <CrisisNoticeCard onDismiss={check.dismiss} /> : null}
    </div>
  );
}

/**
 * The notice itself, in a live region its place provides. `pinned`: away from any text box, above the toasts, so
 * F6 reaches "Talk to someone now" from anywhere on the page (as it reaches a toast's action), and hiding the notice
 * puts the focus back where F6 found it.
 */
export function CrisisNoticeCard({ onDismiss, pinned = false }: { onDismiss: () => void; pinned?: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const talk = useRef<HTMLButtonElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!pinned) return;
    const toTalk = (event: KeyboardEvent) => {
      if (event.key !== 'F6' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented || !talk.current) return;
      // Behind a modal dialog (the panel it opened among them) the notice is inert: F6 is the dialog's to use.
      if (!inTopLayer(talk.current)) return;
      event.preventDefault();
      if (document.activeElement !== talk.current) cameFrom.current = document.activeElement as HTMLElement | null;
      talk.current.focus();
    };
    document.addEventListener('keydown', toTalk);
    return () => document.removeEventListener('keydown', toTalk);
  }, [pinned]);

  function dismiss() {
    const back = cameFrom.current;
    // Beside a text box, hiding the notice puts the person back where they were writing; the hide button itself
    // goes with the notice, which would leave the focus on the page's body.
    const box = pinned ? null : talk.current?.closest('form')?.querySelector<HTMLElement>('textarea, input[type="text"]');
    onDismiss();
    if (back?.isConnected) back.focus();
    else if (box) box.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <>
      <div
        data-testid="crisis-notice"
        className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-brand-100 bg-brand-50 p-3 text-sm text-stone-800 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-100 ${pinned ? 'pointer-events-auto w-full max-w-sm shadow-lg' : ''}`}
      >
        <p className="min-w-0 flex-1 basis-48">
          <FormattedMessage id="crisis.notice" />
        </p>
        <button
          ref={talk}
          type="button"
          onClick={() => setOpen(true)}
          aria-keyshortcuts={pinned ? 'F6' : undefined}
          className={buttonClass('primary', 'sm')}
        >
          <FormattedMessage id="crisis.talk_now" />
        </button>
        {pinned ? <KeyHint>F6</KeyHint> : null}
        <HideButton label={intl.formatMessage({ id: 'crisis.notice_dismiss' })} onClick={dismiss} />
      </div>
      {open ? (
        <Suspense fallback={null}>
          <CrisisPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
