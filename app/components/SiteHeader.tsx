import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { revealOnFocus, useRevealCurrent } from '../lib/reveal.ts';
import { useSession } from '../lib/session.tsx';
import { useSignIn } from '../lib/signin.tsx';
import { useUnread, useUnreadWatch } from '../lib/unread.ts';
import { AppLink, AppNavLink } from './AppLink.tsx';
import { ErrorAlert } from './core/ErrorAlert.tsx';
import { errorMessage } from './core/errors.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ModerationLink } from './moderation/ModerationLink.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { Button } from './ui/Button.tsx';
import { CountBadge } from './ui/CountBadge.tsx';

/** Loaded when first needed, like the sign-in dialog: most sign-outs never show it. */
const SignOutDialog = lazy(() => import('./SignOutDialog.tsx').then((m) => ({ default: m.SignOutDialog })));

const PUBLIC_NAV = [
  ['nav.feeds', '/'],
  ['nav.moods', '/mood'],
  ['nav.topics', '/topic'],
  ['nav.thoughts', '/thought'],
  ['nav.search', '/search'],
] as const;

const MEMBER_NAV = [
  ['nav.profile', '/profile'],
  ['nav.chat', '/chat'],
  ['nav.settings', '/settings/general'],
] as const;

/** The top of every page. `nav` is off for the nonavpage layout, which keeps only brand, language, theme and account. */
export function SiteHeader({ nav = true }: { nav?: boolean }) {
  const intl = useIntl();
  const { user, locale, theme, setTheme, signOut } = useSession();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The warning before a person without a password signs out (SignOutDialog). */
  const [guarding, setGuarding] = useState(false);
  const unread = useUnreadWatch();

  // Signing in or out swaps the buttons here, and the focus the pressed one had falls to the document (also when a
  // dialog handed it back to the header's sign-in button before the new header was shown): the page's content takes it.
  const signedIn = user !== null;
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current === signedIn) return;
    wasSignedIn.current = signedIn;
    if (!document.activeElement || document.activeElement === document.body)
      document.getElementById('main')?.focus({ preventScroll: true });
  }, [signedIn]);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err, intl));
    } finally {
      setBusy(false);
    }
  }

  const links = user ? [...PUBLIC_NAV, ...MEMBER_NAV] : PUBLIC_NAV;
  // On a phone the links scroll sideways, and the current page's (Chat, Profile; Search in Arabic) was off the screen:
  // the list is scrolled to it once the page is interactive and whenever a new page or the member's links mark
  // another link current, before the browser paints.
  const { pathname } = useLocation();
  const navRef = useRevealCurrent<HTMLElement>(`${pathname} ${links.length}`);
  // The focus ring is drawn inside the link: the scrolling navigation clips whatever reaches past its box, which
  // left a phone's keyboard user a single line of the ring on the links at either end, and none above or below.
  // Important, because the ring's own rule (app.css :focus-visible) is outside the layers and wins over utilities.
  const navLinkClass =
    'block border-b-2 border-transparent px-3 py-2 whitespace-nowrap -outline-offset-2! hover:text-brand-700 aria-[current=page]:border-brand-600 aria-[current=page]:font-semibold dark:hover:text-brand-100';
  return (
    <header className="border-b border-stone-200 bg-white/90 dark:border-stone-800 dark:bg-stone-900/90">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
        <AppLink to={localizedPath(locale, '/')} className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          <FormattedMessage id="app.name" />
        </AppLink>
        {/* On every page, in every layout (DESIGN.md: safety of people comes first): the helplines, one tap away. */}
        <AppLink
          to={localizedPath(locale, '/help-now')}
          data-testid="help-now-link"
          className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:underline dark:bg-stone-800 dark:text-brand-100"
        >
          <FormattedMessage id="crisis.help_now" />
        </AppLink>
        <div className="ms-auto flex flex-wrap items-center justify-end gap-2">
          <LanguageSwitcher />
          {/* An icon with its words for screen readers and as a tooltip: written out ("Zum dunklen Design wechseln"),
              they pushed the header onto two rows on a desktop in most languages. */}
          <Button
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            size="sm"
            aria-pressed={theme === 'dark'}
            title={intl.formatMessage({ id: theme === 'dark' ? 'theme.to_light' : 'theme.to_dark' })}
          >
            <ThemeIcon dark={theme === 'dark'} />
            <span className="sr-only">
              <FormattedMessage id={theme === 'dark' ? 'theme.to_light' : 'theme.to_dark'} />
            </span>
          </Button>
          {user ? (
            <>
              <NotificationBell />
              <span className="flex items-center gap-2 text-sm" data-testid="current-user">
                {user.avatar ? <img src={user.avatar.url} alt="" width={28} height={28} className="rounded-full" /> : null}
                <span dir="auto">{intl.formatMessage({ id: 'auth.signed_in_as' }, { nickname: user.nickname })}</span>
              </span>
              {/* Without the navigation (nonavpage), waiting messages still have a way to the chat. */}
              {!nav && unread > 0 ? (
                <AppLink to={localizedPath(locale, '/chat')} className="text-sm underline">
                  <FormattedMessage id="nav.chat" />
                  <UnreadBadge count={unread} />
                </AppLink>
              ) : null}
              {/* busy, not disabled: a failed sign-out leaves the focus on the button (decision 073). */}
              <Button
                busy={busy}
                onClick={() => (user.has_password ? run(signOut) : setGuarding(true))}
                aria-haspopup={user.has_password ? undefined : 'dialog'}
                variant="ghost"
                size="sm"
                className="underline"
              >
                <FormattedMessage id="auth.sign_out" />
              </Button>
              {guarding ? (
                <Suspense fallback={null}>
                  <SignOutDialog
                    busy={busy}
                    onClose={() => setGuarding(false)}
                    onSignOut={() => run(signOut).then(() => setGuarding(false))}
                  />
                </Suspense>
              ) : null}
            </>
          ) : (
            // The dialog offers the QR code, "continue as guest" and the password form.
            <Button aria-haspopup="dialog" onClick={signIn.open} variant="primary" size="sm">
              <FormattedMessage id="auth.sign_in" />
            </Button>
          )}
        </div>
        {error ? <ErrorAlert className="w-full text-sm">{error}</ErrorAlert> : null}
      </div>
      {nav ? (
        // The padding is the list's, not the scrolling box's: a box's end padding is not scrolled to in right-to-left
        // pages, which left the last link against the edge.
        <nav ref={navRef} aria-label={intl.formatMessage({ id: 'nav.main' })} className="mx-auto max-w-5xl scroll-px-4 overflow-x-auto">
          <ul className="flex w-max gap-1 px-4 text-sm">
            {links.map(([key, path]) => (
              <li key={path}>
                <AppNavLink to={localizedPath(locale, path)} end={path === '/'} className={navLinkClass} onFocus={revealOnFocus}>
                  <FormattedMessage id={key} />
                  {path === '/chat' ? <UnreadBadge count={unread} /> : null}
                </AppNavLink>
              </li>
            ))}
            {user?.is_moderator ? (
              <li>
                <ModerationLink className={navLinkClass} />
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

/**
 * The number of unread messages and waiting requests beside the Chat link; read out as words, each by its name ("1
 * message request", not "1 unread message" for a request of three).
 */
function UnreadBadge({ count }: { count: number }) {
  const intl = useIntl();
  const counts = useUnread();
  const words = [
    counts?.unread_total ? intl.formatMessage({ id: 'chat.unread' }, { count: counts.unread_total }) : null,
    counts?.requests_count ? intl.formatMessage({ id: 'chat.requests_count' }, { count: counts.requests_count }) : null,
  ].filter((part) => part !== null);
  // Only ever rendered in the browser (the counts come after hydration), so no server copy to agree with.
  const label = new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(words);
  return <CountBadge count={count} label={label} testId="unread-badge" />;
}

/** A sun in the dark theme (what the button turns to), a moon in the light one. */
function ThemeIcon({ dark }: { dark: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {dark ? (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      ) : (
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
      )}
    </svg>
  );
}
