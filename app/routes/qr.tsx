/**
 * /qr/{token}: the page a signed-in phone opens from a sign-in QR code. Approving signs the device that shows
 * the code in as this user (API.md "QR sign-in"). Signed out, it offers the sign-in dialog and stays here.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { ErrorAlert } from '../components/core/ErrorAlert.tsx';
import { errorMessage } from '../components/core/errors.ts';
import { SignInDialog } from '../components/SignInDialog.tsx';
import { Button, buttonClass } from '../components/ui/Button.tsx';
import { ApiError } from '../lib/api.ts';
import { serverContext } from '../lib/context.ts';
import { focusFromScript, focusLost } from '../lib/focus.ts';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useActivePath } from '../lib/language.ts';
import { pageMeta } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/qr';

// The address holds a one-time secret: keep it out of search engines.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'qr', { noindex: true });

/** 404 unknown, 410 expired or used: nothing to approve, the other device has to show a new code. */
const isDead = (err: unknown) => err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'QR_EXPIRED');

/**
 * A code that can no longer be approved says so at once, instead of an Approve that could only fail. Signed out,
 * the page offers sign-in, and the code is checked when they come back signed in.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.get(serverContext).csrfToken) return { dead: null };
  try {
    await loaderApi(context).qrState(params.token);
    return { dead: null };
  } catch (err) {
    // Anything else (a session that ended, a fault) leaves it to Approve, which says what happened.
    return { dead: isDead(err) ? (err as ApiError).message : null };
  }
}

type Outcome =
  | { phase: 'idle' }
  | { phase: 'busy' }
  | { phase: 'approved'; message: string }
  /** 404 unknown, 410 expired or used: the other device has to show a new code. */
  | { phase: 'dead'; message: string }
  | { phase: 'error'; message: string };

export default function QrApprove({ params, loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { token } = params;
  const { pathname } = useLocation();
  const { user, locale, api } = useSession();
  const [chosen, setOutcome] = useState<Outcome>({ phase: 'idle' });
  // What the loader found counts until the person acts: also when it runs again once they signed in on this page.
  const outcome: Outcome = chosen.phase === 'idle' && loaderData.dead !== null ? { phase: 'dead', message: loaderData.dead } : chosen;
  const [signInOpen, setSignInOpen] = useState(false);
  const home = useActivePath()(localizedPath(locale, '/'));
  // The answer replaces the Approve button, which held the focus: the answer takes it, so it is read and the person
  // goes on from there instead of from the document's start (decision 073).
  const answerRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if ((outcome.phase === 'approved' || outcome.phase === 'dead') && answerRef.current && focusLost()) focusFromScript(answerRef.current);
  }, [outcome.phase]);

  async function approve() {
    setOutcome({ phase: 'busy' });
    try {
      const { message } = await api.approveQr(token);
      setOutcome({ phase: 'approved', message });
    } catch (err) {
      setOutcome({ phase: isDead(err) ? 'dead' : 'error', message: errorMessage(err, intl) });
    }
  }

  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-semibold">
        <FormattedMessage id="qr.question" />
      </h1>

      {!user ? (
        <>
          <p className="text-stone-700 dark:text-stone-300">
            <FormattedMessage id="qr.signed_out" />
          </p>
          <Button aria-haspopup="dialog" onClick={() => setSignInOpen(true)} variant="primary" size="lg">
            <FormattedMessage id="auth.sign_in" />
          </Button>
          <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} returnTo={pathname} />
        </>
      ) : outcome.phase === 'approved' ? (
        <>
          <div ref={answerRef} role="status" className="text-lg text-brand-700 dark:text-brand-100">
            {outcome.message}
          </div>
          <Link to={home} className={buttonClass('primary', 'lg')}>
            <FormattedMessage id="qr.go_home" />
          </Link>
        </>
      ) : outcome.phase === 'dead' ? (
        <>
          <div ref={answerRef} role="alert" className="text-red-700 dark:text-red-400">
            <p>{outcome.message}</p>
            <p>
              <FormattedMessage id="qr.try_new_code" />
            </p>
          </div>
          <Link to={home} className={buttonClass('secondary', 'lg')}>
            <FormattedMessage id="qr.go_home" />
          </Link>
        </>
      ) : (
        <>
          <p className="text-stone-700 dark:text-stone-300" dir="auto">
            <FormattedMessage id="qr.explain" values={{ nickname: user.nickname }} />
          </p>
          {outcome.phase === 'error' ? <ErrorAlert className="">{outcome.message}</ErrorAlert> : null}
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={approve} busy={outcome.phase === 'busy'} variant="primary" size="lg">
              <FormattedMessage id={outcome.phase === 'busy' ? 'qr.approving' : 'qr.approve'} />
            </Button>
            <Link to={home} className={buttonClass('secondary', 'lg')}>
              <FormattedMessage id="qr.cancel" />
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
