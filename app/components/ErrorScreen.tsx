/**
 * What a failed route shows. A 404 is the not-found screen with exactly the SPEC.md texts and the path that
 * was asked for; any other failure says so and offers a retry.
 */

import { isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { FormattedMessage } from '../lib/intl.tsx';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';
import { Button, buttonClass } from './ui/Button.tsx';

export function ErrorScreen() {
  const error = useRouteError();
  const { locale } = useSession();
  const location = useLocation();
  const revalidator = useRevalidator();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  const path = (isRouteErrorResponse(error) && (error.data as { path?: string } | null)?.path) || location.pathname;

  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-10 text-center"
      data-testid={notFound ? 'not-found' : 'route-error'}
    >
      <h1 className="text-3xl font-semibold">
        <FormattedMessage id={notFound ? 'notfound.heading' : 'errors.page_failed'} />
      </h1>
      {notFound ? (
        <>
          <p className="text-stone-700 dark:text-stone-300">
            <FormattedMessage id="notfound.text" />
          </p>
          <p className="text-sm break-all text-stone-600 dark:text-stone-400">
            <FormattedMessage id="errors.route_not_found" values={{ path }} />
          </p>
        </>
      ) : (
        <>
          <p className="text-stone-700 dark:text-stone-300">
            <FormattedMessage id="errors.page_failed_text" />
          </p>
          <Button onClick={() => revalidator.revalidate()} variant="link">
            <FormattedMessage id="common.retry" />
          </Button>
        </>
      )}
      <AppLink to={localizedPath(locale, '/')} className={buttonClass('primary', 'lg')}>
        <FormattedMessage id="notfound.home" />
      </AppLink>
    </section>
  );
}
