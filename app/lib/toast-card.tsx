/**
 * One toast (app/lib/toast.tsx), loaded after hydration: no first view shows one. A toast's action (Undo) is a
 * button in it, announced with its text; F6 from anywhere on the page puts the focus on it (the key React Aria's
 * toasts use to reach their region), and Escape there closes the toast and puts the focus back where it was.
 */
import { useEffect, useRef, useState } from 'react';
import { textDir } from './direction.ts';
import { focusLost } from './focus.ts';
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
  /** Where the focus was when F6 brought it here. */
  const cameFrom = useRef<HTMLElement | null>(null);
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
      event.preventDefault();
      if (!card.current?.contains(document.activeElement)) cameFrom.current = document.activeElement as HTMLElement | null;
      action.current.focus();
    };
    document.addEventListener('keydown', toAction);
    const node = card.current;
    return () => {
      document.removeEventListener('keydown', toAction);
      // The toast left with the focus in it (dismissed, timed out): the focus goes back to where F6 found it. The
      // action itself puts the focus where its outcome is (Undo: on the item shown again).
      queueMicrotask(() => {
        const back = cameFrom.current;
        if (node && !node.isConnected && focusLost() && back?.isConnected) back.focus();
      });
    };
  }, [hasAction]);

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
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
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
            disabled={acting}
            aria-keyshortcuts="F6"
            onClick={() => {
              setActing(true);
              toast.action?.run();
            }}
            className="rounded-lg px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline disabled:opacity-60 dark:text-brand-100"
          >
            {toast.action.label}
          </button>
          {/* The key that reaches the action, for those with a keyboard; the button names it to screen readers. */}
          <span
            aria-hidden="true"
            className="hidden rounded border border-stone-300 px-1 font-sans text-xs text-stone-500 pointer-fine:inline dark:border-stone-700 dark:text-stone-400"
          >
            F6
          </span>
        </span>
      ) : null}
      <button
        type="button"
        onClick={onClose}
        aria-label={intl.formatMessage({ id: 'alert.dismiss' })}
        className="rounded-full px-2 text-lg leading-none text-stone-500 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
