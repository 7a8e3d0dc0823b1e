/**
 * One toast (app/lib/toast.tsx), loaded after hydration: no first view shows one. A toast's action (Undo) is a
 * button in it, announced with its text; F6 from anywhere on the page puts the focus on it (the key React Aria's
 * toasts use to reach their region), and Escape there closes the toast and puts the focus back where it was. However
 * a toast holding the focus goes (×, Escape, its timer), the focus goes back where it came from, never to the page's
 * start: inside an open dialog that would leave the dialog with nothing focused.
 */
import { useEffect, useRef, useState } from 'react';
import { HideButton, KeyHint } from '../components/ui/Notice.tsx';
import { textDir } from './direction.ts';
import { focusLost, inTopLayer, tabStops } from './focus.ts';
import { useIntl } from './intl.tsx';
import type { Toast } from './toast.tsx';

/**
 * Long enough to read two sentences; errors stay longer because they usually ask for an action, and so does a toast
 * that offers one, so that a keyboard user has time to reach it. Hovering or focusing a toast holds it open.
 */
const HIDE_AFTER_MS = { success: 6000, warning: 10000, error: 10000, action: 10000 } as const;

export default function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const intl = useIntl();
  const [paused, setPaused] = useState(false);
  const [acting, setActing] = useState(false);
  const action = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLDivElement>(null);
  /** Where the focus was before it came into the toast (by F6, Tab or a click). */
  const cameFrom = useRef<HTMLElement | null>(null);
  /** Whether the focus is in the toast; a focus leaving for nowhere (the toast removed under it) leaves it set. */
  const holdsFocus = useRef(false);
  const hasAction = toast.action !== undefined;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onClose, HIDE_AFTER_MS[hasAction ? 'action' : toast.kind]);
    return () => clearTimeout(timer);
  }, [paused, toast.kind, hasAction, onClose]);

  useEffect(() => {
    if (!hasAction) return;
    const toAction = (event: KeyboardEvent) => {
      if (event.key !== 'F6' || event.altKey || event.ctrlKey || event.metaKey || !action.current) return;
      // A toast left behind a modal dialog is inert: F6 is the dialog's to use, not a jump out of it.
      if (!inTopLayer(card.current)) return;
      event.preventDefault();
      action.current.focus();
    };
    document.addEventListener('keydown', toAction);
    return () => document.removeEventListener('keydown', toAction);
  }, [hasAction]);

  useEffect(() => {
    const node = card.current;
    const dialog = node?.closest('dialog') ?? null;
    return () => {
      // The toast left with the focus in it (dismissed, timed out): the focus goes back to where it came from, else to
      // the dialog the toast was in, else to the page's content. The action itself puts the focus where its outcome
      // is (Undo: on the item shown again), which this leaves alone. Preact may run this before or after the removal.
      queueMicrotask(() => {
        if (!holdsFocus.current || !node || node.isConnected || !focusLost()) return;
        const back = cameFrom.current;
        if (back?.isConnected && !back.closest('dialog:not([open])')) back.focus();
        else if (dialog?.open) (tabStops(dialog)[0] ?? dialog).focus();
        else document.getElementById('main')?.focus({ preventScroll: true });
      });
    };
  }, []);

  const tone =
    toast.kind === 'success'
      ? 'border-brand-500 bg-white dark:bg-stone-900'
      : toast.kind === 'warning'
        ? 'border-amber-500 bg-amber-50 dark:bg-stone-900'
        : 'border-red-600 bg-red-50 dark:bg-stone-900';
  return (
    // Hovering or focusing the toast holds it open so nobody loses a message while reading it.
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing the timer is not an action; the dismiss button is the control.
    <div
      data-testid="toast"
      data-kind={toast.kind}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border-s-4 p-4 shadow-lg ${tone}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={(event) => {
        setPaused(true);
        holdsFocus.current = true;
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
      }}
      onBlur={(event) => {
        setPaused(false);
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) holdsFocus.current = false;
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      ref={card}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.message ? (
          <p className="mt-1 text-sm wrap-anywhere text-stone-700 dark:text-stone-300" dir={textDir(toast.message)}>
            {toast.message}
          </p>
        ) : null}
      </div>
      {toast.action ? (
        <span className="flex shrink-0 items-center">
          <button
            ref={action}
            type="button"
            // Not disabled once pressed, which dropped the focus (decision 073): a second press does nothing.
            aria-disabled={acting || undefined}
            aria-keyshortcuts="F6"
            onClick={() => {
              if (acting) return;
              setActing(true);
              toast.action?.run();
            }}
            className="rounded-lg px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline aria-disabled:opacity-60 dark:text-brand-100"
          >
            {toast.action.label}
          </button>
          <KeyHint>F6</KeyHint>
        </span>
      ) : null}
      <HideButton label={intl.formatMessage({ id: 'alert.dismiss' })} onClick={onClose} />
    </div>
  );
}
