/**
 * Alerts (SPEC.md sections 4 and 8): one toast at a time, each call clearing the previous one. Success titles
 * arrive translated; errors carry the server's message as given under an "Error" or "Warning" title.
 */
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../components/core/errors.ts';
import { whenIdle } from './idle.ts';
import { useIntl } from './intl.tsx';

type Kind = 'success' | 'error' | 'warning';

export interface Toast {
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

/**
 * A toast's card: its own chunk, as no first view shows one. It is fetched while the browser is idle after
 * hydration, so a toast rarely waits for it; its timer starts when it is shown.
 */
const loadCard = () => import('./toast-card.tsx');
const ToastCard = lazy(loadCard);

export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [toast, setToast] = useState<Toast | null>(null);
  const next = useRef(0);
  useEffect(() => whenIdle(() => loadCard().catch(() => {})), []);

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

  // One card, in the region its kind is announced in.
  const card = toast ? (
    <Suspense fallback={null}>
      <ToastCard key={toast.id} toast={toast} onClose={clear} />
    </Suspense>
  ) : null;
  return (
    <ToastContext value={api}>
      {children}
      {/* Both regions exist from the start so screen readers are listening before anything is announced. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:pe-6">
        <div role="status" aria-live="polite" className="contents">
          {toast?.kind === 'success' ? card : null}
        </div>
        <div role="alert" aria-live="assertive" className="contents">
          {toast && toast.kind !== 'success' ? card : null}
        </div>
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}
