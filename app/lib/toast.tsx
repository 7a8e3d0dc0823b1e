/**
 * Alerts (SPEC.md sections 4 and 8): one toast at a time, each call clearing the previous one. Success titles
 * arrive translated; errors carry the server's message as given under an "Error" or "Warning" title. While a modal
 * dialog is open the page behind it is inert, to the pointer and to screen readers, so a toast raised while it is open
 * is shown in the dialog's own regions (ToastOutlet) and moves back to the page's when the dialog closes. A toast raised
 * before the dialog opened stays in the page's regions, behind it: it says nothing about the dialog, and inside it
 * its Undo and × would be Tab stops of a form they have nothing to do with (decision 074). A toast may offer one
 * action (Undo, decision 066), announced with its text and reached by keyboard with F6 (toast-card.tsx).
 */
import {
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { errorMessage } from '../components/core/errors.ts';
import { whenIdle } from './idle.ts';
import { useIntl } from './intl.tsx';

type Kind = 'success' | 'error' | 'warning';

/** What a toast offers to do about what it says (Undo): a button in the toast, reached from anywhere with F6. */
export interface ToastAction {
  label: string;
  run: () => unknown;
}

export interface Toast {
  id: number;
  kind: Kind;
  title: string;
  message?: string;
  action?: ToastAction;
}

export interface ToastApi {
  success(title: string, message?: string, action?: ToastAction): void;
  error(message: string, kind?: 'error' | 'warning'): void;
  /** A call that failed: the server's own words when it sent any, else the network message. */
  failed(err: unknown, kind?: 'error' | 'warning'): void;
  clear(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** A modal dialog's two live regions. */
interface Outlet {
  status: HTMLElement;
  alert: HTMLElement;
}
/** Adds an open dialog's regions; the returned function takes them away. The last added is on top. */
const OutletContext = createContext<((outlet: Outlet) => () => void) | null>(null);

/**
 * A toast's card: its own chunk, as no first view shows one. It is fetched while the browser is idle after
 * hydration, so a toast rarely waits for it; its timer starts when it is shown.
 */
const loadCard = () => import('./toast-card.tsx');
const ToastCard = lazy(loadCard);

/**
 * `pinned`: what stays above the toasts, in the page's polite region, until the person closes it (the crisis notice
 * of a text sent from a form that closed: components/crisis/CrisisAfterSend.tsx).
 */
export function ToastProvider({ children, pinned }: { children: ReactNode; pinned?: ReactNode }) {
  const intl = useIntl();
  /** The toast shown, and the dialog regions that were on top when it was raised (null: the page's). */
  const [shown, setShown] = useState<{ toast: Toast; outlet: Outlet | null } | null>(null);
  const [outlets, setOutlets] = useState<Outlet[]>([]);
  // The open dialogs' regions as of now, for a toast raised between renders (a click's handler, a socket event).
  const stack = useRef<Outlet[]>([]);
  const addOutlet = useCallback((outlet: Outlet) => {
    stack.current = [...stack.current, outlet];
    setOutlets(stack.current);
    return () => {
      stack.current = stack.current.filter((o) => o !== outlet);
      setOutlets(stack.current);
    };
  }, []);
  const next = useRef(0);
  useEffect(() => whenIdle(() => loadCard().catch(() => {})), []);

  const clear = useCallback(() => setShown(null), []);
  const api = useMemo<ToastApi>(() => {
    const show = (toast: Omit<Toast, 'id'>) => setShown({ toast: { ...toast, id: ++next.current }, outlet: stack.current.at(-1) ?? null });
    const error: ToastApi['error'] = (message, kind = 'error') =>
      show({ kind, title: intl.formatMessage({ id: kind === 'warning' ? 'alert.warning' : 'alert.error' }), message });
    return {
      success: (title, message, action) => show({ kind: 'success', title, message, action }),
      error,
      failed: (err, kind) => error(errorMessage(err, intl), kind),
      clear,
    };
  }, [intl, clear]);

  // One card, in the region its kind is announced in: the dialog's it was raised in while that is open, else the page's.
  const toast = shown?.toast;
  const card = toast ? (
    <Suspense fallback={null}>
      <ToastCard key={toast.id} toast={toast} onClose={clear} />
    </Suspense>
  ) : null;
  const outlet = shown?.outlet && outlets.includes(shown.outlet) ? shown.outlet : null;
  const success = toast?.kind === 'success';
  const inPage = outlet ? null : card;
  return (
    <ToastContext value={api}>
      <OutletContext value={addOutlet}>{children}</OutletContext>
      {/* Both regions exist from the start so screen readers are listening before anything is announced. */}
      <Regions
        status={
          <>
            {pinned}
            {success ? inPage : null}
          </>
        }
        alert={success ? null : inPage}
      />
      {outlet && card ? createPortal(card, success ? outlet.status : outlet.alert) : null}
    </ToastContext>
  );
}

function Regions({
  status,
  alert,
  refs,
}: {
  status?: ReactNode;
  alert?: ReactNode;
  refs?: { status: RefObject<HTMLDivElement | null>; alert: RefObject<HTMLDivElement | null> };
}) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:pe-6">
      <div ref={refs?.status} role="status" aria-live="polite" className="contents">
        {status}
      </div>
      <div ref={refs?.alert} role="alert" aria-live="assertive" className="contents">
        {alert}
      </div>
    </div>
  );
}

/** A modal dialog's own toast regions (ui/Dialog.tsx), there from its opening so that what they show is announced. */
export function ToastOutlet() {
  const add = useContext(OutletContext);
  const status = useRef<HTMLDivElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!add || !status.current || !alert.current) return;
    return add({ status: status.current, alert: alert.current });
  }, [add]);
  return <Regions refs={{ status, alert }} />;
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}
