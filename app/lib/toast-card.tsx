/** One toast (app/lib/toast.tsx), loaded after hydration: no first view shows one. */
import { useEffect, useState } from 'react';
import { textDir } from './direction.ts';
import { useIntl } from './intl.tsx';
import type { Toast } from './toast.tsx';

/** Long enough to read two sentences; errors stay longer because they usually ask for an action. */
const HIDE_AFTER_MS = { success: 6000, warning: 10000, error: 10000 } as const;

export default function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const intl = useIntl();
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onClose, HIDE_AFTER_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [paused, toast.kind, onClose]);

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
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.message ? (
          <p className="mt-1 text-sm wrap-anywhere text-stone-700 dark:text-stone-300" dir={textDir(toast.message)}>
            {toast.message}
          </p>
        ) : null}
      </div>
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
