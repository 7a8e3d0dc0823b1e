/**
 * Alerts (SPEC.md sections 4 and 8): one toast at a time, each call clearing the previous one. Success titles
 * arrive translated; errors carry the server's message as given under an "Error" or "Warning" title.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../components/core/errors.ts';
import { useIntl } from './intl.tsx';

type Kind = 'success' | 'error' | 'warning';

interface Toast {
  id: number;
  kind: Kind;
  title: string;
  message?: string;
}

export interface ToastApi {
  success(title: string, message?: string): void;
  error(message: string, kind?: 'error' | 'warning'): void;
  /** A call that failed: the server's own words when it sent any, else the network message. */
  failed(err: unknown, kind?: 'error' | 'warning'): void;
  clear(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Long enough to read two sentences; errors stay longer because they usually ask for an action. */
const HIDE_AFTER_MS = { success: 6000, warning: 10000, error: 10000 } as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [toast, setToast] = useState<Toast | null>(null);
  const next = useRef(0);

  const clear = useCallback(() => setToast(null), []);
  const api = useMemo<ToastApi>(() => {
    const error: ToastApi['error'] = (message, kind = 'error') =>
      setToast({
        id: ++next.current,
        kind,
        title: intl.formatMessage({ id: kind === 'warning' ? 'alert.warning' : 'alert.error' }),
        message,
      });
    return {
      success: (title, message) => setToast({ id: ++next.current, kind: 'success', title, message }),
      error,
      failed: (err, kind) => error(errorMessage(err, intl), kind),
      clear,
    };
  }, [intl, clear]);

  return (
    <ToastContext value={api}>
      {children}
      {/* Both regions exist from the start so screen readers are listening before anything is announced. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:pe-6">
        <div role="status" aria-live="polite" className="contents">
          {toast?.kind === 'success' ? <ToastCard key={toast.id} toast={toast} onClose={clear} /> : null}
        </div>
        <div role="alert" aria-live="assertive" className="contents">
          {toast && toast.kind !== 'success' ? <ToastCard key={toast.id} toast={toast} onClose={clear} /> : null}
        </div>
      </div>
    </ToastContext>
  );
}

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
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
          <p className="mt-1 text-sm wrap-anywhere text-stone-700 dark:text-stone-300" dir="auto">
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

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}
