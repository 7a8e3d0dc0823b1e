import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { ApiError } from '../lib/api.ts';
import { useSession } from '../lib/session.tsx';

export function SiteHeader() {
  const intl = useIntl();
  const { user, locale, theme, setTheme, signInAsGuest, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : intl.formatMessage({ id: 'errors.network' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <header className="border-b border-stone-200 bg-white/90 dark:border-stone-800 dark:bg-stone-900/90">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
        <Link to={localizedPath(locale, '/')} className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          <FormattedMessage id="app.name" />
        </Link>
        <nav aria-label={intl.formatMessage({ id: 'nav.main' })} className="flex gap-3 text-sm">
          <Link to={localizedPath(locale, '/')} className="hover:underline">
            <FormattedMessage id="nav.feeds" />
          </Link>
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <button
            type="button"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            className="rounded-full border border-stone-300 px-3 py-1 text-sm dark:border-stone-700"
            aria-pressed={theme === 'dark'}
          >
            <FormattedMessage id={theme === 'dark' ? 'theme.to_light' : 'theme.to_dark'} />
          </button>
          {user ? (
            <>
              <span className="flex items-center gap-2 text-sm" data-testid="current-user">
                {user.avatar ? <img src={user.avatar.url} alt="" width={28} height={28} className="rounded-full" /> : null}
                <span dir="auto">{intl.formatMessage({ id: 'auth.signed_in_as' }, { nickname: user.nickname })}</span>
              </span>
              <button type="button" disabled={busy} onClick={() => run(signOut)} className="rounded-full px-3 py-1 text-sm underline">
                <FormattedMessage id="auth.sign_out" />
              </button>
            </>
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={() => run(signInAsGuest)}
              className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              <FormattedMessage id={busy ? 'auth.signing_in' : 'auth.continue_as_guest'} />
            </button>
          )}
        </div>
        {error ? (
          <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
            <strong>
              <FormattedMessage id="alert.error" />:
            </strong>{' '}
            {error}
          </p>
        ) : null}
      </div>
    </header>
  );
}
