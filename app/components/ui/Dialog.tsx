/**
 * The one modal dialog (docs/decisions/005-native-dialog.md). A native <dialog> opened with showModal() gives
 * Escape, the inert page behind and the top layer; this adds what it lacks: Tab kept inside (see `keepTabInside`),
 * focus handed back to the opener however the dialog closes (Escape, a button, the page unmounting it), the title
 * as the accessible name, content mounted only while open so every opening starts fresh, and its own toast regions
 * (the page's are inert behind it).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { focusFromScript, focusLost, sameStop, tabStops } from '../../lib/focus.ts';
import { ToastOutlet } from '../../lib/toast.tsx';

const WIDTHS = {
  sm: 'w-[min(24rem,calc(100vw-2rem))]',
  md: 'w-[min(28rem,calc(100vw-2rem))]',
  lg: 'w-[min(36rem,calc(100vw-2rem))]',
} as const;

export function Dialog({
  open = true,
  onClose,
  title,
  size = 'md',
  closeLabel,
  closeOnBackdrop = false,
  focusAfter,
  children,
}: {
  /** Dialogs mounted only while shown leave this out; one kept mounted (the sign-in dialog) passes its state. */
  open?: boolean;
  /** Called once the dialog has closed by Escape, the × button or the backdrop; the owner hides or unmounts it. */
  onClose: () => void;
  title: ReactNode;
  size?: keyof typeof WIDTHS;
  /** The accessible name of a × button in the corner; without it the dialog's own buttons close it. */
  closeLabel?: string;
  /** Only for dialogs with nothing typed into them that a stray click could lose. */
  closeOnBackdrop?: boolean;
  /** Where the focus goes when the opener left with what the dialog did (a Report button replaced by "reported"). */
  focusAfter?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const after = useRef(focusAfter);
  after.current = focusAfter;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // A dialog that opened with the page (signed out on a members' page) has no opener: the focus was on <body>, and
    // handing it back there left the person at the document's start (decision 073). The page's content takes it.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && active.id !== 'main' ? active : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      // Closed by its owner (unmounted, or `open` turned false) rather than natively: close it here. Focus goes back
      // either way, since a <dialog> removed from the page restores nothing. When the opener is gone (signing in
      // replaces the header's sign-in button), the page's content takes it rather than the top of the document, unless
      // the focus has found a place since: the opener went with an item that left its list, and lib/keep-place.ts has
      // already put the focus on its neighbour (Preact may run this cleanup after that removal).
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      else if (focusLost()) {
        const instead = after.current?.();
        if (instead) focusFromScript(instead);
        else document.getElementById('main')?.focus({ preventScroll: true });
      }
    };
  }, [open]);

  return (
    // A click on the dialog element itself is a click on the backdrop: the content fills the box.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={keepTabInside}
      onClick={closeOnBackdrop ? (e) => e.target === e.currentTarget && e.currentTarget.close() : undefined}
      className={`m-auto max-h-[90vh] ${WIDTHS[size]} overflow-y-auto rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-950/60 dark:bg-stone-900 dark:text-stone-100`}
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5">
          <div className="flex items-start gap-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {closeLabel ? (
              <button
                type="button"
                onClick={() => ref.current?.close()}
                aria-label={closeLabel}
                className="ms-auto rounded-full px-2 text-xl leading-none text-stone-500 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
          {children}
          <ToastOutlet />
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A modal <dialog> makes the page behind inert, but Tab past its last control leaves the page for the browser's own
 * controls (Chromium: the address bar; the page sees the focus on <body>), and the next Tab lands on the scrolling
 * <dialog> itself before its first control. For someone on the keyboard the dialog's controls go round instead.
 */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const stops = tabStops(e.currentTarget);
  const [first, last] = [stops[0], stops.at(-1)];
  if (!first || !last) return;
  const active = document.activeElement;
  const leaving = e.shiftKey ? sameStop(active, first) || active === e.currentTarget : sameStop(active, last);
  if (!leaving) return;
  e.preventDefault();
  (e.shiftKey ? last : first).focus();
}
