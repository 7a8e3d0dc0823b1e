/**
 * The sign-in dialog (SPEC.md section 2, auth guard): a QR code that a signed-in phone approves, "continue as
 * guest", and username-or-email with password, in the shared Dialog.
 */
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { ApiError, type QrCode } from '../lib/api.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useActivePath } from '../lib/language.ts';
import { useSession } from '../lib/session.tsx';
import { useQrWatch, useSocketEvent } from '../lib/socket.ts';
import { ErrorAlert } from './core/ErrorAlert.tsx';
import { errorMessage } from './core/errors.ts';
import { Button } from './ui/Button.tsx';
import { Dialog } from './ui/Dialog.tsx';
import { controlClass, Field } from './ui/Field.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Where to go after signing in; SPEC.md section 4 says the root of the current language. */
  returnTo?: string;
}

const POLL_MS = 2000;
/** A code lasts 2 minutes; after this many automatic renewals the visitor asks for a new one. */
const AUTO_RENEWALS = 5;

export function SignInDialog({ open, onClose, returnTo }: Props) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="auth.dialog.title" />}
      closeLabel={intl.formatMessage({ id: 'auth.dialog.close' })}
      closeOnBackdrop
    >
      <SignInOptions returnTo={returnTo} done={onClose} />
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so each opening starts fresh and stops its polling on close. */
function SignInOptions({ returnTo, done }: { returnTo?: string; done: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { locale, signInAsGuest, signIn } = useSession();
  const toActive = useActivePath();
  const target = returnTo ?? toActive(localizedPath(locale, '/'));
  const [busy, setBusy] = useState<'guest' | 'password' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Once another way in has sent its request, its answer may set the new session's cookie while the page still
  // holds the old CSRF token (none) until the root has loaded again: a check of the code sent then would carry
  // the one without the other and be refused (419). A ref, not `busy`: the poll must see it before any render.
  const signingIn = useRef(false);
  const ids = { error: useId(), qr: useId(), password_heading: useId() };

  async function asGuest() {
    signingIn.current = true;
    setBusy('guest');
    setError(null);
    try {
      await signInAsGuest();
      done();
      await navigate(target);
    } catch (err) {
      signingIn.current = false;
      setError(errorMessage(err, intl));
      setBusy(null);
    }
  }

  async function withPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signingIn.current = true;
    setBusy('password');
    setError(null);
    try {
      await signIn(String(form.get('username') ?? '').trim(), String(form.get('password') ?? ''), target);
      done();
    } catch (err) {
      signingIn.current = false;
      setError(errorMessage(err, intl));
      setBusy(null);
    }
  }

  return (
    <>
      <QrSignIn returnTo={target} done={done} headingId={ids.qr} paused={signingIn} />

      <Divider />

      <div className="flex flex-col gap-2">
        <Button variant="primary" onClick={asGuest} busy={busy === 'guest'} disabled={busy === 'password'}>
          <FormattedMessage id={busy === 'guest' ? 'auth.signing_in' : 'auth.continue_as_guest'} />
        </Button>
        <p className="text-center text-sm text-stone-600 dark:text-stone-400">
          <FormattedMessage id="auth.guest_hint" />
        </p>
      </div>

      <Divider />

      <form onSubmit={withPassword} aria-labelledby={ids.password_heading} className="flex flex-col gap-3">
        <h3 id={ids.password_heading} className="font-medium">
          <FormattedMessage id="auth.password.heading" />
        </h3>
        <Field label={<FormattedMessage id="auth.identifier" />} errorId={error ? ids.error : undefined}>
          {(control) => (
            <input
              {...control}
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              className={controlClass}
            />
          )}
        </Field>
        <Field label={<FormattedMessage id="auth.password" />} errorId={error ? ids.error : undefined}>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={200}
              className={controlClass}
            />
          )}
        </Field>
        {error ? <ErrorAlert id={ids.error}>{error}</ErrorAlert> : null}
        <Button type="submit" busy={busy === 'password'} disabled={busy === 'guest'}>
          <FormattedMessage id={busy === 'password' ? 'auth.signing_in' : 'auth.sign_in'} />
        </Button>
      </form>
    </>
  );
}

function Divider() {
  return (
    <div className="flex items-center gap-3 text-sm text-stone-500 dark:text-stone-400" aria-hidden="true">
      <span className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
      <FormattedMessage id="auth.or" />
      <span className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
    </div>
  );
}

type QrState = { phase: 'loading' } | { phase: 'ready'; qr: QrCode } | { phase: 'error'; message: string } | { phase: 'stale' };

/**
 * Shows a code, renews it when it expires, and asks the server every 2 seconds whether it was approved.
 * A socket watching the code makes the approval land at once; without one, polling alone suffices.
 */
function QrSignIn({
  returnTo,
  done,
  headingId,
  paused,
}: {
  returnTo: string;
  done: () => void;
  headingId: string;
  /** True while the visitor signs in another way: the code is not asked about (nor renewed) meanwhile. */
  paused: RefObject<boolean>;
}) {
  const intl = useIntl();
  const { api, checkQrSignIn } = useSession();
  const [state, setState] = useState<QrState>({ phase: 'loading' });
  const [generation, setGeneration] = useState(0);
  const renewals = useRef(0);
  // The polling effect lives as long as one code; it reads the newest callbacks from here.
  // The api changes when the session does; a new code is made only on first open and on renewal.
  const latest = useRef({ api, checkQrSignIn, done, returnTo, intl });
  useEffect(() => {
    latest.current = { api, checkQrSignIn, done, returnTo, intl };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks for a new code.
  useEffect(() => {
    let cancelled = false;
    setState({ phase: 'loading' });
    latest.current.api.createQr().then(
      (qr) => {
        if (!cancelled) setState({ phase: 'ready', qr });
      },
      (err) => {
        if (!cancelled) setState({ phase: 'error', message: errorMessage(err, latest.current.intl) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [generation]);

  const token = state.phase === 'ready' ? state.qr.qrToken : null;
  // The app's socket watching the code makes the approval land at once instead of at the next poll.
  const pollNow = useRef(() => {});
  useQrWatch(token);
  useSocketEvent('qr:approved', () => pollNow.current(), token !== null);
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let inFlight = false;
    async function poll() {
      if (stopped || inFlight || paused.current) return;
      inFlight = true;
      try {
        const status = await latest.current.checkQrSignIn(token as string, latest.current.returnTo);
        // Signed in (the page has moved on and the user is loaded): close, even if the dialog re-rendered meanwhile.
        if (status === 'approved') {
          stopped = true;
          latest.current.done();
        } else if (stopped) {
          return;
        } else if (status === 'expired') {
          stopped = true;
          if (renewals.current < AUTO_RENEWALS) {
            renewals.current += 1;
            setGeneration((g) => g + 1);
          } else {
            setState({ phase: 'stale' });
          }
        }
      } catch (err) {
        // A dropped connection, or a proxy's error page, is retried on the next tick; the API's answer is shown.
        if (err instanceof ApiError && err.fromApi && !stopped) {
          stopped = true;
          setState({ phase: 'error', message: errorMessage(err, latest.current.intl) });
        }
      } finally {
        inFlight = false;
      }
    }
    const timer = setInterval(poll, POLL_MS);
    pollNow.current = () => void poll();

    return () => {
      stopped = true;
      clearInterval(timer);
      pollNow.current = () => {};
    };
  }, [token, paused]);

  function renew() {
    renewals.current = 0;
    setGeneration((g) => g + 1);
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col items-center gap-3 text-center">
      <h3 id={headingId} className="font-medium">
        <FormattedMessage id="auth.qr.heading" />
      </h3>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        <FormattedMessage id="auth.qr.instructions" />
      </p>
      <div className="flex size-48 items-center justify-center rounded-xl bg-white p-2 shadow-inner" aria-busy={state.phase === 'loading'}>
        {state.phase === 'ready' ? (
          <img
            src={state.qr.qrImage}
            alt={intl.formatMessage({ id: 'auth.qr.image_alt' })}
            width={176}
            height={176}
            data-testid="qr-image"
          />
        ) : state.phase === 'loading' ? (
          <span className="text-sm text-stone-500">
            <FormattedMessage id={generation > 0 ? 'auth.qr.refreshing' : 'common.loading'} />
          </span>
        ) : null}
      </div>
      <div aria-live="polite" className="text-sm">
        {state.phase === 'ready' ? (
          <span className="text-stone-600 dark:text-stone-400">
            <FormattedMessage id="auth.qr.waiting" />
          </span>
        ) : state.phase === 'error' || state.phase === 'stale' ? (
          <span className="flex flex-col items-center gap-1">
            {state.phase === 'error' ? (
              <span role="alert" className="text-red-700 dark:text-red-400">
                {`${intl.formatMessage({ id: 'auth.qr.failed' })} ${state.message}`}
              </span>
            ) : (
              <span className="text-stone-600 dark:text-stone-400">
                <FormattedMessage id="errors.qr_expired" />
              </span>
            )}
            <Button variant="link" onClick={renew}>
              <FormattedMessage id="auth.qr.new_code" />
            </Button>
          </span>
        ) : null}
      </div>
    </section>
  );
}
