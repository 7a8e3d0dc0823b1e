/**
 * The bell in the header of every layout: a link to the notifications screen whose accessible name says how many
 * are unseen ("Notifications, 3 new"), with the number drawn beside the icon. It follows the socket (lib/notifications.ts).
 */

import { localizedPath } from '../../core/locales.ts';
import { useIntl } from '../lib/intl.tsx';
import { useNotificationsWatch } from '../lib/notifications.ts';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';

export function NotificationBell() {
  const intl = useIntl();
  const { locale } = useSession();
  const count = useNotificationsWatch();
  return (
    <AppLink
      to={localizedPath(locale, '/notifications')}
      aria-label={intl.formatMessage({ id: 'notifications.bell' }, { count })}
      data-testid="notification-bell"
      data-count={count}
      className="relative inline-flex size-9 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -end-1 -top-1 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {count > 99 ? `${intl.formatNumber(99)}+` : intl.formatNumber(count)}
        </span>
      ) : null}
    </AppLink>
  );
}
